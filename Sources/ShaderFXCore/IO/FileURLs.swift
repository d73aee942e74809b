import Foundation

/// `URL` forms of the file APIs, as Swift code usually names files. Only `file:` URLs are
/// files; any other URL is refused with the API's own error, naming it.

extension URL {
    /// The file path of a `file:` URL; nil for any other URL.
    package var localPath: String? { isFileURL ? path(percentEncoded: false) : nil }

    /// Why a URL that is not a file cannot be read or written.
    package var notAFileReason: String { "not a file URL (\(scheme ?? "no scheme")): ShaderFX reads and writes local files" }
}

extension PNG {
    /// Reads the PNG file at `url`; see `read(path:limits:)`.
    public static func read(url: URL, limits: ImageLimits = .default) throws(ImageError) -> RGBAImage {
        guard let path = url.localPath else { throw .unreadable(path: url.absoluteString, reason: url.notAFileReason) }
        return try read(path: path, limits: limits)
    }

    /// Writes `image` as a PNG file at `url`, whole or not at all; see `write(_:to:compression:)`.
    public static func write(_ image: RGBAImage, to url: URL, compression: PNGEncoder.Compression = .fast) throws(ImageError) {
        guard let path = url.localPath else { throw .unreadable(path: url.absoluteString, reason: url.notAFileReason) }
        try write(image, to: path, compression: compression)
    }

    /// Writes encoded PNG bytes at `url`, whole or not at all; see `writeFile(_:to:durable:)`.
    public static func writeFile(_ bytes: [UInt8], to url: URL, durable: Bool = true) throws(ImageError) {
        guard let path = url.localPath else { throw .unreadable(path: url.absoluteString, reason: url.notAFileReason) }
        try writeFile(bytes, to: path, durable: durable)
    }
}

extension OutputFile {
    /// Writes `bytes` at `url` as `write(_:to:durable:)` does.
    public static func write(_ bytes: [UInt8], to url: URL, durable: Bool = true) throws(ImageError) {
        guard let path = url.localPath else { throw .unreadable(path: url.absoluteString, reason: url.notAFileReason) }
        try write(bytes, to: path, durable: durable)
    }
}

extension InputFile {
    /// The bytes of the regular file at `url`; see `read(_:maxBytes:)`.
    public static func read(_ url: URL, maxBytes: Int = defaultMaxBytes) throws(InputFileError) -> [UInt8] {
        guard let path = url.localPath else { throw InputFileError(path: url.absoluteString, problem: .unreadable(url.notAFileReason)) }
        return try read(path, maxBytes: maxBytes)
    }

    /// The UTF-8 text of the regular file at `url`; see `readText(_:maxBytes:)`.
    public static func readText(_ url: URL, maxBytes: Int = 16 << 20) throws(InputFileError) -> String {
        guard let path = url.localPath else { throw InputFileError(path: url.absoluteString, problem: .unreadable(url.notAFileReason)) }
        return try readText(path, maxBytes: maxBytes)
    }
}

extension RenderBudget {
    /// Reads the PNG at `url` within the budget; see `readPNG(path:scale:)`.
    public func readPNG(url: URL, scale: Int = 1) throws -> RGBAImage {
        guard let path = url.localPath else { throw ImageError.unreadable(path: url.absoluteString, reason: url.notAFileReason) }
        return try readPNG(path: path, scale: scale)
    }
}

extension APNGWriter {
    /// An animated PNG written at `url`; see `init(path:width:height:format:frameCount:plays:encoder:)`.
    public convenience init(url: URL, width: Int, height: Int, format: PNGColorFormat = .rgba,
                            frameCount: Int? = nil, plays: Int = 0, encoder: PNGEncoder = PNGEncoder()) throws(PNGEncodingError) {
        guard let path = url.localPath else { throw .io(operation: "open \(url.absoluteString)", code: 0, message: url.notAFileReason) }
        try self.init(path: path, width: width, height: height, format: format, frameCount: frameCount, plays: plays, encoder: encoder)
    }
}

extension VideoEncoder {
    /// A video written at `url` through ffmpeg; see `init(output:settings:)`.
    public convenience init(output url: URL, settings: VideoSettings) throws(VideoError) {
        guard let path = url.localPath else { throw .writeFailed(path: url.absoluteString, reason: url.notAFileReason) }
        try self.init(output: path, settings: settings)
    }
}
