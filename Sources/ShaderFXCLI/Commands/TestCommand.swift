import Foundation
import ShaderFXGolden
import ShaderFXUI

/// `shaderfx test SUITE_DIR`: renders every case of a golden suite and compares each frame
/// with its reference PNG, recording references as snapshot-testing tools do.
///
/// A suite is a folder: each `<name>.json` in it (not in subfolders) is a case, described in
/// `GoldenCase`'s documentation, and `<name>/` holds its references, common ones
/// (`<name>/t0.05.png`) and per renderer family (`<name>/llvmpipe/t0.05.png`).
///
/// `--shard K/N` runs one part of the suite (the split is `Shard`'s); `--merge REPORT_DIR...`
/// combines the shards' reports into one, as `GoldenMerge` describes, without a GPU.
///
/// Exit status: 0 when every case passed (or was recorded), 1 when any failed, 2 for usage
/// errors and unreadable suites (the file and the JSON path are named), and for shard reports
/// that cannot be merged (missing, unreadable, of another suite, overlapping).
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
                command line: {"amplitude": "12"}); input (a PNG relative to the case file) or picture (\(BuiltInPicture.allCases.map(\.rawValue).joined(separator: ", "))) \
                and size ("WxH"); frames (times in seconds: a time-driven effect gets its time, a gesture effect runs \
                after a tap at its origin at time 0, or as events says, in animate's --events form, whose "keyframes" \
                move the effect's float, point and colour parameters; without frames, one frame with the parameters \
                as given); scale (1...8); \
                view (a SwiftUI view file relative to the case file, as render --view takes it, in place of input or \
                picture) with set (values for its constants and its root's state and properties, as --set takes them: \
                {"title": "Hello", "count": 3, "tint": "indigo", "origin": [10, 20]}), assets (folders Image("Name") \
                looks in after the file's own), root (the struct to render), shader (a file) or library (a folder of \
                .metal files) that ShaderLibrary.name(...) looks in, and size (the size proposed to the root; without \
                it, its ideal size); each frame evaluates the view again with that time as TimelineView's, and an \
                effect, when given, runs over the whole view (a syntax error in the view file stops the suite, exit \
                2; an error while evaluating it fails the case, located in the file); tolerance {threshold, maxDifferentPixels, \
                maxDifferentRatio, ignoreAntialiasing, shiftTolerance, ignore: [[x, y, w, h], ...], regions: [{rect: [x, y, w, \
                h], threshold: t}, ...]} as 'shaderfx \
                compare' takes them (default threshold 0.1, no pixel may differ); mask (a PNG, relative to the case \
                file, whose transparent pixels are not compared); metric "flip" with maxMeanError (default 0.01) to \
                judge by ꟻLIP's mean error instead of the pixel count; gpuTolerance (used instead when a renderer other than llvmpipe falls back to the \
                common reference); allowBlank (true when a frame may be wholly transparent, one colour all over, or \
                the input unchanged: by default such a frame fails before it is compared or recorded, since it \
                would match a blank reference).
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
                Sharding, for CI: --shard K/N runs shard K of N. The cases (after --filter) are sorted by name and the \
                case at position i (from 0) goes to shard (i mod N) + 1, the same on every machine; a shard with no \
                cases passes. Its report.json records the shard and the suite's cases. Run every shard with the same \
                SUITE_DIR, --filter, --family and record mode, each with its own --report folder, then \
                'shaderfx test --merge REPORT_DIR...' (the arguments are then the shards' report folders) checks that \
                they are all N shards of one suite run, none overlapping, and writes one report (--report DIR, default \
                SUITE_DIR/.report), its pictures copied into DIR/images, and --junit FILE if given; it needs no GPU and \
                exits as the whole suite would have: 0, or 1 when a case failed. A missing shard (it is named), a \
                shard or case given twice, or a report that is unreadable or of another suite exits 2. \
                examples/ci/ has a GitHub Actions workflow and a Kubernetes Indexed Job.
                Calibration: --calibrate [--runs N] tests nothing and writes no reference or report: it renders each \
                case N times (default 3) on every renderer it can reach (Mesa's surfaceless platform, each EGL device, \
                each /dev/dri render node through GBM; --backend/--device pick one instead; those not reached are listed \
                with the reason) and prints, per frame, each pair compared under the case's own options: run to run (later \
                runs against the first), renderer against renderer, each render against every reference on disk (the one a \
                test on that renderer uses marked), and reference family against family. Each pair shows the largest \
                channel difference in 8-bit levels, the pixels over the case's tolerance, the largest YIQ delta, and for a \
                "flip" case ꟻLIP's mean error. The suggested tolerance covers the pairs a test meets (run to run and the \
                reference used; gpuTolerance: a renderer other than llvmpipe against common references or llvmpipe's \
                render): threshold = twice the largest YIQ delta, at least 0.005, rounded up to 1, 2 or 5 x 10^k; when \
                that is over 0.1 the threshold stays 0.1 and maxDifferentPixels is twice the most pixels over it, rounded \
                up alike; for "flip", maxMeanError = twice the largest mean error, at least 0.001, rounded up alike. \
                --json FILE writes the measurements; --filter and --shard choose cases as for a test run; progress goes to \
                standard error. Exit 0, 1 when a case could not be rendered on some renderer, 2 when none was reached.
                The report page has a 'show failures only' switch; index.html#failures opens it switched on.
                Exit codes (stable): 0 every case passed or was recorded; 1 a case failed; 2 usage error, or a suite \
                that cannot be read (the file and the place in its JSON are named), or no GPU, or reports that cannot \
                be merged.
                """,
            examples: [
                UsageExample("shaderfx test examples/golden-suite", explanation: "compare; record references that are missing"),
                UsageExample("CI=1 shaderfx test examples/golden-suite --report artifacts/golden",
                             explanation: "as CI runs it: nothing is recorded"),
                UsageExample("shaderfx test examples/golden-suite --filter ripple --record failed",
                             explanation: "re-record the ripple cases that fail (look at them before committing)"),
                UsageExample("shaderfx test examples/golden-suite --calibrate --runs 5 --json noise.json",
                             explanation: "measure each case's noise floor on every renderer reachable, and suggest tolerances"),
                UsageExample("CI=1 shaderfx test examples/golden-suite --shard 2/3 --report reports/shard-2",
                             explanation: "on the second of three CI machines: its third of the cases"),
                UsageExample("shaderfx test --merge reports/shard-1 reports/shard-2 reports/shard-3 --report reports/all --junit golden.xml",
                             explanation: "then one report of the whole suite from the three (exit 1 when any case failed)"),
            ])
    }

    @Argument(name: "suite", help: "the suite folder, holding <case>.json files; with --merge, the report folders of the shards",
              completion: .directories)
    var folders: [String]
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
    @Option(valueName: "K/N", help: "run only shard K of N of the cases (sorted by name, case i goes to shard (i mod N) + 1), for spreading a suite over N machines",
            read: { parsed, name throws(UsageError) in try parsed.value(name, expected: Shard.expectedForm) { Shard($0) } })
    var shard: Shard?
    @Flag(help: "merge the reports of --shard runs into one: the arguments are their report folders")
    var merge: Bool
    @Flag(help: "measure the noise floor instead of testing: render each case --runs times on every renderer reachable and print the differences beside the case's tolerance, with a suggested one; writes no reference and no report")
    var calibrate: Bool
    @Option(valueName: "N", help: "with --calibrate: renders of each case per renderer (default 3)", in: 1...100)
    var runs: Int?
    @Option(valueName: "FILE", help: "with --calibrate: also write the measurements as JSON")
    var json: String?
    @OptionGroup var gpuFlags: GPUFlags

    func run(_ context: CommandContext, output: inout Output) throws -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        if calibrate {
            // Calibration measures: whatever records, reports or merges has no place.
            let given = [$record, $report, $junit, $family].filter(\.isGiven).map(\.spelling) + (merge ? ["--merge"] : [])
            if let spelling = given.first {
                throw CommandFailure(message: "\(spelling) cannot be used with --calibrate, which only measures and writes no "
                                     + "reference or report; run 'shaderfx test \(spelling == "--merge" ? "--merge REPORT_DIR..." : "SUITE " + spelling + " ...")' on its own"
                                     + (spelling == "--family" ? " (each renderer's family comes from its GL_RENDERER)" : ""), exitCode: 2)
            }
        } else if let option = [$runs, $json].first(where: { $0.isGiven }) {
            throw CommandFailure(message: "\(option.spelling) is for --calibrate: add --calibrate to measure the noise floor", exitCode: 2)
        }
        guard merge else {
            guard folders.count == 1 else {
                throw CommandFailure(message: "unexpected argument '\(folders[1])': give one suite folder "
                                     + "(several folders are shard reports for --merge)", exitCode: 2)
            }
            return calibrate ? try runCalibration(output: &output) : try run(output: &output, environment: environment)
        }
        // Merging runs nothing: the options that choose what runs, and how, have no place.
        for option in [$record, $filter, $family, $shard, gpuFlags.$backend, gpuFlags.$device, gpuFlags.$cudaDevice] where option.isGiven {
            throw CommandFailure(message: "\(option.spelling) cannot be used with --merge, which combines finished shard reports", exitCode: 2)
        }
        return try runMerge(output: &output)
    }

    func run(output: inout Output, environment: [String: String]) throws -> Int32 {
        let mode = record ?? RecordMode.default(environment: environment)
        let gpu = try gpuFlags.resolve()

        // Read and check every case before the first GL call.
        let suite: GoldenSuite.Run
        do {
            suite = try GoldenSuite.Run(suite: folders[0],
                                        options: .init(record: mode, reportFolder: report, filter: filter, family: family, shard: shard))
        } catch {
            throw CommandFailure(message: ErrorWording.message(error), exitCode: 2)
        }
        let suitePath = suite.suite, reportPath = suite.reportFolder
        let renderer = try Renderer(options: gpu)
        let all = suite.suiteCases.count, count = suite.cases.count
        let outcome: SuiteOutcome
        do {
            outcome = try suite.run(on: renderer, start: {
                let counted = "\(count) case\(count == 1 ? "" : "s")"
                output.print("suite \(suitePath)\(shard.map { ", shard \($0): \(counted) of \(all)" } ?? ": " + counted) "
                             + "on \(renderer.context.info.renderer) (references: \(suite.family(on: renderer)), then common); record \(mode.rawValue)")
                if let shard, count == 0 {
                    output.print("shard \(shard) has no cases to run: the suite's \(all) case\(all == 1 ? "" : "s") "
                                 + "fill only shards 1 to \(all) of \(shard.count); it passes")
                }
            }, each: { result in
                for line in GoldenRunner.lines(for: result, suite: suitePath, report: reportPath) { output.print(line) }
            })
        } catch {
            throw CommandFailure(message: ErrorWording.message(error), exitCode: 2)
        }

        try writeReports(outcome, to: reportPath)
        // On GitHub Actions every failed case is also an annotation on the run and its file.
        if environment["GITHUB_ACTIONS"] == "true" {
            for line in CIReports.githubAnnotations(outcome) { output.print(line) }
        }
        return finish(outcome, report: reportPath, output: &output)
    }

    /// `--calibrate`: every case rendered `--runs` times on every renderer reached, measured
    /// (`Calibrator`); progress on standard error. Exit 0, or 1 when a case could not be
    /// rendered somewhere, 2 when no renderer was reached.
    func runCalibration(output: inout Output) throws -> Int32 {
        let suitePath = folders[0].hasSuffix("/") && folders[0].count > 1 ? String(folders[0].dropLast()) : folders[0]
        let cases: [GoldenCase]
        do {
            let all = try GoldenSuite.loadSuite(suitePath, filter: filter)
            cases = shard?.select(all) ?? all
        } catch {
            throw CommandFailure(message: ErrorWording.message(error), exitCode: 2)
        }
        let chosen = [gpuFlags.$backend, gpuFlags.$device, gpuFlags.$cudaDevice].contains { $0.isGiven } ? try gpuFlags.resolve() : nil
        let (targets, unreached) = Calibrator.reach(only: chosen)
        guard !targets.isEmpty else {
            throw CommandFailure(message: "no renderer could be reached: " + unreached.map { "\($0.name): \($0.reason ?? "")" }.joined(separator: "; "),
                                 exitCode: 2)
        }
        let calibrator = Calibrator(suite: suitePath, runs: runs ?? 3, targets: targets)
        output.print("calibrating \(suitePath)\(shard.map { ", shard \($0)" } ?? ""): \(cases.count) case\(cases.count == 1 ? "" : "s"), "
                     + "\(calibrator.runs) run\(calibrator.runs == 1 ? "" : "s") each on \(targets.count) renderer\(targets.count == 1 ? "" : "s")")
        for renderer in calibrator.renderers {
            output.print("renderer \(renderer.name): \(renderer.summary ?? "") (family \(renderer.family ?? ""))")
        }
        for item in unreached { output.print("not measured \(item.name): \(item.reason ?? "")") }
        var report = CalibrationReport(suite: suitePath, runs: calibrator.runs, renderers: calibrator.renderers, unreached: unreached, cases: [])
        for (index, golden) in cases.enumerated() {
            if !output.quiet { Output.write("calibrating \(index + 1)/\(cases.count): \(golden.name)\n", to: STDERR_FILENO) }
            let item = calibrator.calibrate(golden)
            for line in Calibrator.lines(for: item) { output.print(line) }
            report.cases.append(item)
        }
        if let json {
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                try OutputFile.write(Array(try encoder.encode(report)) + [10], to: json)
            } catch {
                throw CommandFailure(message: "cannot write the calibration to \(json): \(error)", exitCode: 2)
            }
        }
        let failed = report.cases.filter { !$0.errors.isEmpty }.count
        output.print("calibrated \(report.cases.count) case\(report.cases.count == 1 ? "" : "s")"
                     + (failed > 0 ? ", \(failed) with errors (not rendered everywhere)" : "") + "; no reference was written")
        return failed > 0 ? 1 : 0
    }

    /// `--merge`: the shard reports named by the arguments, checked and combined into one.
    /// The shard jobs printed the GitHub annotations of their cases; the merge does not repeat them.
    func runMerge(output: inout Output) throws -> Int32 {
        let reports: [GoldenMerge.ShardReport]
        let reportPath: String
        do {
            reports = try folders.map { (folder) throws(MergeError) in
                try GoldenMerge.read(folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder)
            }
            try GoldenMerge.check(reports)
            reportPath = report ?? reports[0].outcome.suite + "/.report"
            try GoldenMerge.checkOutput(reportPath, reports: reports.map(\.folder))
        } catch {
            throw CommandFailure(message: ErrorWording.message(error), exitCode: 2)
        }
        let outcome: SuiteOutcome
        do {
            try GoldenSuite.prepareReportFolder(reportPath)
            outcome = try GoldenMerge.merge(reports, into: reportPath)
        } catch {
            throw CommandFailure(message: ErrorWording.message(error), exitCode: 2)
        }
        let shards = (outcome.mergedFrom ?? []).map { "\($0.index)/\($0.count): \($0.cases.count)" }.joined(separator: ", ")
        output.print("suite \(outcome.suite): \(outcome.cases.count) case\(outcome.cases.count == 1 ? "" : "s") merged from "
                     + "\(reports.count) shard report\(reports.count == 1 ? "" : "s") (\(shards)) on \(outcome.renderer) "
                     + "(references: \(outcome.family), then common); record \(outcome.recordMode.rawValue)")
        for item in outcome.cases {
            for line in GoldenRunner.lines(for: item, suite: outcome.suite, report: reportPath) { output.print(line) }
        }
        try writeReports(outcome, to: reportPath)
        return finish(outcome, report: reportPath, output: &output)
    }

    /// Writes index.html, report.json and, when asked for, the JUnit XML.
    private func writeReports(_ outcome: SuiteOutcome, to reportPath: String) throws {
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
    }

    /// Prints where the report is and the counts; the exit status: 1 when a case failed.
    private func finish(_ outcome: SuiteOutcome, report reportPath: String, output: inout Output) -> Int32 {
        output.print("report: \(reportPath)/index.html")
        var summary = "\(outcome.passed) passed, \(outcome.failed) failed"
        if outcome.recorded > 0 { summary += ", \(outcome.recorded) recorded" }
        output.print(summary)
        return outcome.failed > 0 ? 1 : 0
    }
}
