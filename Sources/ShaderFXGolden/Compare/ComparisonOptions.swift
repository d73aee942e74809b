import ShaderFXCore

/// How strictly ``ImageComparison`` judges two images.
///
/// A comparison first decides, pixel by pixel, whether a pixel *differs* (its colour delta is
/// above ``threshold`` and, with ``ignoreAntialiasing``, it is not an anti-aliased edge pixel).
/// It then passes when the number of differing pixels fits every budget given
/// (``maxDifferentPixels`` and ``maxDifferentRatio``); with no budget it passes only when no
/// pixel differs.
///
/// ```swift
/// // pixelmatch's defaults, no differing pixel allowed:
/// let strict = ComparisonOptions()
/// // allow up to 0.1 % of the pixels to differ:
/// let lenient = ComparisonOptions(threshold: 0.1, maxDifferentRatio: 0.001)
/// ```
public struct ComparisonOptions: Sendable, Codable, Equatable, Hashable {
    /// The per-pixel colour threshold: a pixel differs when its normalised delta is greater
    /// than this value.
    ///
    /// The delta is pixelmatch's perceptual YIQ distance, taken here on *premultiplied*
    /// colours and extended with an alpha term (see ``ImageComparison`` for the formula),
    /// normalised so that 0 means equal and 1 is the largest possible difference
    /// (pixelmatch's 35215 in squared 8-bit units). pixelmatch's default is 0.1.
    ///
    /// What values mean in 8-bit levels (one level is 1/255):
    /// - one level of change on any of R, G and B, in any combination, is at most 0.0039
    ///   (0.0038 for a grey shift of one level); with alpha also off by one level (on a
    ///   translucent pixel) it is at most 0.0056. Rendering noise of a level is therefore
    ///   far below the default 0.1, and still below 0.01.
    /// - 0.01 lets through a grey shift of about 2.6 levels, or an alpha change of 2.5
    ///   levels.
    /// - 0.1 (the default) lets through a grey shift of about 26 levels, or an alpha change
    ///   of 25 levels, or about 47 levels on red alone; black against white is 0.97.
    /// - 0 (or less) makes any change count, however small.
    ///
    /// For translucent pixels the colour part scales with alpha (colours are premultiplied):
    /// the same colour change at alpha 0.5 gives half the delta.
    public var threshold: Double

    /// The most pixels that may differ for the comparison to pass, or `nil` for no budget
    /// by count.
    public var maxDifferentPixels: Int?

    /// The largest fraction (0...1) of all pixels that may differ for the comparison to
    /// pass, or `nil` for no budget by ratio.
    public var maxDifferentRatio: Double?

    /// Whether differing pixels that look like anti-aliasing are excused.
    ///
    /// Uses pixelmatch's detection: a differing pixel counts as anti-aliased when, in either
    /// image, it lies on an edge (at most two of its eight neighbours are equal to it), it
    /// has both a darker and a brighter neighbour, and the darkest or the brightest of those
    /// neighbours sits in a flat area (three or more equal neighbours) in both images. Such
    /// pixels are counted in ``ComparisonReport/antialiasedPixels`` instead of
    /// ``ComparisonReport/differentPixels``. pixelmatch excuses them by default
    /// (`includeAA: false`), and so does this type.
    public var ignoreAntialiasing: Bool

    /// How many pixels a rasterisation may have moved: a differing pixel is excused (and
    /// counted in ``ComparisonReport/shiftedPixels``) when the other image has a matching pixel
    /// within this many pixels of it, both ways round (each image's pixel is found near it in
    /// the other), as conformance suites allow for GPUs that place edges a pixel apart. 0 (the
    /// default) excuses nothing.
    public var shiftTolerance: Int = 0

    /// Rectangles of pixels not compared (`[x, y, width, height]` each): a clock, a date, a
    /// region that legitimately changes. Counted in ``ComparisonReport/ignoredPixels``.
    public var ignore: [PixelRect] = []

    /// Rectangles with a threshold of their own (`{"rect": [x, y, w, h], "threshold": t}`): a
    /// region that may drift more (a soft shadow) or must hold closer (a logo). The last one
    /// holding a pixel decides; elsewhere ``threshold`` does.
    public var regions: [RegionThreshold] = []

    /// A mask of pixels not compared (from a picture whose transparent pixels are ignored),
    /// with `ignore`'s rectangles; not part of the options' JSON (a case names its file).
    public var mask: IgnoreMask?

    /// When set, ꟻLIP judges instead of the pixel count: the comparison passes when ꟻLIP's mean
    /// error is at most this (0...1), at ``flipPixelsPerDegree``, and the difference picture is
    /// ꟻLIP's error map. The YIQ measures are still reported.
    public var maxMeanFLIP: Double?
    /// The viewing condition ꟻLIP judges at: pixels per degree of visual angle (67, the paper's).
    public var flipPixelsPerDegree = 67.0

    /// Creates options.
    /// - Parameters:
    ///   - threshold: per-pixel colour threshold, 0...1 (default 0.1, pixelmatch's).
    ///   - maxDifferentPixels: budget by count of differing pixels, or `nil`.
    ///   - maxDifferentRatio: budget by fraction of differing pixels, or `nil`.
    ///   - ignoreAntialiasing: excuse anti-aliased pixels (default `true`, as pixelmatch).
    public init(
        threshold: Double = 0.1,
        maxDifferentPixels: Int? = nil,
        maxDifferentRatio: Double? = nil,
        ignoreAntialiasing: Bool = true
    ) {
        self.threshold = threshold
        self.maxDifferentPixels = maxDifferentPixels
        self.maxDifferentRatio = maxDifferentRatio
        self.ignoreAntialiasing = ignoreAntialiasing
    }

    /// pixelmatch's defaults: threshold 0.1, anti-aliasing excused, no differing pixel
    /// allowed.
    public static let `default` = ComparisonOptions()

    /// Bit-for-bit strictness in colour: threshold 0, anti-aliasing not excused, no
    /// differing pixel allowed. Any change of any channel (in a pixel that is not fully
    /// transparent in both images) fails.
    public static let exact = ComparisonOptions(
        threshold: 0, maxDifferentPixels: nil, maxDifferentRatio: nil, ignoreAntialiasing: false)

    /// Whether `differentPixels` out of `totalPixels` fit the budgets.
    func passes(differentPixels: Int, totalPixels: Int) -> Bool {
        if maxDifferentPixels == nil && maxDifferentRatio == nil { return differentPixels == 0 }
        if let limit = maxDifferentPixels, differentPixels > limit { return false }
        if let limit = maxDifferentRatio {
            let ratio = totalPixels > 0 ? Double(differentPixels) / Double(totalPixels) : 0
            if !(ratio <= limit) { return false }
        }
        return true
    }

    private enum CodingKeys: String, CodingKey {
        case threshold, maxDifferentPixels, maxDifferentRatio, ignoreAntialiasing, shiftTolerance, ignore
        case maxMeanFLIP, flipPixelsPerDegree, regions
    }

    /// Decodes options; a missing key takes its default, so `{}` decodes to ``default``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ComparisonOptions.default
        threshold = try c.decodeIfPresent(Double.self, forKey: .threshold) ?? d.threshold
        maxDifferentPixels = try c.decodeIfPresent(Int.self, forKey: .maxDifferentPixels)
        maxDifferentRatio = try c.decodeIfPresent(Double.self, forKey: .maxDifferentRatio)
        ignoreAntialiasing =
            try c.decodeIfPresent(Bool.self, forKey: .ignoreAntialiasing) ?? d.ignoreAntialiasing
        shiftTolerance = try c.decodeIfPresent(Int.self, forKey: .shiftTolerance) ?? 0
        ignore = try c.decodeIfPresent([PixelRect].self, forKey: .ignore) ?? []
        regions = try c.decodeIfPresent([RegionThreshold].self, forKey: .regions) ?? []
        maxMeanFLIP = try c.decodeIfPresent(Double.self, forKey: .maxMeanFLIP)
        flipPixelsPerDegree = try c.decodeIfPresent(Double.self, forKey: .flipPixelsPerDegree) ?? 67
    }

    /// Encodes every field; an absent budget is written as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(threshold, forKey: .threshold)
        try c.encode(maxDifferentPixels, forKey: .maxDifferentPixels)
        try c.encode(maxDifferentRatio, forKey: .maxDifferentRatio)
        try c.encode(ignoreAntialiasing, forKey: .ignoreAntialiasing)
        if shiftTolerance != 0 { try c.encode(shiftTolerance, forKey: .shiftTolerance) }
        if !ignore.isEmpty { try c.encode(ignore, forKey: .ignore) }
        if !regions.isEmpty { try c.encode(regions, forKey: .regions) }
        if let maxMeanFLIP {
            try c.encode(maxMeanFLIP, forKey: .maxMeanFLIP)
            try c.encode(flipPixelsPerDegree, forKey: .flipPixelsPerDegree)
        }
    }

    /// Whether pixel `(x, y)` of a `width`-wide picture is left out of the comparison.
    func isIgnored(x: Int, y: Int) -> Bool {
        if let mask, mask.isIgnored(x: x, y: y) { return true }
        return ignore.contains { $0.contains(x: x, y: y) }
    }

    /// Whether any pixel may be left out.
    public var ignoresPixels: Bool { mask != nil || !ignore.isEmpty }
}

/// A rectangle with a per-pixel threshold of its own.
public struct RegionThreshold: Sendable, Codable, Equatable, Hashable {
    public var rect: PixelRect
    public var threshold: Double
    public init(rect: PixelRect, threshold: Double) {
        self.rect = rect
        self.threshold = threshold
    }
}

extension ComparisonOptions {
    /// The squared threshold of pixel `(x, y)`: its region's, else `threshold`'s.
    func threshold2(x: Int, y: Int) -> Float {
        let t = regions.last { $0.rect.contains(x: x, y: y) }?.threshold ?? threshold
        let clamped = Float(max(0, min(t, 1)))
        return clamped * clamped
    }
}

/// A rectangle of whole pixels, `[x, y, width, height]` in JSON.
public struct PixelRect: Sendable, Codable, Equatable, Hashable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    func contains(x px: Int, y py: Int) -> Bool { px >= x && py >= y && px < x + width && py < y + height }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(Int.self); y = try c.decode(Int.self)
        width = try c.decode(Int.self); height = try c.decode(Int.self)
        guard width >= 0, height >= 0, c.isAtEnd else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a rectangle is [x, y, width, height], its size not negative"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x); try c.encode(y); try c.encode(width); try c.encode(height)
    }
}

/// The pixels a mask picture leaves out: those it has transparent (alpha below one half), as
/// a mask hides what is behind its clear parts. Outside the mask's size nothing is left out.
public struct IgnoreMask: Sendable, Equatable, Hashable {
    public let width: Int, height: Int
    private let ignored: [Bool]

    /// The mask of `picture`: its transparent pixels are ignored.
    public init(_ picture: RGBAImage) {
        width = picture.width
        height = picture.height
        var ignored = [Bool](repeating: false, count: width * height)
        for i in ignored.indices { ignored[i] = picture.pixels[4 * i + 3] < 0.5 }
        self.ignored = ignored
    }

    func isIgnored(x: Int, y: Int) -> Bool { x < width && y < height && ignored[y * width + x] }
}
