import Foundation

/// `shaderfx test SUITE --calibrate`: the noise floor of a suite, measured, beside the tolerance
/// each case states, and a tolerance suggested from it.
///
/// Each case is rendered `runs` times on every renderer that can be reached, then, frame by
/// frame, these pairs are compared under the case's own options (its threshold, anti-aliasing,
/// shift tolerance, mask, ignored rectangles and regions):
/// - run to run: every later run on a renderer against its first;
/// - renderer against renderer: each renderer's first run against the first renderer's;
/// - render against reference: each renderer's first run against every reference the case has
///   on disk (common, and each family folder's), the one a test on that renderer would use
///   marked;
/// - family against family: the references on disk against each other.
///
/// Each pair reports the largest channel difference in 8-bit levels (straight colour, as the PNG
/// files hold it, ignored pixels left out), the pixels over the case's threshold (as a test
/// counts them), the largest YIQ delta, and for a ꟻLIP case ꟻLIP's mean error.
///
/// ## The suggestion
/// From the pairs a test would meet with `tolerance` (run to run, and each renderer against the
/// reference it would use under `tolerance`) and, separately, with `gpuTolerance` (a renderer
/// other than llvmpipe against a common reference, or against llvmpipe's render):
/// - YIQ: twice the largest delta measured, at least 0.005 (one 8-bit level of grey is 0.0038),
///   rounded up to 1, 2 or 5 times a power of ten. Above 0.1 (the default threshold: then a few
///   pixels differ a lot, edges and not noise) the threshold stays 0.1 and the pixels over it,
///   doubled and rounded up the same way, become `maxDifferentPixels`.
/// - ꟻLIP: `maxMeanError` twice the largest mean error, at least 0.001, rounded up alike.
/// It never writes a reference or a report picture.
package enum Calibration {
    /// The margin over the measured floor.
    package static let margin = 2.0
    /// The smallest threshold suggested: above one 8-bit level of grey (0.0038).
    package static let smallestThreshold = 0.005
    /// The largest threshold suggested; beyond it a pixel budget is suggested instead.
    package static let largestThreshold = 0.1
    /// The smallest ꟻLIP mean error suggested.
    package static let smallestMeanError = 0.001

    /// The smallest of 1, 2, 5 times a power of ten that is at least `value` (> 0).
    package static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return value }
        let power = pow(10, floor(log10(value)))
        for step in [1.0, 2, 5, 10] {
            // Written back through text, so 0.1 reads 0.1 and not 0.10000000000000002.
            let candidate = Double(String(format: "%.12g", step * power))!
            if candidate >= value * (1 - 1e-12) { return candidate }
        }
        return 10 * power
    }
}

/// A renderer calibration ran on, or one it could not reach and why.
package struct CalibrationRenderer: Codable, Sendable {
    /// `surfaceless`, `device:0`, `gbm:0`.
    package var name: String
    /// `GL_RENDERER` and the backend, for a reached one.
    package var summary: String?
    /// Its renderer family (whose references it would use), for a reached one.
    package var family: String?
    /// Why it is not measured, for one not reached (or the same as another).
    package var reason: String?
}

/// One compared pair of pictures.
package struct CalibrationPair: Codable, Sendable {
    /// `run`, `renderer`, `reference` or `family`.
    package var kind: String
    /// What was compared: `surfaceless runs 2-3 against run 1`, `device:0 against surfaceless`.
    package var what: String
    /// Which of the case's tolerances it is judged by: `tolerance` or `gpuTolerance`.
    package var under: String
    /// Whether a test on a renderer meets this pair (counted in the suggestion).
    package var counted: Bool
    /// The largest difference of any channel, in 8-bit levels.
    package var maxChannelLevels: Int = 0
    /// Pixels over the threshold, not excused (as a test counts them).
    package var differentPixels: Int = 0
    /// Whether it is within the tolerance it is judged by.
    package var withinTolerance: Bool = true
    /// The largest YIQ delta (0...1).
    package var maxDelta: Double = 0
    /// ꟻLIP's mean error, for a ꟻLIP case.
    package var flipMean: Double?
    /// Pixels over the largest suggested threshold (0.1), when the deltas go beyond it.
    package var pixelsOverLargest: Int = 0
    /// Why it could not be compared (sizes differ, a reference cannot be read).
    package var problem: String?
}

/// The pairs of one frame.
package struct FrameCalibration: Codable, Sendable {
    package var name: String
    package var pairs: [CalibrationPair]
}

/// A tolerance suggested from measured pairs.
package struct SuggestedTolerance: Codable, Sendable {
    /// For a YIQ case: the per-pixel threshold.
    package var threshold: Double?
    /// For a YIQ case whose deltas go beyond 0.1: the pixel budget at threshold 0.1.
    package var maxDifferentPixels: Int?
    /// For a ꟻLIP case: the mean error allowed.
    package var maxMeanError: Double?
    /// How it was derived, in words.
    package var rule: String
    /// How many pairs it covers.
    package var pairs: Int

    /// The fields to write into the case, as JSON.
    package var fields: String {
        var parts: [String] = []
        if let threshold { parts.append("\"threshold\": \(CompareFormat.number(threshold))") }
        if let maxDifferentPixels { parts.append("\"maxDifferentPixels\": \(maxDifferentPixels)") }
        if let maxMeanError { parts.append("\"maxMeanError\": \(CompareFormat.number(maxMeanError))") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

/// What calibration measured for one case.
package struct CaseCalibration: Codable, Sendable {
    package var name: String
    package var file: String
    /// `yiq` or `flip`.
    package var metric: String
    package var tolerance: ComparisonOptions
    package var gpuTolerance: ComparisonOptions?
    package var frames: [FrameCalibration] = []
    /// For `tolerance`, from run to run and the references a test would use with it.
    package var suggested: SuggestedTolerance?
    /// For `gpuTolerance`, when a renderer other than llvmpipe met a common reference or llvmpipe.
    package var suggestedGPU: SuggestedTolerance?
    /// What could not be rendered (a renderer and run, and the error), if anything.
    package var errors: [String] = []
}

/// The whole calibration, as `--json` writes it.
package struct CalibrationReport: Codable, Sendable {
    package var suite: String
    package var runs: Int
    package var renderers: [CalibrationRenderer]
    package var unreached: [CalibrationRenderer]
    package var cases: [CaseCalibration]

    package init(suite: String, runs: Int, renderers: [CalibrationRenderer], unreached: [CalibrationRenderer], cases: [CaseCalibration]) {
        self.suite = suite
        self.runs = runs
        self.renderers = renderers
        self.unreached = unreached
        self.cases = cases
    }
}

/// Renders and measures cases on the renderers it is given.
package struct Calibrator {
    /// A reached renderer: its name, context and family.
    package struct Target {
        package var name: String
        package var context: GPUContext
        package var family: String
    }

    package let suite: String
    package let runs: Int
    package let targets: [Target]

    package init(suite: String, runs: Int, targets: [Target]) {
        self.suite = suite
        self.runs = runs
        self.targets = targets
    }

    /// Every backend and device `GPUContext` offers, opened: surfaceless, each EGL device, each
    /// render node through GBM (or only `only`, when given). A software device showing the same
    /// renderer as one already reached is left out, with the reason.
    package static func reach(only: GPUOptions? = nil) -> (targets: [Target], unreached: [CalibrationRenderer]) {
        var candidates: [(String, GPUOptions)] = []
        var unreached: [CalibrationRenderer] = []
        if let only {
            let index = only.deviceIndex.map { ":\($0)" } ?? ""
            candidates = [(only.backend.rawValue + index, only)]
        } else {
            candidates.append(("surfaceless", GPUOptions(backend: .surfaceless)))
            let devices = GPUContext.devices()
            if devices.isEmpty {
                unreached.append(CalibrationRenderer(name: "device", reason: "EGL enumerates no devices (no EGL_EXT_device_enumeration, or no driver offers a device)"))
            }
            for device in devices {
                candidates.append(("device:\(device.index)", GPUOptions(backend: .device, deviceIndex: device.index)))
            }
            // The render nodes GBM opens, in the order `--backend gbm --device N` counts them.
            let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).filter { $0.hasPrefix("renderD") }
            if nodes.isEmpty {
                unreached.append(CalibrationRenderer(name: "gbm", reason: "no /dev/dri/renderD* node (no GPU visible to this system; in a container, pass --device /dev/dri)"))
            }
            for index in nodes.indices { candidates.append(("gbm:\(index)", GPUOptions(backend: .gbm, deviceIndex: index))) }
        }
        var targets: [Target] = []
        for (name, options) in candidates {
            do {
                let context = try GPUContext(options: options)
                let info = context.info
                if info.isSoftware, let same = targets.first(where: { $0.context.info.isSoftware && $0.context.info.renderer == info.renderer }) {
                    unreached.append(CalibrationRenderer(name: name, reason: "the same software renderer as \(same.name) (\(info.renderer)), measured there"))
                    continue
                }
                targets.append(Target(name: name, context: context, family: RendererFamily.of(renderer: info.renderer)))
            } catch {
                unreached.append(CalibrationRenderer(name: name, reason: "\(error)"))
            }
        }
        return (targets, unreached)
    }

    /// The reached renderers as the report lists them.
    package var renderers: [CalibrationRenderer] {
        targets.map { CalibrationRenderer(name: $0.name, summary: $0.context.info.summary, family: $0.family) }
    }

    /// Renders `golden` `runs` times on every renderer and measures its pairs.
    package func calibrate(_ golden: GoldenCase) -> CaseCalibration {
        var result = CaseCalibration(name: golden.name, file: golden.file, metric: golden.tolerance.maxMeanFLIP == nil ? "yiq" : "flip",
                                     tolerance: golden.tolerance, gpuTolerance: golden.gpuTolerance)
        // renders[target][run][frame name], quantised as a reference file holds them.
        var renders = [[[String: RGBAImage]]](repeating: [], count: targets.count)
        for run in 0..<runs {
            for (t, target) in targets.enumerated() {
                var frames: [String: RGBAImage] = [:]
                do {
                    // A renderer of its own per run: nothing of one run's state is kept for the next.
                    let renderer = try Renderer(context: target.context)
                    let runner = GoldenRunner(suite: suite, reportFolder: suite + "/.calibration-writes-nothing", mode: .never,
                                              family: target.family, renderer: renderer)
                    try runner.renderFrames(of: golden, input: try runner.loadInput(for: golden)) { frame, rendered, _ in
                        frames[frame.name] = try PNG.decode(try PNG.encode(rendered), name: "\(golden.name)/\(frame.name)")
                    }
                } catch {
                    result.errors.append("\(target.name) run \(run + 1): \(error)")
                }
                renders[t].append(frames)
            }
        }
        for frame in golden.frames {
            result.frames.append(FrameCalibration(name: frame.name, pairs: pairs(of: frame.name, golden: golden, renders: renders)))
        }
        let all = result.frames.flatMap(\.pairs).filter { $0.counted && $0.problem == nil }
        result.suggested = Self.suggest(all.filter { $0.under == "tolerance" }, metric: result.metric)
        result.suggestedGPU = Self.suggest(all.filter { $0.under == "gpuTolerance" }, metric: result.metric)
        return result
    }

    /// The tolerance a renderer of `family` is judged by against a reference of `referenceFamily`
    /// (nil: common), as `GoldenRunner.judge` chooses it.
    static func tolerance(for golden: GoldenCase, family: String, referenceFamily: String?) -> (ComparisonOptions, String) {
        referenceFamily == nil && family != "llvmpipe"
            ? (golden.gpuTolerance ?? GoldenSuite.gpuDefault(from: golden.tolerance), "gpuTolerance")
            : (golden.tolerance, "tolerance")
    }

    /// The references of a frame on disk: the common one (family nil), then each family folder's.
    func references(of frame: String, golden: GoldenCase) -> [(family: String?, path: String)] {
        let fm = FileManager.default
        var list: [(String?, String)] = []
        let common = "\(golden.folder)/\(frame).png"
        if fm.fileExists(atPath: common) { list.append((nil, common)) }
        let folders = ((try? fm.contentsOfDirectory(atPath: golden.folder)) ?? []).sorted()
        for name in folders where RendererFamily.isValid(name) && fm.fileExists(atPath: "\(golden.folder)/\(name)/\(frame).png") {
            list.append((name, "\(golden.folder)/\(name)/\(frame).png"))
        }
        return list
    }

    func pairs(of frame: String, golden: GoldenCase, renders: [[[String: RGBAImage]]]) -> [CalibrationPair] {
        var pairs: [CalibrationPair] = []
        func first(_ t: Int) -> RGBAImage? { renders[t].first?[frame] }
        // Run to run, the worst later run against the first.
        for (t, target) in targets.enumerated() where runs > 1 {
            guard let base = first(t) else { continue }
            var worst = CalibrationPair(kind: "run", what: "\(target.name) run\(runs > 2 ? "s 2-\(runs)" : " 2") against run 1", under: "tolerance", counted: true)
            for run in 1..<runs {
                guard let image = renders[t][run][frame] else { continue }
                worst = Self.worse(worst, Self.measure(worst, expected: base, actual: image, options: golden.tolerance))
            }
            pairs.append(worst)
        }
        // Renderer against renderer, each against the first.
        if let base = first(0) {
            for t in targets.indices.dropFirst() {
                guard let image = first(t) else { continue }
                let gpu = targets[0].family != targets[t].family && (targets[0].family == "llvmpipe" || targets[t].family == "llvmpipe")
                let (options, under) = gpu ? Self.tolerance(for: golden, family: "gpu", referenceFamily: nil) : (golden.tolerance, "tolerance")
                let pair = CalibrationPair(kind: "renderer", what: "\(targets[t].name) against \(targets[0].name)", under: under, counted: gpu)
                pairs.append(Self.measure(pair, expected: base, actual: image, options: options))
            }
        }
        // Against each reference on disk, then the references against each other.
        let references = references(of: frame, golden: golden)
        var loaded: [(name: String, image: RGBAImage?, problem: String?)] = []
        for reference in references {
            do {
                loaded.append((reference.family ?? "common", try PNG.read(path: reference.path), nil))
            } catch {
                loaded.append((reference.family ?? "common", nil, "cannot read \(relative(reference.path)): \(error)"))
            }
        }
        for (t, target) in targets.enumerated() {
            guard let image = first(t) else { continue }
            let used = references.contains { $0.family == target.family } ? target.family : nil
            for (reference, item) in zip(references, loaded) {
                let (options, under) = Self.tolerance(for: golden, family: target.family, referenceFamily: reference.family)
                let isUsed = reference.family == used
                var pair = CalibrationPair(kind: "reference", what: "\(target.name) against \(relative(reference.path))\(isUsed ? " (the one a test uses)" : "")",
                                           under: under, counted: isUsed)
                guard let expected = item.image else { pair.problem = item.problem; pairs.append(pair); continue }
                pair = Self.measure(pair, expected: expected, actual: image, options: options)
                pairs.append(pair)
            }
        }
        for i in loaded.indices {
            for j in loaded.indices where j > i {
                var pair = CalibrationPair(kind: "family", what: "\(loaded[j].name) against \(loaded[i].name)", under: "tolerance", counted: false)
                guard let a = loaded[i].image, let b = loaded[j].image else {
                    pair.problem = loaded[i].problem ?? loaded[j].problem
                    pairs.append(pair)
                    continue
                }
                pairs.append(Self.measure(pair, expected: a, actual: b, options: golden.tolerance))
            }
        }
        return pairs
    }

    /// `path` relative to the suite.
    func relative(_ path: String) -> String { path.hasPrefix(suite + "/") ? String(path.dropFirst(suite.count + 1)) : path }

    /// `pair` with the measures of `actual` against `expected` under `options`.
    static func measure(_ pair: CalibrationPair, expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions) -> CalibrationPair {
        var pair = pair
        do {
            let report = try ImageComparison.compare(expected: expected, actual: actual, options: options)
            pair.differentPixels = report.differentPixels
            pair.withinTolerance = report.passed
            pair.maxDelta = report.maxDelta
            pair.flipMean = report.flipMean
            pair.maxChannelLevels = maxChannelLevels(StraightFrame(image: expected), StraightFrame(image: actual), options: options)
            if options.maxMeanFLIP == nil, Calibration.margin * report.maxDelta > Calibration.largestThreshold {
                var wide = options
                wide.threshold = Calibration.largestThreshold
                pair.pixelsOverLargest = try ImageComparison.compare(expected: expected, actual: actual, options: wide).differentPixels
            }
        } catch {
            pair.problem = "\(error)"
        }
        return pair
    }

    /// The largest difference of any channel, in 8-bit levels, of pixels not ignored.
    static func maxChannelLevels(_ a: StraightFrame, _ b: StraightFrame, options: ComparisonOptions) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width where !options.isIgnored(x: x, y: y) {
                let i = 4 * (y * a.width + x)
                for c in 0..<4 { largest = max(largest, abs(Int(a.bytes[i + c]) - Int(b.bytes[i + c]))) }
            }
        }
        return largest
    }

    /// The worse of two measures of one pair, field by field.
    static func worse(_ a: CalibrationPair, _ b: CalibrationPair) -> CalibrationPair {
        var pair = a
        pair.maxChannelLevels = max(a.maxChannelLevels, b.maxChannelLevels)
        pair.differentPixels = max(a.differentPixels, b.differentPixels)
        pair.withinTolerance = a.withinTolerance && b.withinTolerance
        pair.maxDelta = max(a.maxDelta, b.maxDelta)
        pair.flipMean = [a.flipMean, b.flipMean].compactMap { $0 }.max()
        pair.pixelsOverLargest = max(a.pixelsOverLargest, b.pixelsOverLargest)
        pair.problem = a.problem ?? b.problem
        return pair
    }

    /// The tolerance that covers `pairs` with the margin (see ``Calibration``); nil for none.
    static func suggest(_ pairs: [CalibrationPair], metric: String) -> SuggestedTolerance? {
        guard !pairs.isEmpty else { return nil }
        let margin = CompareFormat.number(Calibration.margin)
        if metric == "flip" {
            let worst = pairs.compactMap(\.flipMean).max() ?? 0
            let value = Calibration.niceCeiling(max(Calibration.margin * worst, Calibration.smallestMeanError))
            return SuggestedTolerance(maxMeanError: value, rule: "largest ꟻLIP mean error \(CompareFormat.fixed(worst, 5)) × \(margin), "
                                      + "at least \(CompareFormat.number(Calibration.smallestMeanError)), rounded up to 1, 2 or 5 × 10^k",
                                      pairs: pairs.count)
        }
        let worst = pairs.map(\.maxDelta).max() ?? 0
        let wanted = max(Calibration.margin * worst, Calibration.smallestThreshold)
        if wanted <= Calibration.largestThreshold {
            return SuggestedTolerance(threshold: Calibration.niceCeiling(wanted),
                                      rule: "largest YIQ delta \(CompareFormat.fixed(worst, 4)) × \(margin), at least "
                                      + "\(CompareFormat.number(Calibration.smallestThreshold)), rounded up to 1, 2 or 5 × 10^k; no pixel over it",
                                      pairs: pairs.count)
        }
        let over = pairs.map(\.pixelsOverLargest).max() ?? 0
        let budget = Int(Calibration.niceCeiling(Calibration.margin * Double(max(over, 1))))
        return SuggestedTolerance(threshold: Calibration.largestThreshold, maxDifferentPixels: budget,
                                  rule: "largest YIQ delta \(CompareFormat.fixed(worst, 4)) × \(margin) is over "
                                  + "\(CompareFormat.number(Calibration.largestThreshold)): the threshold stays there and the most pixels "
                                  + "over it (\(over)) × \(margin), rounded up to 1, 2 or 5 × 10^k, may differ",
                                  pairs: pairs.count)
    }

    /// The printed lines of a case's calibration.
    package static func lines(for item: CaseCalibration) -> [String] {
        let metric = item.metric == "flip" ? "ꟻLIP, mean error at most \(CompareFormat.number(item.tolerance.maxMeanFLIP ?? 0))" : "YIQ"
        var lines = ["CASE \(item.name) (\(item.frames.count) frame\(item.frames.count == 1 ? "" : "s"); metric \(metric); "
                     + "tolerance \(describe(item.tolerance))\(item.gpuTolerance.map { "; gpuTolerance \(describe($0))" } ?? ""))"]
        for error in item.errors { lines.append("  error: \(error)") }
        for frame in item.frames {
            if frame.pairs.isEmpty { lines.append("  \(frame.name): nothing to compare (one run, one renderer, no reference)") }
            for pair in frame.pairs {
                let head = "  \(frame.name)  \(pair.kind.padding(toLength: 9, withPad: " ", startingAt: 0)) \(pair.what)"
                if let problem = pair.problem { lines.append(head + ": " + problem); continue }
                var text = "\(pair.maxChannelLevels) level\(pair.maxChannelLevels == 1 ? "" : "s"), \(pair.differentPixels) px over "
                    + "\(pair.under == "tolerance" ? "tolerance" : "gpuTolerance"), YIQ \(CompareFormat.fixed(pair.maxDelta, 4))"
                if let flip = pair.flipMean { text += ", ꟻLIP mean \(CompareFormat.fixed(flip, 5))" }
                lines.append(head + ": " + text + (pair.withinTolerance ? "" : " (OVER its tolerance)"))
            }
        }
        for (name, suggestion) in [("tolerance", item.suggested), ("gpuTolerance", item.suggestedGPU)] {
            guard let suggestion else { continue }
            lines.append("  suggested \(name) \(suggestion.fields): \(suggestion.rule), over \(suggestion.pairs) pair\(suggestion.pairs == 1 ? "" : "s")")
        }
        if item.suggested == nil && item.suggestedGPU == nil && item.errors.isEmpty {
            lines.append("  no suggestion: nothing a test meets was measured (record references, or give --runs 2 or more)")
        }
        return lines
    }

    /// A tolerance in the case file's words.
    static func describe(_ options: ComparisonOptions) -> String {
        var parts = ["threshold \(CompareFormat.number(options.threshold))"]
        if let mean = options.maxMeanFLIP { parts = ["maxMeanError \(CompareFormat.number(mean))"] }
        else if let pixels = options.maxDifferentPixels { parts.append("maxDifferentPixels \(pixels)") }
        if let ratio = options.maxDifferentRatio { parts.append("maxDifferentRatio \(CompareFormat.number(ratio))") }
        if options.maxMeanFLIP == nil && options.maxDifferentPixels == nil && options.maxDifferentRatio == nil { parts.append("no pixel may differ") }
        if options.shiftTolerance > 0 { parts.append("shiftTolerance \(options.shiftTolerance)") }
        if options.ignoresPixels { parts.append("pixels ignored (mask, rectangles)") }
        if !options.regions.isEmpty { parts.append("\(options.regions.count) region thresholds") }
        return parts.joined(separator: ", ")
    }
}
