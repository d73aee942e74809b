// PNG reading and writing. This is the only Swift file that calls libpng (through CPNGShim).
import CPNGShim

import Glibc

/// Size limits checked against a PNG's header before any pixel memory is allocated.
public struct ImageLimits: Sendable, Equatable {
    /// The largest width or height accepted, in pixels.
    ///
    /// Pass the GPU's `GL_MAX_TEXTURE_SIZE`, so that every image read can become a texture.
    public var maxDimension: Int
    /// The pixel budget: the largest `width * height` accepted.
    ///
    /// Decoding needs about 24 bytes per pixel at its peak (16-bit RGBA from libpng plus the
    /// `Float` image), so the default of 64 Mi pixels allows about 1.5 GiB.
    public var maxPixels: Int

    /// Creates limits.
    /// - Parameters:
    ///   - maxDimension: the largest width or height accepted, in pixels (default 16384).
    ///   - maxPixels: the pixel budget, the largest `width * height` accepted
    ///     (default 64 * 1024 * 1024).
    public init(maxDimension: Int = 16384, maxPixels: Int = 64 * 1024 * 1024) {
        self.maxDimension = maxDimension
        self.maxPixels = maxPixels
    }

    /// The default limits: 16384 pixels per side, 64 Mi pixels in all.
    public static let `default` = ImageLimits()

    /// The limit that a `width` x `height` image exceeds, if any (the dimension first).
    func exceeded(width: Int, height: Int) -> ImageError.Limit? {
        if width > maxDimension || height > maxDimension { return .dimension(maxDimension) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels { return .pixelBudget(maxPixels) }
        return nil
    }
}

/// Why an image could not be read or written; every case names the file.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// The limit of `ImageLimits` that an image exceeds.
    public enum Limit: Sendable, Equatable {
        /// The width or the height is above `ImageLimits.maxDimension`, the associated value.
        case dimension(Int)
        /// `width * height` is above the pixel budget `ImageLimits.maxPixels`, the associated value.
        case pixelBudget(Int)
    }

    /// The file could not be opened or read (missing, no permission, a directory...).
    /// - Parameters:
    ///   - path: the file.
    ///   - reason: the system's explanation, e.g. "No such file or directory".
    case unreadable(path: String, reason: String)
    /// The data does not start with the PNG signature.
    /// - Parameter path: the file (or the name given to `PNG.decode`).
    case notPNG(path: String)
    /// libpng rejected the data: corrupt or truncated.
    /// - Parameters:
    ///   - path: the file (or the name given to `PNG.decode`).
    ///   - reason: libpng's message, e.g. "unexpected end of data (the file is truncated)".
    case corrupt(path: String, reason: String)
    /// The header announces an image larger than the limits; nothing was decoded.
    /// - Parameters:
    ///   - path: the file (or the name given to `PNG.decode`).
    ///   - width: the width in the header, in pixels.
    ///   - height: the height in the header, in pixels.
    ///   - limit: which limit is exceeded, and its value.
    case tooLarge(path: String, width: Int, height: Int, limit: Limit)
    /// The PNG could not be produced or stored.
    /// - Parameters:
    ///   - path: the destination file ("(in memory)" for `PNG.encode`).
    ///   - reason: what failed, e.g. "directory /tmp/out does not exist".
    case unwritable(path: String, reason: String)
    /// The data is none of the picture formats ShaderFX reads (PNG, JPEG, SVG), judged by its
    /// first bytes (`ImageFile.format(of:)`), whatever the file's name.
    /// - Parameter path: the file (or the name given to `ImageFile.decode`).
    case unrecognised(path: String)
    /// The JPEG or SVG decoder rejected the data: corrupt or truncated.
    /// - Parameters:
    ///   - path: the file (or the name given to the decoder).
    ///   - format: the format the data's first bytes announced.
    ///   - reason: the decoder's message, e.g. libjpeg's "Premature end of JPEG file".
    case undecodable(path: String, format: ImageFormat, reason: String)
    /// A well-formed picture of a kind ShaderFX does not read (a CMYK JPEG, an SVG with no size).
    /// - Parameters:
    ///   - path: the file (or the name given to the decoder).
    ///   - format: the picture's format.
    ///   - reason: what it is and what to do, e.g. "CMYK colour; convert it to RGB".
    case unsupported(path: String, format: ImageFormat, reason: String)
    /// The library that reads this format is not installed (librsvg for SVG, opened at run time).
    /// - Parameters:
    ///   - path: the file (or the name given to the decoder).
    ///   - format: the picture's format.
    ///   - reason: the loader's message, e.g. "cannot open librsvg-2.so.2 (...)".
    ///   - package: the Debian package to install.
    case libraryMissing(path: String, format: ImageFormat, reason: String, package: String)

    /// A one-line message for people: the path first, then the problem and what to do.
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path): cannot read the file (\(reason)); check the path and its permissions"
        case let .notPNG(path):
            return "\(path): not a PNG file (bad signature); convert the image to PNG"
        case let .corrupt(path, reason):
            return "\(path): corrupt or truncated PNG (\(reason)); export or download it again"
        case let .tooLarge(path, width, height, .dimension(maximum)):
            return "\(path): image is \(width)x\(height) pixels, over the maximum dimension of "
                + "\(maximum) pixels per side (ImageLimits.maxDimension, the GPU texture size); "
                + "scale it down"
        case let .tooLarge(path, width, height, .pixelBudget(maximum)):
            let pixels = width.multipliedReportingOverflow(by: height).partialValue
            return "\(path): image is \(width)x\(height) = \(pixels) pixels, over the pixel "
                + "budget of \(maximum) pixels (ImageLimits.maxPixels); scale it down or raise "
                + "the budget"
        case let .unwritable(path, reason):
            let lower = reason.lowercased()
            let hint: String
            if lower.contains("no space") || lower.contains("quota") {
                hint = "free some space on that disk"
            } else if lower.contains("permission") || lower.contains("read-only") || lower.contains("no such file") || lower.contains("not a directory") {
                hint = "check that the directory exists and is writable"
            } else {
                hint = ""
            }
            return "\(path): cannot write the file (\(reason))" + (hint.isEmpty ? "" : "; " + hint)
        case let .unrecognised(path):
            return "\(path): not a PNG, JPEG or SVG file (its first bytes are none of theirs); "
                + "give a picture in one of these formats"
        case let .undecodable(path, format, reason):
            return "\(path): corrupt or truncated \(format.rawValue) (\(reason)); export or download it again"
        case let .unsupported(path, format, reason):
            return "\(path): unsupported \(format.rawValue): \(reason)"
        case let .libraryMissing(path, format, reason, package):
            return "\(path): reading \(format.rawValue) needs a library that is not installed (\(reason)); "
                + "install it: apt-get install \(package)"
        }
    }
}

/// Reads and writes PNG files with libpng, converting to and from premultiplied `RGBAImage`s.
///
/// Reading accepts every PNG colour type, bit depth and interlace method; samples are taken
/// as they are (no gamma conversion), scaled exactly to 16 bits, then to `Float`:
/// alpha `a = A / 65535` and colour `c = (C / 65535) * a`, so 16-bit precision is kept.
///
/// Writing produces 8-bit PNGs: colour is un-premultiplied (`c / a`), clamped to 0...1
/// (NaN becomes 0) and rounded to the nearest of 256 levels; the file is RGB when every
/// alpha rounds to 255, RGBA otherwise, and pixels whose alpha rounds to 0 are written
/// as 0, 0, 0, 0.
///
/// What round-trips: reading an 8-bit PNG (any colour type) then writing it gives back exactly
/// the same 8-bit straight R, G, B, A values for every pixel whose alpha is above 0, opaque or
/// semi-transparent alike; pixels of alpha 0 come back as 0, 0, 0, 0. The file bytes may
/// differ (the colour type can change, e.g. opaque RGBA or grey becomes RGB, and compression
/// differs), and writing an image read from a 16-bit PNG rounds each value to 8 bits.
public enum PNG {
    /// Reads and decodes a PNG file.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - limits: the size limits, checked against the header before decoding.
    /// - Returns: the image, premultiplied.
    /// - Throws: `ImageError.unreadable`, `.notPNG`, `.corrupt` or `.tooLarge`.
    public static func read(path: String, limits: ImageLimits = .default) throws(ImageError)
        -> RGBAImage
    {
        try decode(readFile(path), name: path, limits: limits)
    }

    /// Decodes a PNG held in memory.
    /// - Parameters:
    ///   - bytes: the whole PNG file.
    ///   - name: the name used in errors, usually the file's path.
    ///   - limits: the size limits, checked against the header before decoding.
    /// - Returns: the image, premultiplied.
    /// - Throws: `ImageError.notPNG`, `.corrupt` or `.tooLarge`.
    public static func decode(_ bytes: [UInt8], name: String, limits: ImageLimits = .default)
        throws(ImageError) -> RGBAImage
    {
        let (header, rgba) = try decodeStraight16(bytes, name: name, limits: limits)
        return premultiplied(rgba, width: header.width, height: header.height)
    }

    /// Encodes an image as an 8-bit PNG (RGB when opaque, RGBA otherwise) with the libdeflate
    /// writer (`PNGEncoder`).
    /// - Parameters:
    ///   - image: the premultiplied image.
    ///   - compression: `.fast` (the default: Sub filter, ShaderFX's compressor for renders), `.default` or
    ///     `.small` (slow; for files that are kept, such as references).
    /// - Returns: the PNG file's bytes.
    /// - Throws: `ImageError.unwritable` with path "(in memory)" for an image PNG cannot hold.
    public static func encode(_ image: RGBAImage, compression: PNGEncoder.Compression = .fast) throws(ImageError) -> [UInt8] {
        try encode(image, name: "(in memory)", compression: compression)
    }

    /// Encodes straight 8-bit RGBA pixels (from `Renderer.renderSequence`) as a PNG: RGB when
    /// every alpha is 255 unless `keepAlpha`, RGBA otherwise.
    /// - Parameters:
    ///   - frame: the pixels.
    ///   - compression: how hard to compress (default `.fast`).
    ///   - keepAlpha: always write RGBA.
    ///   - parallel: compress one large frame on several cores (off where frames are already
    ///     encoded one per core).
    public static func encode(_ frame: StraightFrame, compression: PNGEncoder.Compression = .fast, keepAlpha: Bool = false,
                              parallel: Bool = false) throws(ImageError) -> [UInt8] {
        let encoder = PNGEncoder(options: .init(compression: compression, dropOpaqueAlpha: !keepAlpha,
                                                parallelism: parallel ? .automatic : .disabled))
        do {
            return try encoder.encode(frame.bytes, width: frame.width, height: frame.height, format: .rgba)
        } catch {
            throw .unwritable(path: "(in memory)", reason: error.description)
        }
    }

    /// Writes an image as an 8-bit PNG file, atomically.
    ///
    /// The PNG goes to a new temporary file in the same directory, which is then renamed over
    /// `path`; on any failure the temporary file is removed, so `path` is either left as it
    /// was or replaced by the complete new file. A new file gets mode 0644 (less the umask).
    /// - Parameters:
    ///   - image: the premultiplied image.
    ///   - path: the destination file; its directory must exist.
    /// - Throws: `ImageError.unwritable` naming the problem (e.g. the missing directory).
    /// - compression: how hard to compress (default `.fast`).
    public static func write(_ image: RGBAImage, to path: String, compression: PNGEncoder.Compression = .fast) throws(ImageError) {
        try writeAtomically(encode(image, name: path, compression: compression), to: path)
    }

    /// Writes already encoded PNG bytes to `path`, atomically as `write` does.
    /// - Parameters:
    ///   - bytes: a whole PNG file, e.g. from `encode`.
    ///   - path: the destination file; its directory must exist.
    public static func writeFile(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(ImageError) {
        try writeAtomically(bytes, to: path, durable: durable)
    }
}

// MARK: - Internal: also used by the tests

extension PNG {
    /// PNG colour types (the IHDR field).
    enum ColorType: Int32, CaseIterable, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// Samples per pixel in the file.
        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// The IHDR fields of a PNG.
    struct Header: Equatable, Sendable {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: ColorType
        var interlaced: Bool
    }

    /// An image in libpng's row format, for `encodeRaw`.
    struct RawImage: Sendable {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: ColorType
        var interlaced = false
        /// `height` rows of `ceil(width * channels * bitDepth / 8)` bytes, samples below 8 bits
        /// packed most significant first, 16-bit samples big-endian.
        var rows: [UInt8]
        /// PLTE as RGB triples.
        var palette: [UInt8] = []
        /// tRNS for palette images: one alpha per palette entry (possibly fewer).
        var paletteAlpha: [UInt8] = []
        /// tRNS for grey ([grey]) or RGB ([r, g, b]) images, in the image's bit depth.
        var transparentColor: [UInt16]? = nil
    }

    /// Reads the header (and the chunks before the image data) without decoding pixels.
    static func readHeader(_ bytes: [UInt8], name: String) throws(ImageError) -> Header {
        var header = sfx_png_header()
        let (status, message) = withErrorBuffer { err, errlen in
            bytes.withUnsafeBufferPointer {
                sfx_png_read_header($0.baseAddress, $0.count, &header, err, errlen)
            }
        }
        guard status == SFX_PNG_OK else { throw failure(status, message, name: name) }
        guard let colorType = ColorType(rawValue: header.color_type) else {
            throw .corrupt(path: name, reason: "unknown colour type \(header.color_type)")
        }
        return Header(
            width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
            colorType: colorType, interlaced: header.interlaced != 0)
    }

    /// Decodes to straight 16-bit RGBA (native endian), after checking the header's size.
    static func decodeStraight16(_ bytes: [UInt8], name: String, limits: ImageLimits)
        throws(ImageError) -> (header: Header, rgba: [UInt16])
    {
        let header = try readHeader(bytes, name: name)
        if let limit = limits.exceeded(width: header.width, height: header.height) {
            throw .tooLarge(path: name, width: header.width, height: header.height, limit: limit)
        }
        let count = header.width * header.height * 4
        var status: Int32 = SFX_PNG_OK
        var message = ""
        let rgba = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
            (status, message) = withErrorBuffer { err, errlen in
                bytes.withUnsafeBufferPointer {
                    sfx_png_decode_rgba16(
                        $0.baseAddress, $0.count, buffer.baseAddress, count, err, errlen)
                }
            }
            initialized = count  // UInt16 is trivial; unused on failure
        }
        guard status == SFX_PNG_OK else { throw failure(status, message, name: name) }
        return (header, rgba)
    }

    /// Converts straight 16-bit RGBA to a premultiplied `Float` image: `c = (C/65535) * a`.
    static func premultiplied(_ rgba: [UInt16], width: Int, height: Int) -> RGBAImage {
        let pixels = [Float](unsafeUninitializedCapacity: rgba.count) { out, initialized in
            rgba.withUnsafeBufferPointer { source in
                var i = 0
                while i < source.count {
                    let alpha = Float(source[i + 3]) / 65535
                    out[i] = Float(source[i]) / 65535 * alpha
                    out[i + 1] = Float(source[i + 1]) / 65535 * alpha
                    out[i + 2] = Float(source[i + 2]) / 65535 * alpha
                    out[i + 3] = alpha
                    i += 4
                }
            }
            initialized = rgba.count
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Quantises a premultiplied image to straight 8-bit RGBA; `opaque` when every alpha is 255.
    static func straight8(_ image: RGBAImage) -> (rgba: [UInt8], opaque: Bool) {
        var opaque = true
        let count = image.pixels.count
        let rgba = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                var i = 0
                while i < count {
                    let alpha = unit(source[i + 3])
                    let a8 = level(alpha)
                    if a8 != 255 { opaque = false }
                    if a8 == 0 {
                        out[i] = 0; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 0
                    } else {
                        out[i] = level(unit(source[i] / alpha))
                        out[i + 1] = level(unit(source[i + 1] / alpha))
                        out[i + 2] = level(unit(source[i + 2] / alpha))
                        out[i + 3] = a8
                    }
                    i += 4
                }
            }
            initialized = count
        }
        return (rgba, opaque)
    }

    /// Encodes an image, naming `name` in errors: un-premultiplied, quantised, alpha-0 pixels
    /// cleared to 0, 0, 0, 0, then written by `PNGEncoder` (RGB when every pixel is opaque).
    static func encode(_ image: RGBAImage, name: String, keepAlpha: Bool = false,
                       compression: PNGEncoder.Compression = .fast) throws(ImageError) -> [UInt8] {
        guard image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw .unwritable(path: name, reason: "PNG allows at most 2147483647 pixels per side")
        }
        let (straight, _) = straight8(image)
        let encoder = PNGEncoder(options: .init(compression: compression, dropOpaqueAlpha: !keepAlpha))
        do {
            return try encoder.encode(straight, width: image.width, height: image.height, format: .rgba)
        } catch {
            throw .unwritable(path: name, reason: error.description)
        }
    }

    /// Encodes any kind of PNG from libpng-format rows (for tests).
    static func encodeRaw(_ raw: RawImage) throws(ImageError) -> [UInt8] {
        let name = "(raw image)"
        guard let width = UInt32(exactly: raw.width), let height = UInt32(exactly: raw.height)
        else { throw .unwritable(path: name, reason: "invalid size \(raw.width)x\(raw.height)") }
        let color = raw.transparentColor ?? []
        return try encoded(name: name) { out, size, err, errlen in
            raw.rows.withUnsafeBufferPointer { rows in
                raw.palette.withUnsafeBufferPointer { palette in
                    raw.paletteAlpha.withUnsafeBufferPointer { alpha in
                        var image = sfx_png_raw_image()
                        image.width = width
                        image.height = height
                        image.bit_depth = Int32(raw.bitDepth)
                        image.color_type = raw.colorType.rawValue
                        image.interlaced = raw.interlaced ? 1 : 0
                        image.rows = rows.baseAddress
                        image.rows_size = rows.count
                        image.palette = palette.baseAddress
                        image.palette_size = Int32(palette.count / 3)
                        image.trns_alpha = alpha.baseAddress
                        image.trns_alpha_count = Int32(alpha.count)
                        image.has_trns_color = raw.transparentColor == nil ? 0 : 1
                        image.trns_gray = color.first ?? 0
                        if color.count == 3 {
                            (image.trns_red, image.trns_green, image.trns_blue) =
                                (color[0], color[1], color[2])
                        }
                        return sfx_png_encode_raw(&image, out, size, err, errlen)
                    }
                }
            }
        }
    }
}

// MARK: - Private helpers

extension PNG {
    /// Clamps to 0...1, NaN becoming 0.
    private static func unit(_ value: Float) -> Float {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// The nearest of the 256 levels of a value in 0...1.
    private static func level(_ value: Float) -> UInt8 {
        UInt8((value * 255).rounded(.toNearestOrAwayFromZero))
    }


    /// Calls a shim function with an error buffer; returns its status and message.
    private static func withErrorBuffer(
        _ body: (UnsafeMutablePointer<CChar>, Int) -> Int32
    ) -> (status: Int32, message: String) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            let base = buffer.baseAddress!
            base.initialize(to: 0)
            let status = body(base, buffer.count)
            return (status, String(cString: base))
        }
    }

    /// Runs a shim encoder and takes ownership of the buffer it returns.
    private static func encoded(
        name: String,
        _ body: (
            UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
            UnsafeMutablePointer<CChar>, Int
        ) -> Int32
    ) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let (status, message) = withErrorBuffer { err, errlen in body(&output, &size, err, errlen) }
        defer { sfx_png_free(output) }
        guard status == SFX_PNG_OK, let output else {
            throw .unwritable(path: name, reason: "cannot encode the PNG: \(message)")
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// The `ImageError` for a failed shim status.
    private static func failure(_ status: Int32, _ message: String, name: String) -> ImageError {
        switch status {
        case SFX_PNG_ERR_SIGNATURE: .notPNG(path: name)
        case SFX_PNG_ERR_MEMORY: .unreadable(path: name, reason: message)
        default: .corrupt(path: name, reason: message)
        }
    }

    /// The text of an `errno` value.
    private static func systemError(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Reads a whole regular file through `InputFile` (FIFOs, devices and folders refused,
    /// size-capped).
    private static func readFile(_ path: String) throws(ImageError) -> [UInt8] {
        do { return try InputFile.read(path) } catch { throw .unreadable(path: path, reason: error.reason) }
    }

    /// Writes `bytes` to `path` through `OutputFile`: a temporary file renamed into place for
    /// a regular file (through a symbolic link to its target), straight through to a device
    /// or FIFO. `durable` flushes a regular file to disk (fsync) before the rename; frames of
    /// an animation skip it.
    static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(ImageError) {
        try OutputFile.write(bytes, to: path, durable: durable)
    }
}
