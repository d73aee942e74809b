import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ShaderFXTestSupport

extension CLIRun {
    /// Starts the binary once per argument list, all at once as separate processes, and waits
    /// for every one; output goes through files, so no process waits on a pipe.
    static func parallel(_ runs: [[String]], environment: [String: String] = [:]) throws -> [CLIRun] {
        try withTemporaryFolder { (folder) throws in
            var env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "SHADERFX_BACKEND")
            for (k, v) in environment { env[k] = v }
            var started: [(Process, URL, URL)] = []
            for (index, arguments) in runs.enumerated() {
                let out = folder.appendingPathComponent("\(index).out"), err = folder.appendingPathComponent("\(index).err")
                try Data().write(to: out)
                try Data().write(to: err)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = arguments
                process.currentDirectoryURL = root
                process.environment = env
                process.standardOutput = try FileHandle(forWritingTo: out)
                process.standardError = try FileHandle(forWritingTo: err)
                try process.run()
                started.append((process, out, err))
            }
            return try started.map { process, out, err in
                process.waitUntilExit()
                let stdout = try Data(contentsOf: out)
                return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                              stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self), stdoutBytes: stdout)
            }
        }
    }

    /// A finished run, as given.
    init(status: Int32, stdout: String, stderr: String, stdoutBytes: Data) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutBytes = stdoutBytes
    }
}

/// `shaderfx test --shard K/N` and `shaderfx test --merge`: a suite split over processes run at
/// once, merged, and compared with the same suite run whole.
@Suite(.serialized) struct ShardMergeTests {
    /// The example suite's cases that need no file outside it, copied with their references
    /// into a temporary folder, where they can be changed.
    final class Workspace {
        let url: URL
        var path: String { url.path }

        init(cases: [String] = ["ripple", "shimmer", "stripes"]) throws {
            url = try TemporaryFolder.make().url
            let example = CLIRun.root.appendingPathComponent("examples/golden-suite")
            try FileManager.default.createDirectory(at: url.appendingPathComponent("suite"), withIntermediateDirectories: true)
            for name in cases {
                for item in [name + ".json", name] {
                    try FileManager.default.copyItem(at: example.appendingPathComponent(item), to: url.appendingPathComponent("suite/" + item))
                }
            }
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        var suite: String { path + "/suite" }
        func folder(_ name: String) -> String { path + "/" + name }

        /// `shaderfx test` as CI runs it: nothing recorded, llvmpipe's references.
        func test(_ suite: String? = nil, _ extra: [String]) throws -> CLIRun {
            try CLIRun(["test", suite ?? self.suite, "--family", "llvmpipe"] + extra, environment: ["CI": "1"])
        }

        /// Shards 1...count of `suite`, started together, each into `shard-K`.
        func shards(_ count: Int, suite: String? = nil, prefix: String = "shard") throws -> [CLIRun] {
            try CLIRun.parallel((1...count).map { k in
                ["test", suite ?? self.suite, "--family", "llvmpipe", "--shard", "\(k)/\(count)", "--report", folder("\(prefix)-\(k)")]
            }, environment: ["CI": "1"])
        }

        func merge(_ reports: [String], _ extra: [String] = []) throws -> CLIRun {
            try CLIRun(["test", "--merge"] + reports.map(folder) + extra)
        }

        func report(_ name: String) throws -> [String: Any] {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder(name) + "/report.json"))
            return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        func cases(_ name: String) throws -> [[String: Any]] { try #require(try report(name)["cases"] as? [[String: Any]]) }

        func names(_ name: String) throws -> [String] { try cases(name).compactMap { $0["name"] as? String } }

        func writeReport(_ name: String, _ object: [String: Any]) throws {
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: folder(name) + "/report.json"))
        }
    }

    static func summary(_ run: CLIRun) -> String { run.stdout.split(separator: "\n").last.map(String.init) ?? "" }

    /// The documented split: sorted names, the case at position i in shard (i mod N) + 1.
    static func expectedShard(_ k: Int, of n: Int, names: [String]) -> [String] {
        names.sorted().enumerated().filter { $0.offset % n == k - 1 }.map(\.element)
    }

    @Test func threeShardsMergedEqualTheWholeRun() throws {
        let work = try Workspace(cases: [])
        let suite = "examples/golden-suite"
        let whole = try work.test(suite, ["--report", work.folder("whole")])
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        let all = try work.names("whole")
        // The view case (badge) is sharded, merged and reported as the others are.
        #expect(all == ["badge", "ripple", "shimmer", "stripes", "vignette", "vignette-metal"])

        let shards = try work.shards(3, suite: suite)
        for (k, run) in shards.enumerated() {
            #expect(run.status == 0, "shard \(k + 1): \(run.stdout)\(run.stderr)")
            let count = Self.expectedShard(k + 1, of: 3, names: all).count
            #expect(run.stdout.hasPrefix("suite \(suite), shard \(k + 1)/3: \(count) case\(count == 1 ? "" : "s") of 6 on "), "\(run.stdout)")
        }
        // Each shard holds the cases the documented split gives it; together, the suite, once.
        var union: [String] = []
        for k in 1...3 {
            let names = try work.names("shard-\(k)")
            #expect(names == Self.expectedShard(k, of: 3, names: all), "shard \(k)")
            let shard = try #require(try work.report("shard-\(k)")["shard"] as? [String: Any])
            #expect(shard["index"] as? Int == k && shard["count"] as? Int == 3)
            #expect(shard["suiteCases"] as? [String] == all)
            union += names
        }
        #expect(union.sorted() == all)
        #expect(Set(union).count == union.count)

        let junit = work.folder("merged.xml")
        let merged = try work.merge(["shard-1", "shard-2", "shard-3"], ["--report", work.folder("merged"), "--junit", junit])
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        #expect(Self.summary(merged) == "6 passed, 0 failed")
        #expect(merged.stdout.contains("6 cases merged from 3 shard reports (1/3: 2, 2/3: 2, 3/3: 2)"), "\(merged.stdout)")
        #expect(merged.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count == 6)

        // The merged report is the whole run's: the same cases in the same order, each with the
        // same statuses, frames, comparisons and picture paths, and the same counts.
        let wholeReport = try work.report("whole"), mergedReport = try work.report("merged")
        #expect(try work.names("merged") == all)
        #expect(NSArray(array: try work.cases("merged")).isEqual(to: try work.cases("whole")))
        for key in ["passed", "failed", "recorded", "suite", "family", "recordMode"] {
            #expect((mergedReport[key] as? NSObject) == (wholeReport[key] as? NSObject), "\(key)")
        }
        #expect(mergedReport["shard"] == nil)
        let from = try #require(mergedReport["mergedFrom"] as? [[String: Any]])
        #expect(from.compactMap { $0["index"] as? Int } == [1, 2, 3])
        // Every picture is in the merged folder, a copy of the shard's.
        for item in try work.cases("merged") {
            for frame in try #require(item["frames"] as? [[String: Any]]) {
                let images = try #require(frame["images"] as? [String: String])
                #expect(images.count == 3, "\(item["name"] ?? "")")
                for path in images.values {
                    let copy = try Data(contentsOf: URL(fileURLWithPath: work.folder("merged") + "/" + path))
                    let original = (1...3).compactMap { k in
                        try? Data(contentsOf: URL(fileURLWithPath: work.folder("shard-\(k)") + "/" + path))
                    }.first ?? Data()
                    #expect(!copy.isEmpty && copy == original, "\(path)")
                }
            }
        }

        // JUnit of the merged run: every case once, none failed.
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let suiteElement = try #require(try document.nodes(forXPath: "//testsuite").first as? XMLElement)
        #expect(suiteElement.attribute(forName: "tests")?.stringValue == "6")
        #expect(suiteElement.attribute(forName: "failures")?.stringValue == "0")
        let names = try document.nodes(forXPath: "//testcase").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(names == all)
        #expect(try document.nodes(forXPath: "//property[@name='mergedShards']/@value").first?.stringValue == "1/3 2/3 3/3")

        // The page: a failures-only switch, hidden until its script shows it; #failures opens it on.
        let html = try String(contentsOfFile: work.folder("merged") + "/index.html", encoding: .utf8)
        #expect(html.contains(#"<p class="filter" hidden><label><input type="checkbox" id="failures-only"> show failures only</label>"#))
        #expect(html.contains("location.hash === '#failures'"))
        #expect(html.contains("body.failures-only section.case:not(.failed)"))
        #expect(html.contains(#"<p class="no-failures">No case failed.</p>"#))
        #expect(html.contains("Merged from 3 shard reports"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        for name in all { #expect(html.contains(">PASS \(name)<"), "\(name)") }
    }

    @Test func aCaseFailingInOneShardFailsTheMerge() throws {
        let work = try Workspace()
        try #"{"effect": "stripes", "picture": "circle", "size": "160x160", "parameters": {"thickness": 4}}"#
            .write(toFile: work.suite + "/stripes.json", atomically: true, encoding: .utf8)
        let whole = try work.test(nil, ["--report", work.folder("whole")])
        #expect(whole.status == 1)
        #expect(Self.summary(whole) == "2 passed, 1 failed")

        let shards = try work.shards(3)
        #expect(shards.map(\.status) == [0, 0, 1], "\(shards.map(\.stdout))")  // stripes is third of three
        let junit = work.folder("merged.xml")
        let merged = try work.merge(["shard-1", "shard-2", "shard-3"], ["--report", work.folder("merged"), "--junit", junit])
        #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
        #expect(Self.summary(merged) == "2 passed, 1 failed")
        #expect(merged.stdout.contains("FAIL stripes (1 of 1 frame failed"))
        #expect(merged.stdout.contains("  still: ") && merged.stdout.contains("diff \(work.folder("merged"))/images/stripes/still.diff.png"))
        #expect(NSArray(array: try work.cases("merged")).isEqual(to: try work.cases("whole")))
        #expect(try work.report("merged")["failed"] as? Int == 1)

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let suiteElement = try #require(try document.nodes(forXPath: "//testsuite").first as? XMLElement)
        #expect(suiteElement.attribute(forName: "tests")?.stringValue == "3")
        #expect(suiteElement.attribute(forName: "failures")?.stringValue == "1")
        #expect(try document.nodes(forXPath: "//testcase[@name='stripes']/failure").count == 1)
        #expect(try document.nodes(forXPath: "//failure").count == 1)

        let html = try String(contentsOfFile: work.folder("merged") + "/index.html", encoding: .utf8)
        #expect(html.contains(#"<section class="case failed" id="case-stripes">"#))
        #expect(html.contains(#"id="failures-only""#))
        #expect(!html.contains("no-failures\">"))
    }

    @Test func shardsBeyondTheCasesPassEmptyAndStillMerge() throws {
        let work = try Workspace(cases: ["stripes", "shimmer"])
        let shards = try work.shards(4)
        #expect(shards.map(\.status) == [0, 0, 0, 0])
        for k in [3, 4] {
            #expect(shards[k - 1].stdout.contains("shard \(k)/4 has no cases to run: the suite's 2 cases fill only shards 1 to 2 of 4; it passes"),
                    "\(shards[k - 1].stdout)")
            #expect(Self.summary(shards[k - 1]) == "0 passed, 0 failed")
            #expect(try work.names("shard-\(k)") == [])
        }
        let merged = try work.merge((1...4).map { "shard-\($0)" }, ["--report", work.folder("merged")])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try work.names("merged") == ["shimmer", "stripes"])
        #expect(Self.summary(merged) == "2 passed, 0 failed")
    }

    @Test func mergeRefusesMissingDuplicateOverlappingAndUnreadableReports() throws {
        let work = try Workspace()
        #expect(try work.shards(3).map(\.status) == [0, 0, 0])
        func refused(_ reports: [String], _ message: String, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let run = try work.merge(reports, extra.isEmpty ? ["--report", work.folder("merged")] : extra)
            #expect(run.status == 2, "\(reports): \(run.stdout)", sourceLocation: sourceLocation)
            #expect(run.stderr.contains(message), "\(reports): \(run.stderr)", sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: work.folder("merged") + "/report.json"), sourceLocation: sourceLocation)
        }
        // A missing shard is named.
        try refused(["shard-1", "shard-3"], "missing shard 2 of 3: the reports given are shards 1, 3 of 3")
        try refused(["shard-2"], "missing shards 1, 3 of 3")
        // The same shard twice, or one report twice.
        try FileManager.default.copyItem(atPath: work.folder("shard-2"), toPath: work.folder("copy-2"))
        try refused(["shard-1", "shard-2", "copy-2", "shard-3"], "shard 2/3 is given twice (\(work.folder("shard-2")), \(work.folder("copy-2")))")
        try refused(["shard-1", "shard-2", "shard-3", "shard-1"], "shard 1/3 is given twice")
        // Shards that overlap: a case in two of them.
        var overlapping = try work.report("shard-2")
        overlapping["cases"] = try work.cases("shard-2") + work.cases("shard-1").prefix(1)
        try work.writeReport("copy-2", overlapping)
        try refused(["shard-1", "copy-2", "shard-3"], "case 'ripple' is in more than one report (\(work.folder("shard-1")), \(work.folder("copy-2"))); shards must not overlap")
        // Unreadable reports: none, broken JSON, not a report, not a shard's.
        try refused(["shard-1", "nowhere", "shard-3"], "\(work.folder("nowhere")): not a folder")
        try FileManager.default.createDirectory(atPath: work.folder("empty"), withIntermediateDirectories: true)
        try refused(["shard-1", "shard-2", "empty"], "\(work.folder("empty")): no report.json in it")
        try #"{"cases": [}"#.write(toFile: work.folder("copy-2") + "/report.json", atomically: true, encoding: .utf8)
        try refused(["shard-1", "copy-2", "shard-3"], "\(work.folder("copy-2"))/report.json:1:")
        try #"{"cases": []}"#.write(toFile: work.folder("copy-2") + "/report.json", atomically: true, encoding: .utf8)
        try refused(["shard-1", "copy-2", "shard-3"], "report.json: suite: missing field (not a report of 'shaderfx test')")
        #expect(try work.test(nil, ["--report", work.folder("whole")]).status == 0)
        try refused(["whole"], "\(work.folder("whole"))/report.json: not the report of a --shard run")
        // Reports of another suite, or split another way.
        let other = try Workspace(cases: ["ripple", "stripes"])
        #expect(try other.shards(3, suite: other.suite).map(\.status) == [0, 0, 0])
        try refused(["shard-1", "shard-2", "../" + other.url.lastPathComponent + "/shard-3"], "is not from the same suite run as \(work.folder("shard-1")): its suite is")
        #expect(try work.shards(2, prefix: "half").map(\.status) == [0, 0])
        try refused(["shard-1", "half-2", "shard-3"], "\(work.folder("half-2")) is shard 2/2 but \(work.folder("shard-1")) is shard 1/3")
        // The output cannot be one of the reports.
        try refused(["shard-1", "shard-2", "shard-3"], "--report \(work.folder("shard-2")) is the report \(work.folder("shard-2")) being merged",
                    ["--report", work.folder("shard-2")])
        #expect(FileManager.default.fileExists(atPath: work.folder("shard-2") + "/images/shimmer/t0.5.actual.png"))
        // A picture the report names must be there.
        try FileManager.default.removeItem(atPath: work.folder("shard-1") + "/images/ripple/t0.3.diff.png")
        try refused(["shard-1", "shard-2", "shard-3"], "\(work.folder("shard-1")): picture images/ripple/t0.3.diff.png: no such file")
    }

    /// Node.js on PATH, which runs the report page's script against a stand-in for the page.
    static let node: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { $0 + "/node" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: node != nil, "needs node on PATH"))
    func theFailuresOnlySwitchFollowsTheAddress() throws {
        let work = try Workspace(cases: ["stripes"])
        #expect(try work.test(nil, ["--report", work.folder("report")]).status == 0)
        let html = try String(contentsOfFile: work.folder("report") + "/index.html", encoding: .utf8)
        let start = try #require(html.range(of: "<script>")), end = try #require(html.range(of: "</script>"))
        try String(html[start.upperBound..<end.lowerBound]).write(toFile: work.folder("page.js"), atomically: true, encoding: .utf8)
        // Just enough of a page for the script: the switch, its paragraph, body, location, history.
        let harness = #"""
            const fs = require('fs');
            function node() {
              return { hidden: true, checked: false, on: {}, addEventListener(n, f) { this.on[n] = f; },
                       closest() { return paragraph; }, classList: { names: new Set(), toggle(c, on) { on ? this.names.add(c) : this.names.delete(c); } } };
            }
            const paragraph = node(), box = node(), body = node(), windowOn = {}, addresses = [];
            global.document = { getElementById: id => id === 'failures-only' ? box : null, querySelectorAll: () => [], body };
            global.window = { addEventListener(n, f) { windowOn[n] = f; } };
            global.location = { hash: process.argv[3], pathname: '/report/index.html', search: '' };
            global.history = { replaceState(state, title, url) { addresses.push(url); } };
            eval(fs.readFileSync(process.argv[2], 'utf8'));
            const state = () => (box.checked ? 'on' : 'off') + '/' + (body.classList.names.has('failures-only') ? 'filtered' : 'all');
            const seen = [paragraph.hidden ? 'hidden' : 'shown', state()];
            box.checked = !box.checked; box.on.change(); seen.push(state());
            box.checked = !box.checked; box.on.change(); seen.push(state());
            location.hash = '#failures'; windowOn.hashchange(); seen.push(state());
            console.log(seen.join(' ') + ' ' + addresses.join(' '));
            """#
        try harness.write(toFile: work.folder("harness.js"), atomically: true, encoding: .utf8)
        for (hash, expected) in [("#failures", "shown on/filtered off/all on/filtered on/filtered /report/index.html #failures"),
                                 ("", "shown off/all on/filtered off/all on/filtered #failures /report/index.html"),
                                 ("#case-stripes", "shown off/all on/filtered off/all on/filtered #failures /report/index.html")] {
            let run = try CLIRun([work.folder("harness.js"), work.folder("page.js"), hash], executable: try #require(Self.node))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == expected + "\n", "opened as index.html\(hash)")
        }
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "3", "a/b", "1/3/5", "-1/3", "/3", "1/", "+1/3", " 1/3"])
    func malformedShardsAreUsageErrors(_ shard: String) throws {
        let run = try CLIRun(["test", "examples/golden-suite", "--shard", shard, "--report", "/nonexistent/never"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--shard: expected K/N, shard K of N with 1 <= K <= N (e.g. 2/4), got '\(shard)'"), "\(run.stderr)")
    }

    @Test func mergeOptionsAndHelp() throws {
        let work = try Workspace(cases: ["stripes"])
        for (extra, message) in [(["--record", "all"], "--record cannot be used with --merge"),
                                 (["--shard", "1/2"], "--shard cannot be used with --merge"),
                                 (["--filter", "s"], "--filter cannot be used with --merge")] {
            let run = try CLIRun(["test", "--merge", work.suite] + extra)
            #expect(run.status == 2 && run.stderr.contains(message), "\(run.stderr)")
        }
        let two = try CLIRun(["test", work.suite, work.suite])
        #expect(two.status == 2 && two.stderr.contains("give one suite folder (several folders are shard reports for --merge)"), "\(two.stderr)")
        let none = try CLIRun(["test", "--merge"])
        #expect(none.status == 2 && none.stderr.contains("missing required argument"), "\(none.stderr)")
        let help = try CLIRun(["test", "--help"])
        #expect(help.status == 0)
        for text in ["--shard <K/N>", "--merge", "(i mod N) + 1", "shaderfx test --merge reports/shard-1 reports/shard-2 reports/shard-3",
                     "missing shard", "examples/ci/", "index.html#failures"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }
}
