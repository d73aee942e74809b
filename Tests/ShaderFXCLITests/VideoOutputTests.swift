import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX

/// `animate -o FILE.gif|.mp4|.webm`: the videos ffmpeg makes, decoded by ffmpeg again and
/// compared frame by frame with the PNG frames of the same run.
@Suite(.serialized) struct VideoOutputTests {
    static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs ffmpeg (or ffprobe beside it) and returns its standard output.
    private func tool(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ffmpeg!).deletingLastPathComponent().appendingPathComponent(name)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name) \(arguments)")
        return data
    }

    /// Every frame of `video` as straight RGBA, `width` × `height` each.
    private func decode(_ video: String, width: Int, height: Int) throws -> [[UInt8]] {
        let raw = [UInt8](try tool("ffmpeg", ["-v", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
        let size = width * height * 4
        return stride(from: 0, to: raw.count - size + 1, by: size).map { Array(raw[$0..<($0 + size)]) }
    }

    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is missing: make test installs Debian's ffmpeg package"),
          arguments: [("mp4", 6.0), ("gif", 8.0), ("webm", 12.0)])
    func aVideoHoldsTheFramesOfTheRun(format: String, meanLevels: Double) throws {
        try withTemporaryFolder { (dir) throws in
            let video = dir.appendingPathComponent("ripple.\(format)").path
            let common = ["animate", "ripple", "--size", "64x48", "--fps", "10", "--duration", "0.6", "--background", "black", "-q", "-o"]
            #expect(try CLIRun(common + [video]).status == 0)
            #expect(try CLIRun(common + [dir.appendingPathComponent("frames").path]).status == 0)
            let probe = String(decoding: try tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames,width,height",
                                                              "-of", "csv=p=0", video]), as: UTF8.self)
            #expect(probe.trimmingCharacters(in: .whitespacesAndNewlines) == "64,48,6", "\(probe)")
            let frames = try decode(video, width: 64, height: 48)
            #expect(frames.count == 6)
            for (k, decoded) in frames.enumerated() {
                // The pool floor's transparent corners are flattened onto black, as --background asks.
                let png = try PNG.read(path: dir.appendingPathComponent(String(format: "frames/frame_%05d.png", k)).path)
                var total = 0.0
                for i in 0..<(64 * 48) {
                    for c in 0..<3 { total += abs(Double(decoded[i * 4 + c]) - Double(png.pixels[i * 4 + c]) * 255) }
                }
                let mean = total / Double(64 * 48 * 3)
                #expect(mean < meanLevels, "\(format) frame \(k): mean difference \(mean) levels")
            }
        }
    }

    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is missing: make test installs Debian's ffmpeg package"))
    func aGIFKeepsTransparency() throws {
        try withTemporaryFolder { (dir) throws in
            let gif = dir.appendingPathComponent("stripes.gif").path
            #expect(try CLIRun(["render", "stripes", "--size", "40x40", "-q", "-o", gif]).status == 0)
            let frame = try #require(try decode(gif, width: 40, height: 40).first)
            #expect(frame[3] == 0, "the corner outside the disc stays transparent")
            #expect(frame[(20 * 40 + 20) * 4 + 3] == 255, "the disc is opaque")
        }
    }

    /// `--format png -o -`: whole PNG files one after another, encoded on every core but written
    /// in frame order. ffmpeg's own PNG decoder reads the stream back to exactly the raw frames
    /// of the same run (30 frames, so several are encoded at once and finish out of order).
    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is missing: make test installs Debian's ffmpeg package"))
    func aPNGStreamHoldsTheFramesInOrder() throws {
        let common = ["animate", "ripple", "--size", "64x48", "--fps", "30", "--duration", "1", "-q", "-o", "-"]
        let raw = try CLIRun(common)
        let stream = try CLIRun(common + ["--format", "png"])
        #expect(raw.status == 0 && stream.status == 0, "\(raw.stderr)\(stream.stderr)")
        #expect(raw.stdoutBytes.count == 30 * 64 * 48 * 4)
        try withTemporaryFolder { (dir) throws in
            let file = dir.appendingPathComponent("frames.pngs")
            try stream.stdoutBytes.write(to: file)
            let decoded = try tool("ffmpeg", ["-v", "error", "-f", "image2pipe", "-c:v", "png", "-i", file.path,
                                              "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
            #expect(decoded.count == raw.stdoutBytes.count)
            #expect(decoded == raw.stdoutBytes, "the PNG stream's frames differ from the raw frames (order or pixels)")
        }
    }
}
