import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXMetal

@Suite struct PreprocessorTests {
    @Test func systemHeadersAreIgnored() {
        let g = glsl("""
        #include <metal_stdlib>
        #include <metal_math>
        #include <SwiftUI/SwiftUI.h>
        #include <SwiftUI/SwiftUI_Metal.h>
        using namespace metal;
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }
        """, raw: true)
        #expect(body("f", in: g) == ["return color;"])
    }

    @Test func objectAndFunctionLikeMacros() {
        let b = stmts("""
        #define SCALE 2.5
        #define SQUARE(x) ((x) * (x))
        #define CAT(a, b) a##b
        float CAT(my, Value) = SQUARE(SCALE);
        return half4(myValue);
        """)
        #expect(b == ["float myValue = 2.5 * 2.5;", "return vec4(myValue);"])
    }

    @Test func stringizeAndUndef() {
        let b = stmts("""
        #define A 1
        #undef A
        #ifdef A
        float x = 1.0;
        #else
        float x = 2.0;
        #endif
        return half4(x);
        """)
        #expect(b.first == "float x = 2.0;")
    }

    @Test func conditionalsWithDefinedAndArithmetic() {
        let b = stmts("""
        #define LEVEL 3
        #if defined(LEVEL) && LEVEL * 2 > 5
        float x = 1.0;
        #elif LEVEL == 2
        float x = 2.0;
        #else
        float x = 3.0;
        #endif
        #ifndef MISSING
        float y = x;
        #endif
        #if __METAL_VERSION__ >= 200
        float z = y;
        #endif
        return half4(z);
        """)
        #expect(b.prefix(3) == ["float x = 1.0;", "float y = x;", "float z = y;"])
    }

    @Test func pragmaIsIgnored() {
        let b = stmts("""
        #pragma clang diagnostic ignored "-Wunused"
        return color;
        """)
        #expect(b == ["return color;"])
    }

    @Test func includeRelativeToFileAndIncludePath() throws {
        try withTemporaryFolder { (folder) throws in
            let dir = folder.url
            let inc = dir.appendingPathComponent("inc")
            try FileManager.default.createDirectory(at: inc, withIntermediateDirectories: true)
            try "#pragma once\nfloat twice(float x) { return x * 2; }\n".write(to: dir.appendingPathComponent("local.h"), atomically: true, encoding: .utf8)
            try "#pragma once\n#include \"local.h\"\nfloat thrice(float x) { return x * 3; }\n".write(to: inc.appendingPathComponent("lib.h"), atomically: true, encoding: .utf8)
            let main = dir.appendingPathComponent("main.metal")
            try """
            #include <metal_stdlib>
            #include "local.h"
            #include "lib.h"
            using namespace metal;
            [[ stitchable ]] half4 f(float2 position, half4 color) { return color * twice(thrice(1)); }
            """.write(to: main, atomically: true, encoding: .utf8)
            // lib.h includes "local.h" relative to itself (inc/local.h does not exist) ... then the include paths:
            try "float dummy(float x) { return x; }\n".write(to: inc.appendingPathComponent("local.h"), atomically: true, encoding: .utf8)
            let r = try MetalTranslator(includePaths: [inc.path]).translate(file: main.path)
            #expect(r.glsl.contains("float twice(float x)"))
            #expect(r.glsl.contains("float thrice(float x)"))
            #expect(r.glsl.contains("float dummy(float x)"))
            #expect(glslangErrors(r.glsl) == nil)
        }
    }

    @Test func includeCycleIsAnError() throws {
        try withTemporaryFolder { folder in
            let dir = folder.url
            try "#include \"b.h\"\n".write(to: dir.appendingPathComponent("a.h"), atomically: true, encoding: .utf8)
            try "\n#include \"a.h\"\n".write(to: dir.appendingPathComponent("b.h"), atomically: true, encoding: .utf8)
            let main = dir.appendingPathComponent("main.metal")
            try "#include \"a.h\"\n".write(to: main, atomically: true, encoding: .utf8)
            #expect(throws: MetalError.self) { try MetalTranslator().translate(file: main.path) }
            do {
                _ = try MetalTranslator().translate(file: main.path)
            } catch let error as MetalError {
                #expect(error.message.contains("#include cycle"))
                #expect(error.location.file.hasSuffix("b.h"))
                #expect(error.location.line == 2)
                #expect(error.location.column == 10)
            }
        }
    }

    @Test func includeDepthIsLimited() throws {
        var files = [MetalSourceFile(path: "/deep/main.metal", text: "#include \"h0.h\"\n")]
        for k in 0..<40 { files.append(MetalSourceFile(path: "/deep/h\(k).h", text: "#include \"h\(k + 1).h\"\n")) }
        do {
            _ = try MetalTranslator().translate(Array(files.prefix(1)) + files.dropFirst())
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("nested too deeply"))
            #expect(error.location.file == "/deep/h30.h")
        }
    }

    /// Found checking the limits against FuzzMetal (libFuzzer reported a timeout): each macro
    /// expands to the one before it twice, so the last asks for 2^39 tokens. The expansion stops
    /// at its budget with an error at the use.
    @Test func exponentialMacroExpansionIsBounded() {
        var source = "#define M0 x\n"
        for k in 1..<40 { source += "#define M\(k) M\(k - 1) M\(k - 1)\n" }
        source += "float f() { return M39; }\n"
        expectError(source, "macro expansion too large (more than \(200_000) tokens)", line: 41, column: 20)
    }

    @Test func missingIncludeIsAnError() {
        expectError("#include \"nope.h\"\n", "'nope.h' file not found", line: 1, column: 10)
        expectError("#include <unknown_header>\n", "file not found", line: 1)
    }

    @Test func unterminatedConditional() {
        expectError("#if 1\nfloat x = 1;\n", "unterminated conditional", line: 1)
    }

    @Test func lineContinuationInMacro() {
        let b = stmts("""
        #define ADD(a, b) \\
            ((a) + (b))
        float x = ADD(1.0, 2.0);
        return half4(x);
        """)
        #expect(b.first == "float x = 1.0 + 2.0;")
    }

    @Test func metalConstantsAreMacros() {
        let b = stmts("""
        #ifdef M_PI_F
        float a = M_PI_F;
        #endif
        half b = M_PI_H;
        return half4(a, b, FLT_EPSILON, 1);
        """)
        #expect(b[0] == "float a = 3.1415927;")
        #expect(b[1] == "float b = 3.1415927;")
    }
}
