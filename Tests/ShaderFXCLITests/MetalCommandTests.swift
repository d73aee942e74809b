import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// SwiftUI developers' Metal files through the command line: `render --shader X.metal`,
/// `--library DIR`, `-I`, inferred kind and function, `translate`, golden cases.
@Suite(.serialized) struct MetalCommandTests {
    /// The README's worked example, exactly as written there but for the picture.
    @Test func theReadmeRippleExampleRenders() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("out.png").path
            let run = try CLIRun(["render", "--shader", "examples/metal/Ripple.metal", "--picture", "pool", "--arg", "origin=300,200",
                                  "--arg", "time=0.1", "--arg", "amplitude=12", "--arg", "frequency=15", "--arg", "decay=8",
                                  "--arg", "speed=1200", "--max-sample-offset", "12", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("wrote \(out) (512x384, Ripple over built-in pool picture)"), "\(run.stdout)")
            // The same picture as the built-in ripple (Ripple.metal keeps the built-in's guards).
            let builtIn = dir.appendingPathComponent("builtin.png").path
            let reference = try CLIRun(["render", "ripple", "--origin", "300,200", "--time", "0.1", "-o", builtIn])
            #expect(reference.status == 0, "\(reference.stderr)")
            let compare = try CLIRun(["compare", builtIn, out, "--threshold", "0.01"])
            #expect(compare.status == 0, "\(compare.stdout)\(compare.stderr)")
        }
    }

    /// README.md's Ripple.metal and its command, as written there, with the built-in pool picture
    /// for photo.png: the same picture as the built-in ripple.
    @Test func theReadmeExampleWorksAsWritten() throws {
        let readme = try String(contentsOf: CLIRun.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Your Metal shaders").dropFirst().first)
        let metal = try #require(section.components(separatedBy: "```metal file=Ripple.metal\n").dropFirst().first?.components(separatedBy: "```").first)
        let command = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n").first)
        #expect(command.hasPrefix("shaderfx render --shader Ripple.metal --input photo.png "))
        try withTemporaryFolder { (dir) throws in
            try metal.write(to: dir.appendingPathComponent("Ripple.metal"), atomically: true, encoding: .utf8)
            let words = command.split(separator: " ").dropFirst().map(String.init)
                .map { $0 == "Ripple.metal" ? dir.appendingPathComponent("Ripple.metal").path : $0 }
                .map { $0 == "out.png" ? dir.appendingPathComponent("out.png").path : $0 }
            let input = try #require(words.firstIndex(of: "--input"))
            let run = try CLIRun(Array(words[..<input]) + ["--picture", "pool"] + Array(words[(input + 2)...]))
            #expect(run.status == 0, "\(run.stderr)")
            let builtIn = dir.appendingPathComponent("builtin.png").path
            let reference = try CLIRun(["render", "ripple", "--origin", "300,200", "--time", "0.1", "-o", builtIn])
            #expect(reference.status == 0, "\(reference.stderr)")
            let compare = try CLIRun(["compare", builtIn, dir.appendingPathComponent("out.png").path, "--threshold", "0.01"])
            #expect(compare.status == 0, "\(compare.stdout)\(compare.stderr)")
        }
    }

    @Test func theKindIsCheckedAgainstTheSignature() throws {
        let run = try CLIRun(["render", "--shader", "examples/metal/Ripple.metal", "--kind", "color", "-o", "x.png"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Ripple.metal:"), "\(run.stderr)")
        #expect(run.stderr.contains("a layer effect"), "\(run.stderr)")
        #expect(run.stderr.contains("not a color effect"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: CLIRun.root.appendingPathComponent("x.png").path))
    }

    @Test func aFolderIsOneLibraryAndSeveralFunctionsMustBeChosen() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("stripes.png").path
            let ambiguous = try CLIRun(["render", "--library", "examples/metal", "-o", out])
            #expect(ambiguous.status == 1)
            for name in ["Stripes (fill)", "Ripple (layer)", "ripple (distortion)", "backgroundWarp (layer)", "vignette (color)"] {
                #expect(ambiguous.stderr.contains(name), "\(ambiguous.stderr)")
            }
            let run = try CLIRun(["render", "--library", "examples/metal", "--function", "vignette", "--arg", "strength=0.8",
                                  "--arg", "tint=indigo", "--arg", "bounds=bounds", "--size", "48x32", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: out))
        }
    }

    /// One function the translator cannot take costs the library only that function: the others
    /// render; naming it gives its error; `translate` prints the rest and lists it (exit 1).
    @Test func aLibraryKeepsWhatTranslates() throws {
        try withTemporaryFolder { (dir) throws in
            let library = dir.appendingPathComponent("Shaders")
            try FileManager.default.createDirectory(at: library.appendingPathComponent("Art"), withIntermediateDirectories: true)
            try """
            #include <metal_stdlib>
            using namespace metal;
            [[ stitchable ]] half4 tint(float2 p, half4 c, float amount) { return half4(c.rgb * half(amount), c.a); }
            """.write(to: library.appendingPathComponent("Tint.metal"), atomically: true, encoding: .utf8)
            try """
            #include <metal_stdlib>
            using namespace metal;
            [[ stitchable ]] half4 mosaic(float2 p, half4 c, int count) { return c * half(count); }
            """.write(to: library.appendingPathComponent("Art/Mosaic.metal"), atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("tint.png").path
            let run = try CLIRun(["render", "--library", library.path, "--function", "tint", "--arg", "amount=0.5",
                                  "--size", "8x8", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            let failed = try CLIRun(["render", "--library", library.path, "--function", "mosaic", "--arg", "count=2", "-o", dir.appendingPathComponent("m.png").path])
            #expect(failed.status == 1)
            #expect(failed.stderr.contains("Mosaic.metal:3:54: error: parameter 'count' of stitchable function 'mosaic' has type 'int'"), "\(failed.stderr)")
            let unnamed = try CLIRun(["render", "--library", library.path, "-o", dir.appendingPathComponent("n.png").path])
            #expect(unnamed.status == 1)
            #expect(unnamed.stderr.contains("tint (color)") && unnamed.stderr.contains("mosaic (not translated)"), "\(unnamed.stderr)")
            let translate = try CLIRun(["translate", "--library", library.path])
            #expect(translate.status == 1)
            #expect(translate.stdout.contains("vec4 tint("), "\(translate.stdout)")
            #expect(translate.stderr.contains("Mosaic.metal:3:54: error:") && translate.stderr.contains("1 stitchable function"),
                    "\(translate.stderr)")
            let one = try CLIRun(["translate", "--library", library.path, "--function", "tint"])
            #expect(one.status == 0, "\(one.stderr)")
            #expect(one.stderr.contains("note: 1 other stitchable function of the library could not be translated"), "\(one.stderr)")
        }
    }

    /// A Metal shader chained with built-in effects, with a local header found through -I.
    @Test func includePathsAndChains() throws {
        try withTemporaryFolder { (dir) throws in
            let headers = dir.appendingPathComponent("Include")
            try FileManager.default.createDirectory(at: headers, withIntermediateDirectories: true)
            try "#pragma once\n#define DIM 0.5\n".write(to: headers.appendingPathComponent("Dim.h"), atomically: true, encoding: .utf8)
            let shader = dir.appendingPathComponent("Dim.metal")
            try """
                #include <metal_stdlib>
                #include <SwiftUI/SwiftUI.h>
                #include "Dim.h"
                using namespace metal;

                [[ stitchable ]] half4 dim(float2 position, half4 color) {
                    return half4(color.rgb * DIM, color.a);
                }
                """.write(to: shader, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("out.png").path
            let missing = try CLIRun(["render", "--shader", shader.path, "--size", "32x24", "-o", out])
            #expect(missing.status == 1)
            #expect(missing.stderr.hasPrefix("\(shader.path):3:"), "\(missing.stderr)")
            #expect(missing.stderr.contains("error:"))
            let run = try CLIRun(["render", "--shader", shader.path, "-I", headers.path, "--then", "ripple", "--origin", "16,12",
                                  "--time", "0.02", "--size", "32x24", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("dim then ripple"), "\(run.stdout)")
            let translate = try CLIRun(["translate", shader.path, "-I", headers.path])
            #expect(translate.status == 0, "\(translate.stderr)")
            #expect(translate.stdout.contains("0.5"), "\(translate.stdout)")
            #expect(!translate.stdout.contains("DIM"))
        }
    }

    /// A colour array argument named as the Metal pointer, as the README says.
    @Test func aColorArrayIsGivenByItsPointersName() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("stripes.png").path
            let run = try CLIRun(["render", "--shader", "examples/metal/Stripes.metal", "--arg", "thickness=4", "--arg", "ptr=red,blue",
                                  "--size", "32x24", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let builtIn = dir.appendingPathComponent("builtin.png").path
            let reference = try CLIRun(["render", "stripes", "--thickness", "4", "--colors", "red,blue", "--size", "32x24", "-o", builtIn])
            #expect(reference.status == 0, "\(reference.stderr)")
            #expect(try PNG.read(path: out) == PNG.read(path: builtIn))
        }
    }

    /// Arguments are named as in the Metal source, though GLSL reserves `input` and `filter`.
    @Test func argumentsKeepTheirMetalNames() throws {
        try withTemporaryFolder { (dir) throws in
            let shader = dir.appendingPathComponent("Reserved.metal")
            try """
                #include <metal_stdlib>
                using namespace metal;
                [[ stitchable ]] half4 reserved(float2 position, half4 color, float input, float4 filter) {
                    return mix(color, half4(filter), half(input));
                }
                """.write(to: shader, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("out.png").path
            let run = try CLIRun(["render", "--shader", shader.path, "--arg", "input=0.5", "--arg", "filter=red", "--size", "16x12", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let wrong = try CLIRun(["render", "--shader", shader.path, "--arg", "input=0.5", "--size", "16x12", "-o", out])
            #expect(wrong.status == 2)
            #expect(wrong.stderr.contains("--arg filter=<vec4>"), "\(wrong.stderr)")
            let translate = try CLIRun(["translate", shader.path, "--function", "reserved"])
            #expect(translate.stdout.contains("//   input: float\n//   filter: vec4"), "\(translate.stdout)")
        }
    }

    @Test func aGLSLFileNeedsNoKindOrFunctionEither() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("out.png").path
            let run = try CLIRun(["render", "--shader", "examples/vignette.glsl", "--arg", "strength=0.8", "--arg", "tint=indigo",
                                  "--arg", "bounds=bounds", "--size", "48x32", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            // Several functions that fit a kind, none named as the file: the error lists them.
            let shader = dir.appendingPathComponent("two.glsl")
            try """
                vec4 a(vec2 position, vec4 color) { return color; }
                vec2 b(vec2 position) { return position; }
                float helper(float x) { return x; }
                """.write(to: shader, atomically: true, encoding: .utf8)
            let two = try CLIRun(["render", "--shader", shader.path, "-o", out])
            #expect(two.status == 1)
            #expect(two.stderr.contains("a (color), b (distortion)"), "\(two.stderr)")
            let chosen = try CLIRun(["render", "--shader", shader.path, "--function", "b", "--size", "16x16", "-o", out])
            #expect(chosen.status == 0, "\(chosen.stderr)")
        }
    }

    @Test func translatePrintsTheGLSL() throws {
        let run = try CLIRun(["translate", "examples/metal/Ripple.metal"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("vec4 Ripple(vec2 position, Layer layer"), "\(run.stdout)")
        #expect(!run.stdout.contains("[[ stitchable ]]"))
        let function = try CLIRun(["translate", "examples/metal/Ripple.metal", "--function", "Ripple"])
        #expect(function.status == 0, "\(function.stderr)")
        #expect(function.stdout.contains("// Ripple: a layer effect (layerEffect)"), "\(function.stdout)")
        #expect(function.stdout.contains("//   origin: vec2"))
        #expect(function.stdout.contains("//   speed: float"))
        let library = try CLIRun(["translate", "--library", "examples/metal", "--function", "Stripes"])
        #expect(library.status == 0, "\(library.stderr)")
        #expect(library.stdout.contains("// Stripes: a fill effect (fill)"), "\(library.stdout)")
        #expect(library.stdout.contains("ColorArray"))
        #expect(library.stdout.contains("vec2 ripple(vec2 position"))
    }

    @Test func translateWritesAFile() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("stripes.glsl")
            let run = try CLIRun(["translate", "examples/metal/Stripes.metal", "-o", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let glsl = try String(contentsOf: out, encoding: .utf8)
            #expect(glsl.contains("vec4 Stripes(vec2 position"))
            // The translated GLSL renders as a GLSL shader too.
            let png = dir.appendingPathComponent("stripes.png").path
            let render = try CLIRun(["render", "--shader", out.path, "--arg", "thickness=5", "--arg", "\(try firstColorArray(glsl))=red,blue",
                                     "--size", "32x24", "-o", png])
            #expect(render.status == 0, "\(render.stderr)")
        }
    }

    /// The name of the ColorArray parameter in translated GLSL (the translator keeps Metal's pointer's name).
    func firstColorArray(_ glsl: String) throws -> String {
        let library = ShaderLibrary(source: glsl, name: "stripes.glsl")
        let signature = try library.function("Stripes").signature()
        return try #require(signature.parameters.first { $0.type == .colorArray }?.name)
    }

    @Test func translateErrorsAreCompilerStyle() throws {
        try withTemporaryFolder { (dir) throws in
            let shader = dir.appendingPathComponent("bad.metal")
            try """
                #include <metal_stdlib>
                using namespace metal;

                [[ stitchable ]] half4 bad(float2 position, half4 color) {
                    return colr;
                }
                """.write(to: shader, atomically: true, encoding: .utf8)
            for command in [["translate", shader.path], ["render", "--shader", shader.path, "-o", dir.appendingPathComponent("x.png").path]] {
                let run = try CLIRun(command)
                #expect(run.status == 1)
                #expect(run.stderr.hasPrefix("\(shader.path):5:"), "\(run.stderr)")
                #expect(run.stderr.contains(": error: "))
                #expect(run.stderr.contains("colr"))
            }
        }
    }

    @Test(arguments: [
        (["translate"], "missing"),
        (["translate", "examples/metal/Ripple.metal", "--library", "examples/metal"], "not both"),
        (["translate", "examples/vignette.glsl"], "a .metal file"),
        (["translate", "--frobnicate"], "--frobnicate"),
        (["render", "--shader", "examples/metal", "-o", "x.png"], "--library"),
        (["render", "--library", "examples/metal/Ripple.metal", "-o", "x.png"], "a folder of .metal files"),
        (["render", "--shader", "examples/metal/Ripple.metal", "-I", "nowhere", "-o", "x.png"], "--include"),
        (["render", "ripple", "--shader", "examples/metal/Ripple.metal", "-o", "x.png"], "--shader"),
    ] as [([String], String)])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "stderr was: \(run.stderr)")
    }

    @Test func translateHelp() throws {
        let run = try CLIRun(["translate", "--help"])
        #expect(run.status == 0)
        for text in ["USAGE", "shaderfx translate", "--library", "-I, --include", "--function", "EXAMPLES"] {
            #expect(run.stdout.contains(text), "\(text): \(run.stdout)")
        }
        let help = try CLIRun(["--help"])
        #expect(help.stdout.contains("translate"))
        let render = try CLIRun(["render", "--help"])
        #expect(render.stdout.contains("--library"))
        #expect(render.stdout.contains(".metal"))
    }

    /// `shaderfx batch` jobs name Metal files as golden cases do, kind and function inferred or checked.
    @Test func batchJobsTakeMetalShaders() throws {
        try withTemporaryFolder { (dir) throws in
            let ripple = CLIRun.root.appendingPathComponent("examples/metal/Ripple.metal").path
            let jobs = dir.appendingPathComponent("jobs.jsonl")
            try Data("""
                {"id": "ok", "shader": {"file": "\(ripple)", "args": {"origin": "32,24", "time": "0.1", "amplitude": "12", "frequency": "15", "decay": "8", "speed": "1200"}, "maxSampleOffset": "12"}, "picture": "pool", "size": "64x48", "output": "a.png"}
                {"id": "kind", "shader": {"file": "\(ripple)", "kind": "color"}, "size": "64x48", "output": "b.png"}
                """.utf8).write(to: jobs)
            let run = try CLIRun(["batch", jobs.path])
            #expect(run.status == 1, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            #expect(lines.first?.contains(#""ok":true"#) == true, "\(run.stdout)")
            #expect(lines.last?.contains("Ripple.metal:21: Ripple: its signature makes it a layer effect") == true, "\(run.stdout)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.png").path))
        }
    }

    /// examples/golden-suite: the Metal vignette against the GLSL vignette's reference.
    @Test func theGoldenSuiteRunsTheMetalVignette() throws {
        try withTemporaryFolder { (dir) throws in
            let run = try CLIRun(["test", "examples/golden-suite", "--filter", "vignette", "--record", "never", "--report", dir.path])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("2 passed, 0 failed"), "\(run.stdout)")
        }
    }
}
