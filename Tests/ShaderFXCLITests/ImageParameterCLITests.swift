import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX

/// Whether `strace` runs here (installed, and allowed to trace).
private let straceWorks: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { return false }
    return (try? CLIRun(["-o", "/dev/null", "/bin/true"], executable: "/usr/bin/strace").status) == 0
}()

/// Image parameters on the command line: decoded once per run (an animation's frames and a
/// batch's jobs share the decode), again when the file changes, and within `--max-pixels`.
@Suite(.serialized) struct ImageParameterCLITests {
    /// Writes an 8 x 8 mask whose alpha rises to the right (`flipped`: to the left).
    private func writeMask(_ path: String, flipped: Bool = false) throws {
        var image = RGBAImage(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let a = Float(flipped ? 7 - x : x) / 7
                image[x, y] = SIMD4(a, a, a, a)
            }
        }
        try PNG.write(image, to: path)
    }

    /// Runs `arguments` under strace; returns the run and how many times `file` was opened.
    private func traced(_ arguments: [String], opensOf file: String, in dir: URL) throws -> (CLIRun, Int) {
        let trace = dir.appendingPathComponent("trace-\(UUID().uuidString).txt").path
        // LeakSanitizer stops a process it finds under ptrace (`make sanitize`): the traced run
        // leaves leak checking to the untraced runs.
        var environment: [String: String] = [:]
        if let asan = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = asan + ":detect_leaks=0" }
        let run = try CLIRun(["-f", "-e", "trace=openat", "-o", trace, CLIRun.binary] + arguments, environment: environment,
                             executable: "/usr/bin/strace")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        return (run, lines.filter { $0.contains("\"\(file)\"") && !$0.contains("ENOENT") }.count)
    }

    @Test(.enabled(if: straceWorks)) func aThirtyFrameAnimationOfAMaskedBlurOpensTheMaskOnce() throws {
        try withTemporaryFolder { (dir) throws in
            let mask = dir.appendingPathComponent("m.png").path
            try writeMask(mask)
            let frames = dir.appendingPathComponent("frames").path + "/"
            let (run, opens) = try traced(["animate", "variable-blur", "--mask", mask, "--radius", "6", "--duration", "1", "--fps", "30",
                                           "--size", "64x48", "-q", "-o", frames], opensOf: mask, in: dir.url)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(opens == 1, "30 frames open and decode the mask once")
            let still = dir.appendingPathComponent("still.png").path
            #expect(try CLIRun(["render", "variable-blur", "--mask", mask, "--radius", "6", "--size", "64x48", "-q", "-o", still]).status == 0)
            #expect(try pngLevels(frameFile(dir.appendingPathComponent("frames"), 29), still) == 0)

            // Chained stages naming the same mask share its decode, as do a render's check and its passes.
            let (chained, chainedOpens) = try traced(["animate", "variable-blur", "--mask", mask, "--duration", "0.5", "--fps", "10",
                                                      "--then", "variable-blur", "--mask", mask, "--radius", "3",
                                                      "--size", "32x24", "-q", "-o", dir.appendingPathComponent("chain").path + "/"],
                                                     opensOf: mask, in: dir.url)
            #expect(chained.status == 0, "\(chained.stderr)")
            #expect(chainedOpens == 1)
            let (render, renderOpens) = try traced(["render", "variable-blur", "--mask", mask, "--size", "32x24", "-q",
                                                    "-o", dir.appendingPathComponent("one.png").path], opensOf: mask, in: dir.url)
            #expect(render.status == 0 && renderOpens == 1, "\(render.stderr)")
        }
    }

    @Test(.enabled(if: straceWorks)) func batchJobsNamingTheSameMaskShareOneDecode() throws {
        try withTemporaryFolder { (dir) throws in
            let mask = dir.appendingPathComponent("m.png").path
            try writeMask(mask)
            let jobs = dir.appendingPathComponent("jobs.jsonl")
            try Data("""
                {"effect": "variable-blur", "parameters": {"mask": "\(mask)", "radius": 4}, "size": "48x32", "output": "a.png"}
                {"effect": "variable-blur", "parameters": {"mask": "\(mask)"}, "size": "48x32", "frames": [0, 0.5], "events": {"keyframes": {"radius": [{"time": 0, "value": 2}, {"time": 1, "value": 6}]}}, "output": "seq/"}
                {"effect": "variable-blur", "parameters": {"mask": "\(mask)", "radius": 8}, "size": "48x32", "output": "c.png"}
                """.utf8).write(to: jobs)
            let (run, opens) = try traced(["batch", jobs.path], opensOf: mask, in: dir.url)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.split(separator: "\n").count == 3)
            #expect(opens == 1, "three jobs, four frames, one decode of m.png")
            let still = dir.appendingPathComponent("still.png").path
            #expect(try CLIRun(["render", "variable-blur", "--mask", mask, "--radius", "4", "--size", "48x32", "-q", "-o", still]).status == 0)
            #expect(try pngLevels(dir.appendingPathComponent("a.png").path, still) == 0)
            #expect(try pngLevels(dir.appendingPathComponent("seq/t0.5.png").path, still) == 0, "radius 4 at 0.5 s")
        }
    }

    @Test func aMaskRewrittenBetweenBatchJobsIsDecodedAgain() throws {
        try withTemporaryFolder { (dir) throws in
            let mask = dir.appendingPathComponent("m.png").path
            try writeMask(mask)
            // A long-lived worker: one job, its result, the mask rewritten, the next job.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLIRun.binary)
            process.arguments = ["batch"]
            process.currentDirectoryURL = dir.url
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            func job(_ name: String) throws -> String {
                let line = #"{"effect": "variable-blur", "parameters": {"mask": "m.png", "radius": 5}, "size": "48x32", "output": "\#(name)"}"#
                input.fileHandleForWriting.write(Data((line + "\n").utf8))
                var result = Data()
                while !result.contains(10) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    result.append(chunk)
                }
                return String(decoding: result, as: UTF8.self)
            }
            let first = try job("first.png")
            try writeMask(mask, flipped: true)
            let second = try job("second.png")
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(first.contains("\"ok\":true") && second.contains("\"ok\":true"), "\(first)\(second)")
            let still = dir.appendingPathComponent("still.png").path
            #expect(try CLIRun(["render", "variable-blur", "--mask", mask, "--radius", "5", "--size", "48x32", "-q", "-o", still]).status == 0)
            #expect(try pngLevels(dir.appendingPathComponent("second.png").path, still) == 0, "the second job sees the new mask")
            #expect(try pngLevels(dir.appendingPathComponent("first.png").path, still) > 0, "the first saw the old one")
        }
    }

    @Test(arguments: ["render", "animate"]) func aMaskOverThePixelBudgetIsRefused(command: String) throws {
        try withTemporaryFolder { (dir) throws in
            let mask = dir.appendingPathComponent("big.png").path
            try PNG.write(RGBAImage(width: 40, height: 30), to: mask)
            let out = dir.appendingPathComponent(command == "render" ? "out.png" : "frames/").path
            let timing = command == "animate" ? ["--duration", "0.1", "--fps", "10"] : []
            func attempt(maxPixels: Int) throws -> CLIRun {
                try CLIRun([command, "variable-blur", "--mask", mask, "--radius", "0", "--size", "16x16",
                            "--max-pixels", String(maxPixels), "-q", "-o", out] + timing)
            }
            let run = try attempt(maxPixels: 1000)
            #expect(run.status != 0)
            #expect(run.stderr.contains("--mask") && run.stderr.contains("big.png") && run.stderr.contains("over the pixel budget")
                    && run.stderr.contains("--max-pixels"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            // Within the budget it renders.
            let within = try attempt(maxPixels: 1200)
            #expect(within.status == 0, "\(within.stderr)")
        }
    }
}
