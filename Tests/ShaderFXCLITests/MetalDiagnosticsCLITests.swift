import Foundation
import Testing
import ShaderFXTestSupport

/// `shaderfx translate`'s diagnostics as clang prints them: notes after their error, several
/// errors per run up to the limit, `#warning` on standard error with the GLSL still written,
/// `#error` stopping with its text.
@Suite(.serialized) struct MetalDiagnosticsCLITests {
    private func translate(_ text: String, name: String = "m.metal", _ extra: [String] = []) throws -> (run: CLIRun, path: String) {
        try withTemporaryFolder { (dir) throws in
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return (try CLIRun(["translate", path] + extra), path)
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
            \(path):2:65: error: use of undeclared identifier 'missing' [undeclaredIdentifier]
            \(path):1:23: note: expanded from macro 'TINT'
            \(path):3:73: error: use of undeclared identifier 'nope' [undeclaredIdentifier]

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

    /// A translation that fails as a whole still prints the warnings read before it stopped, first.
    @Test func warningsComeBeforeTheErrorsOfAFailedTranslation() throws {
        let (run, path) = try translate("""
            #warning first
            [[ stitchable ]] half4 g(float2 position, half4 color) { return color * nope; }

            """)
        #expect(run.status == 1)
        #expect(run.stderr == """
            \(path):1:2: warning: first [-W#warnings]
            \(path):2:73: error: use of undeclared identifier 'nope' [undeclaredIdentifier]

            """)
    }

    /// `shaderfx render` of a Metal file whose translation fails keeps the warnings read before
    /// it stopped, printed before the error as `translate` and clang print them.
    @Test func renderKeepsTheWarningsOfATranslationThatFails() throws {
        let (run, path) = try withTemporaryFolder { (dir) throws -> (CLIRun, String) in
            let path = dir.appendingPathComponent("w.metal").path
            try """
                #warning half is computed at float
                [[ stitchable ]] half4 g(float2 position, half4 color) { return color * nope; }

                """.write(toFile: path, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("out.png").path
            return (try CLIRun(["render", "--shader", path, "--size", "8x8", "-q", "-o", out]), path)
        }
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(path):1:2: warning: half is computed at float [-W#warnings]", "\(run.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("\(path):2:73: error: use of undeclared identifier 'nope'") == true, "\(run.stderr)")
    }

    /// `--diagnostics json`: each diagnostic with its kind and notes, one JSON object on stderr.
    @Test func jsonDiagnosticsCarryTheKinds() throws {
        let source = """
            #warning check
            #define TINT (color * missing)
            [[ stitchable ]] half4 f(float2 position, half4 color) { return TINT; }
            [[ stitchable ]] half4 ok(float2 position, half4 color) { return color; }

            """
        let (run, path) = try translate(source, ["--diagnostics", "json"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("vec4 ok(vec2 position, vec4 color)"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any], "\(run.stderr)")
        #expect(object["tooManyErrors"] as? Bool == false)
        let list = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(list.map { $0["severity"] as? String } == ["warning", "error"])
        #expect(list.map { $0["kind"] as? String } == ["warningDirective", "undeclaredIdentifier"])
        #expect(list.map { $0["file"] as? String } == [path, path])
        #expect(list.map { $0["line"] as? Int } == [1, 3])
        #expect(list.map { $0["column"] as? Int } == [2, 65])
        #expect(list[1]["message"] as? String == "use of undeclared identifier 'missing'")
        let notes = try #require(list[1]["notes"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(notes.first?["message"] as? String == "expanded from macro 'TINT'")
        #expect(notes.first?["line"] as? Int == 2)
        #expect(notes.first?["column"] as? Int == 23)
        // A translation that fails as a whole: no GLSL, the same listing.
        let (failed, _) = try translate("#error stop here\n", ["--diagnostics", "json"])
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.contains("\"kind\":\"errorDirective\""), "\(failed.stderr)")
        #expect(failed.stderr.contains("\"message\":\"stop here\""), "\(failed.stderr)")
    }

    /// Each broken statement of a body is its own located error, in JSON and in text; the
    /// function after the broken one is still translated and written.
    @Test func everyBrokenStatementIsListed() throws {
        let source = """
            [[ stitchable ]] half4 broken(float2 position, half4 color) {
                float x = 1.0 +;
                if (x > 0.0) { x = 3 4; }
                return color;
            }
            [[ stitchable ]] half4 ok(float2 position, half4 color) { return color; }

            """
        let (json, path) = try translate(source, ["--diagnostics", "json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("vec4 ok(vec2 position, vec4 color)"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], "\(json.stderr)")
        let list = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(list.map { $0["kind"] as? String } == ["syntax", "syntax"])
        #expect(list.map { $0["file"] as? String } == [path, path])
        #expect(list.map { $0["line"] as? Int } == [2, 3])
        #expect(list.map { $0["column"] as? Int } == [20, 26])
        #expect(object["tooManyErrors"] as? Bool == false)
        let (text, textPath) = try translate(source)
        #expect(text.status == 1)
        #expect(text.stderr == """
            \(textPath):2:20: error: expected an expression, found ';' [syntax]
            \(textPath):3:26: error: expected ';', found '4' [syntax]
            shaderfx: 1 stitchable function and 0 other declarations could not be translated; the GLSL above holds the rest

            """)
    }

    /// The limit counts errors, not declarations: one body's 25 broken statements print 20.
    @Test func oneBodysErrorsStopAtTwenty() throws {
        let statements = (1...25).map { "    float v\($0) = 1.0 +;" }.joined(separator: "\n")
        let source = "[[ stitchable ]] half4 many(float2 position, half4 color) {\n\(statements)\n    return color;\n}\n"
            + "[[ stitchable ]] half4 ok(float2 position, half4 color) { return color; }\n"
        let (run, _) = try translate(source)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 22, "\(run.stderr)")
        #expect(lines[20] == "fatal error: too many errors emitted, stopping now")
        let (json, _) = try translate(source, ["--diagnostics", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], "\(json.stderr)")
        #expect((object["diagnostics"] as? [[String: Any]])?.count == 20)
        #expect(object["tooManyErrors"] as? Bool == true)
    }

    /// `render --shader` prints the warnings too and renders.
    @Test func renderPrintsTheWarnings() throws {
        try withTemporaryFolder { (dir) throws in
            let shader = dir.appendingPathComponent("w.metal").path
            try "#warning tinted\n[[ stitchable ]] half4 tint(float2 position, half4 color) { return color * 0.5h; }\n"
                .write(toFile: shader, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("out.png").path
            let run = try CLIRun(["render", "--shader", shader, "--picture", "pool", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr == "\(shader):1:2: warning: tinted [-W#warnings]\n")
            #expect(FileManager.default.fileExists(atPath: out))
        }
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
        #expect(run.stderr == "\(path):2:2: error: define SHADERFX_OK first [errorDirective]\n")
    }

    @Test func aLibraryOfManyErrorsStopsAtTwenty() throws {
        let text = (1...30).map { "[[ stitchable ]] half4 f\($0)(float2 position, half4 color) { return color * u\($0); }" }.joined(separator: "\n") + "\n"
        let (run, path) = try translate(text)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 21, "\(run.stderr)")
        #expect(lines.first == "\(path):1:74: error: use of undeclared identifier 'u1' [undeclaredIdentifier]")
        #expect(lines[19] == "\(path):20:75: error: use of undeclared identifier 'u20' [undeclaredIdentifier]")
        #expect(lines.last == "fatal error: too many errors emitted, stopping now")
        // With one function that translates, its GLSL is written and the errors stop at twenty too.
        let (partial, partialPath) = try translate(text + "[[ stitchable ]] half4 ok(float2 position, half4 color) { return color; }\n")
        #expect(partial.status == 1)
        #expect(partial.stdout.contains("vec4 ok(vec2 position, vec4 color)"))
        let partialLines = partial.stderr.split(separator: "\n").map(String.init)
        #expect(partialLines.count == 22, "\(partial.stderr)")
        #expect(partialLines[19] == "\(partialPath):20:75: error: use of undeclared identifier 'u20' [undeclaredIdentifier]")
        #expect(partialLines[20] == "fatal error: too many errors emitted, stopping now")
        #expect(partialLines[21] == "shaderfx: 30 stitchable functions and 0 other declarations could not be translated; the GLSL above holds the rest")
    }
}
