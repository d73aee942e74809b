import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFXGolden
@testable import ShaderFXCLI

/// Renders that are blank (wholly transparent, one colour) or that leave their input unchanged
/// warn, and fail under --strict: a shader returning half4(0) no longer writes a transparent PNG
/// with exit 0 and no word.
@Suite struct BlankWarningTests {
    static let shaders = """
        #include <metal_stdlib>
        using namespace metal;
        [[ stitchable ]] half4 nothing(float2 position, half4 color) { return half4(0); }
        [[ stitchable ]] half4 same(float2 position, half4 color) { return color; }
        [[ stitchable ]] half4 grey(float2 position, half4 color) { return half4(0.5, 0.5, 0.5, 1); }
        [[ stitchable ]] half4 dim(float2 position, half4 color) { return color * 0.5; }
        """

    @Test func aSequenceStopsCheckingOnceItsAnswerIsKnown() {
        // Checking scans a whole frame on the GPU's thread: after the first frame with no problem
        // (or two with different ones), no more frames are checked, and the answer stays.
        var sequence = BlankSequence(), checked = 0
        sequence.add { checked += 1; return .transparent }
        sequence.add { checked += 1; return .transparent }
        #expect(!sequence.isSettled && sequence.common == .transparent)
        sequence.add { checked += 1; return nil }
        for _ in 0..<5 { sequence.add { checked += 1; return .transparent } }
        #expect(checked == 3 && sequence.isSettled && sequence.common == nil)
        var different = BlankSequence()
        different.add { .transparent }
        different.add { .unchanged }
        #expect(different.isSettled && different.common == nil)
    }

    @Test func renderWarnsAndStrictFails() throws {
        try withTemporaryFolder { (dir) throws in
            let metal = dir.file("z.metal")
            try Self.shaders.write(toFile: metal, atomically: true, encoding: .utf8)
            func render(_ function: String, _ extra: [String] = []) throws -> CLIRun {
                try CLIRun(["render", "--shader", metal, "--function", function, "--size", "24x16", "-q", "-o", dir.file("\(function).png")] + extra)
            }
            let nothing = try render("nothing")
            #expect(nothing.status == 0)
            #expect(nothing.stderr.contains("warning: \(dir.file("nothing.png")): every pixel is transparent"), "\(nothing.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir.file("nothing.png")))
            #expect(try render("nothing", ["--strict"]).status == 1)
            let grey = try render("grey")
            #expect(grey.stderr.contains("every pixel is rgba(128, 128, 128, 255)"), "\(grey.stderr)")
            let same = try render("same")
            #expect(same.stderr.contains("the effect changed nothing"), "\(same.stderr)")
            let dim = try render("dim", ["--strict"])
            #expect(dim.status == 0 && !dim.stderr.contains("warning"), "\(dim.stderr)")
        }
    }

    @Test func animateWarnsOnlyWhenEveryFrameIsBlank() throws {
        try withTemporaryFolder { (dir) throws in
            let metal = dir.file("z.metal")
            try Self.shaders.write(toFile: metal, atomically: true, encoding: .utf8)
            let blank = try CLIRun(["animate", "--shader", metal, "--function", "nothing", "--size", "16x12", "--duration", "0.2", "--fps", "10", "-q", "-o", dir.file("a/")])
            #expect(blank.status == 0 && blank.stderr.contains("every frame of"), "\(blank.stderr)")
            // The ripple moves: no frame is its input for the whole run.
            let ripple = try CLIRun(["animate", "ripple", "--size", "32x24", "--duration", "0.2", "--fps", "10", "-q", "--strict", "-o", dir.file("r/")])
            #expect(ripple.status == 0 && !ripple.stderr.contains("warning"), "\(ripple.stderr)")
        }
    }

    @Test func batchJobsCarryTheirWarnings() throws {
        try withTemporaryFolder { (dir) throws in
            try Self.shaders.write(toFile: dir.file("z.metal"), atomically: true, encoding: .utf8)
            let jobs = """
                {"id": 1, "shader": {"file": "z.metal", "function": "nothing"}, "size": "16x12", "output": "a.png"}
                {"id": 2, "shader": {"file": "z.metal", "function": "nothing"}, "size": "16x12", "output": "b.png", "allowBlank": true}
                {"id": 3, "shader": {"file": "z.metal", "function": "dim"}, "size": "16x12", "output": "c.png"}
                """
            try jobs.write(toFile: dir.file("jobs.jsonl"), atomically: true, encoding: .utf8)
            let run = try CLIRun(["batch", dir.file("jobs.jsonl")])
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(run.status == 0 && lines.count == 3, "\(run.stdout)\(run.stderr)")
            #expect(lines.first?.contains("every pixel is transparent") == true, "\(lines)")
            #expect(lines.dropFirst().allSatisfy { !$0.contains("warnings") }, "\(lines)")
            let strict = try CLIRun(["batch", "--strict", dir.file("jobs.jsonl")])
            #expect(strict.status == 1 && strict.stdout.contains(#""ok":false"#), "\(strict.stdout)")
        }
    }
}
