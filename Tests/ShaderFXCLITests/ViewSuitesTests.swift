import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX

/// Views everywhere a picture goes: `batch` jobs, golden cases (`shaderfx test`) and
/// `transition --from-view/--to-view`, each against `render --view` of the same file and values.
@Suite(.serialized) struct ViewSuitesTests {
    static let card = ViewFixtures.card

    static func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

    private func results(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func batchViewJobsAreRenderViewsPicturesFromOneParseAndOneRenderer() throws {
        try withTemporaryFolder { (dir) throws in
            try Self.write(Self.card, dir.path + "/Card.swift")
            try Self.write("import SwiftUI\nText(\"a\")\n    .frobnicate()\n", dir.path + "/Bad.swift")
            let jobs = [
                #"{"view": "Card.swift", "set": {"title": "One", "count": 3}, "output": "out/one.png", "id": "a"}"#,
                #"{"view": "Bad.swift", "output": "out/bad.png"}"#,
                #"{"view": "Card.swift", "set": {"title": "Two"}, "size": "140x60", "output": "out/two.png"}"#,
                #"{"view": "Card.swift", "set": {"title": "Three", "count": 1}, "scale": 2, "output": "out/three.png"}"#,
            ]
            try Self.write(jobs.joined(separator: "\n"), dir.path + "/jobs.jsonl")
            let run = try CLIRun(["batch", dir.path + "/jobs.jsonl", "--timings"])
            #expect(run.status == 1, "\(run.stderr)")
            let lines = try results(run.stdout)
            #expect(lines.map { $0["ok"] as? Bool } == [true, false, true, true])
            // The bad job fails alone, with the compiler-style location in its view file.
            let error = try #require(lines[1]["error"] as? String)
            #expect(error.contains("Bad.swift:3:5: error:") && error.contains("frobnicate"), "\(error)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/out/bad.png"))
            // Card.swift parsed once for its three jobs, Bad.swift once (it parses; evaluating it fails), one view renderer for all.
            #expect(run.stderr.contains("views: 4 jobs drawn by 1 view renderer; view files parsed 2 times"), "\(run.stderr)")
            let times = try #require(lines[0]["times"] as? [String: Double])
            #expect(Set(times.keys) == ["evaluate", "resolve", "layout", "draw", "readBack", "encode", "write"])

            // Each picture is the one 'render --view' writes for the same file and values, pixel for pixel.
            for (name, extra) in [("one", ["--set", "title=One", "--set", "count=3"]),
                                  ("two", ["--set", "title=Two", "--size", "140x60"]),
                                  ("three", ["--set", "title=Three", "--set", "count=1", "--scale", "2"])] {
                let single = dir.path + "/single-\(name).png"
                let render = try CLIRun(["render", "--view", dir.path + "/Card.swift", "-q", "-o", single] + extra)
                #expect(render.status == 0, "\(render.stderr)")
                let batch = try PNG.read(path: dir.path + "/out/\(name).png"), alone = try PNG.read(path: single)
                #expect(batch.width == alone.width && batch.height == alone.height && batch.pixels == alone.pixels, "\(name)")
            }
            let two = try PNG.read(path: dir.path + "/out/two.png")
            #expect(two.width == 140 && two.height == 60)
        }
    }

    @Test func aBatchJobReadsTheCardAViewJobBeforeItWrote() throws {
        // View jobs are encoded and written while the next job draws: a job that reads one's
        // output (an effect over it, or a view finding it as a picture beside its file) waits for it.
        try withTemporaryFolder { (dir) throws in
            try Self.write(Self.card, dir.path + "/Card.swift")
            try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
            func picture(_ round: Int) -> String { "import SwiftUI\nImage(\"card-\(round)\")\n" }
            var jobs: [String] = []
            for round in 0..<3 {
                try Self.write(picture(round), dir.path + "/out/Picture-\(round).swift")
                jobs.append(#"{"view": "Card.swift", "set": {"title": "Round \#(round)"}, "output": "out/card-\#(round).png"}"#)
                jobs.append(#"{"effect": "stripes", "input": "out/card-\#(round).png", "output": "striped-\#(round).png"}"#)
                jobs.append(#"{"view": "out/Picture-\#(round).swift", "output": "picture-\#(round).png"}"#)
            }
            try Self.write(jobs.joined(separator: "\n"), dir.path + "/jobs.jsonl")
            let run = try CLIRun(["batch", dir.path + "/jobs.jsonl"])
            #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
            for round in 0..<3 {
                // The card, the stripes over it and the picture view of it, each drawn alone.
                let beside = dir.path + "/alone-\(round)"
                try FileManager.default.createDirectory(atPath: beside, withIntermediateDirectories: true)
                let card = beside + "/card-\(round).png"
                #expect(try CLIRun(["render", "--view", dir.path + "/Card.swift", "--set", "title=Round \(round)", "-q", "-o", card]).status == 0)
                let striped = beside + "/striped.png"
                #expect(try CLIRun(["render", "stripes", "-i", card, "-q", "-o", striped]).status == 0)
                try Self.write(picture(round), beside + "/Picture.swift")
                let shown = beside + "/picture.png"
                #expect(try CLIRun(["render", "--view", beside + "/Picture.swift", "-q", "-o", shown]).status == 0)
                #expect(try PNG.read(path: dir.path + "/out/card-\(round).png") == PNG.read(path: card), "round \(round)")
                #expect(try PNG.read(path: dir.path + "/striped-\(round).png") == PNG.read(path: striped), "round \(round)")
                #expect(try PNG.read(path: dir.path + "/picture-\(round).png") == PNG.read(path: shown), "round \(round)")
            }
        }
    }

    @Test func aViewCaseOfTheTestCommandPassesAndFailsWhenTheViewChanges() throws {
        try withTemporaryFolder { (dir) throws in
            let suite = dir.path + "/suite"
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
            try Self.write(Self.card, suite + "/Card.swift")
            try Self.write(#"{"view": "Card.swift", "set": {"title": "Kept"}, "size": "120x56"}"#, suite + "/card.json")
            let record = try CLIRun(["test", suite, "--record", "missing", "--report", dir.path + "/report"])
            #expect(record.status == 0 && record.stdout.contains("RECORDED card"), "\(record.stdout)\(record.stderr)")
            // The reference is render --view's picture of the same values.
            let single = dir.path + "/single.png"
            #expect(try CLIRun(["render", "--view", suite + "/Card.swift", "--set", "title=Kept", "--size", "120x56", "-q", "-o", single]).status == 0)
            #expect(try maxLevels(PNG.read(path: suite + "/card/still.png"), PNG.read(path: single)) <= 1.001)

            let pass = try CLIRun(["test", suite, "--record", "never", "--report", dir.path + "/report", "--junit", dir.path + "/junit.xml"])
            #expect(pass.status == 0 && pass.stdout.contains("PASS card"), "\(pass.stdout)\(pass.stderr)")
            let junit = try String(contentsOfFile: dir.path + "/junit.xml", encoding: .utf8)
            #expect(junit.contains("name=\"card\""))

            // The view file changed (another dot count by default): the case fails, with a diff in the report.
            try Self.write(Self.card.replacingOccurrences(of: "var count = 2", with: "var count = 4"), suite + "/Card.swift")
            let fail = try CLIRun(["test", suite, "--record", "never", "--report", dir.path + "/report"])
            #expect(fail.status == 1 && fail.stdout.contains("FAIL card"), "\(fail.stdout)\(fail.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir.path + "/report/images/card/still.diff.png"))

            // A syntax error is the suite's error (exit 2), located in the view file.
            try Self.write("import SwiftUI\nText(\"a\"\n", suite + "/Card.swift")
            let broken = try CLIRun(["test", suite, "--record", "never", "--report", dir.path + "/report"])
            #expect(broken.status == 2 && broken.stderr.contains("card.json: view: ") && broken.stderr.contains("Card.swift:"), "\(broken.stderr)")
        }
    }

    @Test func aTransitionBetweenViewsStartsAtTheFromViewAndEndsAtTheToView() throws {
        try withTemporaryFolder { (dir) throws in
            let card = dir.path + "/Card.swift"
            try Self.write(Self.card, card)
            let common = ["--from-view", card, "--to-view", card, "--from-set", "title=Before", "--to-set", "title=After",
                          "--set", "count=3", "--size", "120x64", "-q"]
            for (progress, title) in [("0", "Before"), ("1", "After")] {
                let frame = dir.path + "/t\(progress).png", single = dir.path + "/\(title).png"
                let run = try CLIRun(["transition", "circles", "--progress", progress, "-o", frame] + common)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(try CLIRun(["render", "--view", card, "--set", "title=\(title)", "--set", "count=3", "--size", "120x64", "-q", "-o", single]).status == 0)
                #expect(try maxLevels(PNG.read(path: frame), PNG.read(path: single)) <= 1.001, "progress \(progress)")
            }
            // Half-way is neither.
            let half = dir.path + "/half.png"
            #expect(try CLIRun(["transition", "circles", "--progress", "0.5", "-o", half] + common).status == 0)
            #expect(try maxLevels(PNG.read(path: half), PNG.read(path: dir.path + "/Before.png")) > 10)
            #expect(try maxLevels(PNG.read(path: half), PNG.read(path: dir.path + "/After.png")) > 10)

            // A sequence: its first frame is the from view, its last the to view.
            let frames = dir.path + "/frames"
            #expect(try CLIRun(["transition", "circles", "--duration", "0.3", "--fps", "10", "-o", frames + "/"] + common).status == 0)
            #expect(try maxLevels(PNG.read(path: frames + "/frame_00000.png"), PNG.read(path: dir.path + "/Before.png")) <= 1.001)
            #expect(try maxLevels(PNG.read(path: frames + "/frame_00002.png"), PNG.read(path: dir.path + "/After.png")) <= 1.001)

            // A view file's error exits 1, located.
            try Self.write("import SwiftUI\nText(\"a\").frobnicate()\n", dir.path + "/Bad.swift")
            let bad = try CLIRun(["transition", "circles", "--from-view", dir.path + "/Bad.swift", "--progress", "0.5", "-o", dir.path + "/x.png"])
            #expect(bad.status == 1 && bad.stderr.contains("Bad.swift:2:10: error:"), "\(bad.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/x.png"))
            let both = try CLIRun(["transition", "circles", "--from-view", card, "--from", half, "--progress", "0.5", "-o", dir.path + "/x.png"])
            #expect(both.status == 2, "\(both.stderr)")
        }
    }
}
