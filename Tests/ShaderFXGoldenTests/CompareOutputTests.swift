import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore
@testable import ShaderFXGolden

@Suite("Comparison output: diff image, side by side, JSON, SSIM")
struct CompareOutputTests {
    typealias F = CompareFixtures

    /// A dark|light anti-aliased edge shifted by a sub-pixel, plus a 3x3 red block in the light
    /// area of the actual image.
    static func pair() -> (expected: RGBAImage, actual: RGBAImage) {
        let dark = SIMD4<Float>(0.1, 0.1, 0.1, 1), light = SIMD4<Float>(0.9, 0.9, 0.9, 1)
        let expected = F.edge(coverage: 0.3, left: dark, right: light)
        let actual = F.square(
            on: F.edge(coverage: 0.7, left: dark, right: light), x: 30, y: 5, size: 3,
            color: SIMD4(1, 0, 0, 1))
        return (expected, actual)
    }

    @Test func diffImageMarksDifferencesRedAntialiasingYellowAndFadesTheRest() throws {
        let (expected, actual) = Self.pair()
        let diff = try ImageComparison.diffImage(expected: expected, actual: actual)
        #expect(diff.width == 40 && diff.height == 30)
        #expect(diff.isOpaque)
        #expect(diff[31, 6] == SIMD4(1, 0, 0, 1))   // differing
        #expect(diff[15, 10] == SIMD4(1, 1, 0, 1))  // anti-aliased
        // unchanged pixels: grey, luma faded toward white keeping 10 % of the contrast
        for (x, y, value) in [(5, 20, Float(0.1)), (35, 20, 0.9)] {
            let p = diff[x, y]
            #expect(p.x == p.y && p.y == p.z && p.w == 1)
            #expect(abs(p.x - (0.9 + 0.1 * value)) < 1e-5)
        }
        // without anti-aliasing detection the edge is red too
        let strict = try ImageComparison.diffImage(
            expected: expected, actual: actual, options: ComparisonOptions(ignoreAntialiasing: false))
        #expect(strict[15, 10] == SIMD4(1, 0, 0, 1))
    }

    @Test func diffImageOfTranslucentAndIdenticalPictures() throws {
        // transparent fades to white; identical images give the faded copy with no marks
        var image = RGBAImage(width: 8, height: 8)
        image[2, 2] = SIMD4(0, 0, 0, 1)
        image[3, 3] = SIMD4(0, 0, 0, 0.5)
        let diff = try ImageComparison.diffImage(expected: image, actual: image)
        #expect(diff[0, 0] == SIMD4(1, 1, 1, 1))
        #expect(abs(diff[2, 2].x - 0.9) < 1e-6)
        #expect(abs(diff[3, 3].x - 0.95) < 1e-6)
        #expect(diff.isOpaque)
        #expect(!diff.pixels.enumerated().contains { $0.offset % 4 == 2 && $0.element == 0 })
    }

    @Test func compareWithDiffMatchesTheSeparateCalls() throws {
        let (expected, actual) = Self.pair()
        let both = try ImageComparison.compareWithDiff(expected: expected, actual: actual)
        #expect(both.report == (try ImageComparison.compare(expected: expected, actual: actual)))
        #expect(both.diff == (try ImageComparison.diffImage(expected: expected, actual: actual)))
        #expect(both.report.differentPixels == 9)
        #expect(both.report.antialiasedPixels == 30)
        // the red marks in the picture are the differing pixels
        let red = (0..<(40 * 30)).filter {
            both.diff.pixels[$0 * 4] == 1 && both.diff.pixels[$0 * 4 + 1] == 0
        }.count
        #expect(red == both.report.differentPixels)
    }

    @Test func sideBySideLaysOutTheThreeImagesWithGaps() throws {
        var expected = RGBAImage(width: 20, height: 12)  // transparent but one pixel
        expected[1, 1] = SIMD4(0.25, 0.5, 0.75, 1)
        let actual = F.solid(12, 6, SIMD3(0, 1, 0))
        let diff = F.solid(10, 12, SIMD3(1, 0, 0))
        let sheet = ImageComparison.sideBySide(expected: expected, actual: actual, diff: diff)
        #expect(sheet.width == 20 + 12 + 10 + 2 * 4)
        #expect(sheet.height == 12)
        #expect(sheet.isOpaque)
        #expect(sheet[1, 1] == SIMD4(0.25, 0.5, 0.75, 1))          // opaque pixel kept
        #expect(sheet[0, 0] != sheet[8, 0])                         // checkerboard shows
        #expect(sheet[0, 0] == sheet[8, 8])
        #expect(sheet[21, 0] == SIMD4(0.25, 0.25, 0.25, 1))         // gap
        #expect(sheet[24, 0] == SIMD4(0, 1, 0, 1))                  // actual at 20 + 4
        #expect(sheet[24, 8] == SIMD4(0.25, 0.25, 0.25, 1))         // below the shorter image
        #expect(sheet[40, 11] == SIMD4(1, 0, 0, 1))                 // diff at 20 + 4 + 12 + 4
        let wide = ImageComparison.sideBySide(expected: expected, actual: actual, diff: diff, gap: 10)
        #expect(wide.width == 62)
    }

    @Test func reportEncodesToJSONWithInfinitePSNRAsNull() throws {
        let image = F.levelsScene(16, 16)
        let identical = try ImageComparison.compare(expected: image, actual: image)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(identical)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"psnr\":null"))
        #expect(json.contains("\"maxDeltaAt\":null"))
        #expect(json.contains("\"identical\":true"))
        #expect(json.contains("\"ssim\":1"))
        let decoded = try JSONDecoder().decode(ComparisonReport.self, from: data)
        #expect(decoded.psnr == .infinity)
        #expect(decoded == identical)

        let moved = try ImageComparison.compare(
            expected: F.redSquare(atX: 20), actual: F.redSquare(atX: 30),
            options: ComparisonOptions(threshold: 0.05, maxDifferentRatio: 0.01))
        let movedData = try encoder.encode(moved)
        let movedJSON = String(decoding: movedData, as: UTF8.self)
        #expect(movedJSON.contains("\"maxDeltaAt\":{\"x\":20,\"y\":20}"))
        #expect(movedJSON.contains("\"differentPixels\":400"))
        #expect(movedJSON.contains("\"maxDifferentRatio\":0.01"))
        let movedBack = try JSONDecoder().decode(ComparisonReport.self, from: movedData)
        #expect(movedBack == moved)
        #expect(movedBack.psnr.isFinite)
    }

    @Test func optionsDecodeWithDefaultsForMissingKeys() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(ComparisonOptions.self, from: Data("{}".utf8)) == .default)
        let exact = Data(#"{"threshold":0,"ignoreAntialiasing":false}"#.utf8)
        #expect(try decoder.decode(ComparisonOptions.self, from: exact) == .exact)
        let options = ComparisonOptions(threshold: 0.2, maxDifferentPixels: 12, maxDifferentRatio: nil,
                                        ignoreAntialiasing: false)
        let back = try decoder.decode(ComparisonOptions.self, from: JSONEncoder().encode(options))
        #expect(back == options)
        #expect(ComparisonOptions.default.threshold == 0.1)
        #expect(ComparisonOptions.default.ignoreAntialiasing)
        #expect(ComparisonOptions.exact.threshold == 0)
    }

    @Test func ssimOfFlatImagesFollowsTheFormula() throws {
        // no variance: SSIM = (2 mu1 mu2 + C1) / (mu1² + mu2² + C1)
        let a = F.solid(20, 20, SIMD3(0.4, 0.4, 0.4))
        let b = F.solid(20, 20, SIMD3(0.6, 0.6, 0.6))
        let report = try ImageComparison.compare(expected: a, actual: b)
        let mu1 = 0.4, mu2 = 0.6, c1 = 0.0001
        let expected = (2 * mu1 * mu2 + c1) / (mu1 * mu1 + mu2 * mu2 + c1)
        // single-precision sums: variances are good to ~1e-8, a few 1e-5 next to C2
        #expect(abs(report.ssim - expected) < 1e-4)
    }

    /// SSIM written the slow way: a truncated, renormalised 11x11 Gaussian window per pixel.
    static func referenceSSIM(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        let w = a.width, h = a.height
        func luma(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
            let p = image[x, y]
            guard p.w > 0 else { return 0 }
            return 0.29889531 * Double(p.x) + 0.58662247 * Double(p.y) + 0.11448223 * Double(p.z)
        }
        let g = (0...10).map { exp(-Double(($0 - 5) * ($0 - 5)) / (2 * 1.5 * 1.5)) }
        var total = 0.0
        for y in 0..<h {
            for x in 0..<w {
                var sw = 0.0, s1 = 0.0, s2 = 0.0, s11 = 0.0, s22 = 0.0, s12 = 0.0
                for dy in -5...5 {
                    for dx in -5...5 {
                        let xx = x + dx, yy = y + dy
                        guard xx >= 0, xx < w, yy >= 0, yy < h else { continue }
                        let weight = g[dx + 5] * g[dy + 5]
                        let p = luma(a, xx, yy), q = luma(b, xx, yy)
                        sw += weight; s1 += weight * p; s2 += weight * q
                        s11 += weight * p * p; s22 += weight * q * q; s12 += weight * p * q
                    }
                }
                let mu1 = s1 / sw, mu2 = s2 / sw
                let v1 = s11 / sw - mu1 * mu1, v2 = s22 / sw - mu2 * mu2, cov = s12 / sw - mu1 * mu2
                let c1 = 0.0001, c2 = 0.0009
                total += (2 * mu1 * mu2 + c1) * (2 * cov + c2)
                    / ((mu1 * mu1 + mu2 * mu2 + c1) * (v1 + v2 + c2))
            }
        }
        return total / Double(w * h)
    }

    @Test(arguments: [(23, 17), (3, 5), (1, 1), (7, 300), (130, 9)])
    func ssimMatchesAStraightforwardImplementation(size: (Int, Int)) throws {
        var random = F.Generator(state: UInt64(size.0 * 1000 + size.1))
        var a = RGBAImage(width: size.0, height: size.1)
        var b = a
        for y in 0..<size.1 {
            for x in 0..<size.0 {
                let alpha: Float = random.unit() < 0.2 ? 0 : 1
                let v = random.unit()
                a[x, y] = SIMD4(v * alpha, random.unit() * alpha, random.unit() * alpha, alpha)
                b[x, y] = random.unit() < 0.5 ? a[x, y] : SIMD4(v * 0.5, 0.3, 0.2, 1)
            }
        }
        let report = try ImageComparison.compare(expected: a, actual: b)
        #expect(abs(report.ssim - Self.referenceSSIM(a, b)) < 1e-4)
        #expect(report.ssim == (try ImageComparison.compare(expected: b, actual: a)).ssim)
    }
}
