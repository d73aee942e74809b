import Foundation
import ShaderFXGolden

#if canImport(Glibc)
import Glibc
#endif

/// What `-o` asks for, decided by its form alone, the same for every command that draws:
/// `DIR/`, an existing folder or a name without extension: numbered PNG frames; `.png`: a PNG
/// (an animated PNG for several frames); `.gif`, `.mp4`, `.webm`, `.mov`: a video through
/// ffmpeg; `-`: standard output. Anything else is a usage error that lists these.
enum OutputTarget: Equatable, OptionValue {
    static var valueName: String { "PATH" }
    static func read(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> OutputTarget? {
        try parsed.string(name).map { (text) throws(UsageError) in try OutputTarget(text) }
    }
    var optionText: String { self.name }

    case folder(String)
    case png(String)
    case video(String, VideoFormat)
    case standardOutput

    /// The path as given (`-` for standard output).
    var name: String {
        switch self {
        case let .folder(path), let .png(path), let .video(path, _): path
        case .standardOutput: "-"
        }
    }

    /// The forms, for help and errors.
    static let forms = "DIR/ (numbered PNG frames), FILE.png (a PNG; an animated PNG for several frames), "
        + "FILE.gif, FILE.mp4, FILE.webm or FILE.mov (a video, through ffmpeg), or - (standard output)"

    /// Reads `-o`'s value.
    init(_ path: String) throws(UsageError) {
        if path == "-" { self = .standardOutput; return }
        var isFolder: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
            self = .folder(path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
            return
        }
        // A device, a FIFO, or a name of an open descriptor (/dev/stdout, a link to one), as
        // OutputFile decides: the bytes a PNG would hold are written straight through.
        if case .through? = try? OutputFile.destination(of: path) {
            self = .png(path)
            return
        }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            self = .folder(path)
            return
        }
        let ext = name[name.index(after: dot)...].lowercased()
        if ext == "png" {
            self = .png(path)
        } else if let format = VideoFormat(path: path) {
            self = .video(path, format)
        } else {
            throw .invalidValue(option: "--output", value: path, expected: "one of " + Self.forms)
        }
    }
}

/// What standard output carries.
enum StandardOutputFormat: String, CaseIterable, ChoiceOptionValue {
    /// Straight 8-bit RGBA, frame after frame (for ffmpeg `-f rawvideo -pix_fmt rgba`).
    case rgba
    /// Whole PNG files one after the other (for ffmpeg `-f image2pipe`).
    case png
}

/// Options for video and standard output.
struct VideoFlags: ParsableArguments {
    @Option(valueName: "rgba|png",
            help: "what -o - writes: rgba (raw straight RGBA frames; the default for sequences) or png (PNG files one after another; the default for one picture)",
            section: "VIDEO AND STANDARD OUTPUT")
    var format: StandardOutputFormat?
    @Option(valueName: "N",
            help: "video quality: the CRF for .mp4, .webm and .mov (lower is better; defaults 18, 30, and ProRes q 4...) or the number of colours of a .gif (4...256, default 256)",
            in: 0...256, section: "VIDEO AND STANDARD OUTPUT")
    var quality: Int?
    @Option(valueName: "COLOR",
            help: "flatten transparency onto this colour in a video (.mp4 always flattens, onto black unless given; .gif, .webm and .mov keep alpha without it)",
            section: "VIDEO AND STANDARD OUTPUT",
            read: { parsed, name throws(UsageError) in try parsed.color(name) })
    var background: RGBA?

    /// The settings of a video of this size and rate.
    func settings(width: Int, height: Int, fps: Double, format: VideoFormat) -> VideoSettings {
        var settings = VideoSettings(width: width, height: height, fps: fps, format: format)
        settings.quality = quality
        if let background {
            let level = { (x: Float) in UInt8((min(max(x, 0), 1) * 255).rounded()) }
            settings.background = (level(background.r), level(background.g), level(background.b))
        }
        return settings
    }
}

/// Where the frames of a sequence go, one at a time in order, as `-o` decided: a folder of
/// PNG files (with the manifest written last), an animated PNG, a video, or standard output.
final class SequenceSink {
    private enum Kind {
        case frames(FrameWriter, folder: String, stale: [String])
        case animation(FrameWriter)
        case video(VideoEncoder)
        case raw(RawFrameWriter)
        case pngStream(FrameWriter)
    }

    private let kind: Kind
    private let target: OutputTarget
    private let manifest: FrameFolder.Manifest
    private var bytesOut = 0
    /// Whether status lines must stay off standard output (it carries the frames).
    var usesStandardOutput: Bool { target == .standardOutput }

    /// Opens the destination for frames `range` of a run of `total`, each `width` × `height`.
    init(target: OutputTarget, range: ClosedRange<Int>, total: Int, width: Int, height: Int, fps: Double,
         effect: String, renderer: String, compression: PNGEncoder.Compression, video: VideoFlags) throws {
        self.target = target
        manifest = FrameFolder.Manifest(first: range.lowerBound, last: range.upperBound, total: total, fps: fps,
                                        width: width, height: height, effect: effect, renderer: renderer)
        if range.count != total {
            switch target {
            case .folder, .standardOutput: break
            default:
                throw UsageError.invalidValue(option: "--frames", value: "\(range.lowerBound)..\(range.upperBound)",
                                              expected: "a folder --output or - for a sub-range (an animated PNG or a video holds the whole run)")
            }
        }
        switch target {
        case let .folder(folder):
            let stale = try FrameFolder.prepare(folder, range: range, total: total)
            kind = .frames(FrameWriter(.folder(folder), firstIndex: range.lowerBound, compression: compression), folder: folder, stale: stale)
        case let .png(path):
            guard fps == fps.rounded(), (1...65535).contains(fps) else {
                throw UsageError.invalidValue(option: "--fps", value: fps.optionText,
                                              expected: "a whole number of frames per second for an animated PNG")
            }
            let writer = try APNGWriter(path: path, width: width, height: height, frameCount: range.count)
            kind = .animation(FrameWriter(.animation(writer, fps: Int(fps)), firstIndex: range.lowerBound, compression: compression))
        case let .video(path, format):
            kind = .video(try VideoEncoder(output: path, settings: video.settings(width: width, height: height, fps: fps, format: format)))
        case .standardOutput:
            kind = (video.format ?? .rgba) == .rgba
                ? .raw(RawFrameWriter(fd: STDOUT_FILENO, frameBytes: width * height * 4, firstIndex: range.lowerBound))
                : .pngStream(FrameWriter(.stream(STDOUT_FILENO, name: "standard output"), firstIndex: range.lowerBound,
                                         compression: compression))
        }
    }

    /// Takes frame `index` (frames come in order).
    func write(_ frame: StraightFrame, index: Int) throws {
        switch kind {
        case let .frames(writer, _, _), let .animation(writer):
            try writer.submit(frame, index: index)
        case let .video(encoder):
            try frame.bytes.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws -> Void in try encoder.append(straightRGBA: bytes) }
            bytesOut += frame.bytes.count
            frame.release()
        case let .raw(writer):
            try writer.submit(frame, index: index)
        case let .pngStream(writer):
            try writer.submit(frame, index: index)
        }
    }

    /// Finishes the output (the folder's manifest last); returns a phrase on what was written
    /// and the encoding time spent on other threads.
    func finish() throws -> (summary: String, encodingSeconds: Double) {
        // The frames' buffers are kept only while frames flow.
        defer { FrameBufferPool.shared.drain(); FrameBufferPool.scratch.drain() }
        switch kind {
        case let .frames(writer, folder, stale):
            let (bytes, seconds) = try writer.finish()
            try FrameFolder.writeManifest(manifest, folder: folder)
            return ("\(bytes) bytes of PNG" + FrameFolder.staleNote(stale), seconds)
        case let .animation(writer):
            let (bytes, seconds) = try writer.finish()
            return ("an animated PNG of \(bytes) bytes of image data", seconds)
        case let .video(encoder):
            let start = ContinuousClock.now
            try encoder.finish()
            return ("a video through ffmpeg (\(bytesOut) bytes of frames in)", (ContinuousClock.now - start).seconds)
        case let .raw(writer):
            let start = ContinuousClock.now
            let bytes = try writer.finish()
            return ("\(bytes) bytes of raw RGBA to standard output", (ContinuousClock.now - start).seconds)
        case let .pngStream(writer):
            let (bytes, seconds) = try writer.finish()
            return ("\(bytes) bytes of PNG to standard output", seconds)
        }
    }

    /// Abandons the output: an unfinished video or animation leaves nothing behind.
    func cancel() {
        FrameBufferPool.shared.drain()
        if case let .video(encoder) = kind { encoder.cancel() }
    }
}

/// Writes one picture where `-o` says: a PNG, a one-frame video, a folder holding
/// `frame_00000.png` (and its manifest), or standard output (PNG unless `--format rgba`).
enum SinglePicture {
    static func write(_ image: RGBAImage, to target: OutputTarget, effect: String, renderer: String,
                      compression: PNGEncoder.Compression, video: VideoFlags) throws {
        switch target {
        case let .png(path):
            try PNG.write(image, to: path, compression: compression)
        case .standardOutput where (video.format ?? .png) == .png:
            try Output.writeAll(PNG.encode(image, compression: compression), to: STDOUT_FILENO, name: "standard output")
        case .folder, .video, .standardOutput:
            let sink = try SequenceSink(target: target, range: 0...0, total: 1, width: image.width, height: image.height, fps: 1,
                                        effect: effect, renderer: renderer, compression: compression, video: video)
            try sink.write(StraightFrame(image: image), index: 0)
            _ = try sink.finish()
        }
    }
}
