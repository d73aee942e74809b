/// The layout of the 8-bit pixels given to `PNGEncoder` and `APNGWriter`.
///
/// Samples are 8 bits each, in this order within a pixel; colour is straight (not
/// premultiplied by alpha), as PNG stores it.
public enum PNGColorFormat: Sendable, Equatable, CaseIterable {
    /// One grey sample per pixel (PNG colour type 0).
    case gray
    /// Grey then alpha (PNG colour type 4).
    case grayAlpha
    /// Red, green, blue (PNG colour type 2).
    case rgb
    /// Red, green, blue, alpha (PNG colour type 6).
    case rgba

    /// Samples (bytes) per pixel.
    public var channels: Int {
        switch self {
        case .gray: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// Whether the last sample of each pixel is alpha.
    public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }

    /// The same format without its alpha sample.
    var withoutAlpha: PNGColorFormat {
        switch self {
        case .gray, .grayAlpha: .gray
        case .rgb, .rgba: .rgb
        }
    }

    /// The IHDR colour type byte.
    var colorType: UInt8 {
        switch self {
        case .gray: 0
        case .grayAlpha: 4
        case .rgb: 2
        case .rgba: 6
        }
    }
}

/// Why an image or an animation could not be encoded or written.
public enum PNGEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The width or height is zero, negative, or above PNG's limit of 2147483647.
    case invalidDimensions(width: Int, height: Int)
    /// `rowBytes` is shorter than one row of pixels (`width * channels`).
    case rowBytesTooSmall(rowBytes: Int, minimum: Int)
    /// The pixel buffer holds fewer bytes than `rowBytes * (height - 1) + width * channels`.
    case bufferTooSmall(count: Int, needed: Int)
    /// The image's filtered data (`height * (1 + width * channels)` bytes) is above `limit`.
    case imageTooLarge(bytes: Int, limit: Int)
    /// libdeflate could not allocate a compressor or produce output, or the joined
    /// stream failed its self-check (a bug: please report it with the image).
    case compressionFailed(reason: String)
    /// A frame does not fit the animation: its size, offset, or colour format is wrong.
    case frameMismatch(reason: String)
    /// A frame delay outside APNG's range: numerator 0...65535, denominator 1...65535.
    case invalidDelay(numerator: Int, denominator: Int)
    /// The number of frames written differs from the count announced at creation.
    case frameCountMismatch(announced: Int, written: Int)
    /// The animation was already finished (or failed); nothing more can be written.
    case writerClosed
    /// A system call on the output failed.
    /// - Parameters:
    ///   - operation: what was being done, e.g. "write" or "seek to acTL".
    ///   - code: `errno`.
    ///   - message: `strerror(errno)`.
    case io(operation: String, code: Int32, message: String)

    /// A one-line message for people.
    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "invalid image size \(width)x\(height): each side must be 1...2147483647 pixels"
        case let .rowBytesTooSmall(rowBytes, minimum):
            return "row bytes \(rowBytes) is shorter than one row of pixels (\(minimum) bytes)"
        case let .bufferTooSmall(count, needed):
            return "pixel buffer holds \(count) bytes, the image needs \(needed)"
        case let .imageTooLarge(bytes, limit):
            return "image data of \(bytes) bytes is over the limit of \(limit) bytes"
        case let .compressionFailed(reason):
            return "compression failed: \(reason)"
        case let .frameMismatch(reason):
            return "frame does not fit the animation: \(reason)"
        case let .invalidDelay(numerator, denominator):
            return "invalid frame delay \(numerator)/\(denominator): the numerator must be 0...65535 "
                + "and the denominator 1...65535"
        case let .frameCountMismatch(announced, written):
            return "the animation announced \(announced) frames but \(written) were written"
        case .writerClosed:
            return "the animation writer is already finished"
        case let .io(operation, code, message):
            return "\(operation) failed: \(message) (errno \(code))"
        }
    }
}
