import Foundation
import ShaderFX

/// `shaderfx test SUITE_DIR`: renders every case of a golden suite and compares each frame
/// with its reference PNG, recording references as snapshot-testing tools do.
///
/// A suite is a folder: each `<name>.json` in it (not in subfolders) is a case, described in
/// `GoldenCase`'s documentation, and `<name>/` holds its references, common ones
/// (`<name>/t0.05.png`) and per renderer family (`<name>/llvmpipe/t0.05.png`).
///
/// Exit status: 0 when every case passed (or was recorded), 1 when any failed, 2 for usage
/// errors and unreadable suites (the file and the JSON path are named).
enum TestCommand {
    static let description = CommandDescription(
        name: "test",
        abstract: "Run a golden suite: render each case and compare it with its reference PNGs.",
        discussion: """
            A suite is a folder of cases. Each case is a JSON file <name>.json; its references are PNGs in \
            <name>/. A case names a built-in effect or a shader of yours, its input, parameters, frames and \
            tolerance:
              {"effect": "ripple", "parameters": {"origin": "120,90"},
               "picture": "pool", "size": "240x180", "frames": [0.05, 0.3],
               "tolerance": {"threshold": 0.05, "maxDifferentPixels": 20}}
            Fields: description (text); effect (a name from 'shaderfx effects') or shader {file, function, kind, \
            args, maxSampleOffset, timeArg} (file, .metal or GLSL, and sampler2D args relative to the case file; \
            function and kind may be left out as render's --function and --kind; args as render's \
            --arg values; timeArg: the float parameter each frame's time feeds); parameters (as typed on the \
            command line: {"amplitude": "12"}); input (a PNG relative to the case file) or picture (pool, circle) \
            and size ("WxH"); frames (times in seconds: a time-driven effect gets its time, a gesture effect runs \
            after a tap at its origin at time 0, or as events says, in animate's --events form; without frames, one \
            frame with the parameters as given); scale (1...8); tolerance {threshold, maxDifferentPixels, \
            maxDifferentRatio, ignoreAntialiasing} as 'shaderfx compare' takes them (default threshold 0.1, no \
            pixel may differ); gpuTolerance (used instead when a renderer other than llvmpipe falls back to the \
            common reference).
            References: frame t (seconds) is <name>/t<t>.png, e.g. t0.05.png; one frame without times is still.png. \
            A renderer family (llvmpipe, nvidia, intel, amd, other, from GL_RENDERER; or --family) may keep its own \
            in <name>/<family>/, used when present; otherwise the common one. Recording writes into \
            <name>/<family>/ when that folder exists (create it to start keeping a family's references), else \
            into <name>/.
            Record modes: missing (the default) records frames with no reference and compares the rest; never \
            (the default when CI is set) only compares, and a missing reference fails; failed compares and \
            re-records what fails; all re-records everything. Look at every recorded PNG before committing it.
            Output: one line per case (PASS, FAIL, RECORDED), then 'N passed, N failed' (', N recorded' when any \
            were). The report folder (default SUITE_DIR/.report) gets index.html (expected, actual and difference \
            side by side per frame, with a slider and a flip button between expected and actual), report.json, and \
            the pictures in images/.
            Exit codes (stable): 0 every case passed or was recorded; 1 a case failed; 2 usage error, or a suite \
            that cannot be read (the file and the place in its JSON are named), or no GPU.
            """,
        arguments: [ArgumentDescription("suite", help: "the suite folder, holding <case>.json files")],
        options: [
            .value("record", valueName: "MODE", help: "all, failed, missing or never (default: missing; never when CI is set)"),
            .value("report", valueName: "DIR", help: "where to write index.html, report.json and images/ (default: SUITE_DIR/.report)"),
            .value("filter", valueName: "TEXT", help: "run only the cases whose name contains TEXT"),
            .value("family", valueName: "NAME", help: "the renderer family whose references to use (default: from GL_RENDERER)"),
        ] + GPUFlags.options,
        examples: [
            UsageExample("shaderfx test examples/golden-suite", explanation: "compare; record references that are missing"),
            UsageExample("CI=1 shaderfx test examples/golden-suite --report artifacts/golden",
                         explanation: "as CI runs it: nothing is recorded"),
            UsageExample("shaderfx test examples/golden-suite --filter ripple --record failed",
                         explanation: "re-record the ripple cases that fail (look at them before committing)"),
        ])

    /// Runs the command and returns its exit status; usage errors and GPU set-up errors are
    /// thrown for the caller to report (exit 2).
    /// The tolerance against an llvmpipe reference on a GPU when the case gives none: the case's
    /// own, with the per-pixel threshold raised to at least 0.01. Measured on an NVIDIA H200
    /// against llvmpipe over every built-in effect (docs/GPU.md), pixels differ by at most one
    /// 8-bit level, a YIQ delta of at most 0.0047; 0.01 (about 2.5 levels) leaves room for that.
    static func gpuDefault(from tolerance: ComparisonOptions) -> ComparisonOptions {
        var options = tolerance
        options.threshold = max(options.threshold, 0.01)
        return options
    }

    static func run(_ arguments: [String], output: inout Output,
                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int32 {
        let args = try description.parse(arguments)
        if args.isHelpRequested { output.print(description.helpText()); return 0 }
        guard let suite = args.positional("suite") else { throw UsageError.missingArgument("<suite>") }
        let mode = try args.choice("record", as: RecordMode.self) ?? RecordMode.default(environment: environment)
        let familyOverride = try args.value("family", expected: "a family name: lowercase letters, digits, - and _") {
            RendererFamily.isValid($0) ? $0 : nil
        }
        let suitePath = suite.hasSuffix("/") && suite.count > 1 ? String(suite.dropLast()) : suite
        let reportPath = args.string("report") ?? suitePath + "/.report"
        let gpu = try GPUFlags.resolve(args)

        // Read and check every case before the first GL call.
        let cases: [GoldenCase]
        do {
            cases = try loadSuite(suitePath, filter: args.string("filter"))
            try prepareReportFolder(reportPath)
        } catch {
            output.error("\(error)")
            return 2
        }

        let renderer = try Renderer(options: gpu)
        let info = renderer.context.info
        let family = familyOverride ?? RendererFamily.of(renderer: info.renderer)
        let runner = GoldenRunner(suite: suitePath, reportFolder: reportPath, mode: mode, family: family, renderer: renderer)
        let inputs: [RGBAImage]
        do {
            inputs = try cases.map { (golden) throws(SuiteError) in try runner.loadInput(for: golden) }
        } catch {
            output.error("\(error)")
            return 2
        }
        output.print("suite \(suitePath): \(cases.count) case\(cases.count == 1 ? "" : "s") on \(info.renderer) "
                     + "(references: \(family), then common); record \(mode.rawValue)")

        var outcome = SuiteOutcome(suite: suitePath, renderer: info.summary, family: family, recordMode: mode,
                                   passed: 0, failed: 0, recorded: 0, cases: [])
        for (golden, input) in zip(cases, inputs) {
            let result = runner.run(golden, input: input)
            switch result.status {
            case .passed: outcome.passed += 1
            case .failed: outcome.failed += 1
            case .recorded: outcome.recorded += 1
            }
            outcome.cases.append(result)
            for line in GoldenRunner.lines(for: result, suite: suitePath, report: reportPath) { output.print(line) }
        }

        do {
            try GoldenReport.write(outcome, to: reportPath)
        } catch {
            output.error("cannot write the report to \(reportPath): \(error)")
            return 2
        }
        output.print("report: \(reportPath)/index.html")
        var summary = "\(outcome.passed) passed, \(outcome.failed) failed"
        if outcome.recorded > 0 { summary += ", \(outcome.recorded) recorded" }
        output.print(summary)
        return outcome.failed > 0 ? 1 : 0
    }

    /// The cases of the suite (`*.json` directly in it), sorted by name, filtered.
    static func loadSuite(_ suite: String, filter: String?) throws(SuiteError) -> [GoldenCase] {
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
            throw SuiteError(file: suite, path: "", message: "no cases: a suite holds <case>.json files (see 'shaderfx test --help')")
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
    static func prepareReportFolder(_ path: String) throws(SuiteError) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        do {
            if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw SuiteError(file: path, path: "", message: "--report: a file is in the way; give a folder")
                }
                let contents = try fm.contentsOfDirectory(atPath: path)
                guard contents.isEmpty || contents.contains("report.json") else {
                    throw SuiteError(file: path, path: "", message: "--report: the folder holds other files and no report.json; give an empty or new folder")
                }
                if contents.contains("images") { try fm.removeItem(atPath: path + "/images") }
            }
            try fm.createDirectory(atPath: path + "/images", withIntermediateDirectories: true)
        } catch let error as SuiteError {
            throw error
        } catch {
            throw SuiteError(file: path, path: "", message: "cannot prepare the report folder (\(error.localizedDescription))")
        }
    }
}

/// Renders cases, compares or records their frames, writes their report pictures.
struct GoldenRunner {
    let suite: String
    let reportFolder: String
    let mode: RecordMode
    let family: String
    let renderer: Renderer

    /// The case's input picture, and its image arguments loaded into its effect.
    func loadInput(for golden: GoldenCase) throws(SuiteError) -> RGBAImage {
        let limits = ImageLimits(maxDimension: renderer.context.info.maxTextureSize / golden.scale)
        switch golden.input {
        case let .file(path):
            do { return try PNG.read(path: path, limits: limits) } catch {
                throw SuiteError(file: golden.file, path: "input", message: "\(error)")
            }
        case let .picture(picture, width, height):
            return picture.draw(width: width, height: height)
        }
    }

    /// Renders and judges every frame of a case.
    func run(_ golden: GoldenCase, input: RGBAImage) -> CaseOutcome {
        var outcome = CaseOutcome(name: golden.name, file: golden.file, description: golden.description,
                                  effect: golden.effectName, status: .passed, message: "", frames: [])
        do {
            let size = SIMD2(Double(input.width), Double(input.height))
            var images: [Int: RGBAImage] = [:]
            if case let .custom(_, paths, _) = golden.source {
                for (index, path) in paths { images[index] = try PNG.read(path: path) }
            }
            for frame in golden.frames {
                var passes = try golden.passes(for: frame, size: size)
                for (index, image) in images { passes[0].shader.arguments[index] = .image(image) }
                for pass in passes { try renderer.prepare(pass) }
                let rendered = try renderer.render(input, effects: passes, scale: golden.scale)
                outcome.frames.append(try judge(frame, of: golden, rendered: rendered))
            }
        } catch {
            outcome.status = .failed
            outcome.message = "\(error)"
            return outcome
        }
        if outcome.frames.contains(where: { $0.status == .failed }) {
            outcome.status = .failed
        } else if outcome.frames.contains(where: { $0.status == .recorded }) {
            outcome.status = .recorded
        }
        return outcome
    }

    /// Compares one rendered frame with its reference, or records it, and writes its pictures
    /// into the report folder.
    func judge(_ frame: GoldenCase.Frame, of golden: GoldenCase, rendered: RGBAImage) throws -> FrameOutcome {
        // Quantised as a reference file is: what is compared is what would be recorded.
        let bytes = try PNG.encode(rendered)
        let actual = try PNG.decode(bytes, name: "\(golden.name)/\(frame.name)")
        let fm = FileManager.default
        let familyFolder = "\(golden.folder)/\(family)"
        let familyPath = "\(familyFolder)/\(frame.name).png"
        let commonPath = "\(golden.folder)/\(frame.name).png"
        let imageFolder = "images/\(golden.name)"
        try fm.createDirectory(atPath: "\(reportFolder)/\(imageFolder)", withIntermediateDirectories: true)
        func reportImage(_ kind: String) -> String { "\(imageFolder)/\(frame.name).\(kind).png" }

        var outcome = FrameOutcome(name: frame.name, time: frame.time, status: .passed, message: "",
                                   reference: nil, referenceKind: nil, tolerance: nil, comparison: nil, images: [:])
        try PNG.writeFile(bytes, to: "\(reportFolder)/\(reportImage("actual"))", durable: false)
        outcome.images["actual"] = reportImage("actual")

        let reference: (path: String, kind: String)? =
            fm.fileExists(atPath: familyPath) ? (familyPath, "family")
            : fm.fileExists(atPath: commonPath) ? (commonPath, "common") : nil

        func record(_ why: String) throws {
            var isDirectory: ObjCBool = false
            let intoFamily = fm.fileExists(atPath: familyFolder, isDirectory: &isDirectory) && isDirectory.boolValue
            let target = intoFamily ? familyPath : commonPath
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
                    + "record with --record missing (nothing is recorded in --record never mode, the default when CI is set)"
            } else {
                try record("no reference")
            }
            return outcome
        }
        if mode == .all {
            try record("--record all")
            return outcome
        }

        let expectedBytes: [UInt8]
        do { expectedBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: reference.path))) } catch {
            throw SuiteError(file: reference.path, path: "", message: "cannot read the reference (\(error.localizedDescription))")
        }
        let expected = try PNG.decode(expectedBytes, name: reference.path)
        try PNG.writeFile(expectedBytes, to: "\(reportFolder)/\(reportImage("expected"))", durable: false)
        outcome.images["expected"] = reportImage("expected")
        outcome.reference = relative(reference.path)
        outcome.referenceKind = reference.kind
        let tolerance = reference.kind == "common" && family != "llvmpipe"
            ? golden.gpuTolerance ?? TestCommand.gpuDefault(from: golden.tolerance) : golden.tolerance
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
            outcome.message = "\(report.differentPixels) pixels differ (\(CompareFormat.fixed(report.differentRatio * 100, 3))%), "
                + "allowed \(CompareResult.budget(tolerance, total: total)) at threshold \(CompareFormat.number(tolerance.threshold)); "
                + "largest delta \(CompareFormat.fixed(report.maxDelta, 4))\(at); reference \(relative(reference.path))"
            if mode == .failed { try record(outcome.message) }
        }
        return outcome
    }

    /// `path` relative to the suite folder when inside it.
    func relative(_ path: String) -> String {
        path.hasPrefix(suite + "/") ? String(path.dropFirst(suite.count + 1)) : path
    }

    /// The lines printed for a case: one, then for a failure one indented line per failing frame.
    static func lines(for outcome: CaseOutcome, suite: String, report: String) -> [String] {
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
