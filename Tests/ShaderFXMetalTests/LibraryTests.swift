import Foundation
import Testing
@testable import ShaderFXMetal

/// A library of several files, as Xcode compiles a target: each file is its own translation unit,
/// and a declaration the translator cannot take costs only what depends on it.
@Suite struct LibraryTests {
    func library(_ files: [(String, String)]) throws -> MetalTranslation {
        try MetalTranslator().translate(files.map { MetalSourceFile(path: $0.0, text: header + $0.1) })
    }

    @Test func definitionsOfOneNameInTwoFilesAreEachFilesOwn() throws {
        // `constant float2x2 m` has internal linkage in each file (namespace-scope constants do in
        // C++), and static helpers are local: each file's function must see its own.
        let r = try library([
            ("Clouds.metal", """
            constant float2x2 m = float2x2(1.6, 1.2, -1.2, 1.6);
            static float wave(float x) { return sin(x); }
            struct Cell { float v; };
            [[ stitchable ]] half4 clouds(float2 p, half4 c) { Cell k = {wave((m * p).x)}; return half4(k.v); }
            """),
            ("Warp.metal", """
            constant float2x2 m = float2x2(0.8, 0.6, -0.6, 0.8);
            static float wave(float x) { return cos(x); }
            struct Cell { float2 v; };
            [[ stitchable ]] half4 warp(float2 p, half4 c) { Cell k = {float2(wave((m * p).y))}; return half4(k.v.x); }
            """),
        ])
        #expect(glslangErrors(r.glsl) == nil)
        #expect(r.functions.map(\.name) == ["clouds", "warp"])
        #expect(r.untranslated.isEmpty)
        #expect(r.glsl.contains("const mat2 m_Clouds = mat2(1.6, 1.2, -1.2, 1.6);"))
        #expect(r.glsl.contains("const mat2 m_Warp = mat2(0.8, 0.6, -0.6, 0.8);"))
        #expect(body("wave_Clouds", in: r.glsl) == ["return sin(x);"])
        #expect(body("wave_Warp", in: r.glsl) == ["return cos(x);"])
        #expect(body("clouds", in: r.glsl) == ["Cell_Clouds k = Cell_Clouds(wave_Clouds((m_Clouds * p).x));", "return vec4(k.v);"])
        #expect(body("warp", in: r.glsl) == ["Cell_Warp k = Cell_Warp(vec2(wave_Warp((m_Warp * p).y)));", "return vec4(k.v.x);"])
    }

    @Test func aHeaderSharedByTwoFilesIsOneDefinition() throws {
        // What two files include from one header is one definition, not a clash: kept as written.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sfx-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "#pragma once\nfloat shade(float x) { return x * 0.5; }\n".write(to: dir.appendingPathComponent("Common.h"), atomically: true, encoding: .utf8)
        let r = try MetalTranslator().translate([
            MetalSourceFile(path: dir.appendingPathComponent("a.metal").path,
                            text: header + "#include \"Common.h\"\n[[ stitchable ]] half4 a(float2 p, half4 c) { return half4(shade(p.x)); }\n"),
            MetalSourceFile(path: dir.appendingPathComponent("b.metal").path,
                            text: header + "#include \"Common.h\"\n[[ stitchable ]] half4 b(float2 p, half4 c) { return half4(shade(p.y)); }\n"),
        ])
        #expect(glslangErrors(r.glsl) == nil)
        #expect(body("shade", in: r.glsl) == ["return x * 0.5;"])
        #expect(body("b", in: r.glsl) == ["return vec4(shade(p.y));"])
    }

    @Test(arguments: [".", "./", "lib", "lib/A/.."])
    func aLibraryFileIncludedByOthersIsOneFileWhateverItsSpelling(root: String) throws {
        // A collection's `Constants.metal` is compiled as a file of the library and included by
        // the others as "../Constants.metal": with the library given as a relative path (`--library
        // .`), the same file reads as `./Constants.metal` and `./A/../Constants.metal`, which must
        // be one file, or its constant clashes with itself.
        func path(_ name: String) -> String { root.hasSuffix("/") ? root + name : root + "/" + name }
        let r = try MetalTranslator().translate([
            MetalSourceFile(path: path("A/A.metal"), text: header + "#include \"../Constants.metal\"\n[[ stitchable ]] half4 a(float2 p, half4 c) { return half4(PI * p.x); }\n"),
            MetalSourceFile(path: path("B/B.metal"), text: header + "#include \"../Constants.metal\"\n[[ stitchable ]] half4 b(float2 p, half4 c) { return half4(PI * p.y); }\n"),
            MetalSourceFile(path: path("Constants.metal"), text: header + "constant float PI = 3.14159;\n"),
        ])
        #expect(glslangErrors(r.glsl) == nil)
        #expect(r.untranslated.isEmpty)
        #expect(r.functions.map(\.name) == ["a", "b"])
        #expect(body("b", in: r.glsl) == ["return vec4(PI * p.y);"])
    }

    @Test func importReadsAFileOnce() throws {
        // Clang's #import is an #include that reads each file once, without a guard in the file.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sfx-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The header stops the translation if it is read a second time.
        try "#ifdef SEEN\n#error read twice\n#endif\n#define SEEN\nfloat shade(float x) { return x * 0.25; }\n"
            .write(to: dir.appendingPathComponent("noise_header.metal"), atomically: true, encoding: .utf8)
        let main = MetalSourceFile(path: dir.appendingPathComponent("main.metal").path, text: header + """
            #import "noise_header.metal"
            #import "noise_header.metal"
            [[ stitchable ]] half4 f(float2 p, half4 c) { return half4(shade(p.x)); }
            """)
        let r = try MetalTranslator().translate([main])
        #expect(glslangErrors(r.glsl) == nil)
        #expect(body("shade", in: r.glsl) == ["return x * 0.25;"])
        // #include has no such rule: the header is read twice.
        let twice = MetalSourceFile(path: main.path, text: main.text.replacingOccurrences(of: "#import", with: "#include"))
        #expect(throws: MetalError.self) { try MetalTranslator().translate([twice]) }
        do { _ = try MetalTranslator().translate([twice]) } catch { #expect(error.message.contains("read twice")) }
    }

    @Test func aFunctionTheTranslatorCannotTakeCostsOnlyItself() throws {
        let r = try library([("Effects.metal", """
            [[ stitchable ]] half4 good(float2 p, half4 c) { return c * 0.5h; }
            [[ stitchable ]] half4 mosaic(float2 p, half4 c, int count) { return c * half(count); }
            [[ stitchable ]] float2 wave(float2 p, float t) { return p + sin(t); }
            """)])
        #expect(glslangErrors(r.glsl) == nil)
        #expect(r.functions.map(\.name) == ["good", "wave"])
        #expect(r.untranslated.count == 1)
        let failed = try #require(r.untranslated.first)
        #expect(failed.name == "mosaic" && failed.isStitchable)
        #expect(failed.error.message.contains("parameter 'count' of stitchable function 'mosaic' has type 'int'"))
        #expect(failed.error.location.line == 5 && failed.error.location.file == "Effects.metal", "\(failed.error.location)")
        #expect(!r.glsl.contains("mosaic"))
    }

    @Test func aHelperThatFailsTakesItsCallersAndSaysWhy() throws {
        let r = try library([("Art.metal", """
            float2x2 rotate2d(float a) { return float2x2(cos(a), -sin(a), sin(a), cos(a)) * float(long(1)); }
            float rotate2d(float2 a) { return a.x; }
            [[ stitchable ]] half4 spin(float2 p, half4 c, float t) { return half4((rotate2d(t) * p).x); }
            [[ stitchable ]] half4 plain(float2 p, half4 c) { return c; }
            """)])
        #expect(glslangErrors(r.glsl) == nil)
        #expect(r.functions.map(\.name) == ["plain"])
        // Both overloads of the helper go (no call may reach the other one in its place), and
        // the caller's error names the helper and the helper's own error.
        #expect(!r.glsl.contains("rotate2d"))
        let spin = try #require(r.untranslated.first { $0.name == "spin" })
        #expect(spin.error.location.line == 6)
        #expect(spin.error.message.contains("'rotate2d' could not be translated: Art.metal:4:"))
        #expect(r.untranslated.first?.name == "rotate2d")
    }

    @Test func whenNothingStitchableIsLeftTheFirstErrorIsThrown() {
        // One function that cannot be translated: the error, as before there was recovery.
        expectError("[[ stitchable ]] half4 f(float2 p, half4 c, int n) { return c; }", "has type 'int'", line: 1)
        expectError("""
        float helper(float x) { return undefinedName(x); }
        [[ stitchable ]] half4 f(float2 p, half4 c) { return half4(helper(p.x)); }
        """, "undefinedName", line: 1)
    }

    @Test func aNameDefinedTwiceInOneFileStillFailsTheLibrary() {
        // Leaving the second definition out would let the first stand in for it.
        expectError("""
        float k(float x) { return x; }
        float k(float x) { return -x; }
        [[ stitchable ]] half4 f(float2 p, half4 c) { return half4(k(p.x)); }
        [[ stitchable ]] half4 g(float2 p, half4 c) { return c; }
        """, "redefinition")
    }

    @Test func aFileThePreprocessorStopsOnCostsItsOwnFunctions() throws {
        let r = try library([
            ("Broken.metal", "#include \"missing.h\"\n[[ stitchable ]] half4 broken(float2 p, half4 c) { return c; }\n"),
            ("Fine.metal", "[[ stitchable ]] half4 fine(float2 p, half4 c) { return c; }\n"),
        ])
        #expect(r.functions.map(\.name) == ["fine"])
        #expect(r.untranslated.map(\.name) == ["broken"])
        #expect(r.untranslated.first?.error.message.contains("'missing.h' file not found") == true)
    }

    @Test func otherPipelinesFunctionsAreNotFailures() throws {
        // A target's .metal files may hold vertex, fragment and kernel functions too: SwiftUI
        // never calls them, and they are left out as such.
        let r = try library([("Mixed.metal", """
            kernel void step(texture2d<float, access::write> out [[texture(0)]], uint2 id [[thread_position_in_grid]]) { }
            [[ stitchable ]] half4 tint(float2 p, half4 c) { return c.bgra; }
            """)])
        #expect(r.functions.map(\.name) == ["tint"])
        #expect(r.untranslated.count == 1 && r.untranslated[0].isStageFunction)
    }
}
