import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXCore

/// One encode → ffprobe → decode → compare scenario.
struct RoundTripCase: CustomTestStringConvertible, Sendable {
    var name: String
    var format: VideoFormat
    var width = 160
    var height = 96
    var fps: Double = 24
    var background: (r: UInt8, g: UInt8, b: UInt8)?
    var quality: Int? = nil
    var codec: String
    var pixFmt: String
    /// Decoded size: H.264/VP9 pad odd sizes by one pixel.
    var paddedWidth: Int? = nil
    var paddedHeight: Int? = nil
    var expectation: Expectation
    var tolerance: Int
    var vp9Alpha = false
    /// Lossy codecs ring / smear next to moving edges: compare only pixels this far from any edge.
    var flatRadius = 6
    var testDescription: String { name }
}

extension Expectation: @unchecked Sendable {}

let roundTripCases: [RoundTripCase] = [
    RoundTripCase(name: "gif keeps 1-bit alpha", format: .gif, fps: 25, codec: "gif", pixFmt: "bgra",
                  expectation: .binaryAlpha, tolerance: 4, flatRadius: 2),
    RoundTripCase(name: "gif 240x144, palette from a subsample", format: .gif, width: 240, height: 144, fps: 25,
                  codec: "gif", pixFmt: "bgra", expectation: .binaryAlpha, tolerance: 4, flatRadius: 2),
    RoundTripCase(name: "gif flattened on grey", format: .gif, fps: 25, background: (128, 128, 128),
                  codec: "gif", pixFmt: "bgra",
                  expectation: .flatten(VideoPixel(r: 128, g: 128, b: 128, a: 255)), tolerance: 4, flatRadius: 2),
    RoundTripCase(name: "mp4 flattened on default black", format: .mp4, codec: "h264", pixFmt: "yuv420p",
                  expectation: .flatten(VideoPixel(r: 0, g: 0, b: 0, a: 255)), tolerance: 10),
    RoundTripCase(name: "mp4 odd size padded, white background", format: .mp4, width: 159, height: 95,
                  fps: 30, background: (255, 255, 255), codec: "h264", pixFmt: "yuv420p",
                  paddedWidth: 160, paddedHeight: 96,
                  expectation: .flatten(VideoPixel(r: 255, g: 255, b: 255, a: 255)), tolerance: 10),
    // VP9 at its default CRF 30 leaves ghosts of up to ~20 levels where the square was
    // (measured: CRF 15 → 11, 24 → 17, 30 → 19); CRF 10 stays within 6.
    RoundTripCase(name: "webm keeps alpha", format: .webm, codec: "vp9", pixFmt: "yuva420p",
                  expectation: .keepAlpha, tolerance: 20, vp9Alpha: true),
    RoundTripCase(name: "webm flattened on blue, CRF 10", format: .webm, fps: 29.97, background: (0, 0, 200),
                  quality: 10, codec: "vp9", pixFmt: "yuv420p",
                  expectation: .flatten(VideoPixel(r: 0, g: 0, b: 200, a: 255)), tolerance: 10),
    RoundTripCase(name: "mov ProRes 4444 keeps alpha", format: .mov, width: 159, height: 95,
                  codec: "prores", pixFmt: "yuva444p12le", expectation: .keepAlpha, tolerance: 4, flatRadius: 2),
    RoundTripCase(name: "mov H.264 with background", format: .mov, background: (10, 200, 10),
                  codec: "h264", pixFmt: "yuv420p",
                  expectation: .flatten(VideoPixel(r: 10, g: 200, b: 10, a: 255)), tolerance: 10),
]

@Suite("Round trips through real ffmpeg")
struct RoundTripTests {
    @Test(arguments: roundTripCases)
    func roundTrip(_ c: RoundTripCase) throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let path = dir + "/out." + c.format.rawValue
            let anim = TestAnimation(width: c.width, height: c.height, frames: 20)
            var settings = VideoSettings(width: c.width, height: c.height, fps: c.fps, format: c.format)
            settings.background = c.background
            settings.quality = c.quality

            let count = try encode(anim, to: path, settings: settings)
            #expect(count == anim.frames)
            #expect(listDir(dir) == ["out." + c.format.rawValue], "only the output is left in the folder")

            let w = c.paddedWidth ?? c.width, h = c.paddedHeight ?? c.height
            let p = try probe(path)
            #expect(p.codec == c.codec)
            #expect(p.pixFmt == c.pixFmt || (c.vp9Alpha && p.pixFmt == "yuv420p"))
            if c.vp9Alpha { #expect(p.alphaModeTag == "1", "WebM must flag its alpha stream") }
            #expect(p.width == w && p.height == h)
            #expect(p.frames == anim.frames)
            #expect(abs(p.frameRate - c.fps) < 0.01 || c.format == .gif, "r_frame_rate \(p.frameRate)")
            let expectedDuration = Double(anim.frames) / c.fps
            #expect(abs(p.duration - expectedDuration) < 1.5 / c.fps, "duration \(p.duration) vs \(expectedDuration)")

            let decoded = try decodeRGBA(path, vp9Alpha: c.vp9Alpha)
            let problems = compare(decoded: decoded, decodedWidth: w, decodedHeight: h, animation: anim,
                                   expectation: c.expectation, tolerance: c.tolerance, flatRadius: c.flatRadius)
            #expect(problems.isEmpty, "\(c.name):\n\(problems.joined(separator: "\n"))")

            // Padding is the background colour (not garbage, not transparent).
            if w != c.width, case .flatten(let bg) = c.expectation {
                let frameBytes = w * h * 4
                for i in [0, anim.frames - 1] {
                    let o = i * frameBytes + (h / 2 * w + w - 1) * 4
                    let edge = VideoPixel(r: decoded[o], g: decoded[o + 1], b: decoded[o + 2], a: decoded[o + 3])
                    // Chroma of the padded column is shared with the last real column: loose check.
                    #expect(abs(Int(edge.g) - Int(bg.g)) <= 40, "padding pixel \(edge) vs \(bg)")
                }
            }
        }
    }

    /// The comparison is only worth something if it can fail: corrupt the expectation in
    /// several ways and check that each corruption is reported.
    @Test func comparisonDetectsCorruption() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let anim = TestAnimation(width: 160, height: 96, frames: 20)
            let mp4 = dir + "/x.mp4", gif = dir + "/x.gif"
            try encode(anim, to: mp4, settings: VideoSettings(width: 160, height: 96, fps: 24, format: .mp4))
            try encode(anim, to: gif, settings: VideoSettings(width: 160, height: 96, fps: 25, format: .gif))
            let mp4Frames = try decodeRGBA(mp4), gifFrames = try decodeRGBA(gif)
            let black = Expectation.flatten(VideoPixel(r: 0, g: 0, b: 0, a: 255))

            // Sanity: the honest comparisons pass.
            #expect(compare(decoded: mp4Frames, decodedWidth: 160, decodedHeight: 96, animation: anim,
                            expectation: black, tolerance: 10, flatRadius: 6).isEmpty)
            #expect(compare(decoded: gifFrames, decodedWidth: 160, decodedHeight: 96, animation: anim,
                            expectation: .binaryAlpha, tolerance: 4).isEmpty)

            // Red and blue swapped.
            #expect(!compare(decoded: mp4Frames, decodedWidth: 160, decodedHeight: 96, animation: anim,
                             expectation: black, tolerance: 10, flatRadius: 6,
                             mutate: { VideoPixel(r: $1.b, g: $1.g, b: $1.r, a: $1.a) }).isEmpty)
            // One channel off by more than the tolerance.
            #expect(!compare(decoded: gifFrames, decodedWidth: 160, decodedHeight: 96, animation: anim,
                             expectation: .binaryAlpha, tolerance: 4,
                             mutate: { VideoPixel(r: $1.r, g: $1.g &+ 12, b: $1.b, a: $1.a) }).isEmpty)
            // Alpha expected to be kept where MP4 flattened it.
            #expect(!compare(decoded: mp4Frames, decodedWidth: 160, decodedHeight: 96, animation: anim,
                             expectation: .keepAlpha, tolerance: 10).isEmpty)
            // Transparency expected where the GIF is opaque, and vice versa.
            #expect(!compare(decoded: gifFrames, decodedWidth: 160, decodedHeight: 96, animation: anim,
                             expectation: black, tolerance: 4).isEmpty)
            // Frames out of order (the left half changes colour every frame).
            let shifted = TestAnimation(width: 160, height: 96, frames: 20)
            #expect(!compare(decoded: Array(mp4Frames[(160 * 96 * 4)...]) + mp4Frames[..<(160 * 96 * 4)],
                             decodedWidth: 160, decodedHeight: 96, animation: shifted,
                             expectation: black, tolerance: 10, flatRadius: 6).isEmpty)
            // A missing frame.
            #expect(!compare(decoded: Array(mp4Frames.dropLast(160 * 96 * 4)), decodedWidth: 160, decodedHeight: 96,
                             animation: anim, expectation: black, tolerance: 10, flatRadius: 6).isEmpty)
            // Wrong size.
            #expect(!compare(decoded: mp4Frames, decodedWidth: 96, decodedHeight: 160, animation: anim,
                             expectation: black, tolerance: 10, flatRadius: 6).isEmpty)
        }
    }

    @Test func gifPlayOnceHasNoLoopForever() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let anim = TestAnimation(width: 32, height: 16, frames: 3)
            var settings = VideoSettings(width: 32, height: 16, fps: 10, format: .gif)
            try encode(anim, to: dir + "/loop.gif", settings: settings)
            settings.loop = false
            try encode(anim, to: dir + "/once.gif", settings: settings)
            // NETSCAPE2.0 application extension = looping; absent = play once.
            let netscape = Array("NETSCAPE2.0".utf8)
            func hasLoopBlock(_ p: String) -> Bool {
                let bytes = [UInt8](FileManager.default.contents(atPath: p) ?? Data())
                return bytes.count >= netscape.count
                    && (0...(bytes.count - netscape.count)).contains { Array(bytes[$0..<($0 + netscape.count)]) == netscape }
            }
            #expect(hasLoopBlock(dir + "/loop.gif"))
            #expect(!hasLoopBlock(dir + "/once.gif"))
        }
    }
}
