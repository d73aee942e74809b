#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares rendered frames with reference images, pixelmatch-style, on premultiplied RGBA.
///
/// ```swift
/// let report = try ImageComparison.compare(expected: reference, actual: frame)
/// if !report.passed {
///     let diff = try ImageComparison.diffImage(expected: reference, actual: frame)
///     let sheet = ImageComparison.sideBySide(expected: reference, actual: frame, diff: diff)
///     // write `sheet` next to the test's artifacts
/// }
/// ```
///
/// ## Colour delta
/// For each pixel, with premultiplied channels in 0...1 and `d = expected - actual`:
///
///     dY = 0.29889531 dR + 0.58662247 dG + 0.11448223 dB
///     dI = 0.59597799 dR - 0.27417610 dG - 0.32180189 dB
///     dQ = 0.21147017 dR - 0.52261711 dG + 0.31114694 dB
///     delta = min(1, sqrt((0.5053 dY² + 0.299 dI² + 0.1957 dQ²) / M + dA²)),  M = 35215 / 255²
///
/// The first term is pixelmatch's YIQ distance divided by its maximum (so 1 is the largest
/// colour difference); the second is the alpha difference, weighted so that opaque black
/// against fully transparent is a full difference too. A pixel differs when
/// `delta > threshold`.
///
/// ## Alpha
/// Unlike pixelmatch, which blends translucent pixels onto white first, colours are compared
/// premultiplied, as they are stored. A pixel whose alpha is 0 or less is taken as
/// (0, 0, 0, 0), so the colour of fully transparent pixels never counts; a nearly transparent
/// pixel's colour difference scales with its alpha (two colours at alpha `a` differ by `a`
/// times what they differ by when opaque).
///
/// ## Other measures
/// - PSNR: `10 log10(255² / MSE)` over all four premultiplied channels at 8-bit scale.
/// - SSIM: mean SSIM (Wang et al. 2004) of luma `Y` (above) of the premultiplied colour,
///   11x11 Gaussian windows with sigma 1.5, C1 = 0.01², C2 = 0.03² (luma in 0...1), one
///   window per pixel, cut at the image edges with renormalised weights.
///
/// ## Cost
/// Bitwise-identical images are recognised with one `memcmp` (~15-20 ms for a 4K pair).
/// Otherwise one pass computes the deltas and sums, and one streamed separable pass computes
/// SSIM, both in bands of rows on all cores (results do not depend on the core count);
/// ``diffImage(expected:actual:options:)`` skips SSIM. Anti-aliasing detection costs extra
/// only for pixels above the threshold.
public enum ImageComparison {
    /// Compares `actual` with `expected`.
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - options: threshold, budgets and anti-aliasing handling.
    /// - Returns: the report; check ``ComparisonReport/passed``.
    /// - Throws: ``ComparisonError/sizeMismatch(expected:actual:)`` when the sizes differ.
    public static func compare(
        expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions = .default
    ) throws(ComparisonError) -> ComparisonReport {
        try run(expected: expected, actual: actual, options: options, wantsDiff: false).report
    }

    /// The difference picture, pixelmatch's style: an opaque, faded grey copy of `expected`
    /// (luma blended toward white, keeping 10 % of the contrast), with differing pixels in
    /// red (#FF0000) and pixels excused as anti-aliasing in yellow (#FFFF00).
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - options: as for ``compare(expected:actual:options:)``.
    /// - Returns: an opaque image of the same size.
    /// - Throws: ``ComparisonError/sizeMismatch(expected:actual:)`` when the sizes differ.
    public static func diffImage(
        expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions = .default
    ) throws(ComparisonError) -> RGBAImage {
        try run(expected: expected, actual: actual, options: options, wantsDiff: true,
                wantsSSIM: false).diff!
    }

    /// The report and the difference picture together, in one pass over the pixels.
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - options: threshold, budgets and anti-aliasing handling.
    /// - Returns: what ``compare(expected:actual:options:)`` and
    ///   ``diffImage(expected:actual:options:)`` return.
    /// - Throws: ``ComparisonError/sizeMismatch(expected:actual:)`` when the sizes differ.
    public static func compareWithDiff(
        expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions = .default
    ) throws(ComparisonError) -> (report: ComparisonReport, diff: RGBAImage) {
        let result = try run(expected: expected, actual: actual, options: options, wantsDiff: true)
        return (result.report, result.diff!)
    }

    /// Whether two images' pixel arrays are bitwise equal (same size and same bytes). Stops at
    /// the first difference.
    /// - Parameters:
    ///   - a: one image.
    ///   - b: the other image.
    public static func areIdentical(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else {
            return false
        }
        return a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
            }
        }
    }

    // MARK: - Engine

    private static func run(
        expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions,
        wantsDiff: Bool, wantsSSIM: Bool = true
    ) throws(ComparisonError) -> (report: ComparisonReport, diff: RGBAImage?) {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw .sizeMismatch(expected: ImageSize(of: expected), actual: ImageSize(of: actual))
        }
        let width = expected.width, height = expected.height
        let count = width * height
        precondition(expected.pixels.count == count * 4 && actual.pixels.count == count * 4,
                     "pixel array does not match the image size")

        if areIdentical(expected, actual) {
            var diff: RGBAImage?
            if wantsDiff {
                let pixels = expected.pixels.withUnsafeBufferPointer { a in
                    [Float](unsafeUninitializedCapacity: count * 4) { o, initialized in
                        PixelPass.fadedCopy(a.baseAddress!, count: count, into: o.baseAddress!)
                        initialized = count * 4
                    }
                }
                diff = RGBAImage(width: width, height: height, pixels: pixels)
            }
            let report = ComparisonReport(
                width: width, height: height, identical: true, differentPixels: 0,
                differentRatio: 0, antialiasedPixels: 0, maxDelta: 0, maxDeltaAt: nil,
                maxChannelDifference: 0, psnr: .infinity, ssim: 1,
                passed: options.passes(differentPixels: 0, totalPixels: count), options: options)
            if options.maxMeanFLIP != nil {
                var judged = report
                judged.flipMean = 0
                judged.passed = true
                return (judged, diff)
            }
            return (report, diff)
        }

        var diff: RGBAImage?
        var stats = PixelPassStatistics()
        var ssim: Double = 1
        expected.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                let pa = a.baseAddress!, pb = b.baseAddress!
                if wantsDiff {
                    // Every value is written by the pass, so the array starts uninitialised.
                    let pixels = [Float](unsafeUninitializedCapacity: count * 4) { o, initialized in
                        stats = PixelPass.run(
                            expected: pa, actual: pb, width: width, height: height,
                            options: options, diff: o.baseAddress!)
                        initialized = count * 4
                    }
                    diff = RGBAImage(width: width, height: height, pixels: pixels)
                } else {
                    stats = PixelPass.run(
                        expected: pa, actual: pb, width: width, height: height,
                        options: options, diff: nil)
                }
                if wantsSSIM {
                    ssim = SSIMKernel.mean(pa, pb, width: width, height: height)
                }
            }
        }

        let mse = stats.sumOfSquares / Double(count * 4)
        let psnr = mse > 0 ? 10 * log10(1 / mse) : .infinity
        let maxDelta = Double(min(1, stats.maxDelta2.squareRoot()))
        let maxAt = stats.maxDeltaIndex >= 0
            ? PixelPosition(x: stats.maxDeltaIndex % width, y: stats.maxDeltaIndex / width) : nil
        var report = ComparisonReport(
            width: width, height: height, identical: false,
            differentPixels: stats.differentPixels,
            differentRatio: Double(stats.differentPixels) / Double(count),
            antialiasedPixels: stats.antialiasedPixels,
            maxDelta: maxDelta, maxDeltaAt: maxAt,
            maxChannelDifference: Double(stats.maxChannelDifference) * 255,
            psnr: psnr, ssim: min(1, ssim),
            passed: options.passes(differentPixels: stats.differentPixels, totalPixels: count),
            options: options)
        report.shiftedPixels = stats.shiftedPixels
        report.ignoredPixels = stats.ignoredPixels
        if let limit = options.maxMeanFLIP {
            // ꟻLIP judges; its error map is the difference picture.
            let (flip, map) = try FLIPEvaluator(pixelsPerDegree: options.flipPixelsPerDegree).compare(reference: expected, test: actual)
            report.flipMean = flip.mean
            report.passed = flip.mean <= limit
            if wantsDiff { diff = FLIPEvaluator.errorPicture(map, width: width, height: height) }
        }
        return (report, diff)
    }
}
