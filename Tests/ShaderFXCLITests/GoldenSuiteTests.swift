import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ShaderFXTestSupport
import ShaderFX
import ShaderFXUI

/// `shaderfx test` end to end on suites made in temporary folders.
@Suite(.serialized) struct GoldenSuiteTests {
    /// A suite folder with a ripple case (two frames), a stripes case and a custom shader case.
    final class Suite {
        let url: URL
        var path: String { url.path }

        init() throws {
            url = try TemporaryFolder.make().url
            try write("ripple", #"{"effect": "ripple", "parameters": {"origin": "32,24"}, "picture": "pool", "size": "64x48", "frames": [0.05, 0.2]}"#)
            try write("stripes", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 5}}"#)
            let shader = try String(contentsOf: CLIRun.root.appendingPathComponent("examples/vignette.glsl"), encoding: .utf8)
            try FileManager.default.createDirectory(at: url.appendingPathComponent("shaders"), withIntermediateDirectories: true)
            try shader.write(to: url.appendingPathComponent("shaders/vignette.glsl"), atomically: true, encoding: .utf8)
            try write("vignette", #"""
                {"description": "examples/vignette.glsl",
                 "shader": {"file": "shaders/vignette.glsl", "kind": "color", "args": {"strength": 0.8, "tint": "indigo", "bounds": "bounds"}},
                 "size": "48x32"}
                """#)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ name: String, _ json: String) throws {
            try json.write(to: url.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
        }

        func exists(_ relative: String) -> Bool {
            FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
        }

        func remove(_ relative: String) throws {
            try FileManager.default.removeItem(at: url.appendingPathComponent(relative))
        }

        func image(_ relative: String) throws -> RGBAImage { try PNG.read(path: url.appendingPathComponent(relative).path) }

        /// Runs `shaderfx test` on the suite; CI is unset unless given.
        /// Runs the suite as the llvmpipe family unless `extra` names one, so that these tests of
        /// the family mechanism read the same on any GPU.
        func run(_ extra: [String] = [], ci: String = "", environment: [String: String] = [:]) throws -> CLIRun {
            let family = extra.contains("--family") ? [] : ["--family", "llvmpipe"]
            return try CLIRun(["test", path] + family + extra, environment: environment.merging(["CI": ci]) { a, _ in a })
        }

        /// The JSON report of the last run.
        func report(_ folder: String? = nil) throws -> [String: Any] {
            let data = try Data(contentsOf: URL(fileURLWithPath: (folder ?? path + "/.report") + "/report.json"))
            return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    static func summary(_ run: CLIRun) -> String { run.stdout.split(separator: "\n").last.map(String.init) ?? "" }

    static func caseLine(_ run: CLIRun, _ name: String) -> String {
        run.stdout.split(separator: "\n").map(String.init).first { $0.split(separator: " ").dropFirst().first == Substring(name) } ?? ""
    }

    @Test func recordsWhatIsMissingThenPasses() throws {
        let suite = try Suite()
        let first = try suite.run()
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(Self.summary(first) == "0 passed, 0 failed, 3 recorded")
        #expect(Self.caseLine(first, "ripple").hasPrefix("RECORDED ripple (2 frames into ripple/)"))
        for file in ["ripple/t0.05.png", "ripple/t0.2.png", "stripes/still.png", "vignette/still.png"] {
            #expect(suite.exists(file), "\(file)")
        }
        // The ripple moved between its two frames, and is not the plain picture.
        #expect(try suite.image("ripple/t0.05.png") != suite.image("ripple/t0.2.png"))
        #expect(try suite.image("ripple/t0.05.png") != PNG.decode(PNG.encode(try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())), name: "pool"))

        let second = try suite.run()
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(Self.summary(second) == "3 passed, 0 failed")
        #expect(Self.caseLine(second, "ripple").hasPrefix("PASS ripple (2 frames, worst delta 0.0000, PSNR inf)"))
        #expect(Self.caseLine(second, "vignette").hasPrefix("PASS vignette (1 frame"))
    }

    @Test func aChangedParameterFailsWithDiffPictures() throws {
        let suite = try Suite()
        _ = try suite.run()
        let before = try suite.image("stripes/still.png")
        try suite.write("stripes", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 9}}"#)
        let run = try suite.run()
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(Self.summary(run) == "2 passed, 1 failed")
        let line = Self.caseLine(run, "stripes")
        #expect(line.hasPrefix("FAIL stripes (1 of 1 frame failed, worst delta"), "\(line)")
        #expect(run.stdout.contains("  still: "))
        #expect(run.stdout.contains("pixels differ"))
        #expect(run.stdout.contains("images/stripes/still.diff.png"))
        // The reference is kept; the report holds expected, actual and diff.
        #expect(try suite.image("stripes/still.png") == before)
        for kind in ["expected", "actual", "diff"] {
            #expect(suite.exists(".report/images/stripes/still.\(kind).png"), "\(kind)")
        }
        let diff = try suite.image(".report/images/stripes/still.diff.png")
        #expect(diff.pixels.indices.contains { $0 % 4 == 0 && diff.pixels[$0] == 1 && diff.pixels[$0 + 1] == 0 })  // some red
        let report = try suite.report()
        #expect(report["failed"] as? Int == 1)
        let cases = try #require(report["cases"] as? [[String: Any]])
        let stripes = try #require(cases.first { $0["name"] as? String == "stripes" })
        #expect(stripes["status"] as? String == "failed")
        let frame = try #require((stripes["frames"] as? [[String: Any]])?.first)
        #expect((frame["comparison"] as? [String: Any])?["passed"] as? Bool == false)
        #expect(frame["referenceKind"] as? String == "common")
    }

    @Test func recordModesInAndOutOfCI() throws {
        let suite = try Suite()
        _ = try suite.run()
        try suite.remove("ripple/t0.2.png")

        // CI: nothing is recorded; the missing reference fails.
        let ci = try suite.run(ci: "true")
        #expect(ci.status == 1, "\(ci.stdout)")
        #expect(ci.stdout.contains("record never"))
        #expect(ci.stdout.contains("t0.2: no reference: looked for ripple/llvmpipe/t0.2.png and ripple/t0.2.png"))
        #expect(Self.summary(ci) == "2 passed, 1 failed")
        #expect(!suite.exists("ripple/t0.2.png"))
        // --record never off CI: the same.
        #expect(try suite.run(["--record", "never"]).status == 1)
        #expect(!suite.exists("ripple/t0.2.png"))
        // CI=0 is not CI: missing references are recorded.
        let dev = try suite.run(ci: "0")
        #expect(dev.status == 0, "\(dev.stdout)")
        #expect(Self.caseLine(dev, "ripple").hasPrefix("RECORDED ripple (1 of 2 frames into ripple/)"))
        #expect(suite.exists("ripple/t0.2.png"))

        // failed: a failing frame is re-recorded, then passes.
        try suite.write("stripes", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 9}}"#)
        let failed = try suite.run(["--record", "failed"])
        #expect(failed.status == 0, "\(failed.stdout)")
        #expect(Self.caseLine(failed, "stripes").hasPrefix("RECORDED stripes"))
        #expect(Self.summary(failed) == "2 passed, 0 failed, 1 recorded")
        #expect(Self.summary(try suite.run(ci: "1")) == "3 passed, 0 failed")

        // all: everything is recorded again, even in CI when asked for explicitly.
        let all = try suite.run(["--record", "all"], ci: "1")
        #expect(all.status == 0)
        #expect(Self.summary(all) == "0 passed, 0 failed, 3 recorded")
    }

    @Test func aRendererFamilysOwnPicturesComeBeforeTheCommonOnes() throws {
        let suite = try Suite()
        _ = try suite.run(["--filter", "stripes"])
        // A family folder for llvmpipe with a reference of other stripes: the family one is used.
        try FileManager.default.createDirectory(at: suite.url.appendingPathComponent("stripes/llvmpipe"), withIntermediateDirectories: true)
        let common = try suite.image("stripes/still.png")
        try suite.write("stripes", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 9}}"#)
        let recorded = try suite.run(["--filter", "stripes"])
        #expect(recorded.status == 1, "missing from the family folder, the common reference is compared: \(recorded.stdout)")
        #expect(recorded.stdout.contains("reference stripes/still.png"))
        // Recording writes into the family folder when it exists, and leaves the common one alone.
        let failed = try suite.run(["--filter", "stripes", "--record", "failed"])
        #expect(Self.caseLine(failed, "stripes").hasPrefix("RECORDED stripes (1 frame into stripes/llvmpipe/)"), "\(failed.stdout)")
        #expect(suite.exists("stripes/llvmpipe/still.png"))
        #expect(try suite.image("stripes/still.png") == common)
        let family = try suite.run(["--filter", "stripes"])
        #expect(family.status == 0, "\(family.stdout)")
        let frame = try #require(((try suite.report()["cases"] as? [[String: Any]])?.first?["frames"] as? [[String: Any]])?.first)
        #expect(frame["referenceKind"] as? String == "family")
        #expect(frame["reference"] as? String == "stripes/llvmpipe/still.png")

        // Another family falls back to the common reference with the case's tolerance...
        let other = try suite.run(["--filter", "stripes", "--family", "nvidia"])
        #expect(other.status == 1)
        #expect(other.stdout.contains("(references: nvidia, then common)"))
        // ...or with its gpuTolerance when it gives one.
        try suite.write("stripes", #"""
            {"effect": "stripes", "size": "40x40", "parameters": {"thickness": 9},
             "tolerance": {"threshold": 0.01}, "gpuTolerance": {"threshold": 0.1, "maxDifferentRatio": 0.9}}
            """#)
        #expect(try suite.run(["--filter", "stripes", "--family", "nvidia"]).status == 0)
        #expect(try suite.run(["--filter", "stripes"]).status == 0)  // llvmpipe: its own reference
        try suite.remove("stripes/llvmpipe")
        #expect(try suite.run(["--filter", "stripes"]).status == 1)  // llvmpipe on the common one: tolerance, not gpuTolerance
    }

    @Test func theHTMLReportNamesEveryCaseAndUsesOnlyLocalFiles() throws {
        let suite = try Suite()
        _ = try suite.run()
        try suite.write("stripes", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 9}}"#)
        let reportFolder = suite.url.appendingPathComponent("out/report").path
        let run = try suite.run(["--report", reportFolder])
        #expect(run.status == 1)
        #expect(run.stdout.contains("report: \(reportFolder)/index.html"))
        let html = try String(contentsOfFile: reportFolder + "/index.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for name in ["ripple", "stripes", "vignette"] { #expect(html.contains(">PASS \(name)<") || html.contains(">FAIL \(name)<"), "\(name)") }
        #expect(html.contains("FAIL stripes"))
        #expect(html.contains("<input type=\"range\""))
        #expect(html.contains("flip"))
        #expect(html.contains("<script>"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        // Every picture it shows is a file beside it.
        var sources: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "src=\"") {
            let tail = rest[start.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            sources.append(String(tail[..<end]))
            rest = tail[end...]
        }
        #expect(sources.count >= 3 * 4)
        for source in sources {
            #expect(FileManager.default.fileExists(atPath: reportFolder + "/" + source), "\(source)")
        }
        let report = try suite.report(reportFolder)
        #expect((report["cases"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["ripple", "stripes", "vignette"])
        #expect(report["family"] as? String == "llvmpipe")
        #expect(report["recordMode"] as? String == "missing")
        #expect(report["passed"] as? Int == 2 && report["failed"] as? Int == 1)

        // A folder that is not a report is not overwritten.
        let busy = suite.url.appendingPathComponent("busy")
        try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
        try "keep".write(to: busy.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try suite.run(["--report", busy.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("no report.json"))
    }

    @Test(arguments: [
        (#"{"effect": "ripple", "frames": [0.1, "late"]}"#, "broken.json: frames[1]: expected a time in seconds >= 0, found a string"),
        (#"{"effect": "ripple", "frames": [0.1,]"#, "broken.json: invalid JSON"),
        (#"{"effect": "rippel"}"#, "broken.json: effect: 'rippel' is not a built-in effect"),
        (#"{"effect": "ripple", "parameters": {"amplitud": "3"}}"#, "broken.json: parameters.amplitud: ripple has no parameter 'amplitud'"),
        (#"{"effect": "ripple", "parameters": {"amplitude": "big"}}"#, "broken.json: parameters.amplitude: expected a number, got 'big'"),
        (#"{"effect": "ripple", "tolerance": {"threshold": 2}}"#, "broken.json: tolerance.threshold: expected a number in 0...1, found 2"),
        (#"{"effect": "ripple", "tolerence": {}}"#, "broken.json: tolerence: unknown field"),
        (#"{"effect": "stripes", "frames": [0, 1]}"#, "broken.json: frames: stripes does not change with time"),
        (#"{"effect": "ripple", "size": "big"}"#, "broken.json: size: expected a size \"WxH\""),
        (#"{"effect": "ripple", "input": "nowhere.png"}"#, "broken.json: input: "),
        (#"{"shader": {"file": "none.glsl", "kind": "color"}}"#, "broken.json: shader.file: "),
        (#"{"parameters": {}}"#, "broken.json: missing \"effect\""),
        (#"[1, 2]"#, "broken.json: expected an object, found an array"),
    ] as [(String, String)])
    func unreadableCasesExitWithTwo(json: String, message: String) throws {
        let suite = try Suite()
        try suite.write("broken", json)
        let run = try suite.run()
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "stderr was: \(run.stderr)")
        #expect(!suite.exists("ripple"), "nothing is rendered or recorded before every case is read")
    }

    @Test func usageErrors() throws {
        let suite = try Suite()
        let badMode = try suite.run(["--record", "sometimes"])
        #expect(badMode.status == 2)
        #expect(badMode.stderr.contains("--record: expected one of all, failed, missing, never"))
        let noMatch = try suite.run(["--filter", "blur"])
        #expect(noMatch.status == 2)
        #expect(noMatch.stderr.contains("no case name contains 'blur'"))
        let missing = try CLIRun(["test", suite.path + "/nowhere"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere: not a folder"))
        let empty = try CLIRun(["test", suite.url.appendingPathComponent("shaders").path])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("no cases"))
        let help = try CLIRun(["test", "--help"])
        #expect(help.status == 0)
        for text in ["timeArg", "gpuTolerance", "record", "Exit codes", "index.html", "report.json"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }

    @Test func aCustomShaderCaseFeedsTimeToItsTimeArgument() throws {
        let suite = try Suite()
        try """
            vec4 pulse(vec2 position, vec4 color, float time) {
                return vec4(color.rgb * (0.5 + 0.5 * cos(time * 3.14159265)), color.a);
            }
            """.write(to: suite.url.appendingPathComponent("shaders/pulse.glsl"), atomically: true, encoding: .utf8)
        try suite.write("pulse", #"{"shader": {"file": "shaders/pulse.glsl", "kind": "color", "timeArg": "time"}, "size": "16x16", "frames": [0, 1], "allowBlank": true}"#)
        let run = try suite.run(["--filter", "pulse"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let bright = try suite.image("pulse/t0.png"), dark = try suite.image("pulse/t1.png")
        let source = try PNG.decode(PNG.encode(try BuiltInPicture.pool.draw(width: 16, height: 16, on: TestGPU.get())), name: "pool")
        #expect(bright == source)  // cos(0) = 1: unchanged
        #expect(dark[3, 3].x < 0.01 && dark[3, 3].w == 1)  // cos(pi) = -1: black
    }

    @Test func junitXMLAndGitHubAnnotationsForCI() throws {
        let suite = try Suite()
        // First run: everything is recorded, which JUnit reports as skipped.
        let junit = suite.path + "/junit.xml"
        #expect(try suite.run(["--junit", junit]).status == 0)
        var document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        var cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 3)
        #expect(try document.nodes(forXPath: "//testcase/skipped").count == 3)
        // A changed case fails: its testcase holds the failure, the others pass.
        try suite.write("stripes", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 9}}"#)
        let failed = try suite.run(["--junit", junit], ci: "true", environment: ["GITHUB_ACTIONS": "true"])
        #expect(failed.status == 1)
        document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }.sorted() == ["ripple", "stripes", "vignette"])
        let failures = try document.nodes(forXPath: "//testcase[@name='stripes']/failure")
        #expect(failures.count == 1)
        let message = (failures.first as? XMLElement)?.attribute(forName: "message")?.stringValue ?? ""
        #expect(message.contains("1 of 1 frame failed"), "\(message)")
        #expect(try document.nodes(forXPath: "//failure").count == 1)
        let suiteElement = try #require(try document.nodes(forXPath: "//testsuite").first as? XMLElement)
        #expect(suiteElement.attribute(forName: "failures")?.stringValue == "1")
        #expect(suiteElement.attribute(forName: "tests")?.stringValue == "3")
        // On GitHub Actions the failed case is an annotation on its case file.
        let annotations = failed.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 1, "\(failed.stdout)")
        #expect(annotations.first?.contains("file=\(suite.path)/stripes.json") == true, "\(annotations)")
        #expect(annotations.first?.contains("title=shaderfx test%3A stripes::") == true, "\(annotations)")
        // Without GITHUB_ACTIONS, no annotations.
        #expect(!(try suite.run(ci: "true").stdout.contains("::error")))
    }
}
