import Testing
@testable import ShaderFXMetal

/// Unsupported or wrong input: located errors, never GLSL.
@Suite struct ErrorTests {
    @Test func undefinedName() {
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) {\n    return color * missing;\n}", "undeclared identifier 'missing'", line: 2, column: 20)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return nothere(color); }", "undeclared function 'nothere'", line: 1, column: 65)
    }

    @Test func unsupportedConstructs() {
        expectError("kernel void k() {}", "kernel functions are not supported", line: 1, column: 1)
        expectError("union U { float a; int b; };", "unions are not supported", line: 1, column: 1)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) {\n  float *p;\n  return color; }", "local pointers are not supported", line: 2, column: 10)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { double d = 1; return color; }", "double", line: 1, column: 58)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(position.x % 2); }", "use fmod()", line: 1)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return color > 0 ? color : 0; }", "select(", line: 1, column: 71)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(position.xy, 1); }", "3 components", line: 1, column: 65)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return \"s\"; }", "string", line: 1, column: 65)
    }

    @Test func syntaxErrors() {
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) {\n  return color\n}", "expected ';'", line: 3, column: 1)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return color; ", "unterminated block", line: 1, column: 56)
        expectError("float x = 1 @ 2;", "unexpected character '@'", line: 1, column: 13)
    }

    @Test func typeErrors() {
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { float3 v = position; return color; }", "cannot convert 'float2' to 'float3'", line: 1, column: 69)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { float x = position; return color; }", "cannot convert", line: 1)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { Foo x; return color; }", "unknown type name 'Foo'", line: 1)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { position.q = 1; return color; }", "swizzle", line: 1)
        expectError("struct S { float a; };\n[[ stitchable ]] half4 f(float2 position, half4 color) { S s = {1}; return half4(s.b); }", "no member named 'b'", line: 2)
    }

    @Test func redefinitions() {
        expectError("float g(float x) { return x; }\nfloat g(float y) { return y; }", "redefinition of function 'g'", line: 2, column: 7)
        expectError("struct A { float x; };\nstruct A { float y; };", "redefinition of struct 'A'", line: 2)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { float a = 1; float a = 2; return color; }", "redefinition of 'a'", line: 1)
    }

    @Test func errorsInsideMacrosPointAtTheInvocation() {
        expectError("""
        #define BAD(x) ((x) + missing)
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color * BAD(1); }
        """, "undeclared identifier 'missing'", line: 2, column: 73)
    }

    @Test func errorsInsideIncludedFilesNameTheHeader() {
        let header = MetalSourceFile(path: "/virtual/lib.h", text: "float broken(float x) {\n  return x +;\n}\n")
        let main = MetalSourceFile(path: "/virtual/main.metal", text: "#include \"lib.h\"\n")
        do {
            _ = try MetalTranslator().translate([main, header])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == """
                /virtual/lib.h:2:13: error: expected an expression, found ';'
                /virtual/main.metal:1:10: note: in file included from here
                """)
            #expect(error.kind == .syntax)
        }
    }

    /// Overflowing constant arithmetic wraps (no trap in the translator).
    @Test func constantOverflowDoesNotTrap() {
        let g = glsl("""
        #if (-9223372036854775807 - 1) / -1 == 0
        #endif
        constant int BIG = 65536 * 65536 * 65536 * 32768;
        constant int Q = BIG / -1;
        [[ stitchable ]] half4 f(float2 position, half4 color) { int a = -2147483647 - 1; return color * float(a / -1 + Q); }
        """)
        #expect(g.contains("const int Q = 0;"))
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { float a[100000][100000][100000]; return color; }", "more than 65536", line: 1, column: 64)
        let deep = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        expectError("constant float k = \(deep);", "nesting too deep", line: 1)
        var chain = ""
        for k in 0..<400 { chain += "#define M\(k) M\(k + 1)\n" }
        expectError(chain + "constant float k = M0;", "nested too deeply", line: 401)
    }

    /// A long chain of operators is as deep a tree as it has operators: 900 terms translate (the
    /// translator runs on a stack of its own, whatever thread calls it: a test's is small), and
    /// past 1000 operators the expression is refused with its location, never a crash.
    @Test func longOperatorChainsTranslateOrAreRefused() throws {
        func sum(_ n: Int) -> String {
            "[[ stitchable ]] half4 f(float2 p, half4 c) { float s = " + (0..<n).map { "p.x * \($0).0" }.joined(separator: " + ") + "; return half4(s); }"
        }
        let translation = try MetalTranslator().translate([MetalSourceFile(path: "Sum.metal", text: sum(900))])
        #expect(translation.glsl.contains("p.x * 899.0"))
        expectError(sum(1200), "expression too long (more than 1000 operators nested in one expression)", line: 1)
    }

    @Test func errorDescriptionFormat() {
        do {
            _ = try MetalTranslator().translate([MetalSourceFile(path: "dir/x.metal", text: "float y = ;")])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "dir/x.metal:1:11: error: expected an expression, found ';'")
            #expect(error.location.description == "dir/x.metal:1:11")
        }
    }
}
