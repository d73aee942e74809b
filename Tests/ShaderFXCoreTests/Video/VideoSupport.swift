import Foundation
import ShaderFXTestSupport
import Testing
@testable import ShaderFXCore

/// One RGBA pixel.
struct VideoPixel: Equatable, CustomStringConvertible {
    var r, g, b, a: UInt8
    var description: String { "(\(r),\(g),\(b),\(a))" }
}

/// Synthetic animation whose every pixel is known:
/// - left half: opaque, colour changes every frame (frame order / count are visible);
/// - right top: fully transparent (RGB garbage magenta) with an opaque square (height/4) moving 2 px/frame;
/// - right bottom: alpha 64 blue on the left, alpha 192 red on the right.
struct TestAnimation {
    var width: Int
    var height: Int
    var frames: Int

    func pixel(_ i: Int, _ x: Int, _ y: Int) -> VideoPixel {
        let half = width / 2
        if x < half {
            return VideoPixel(r: UInt8(20 + (i * 9) % 200), g: UInt8(220 - (i * 7) % 180),
                        b: UInt8(60 + (i * 5) % 150), a: 255)
        }
        if y < height / 2 {
            let side = height / 4, sx = half + 4 + 2 * i, sy = height / 10
            if x >= sx && x < sx + side && y >= sy && y < sy + side {
                return VideoPixel(r: 240, g: 200, b: 40, a: 255)
            }
            return VideoPixel(r: 255, g: 0, b: 255, a: 0)
        }
        if x < half + (width - half) / 2 { return VideoPixel(r: 30, g: 60, b: 230, a: 64) }
        return VideoPixel(r: 200, g: 40, b: 40, a: 192)
    }

    func frame(_ i: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(i, x, y), o = (y * width + x) * 4
                bytes[o] = p.r; bytes[o + 1] = p.g; bytes[o + 2] = p.b; bytes[o + 3] = p.a
            }
        }
        return bytes
    }

    /// True when every pixel within `radius` of (x, y) is inside the frame and has the same
    /// input value: a flat area, where lossy codecs must get the colour right.
    func isFlat(_ i: Int, _ x: Int, _ y: Int, radius: Int) -> Bool {
        guard x - radius >= 0, y - radius >= 0, x + radius < width, y + radius < height else { return false }
        let p = pixel(i, x, y)
        for dy in -radius...radius {
            for dx in -radius...radius where pixel(i, x + dx, y + dy) != p { return false }
        }
        return true
    }
}

/// What an encoded pixel should decode to.
enum Expectation {
    /// Alpha kept (WebM, ProRes): VideoPixel as input; RGB compared only where alpha > 0.
    case keepAlpha
    /// GIF: alpha thresholded at 128 to fully clear / fully opaque.
    case binaryAlpha
    /// Flattened onto a background: opaque `rgb * a + bg * (1 - a)`.
    case flatten(VideoPixel)

    func expected(_ p: VideoPixel) -> VideoPixel {
        switch self {
        case .keepAlpha: return p
        case .binaryAlpha: return p.a >= 128 ? VideoPixel(r: p.r, g: p.g, b: p.b, a: 255) : VideoPixel(r: 0, g: 0, b: 0, a: 0)
        case .flatten(let bg):
            func mix(_ c: UInt8, _ b: UInt8) -> UInt8 {
                UInt8((UInt32(c) * UInt32(p.a) + UInt32(b) * UInt32(255 - p.a) + 127) / 255)
            }
            return VideoPixel(r: mix(p.r, bg.r), g: mix(p.g, bg.g), b: mix(p.b, bg.b), a: 255)
        }
    }
}

/// Compares decoded frames (possibly padded to `decodedWidth`x`decodedHeight`) with the
/// animation on flat areas. Returns human-readable problems, empty when everything matches.
/// `mutate` lets tests corrupt the expectation to prove that the comparison can fail.
func compare(decoded: [UInt8], decodedWidth: Int, decodedHeight: Int,
             animation anim: TestAnimation, expectation: Expectation, tolerance: Int,
             flatRadius: Int = 3, mutate: (Int, VideoPixel) -> VideoPixel = { $1 }) -> [String] {
    var problems: [String] = []
    let frameBytes = decodedWidth * decodedHeight * 4
    guard frameBytes > 0, decoded.count % frameBytes == 0 else {
        return ["decoded \(decoded.count) bytes, not a whole number of \(decodedWidth)x\(decodedHeight) frames"]
    }
    let count = decoded.count / frameBytes
    if count != anim.frames { problems.append("decoded \(count) frames, expected \(anim.frames)") }
    var checked = 0
    for i in 0..<min(count, anim.frames) {
        for y in 0..<anim.height {
            for x in 0..<anim.width where anim.isFlat(i, x, y, radius: flatRadius) {
                let want = mutate(i, expectation.expected(anim.pixel(i, x, y)))
                let o = i * frameBytes + (y * decodedWidth + x) * 4
                let got = VideoPixel(r: decoded[o], g: decoded[o + 1], b: decoded[o + 2], a: decoded[o + 3])
                var bad = abs(Int(got.a) - Int(want.a)) > tolerance
                if want.a > 0 {
                    bad = bad || abs(Int(got.r) - Int(want.r)) > tolerance
                        || abs(Int(got.g) - Int(want.g)) > tolerance
                        || abs(Int(got.b) - Int(want.b)) > tolerance
                }
                checked += 1
                if bad {
                    if problems.count < 8 {
                        problems.append("frame \(i) pixel (\(x),\(y)): got \(got), expected \(want) ±\(tolerance)")
                    } else if problems.count == 8 {
                        problems.append("…")
                    }
                }
            }
        }
    }
    if checked == 0 { problems.append("no flat pixels were compared") }
    return problems
}

let ffmpegExecutable = VideoEncoder.ffmpegPath(environment: ProcessInfo.processInfo.environment)
let ffprobeExecutable: String? = ffmpegExecutable.map {
    (($0 as NSString).deletingLastPathComponent as NSString).appendingPathComponent("ffprobe")
}.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }

/// Whether tests that need the real ffmpeg can run; prints why not when they cannot.
let haveFFmpeg: Bool = {
    if ffmpegExecutable == nil || ffprobeExecutable == nil {
        print("VideoOutTests: ffmpeg/ffprobe not found on PATH; skipping tests that encode "
              + "(install Debian's `ffmpeg` package: apt-get install ffmpeg)")
        return false
    }
    return true
}()

/// ffprobe's view of the first video stream.
struct Probe {
    var codec: String
    var width: Int
    var height: Int
    var pixFmt: String
    var frames: Int
    var frameRate: Double
    var duration: Double
    var alphaModeTag: String?
}

func probe(_ path: String) throws -> Probe {
    let out = try runProcess(ffprobeExecutable!, [
        "-v", "error", "-count_frames", "-select_streams", "v:0",
        "-show_entries", "stream=codec_name,width,height,pix_fmt,nb_read_frames,r_frame_rate:stream_tags=alpha_mode:format=duration",
        "-of", "json", path])
    guard out.status == 0,
          let json = try JSONSerialization.jsonObject(with: out.stdoutBytes) as? [String: Any],
          let stream = (json["streams"] as? [[String: Any]])?.first,
          let format = json["format"] as? [String: Any] else {
        throw ProbeError(message: "ffprobe failed (\(out.status)): \(out.stderr)")
    }
    func rational(_ s: String?) -> Double {
        let parts = (s ?? "0/1").split(separator: "/").compactMap { Double($0) }
        return parts.count == 2 && parts[1] != 0 ? parts[0] / parts[1] : (parts.first ?? 0)
    }
    return Probe(codec: stream["codec_name"] as? String ?? "?",
                 width: stream["width"] as? Int ?? 0,
                 height: stream["height"] as? Int ?? 0,
                 pixFmt: stream["pix_fmt"] as? String ?? "?",
                 frames: Int(stream["nb_read_frames"] as? String ?? "") ?? -1,
                 frameRate: rational(stream["r_frame_rate"] as? String),
                 duration: Double(format["duration"] as? String ?? "") ?? -1,
                 alphaModeTag: (stream["tags"] as? [String: Any])?["alpha_mode"] as? String)
}

struct ProbeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Decodes every frame of `path` to straight RGBA with ffmpeg (libvpx for VP9, whose
/// alpha stream ffmpeg's native decoder ignores).
func decodeRGBA(_ path: String, vp9Alpha: Bool = false) throws -> [UInt8] {
    var args = ["-hide_banner", "-v", "error", "-nostdin"]
    if vp9Alpha { args += ["-c:v", "libvpx-vp9"] }
    args += ["-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    let out = try runProcess(ffmpegExecutable!, args)
    guard out.status == 0 else { throw ProbeError(message: "decode failed: \(out.stderr)") }
    return [UInt8](out.stdoutBytes)
}


func listDir(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
}

/// Encodes `anim` to `path` and returns the encoder's frame count.
@discardableResult
func encode(_ anim: TestAnimation, to path: String, settings: VideoSettings) throws -> Int {
    let encoder = try VideoEncoder(output: path, settings: settings)
    for i in 0..<anim.frames {
        let frame = anim.frame(i)
        try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) }
    }
    try encoder.finish()
    return encoder.frameCount
}

/// Resident set size of this process in bytes, from /proc/self/statm.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// Writes an executable shell script standing in for ffmpeg. Written with O_CLOEXEC so
/// processes spawned concurrently by other tests do not inherit the write descriptor.
func makeFakeFFmpeg(_ path: String, _ body: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    precondition(fd >= 0)
    let text = "#!/bin/sh\n" + body
    _ = text.withCString { write(fd, $0, strlen($0)) }
    close(fd)
}

/// Starts an encoder with a fake ffmpeg. Retries on ETXTBSY: a concurrent fork elsewhere in
/// the test process may still hold the script's write descriptor for a moment before exec.
func encoderWithFake(_ fake: String, output: String, settings: VideoSettings) throws -> VideoEncoder {
    var attempts = 0
    while true {
        do {
            return try VideoEncoder(output: output, settings: settings, environment: ["SHADERFX_FFMPEG": fake])
        } catch {
            attempts += 1
            guard case .spawnFailed(_, let code) = error, code == ETXTBSY, attempts < 50 else { throw error }
            usleep(20_000)
        }
    }
}
