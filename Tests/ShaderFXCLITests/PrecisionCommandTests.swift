import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// `--precision apple` and `shaderfx precision` from the command line: the modes differ on a
/// half-heavy shader, the report ranks the line that causes it first, and misuse is refused.
@Suite(.serialized) struct PrecisionCommandTests {
    static let phase = "examples/precision/Phase.metal"

    @Test func theReportNamesThePhaseLineFirst() throws {
        try withTemporaryFolder { (dir) throws in
            let json = dir.appendingPathComponent("report.json").path, diff = dir.appendingPathComponent("diff.png").path
            let run = try CLIRun(["precision", Self.phase, "--arg", "time=1000.3", "--size", "160x40", "-o", diff, "--json", json])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("more than one level apart"), "\(run.stdout)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
            let lines = try #require(report["lines"] as? [[String: Any]])
            #expect(lines.first?["text"] as? String == "half p = half(time) + x * 10.0h;", "\(lines)")
            #expect(lines.first?["line"] as? Int == 16)
            #expect((report["maxDifference"] as? Int ?? 0) > 50)
            // The difference picture is the report's size, and shows differences where it says.
            let picture = try RenderBudget().readImage(path: diff)
            #expect(picture.width == 160 && picture.height == 40)
            #expect((0..<160).contains { picture[$0, 20].x > 0.5 })
        }
    }

    @Test func applePrecisionChangesTheRenderAndFloatIsTheDefault() throws {
        try withTemporaryFolder { (dir) throws in
            var paths: [String] = []
            for precision in [nil, "float", "apple"] {
                let path = dir.appendingPathComponent("\(precision ?? "default").png").path
                let run = try CLIRun(["render", "--shader", Self.phase, "--arg", "time=1000.3", "--size", "160x40", "-o", path]
                                     + (precision.map { ["--precision", $0] } ?? []))
                #expect(run.status == 0, "\(run.stderr)")
                paths.append(path)
            }
            #expect(try CLIRun(["compare", paths[0], paths[1]]).status == 0, "float is the default")
            #expect(try CLIRun(["compare", paths[1], paths[2]]).status == 1, "apple differs")
        }
    }

    @Test func misuseIsRefused() throws {
        for (arguments, message) in [
            (["render", "ripple", "--precision", "apple", "-o", "x.png"], "with a built-in effect"),
            (["render", "--shader", "examples/vignette.glsl", "--precision", "apple", "-o", "x.png"], "GLSL has no half"),
            (["render", "--shader", Self.phase, "--precision", "binary16", "-o", "x.png"], "--precision"),
            (["render", "ripple", "--precision-report", "-o", "x.png"], "--precision-report"),
            (["precision", "examples/vignette.glsl"], "GLSL has no half"),
            (["precision"], "a .metal file"),
            (["precision", Self.phase, "--precision", "apple"], "renders both precisions"),
        ] {
            let run = try CLIRun(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: CLIRun.root.appendingPathComponent("x.png").path))
    }
}
