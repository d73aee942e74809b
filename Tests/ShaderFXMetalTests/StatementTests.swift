import Testing
@testable import ShaderFXMetal

/// Control flow and operators.
@Suite struct StatementTests {
    @Test func ifElseChains() {
        let b = stmts("""
        half4 c = color;
        if (position.x < 10) c = half4(1); else if (position.x < 20) { c = half4(0); } else c.a = 0;
        return c;
        """)
        #expect(b == ["vec4 c = color;", "if (position.x < 10.0) {", "c = vec4(1.0);", "} else if (position.x < 20.0) {", "c = vec4(0.0);",
                      "} else {", "c.a = 0.0;", "}", "return c;"])
    }

    @Test func loops() {
        let b = stmts("""
        float s = 0;
        for (int i = 0, j = 10; i < j; i++, j--) { if (i == 3) continue; s += i; }
        int k = 0;
        while (k < 4) { k++; if (s > 100) break; }
        do { --k; } while (k > 0);
        for (;;) { break; }
        return half4(s);
        """)
        #expect(b == ["float s = 0.0;", "for (int i = 0, j = 10; i < j; i++, j--) {", "if (i == 3) {", "continue;", "}", "s += float(i);", "}",
                      "int k = 0;", "while (k < 4) {", "k++;", "if (s > 100.0) {", "break;", "}", "}", "do {", "--k;", "} while (k > 0);",
                      "for (;;) {", "break;", "}", "return vec4(s);"])
    }

    @Test func rangeBasedFor() {
        let g = glsl("""
        constant float W[3] = {0.25, 0.5, 0.25};
        static_assert(sizeof(float) == 4, "float");
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float s = 0;
            for (float w : W) s += w;
            for (const auto &w : W) { if (w > 0.3) continue; s += w; }
            return color * s;
        }
        """)
        #expect(body("f", in: g) == ["float s = 0.0;", "for (int mtl_i0 = 0; mtl_i0 < 3; ++mtl_i0) {", "float w = W[mtl_i0];", "s += w;", "}",
                                     "for (int mtl_i1 = 0; mtl_i1 < 3; ++mtl_i1) {", "float w_1 = W[mtl_i1];", "if (w_1 > 0.3) {", "continue;", "}",
                                     "s += w_1;", "}", "return color * s;"])
    }

    @Test func switchKeepsFallthrough() {
        let b = stmts("""
        int mode = int(position.x) & 3;
        half4 c = color;
        switch (mode) {
            case 0: c.r = 1;
            case 1: c.g = 1; break;
            case 2: { c.b = 1; break; }
            default:
        }
        uint u = uint(mode);
        switch (u) { case 1: c.a = 0; }
        return c;
        """)
        #expect(b.prefix(15) == ["int mode = int(position.x) & 3;", "vec4 c = color;", "switch (mode) {", "case 0:", "c.r = 1.0;", "case 1:", "c.g = 1.0;",
                                 "break;", "case 2:", "{", "c.b = 1.0;", "break;", "}", "default:", "break;"])
        #expect(b.contains("case 1u:"))
    }

    @Test func ternaryIncrementsAndCompoundAssignment() {
        let b = stmts("""
        int i = 0;
        int j = i++ + ++i;
        j -= 2; j *= 3; j <<= 1; j >>= 1; j &= 7; j |= 8; j ^= 1; j %= 5; j /= 2;
        float x = j > 2 ? 1.0 : 0.0;
        return half4(x);
        """)
        #expect(b.prefix(11) == ["int i = 0;", "int j = i++ + ++i;", "j -= 2;", "j *= 3;", "j <<= 1;", "j >>= 1;", "j &= 7;", "j |= 8;", "j ^= 1;",
                                 "j = mtl_imod(j, 5);", "j = mtl_idiv(j, 2);"])
    }

    @Test func integerDivisionAndModulo() {
        let g = glsl("""
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            int a = int(position.x) - 50;
            int q = a / 7;
            int r = a % 7;
            uint u = uint(position.y);
            uint uq = u / 3u;
            uint ur = u % 3u;
            int c = 7 / 2;
            int d = -7 % 3;
            int2 v = int2(a, q) / 2;
            return half4(float(q + r + c + d + v.x), float(uq + ur), 0, 1);
        }
        """)
        #expect(g.contains("int mtl_idiv(int a, int b) { int q = abs(a) / abs(b); return ((a < 0) != (b < 0)) ? -q : q; }"))
        #expect(g.contains("int mtl_imod(int a, int b) { return a - b * mtl_idiv(a, b); }"))
        #expect(g.contains("ivec2 mtl_idiv(ivec2 a, ivec2 b)"))
        #expect(body("f", in: g).prefix(9) == ["int a = int(position.x) - 50;", "int q = mtl_idiv(a, 7);", "int r = mtl_imod(a, 7);",
                                                "uint u = uint(position.y);", "uint uq = u / 3u;", "uint ur = u % 3u;", "int c = 7 / 2;", "int d = -1;",
                                                "ivec2 v = mtl_idiv(ivec2(a, q), ivec2(2));"])
    }

    @Test func bitwiseOperators() {
        let b = stmts("""
        uint h = uint(position.x) * 747796405u + 2891336453u;
        h = ((h >> ((h >> 28u) + 4u)) ^ h) * 277803737u;
        int m = ~int(h) & 0xFF | 1 << 3;
        bool flag = (m & 1) != 0;
        return half4(float(h & 255u) / 255.0, flag ? 1.0 : 0.0, 0, 1);
        """)
        #expect(b.prefix(4) == ["uint h = uint(position.x) * 747796405u + 2891336453u;", "h = ((h >> ((h >> 28u) + 4u)) ^ h) * 277803737u;",
                                "int m = (~int(h) & 255) | (1 << 3);", "bool flag = (m & 1) != 0;"])
    }

    /// BUGS.md #4: a comma expression as an initializer, operand or argument keeps its parentheses.
    @Test func parenthesisedCommaExpressions() {
        let g = glsl("""
        int g(int v) { return v; }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            int idx = 0, b = 1;
            int c = (idx = 5, idx + 1);
            int a = (b++, c);
            a = (b++, c);
            int d = g((a, b)) + (a, b) * 2;
            return half4(float(c + a + d) / 8.0, 0, 0, 1);
        }
        """)
        #expect(body("f", in: g).prefix(6) == ["int idx = 0;", "int b = 1;", "int c = (idx = 5, idx + 1);", "int a = (b++, c);", "a = (b++, c);",
                                                "int d = g((a, b)) + (a, b) * 2;"])
    }

    @Test func commaAndDiscard() {
        let b = stmts("""
        int a = 0, b = 1;
        a = 1, b = 2;
        if (a > b) discard_fragment();
        return color;
        """)
        #expect(b.prefix(6) == ["int a = 0;", "int b = 1;", "a = 1, b = 2;", "if (a > b) {", "discard;", "}"])
    }

    /// `static_assert` is evaluated: a true one translates to nothing, a false one is an error with
    /// its message at the `static_assert`, at program scope, in a function and per template
    /// instance. The sizes are MSL's (specification §2.2-2.3: `half` 2 bytes, a 3-component vector
    /// the room of 4, a matrix its columns).
    @Test func staticAssertIsEvaluated() {
        let t = translate("""
        constant int N = 3;
        static_assert(N * 2 == 6 && !(N > 4), "N");
        static_assert(sizeof(half) == 2 && sizeof(float3) == 16 && sizeof(half3x3) == 24 && sizeof(short2) == 4);
        static_assert(sizeof(float2x4) == 32 && sizeof(bool) == 1 && sizeof(uchar3) == 4, "sizes");
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            static_assert(N >= 3, "local");
            return color;
        }
        """)
        // A declaration that fails is left out of a translation that goes on: none may be here.
        #expect(t.untranslated.isEmpty, "\(t.untranslated)")
        #expect(!t.glsl.contains("static_assert") && !t.glsl.contains("sizeof"))
        expectError("""
        constant int N = 3;
        static_assert(N == 4, "N must be 4");
        """, "static assertion failed: N must be 4", line: 2, column: 1)
        // Each false one is left out with its error; the functions still translate.
        let partial = try? MetalTranslator().translate([MetalSourceFile(path: "test.metal", text: header + """
        static_assert(sizeof(float3) == 12, "padded");
        constant float k = 1.0;
        static_assert(sizeof(half) == 4, "half");
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color * k; }
        """)])
        #expect(partial?.untranslated.map(\.error.message) == ["static assertion failed: padded", "static assertion failed: half"])
        expectError("""
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            static_assert(sizeof(half4) == 16, "a \\"half4\\" is 8 bytes");
            return color;
        }
        """, "static assertion failed: a \"half4\" is 8 bytes", line: 2, column: 5)
        expectError("""
        template <typename T> T twice(T x) { static_assert(sizeof(T) == 4); return x * T(2); }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            return color * twice(1.0f) * twice(color.a);
        }
        """, "static assertion failed", line: 1, column: 38)
        expectError("""
        static_assert(sizeof(float) == 4 ? true : fract(0.5) == 0.5, "x");
        """, "static_assert condition is not a constant expression", line: 1, column: 1)
    }
}
