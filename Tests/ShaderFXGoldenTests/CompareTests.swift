import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore
@testable import ShaderFXGolden

/// Procedural test pictures and an independent (Double, scalar) delta formula.
enum CompareFixtures {
    /// An opaque image of one grey level or colour.
    static func solid(_ width: Int, _ height: Int, _ rgb: SIMD3<Float>, alpha: Float = 1) -> RGBAImage {
        RGBAImage(width: width, height: height,
                  fill: SIMD4(rgb.x * alpha, rgb.y * alpha, rgb.z * alpha, alpha))
    }

    /// `image` with an axis-aligned square of premultiplied `color`.
    static func square(
        on image: RGBAImage, x: Int, y: Int, size: Int, color: SIMD4<Float>
    ) -> RGBAImage {
        var out = image
        for yy in y..<(y + size) {
            for xx in x..<(x + size) { out[xx, yy] = color }
        }
        return out
    }

    /// An opaque picture in exact 8-bit levels: horizontal and vertical gradients plus a
    /// pattern, so neighbouring pixels rarely repeat.
    static func levelsScene(_ width: Int, _ height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = Float((x * 255) / max(1, width - 1)) / 255
                let g = Float((y * 255) / max(1, height - 1)) / 255
                let b = Float(((x * 7 + y * 13) % 200) + 20) / 255
                image[x, y] = SIMD4(r, g, b, 1)
            }
        }
        return image
    }

    /// A deterministic generator (LCG).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        /// -1, 0 or +1.
        mutating func sign() -> Float { Float(Int(next() % 3) - 1) }
        /// 0..<1
        mutating func unit() -> Float { Float(next() % 1_000_000) / 1_000_000 }
    }

    /// `image` with each channel (and alpha where `alpha` is true) moved by -1, 0 or +1
    /// 8-bit level at random, kept in 0...1 and, for premultiplied validity, rgb <= alpha.
    static func oneLevelNoise(_ image: RGBAImage, alpha: Bool = false, seed: UInt64 = 7) -> RGBAImage {
        var out = image
        var random = Generator(state: seed)
        for i in 0..<(image.width * image.height) {
            let a0 = out.pixels[i * 4 + 3]
            let a = alpha ? min(1, max(0, a0 + random.sign() / 255)) : a0
            out.pixels[i * 4 + 3] = a
            for c in 0..<3 {
                let v = out.pixels[i * 4 + c] + random.sign() / 255
                out.pixels[i * 4 + c] = min(a, max(0, v))
            }
        }
        return out
    }

    /// The normalised delta of two premultiplied colours, written out independently in Double.
    static func referenceDelta(_ p: SIMD4<Float>, _ q: SIMD4<Float>) -> Double {
        let dr = Double(p.x - q.x), dg = Double(p.y - q.y), db = Double(p.z - q.z)
        let da = Double(p.w - q.w)
        let y = 0.29889531 * dr + 0.58662247 * dg + 0.11448223 * db
        let i = 0.59597799 * dr - 0.27417610 * dg - 0.32180189 * db
        let q = 0.21147017 * dr - 0.52261711 * dg + 0.31114694 * db
        let yiq = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return min(1, (yiq / (35215.0 / 65025.0) + da * da).squareRoot())
    }

    /// A 100x80 grey picture with a red 20x20 square at (`x`, 20).
    static func redSquare(atX x: Int) -> RGBAImage {
        square(on: solid(100, 80, SIMD3(0.5, 0.5, 0.5)), x: x, y: 20, size: 20,
               color: SIMD4(1, 0, 0, 1))
    }

    /// A `width` x `height` picture split by a vertical edge at column 15: `left` before it,
    /// `right` after it, and column 15 an anti-aliased mix with `coverage` of `left`.
    static func edge(
        coverage: Float, left: SIMD4<Float>, right: SIMD4<Float>,
        width: Int = 40, height: Int = 30
    ) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = x < 15 ? left : x > 15 ? right : coverage * left + (1 - coverage) * right
            }
        }
        return image
    }
}

@Suite("Comparison")
struct CompareTests {
    typealias F = CompareFixtures

    @Test func identicalImagesAreRecognisedFirst() throws {
        let a = F.levelsScene(64, 48)
        let b = RGBAImage(width: 64, height: 48, pixels: a.pixels)
        for options in [ComparisonOptions.default, .exact] {
            let report = try ImageComparison.compare(expected: a, actual: b, options: options)
            #expect(report.identical)
            #expect(report.passed)
            #expect(report.differentPixels == 0)
            #expect(report.differentRatio == 0)
            #expect(report.antialiasedPixels == 0)
            #expect(report.maxDelta == 0)
            #expect(report.maxDeltaAt == nil)
            #expect(report.maxChannelDifference == 0)
            #expect(report.psnr == .infinity)
            #expect(report.ssim == 1)
            #expect(report.width == 64 && report.height == 48)
            #expect(report.options == options)
        }
        #expect(ImageComparison.areIdentical(a, b))
    }

    @Test func oneLevelOfNoiseEverywherePassesTheDefaultThreshold() throws {
        let a = F.levelsScene(96, 64)
        let b = F.oneLevelNoise(a)
        let report = try ImageComparison.compare(expected: a, actual: b)
        #expect(!report.identical)
        #expect(report.passed)
        #expect(report.differentPixels == 0)
        #expect(report.maxDelta > 0 && report.maxDelta < 0.01)
        #expect(abs(report.maxChannelDifference - 1) < 1e-3)
        #expect(report.psnr > 48 && report.psnr.isFinite)
        #expect(report.ssim > 0.99 && report.ssim < 1)
        // ...but not an exact comparison
        let exact = try ImageComparison.compare(expected: a, actual: b, options: .exact)
        #expect(!exact.passed)
        #expect(exact.differentPixels > 0)
    }

    @Test func oneLevelOfNoiseOnTranslucentPixelsIncludingAlphaPasses() throws {
        let a = F.solid(48, 32, SIMD3(0.6, 0.3, 0.8), alpha: 128.0 / 255)
        let b = F.oneLevelNoise(a, alpha: true, seed: 99)
        let report = try ImageComparison.compare(expected: a, actual: b)
        #expect(report.passed)
        #expect(report.maxDelta < 0.0056)
    }

    @Test func anObjectMovedByTenPixelsFails() throws {
        let expected = F.redSquare(atX: 20)
        let actual = F.redSquare(atX: 30)
        for ignoreAA in [true, false] {
            let options = ComparisonOptions(ignoreAntialiasing: ignoreAA)
            let report = try ImageComparison.compare(expected: expected, actual: actual, options: options)
            #expect(!report.passed)
            // 10x20 uncovered on the left, 10x20 newly covered on the right
            #expect(report.differentPixels == 400)
            #expect(report.antialiasedPixels == 0)
            #expect(report.differentRatio == 400.0 / 8000.0)
            #expect(report.maxDeltaAt == PixelPosition(x: 20, y: 20))
            let delta = F.referenceDelta(SIMD4(1, 0, 0, 1), SIMD4(0.5, 0.5, 0.5, 1))
            #expect(abs(report.maxDelta - delta) < 1e-5)
            #expect(abs(report.maxChannelDifference - 127.5) < 1e-3)
            #expect(report.ssim < 1)
        }
    }

    @Test func reportDescriptionSummarisesTheResult() throws {
        let report = try ImageComparison.compare(
            expected: F.redSquare(atX: 20), actual: F.redSquare(atX: 30))
        #expect(report.description.hasPrefix(
            "FAILED 100x80: 400 pixels differ (5.0%), 0 anti-aliased, max delta 0.5 at (20, 20)"))
        let same = try ImageComparison.compare(
            expected: F.redSquare(atX: 20), actual: F.redSquare(atX: 20))
        #expect(same.description == "passed 100x80: identical")
    }

    @Test func differencesAcrossRowBandsAreCountedAndLocatedInRowOrder() throws {
        // taller than several 64-row bands of the per-pixel pass and 128-row SSIM bands
        let base = F.solid(30, 300, SIMD3(0.2, 0.4, 0.6))
        var actual = base
        for y in [250, 3, 140, 64, 63] { actual[7, y] = SIMD4(1, 1, 1, 1) }
        actual[9, 200] = SIMD4(0.9, 0.9, 0.9, 1)  // smaller delta
        let report = try ImageComparison.compare(expected: base, actual: actual)
        #expect(report.differentPixels == 6)
        #expect(report.maxDeltaAt == PixelPosition(x: 7, y: 3))
    }

    @Test func budgetsByCountAndByRatio() throws {
        let expected = F.redSquare(atX: 20)
        let actual = F.redSquare(atX: 30)  // 400 of 8000 pixels differ
        func passes(_ options: ComparisonOptions) throws -> Bool {
            try ImageComparison.compare(expected: expected, actual: actual, options: options).passed
        }
        #expect(try !passes(ComparisonOptions()))
        #expect(try passes(ComparisonOptions(maxDifferentPixels: 400)))
        #expect(try !passes(ComparisonOptions(maxDifferentPixels: 399)))
        #expect(try passes(ComparisonOptions(maxDifferentRatio: 0.05)))
        #expect(try !passes(ComparisonOptions(maxDifferentRatio: 0.049)))
        // every budget given must hold
        #expect(try passes(ComparisonOptions(maxDifferentPixels: 1000, maxDifferentRatio: 0.05)))
        #expect(try !passes(ComparisonOptions(maxDifferentPixels: 1000, maxDifferentRatio: 0.049)))
        #expect(try !passes(ComparisonOptions(maxDifferentPixels: 399, maxDifferentRatio: 0.5)))
        // a budget of zero is the same as none
        #expect(try !passes(ComparisonOptions(maxDifferentPixels: 0)))
        let same = try ImageComparison.compare(
            expected: expected, actual: expected, options: ComparisonOptions(maxDifferentPixels: 0))
        #expect(same.passed)
    }

    @Test func differentSizesThrowWithBothSizesInTheMessage() {
        let a = RGBAImage(width: 512, height: 512)
        let b = RGBAImage(width: 510, height: 512)
        let expectedError = ComparisonError.sizeMismatch(
            expected: ImageSize(width: 512, height: 512), actual: ImageSize(width: 510, height: 512))
        #expect(throws: expectedError) { try ImageComparison.compare(expected: a, actual: b) }
        #expect(throws: expectedError) { try ImageComparison.diffImage(expected: a, actual: b) }
        #expect(throws: expectedError) { try ImageComparison.compareWithDiff(expected: a, actual: b) }
        do {
            _ = try ImageComparison.compare(expected: a, actual: b)
            Issue.record("no error thrown")
        } catch {
            #expect(String(describing: error).contains("expected 512x512, actual 510x512"))
        }
    }

    @Test func transparentPixelsWithDifferentRGBDoNotCount() throws {
        // alpha 0 everywhere but a shared opaque square; the rgb under alpha 0 differs
        var a = RGBAImage(width: 16, height: 16)
        var b = RGBAImage(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 {
                a[x, y] = SIMD4(1, 0, 0, 0)
                b[x, y] = SIMD4(0, Float(x) / 16, 1, 0)
            }
        }
        a = F.square(on: a, x: 4, y: 4, size: 5, color: SIMD4(0.2, 0.3, 0.4, 1))
        b = F.square(on: b, x: 4, y: 4, size: 5, color: SIMD4(0.2, 0.3, 0.4, 1))
        let report = try ImageComparison.compare(expected: a, actual: b, options: .exact)
        #expect(!report.identical)
        #expect(report.passed)
        #expect(report.differentPixels == 0)
        #expect(report.maxDelta == 0)
        #expect(report.maxDeltaAt == nil)
        #expect(report.maxChannelDifference == 0)
        #expect(report.psnr == .infinity)
        #expect(report.ssim == 1)
    }

    @Test(arguments: [Float(1), 0.5, 0.2, 0.1, 0.02])
    func aTranslucentPixelCountsInProportionToItsAlpha(alpha: Float) throws {
        // red against blue, both at `alpha`, on a transparent background
        let background = RGBAImage(width: 9, height: 9)
        let a = F.square(on: background, x: 4, y: 4, size: 1, color: SIMD4(alpha, 0, 0, alpha))
        let b = F.square(on: background, x: 4, y: 4, size: 1, color: SIMD4(0, 0, alpha, alpha))
        let opaqueDelta = F.referenceDelta(SIMD4(1, 0, 0, 1), SIMD4(0, 0, 1, 1))  // 0.707
        let report = try ImageComparison.compare(expected: a, actual: b)
        #expect(abs(report.maxDelta - Double(alpha) * opaqueDelta) < 1e-5)
        #expect(report.maxDeltaAt == PixelPosition(x: 4, y: 4))
        // the default threshold 0.1 lets through alpha < 0.141 only
        #expect(report.passed == (Double(alpha) * opaqueDelta <= 0.1))
        // just below and just above the delta
        let below = ComparisonOptions(threshold: Double(alpha) * opaqueDelta * 0.99)
        let above = ComparisonOptions(threshold: Double(alpha) * opaqueDelta * 1.01)
        #expect(try ImageComparison.compare(expected: a, actual: b, options: below).differentPixels == 1)
        #expect(try ImageComparison.compare(expected: a, actual: b, options: above).differentPixels == 0)
    }

    @Test func alphaAloneCounts() throws {
        // opaque black against fully transparent is a full difference
        let a = F.solid(4, 4, SIMD3(0, 0, 0), alpha: 1)
        let b = RGBAImage(width: 4, height: 4)
        let report = try ImageComparison.compare(expected: a, actual: b)
        #expect(report.maxDelta == 1)
        #expect(report.differentPixels == 16)
        #expect(abs(report.maxChannelDifference - 255) < 1e-3)
    }

    static let edgeColors: [(String, SIMD4<Float>, SIMD4<Float>)] = [
        ("dark|light", SIMD4(0.1, 0.1, 0.1, 1), SIMD4(0.9, 0.9, 0.9, 1)),
        ("white|transparent", SIMD4(1, 1, 1, 1), .zero),
        ("black|transparent", SIMD4(0, 0, 0, 1), .zero),
        ("orange|blue", SIMD4(1, 0.5, 0, 1), SIMD4(0, 0.2, 0.8, 1)),
    ]

    @Test(arguments: edgeColors)
    func anEdgeShiftedBySubpixelIsAntialiasing(_ colors: (String, SIMD4<Float>, SIMD4<Float>)) throws {
        // the edge column covers 30 % then 70 % of the left colour: a 0.4 px shift
        let expected = F.edge(coverage: 0.3, left: colors.1, right: colors.2)
        let actual = F.edge(coverage: 0.7, left: colors.1, right: colors.2)
        let excused = try ImageComparison.compare(
            expected: expected, actual: actual, options: ComparisonOptions(ignoreAntialiasing: true))
        #expect(excused.antialiasedPixels == 30, "\(colors.0)")
        #expect(excused.differentPixels == 0, "\(colors.0)")
        #expect(excused.passed, "\(colors.0)")
        #expect(excused.maxDelta > 0.1, "\(colors.0)")
        let counted = try ImageComparison.compare(
            expected: expected, actual: actual, options: ComparisonOptions(ignoreAntialiasing: false))
        #expect(counted.antialiasedPixels == 0, "\(colors.0)")
        #expect(counted.differentPixels == 30, "\(colors.0)")
        #expect(!counted.passed, "\(colors.0)")
    }

    @Test func aHardEdgeMoveIsNotAntialiasing() throws {
        // a whole column changes from one flat colour to the other: no in-between value
        let dark = SIMD4<Float>(0.1, 0.1, 0.1, 1), light = SIMD4<Float>(0.9, 0.9, 0.9, 1)
        let expected = F.edge(coverage: 0, left: dark, right: light)
        let actual = F.edge(coverage: 1, left: dark, right: light)
        let report = try ImageComparison.compare(expected: expected, actual: actual)
        #expect(report.differentPixels == 30)
        #expect(report.antialiasedPixels == 0)
    }

    @Test func psnrAndChannelDifferenceOfAUniformShift() throws {
        let a = F.solid(32, 16, SIMD3(0.2, 0.4, 0.6))
        var b = a
        for i in 0..<(32 * 16) { b.pixels[i * 4] += 10.0 / 255 }
        let report = try ImageComparison.compare(expected: a, actual: b)
        // MSE over four channels = (10/255)² / 4
        let psnr = 10 * log10(4 * 255.0 * 255.0 / 100)  // 34.15 dB
        #expect(abs(report.psnr - psnr) < 1e-3)
        #expect(abs(report.maxChannelDifference - 10) < 1e-3)
    }
}

/// pixelmatch's anti-aliasing detection ported line by line, without any of the speed-ups of
/// the library (ring buffers, neighbour counts, bands, selects), to check them against.
enum CompareReferencePixelmatch {
    static func brightness(_ image: RGBAImage, _ x: Int, _ y: Int) -> Float {
        let p = image[x, y]
        guard p.w > 0 else { return 0 }
        return PixelDelta.yR * p.x + PixelDelta.yG * p.y + PixelDelta.yB * p.z + 0.5 * p.w
    }

    static func same(_ p: SIMD4<Float>, _ q: SIMD4<Float>) -> Bool {
        if p.w <= 0 || q.w <= 0 { return p.w <= 0 && q.w <= 0 }
        return p == q
    }

    static func antialiased(_ img: RGBAImage, _ other: RGBAImage, _ x1: Int, _ y1: Int) -> Bool {
        let w = img.width, h = img.height
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minD: Float = 0, maxD: Float = 0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let delta = brightness(img, x1, y1) - brightness(img, x, y)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minD {
                    minD = delta; minX = x; minY = y
                } else if delta > maxD {
                    maxD = delta; maxX = x; maxY = y
                }
            }
        }
        if minD == 0 || maxD == 0 { return false }
        return (hasManySiblings(img, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(img, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    static func hasManySiblings(_ img: RGBAImage, _ x1: Int, _ y1: Int) -> Bool {
        let w = img.width, h = img.height
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                if same(img[x1, y1], img[x, y]) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// (different, anti-aliased) counts.
    static func counts(_ a: RGBAImage, _ b: RGBAImage, threshold: Double) -> (Int, Int) {
        var different = 0, aa = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                func eff(_ p: SIMD4<Float>) -> SIMD4<Float> { p.w > 0 ? p : .zero }
                let delta = CompareFixtures.referenceDelta(eff(a[x, y]), eff(b[x, y]))
                guard delta > threshold else { continue }
                if antialiased(a, b, x, y) || antialiased(b, a, x, y) { aa += 1 } else { different += 1 }
            }
        }
        return (different, aa)
    }
}

@Suite("Comparison anti-aliasing against a plain port of pixelmatch")
struct CompareAntialiasingTests {
    /// Blocky pictures from a small palette (so equal neighbours are common), with blends
    /// between palette colours (so edges have in-between values), and a copy changed in places.
    static func pictures(width: Int, height: Int, seed: UInt64) -> (RGBAImage, RGBAImage) {
        var random = CompareFixtures.Generator(state: seed)
        let palette: [SIMD4<Float>] = [
            SIMD4(0.1, 0.1, 0.1, 1), SIMD4(0.9, 0.9, 0.9, 1), SIMD4(0.8, 0.2, 0.1, 1), .zero,
            SIMD4(0.5, 0.5, 0, 0.5),
        ]
        func color() -> SIMD4<Float> {
            let p = palette[Int(random.next() % 5)], q = palette[Int(random.next() % 5)]
            switch random.next() % 4 {
            case 0: return 0.5 * p + 0.5 * q
            default: return p
            }
        }
        var a = RGBAImage(width: width, height: height)
        var y = 0
        while y < height {
            var x = 0
            let rows = 1 + Int(random.next() % 4)
            while x < width {
                let cols = 1 + Int(random.next() % 5)
                let c = color()
                for yy in y..<min(height, y + rows) {
                    for xx in x..<min(width, x + cols) { a[xx, yy] = c }
                }
                x += cols
            }
            y += rows
        }
        var b = a
        for _ in 0..<(width * height / 6) {
            let x = Int(random.next() % UInt64(width)), y = Int(random.next() % UInt64(height))
            b[x, y] = random.next() % 2 == 0 ? color() : a[min(width - 1, x + 1), y]
        }
        return (a, b)
    }

    @Test(arguments: [(40, 30, UInt64(1)), (73, 150, 2), (5, 200, 3), (300, 7, 4), (2, 2, 5), (1, 9, 6)])
    func countsMatchThePlainPort(_ setup: (Int, Int, UInt64)) throws {
        let (a, b) = Self.pictures(width: setup.0, height: setup.1, seed: setup.2)
        var excused = 0
        for threshold in [0.0, 0.05, 0.2] {
            let report = try ImageComparison.compare(
                expected: a, actual: b, options: ComparisonOptions(threshold: threshold))
            let (different, aa) = CompareReferencePixelmatch.counts(a, b, threshold: threshold)
            #expect(report.differentPixels == different, "threshold \(threshold)")
            #expect(report.antialiasedPixels == aa, "threshold \(threshold)")
            excused += aa
        }
        // the larger pictures do exercise the detection
        if setup.0 * setup.1 >= 1000 { #expect(excused > 10) }
    }
}
