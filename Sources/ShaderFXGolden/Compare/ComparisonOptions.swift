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
        case threshold, maxDifferentPixels, maxDifferentRatio, ignoreAntialiasing
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
    }

    /// Encodes every field; an absent budget is written as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(threshold, forKey: .threshold)
        try c.encode(maxDifferentPixels, forKey: .maxDifferentPixels)
        try c.encode(maxDifferentRatio, forKey: .maxDifferentRatio)
        try c.encode(ignoreAntialiasing, forKey: .ignoreAntialiasing)
    }
}
