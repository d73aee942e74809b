import Foundation
import ShaderFXGolden

/// `shaderfx test SUITE_DIR`: renders every case of a golden suite and compares each frame
/// with its reference PNG, recording references as snapshot-testing tools do.
///
/// A suite is a folder: each `<name>.json` in it (not in subfolders) is a case, described in
/// `GoldenCase`'s documentation, and `<name>/` holds its references, common ones
/// (`<name>/t0.05.png`) and per renderer family (`<name>/llvmpipe/t0.05.png`).
///
/// Exit status: 0 when every case passed (or was recorded), 1 when any failed, 2 for usage
/// errors and unreadable suites (the file and the JSON path are named).
struct TestCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
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
                the pictures in images/. --junit FILE also writes JUnit XML for CI test reports; when \
                GITHUB_ACTIONS=true each failed case is also printed as a GitHub Actions ::error annotation on its file.
                Exit codes (stable): 0 every case passed or was recorded; 1 a case failed; 2 usage error, or a suite \
                that cannot be read (the file and the place in its JSON are named), or no GPU.
                """,
            examples: [
                UsageExample("shaderfx test examples/golden-suite", explanation: "compare; record references that are missing"),
                UsageExample("CI=1 shaderfx test examples/golden-suite --report artifacts/golden",
                             explanation: "as CI runs it: nothing is recorded"),
                UsageExample("shaderfx test examples/golden-suite --filter ripple --record failed",
                             explanation: "re-record the ripple cases that fail (look at them before committing)"),
            ])
    }

    @Argument(help: "the suite folder, holding <case>.json files", completion: .directories)
    var suite: String
    @Option(valueName: "MODE", help: "all, failed, missing or never (default: missing; never when CI is set)")
    var record: RecordMode?
    @Option(valueName: "DIR", help: "where to write index.html, report.json and images/ (default: SUITE_DIR/.report)")
    var report: String?
    @Option(valueName: "TEXT", help: "run only the cases whose name contains TEXT")
    var filter: String?
    @Option(valueName: "NAME", help: "the renderer family whose references to use (default: from GL_RENDERER)",
            read: { parsed, name throws(UsageError) in
                try parsed.value(name, expected: "a family name: lowercase letters, digits, - and _") { RendererFamily.isValid($0) ? $0 : nil }
            })
    var family: String?
    @Option(valueName: "FILE", help: "also write the outcome as JUnit XML (one testcase per case; recorded cases are skipped), for CI test reports")
    var junit: String?
    @OptionGroup var gpuFlags: GPUFlags

    func run(_ context: CommandContext, output: inout Output) throws -> Int32 {
        try run(output: &output, environment: ProcessInfo.processInfo.environment)
    }

    func run(output: inout Output, environment: [String: String]) throws -> Int32 {
        let mode = record ?? RecordMode.default(environment: environment)
        let familyOverride = family
        let suitePath = suite.hasSuffix("/") && suite.count > 1 ? String(suite.dropLast()) : suite
        let reportPath = report ?? suitePath + "/.report"
        let gpu = try gpuFlags.resolve()

        // Read and check every case before the first GL call.
        let cases: [GoldenCase]
        do {
            cases = try GoldenSuite.loadSuite(suitePath, filter: filter)
            try GoldenSuite.prepareReportFolder(reportPath)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 2)
        }

        let renderer = try Renderer(options: gpu)
        let info = renderer.context.info
        let family = familyOverride ?? RendererFamily.of(renderer: info.renderer)
        let runner = GoldenRunner(suite: suitePath, reportFolder: reportPath, mode: mode, family: family, renderer: renderer)
        let inputs: [RGBAImage]
        do {
            inputs = try cases.map { (golden) throws(SuiteError) in try runner.loadInput(for: golden) }
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 2)
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
            throw CommandFailure(message: "cannot write the report to \(reportPath): \(error)", exitCode: 2)
        }
        if let junit {
            do {
                try OutputFile.write(Array(CIReports.junit(outcome).utf8), to: junit)
            } catch {
                throw CommandFailure(message: "cannot write the JUnit report: \(error)", exitCode: 2)
            }
        }
        // On GitHub Actions every failed case is also an annotation on the run and its file.
        if environment["GITHUB_ACTIONS"] == "true" {
            for line in CIReports.githubAnnotations(outcome) { output.print(line) }
        }
        output.print("report: \(reportPath)/index.html")
        var summary = "\(outcome.passed) passed, \(outcome.failed) failed"
        if outcome.recorded > 0 { summary += ", \(outcome.recorded) recorded" }
        output.print(summary)
        return outcome.failed > 0 ? 1 : 0
    }
}
