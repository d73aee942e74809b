// SVG reading. This is the only Swift file that calls librsvg and cairo (through CSVGLoader,
// which opens them at run time).
import CSVGLoader
import Foundation

/// A parsed SVG document, drawn by librsvg and cairo at any pixel size.
///
/// Its intrinsic `size` is in points, one SVG pixel (CSS `px`) to the point: the outermost
/// `<svg>` element's `width` and `height` (`in`, `cm`, `mm`, `pt` and `pc` at CSS's 96 pixels
/// per inch; `em` and `ex` at librsvg's font size), or its `viewBox`'s size when they are
/// missing or percentages (one of them, absolute, with the `viewBox`'s aspect ratio, gives the
/// other), or `fallbackSize` when it has neither. `render(width:height:)` stretches the
/// document's intrinsic viewport onto the pixels, as an asset catalogue's vector image is drawn
/// into a frame, so `render(scale: 2)` is an @2x picture as sharp as the 1x one.
///
/// librsvg and cairo are opened on the first document (`dlopen`): without them a `shaderfx`
/// binary still starts, and reading an SVG throws `ImageError.libraryMissing` naming the
/// package (`librsvg2-2`). Files the document refers to (images, fonts by URL) are not read.
///
/// A document may be used from several threads; renders take turns.
public final class SVGDocument: @unchecked Sendable {
    /// The Debian package that provides librsvg (and, through it, cairo).
    public static let package = "librsvg2-2"

    private let handle: OpaquePointer
    private let lock = NSLock()
    /// The name used in errors, usually the file's path.
    public let name: String
    /// The intrinsic size in points (SVG pixels): width and height.
    public let size: SIMD2<Double>

    /// Parses an SVG document held in memory.
    /// - Parameters:
    ///   - bytes: the whole SVG file (UTF-8 XML).
    ///   - name: the name used in errors, usually the file's path.
    ///   - fallbackSize: the size in points of a document whose `<svg>` element gives neither a
    ///     `width` and `height` nor a `viewBox` (nil: such a document is an error).
    /// - Throws: `ImageError.libraryMissing` (librsvg or cairo not installed or too old),
    ///   `.undecodable` (librsvg's parse error), `.unsupported` (no size, or a size of 0).
    public init(bytes: [UInt8], name: String, fallbackSize: SIMD2<Double>? = nil) throws(ImageError) {
        var document: OpaquePointer?
        let (status, message) = SVGDocument.withErrorBuffer { err, errlen in
            bytes.withUnsafeBufferPointer { sfx_svg_open($0.baseAddress, $0.count, &document, err, errlen) }
        }
        guard status == SFX_SVG_OK, let document else { throw SVGDocument.failure(status, message, name: name) }
        var dimensions = sfx_svg_dimensions()
        sfx_svg_get_dimensions(document, &dimensions)
        guard let size = SVGDocument.intrinsicSize(dimensions) ?? fallbackSize else {
            sfx_svg_close(document)
            throw .unsupported(path: name, format: .svg,
                               reason: "its <svg> element has no width and height and no viewBox, so it has no size "
                                   + "of its own; add width and height (in points) or a viewBox")
        }
        guard size.x > 0, size.y > 0, size.x.isFinite, size.y.isFinite else {
            sfx_svg_close(document)
            throw .unsupported(path: name, format: .svg,
                               reason: "its size is \(size.x)x\(size.y) points; a picture needs a width and height above 0")
        }
        self.handle = document
        self.name = name
        self.size = size
    }

    /// Reads and parses an SVG file; see `init(bytes:name:fallbackSize:)`.
    /// - Throws: `ImageError.unreadable` as well.
    public convenience init(contentsOf path: String, fallbackSize: SIMD2<Double>? = nil) throws(ImageError) {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch { throw .unreadable(path: path, reason: error.reason) }
        try self.init(bytes: bytes, name: path, fallbackSize: fallbackSize)
    }

    deinit { sfx_svg_close(handle) }

    /// The pixel size of a render at `scale`: the intrinsic size times `scale`, each side
    /// rounded to the nearest pixel and at least 1.
    public func pixelSize(scale: Double = 1) -> (width: Int, height: Int) {
        func side(_ points: Double) -> Int {
            let pixels = (points * scale).rounded()
            return pixels >= Double(Int32.max) ? Int(Int32.max) : max(1, Int(pixels))
        }
        return (side(size.x), side(size.y))
    }

    /// Draws the document at `scale` pixels per point (2 for an @2x picture).
    /// - Throws: as `render(width:height:limits:)`.
    public func render(scale: Double = 1, limits: ImageLimits = .default) throws(ImageError) -> RGBAImage {
        let (width, height) = pixelSize(scale: scale)
        return try render(width: width, height: height, limits: limits)
    }

    /// Draws the document stretched to `width` x `height` pixels, over transparency.
    /// - Parameters:
    ///   - width: the picture's width in pixels, at least 1.
    ///   - height: the picture's height in pixels, at least 1.
    ///   - limits: the size limits, checked before any pixel memory is allocated.
    /// - Returns: the premultiplied image (cairo's coverage anti-aliasing at the edges).
    /// - Throws: `ImageError.tooLarge` over `limits`, `.unsupported` for a size below 1x1,
    ///   `.undecodable` when librsvg or cairo fails to draw.
    public func render(width: Int, height: Int, limits: ImageLimits = .default) throws(ImageError) -> RGBAImage {
        guard width > 0, height > 0 else {
            throw .unsupported(path: name, format: .svg, reason: "cannot draw it at \(width)x\(height) pixels; give a size of at least 1x1")
        }
        if let limit = limits.exceeded(width: width, height: height) {
            throw .tooLarge(path: name, width: width, height: height, limit: limit)
        }
        let count = width * height
        var argb = [UInt32](repeating: 0, count: count)
        let (status, message) = lock.withLock {
            SVGDocument.withErrorBuffer { err, errlen in
                argb.withUnsafeMutableBytes {
                    sfx_svg_render(handle, size.x, size.y, Int32(width), Int32(height),
                                   $0.baseAddress!.assumingMemoryBound(to: UInt8.self), err, errlen)
                }
            }
        }
        guard status == SFX_SVG_OK else { throw SVGDocument.failure(status, message, name: name) }
        return SVGDocument.image(argb, width: width, height: height)
    }

    /// Reads an SVG held in memory at its intrinsic size, one pixel to the point: the generic
    /// reader's decode (`ImageFile`).
    /// - Throws: as `init(bytes:name:fallbackSize:)` and `render(width:height:limits:)`.
    public static func decode(_ bytes: [UInt8], name: String, limits: ImageLimits = .default) throws(ImageError) -> RGBAImage {
        try SVGDocument(bytes: bytes, name: name).render(limits: limits)
    }
}

// MARK: - Internal: also used by the tests

extension SVGDocument {
    /// CSS pixels per unit, for the units with a fixed size (`em` and `ex` at a 16-pixel font,
    /// `ex` half of it, as CSS's initial font size gives); nil for a percentage.
    static func pixels(_ length: Double, unit: Int32) -> Double? {
        switch Int(unit) {
        case Int(SFX_SVG_UNIT_PX): length
        case Int(SFX_SVG_UNIT_IN): length * 96
        case Int(SFX_SVG_UNIT_CM): length * 96 / 2.54
        case Int(SFX_SVG_UNIT_MM): length * 96 / 25.4
        case Int(SFX_SVG_UNIT_PT): length * 96 / 72
        case Int(SFX_SVG_UNIT_PC): length * 16
        case Int(SFX_SVG_UNIT_EM): length * 16
        case Int(SFX_SVG_UNIT_EX): length * 8
        default: nil
        }
    }

    /// The intrinsic size from the `<svg>` element's attributes, or nil when it has none.
    static func intrinsicSize(_ d: sfx_svg_dimensions) -> SIMD2<Double>? {
        if d.has_pixel_size != 0 { return SIMD2(d.pixel_width, d.pixel_height) }
        guard d.has_viewbox != 0, d.viewbox_width > 0, d.viewbox_height > 0 else { return nil }
        let aspect = d.viewbox_width / d.viewbox_height
        let width = d.has_width != 0 ? pixels(d.width, unit: d.width_unit) : nil
        let height = d.has_height != 0 ? pixels(d.height, unit: d.height_unit) : nil
        switch (width, height) {
        case let (width?, nil): return SIMD2(width, width / aspect)
        case let (nil, height?): return SIMD2(height * aspect, height)
        default: return SIMD2(d.viewbox_width, d.viewbox_height)
        }
    }

    /// cairo's ARGB32 words (premultiplied, alpha in the top byte) as a `Float` image.
    static func image(_ argb: [UInt32], width: Int, height: Int) -> RGBAImage {
        var levels = [Float](repeating: 0, count: 256)
        for v in 0..<256 { levels[v] = Float(v) / 255 }
        let count = argb.count * 4
        let pixels = [Float](unsafeUninitializedCapacity: count) { out, initialized in
            argb.withUnsafeBufferPointer { words in
                for (p, word) in words.enumerated() {
                    out[p * 4] = levels[Int((word >> 16) & 0xFF)]
                    out[p * 4 + 1] = levels[Int((word >> 8) & 0xFF)]
                    out[p * 4 + 2] = levels[Int(word & 0xFF)]
                    out[p * 4 + 3] = levels[Int(word >> 24)]
                }
            }
            initialized = count
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Calls a loader function with an error buffer; returns its status and message.
    private static func withErrorBuffer(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (status: Int32, message: String) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            let base = buffer.baseAddress!
            base.initialize(to: 0)
            let status = body(base, buffer.count)
            return (status, String(cString: base))
        }
    }

    /// The `ImageError` for a failed loader status.
    private static func failure(_ status: Int32, _ message: String, name: String) -> ImageError {
        switch status {
        case SFX_SVG_ERR_LIBRARY, SFX_SVG_ERR_SYMBOL:
            .libraryMissing(path: name, format: .svg, reason: message, package: package)
        default:
            .undecodable(path: name, format: .svg, reason: message)
        }
    }
}
