/// The size limits of a render, decided before the first allocation.
///
/// Two limits, both checked up front by `check` (and by `readPNG` against a PNG's header,
/// before any pixel is decoded):
///
/// - `maxDimension`, the GPU's: the smallest of `GL_MAX_TEXTURE_SIZE`,
///   `GL_MAX_RENDERBUFFER_SIZE` and `GL_MAX_VIEWPORT_DIMS`. Every layer, grown margins
///   included, must fit on each side. It cannot be raised.
/// - `maxPixels`, the pixel budget: the largest layer, `(W·s + 2·mx) × (H·s + 2·my)` pixels
///   for a `W`×`H` picture at scale `s` grown by a margin of `mx`, `my` pixels. It bounds the
///   memory a render takes: layers are RGBA32F (16 bytes a pixel) and a render holds a few of
///   them at once, plus the picture, the read-back and the encoder's buffers, about
///   `bytesPerPixel` (128) bytes per pixel of the largest layer at the peak on a software
///   rasteriser, where textures live in the process's memory.
///
/// The default budget, `defaultMaxPixels`, is 16 Mi pixels (4096 × 4096, or 5120 × 3276):
/// about 2 GiB at the peak. Raise `maxPixels` (the command line's `--max-pixels`) on a machine
/// with the memory to spare.
public struct RenderBudget: Sendable, Equatable {
    /// The default pixel budget: 16 Mi pixels (16,777,216), about 2 GiB at the peak.
    public static let defaultMaxPixels = 16 << 20

    /// Bytes of memory per pixel of the largest layer at a render's peak, for estimates: the
    /// picture (16, float) and its texture (16), three float layers (48), the float read-back
    /// (16), the 8-bit conversion and the encoder (about 32).
    public static let bytesPerPixel = 128

    /// The pixel budget: the most pixels of the largest layer (margins included).
    public var maxPixels: Int
    /// The largest width or height of any layer, in pixels (the GPU's limit).
    public var maxDimension: Int

    /// A budget of `maxPixels` (default `defaultMaxPixels`) with the GPU's size limit.
    public init(maxPixels: Int = RenderBudget.defaultMaxPixels, maxDimension: Int = 16384) {
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
    }

    /// A budget of `maxPixels` on the GPU that `info` describes.
    public init(maxPixels: Int = RenderBudget.defaultMaxPixels, gpu info: GPUInfo) {
        self.init(maxPixels: maxPixels, maxDimension: info.maxDimension)
    }

    /// The memory a render of this many pixels (largest layer) needs at its peak, estimated.
    public static func estimatedBytes(pixels: Int) -> Int {
        pixels.multipliedReportingOverflow(by: bytesPerPixel).overflow ? .max : pixels * bytesPerPixel
    }

    /// Checks a render of a `width` × `height` point picture at `scale`, grown by `margin`
    /// pixels on every side, before anything is allocated.
    /// - Throws: `RenderBudgetError` carrying the size, the limit and the budget that would do.
    public func check(width: Int, height: Int, scale: Int = 1, margin: SIMD2<Int> = .zero) throws(RenderBudgetError) {
        guard width > 0, height > 0, scale > 0 else {
            throw RenderBudgetError(width: width, height: height, kind: .empty)
        }
        func grown(_ side: Int, _ margin: Int) -> Int? {
            let (scaled, o1) = side.multipliedReportingOverflow(by: scale)
            let (total, o2) = scaled.addingReportingOverflow(2 * max(0, margin))
            return o1 || o2 ? nil : total
        }
        guard let w = grown(width, margin.x), let h = grown(height, margin.y) else {
            throw RenderBudgetError(width: .max, height: .max, kind: .pixels(limit: maxPixels))
        }
        if w > maxDimension || h > maxDimension || width > maxDimension || height > maxDimension {
            throw RenderBudgetError(width: w, height: h, kind: .dimension(limit: maxDimension))
        }
        let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
        if overflow || pixels > maxPixels {
            throw RenderBudgetError(width: w, height: h, kind: .pixels(limit: maxPixels))
        }
    }

    /// The limits for decoding a picture rendered at `scale`, for APIs that take `ImageLimits`.
    public func imageLimits(scale: Int = 1) -> ImageLimits {
        let s = max(1, scale)
        return ImageLimits(maxDimension: maxDimension / s, maxPixels: maxPixels / (s * s))
    }

    /// Reads a PNG to render at `scale`: its header is checked against this budget before any
    /// pixel is decoded (a tiny file declaring 8192 × 8192 is refused at once), and the file
    /// through `InputFile` (regular files only, size-capped).
    /// - Throws: `RenderBudgetError`, `ImageError`.
    public func readPNG(path: String, scale: Int = 1) throws -> RGBAImage {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch {
            throw ImageError.unreadable(path: path, reason: error.reason)
        }
        let header = try PNG.readHeader(bytes, name: path)
        do {
            try check(width: header.width, height: header.height, scale: scale)
        } catch {
            throw error.naming(path)
        }
        return try PNG.decode(bytes, name: path, limits: imageLimits(scale: scale))
    }
}

/// A render over the limits of its `RenderBudget`.
public struct RenderBudgetError: Error, CustomStringConvertible, Equatable {
    /// Which limit.
    public enum Kind: Sendable, Equatable {
        /// More pixels than the budget allows.
        case pixels(limit: Int)
        /// A side longer than the GPU allows.
        case dimension(limit: Int)
        /// A side of zero pixels.
        case empty
    }

    /// The largest layer's width in pixels (margins included).
    public let width: Int
    /// The largest layer's height in pixels (margins included).
    public let height: Int
    /// Which limit is exceeded.
    public let kind: Kind
    /// The input file, when the size comes from one.
    public var file: String? = nil

    /// An error for a `width` x `height` layer over the limit `kind`.
    public init(width: Int, height: Int, kind: Kind, file: String? = nil) {
        self.width = width
        self.height = height
        self.kind = kind
        self.file = file
    }

    /// The same error naming the file the size came from.
    package func naming(_ file: String) -> RenderBudgetError {
        var copy = self
        copy.file = file
        return copy
    }

    /// The budget (`RenderBudget.maxPixels`) that would allow this render, rounded up to a
    /// whole Mi pixel; nil unless the pixel budget is the limit exceeded (and the size is known).
    public var suggestedMaxPixels: Int? {
        guard case .pixels = kind, width != .max else { return nil }
        return Self.suggestion(width * height)
    }

    /// What is over which limit, with the file first when there is one, and no advice: a
    /// front end adds how its users raise the budget or lower the scale.
    public var problem: String {
        let source = file.map { "\($0): " } ?? ""
        switch kind {
        case .empty:
            return "\(source)a render needs a size of at least 1x1 (got \(width)x\(height))"
        case let .dimension(limit):
            return "\(source)a \(width)x\(height)-pixel layer exceeds the GPU's largest size of \(limit) pixels per side "
                + "(GL_MAX_TEXTURE_SIZE, GL_MAX_RENDERBUFFER_SIZE, GL_MAX_VIEWPORT_DIMS)"
        case let .pixels(limit):
            guard width != .max else {
                return "\(source)the render's size overflows"
            }
            let pixels = width * height
            return "\(source)a \(width)x\(height) render is \(pixels) pixels (about \(Self.gibibytes(RenderBudget.estimatedBytes(pixels: pixels))) of memory), "
                + "over the pixel budget of \(limit) pixels (about \(Self.gibibytes(RenderBudget.estimatedBytes(pixels: limit))))"
        }
    }

    public var description: String {
        switch kind {
        case .empty:
            return problem
        case .dimension:
            return problem + "; render smaller or at a lower scale"
        case .pixels:
            guard let suggested = suggestedMaxPixels else { return problem + "; render smaller" }
            return problem + "; raise the budget (RenderBudget.maxPixels) to \(suggested) if the machine has the memory, or render smaller"
        }
    }

    /// `2.0 GiB`, `512 MiB`.
    static func gibibytes(_ bytes: Int) -> String {
        let gib = Double(bytes) / Double(1 << 30)
        if gib >= 1 { return "\((gib * 10).rounded() / 10) GiB" }
        return "\(bytes >> 20) MiB"
    }

    /// The budget that would allow `pixels`, rounded up to a whole Mi pixel.
    static func suggestion(_ pixels: Int) -> Int {
        ((pixels + (1 << 20) - 1) >> 20) << 20
    }
}
