/// The container/codec family of an output video, chosen from the file extension.
///
/// | Format | Codec                                             | Alpha                          |
/// |--------|---------------------------------------------------|--------------------------------|
/// | `gif`  | GIF with a generated palette (`palettegen`)       | 1-bit (alpha < 128 is clear)   |
/// | `mp4`  | H.264 (`libx264`, yuv420p)                        | never: flattened onto a colour |
/// | `webm` | VP9 (`libvpx-vp9`, yuva420p / yuv420p)            | kept unless a background is set|
/// | `mov`  | ProRes 4444 (`prores_ks`, yuva444p10le), or H.264 | kept unless a background is set|
public enum VideoFormat: String, CaseIterable, Sendable {
    /// Animated GIF.
    case gif
    /// MPEG-4 with H.264 video.
    case mp4
    /// WebM with VP9 video.
    case webm
    /// QuickTime: ProRes 4444 with alpha, or H.264 when a background colour is given.
    case mov

    /// The format named by `path`'s extension (case-insensitive), e.g. `out.GIF` → `.gif`.
    /// Returns `nil` when the extension is missing or not one of the supported formats.
    public init?(path: String) {
        // Only look at the last path component so that "dir.mp4/file" has no extension.
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        self.init(rawValue: ext)
    }

    /// The muxer name passed to ffmpeg's `-f`.
    var muxer: String {
        switch self {
        case .gif: return "gif"
        case .mp4: return "mp4"
        case .webm: return "webm"
        case .mov: return "mov"
        }
    }
}

/// How a video is encoded. Only `width`, `height`, `fps` and `format` are required;
/// everything else has a sensible default.
public struct VideoSettings: Sendable {
    /// Width in pixels of the frames passed to ``VideoEncoder/append(straightRGBA:)``.
    public var width: Int
    /// Height in pixels of the frames passed to ``VideoEncoder/append(straightRGBA:)``.
    public var height: Int
    /// Frames per second (> 0). GIF stores delays in 1/100 s, so GIF rates are rounded
    /// by the GIF muxer (e.g. 30 fps is stored as 3 or 4 centiseconds per frame).
    public var fps: Double
    /// Output container and codec.
    public var format: VideoFormat
    /// Quality knob; `nil` picks the per-format default.
    ///
    /// - `mp4`, and `mov` with a background (H.264): x264 `-crf`, 0...51, lower is better, default 18.
    /// - `webm` (VP9): `-crf` with `-b:v 0`, 0...63, lower is better, default 30.
    /// - `mov` without background (ProRes 4444): `-q:v`, 1...64, lower is better;
    ///   default: prores_ks' own rate control (profile 4444's target bit rate).
    /// - `gif`: number of palette colours, 4...256, default 256 (ffmpeg's `palettegen` cannot
    ///   make fewer than 4; one entry is reserved for transparency when alpha is kept).
    public var quality: Int?
    /// Colour that transparency is flattened onto (straight alpha "over" this colour).
    ///
    /// `mp4` always needs one and defaults to black. `gif`, `webm` and `mov` keep the
    /// alpha channel when this is `nil`; setting it makes them opaque (and makes `mov`
    /// use H.264 instead of ProRes 4444).
    public var background: (r: UInt8, g: UInt8, b: UInt8)?
    /// GIF only: loop forever (`true`) or play once (`false`).
    public var loop: Bool = true

    /// Settings with default quality, no background and looping GIFs.
    public init(width: Int, height: Int, fps: Double, format: VideoFormat) {
        self.width = width
        self.height = height
        self.fps = fps
        self.format = format
    }
}

/// Everything that can go wrong while encoding a video.
public enum VideoError: Error, CustomStringConvertible {
    /// No ffmpeg executable was found on `PATH` (or at `SHADERFX_FFMPEG`).
    case ffmpegMissing
    /// ffmpeg was found but could not be started (`errno` from `posix_spawn`).
    case spawnFailed(path: String, errno: Int32)
    /// ffmpeg exited unsuccessfully. `status` is the exit code, or 128 + signal number when it
    /// was killed by a signal; `stderr` holds the last lines it printed.
    case encoderFailed(status: Int32, stderr: [String])
    /// A file or pipe operation failed: creating the temporary file, writing to ffmpeg,
    /// or renaming the finished video into place.
    case writeFailed(path: String, reason: String)
    /// The settings or a frame are invalid, or the encoder was used after `finish`/`cancel`.
    case badSettings(String)

    /// A human-readable message, including how to fix the problem where there is a fix.
    public var description: String {
        switch self {
        case .ffmpegMissing:
            return "ffmpeg was not found on PATH (or at $SHADERFX_FFMPEG). Video output needs it: "
                + "install Debian's/Ubuntu's `ffmpeg` package (apt-get install ffmpeg)."
        case .spawnFailed(let path, let code):
            return "could not start ffmpeg at \(path): \(String(cString: strerror(code)))"
        case .encoderFailed(let status, let lines):
            let tail = lines.isEmpty ? " (it printed nothing)" : ":\n" + lines.joined(separator: "\n")
            return "ffmpeg failed with status \(status)\(tail)"
        case .writeFailed(let path, let reason):
            return "could not write \(path): \(reason)"
        case .badSettings(let message):
            return "bad video settings: \(message)"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
