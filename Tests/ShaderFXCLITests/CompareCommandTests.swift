import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXGolden
import ShaderFXUI

/// `shaderfx compare` end to end: pairs of PNGs built to be identical, close, different,
/// of different sizes, transparent with different colours, anti-aliased and shifted, or broken.
@Suite struct CompareCommandTests {
    /// A temporary folder that removes itself.
    final class Folder {
        let url: URL
        init() throws { url = try TemporaryFolder.make().url }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }

        /// Writes `image` as `name` and returns the path.
        func write(_ image: RGBAImage, _ name: String) throws -> String {
            try PNG.write(image, to: path(name))
            return path(name)
        }
    }

    /// White, with an opaque black `size`-pixel square whose left edge is at `x`.
    static func square(x: Int, size: Int = 8, width: Int = 48, height: Int = 32) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: SIMD4(1, 1, 1, 1))
        for y in 10..<(10 + size) {
            for column in x..<(x + size) { image[column, y] = SIMD4(0, 0, 0, 1) }
        }
        return image
    }

    /// A black disc on white with analytic (supersampled) anti-aliasing, centred at `cx`.
    static func disc(cx: Float, width: Int = 48, height: Int = 40) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var inside = 0
                for sy in 0..<8 {
                    for sx in 0..<8 {
                        let px = Float(x) + (Float(sx) + 0.5) / 8 - cx
                        let py = Float(y) + (Float(sy) + 0.5) / 8 - 20
                        if px * px + py * py <= 14 * 14 { inside += 1 }
                    }
                }
                let grey = 1 - Float(inside) / 64
                image[x, y] = SIMD4(grey, grey, grey, 1)
            }
        }
        return image
    }

    /// The report printed by `--json`.
    static func json(_ run: CLIRun) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "stdout: \(run.stdout)")
    }

    @Test func identicalImagesPass() throws {
        let folder = try Folder()
        let a = try folder.write(try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get()), "a.png")
        let b = try folder.write(try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get()), "b.png")
        let run = try CLIRun(["compare", a, b])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("PASS"))
        #expect(run.stdout.contains("(64x48): identical"))
        #expect(run.stderr.isEmpty)
        let report = try Self.json(try CLIRun(["compare", a, b, "--json"]))
        #expect(report["identical"] as? Bool == true)
        #expect(report["psnr"] is NSNull)
        #expect(report["ssim"] as? Double == 1)
    }

    @Test func noiseOfOneLevelIsWithinTolerance() throws {
        let folder = try Folder()
        let clean = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        var noisy = try PNG.decode(PNG.encode(clean), name: "clean")
        for i in stride(from: 0, to: noisy.pixels.count, by: 4) {
            let step: Float = (i / 4) % 3 == 0 ? 1 / 255 : (i / 4) % 3 == 1 ? -1 / 255 : 0
            for c in 0..<3 { noisy.pixels[i + c] = min(1, max(0, noisy.pixels[i + c] + step)) }
        }
        let a = try folder.write(clean, "clean.png")
        let b = try folder.write(noisy, "noisy.png")
        for threshold in ["0.1", "0.01"] {
            let run = try CLIRun(["compare", a, b, "--threshold", threshold])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("within tolerance"))
            #expect(run.stdout.contains("differing pixels: 0 of 3072"))
        }
        let report = try Self.json(try CLIRun(["compare", a, b, "--json"]))
        #expect(report["identical"] as? Bool == false)
        #expect(report["maxChannelDifference"] as? Double ?? 0 <= 1.01)
        #expect((report["psnr"] as? Double ?? 0) > 45)
        // At threshold 0 every changed pixel counts.
        let strict = try CLIRun(["compare", a, b, "--threshold", "0"])
        #expect(strict.status == 1)
    }

    @Test func aMovedObjectIsOutsideToleranceAndBudgetsDecide() throws {
        let folder = try Folder()
        let a = try folder.write(Self.square(x: 10), "a.png")
        let b = try folder.write(Self.square(x: 14), "b.png")
        let run = try CLIRun(["compare", a, b])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("FAIL"))
        #expect(run.stdout.contains("outside tolerance"))
        // Columns 10-13 and 18-21 of 8 rows changed: 64 pixels, each black against white.
        #expect(run.stdout.contains("differing pixels: 64 of 1536"))
        #expect(run.stdout.contains("largest difference: 0.9"))
        #expect(run.stdout.contains("at (10, 10)"))
        #expect(run.stdout.contains("PSNR:"))
        #expect(run.stdout.contains("SSIM:"))
        #expect(run.stderr.isEmpty)
        let report = try Self.json(try CLIRun(["compare", a, b, "--json"]))
        #expect(report["differentPixels"] as? Int == 64)
        #expect(report["passed"] as? Bool == false)
        #expect((report["maxDeltaAt"] as? [String: Int]) == ["x": 10, "y": 10])
        #expect(report["expected"] as? String == a)

        #expect(try CLIRun(["compare", a, b, "--max-different-pixels", "64"]).status == 0)
        #expect(try CLIRun(["compare", a, b, "--max-different-pixels", "63"]).status == 1)
        #expect(try CLIRun(["compare", a, b, "--max-different-ratio", "0.05"]).status == 0)
        #expect(try CLIRun(["compare", a, b, "--max-different-ratio", "0.04"]).status == 1)
        // Both budgets must hold.
        #expect(try CLIRun(["compare", a, b, "--max-different-pixels", "100", "--max-different-ratio", "0.01"]).status == 1)
    }

    @Test func differentSizesAreTheirOwnFailure() throws {
        let folder = try Folder()
        let a = try folder.write(try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get()), "a.png")
        let b = try folder.write(try BuiltInPicture.pool.draw(width: 48, height: 48, on: TestGPU.get()), "b.png")
        let diff = folder.path("diff.png")
        let run = try CLIRun(["compare", a, b, "--diff", diff])
        #expect(run.status == 1)
        #expect(run.stdout.contains("image sizes differ: expected 64x48, actual 48x48"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: diff))
        let report = try Self.json(try CLIRun(["compare", a, b, "--json"]))
        #expect(report["passed"] as? Bool == false)
        let mismatch = try #require(report["sizeMismatch"] as? [String: [String: Int]])
        #expect(mismatch["expected"] == ["width": 64, "height": 48])
        #expect(mismatch["actual"] == ["width": 48, "height": 48])
    }

    /// Straight RGBA bytes, written as they are (PNG.write would store transparent pixels as 0, 0, 0, 0).
    static func rawPNG(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) throws -> [UInt8] {
        var rows: [UInt8] = []
        for y in 0..<height { for x in 0..<width { rows += pixel(x, y) } }
        return try PNG.encodeRaw(PNG.RawImage(width: width, height: height, bitDepth: 8, colorType: .rgba, rows: rows))
    }

    @Test func shiftToleranceIgnoredRegionsAndMasks() throws {
        // The square moved by 4 pixels differs in 64 pixels; a shift tolerance of 4 excuses them,
        // a rectangle over both squares or a mask transparent there leaves them out.
        let folder = try Folder()
        let a = try folder.write(Self.square(x: 10), "a.png")
        let b = try folder.write(Self.square(x: 14), "b.png")
        let shifted = try CLIRun(["compare", a, b, "--shift-tolerance", "4", "--count-antialiasing"])
        #expect(shifted.status == 0, "\(shifted.stdout)\(shifted.stderr)")
        #expect(shifted.stdout.contains("shifted pixels excused (a match within 4 px): 64"), "\(shifted.stdout)")
        #expect(try CLIRun(["compare", a, b, "--shift-tolerance", "1"]).status == 1)
        let ignored = try CLIRun(["compare", a, b, "--ignore", "10,10,12,8", "--json"])
        let report = try Self.json(ignored)
        #expect(ignored.status == 0 && report["ignoredPixels"] as? Int == 96, "\(ignored.stdout)")
        var maskPicture = RGBAImage(width: 48, height: 32, fill: SIMD4(1, 1, 1, 1))
        for y in 0..<32 { for x in 0..<24 { maskPicture[x, y] = .zero } }
        let mask = try folder.write(maskPicture, "mask.png")
        #expect(try CLIRun(["compare", a, b, "--mask", mask]).status == 0)
        // Black against white is 0.97: a region threshold of 1 over both squares lets it through.
        #expect(try CLIRun(["compare", a, b, "--region", "10,10,12,8=1"]).status == 0)
        #expect(try CLIRun(["compare", a, b, "--region", "30,0,10,10=1"]).status == 1)
        let missing = try CLIRun(["compare", a, b, "--mask", folder.path("none.png")])
        #expect(missing.status == 2 && missing.stderr.contains("--mask"), "\(missing.stderr)")
    }

    @Test func flipJudgesByItsMeanError() throws {
        // A square moved by 4 pixels: ꟻLIP's report is the evaluator's, the verdict its mean against
        // --max-mean-error, and --diff its magma error map (black where nothing changed).
        let folder = try Folder()
        let a = try folder.write(Self.square(x: 10), "a.png")
        let b = try folder.write(Self.square(x: 14), "b.png")
        let (expected, _) = try FLIPEvaluator().compare(reference: PNG.read(path: a), test: PNG.read(path: b))
        let map = folder.path("flip.png")
        let run = try CLIRun(["compare", a, b, "--metric", "flip", "--diff", map])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("ꟻLIP mean \(String(format: "%.4f", expected.mean)) over 0.01"), "\(run.stdout)")
        let report = try Self.json(try CLIRun(["compare", a, b, "--metric", "flip", "--json"]))
        let flip = try #require(report["flip"] as? [String: Any])
        #expect(abs((flip["mean"] as? Double ?? -1) - expected.mean) < 1e-9)
        #expect(report["metric"] as? String == "flip")
        #expect(report["passed"] as? Bool == false)
        #expect((flip["percentiles"] as? [String: Double])?.keys.sorted() == ["p25", "p50", "p75", "p95", "p99"])
        #expect(try CLIRun(["compare", a, b, "--metric", "flip", "--max-mean-error", "\(expected.mean + 0.001)"]).status == 0)
        let picture = try PNG.read(path: map)
        #expect(picture.width == 48 && picture[0, 0].x < 0.01 && picture[0, 0].w == 1)
        #expect(picture[10, 12].x > 0.3, "the moved edge shows: \(picture[10, 12])")
    }

    @Test func theColourOfTransparentPixelsDoesNotCount() throws {
        let folder = try Folder()
        // The left half transparent: red in one file, blue in the other; the right half opaque grey.
        func picture(_ hidden: [UInt8], alpha: UInt8) throws -> [UInt8] {
            try Self.rawPNG(width: 32, height: 16) { x, _ in x < 16 ? hidden + [alpha] : [128, 128, 128, 255] }
        }
        let red = folder.path("red.png"), blue = folder.path("blue.png")
        try Data(picture([255, 0, 0], alpha: 0)).write(to: URL(fileURLWithPath: red))
        try Data(picture([0, 0, 255], alpha: 0)).write(to: URL(fileURLWithPath: blue))
        let run = try CLIRun(["compare", red, blue, "--threshold", "0"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("identical"))

        // Nearly transparent (alpha 2/255): the colour counts in proportion to alpha, under the default threshold.
        try Data(picture([255, 0, 0], alpha: 2)).write(to: URL(fileURLWithPath: red))
        try Data(picture([0, 0, 255], alpha: 2)).write(to: URL(fileURLWithPath: blue))
        let faint = try CLIRun(["compare", red, blue, "--json"])
        #expect(faint.status == 0, "\(faint.stdout)")
        #expect(try Self.json(faint)["maxDelta"] as? Double ?? 1 < 0.01)

        // Opaque, the same two colours are far apart.
        try Data(picture([255, 0, 0], alpha: 255)).write(to: URL(fileURLWithPath: red))
        try Data(picture([0, 0, 255], alpha: 255)).write(to: URL(fileURLWithPath: blue))
        let opaque = try CLIRun(["compare", red, blue])
        #expect(opaque.status == 1)
        #expect(opaque.stdout.contains("differing pixels: 256 of 512"))
    }

    @Test func antialiasedEdgesShiftedByASubPixelAreExcusedUnlessCounted() throws {
        let folder = try Folder()
        let a = try folder.write(Self.disc(cx: 24), "a.png")
        let b = try folder.write(Self.disc(cx: 24.4), "b.png")
        let excused = try CLIRun(["compare", a, b, "--json"])
        #expect(excused.status == 0, "\(excused.stdout)")
        let report = try Self.json(excused)
        #expect(report["differentPixels"] as? Int == 0)
        #expect((report["antialiasedPixels"] as? Int ?? 0) > 0)
        let counted = try CLIRun(["compare", a, b, "--count-antialiasing"])
        #expect(counted.status == 1, "\(counted.stdout)")
        #expect(!counted.stdout.contains("anti-aliased pixels excused"))
        // A whole pixel's move of a hard edge is not anti-aliasing.
        let c = try folder.write(Self.square(x: 10), "c.png")
        let d = try folder.write(Self.square(x: 11), "d.png")
        #expect(try CLIRun(["compare", c, d, "--ignore-antialiasing"]).status == 1)
    }

    @Test func diffAndSideBySidePicturesAreWritten() throws {
        let folder = try Folder()
        let a = try folder.write(Self.square(x: 10), "a.png")
        let b = try folder.write(Self.square(x: 14), "b.png")
        let diff = folder.path("diff.png"), sheet = folder.path("sheet.png")
        let run = try CLIRun(["compare", a, b, "--diff", diff, "--side-by-side", sheet, "--json"])
        #expect(run.status == 1)
        let report = try Self.json(run)
        #expect(report["diff"] as? String == diff)
        #expect(report["sideBySide"] as? String == sheet)
        let diffImage = try PNG.read(path: diff)
        #expect(diffImage.width == 48 && diffImage.height == 32)
        #expect(diffImage[10, 10] == SIMD4(1, 0, 0, 1))  // a differing pixel, red
        #expect(diffImage[30, 25].x == diffImage[30, 25].y && diffImage[30, 25].x > 0.9)  // unchanged: faded grey
        let sheetImage = try PNG.read(path: sheet)
        #expect(sheetImage.width == 3 * 48 + 2 * 4 && sheetImage.height == 32)
        // No temporary files are left beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["a.png", "b.png", "diff.png", "sheet.png"])
        // Identical images still get their pictures when asked.
        let same = try CLIRun(["compare", a, a, "--diff", diff])
        #expect(same.status == 0)
        #expect(same.stdout.contains("diff: \(diff)"))
    }

    @Test func brokenFilesAreErrors() throws {
        let folder = try Folder()
        let good = try folder.write(Self.square(x: 10), "good.png")
        var bytes = try PNG.encode(Self.square(x: 10))
        bytes.removeLast(30)
        let truncated = folder.path("truncated.png")
        try Data(bytes).write(to: URL(fileURLWithPath: truncated))
        let text = folder.path("text.png")
        try "not a picture".write(toFile: text, atomically: true, encoding: .utf8)
        for (bad, message) in [(truncated, "truncated.png: corrupt or truncated PNG"), (text, "text.png: not a PNG, JPEG or SVG file"),
                               (folder.path("missing.png"), "missing.png: cannot read the file")] {
            for arguments in [["compare", good, bad], ["compare", bad, good, "--json"]] {
                let run = try CLIRun(arguments)
                #expect(run.status == 2, "\(arguments): \(run.stdout)\(run.stderr)")
                #expect(run.stderr.contains(message), "\(run.stderr)")
                #expect(run.stdout.isEmpty)
            }
        }
        // An unwritable difference picture is an error too.
        let run = try CLIRun(["compare", good, good, "--diff", folder.path("no/such/folder/diff.png")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("diff.png"))
    }

    @Test(arguments: [
        (["compare", "a.png"], "missing required argument <actual>"),
        (["compare", "a.png", "b.png", "--threshold", "1.5"], "--threshold: expected a number in 0...1, got '1.5'"),
        (["compare", "a.png", "b.png", "--max-different-pixels", "-1"], "--max-different-pixels: expected a non-negative integer"),
        (["compare", "a.png", "b.png", "--max-different-ratio", "2"], "--max-different-ratio: expected a number in 0...1"),
        (["compare", "a.png", "b.png", "--ignore-antialiasing", "--count-antialiasing"], "not both"),
        (["compare", "a.png", "b.png", "--treshold", "0.1"], "did you mean '--threshold'?"),
        (["compare", "a.png", "b.png", "c.png"], "unexpected argument 'c.png'"),
        (["compare", "a.png", "b.png", "--ppd", "30"], "--ppd: expected --metric flip with it"),
        (["compare", "a.png", "b.png", "--ignore", "1,2,3"], "--ignore: expected a rectangle X,Y,W,H"),
        (["compare", "a.png", "b.png", "--region", "1,2,3,4=2"], "--region: expected X,Y,W,H=T"),
        (["compare", "a.png", "b.png", "--shift-tolerance", "99"], "--shift-tolerance"),
        (["compare", "a.png", "b.png", "--metric", "lpips"], "--metric"),
    ] as [([String], String)])
    func badOptionsExitWithTwo(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "stderr was: \(run.stderr)")
    }

    @Test func helpDocumentsTheExitCodesAndTheThreshold() throws {
        let run = try CLIRun(["compare", "--help"])
        #expect(run.status == 0)
        let help = run.stdout.replacingOccurrences(of: "\n", with: " ")
        for text in ["Exit codes", "0 within tolerance", "1 outside tolerance", "2 error", "--max-different-ratio",
                     "--side-by-side", "YIQ", "transparent"] {
            #expect(help.contains(text), "\(text)")
        }
        #expect(try CLIRun(["--help"]).stdout.contains("compare"))
    }
}
