import Foundation

/// A golden suite: a folder of `<case>.json` files (see `GoldenCase`), each case's reference
/// pictures in `<case>/` beside it, run as `shaderfx test SUITE` runs it.
///
/// From Swift:
/// ```swift
/// let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
/// let outcome = try GoldenSuite.run("Tests/Golden", renderer: renderer,
///                                   options: .init(record: .never, reportFolder: "/tmp/golden-report"))
/// #expect(outcome.succeeded)
/// ```
/// or in steps, as `shaderfx test` does: `GoldenSuite.Run(suite:options:)` reads and checks every
/// case before any GPU work, `run(on:start:each:)` reports each case as it finishes, and
/// `writeReport(_:to:)` writes the report.
public enum GoldenSuite {
    /// How a suite runs: what is recorded, where the report goes, which cases.
    public struct RunOptions: Sendable {
        /// Which references are recorded (`.missing`: only those that do not exist yet).
        public var record: RecordMode
        /// Where index.html, report.json and images/ go; nil: `SUITE/.report`.
        public var reportFolder: String?
        /// Only the cases whose name contains this text; nil: every case.
        public var filter: String?
        /// The renderer family whose references are looked for first; nil: from the renderer's
        /// `GL_RENDERER` (`llvmpipe`, `nvidia`, ...).
        public var family: String?
        /// Only this shard of the (filtered) cases; nil: all of them.
        public var shard: Shard?

        /// Options; every one has the default `shaderfx test` has outside CI.
        public init(record: RecordMode = .missing, reportFolder: String? = nil, filter: String? = nil,
                    family: String? = nil, shard: Shard? = nil) {
            self.record = record
            self.reportFolder = reportFolder
            self.filter = filter
            self.family = family
            self.shard = shard
        }
    }

    /// A suite ready to run: every case read and checked and the report folder prepared,
    /// before any GPU work.
    public struct Run {
        /// The suite folder, without a trailing `/`.
        public let suite: String
        /// Where the report is written.
        public let reportFolder: String
        /// The options it runs with.
        public let options: RunOptions
        /// The names of every case of the suite (after the filter), sorted.
        public var suiteCases: [String] { all.map(\.name) }
        /// The names of the cases this run runs (the shard's, or all).
        public var cases: [String] { selected.map(\.name) }
        package let all: [GoldenCase]
        package let selected: [GoldenCase]

        /// Reads `suite`, checks every case and prepares the report folder; draws nothing.
        /// - Throws: `GoldenSuiteError` (no cases, a report folder that is a file or holds other
        ///   files), or a suite error naming the file and the place in its JSON (a case that cannot
        ///   be read).
        public init(suite: String, options: RunOptions = RunOptions()) throws {
            let suitePath = suite.hasSuffix("/") && suite.count > 1 ? String(suite.dropLast()) : suite
            let reportPath = options.reportFolder ?? suitePath + "/.report"
            all = try GoldenSuite.loadSuite(suitePath, filter: options.filter)
            try GoldenSuite.prepareReportFolder(reportPath)
            selected = options.shard?.select(all) ?? all
            self.suite = suitePath
            self.reportFolder = reportPath
            self.options = options
        }

        /// The renderer family whose references are looked for first on `renderer`.
        public func family(on renderer: Renderer) -> String {
            options.family ?? RendererFamily.of(renderer: renderer.context.info.renderer)
        }

        /// Loads every case's picture, then renders and judges every case in order, recording
        /// references as the mode says and writing each case's pictures into the report folder.
        /// The report itself (index.html, report.json) is `GoldenSuite.writeReport`'s.
        /// - Parameters:
        ///   - renderer: the renderer, its budget limiting the pictures.
        ///   - start: called once the pictures are loaded, before the first case.
        ///   - each: called as each case ends.
        /// - Returns: the outcome; a case that fails (a mismatch, a shader that does not compile)
        ///   is in it, never thrown.
        /// - Throws: a picture that cannot be loaded (a suite error naming the case's `input`).
        public func run(on renderer: Renderer, start: () -> Void = {}, each: (CaseOutcome) -> Void = { _ in }) throws -> SuiteOutcome {
            let family = family(on: renderer)
            let runner = GoldenRunner(suite: suite, reportFolder: reportFolder, mode: options.record, family: family, renderer: renderer)
            let inputs = try selected.map { (golden) throws(SuiteError) in try runner.loadInput(for: golden) }
            start()
            var outcome = SuiteOutcome(suite: suite, renderer: renderer.context.info.summary, family: family, recordMode: options.record,
                                       passed: 0, failed: 0, recorded: 0, cases: [],
                                       shard: options.shard.map { ShardRecord(index: $0.index, count: $0.count, suiteCases: suiteCases, filter: options.filter) })
            for (golden, input) in zip(selected, inputs) {
                let result = runner.run(golden, input: input)
                outcome.append(result)
                each(result)
            }
            return outcome
        }
    }

    /// Runs a suite and writes its report (index.html, report.json, images/) into the report
    /// folder: `Run(suite:options:)`, `run(on:)`, then `writeReport(_:to:)`.
    /// - Returns: the outcome; `succeeded` is false when a case failed.
    /// - Throws: what `Run.init` throws, or a report that cannot be written.
    public static func run(_ suite: String, renderer: Renderer, options: RunOptions = RunOptions()) throws -> SuiteOutcome {
        let prepared = try Run(suite: suite, options: options)
        let outcome = try prepared.run(on: renderer)
        try writeReport(outcome, to: prepared.reportFolder)
        return outcome
    }

    /// Writes index.html and report.json for `outcome` into `folder` (its images/ are there already).
    public static func writeReport(_ outcome: SuiteOutcome, to folder: String) throws {
        try GoldenReport.write(outcome, to: folder)
    }

    /// The cases of the suite (`*.json` directly in it), sorted by name, filtered.
    /// - Throws: `GoldenSuiteError.noCases`, or a suite error naming the file and the place in its JSON.
    package static func loadSuite(_ suite: String, filter: String?) throws -> [GoldenCase] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: suite, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SuiteError(file: suite, path: "", message: "not a folder: a suite is a folder of <case>.json files")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: suite)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .map { String($0.dropLast(5)) }
                .sorted()
        } catch {
            throw SuiteError(file: suite, path: "", message: "cannot list the folder (\(error.localizedDescription))")
        }
        guard !names.isEmpty else {
            throw GoldenSuiteError.noCases(suite: suite)
        }
        let chosen = filter.map { text in names.filter { $0.contains(text) } } ?? names
        guard !chosen.isEmpty else {
            throw SuiteError(file: suite, path: "", message: "no case name contains '\(filter!)' (cases: \(names.joined(separator: ", ")))")
        }
        var cases: [GoldenCase] = []
        for name in chosen {
            cases.append(try GoldenCase.load(path: "\(suite)/\(name).json", name: name, folder: "\(suite)/\(name)"))
        }
        return cases
    }

    /// Makes the report folder ready: created if absent; an existing one must be empty or hold
    /// an earlier report (its report.json), whose images/ is removed.
    /// - Throws: `GoldenSuiteError` for a file in the way or a folder of other files, or a suite
    ///   error when the folder cannot be made.
    package static func prepareReportFolder(_ path: String) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        do {
            if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw GoldenSuiteError.reportFolderIsAFile(path: path)
                }
                let contents = try fm.contentsOfDirectory(atPath: path)
                guard contents.isEmpty || contents.contains("report.json") else {
                    throw GoldenSuiteError.reportFolderOccupied(path: path)
                }
                if contents.contains("images") { try fm.removeItem(atPath: path + "/images") }
            }
            try fm.createDirectory(atPath: path + "/images", withIntermediateDirectories: true)
        } catch let error as GoldenSuiteError {
            throw error
        } catch {
            throw SuiteError(file: path, path: "", message: "cannot prepare the report folder (\(error.localizedDescription))")
        }
    }


    /// Runs the command and returns its exit status; usage errors and GPU set-up errors are
    /// thrown for the caller to report (exit 2).
    /// The tolerance against an llvmpipe reference on a GPU when the case gives none: the case's
    /// own, with the per-pixel threshold raised to at least 0.01. Measured on an NVIDIA H200
    /// against llvmpipe over every built-in effect (docs/GPU.md), pixels differ by at most one
    /// 8-bit level, a YIQ delta of at most 0.0047; 0.01 (about 2.5 levels) leaves room for that.
    package static func gpuDefault(from tolerance: ComparisonOptions) -> ComparisonOptions {
        var options = tolerance
        options.threshold = max(options.threshold, 0.01)
        return options
    }
}

/// Renders cases, compares or records their frames, writes their report pictures.
package struct GoldenRunner {
    package let suite: String
    package let reportFolder: String
    package let mode: RecordMode
    package let family: String
    package let renderer: Renderer
    /// Where the run may write: the suite (references) and the report folder, nowhere else.
    package let scope: WriteScope
    /// The cases' views, drawn on one warm view renderer.
    package let views: ViewCaseRenderer

    /// A runner over `suite`, writing pictures into `reportFolder`.
    package init(suite: String, reportFolder: String, mode: RecordMode, family: String, renderer: Renderer) {
        self.suite = suite
        self.reportFolder = reportFolder
        self.mode = mode
        self.family = family
        self.renderer = renderer
        scope = WriteScope([suite, reportFolder])
        views = ViewCaseRenderer(renderer: renderer)
    }

    /// The case's input picture (nil for a view, drawn frame by frame).
    package func loadInput(for golden: GoldenCase) throws(SuiteError) -> RGBAImage? {
        switch golden.input {
        case .view:
            return nil
        case let .file(path):
            do { return try renderer.budget.readImage(path: path, scale: golden.scale) } catch {
                throw SuiteError(file: golden.file, path: "input", message: "\(error)")
            }
        case let .picture(picture, width, height):
            do { try renderer.budget.check(width: width, height: height, scale: golden.scale) } catch {
                throw SuiteError(file: golden.file, path: "input", message: "\(error)")
            }
            do { return try picture.draw(width: width, height: height, on: renderer) } catch {
                throw SuiteError(file: golden.file, path: "picture", message: "\(error)")
            }
        }
    }

    /// Renders and judges every frame of a case.
    package func run(_ golden: GoldenCase, input: RGBAImage?) -> CaseOutcome {
        var outcome = CaseOutcome(name: golden.name, file: golden.file, description: golden.description,
                                  effect: golden.effectName, status: .passed, message: "", frames: [])
        do {
            try renderFrames(of: golden, input: input) { frame, rendered, unchangedInput in
                outcome.frames.append(try judge(frame, of: golden, rendered: rendered, input: unchangedInput))
            }
        } catch {
            outcome.status = .failed
            outcome.message = "\(error)"
            return outcome
        }
        return Self.settle(outcome)
    }

    /// Renders every frame of a case in order, handing each to `each` with the input as a PNG
    /// holds it (for "the effect changed nothing"; nil for a view, or when the case allows blank
    /// pictures). Writes nothing.
    package func renderFrames(of golden: GoldenCase, input: RGBAImage?,
                              each: (GoldenCase.Frame, RGBAImage, StraightFrame?) throws -> Void) throws {
        if case let .view(view) = golden.input {
            let passes = try views.framePasses(of: golden, over: view)
            for frame in golden.frames {
                let effects = try passes(frame)
                for pass in effects { try renderer.prepare(pass) }
                try each(frame, try views.render(view, time: frame.time, scale: golden.scale, effects: effects), nil)
            }
            return
        }
        guard let input else { throw SuiteError(file: golden.file, path: "input", message: "no picture was loaded") }
        let size = SIMD2(Double(input.width), Double(input.height))
        var images: [Int: RGBAImage] = [:]
        if case let .custom(_, paths, _) = golden.source {
            for (index, path) in paths { images[index] = try renderer.budget.readImage(path: path) }
        }
        let framePasses = try golden.framePasses(size: size)
        // The input as a PNG holds it, once for the case, for "the effect changed nothing".
        let unchangedInput = golden.allowBlank ? nil : StraightFrame(image: input)
        for frame in golden.frames {
            var passes = try framePasses(frame)
            for (index, image) in images { passes[0].shader.arguments[index] = .image(image) }
            for pass in passes { try renderer.prepare(pass) }
            try each(frame, try renderer.render(input, effects: passes, scale: golden.scale), unchangedInput)
        }
    }

    /// The case's status from its frames': failed when one failed, else recorded when one was.
    static func settle(_ outcome: CaseOutcome) -> CaseOutcome {
        var outcome = outcome
        if outcome.frames.contains(where: { $0.status == .failed }) {
            outcome.status = .failed
        } else if outcome.frames.contains(where: { $0.status == .recorded }) {
            outcome.status = .recorded
        }
        return outcome
    }

    /// Compares one rendered frame with its reference, or records it, and writes its pictures
    /// into the report folder.
    package func judge(_ frame: GoldenCase.Frame, of golden: GoldenCase, rendered: RGBAImage, input: StraightFrame? = nil) throws -> FrameOutcome {
        // Quantised as a reference file is: what is compared is what would be recorded.
        let bytes = try PNG.encode(rendered, compression: .default)  // references are kept: compress them well
        let actual = try PNG.decode(bytes, name: "\(golden.name)/\(frame.name)")
        let fm = FileManager.default
        let familyFolder = "\(golden.folder)/\(family)"
        let familyPath = "\(familyFolder)/\(frame.name).png"
        let commonPath = "\(golden.folder)/\(frame.name).png"
        let imageFolder = "images/\(golden.name)"
        try scope.check("\(reportFolder)/\(imageFolder)", what: "report pictures")
        try fm.createDirectory(atPath: "\(reportFolder)/\(imageFolder)", withIntermediateDirectories: true)
        func reportImage(_ kind: String) -> String { "\(imageFolder)/\(frame.name).\(kind).png" }

        var outcome = FrameOutcome(name: frame.name, time: frame.time, status: .passed, message: "",
                                   reference: nil, referenceKind: nil, tolerance: nil, comparison: nil, images: [:])
        try PNG.writeFile(bytes, to: "\(reportFolder)/\(reportImage("actual"))", durable: false)
        outcome.images["actual"] = reportImage("actual")
        // A blank frame (or the input unchanged) would match a blank reference: it fails first,
        // and is never recorded.
        if !golden.allowBlank, let blank = BlankPicture.check(StraightFrame(image: actual), input: input) {
            outcome.status = .failed
            outcome.message = "\(blank) (set \"allowBlank\": true in the case if the picture may be blank)"
            return outcome
        }

        let reference: (path: String, kind: String)? =
            fm.fileExists(atPath: familyPath) ? (familyPath, "family")
            : fm.fileExists(atPath: commonPath) ? (commonPath, "common") : nil

        func record(_ why: String) throws {
            var isDirectory: ObjCBool = false
            let intoFamily = fm.fileExists(atPath: familyFolder, isDirectory: &isDirectory) && isDirectory.boolValue
            let target = intoFamily ? familyPath : commonPath
            // Checked before anything is created: a linked case folder must not lead outside.
            try scope.check(target, what: "reference")
            try fm.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try PNG.writeFile(bytes, to: target)
            outcome.status = .recorded
            outcome.reference = relative(target)
            outcome.referenceKind = intoFamily ? "family" : "common"
            outcome.message = "\(why): recorded \(relative(target))"
        }

        guard let reference else {
            if mode == .never {
                outcome.status = .failed
                outcome.message = "no reference: looked for \(relative(familyPath)) and \(relative(commonPath)); "
                    + "record it in record mode missing (record mode never, the default when CI is set, records nothing)"
            } else {
                try record("no reference")
            }
            return outcome
        }
        if mode == .all {
            try record("record mode all")
            return outcome
        }

        // An unreadable or corrupt reference is a failure like a mismatch: record mode failed
        // records over it; the other modes report it.
        let expectedBytes: [UInt8]
        let expected: RGBAImage
        do {
            expectedBytes = try InputFile.read(reference.path)
            expected = try PNG.decode(expectedBytes, name: reference.path)
        } catch {
            outcome.status = .failed
            outcome.reference = relative(reference.path)
            outcome.referenceKind = reference.kind
            let reason = (error as? InputFileError)?.reason ?? "\(error)"
            outcome.message = "cannot use the reference \(relative(reference.path)): \(reason)"
            if mode == .failed { try record(outcome.message) }
            return outcome
        }
        try PNG.writeFile(expectedBytes, to: "\(reportFolder)/\(reportImage("expected"))", durable: false)
        outcome.images["expected"] = reportImage("expected")
        outcome.reference = relative(reference.path)
        outcome.referenceKind = reference.kind
        let tolerance = reference.kind == "common" && family != "llvmpipe"
            ? golden.gpuTolerance ?? GoldenSuite.gpuDefault(from: golden.tolerance) : golden.tolerance
        outcome.tolerance = tolerance

        let report: ComparisonReport
        do {
            let (result, diff) = try ImageComparison.compareWithDiff(expected: expected, actual: actual, options: tolerance)
            report = result
            try PNG.write(diff, to: "\(reportFolder)/\(reportImage("diff"))")
            outcome.images["diff"] = reportImage("diff")
        } catch let mismatch as ComparisonError {
            outcome.status = .failed
            outcome.message = "\(mismatch) (reference \(relative(reference.path)))"
            if mode == .failed { try record(outcome.message) }
            return outcome
        }
        outcome.comparison = report
        if !report.passed {
            outcome.status = .failed
            let total = report.width * report.height
            let at = report.maxDeltaAt.map { " at \($0)" } ?? ""
            if let mean = report.flipMean, let limit = tolerance.maxMeanFLIP {
                outcome.message = "ꟻLIP mean error \(CompareFormat.fixed(mean, 4)) over \(CompareFormat.number(limit)) "
                    + "(\(report.differentPixels) pixels over the YIQ threshold); reference \(relative(reference.path))"
            } else {
                outcome.message = "\(report.differentPixels) pixels differ (\(CompareFormat.fixed(report.differentRatio * 100, 3))%), "
                    + "allowed \(CompareFormat.budget(tolerance, total: total)) at threshold \(CompareFormat.number(tolerance.threshold)); "
                    + "largest delta \(CompareFormat.fixed(report.maxDelta, 4))\(at); reference \(relative(reference.path))"
            }
            if mode == .failed { try record(outcome.message) }
        }
        return outcome
    }

    /// `path` relative to the suite folder when inside it.
    package func relative(_ path: String) -> String {
        path.hasPrefix(suite + "/") ? String(path.dropFirst(suite.count + 1)) : path
    }

    /// The lines printed for a case: one, then for a failure one indented line per failing frame.
    package static func lines(for outcome: CaseOutcome, suite: String, report: String) -> [String] {
        let frames = "\(outcome.frames.count) frame\(outcome.frames.count == 1 ? "" : "s")"
        let delta = outcome.worstDelta.map { "worst delta \(CompareFormat.fixed($0, 4))" }
        let psnr = outcome.worstPSNR.map { $0.isFinite ? "PSNR \(CompareFormat.fixed($0, 1)) dB" : "PSNR inf" }
        switch outcome.status {
        case .passed:
            return ["PASS \(outcome.name) (\([frames, delta, psnr].compactMap { $0 }.joined(separator: ", ")))"]
        case .recorded:
            let targets = Set(outcome.frames.filter { $0.status == .recorded }.compactMap { $0.reference.map { ($0 as NSString).deletingLastPathComponent } })
            let count = outcome.frames.filter { $0.status == .recorded }.count
            let counted = count == outcome.frames.count ? frames : "\(count) of \(frames)"
            return ["RECORDED \(outcome.name) (\(counted) into \(targets.sorted().map { $0 + "/" }.joined(separator: ", ")))"]
        case .failed:
            if !outcome.message.isEmpty { return ["FAIL \(outcome.name) (\(outcome.message))"] }
            let failing = outcome.frames.filter { $0.status == .failed }
            var lines = ["FAIL \(outcome.name) (\(failing.count) of \(frames) failed\([delta, psnr].compactMap { $0 }.map { ", " + $0 }.joined()))"]
            for frame in failing {
                let diff = frame.images["diff"].map { "; diff \(report)/\($0)" } ?? ""
                lines.append("  \(frame.name): \(frame.message)\(diff)")
            }
            return lines
        }
    }
}
