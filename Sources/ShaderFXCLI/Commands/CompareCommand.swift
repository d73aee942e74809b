import Dispatch
import Foundation
import ShaderFXGolden

/// `shaderfx compare`: two PNG files, judged with a perceptual per-pixel threshold and a budget
/// of differing pixels; optional difference pictures and a JSON report.
///
/// Exit status: 0 within tolerance, 1 outside it (different sizes included), 2 error (a file that
/// cannot be read or written, a bad option).
struct CompareCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "compare",
            abstract: "Compare two PNG images: differing pixels, largest difference, PSNR, SSIM.",
            discussion: """
                A pixel differs when its colour delta is above --threshold. The delta is pixelmatch's perceptual \
                YIQ distance, taken on premultiplied colours with an alpha term and normalised to 0...1: 0 is equal, \
                1 the largest difference (black against white is 0.97). One 8-bit level of change on any of R, G, B \
                is at most 0.004; 0.01 lets through a grey shift of about 2.6 levels; 0.1 (the default, as \
                pixelmatch's) about 26 levels. The colour of a fully transparent pixel does not count, and a nearly \
                transparent pixel counts in proportion to its alpha.
                The images pass when the number of differing pixels fits every budget given (--max-different-pixels, \
                --max-different-ratio); with no budget no pixel may differ. A differing pixel on an anti-aliased edge \
                (both a darker and a brighter flat neighbour) is excused unless --count-antialiasing is given. \
                Bitwise-identical images are recognised first, at the cost of reading them.
                The report gives the number and ratio of differing pixels, the largest delta and where it is, PSNR \
                over the premultiplied channels and SSIM of the luma. Images of different sizes are a failure of \
                their own, naming both sizes.
                With --metric flip the images are judged by ꟻLIP instead (Andersson et al., HPG 2020: the difference \
                a viewer sees flipping between them, per pixel in 0...1, from colour filtered by the eye's contrast \
                sensitivity and from edges and points one image has and the other lacks, at --ppd pixels per degree of \
                visual angle, 67 by default): they pass when the mean error is at most --max-mean-error (0.01 by \
                default); the report adds the mean, the largest error and where, and the 25th to 99th percentiles, and \
                --diff writes the error map in the magma colour map. Colours are compared as composited over black.
                --shift-tolerance N excuses a differing pixel when the other image has a matching pixel within N \
                pixels, both ways round (a missing or extra line is still found); --ignore X,Y,W,H and --mask FILE (its \
                transparent pixels) leave pixels out. Both are counted apart in the report; in the difference picture \
                shifted pixels are cyan and ignored ones violet.
                Exit codes (stable): 0 within tolerance; 1 outside tolerance (sizes differ included); 2 error: a file \
                that cannot be read or written, a bad option. With --json the report goes to standard output as one \
                JSON object (errors still go to standard error).
                """,
            examples: [
                UsageExample("shaderfx compare reference.png frame.png", explanation: "pixelmatch's defaults: no pixel may differ by more than 0.1"),
                UsageExample("shaderfx compare reference.png frame.png --threshold 0.05 --max-different-ratio 0.001 --diff diff.png",
                             explanation: "allow 0.1 % of the pixels to differ; write the difference picture"),
                UsageExample("shaderfx compare reference.png frame.png --json", explanation: "the report as JSON, for scripts"),
                UsageExample("shaderfx compare reference.png frame.png --metric flip --max-mean-error 0.02 --diff flip.png",
                             explanation: "judge by ꟻLIP's mean error; write its error map"),
            ])
    }

    @Argument(help: "the reference PNG", completion: .files)
    var expected: String
    @Argument(help: "the PNG under test", completion: .files)
    var actual: String
    @Option(valueName: "T", help: "per-pixel colour threshold, 0...1 (see above)", in: 0...1)
    var threshold = 0.1
    @Option(valueName: "N", help: "pass with at most N differing pixels", in: 0...Int.max)
    var maxDifferentPixels: Int?
    @Option(valueName: "R", help: "pass with at most this fraction (0...1) of the pixels differing", in: 0...1)
    var maxDifferentRatio: Double?
    @Flag(help: "excuse differing pixels on anti-aliased edges (the default)")
    var ignoreAntialiasing: Bool
    @Flag(help: "count anti-aliased pixels as differing too")
    var countAntialiasing: Bool
    @Option(valueName: "FILE", help: "write the difference picture: differences in red over a faded grey copy of the expected image, anti-aliased ones in yellow")
    var diff: String?
    @Option(valueName: "FILE", help: "write expected | actual | difference as one picture")
    var sideBySide: String?
    @Flag(help: "print the report as JSON")
    var json: Bool
    @Option(valueName: "N", help: "excuse a differing pixel when the other image has a matching one within N pixels, both ways round (rasterisation shifted between GPUs); counted apart as shifted", in: 0...16)
    var shiftTolerance = 0
    @Option(valueName: "X,Y,W,H", help: "a rectangle of pixels not compared (repeatable): a clock, a date, a region that legitimately changes")
    var ignore: [String]
    @Option(valueName: "FILE", help: "a PNG whose transparent pixels are not compared (the mask's size from the top-left corner)")
    var mask: String?
    @Option(valueName: "X,Y,W,H=T", help: "a rectangle with a threshold of its own, 0...1 (repeatable; the last one holding a pixel decides)")
    var region: [String]
    @Option(valueName: "METRIC", help: "what judges the images: yiq (per-pixel threshold and budgets, the default) or flip (ꟻLIP's mean error)")
    var metric: CompareMetric = .yiq
    @Option(valueName: "PPD", help: "with --metric flip: pixels per degree of visual angle (67: a 0.7 m wide 4K screen at 0.7 m)", in: 1...1000)
    var ppd = 67.0
    @Option(valueName: "E", help: "with --metric flip: pass when the mean error is at most E, 0...1 (default 0.01)", in: 0...1)
    var maxMeanError = 0.01

    /// Runs the command and returns its exit status: 0 within tolerance, 1 outside, 2 error.
    /// Usage errors are thrown, for the caller to report with its hint (exit 2).
    func run(_ context: CommandContext, output: inout Output) throws -> Int32 {
        var options = try comparisonOptions()
        if let mask {
            do { options.mask = IgnoreMask(try ImageFile.read(path: mask)) } catch {
                throw CommandFailure(message: "--mask \(mask): \(error)", exitCode: 2)
            }
        }
        let expectedPath = expected, actualPath = actual
        let diffPath = diff, sheetPath = sideBySide

        let images: (expected: RGBAImage, actual: RGBAImage)
        do {
            images = try Self.readBoth(expectedPath, actualPath)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 2)
        }
        var result = CompareResult(expected: expectedPath, actual: actualPath, options: options)
        result.picturesRequested = diffPath != nil || sheetPath != nil
        do {
            if diffPath == nil && sheetPath == nil {
                result.report = try ImageComparison.compare(expected: images.expected, actual: images.actual, options: options)
            } else {
                let (report, diff) = try ImageComparison.compareWithDiff(
                    expected: images.expected, actual: images.actual, options: options)
                result.report = report
                do {
                    if let diffPath {
                        try PNG.write(diff, to: diffPath)
                        result.diff = diffPath
                    }
                    if let sheetPath {
                        let sheet = ImageComparison.sideBySide(expected: images.expected, actual: images.actual, diff: diff)
                        try PNG.write(sheet, to: sheetPath)
                        result.sideBySide = sheetPath
                    }
                } catch {
                    throw CommandFailure(message: "\(error)", exitCode: 2)
                }
            }
        } catch let error as ComparisonError {
            result.sizeMismatch = error
        }

        if metric == .flip, result.sizeMismatch == nil {
            let (report, map) = try FLIPEvaluator(pixelsPerDegree: ppd).compare(reference: images.expected, test: images.actual)
            result.flip = report
            result.maxMeanFLIP = maxMeanError
            result.report?.passed = report.mean <= maxMeanError
            if let diffPath {
                do {
                    try PNG.write(FLIPEvaluator.errorPicture(map, width: images.expected.width, height: images.expected.height), to: diffPath)
                } catch {
                    throw CommandFailure(message: "\(error)", exitCode: 2)
                }
            }
        }
        if json {
            output.print(try result.json())
        } else {
            output.print(result.text())
        }
        return result.passed ? 0 : 1
    }

    /// The comparison options from the flags.
    func comparisonOptions() throws(UsageError) -> ComparisonOptions {
        if metric == .yiq, ppd != 67 || maxMeanError != 0.01 {
            throw .invalidValue(option: ppd != 67 ? "--ppd" : "--max-mean-error", value: "\(ppd != 67 ? ppd : maxMeanError)", expected: "--metric flip with it")
        }
        if ignoreAntialiasing && countAntialiasing {
            throw .invalidValue(option: "--count-antialiasing", value: "",
                                expected: "either --ignore-antialiasing or --count-antialiasing, not both")
        }
        var options = ComparisonOptions(threshold: threshold, maxDifferentPixels: maxDifferentPixels,
                                        maxDifferentRatio: maxDifferentRatio, ignoreAntialiasing: !countAntialiasing)
        options.shiftTolerance = shiftTolerance
        for text in ignore {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], x >= 0, y >= 0, w >= 0, h >= 0 else {
                throw .invalidValue(option: "--ignore", value: text, expected: "a rectangle X,Y,W,H of whole pixels, e.g. 10,20,64,16")
            }
            options.ignore.append(PixelRect(x: x, y: y, width: w, height: h))
        }
        for text in region {
            let halves = text.split(separator: "=", omittingEmptySubsequences: false)
            let parts = halves.first.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) } } ?? []
            guard halves.count == 2, parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
                  x >= 0, y >= 0, w >= 0, h >= 0, let t = Double(halves[1]), (0...1).contains(t) else {
                throw .invalidValue(option: "--region", value: text, expected: "X,Y,W,H=T: a rectangle of whole pixels and a threshold in 0...1, e.g. 0,0,64,32=0.2")
            }
            options.regions.append(RegionThreshold(rect: PixelRect(x: x, y: y, width: w, height: h), threshold: t))
        }
        return options
    }

    /// Decodes both files, on two threads.
    static func readBoth(_ a: String, _ b: String) throws(ImageError) -> (expected: RGBAImage, actual: RGBAImage) {
        let results = ResultPair()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let path = index == 0 ? a : b
            results.set(index, Result { () throws(ImageError) in try ImageFile.read(path: path) })
        }
        let (first, second) = results.values
        return (try first!.get(), try second!.get())
    }

    /// Two results filled from two threads.
    final class ResultPair: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result<RGBAImage, ImageError>?] = [nil, nil]

        func set(_ index: Int, _ result: Result<RGBAImage, ImageError>) {
            lock.lock()
            slots[index] = result
            lock.unlock()
        }

        var values: (Result<RGBAImage, ImageError>?, Result<RGBAImage, ImageError>?) {
            lock.lock()
            defer { lock.unlock() }
            return (slots[0], slots[1])
        }
    }
}

/// What `shaderfx compare` prints: the report, or the size mismatch, and the files written.
struct CompareResult {
    var expected: String
    var actual: String
    var options: ComparisonOptions
    var report: ComparisonReport?
    var sizeMismatch: ComparisonError?
    var diff: String?
    var sideBySide: String?
    /// The ꟻLIP report and the mean error it passes with, under `--metric flip`.
    var flip: FLIPReport?
    var maxMeanFLIP: Double?
    /// Whether --diff or --side-by-side was given (they are not written when the sizes differ).
    var picturesRequested = false

    init(expected: String, actual: String, options: ComparisonOptions) {
        self.expected = expected
        self.actual = actual
        self.options = options
    }

    var passed: Bool { report?.passed ?? false }

    /// The human-readable report, several lines, starting `PASS` or `FAIL`.
    func text() -> String {
        let verdict = passed ? "PASS" : "FAIL"
        let files = "\(expected) vs \(actual)"
        guard let report else {
            let note = picturesRequested ? " (no difference picture written)" : ""
            return "\(verdict) \(files): \(sizeMismatch.map { "\($0)" } ?? "not compared")\(note)"
        }
        if report.identical {
            return "\(verdict) \(files) (\(report.size)): identical" + written()
        }
        let total = report.width * report.height
        var lines = ["\(verdict) \(files) (\(report.size)): \(passed ? "within" : "outside") tolerance"]
        lines.append("  differing pixels: \(report.differentPixels) of \(total) (\(percent(report.differentRatio))); "
                     + "allowed \(CompareFormat.budget(options, total: total)); threshold \(CompareFormat.number(options.threshold))")
        if options.ignoreAntialiasing {
            lines.append("  anti-aliased pixels excused: \(report.antialiasedPixels)")
        }
        if options.shiftTolerance > 0 {
            lines.append("  shifted pixels excused (a match within \(options.shiftTolerance) px): \(report.shiftedPixels)")
        }
        if options.ignoresPixels {
            lines.append("  pixels ignored (mask and --ignore): \(report.ignoredPixels)")
        }
        let at = report.maxDeltaAt.map { " at \($0)" } ?? ""
        lines.append("  largest difference: \(CompareFormat.fixed(report.maxDelta, 4))\(at); "
                     + "largest channel difference \(CompareFormat.fixed(report.maxChannelDifference, 1)) levels of 255")
        lines.append("  PSNR: \(report.psnr.isFinite ? "\(CompareFormat.fixed(report.psnr, 2)) dB" : "infinite (no channel differs)")")
        lines.append("  SSIM: \(CompareFormat.fixed(report.ssim, 4))")
        if let flip, let maxMeanFLIP {
            lines[0] = "\(verdict) \(files) (\(report.size)): ꟻLIP mean \(CompareFormat.fixed(flip.mean, 4)) \(passed ? "within" : "over") \(CompareFormat.number(maxMeanFLIP))"
            let at = flip.maxAt.map { " at \($0)" } ?? ""
            let spread = FLIPReport.percentilePoints.map { "\($0)th \(CompareFormat.fixed(flip.percentiles["p\($0)"] ?? 0, 4))" }.joined(separator: ", ")
            lines.append("  ꟻLIP at \(CompareFormat.number(flip.pixelsPerDegree)) pixels per degree: largest \(CompareFormat.fixed(flip.max, 4))\(at); \(spread)")
            lines.append("  (the YIQ lines above are for information: ꟻLIP decides)")
        }
        return lines.joined(separator: "\n") + written()
    }

    private func written() -> String {
        var text = ""
        if let diff { text += "\n  diff: \(diff)" }
        if let sideBySide { text += "\n  side by side: \(sideBySide)" }
        return text
    }

    private func percent(_ ratio: Double) -> String {
        CompareFormat.fixed(ratio * 100, ratio == 0 || ratio >= 0.01 ? 2 : 4) + "%"
    }

    /// One JSON object: the report's fields (see `ComparisonReport`), plus `expected` and
    /// `actual` (the paths), `diff` and `sideBySide` (paths written, or null), and
    /// `sizeMismatch` (`{"expected": {"width", "height"}, "actual": {...}}`, or null). When the
    /// sizes differ, only `passed` (false), `options` and these keys are present.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(JSONForm(result: self))
        return String(decoding: data, as: UTF8.self)
    }

    private struct JSONForm: Encodable {
        let result: CompareResult

        enum Keys: String, CodingKey { case expected, actual, diff, sideBySide, sizeMismatch, passed, options, metric, flip, maxMeanError }

        func encode(to encoder: any Encoder) throws {
            if let report = result.report { try report.encode(to: encoder) }
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(result.expected, forKey: .expected)
            try c.encode(result.actual, forKey: .actual)
            try c.encode(result.diff, forKey: .diff)
            try c.encode(result.sideBySide, forKey: .sideBySide)
            try c.encode(result.flip == nil ? "yiq" : "flip", forKey: .metric)
            if let flip = result.flip {
                try c.encode(flip, forKey: .flip)
                try c.encode(result.maxMeanFLIP, forKey: .maxMeanError)
            }
            if case let .sizeMismatch(expected, actual)? = result.sizeMismatch {
                try c.encode(["expected": expected, "actual": actual], forKey: .sizeMismatch)
            } else {
                try c.encodeNil(forKey: .sizeMismatch)
            }
            if result.report == nil {
                try c.encode(false, forKey: .passed)
                try c.encode(result.options, forKey: .options)
            }
        }
    }
}

/// What `compare` judges by.
enum CompareMetric: String, CaseIterable, ChoiceOptionValue {
    case yiq, flip
}
