/// The picture formats ShaderFX reads.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// PNG, through libpng (`PNG`).
    case png = "PNG"
    /// JPEG, through libjpeg-turbo (`JPEG`).
    case jpeg = "JPEG"
    /// SVG, through librsvg and cairo (`SVGDocument`), at its intrinsic size.
    case svg = "SVG"
}

/// The one reader of picture files: PNG, JPEG or SVG, told apart by their first bytes (never by
/// the file's name), each checked against the limits before its pixels are decoded.
///
/// Every place ShaderFX reads a picture a user names (`--input`, image parameters, `--from` and
/// `--to`, golden cases' inputs, `ImageStore`) comes through here. An SVG becomes a picture of
/// its intrinsic size, one pixel to the point (`SVGDocument` draws it at other sizes).
public enum ImageFile {
    /// The format the data's first bytes announce, or nil for none of them: the PNG signature
    /// (89 50 4E 47 0D 0A 1A 0A), a JPEG start-of-image marker and the next marker's FF
    /// (FF D8 FF), or XML text (a UTF-8 byte-order mark and white space allowed) whose first
    /// element, after any XML declaration, comments, processing instructions and DOCTYPE, is `<svg`.
    public static func format(of bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if startsWithSVGElement(bytes) { return .svg }
        return nil
    }

    /// Reads and decodes a picture file of any of the formats.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - limits: the size limits, checked before decoding.
    /// - Returns: the premultiplied image.
    /// - Throws: `ImageError` naming `path`: `.unreadable`, `.unrecognised` (none of the
    ///   formats), `.tooLarge`, or the format's own errors.
    public static func read(path: String, limits: ImageLimits = .default) throws(ImageError) -> RGBAImage {
        try open(readFile(path), name: path).decode(limits: limits)
    }

    /// Decodes a picture held in memory, of any of the formats.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - name: the name used in errors, usually the file's path.
    ///   - limits: the size limits, checked before decoding.
    /// - Throws: as `read(path:limits:)`, without `.unreadable`.
    public static func decode(_ bytes: [UInt8], name: String, limits: ImageLimits = .default) throws(ImageError) -> RGBAImage {
        try open(bytes, name: name).decode(limits: limits)
    }

    /// A picture whose header has been read (an SVG: parsed), its pixels not yet decoded.
    package struct Opened {
        package enum Content {
            case png([UInt8])
            case jpeg([UInt8])
            case svg(SVGDocument)
        }

        /// The file's name, for errors.
        package let name: String
        /// The picture's size in pixels as the decode will give it.
        package let width: Int, height: Int
        package let content: Content

        /// The format.
        package var format: ImageFormat {
            switch content {
            case .png: .png
            case .jpeg: .jpeg
            case .svg: .svg
            }
        }

        /// Decodes the pixels within `limits`.
        package func decode(limits: ImageLimits) throws(ImageError) -> RGBAImage {
            switch content {
            case let .png(bytes): try PNG.decode(bytes, name: name, limits: limits)
            case let .jpeg(bytes): try JPEG.decode(bytes, name: name, limits: limits)
            case let .svg(document): try document.render(limits: limits)
            }
        }
    }

    /// Reads what says the picture's size without decoding a pixel: a PNG's or JPEG's header,
    /// an SVG parsed.
    package static func open(_ bytes: [UInt8], name: String) throws(ImageError) -> Opened {
        switch format(of: bytes) {
        case .png:
            let header = try PNG.readHeader(bytes, name: name)
            return Opened(name: name, width: header.width, height: header.height, content: .png(bytes))
        case .jpeg:
            let header = try JPEG.readHeader(bytes, name: name)
            return Opened(name: name, width: header.width, height: header.height, content: .jpeg(bytes))
        case .svg:
            let document = try SVGDocument(bytes: bytes, name: name)
            let (width, height) = document.pixelSize()
            return Opened(name: name, width: width, height: height, content: .svg(document))
        case nil:
            throw .unrecognised(path: name)
        }
    }

    /// Reads a whole regular file through `InputFile`.
    package static func readFile(_ path: String) throws(ImageError) -> [UInt8] {
        do { return try InputFile.read(path) } catch { throw .unreadable(path: path, reason: error.reason) }
    }

    /// Whether XML text's first element is an `<svg>` (or a prefixed `<x:svg>`) element.
    static func startsWithSVGElement(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(64 << 10)
        var i = head.startIndex
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
        func skipSpace() { while i < head.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 } }
        func at(_ text: String) -> Bool { head[i...].starts(with: Array(text.utf8)) }
        /// Moves past the next occurrence of `end`; false when there is none.
        func skip(past end: String) -> Bool {
            let end = Array(end.utf8)
            while i < head.endIndex {
                if head[i...].starts(with: end) { i += end.count; return true }
                i += 1
            }
            return false
        }
        while true {
            skipSpace()
            guard i < head.endIndex, head[i] == UInt8(ascii: "<") else { return false }
            if at("<?") {
                guard skip(past: "?>") else { return false }
            } else if at("<!--") {
                guard skip(past: "-->") else { return false }
            } else if at("<!DOCTYPE") || at("<!doctype") {
                // Up to the '>' that closes it, past an internal subset in brackets.
                var depth = 0
                while i < head.endIndex {
                    let c = head[i]
                    i += 1
                    if c == UInt8(ascii: "[") { depth += 1 }
                    if c == UInt8(ascii: "]") { depth -= 1 }
                    if c == UInt8(ascii: ">") && depth <= 0 { break }
                }
            } else {
                // The first element: its name, possibly with a namespace prefix.
                i += 1
                var name: [UInt8] = []
                while i < head.endIndex, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(head[i]) {
                    name.append(head[i])
                    i += 1
                }
                let local = name.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last ?? []
                return Array(local) == Array("svg".utf8) && i < head.endIndex
            }
        }
    }
}

extension RGBAImage {
    /// Reads a picture file, PNG, JPEG or SVG, told apart by its content (`ImageFile`).
    /// - Parameters:
    ///   - path: the file to read.
    ///   - limits: the size limits, checked before decoding.
    /// - Throws: `ImageError` naming the file and what was expected.
    public init(contentsOfImageFile path: String, limits: ImageLimits = .default) throws(ImageError) {
        self = try ImageFile.read(path: path, limits: limits)
    }
}

extension RenderBudget {
    /// Reads a picture file, PNG, JPEG or SVG by its content, to render at `scale`: its size (a
    /// header, or an SVG's intrinsic size) is checked against this budget before any pixel is
    /// decoded, and the file is read through `InputFile` (regular files only, size-capped).
    /// - Throws: `RenderBudgetError` naming the file, `ImageError`.
    public func readImage(path: String, scale: Int = 1) throws -> RGBAImage {
        let opened = try ImageFile.open(ImageFile.readFile(path), name: path)
        do {
            try check(width: opened.width, height: opened.height, scale: scale)
        } catch {
            throw error.naming(path)
        }
        return try opened.decode(limits: imageLimits(scale: scale))
    }
}
