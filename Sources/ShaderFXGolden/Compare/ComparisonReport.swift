/// The size of an image in pixels.
public struct ImageSize: Sendable, Codable, Equatable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size of `image`.
    public init(of image: RGBAImage) {
        self.init(width: image.width, height: image.height)
    }

    /// `"WIDTHxHEIGHT"`, e.g. `"512x512"`.
    public var description: String { "\(width)x\(height)" }
}

/// A pixel's position: column `x`, row `y`, row 0 at the top.
public struct PixelPosition: Sendable, Codable, Equatable, Hashable, CustomStringConvertible {
    /// Column, 0 at the left.
    public var x: Int
    /// Row, 0 at the top.
    public var y: Int

    /// Creates a position.
    /// - Parameters:
    ///   - x: column, 0 at the left.
    ///   - y: row, 0 at the top.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `"(x, y)"`.
    public var description: String { "(\(x), \(y))" }
}

/// Why two images could not be compared.
public enum ComparisonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The images have different sizes.
    case sizeMismatch(expected: ImageSize, actual: ImageSize)

    /// A one-line message, e.g. `"image sizes differ: expected 512x512, actual 510x512"`.
    public var description: String {
        switch self {
        case let .sizeMismatch(expected, actual):
            return "image sizes differ: expected \(expected), actual \(actual)"
        }
    }
}

/// The outcome of comparing an expected image with an actual one.
///
/// All colour measures work on *premultiplied* RGBA (see ``ImageComparison`` for the
/// formulas), with a pixel whose alpha is 0 or less taken as (0, 0, 0, 0), so the colour of
/// fully transparent pixels never counts.
///
/// ## JSON
/// The report is `Codable` with one key per property. JSON has no infinity, so ``psnr`` is
/// written as `null` when it is infinite (no channel differs), and `null` decodes back to
/// `+infinity`. ``maxDeltaAt`` is written as `null` when no pixel has a non-zero delta.
public struct ComparisonReport: Sendable, Codable, Equatable {
    /// Width of both images in pixels.
    public var width: Int
    /// Height of both images in pixels.
    public var height: Int
    /// Whether the two images' pixel arrays are bitwise equal. Checked first; when true the
    /// rest of the report is filled without looking at the pixels again.
    public var identical: Bool
    /// The number of pixels whose delta is above the threshold and that are not excused as
    /// anti-aliasing.
    public var differentPixels: Int
    /// ``differentPixels`` divided by the number of pixels, 0...1.
    public var differentRatio: Double
    /// The number of pixels above the threshold that were excused as anti-aliasing (always 0
    /// when ``ComparisonOptions/ignoreAntialiasing`` is off).
    public var antialiasedPixels: Int
    /// The largest normalised colour delta of any pixel, 0...1, on the same scale as
    /// ``ComparisonOptions/threshold``.
    public var maxDelta: Double
    /// Where ``maxDelta`` occurs (the first such pixel in row order), or `nil` when every
    /// delta is 0.
    public var maxDeltaAt: PixelPosition?
    /// The largest absolute difference of any premultiplied channel (R, G, B or A), in 8-bit
    /// levels (0...255; fractional for float images).
    public var maxChannelDifference: Double
    /// Peak signal-to-noise ratio in dB over all four premultiplied channels at 8-bit scale:
    /// `10 * log10(255² / MSE)`; `+infinity` when the mean squared error is 0.
    public var psnr: Double
    /// Mean structural similarity (Wang et al. 2004) of the luma of the premultiplied
    /// colours, with 11x11 Gaussian windows (sigma 1.5); 1 for equal images (and for images
    /// whose luma is equal). Computed in single precision: good to about 1e-4.
    public var ssim: Double
    /// Whether ``differentPixels`` fits every budget of ``options`` (or is 0 with none).
    public var passed: Bool
    /// The options the comparison used.
    public var options: ComparisonOptions
    /// The number of pixels above the threshold excused because the other image has a match
    /// within ``ComparisonOptions/shiftTolerance`` pixels (0 without a shift tolerance).
    public var shiftedPixels = 0
    /// The number of pixels left out by ``ComparisonOptions/ignore`` and its mask.
    public var ignoredPixels = 0
    /// ꟻLIP's mean error, when ``ComparisonOptions/maxMeanFLIP`` judged the comparison.
    public var flipMean: Double?

    /// The size of both images.
    public var size: ImageSize { ImageSize(width: width, height: height) }

    /// Creates a report from its parts (the comparison functions fill it for you).
    public init(
        width: Int, height: Int, identical: Bool, differentPixels: Int, differentRatio: Double,
        antialiasedPixels: Int, maxDelta: Double, maxDeltaAt: PixelPosition?,
        maxChannelDifference: Double, psnr: Double, ssim: Double, passed: Bool,
        options: ComparisonOptions
    ) {
        self.width = width
        self.height = height
        self.identical = identical
        self.differentPixels = differentPixels
        self.differentRatio = differentRatio
        self.antialiasedPixels = antialiasedPixels
        self.maxDelta = maxDelta
        self.maxDeltaAt = maxDeltaAt
        self.maxChannelDifference = maxChannelDifference
        self.psnr = psnr
        self.ssim = ssim
        self.passed = passed
        self.options = options
    }

    private enum CodingKeys: String, CodingKey {
        case width, height, identical, differentPixels, differentRatio, antialiasedPixels
        case maxDelta, maxDeltaAt, maxChannelDifference, psnr, ssim, passed, options, shiftedPixels, ignoredPixels, flipMean
    }

    /// Decodes a report; a `null` (or missing) `psnr` decodes as `+infinity`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        identical = try c.decode(Bool.self, forKey: .identical)
        differentPixels = try c.decode(Int.self, forKey: .differentPixels)
        differentRatio = try c.decode(Double.self, forKey: .differentRatio)
        antialiasedPixels = try c.decode(Int.self, forKey: .antialiasedPixels)
        maxDelta = try c.decode(Double.self, forKey: .maxDelta)
        maxDeltaAt = try c.decodeIfPresent(PixelPosition.self, forKey: .maxDeltaAt)
        maxChannelDifference = try c.decode(Double.self, forKey: .maxChannelDifference)
        psnr = try c.decodeIfPresent(Double.self, forKey: .psnr) ?? .infinity
        ssim = try c.decode(Double.self, forKey: .ssim)
        passed = try c.decode(Bool.self, forKey: .passed)
        options = try c.decodeIfPresent(ComparisonOptions.self, forKey: .options) ?? .default
        shiftedPixels = try c.decodeIfPresent(Int.self, forKey: .shiftedPixels) ?? 0
        ignoredPixels = try c.decodeIfPresent(Int.self, forKey: .ignoredPixels) ?? 0
        flipMean = try c.decodeIfPresent(Double.self, forKey: .flipMean)
    }

    /// Encodes the report; an infinite `psnr` is written as `null`, so the result is valid
    /// JSON with any encoder settings.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(identical, forKey: .identical)
        try c.encode(differentPixels, forKey: .differentPixels)
        try c.encode(differentRatio, forKey: .differentRatio)
        try c.encode(antialiasedPixels, forKey: .antialiasedPixels)
        try c.encode(maxDelta, forKey: .maxDelta)
        try c.encode(maxDeltaAt, forKey: .maxDeltaAt)
        try c.encode(maxChannelDifference, forKey: .maxChannelDifference)
        if psnr.isFinite {
            try c.encode(psnr, forKey: .psnr)
        } else {
            try c.encodeNil(forKey: .psnr)
        }
        try c.encode(ssim, forKey: .ssim)
        try c.encode(passed, forKey: .passed)
        try c.encode(options, forKey: .options)
        try c.encode(shiftedPixels, forKey: .shiftedPixels)
        try c.encode(ignoredPixels, forKey: .ignoredPixels)
        if let flipMean { try c.encode(flipMean, forKey: .flipMean) }
    }
}

extension ComparisonReport: CustomStringConvertible {
    /// A one-line summary, e.g. `"FAILED 100x80: 400 pixels differ (5.0%), 0 anti-aliased,
    /// max delta 0.5 at (20, 20), PSNR 20.3 dB, SSIM 0.9262"` (on one line), or
    /// `"passed 100x80: identical"`.
    public var description: String {
        let verdict = passed ? "passed" : "FAILED"
        if identical { return "\(verdict) \(size): identical" }
        let percent = (differentRatio * 100_000).rounded() / 1000
        let delta = (maxDelta * 1000).rounded() / 1000
        let at = maxDeltaAt.map { " at \($0)" } ?? ""
        let psnrText = psnr.isFinite ? "\((psnr * 10).rounded() / 10) dB" : "inf"
        let ssimText = (ssim * 10_000).rounded() / 10_000
        return "\(verdict) \(size): \(differentPixels) pixels differ (\(percent)%), "
            + "\(antialiasedPixels) anti-aliased, max delta \(delta)\(at), "
            + "PSNR \(psnrText), SSIM \(ssimText)"
    }
}
