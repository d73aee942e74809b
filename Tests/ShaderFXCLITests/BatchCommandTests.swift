import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX

/// `shaderfx batch`: JSON Lines in, one result per job out, a bad job failing alone.
@Suite(.serialized) struct BatchCommandTests {
    private func results(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func everyJobGetsOneResultAndABadOneFailsAlone() throws {
        try withTemporaryFolder { (dir) throws in
            let jobs = dir.appendingPathComponent("jobs.jsonl")
            try Data("""
                {"id": "first", "effect": "ripple", "parameters": {"time": 0.2, "origin": "60,40"}, "size": "120x80", "output": "out/a.png"}
                # a comment, then a blank line

                {"id": 7, "effect": "rippel", "output": "out/b.png"}
                {"effect": "stripes", "parameters": {"thickness": 6}, "picture": "circle", "size": "48x40", "output": "out/c.png"}
                {"effect": "ripple", "frames": [0.1, 0.25], "size": "64x48", "output": "out/seq"}
                not json
                {"effect": "stripes", "output": "out/d.jpg"}
                """.utf8).write(to: jobs)
            let run = try CLIRun(["batch", jobs.path])
            #expect(run.status == 1, "\(run.stderr)")
            let lines = try results(run.stdout)
            #expect(lines.map { $0["line"] as? Int } == [1, 4, 5, 6, 7, 8])
            #expect(lines.map { $0["ok"] as? Bool } == [true, false, true, true, false, false])
            #expect(lines[0]["id"] as? String == "first")
            #expect(lines[1]["id"] as? Int == 7)
            #expect((lines[1]["error"] as? String)?.contains("jobs.jsonl:4: effect: 'rippel' is not a built-in effect") == true)
            #expect((lines[1]["error"] as? String)?.contains("did you mean 'ripple'?") == true)
            #expect((lines[4]["error"] as? String)?.contains("jobs.jsonl:7: invalid JSON at column") == true)
            #expect((lines[5]["error"] as? String)?.contains("output: expected a .png file") == true)
            #expect(lines[3]["outputs"] as? [String] == [dir.path + "/out/seq/t0.1.png", dir.path + "/out/seq/t0.25.png"])
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/out/b.png"))

            // Each output is what 'render' writes for the same job.
            for (output, arguments) in [("a.png", ["ripple", "--time", "0.2", "--origin", "60,40", "--size", "120x80"]),
                                        ("c.png", ["stripes", "--thickness", "6", "--picture", "circle", "--size", "48x40"])] {
                let single = dir.appendingPathComponent("single-" + output).path
                #expect(try CLIRun(["render"] + arguments + ["-q", "-o", single]).status == 0)
                #expect(try PNG.read(path: dir.path + "/out/" + output) == PNG.read(path: single), "\(output)")
            }
            // A frame of a sequence is the animation's frame of that time.
            let frame = dir.appendingPathComponent("t025.png").path
            #expect(try CLIRun(["render", "ripple", "--time", "0.25", "--origin", "32,24", "--size", "64x48", "-q", "-o", frame]).status == 0)
            #expect(maxLevels(try PNG.read(path: dir.path + "/out/seq/t0.25.png"), try PNG.read(path: frame)) <= 1.001)
        }
    }

    @Test func severalFramesGoIntoAFolderNeverOneNamedLikeAFile() throws {
        try withTemporaryFolder { (dir) throws in
            let jobs = dir.appendingPathComponent("jobs.jsonl")
            try Data("""
                {"effect": "ripple", "frames": [0.1, 0.2], "size": "32x24", "output": "movie.gif"}
                {"effect": "ripple", "frames": [0.1, 0.2], "size": "32x24", "output": "slash/"}
                {"effect": "ripple", "frames": [0.1, 0.2], "size": "32x24", "output": "plain"}
                """.utf8).write(to: jobs)
            let run = try CLIRun(["batch", jobs.path])
            let lines = try results(run.stdout)
            #expect(lines.count == 3)
            #expect(lines.first?["ok"] as? Bool == false)
            #expect((lines.first?["error"] as? String)?.contains("expected a folder (\"frames/\") for 2 frames") == true, "\(lines)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("movie.gif").path))
            let folder = dir.appendingPathComponent("slash").path, plain = dir.appendingPathComponent("plain").path
            #expect(lines.dropFirst().map { $0["outputs"] as? [String] } == [[folder + "/t0.1.png", folder + "/t0.2.png"], [plain + "/t0.1.png", plain + "/t0.2.png"]])
            for path in [folder, plain] { #expect(FileManager.default.fileExists(atPath: path + "/t0.2.png")) }
        }
    }

    @Test func aWorkerAnswersEachJobAsItArrives() throws {
        try withTemporaryFolder { (dir) throws in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLIRun.binary)
            process.arguments = ["batch"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            func job(_ name: String, time: Double) -> Data {
                Data(#"{"effect": "ripple", "parameters": {"time": \#(time)}, "size": "32x24", "output": "\#(dir.path)/\#(name).png"}"#.utf8 + [10])
            }
            // The first result comes back while standard input is still open.
            input.fileHandleForWriting.write(job("one", time: 0.1))
            var received = Data()
            while !received.contains(10) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received.append(chunk)
            }
            let first = try results(String(decoding: received, as: UTF8.self))
            #expect(first.count == 1 && first[0]["ok"] as? Bool == true)
            #expect(FileManager.default.fileExists(atPath: dir.path + "/one.png"))
            // A line far longer than a job may be fails alone; the next job still runs.
            input.fileHandleForWriting.write(Data(repeating: UInt8(ascii: "x"), count: 2 << 20) + [10])
            input.fileHandleForWriting.write(job("two", time: 0.2))
            try input.fileHandleForWriting.close()
            received.append(output.fileHandleForReading.readDataToEndOfFile())
            process.waitUntilExit()
            let all = try results(String(decoding: received, as: UTF8.self))
            #expect(all.map { $0["ok"] as? Bool } == [true, false, true])
            #expect((all[1]["error"] as? String)?.contains("at most 1 MiB") == true)
            #expect(process.terminationStatus == 1)
            #expect(FileManager.default.fileExists(atPath: dir.path + "/two.png"))
        }
    }

    @Test func stopOnErrorStopsAtTheFirstFailure() throws {
        try withTemporaryFolder { (dir) throws in
            let jobs = dir.appendingPathComponent("jobs.jsonl")
            try Data("""
                {"effect": "nope", "output": "a.png"}
                {"effect": "passthrough", "size": "8x8", "output": "b.png"}
                """.utf8).write(to: jobs)
            let run = try CLIRun(["batch", jobs.path, "--stop-on-error"])
            #expect(run.status == 1)
            #expect(try results(run.stdout).count == 1)
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/b.png"))
            let missing = try CLIRun(["batch", dir.path + "/absent.jsonl"])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("absent.jsonl: cannot read the jobs"))
        }
    }
}
