import Foundation
import Testing
import ShaderFXTestSupport

/// `shaderfx translate`'s diagnostics as clang prints them: notes after their error, several
/// errors per run up to the limit, `#warning` on standard error with the GLSL still written,
/// `#error` stopping with its text.
@Suite(.serialized) struct MetalDiagnosticsCLITests {
    private func translate(_ text: String, name: String = "m.metal") throws -> (run: CLIRun, path: String) {
        try withTemporaryFolder { (dir) throws in
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return (try CLIRun(["translate", path]), path)
        }
    }

    @Test func errorsPrintWithTheirNotesOnePerFunction() throws {
        let (run, path) = try translate("""
            #define TINT (color * missing)
            [[ stitchable ]] half4 f(float2 position, half4 color) { return TINT; }
            [[ stitchable ]] half4 g(float2 position, half4 color) { return color * nope; }

            """)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
            \(path):2:65: error: use of undeclared identifier 'missing'
            \(path):1:23: note: expanded from macro 'TINT'
            \(path):3:73: error: use of undeclared identifier 'nope'

            """)
    }

    @Test func warningsGoToStandardErrorAndTheGLSLIsWritten() throws {
        let (run, path) = try translate("""
            #warning uses float for half
            [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }

            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "\(path):1:2: warning: uses float for half [-W#warnings]\n")
        #expect(run.stdout.contains("vec4 f(vec2 position, vec4 color)"), "\(run.stdout)")
    }

    @Test func errorDirectivesStopWithTheirText() throws {
        let (run, path) = try translate("""
            #ifndef SHADERFX_OK
            #error define SHADERFX_OK first
            #endif
            [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }

            """)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "\(path):2:2: error: define SHADERFX_OK first\n")
    }

    @Test func aLibraryOfManyErrorsStopsAtTwenty() throws {
        let text = (1...30).map { "[[ stitchable ]] half4 f\($0)(float2 position, half4 color) { return color * u\($0); }" }.joined(separator: "\n") + "\n"
        let (run, path) = try translate(text)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 21, "\(run.stderr)")
        #expect(lines.first == "\(path):1:74: error: use of undeclared identifier 'u1'")
        #expect(lines[19] == "\(path):20:75: error: use of undeclared identifier 'u20'")
        #expect(lines.last == "fatal error: too many errors emitted, stopping now")
        // With one function that translates, its GLSL is written and the errors stop at twenty too.
        let (partial, partialPath) = try translate(text + "[[ stitchable ]] half4 ok(float2 position, half4 color) { return color; }\n")
        #expect(partial.status == 1)
        #expect(partial.stdout.contains("vec4 ok(vec2 position, vec4 color)"))
        let partialLines = partial.stderr.split(separator: "\n").map(String.init)
        #expect(partialLines.count == 22, "\(partial.stderr)")
        #expect(partialLines[19] == "\(partialPath):20:75: error: use of undeclared identifier 'u20'")
        #expect(partialLines[20] == "fatal error: too many errors emitted, stopping now")
        #expect(partialLines[21] == "shaderfx: 30 stitchable functions and 0 other declarations could not be translated; the GLSL above holds the rest")
    }
}
