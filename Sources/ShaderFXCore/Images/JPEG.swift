// JPEG reading. This is the only Swift file that calls libjpeg-turbo (through CTurboJPEG).
import CTurboJPEG

/// Reads JPEG files with libjpeg-turbo's TurboJPEG API into premultiplied `RGBAImage`s.
///
/// Baseline and progressive files, greyscale and colour (YCbCr at any of the usual chroma
/// subsamplings, or RGB), decode to 8-bit RGB with libjpeg's accurate integer IDCT and its
/// smooth ("fancy") chroma upsampling; each value `V` becomes `V / 255`, and alpha is 1 (JPEG
/// is opaque). Samples are taken as they are: no colour profile or gamma is applied.
///
/// The header is read first and the size checked against `ImageLimits` before any pixel memory
/// is allocated, so a small file announcing 65000 × 65000 pixels is refused at once. The EXIF
/// orientation tag (APP1, values 1 to 8) is applied, as a phone photo needs: a portrait taken
/// with the phone upright is stored sideways with orientation 6 and comes out upright, its
/// width and height swapped; a file whose EXIF data is malformed is read as orientation 1, as
/// viewers do. libjpeg's warnings (a truncated file, corrupt scan data) are errors, not a
/// picture with a grey remainder; CMYK and YCCK files are refused with `.unsupported`.
public enum JPEG {
    /// The EXIF orientation: how the stored pixels are turned to be seen upright. The cases
    /// carry the EXIF values and have the names `CGImagePropertyOrientation` gives them.
    public enum Orientation: Int, Sendable, CaseIterable {
        /// 1: as stored.
        case up = 1
        /// 2: mirrored left to right.
        case upMirrored
        /// 3: turned half a turn.
        case down
        /// 4: mirrored top to bottom.
        case downMirrored
        /// 5: mirrored along the diagonal from the top-left corner (transposed).
        case leftMirrored
        /// 6: the stored picture is turned a quarter turn clockwise to be seen (a phone held
        /// upright, its camera's top at the right).
        case right
        /// 7: mirrored along the diagonal from the top-right corner (transversed).
        case rightMirrored
        /// 8: the stored picture is turned a quarter turn anticlockwise to be seen.
        case left

        /// True when the picture seen is the stored one's height wide (orientations 5 to 8).
        public var swapsSides: Bool { rawValue >= 5 }
    }

    /// What the header says, read without decoding a pixel.
    public struct Header: Equatable, Sendable {
        /// The width stored in the frame header, in pixels.
        public var storedWidth: Int
        /// The height stored in the frame header, in pixels.
        public var storedHeight: Int
        /// The EXIF orientation (`.up` when the file has none).
        public var orientation: Orientation
        /// True for a one-component (greyscale) file.
        public var isGreyscale: Bool
        /// True when the file codes its scans progressively.
        public var isProgressive: Bool

        /// The width of the picture as seen, after the orientation.
        public var width: Int { orientation.swapsSides ? storedHeight : storedWidth }
        /// The height of the picture as seen, after the orientation.
        public var height: Int { orientation.swapsSides ? storedWidth : storedHeight }
    }

    /// Reads and decodes a JPEG file.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - limits: the size limits, checked against the header (oriented) before decoding.
    /// - Returns: the opaque image, upright.
    /// - Throws: `ImageError.unreadable`, `.undecodable`, `.unsupported` or `.tooLarge`.
    public static func read(path: String, limits: ImageLimits = .default) throws(ImageError) -> RGBAImage {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch { throw .unreadable(path: path, reason: error.reason) }
        return try decode(bytes, name: path, limits: limits)
    }

    /// Decodes a JPEG held in memory.
    /// - Parameters:
    ///   - bytes: the whole JPEG file.
    ///   - name: the name used in errors, usually the file's path.
    ///   - limits: the size limits, checked against the header (oriented) before decoding.
    /// - Returns: the opaque image, upright.
    /// - Throws: `ImageError.undecodable`, `.unsupported` or `.tooLarge`.
    public static func decode(_ bytes: [UInt8], name: String, limits: ImageLimits = .default) throws(ImageError)
        -> RGBAImage
    {
        let decompressor = try Decompressor(name: name)
        let header = try decompressor.header(bytes, name: name)
        if let limit = limits.exceeded(width: header.width, height: header.height) {
            throw .tooLarge(path: name, width: header.width, height: header.height, limit: limit)
        }
        let rgb = try decompressor.decodeRGB(bytes, header: header, name: name)
        return oriented(rgb, header: header)
    }

    /// Reads the header (frame size, components, EXIF orientation) without decoding pixels.
    /// - Throws: `ImageError.undecodable` for data libjpeg cannot read, `.unsupported` for CMYK.
    public static func readHeader(_ bytes: [UInt8], name: String) throws(ImageError) -> Header {
        try Decompressor(name: name).header(bytes, name: name)
    }
}

// MARK: - Internal: also used by the tests

extension JPEG {
    /// The EXIF orientation in the first APP1 "Exif" segment before the first scan, or `.up`
    /// when there is none or it cannot be read (a value outside 1...8 included).
    static func orientation(in bytes: [UInt8]) -> Orientation {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .up }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return .up }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // a fill byte before the marker
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }  // no length
            if marker == 0xDA || marker == 0xD9 { return .up }  // the first scan, or the end
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return .up }
            if marker == 0xE1, let found = exifOrientation(bytes[(i + 4)..<(i + 2 + length)]) { return found }
            i += 2 + length
        }
        return .up
    }

    /// The orientation tag (0x0112, a SHORT) of IFD0 in an APP1 segment's payload, or nil when
    /// the payload is not EXIF, has no such tag, or is malformed. Every read is bounds-checked.
    static func exifOrientation(_ payload: ArraySlice<UInt8>) -> Orientation? {
        let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        guard payload.count >= exif.count + 8, payload.starts(with: exif) else { return nil }
        let tiff = Array(payload.dropFirst(exif.count))
        let little: Bool
        if tiff.starts(with: [0x49, 0x49, 0x2A, 0x00]) {
            little = true  // "II": Intel byte order
        } else if tiff.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            little = false  // "MM": Motorola byte order
        } else {
            return nil
        }
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= tiff.count else { return nil }
            let (a, b) = (Int(tiff[offset]), Int(tiff[offset + 1]))
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ offset: Int) -> Int? {
            guard let first = u16(offset), let second = u16(offset + 2) else { return nil }
            return little ? first | second << 16 : first << 16 | second
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let offset = ifd + 2 + 12 * entry
            guard let tag = u16(offset) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type 3 is SHORT; one value sits in the first two bytes of the value field.
            guard u16(offset + 2) == 3, u32(offset + 4) == 1, let value = u16(offset + 8) else { return nil }
            return Orientation(rawValue: value)
        }
        return nil
    }

    /// Turns stored 8-bit RGB (`storedWidth` x `storedHeight`) into the upright opaque image.
    /// Where a pixel of the picture seen comes from, by the EXIF definition of each value (which
    /// side of the picture seen the stored row 0 and column 0 are): `source(x, y)`.
    static func oriented(_ rgb: [UInt8], header: Header) -> RGBAImage {
        let (width, height) = (header.width, header.height)
        let (sw, sh) = (header.storedWidth, header.storedHeight)
        var levels = [Float](repeating: 0, count: 256)
        for v in 0..<256 { levels[v] = Float(v) / 255 }
        // The stored pixel shown at (x, y), as (column, row).
        let source: (Int, Int) -> (Int, Int)
        switch header.orientation {
        case .up: source = { x, y in (x, y) }
        case .upMirrored: source = { x, y in (sw - 1 - x, y) }
        case .down: source = { x, y in (sw - 1 - x, sh - 1 - y) }
        case .downMirrored: source = { x, y in (x, sh - 1 - y) }
        case .leftMirrored: source = { x, y in (y, x) }
        case .right: source = { x, y in (y, sh - 1 - x) }
        case .rightMirrored: source = { x, y in (sw - 1 - y, sh - 1 - x) }
        case .left: source = { x, y in (sw - 1 - y, x) }
        }
        let count = width * height * 4
        let pixels = [Float](unsafeUninitializedCapacity: count) { out, initialized in
            rgb.withUnsafeBufferPointer { rgb in
                levels.withUnsafeBufferPointer { levels in
                    if header.orientation == .up {
                        for p in 0..<(width * height) {
                            out[p * 4] = levels[Int(rgb[p * 3])]
                            out[p * 4 + 1] = levels[Int(rgb[p * 3 + 1])]
                            out[p * 4 + 2] = levels[Int(rgb[p * 3 + 2])]
                            out[p * 4 + 3] = 1
                        }
                        return
                    }
                    for y in 0..<height {
                        for x in 0..<width {
                            let (sx, sy) = source(x, y)
                            let s = (sy * sw + sx) * 3, d = (y * width + x) * 4
                            out[d] = levels[Int(rgb[s])]
                            out[d + 1] = levels[Int(rgb[s + 1])]
                            out[d + 2] = levels[Int(rgb[s + 2])]
                            out[d + 3] = 1
                        }
                    }
                }
            }
            initialized = count
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

// MARK: - The TurboJPEG boundary

/// One TurboJPEG decompressor instance, destroyed with the object; every TurboJPEG call goes
/// through it and turns a failure into an `ImageError` carrying libjpeg's message.
private final class Decompressor {
    private let handle: tjhandle

    init(name: String) throws(ImageError) {
        guard let handle = tjInitDecompress() else {
            throw .undecodable(path: name, format: .jpeg, reason: "tjInitDecompress: " + String(cString: tjGetErrorStr2(nil)))
        }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    /// libjpeg's message for the last failure of this instance.
    private var lastError: String { String(cString: tjGetErrorStr2(handle)) }

    /// The header, checked: a JPEG signature, a frame libjpeg reads, a colour space ShaderFX takes.
    func header(_ bytes: [UInt8], name: String) throws(ImageError) -> JPEG.Header {
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF else {
            throw .undecodable(path: name, format: .jpeg, reason: "no JPEG start-of-image marker (FF D8 FF)")
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { throw .undecodable(path: name, format: .jpeg, reason: lastError) }
        guard width > 0, height > 0 else {
            throw .undecodable(path: name, format: .jpeg, reason: "the frame header gives a size of \(width)x\(height)")
        }
        switch colorspace {
        case Int32(TJCS_CMYK.rawValue), Int32(TJCS_YCCK.rawValue):
            throw .unsupported(path: name, format: .jpeg,
                               reason: "CMYK colour (a file made for print), which ShaderFX does not read; convert it to RGB")
        default: break
        }
        return JPEG.Header(storedWidth: Int(width), storedHeight: Int(height), orientation: JPEG.orientation(in: bytes),
                           isGreyscale: colorspace == Int32(TJCS_GRAY.rawValue),
                           isProgressive: Self.isProgressive(bytes))
    }

    /// Decodes to packed 8-bit RGB at the stored size. Warnings count as failures (a truncated
    /// file would otherwise come out with a grey remainder), and a progressive file with an
    /// unreasonable number of scans is refused (`TJFLAG_LIMITSCANS`).
    func decodeRGB(_ bytes: [UInt8], header: JPEG.Header, name: String) throws(ImageError) -> [UInt8] {
        let count = header.storedWidth * header.storedHeight * 3
        var status: Int32 = 0
        let rgb = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = bytes.withUnsafeBufferPointer {
                tjDecompress2(handle, $0.baseAddress, UInt($0.count), buffer.baseAddress, Int32(header.storedWidth), 0,
                              Int32(header.storedHeight), Int32(TJPF_RGB.rawValue), TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS)
            }
            initialized = count  // UInt8 is trivial; unused on failure
        }
        guard status == 0 else { throw .undecodable(path: name, format: .jpeg, reason: lastError) }
        return rgb
    }

    /// True when a progressive frame header (SOF2, SOF6, SOF10, SOF14) comes before the first scan.
    private static func isProgressive(_ bytes: [UInt8]) -> Bool {
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }
            if [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) { return true }
            if marker == 0xDA || marker == 0xD9 || (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8
                && marker != 0xCC { return false }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        return false
    }
}
