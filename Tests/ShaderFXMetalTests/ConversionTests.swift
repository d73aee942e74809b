import Testing
@testable import ShaderFXMetal

/// MSL's implicit conversions, made explicit in GLSL.
@Suite struct ConversionTests {
    @Test func intLiteralInFloatArithmetic() {
        let b = stmts("float x = position.x * 2; float y = 1 / position.y; return half4(x + y);")
        #expect(b.prefix(2) == ["float x = position.x * 2.0;", "float y = 1.0 / position.y;"])
    }

    @Test func intVariableToFloat() {
        let b = stmts("int i = 3; float x = i; float y = position.x + i; uint u = 2; float z = u * 0.5; return half4(x + y + z);")
        #expect(b.prefix(5) == ["int i = 3;", "float x = float(i);", "float y = position.x + float(i);", "uint u = 2u;", "float z = float(u) * 0.5;"])
    }

    @Test func floatScalarIntoHalfVectorCompoundAssignment() {
        let b = stmts("half3 c = color.rgb; float k = 0.5; c *= k; c += 1; c /= 2; return half4(c, 1);")
        #expect(b.prefix(5) == ["vec3 c = color.rgb;", "float k = 0.5;", "c *= k;", "c += 1.0;", "c /= 2.0;"])
    }

    @Test func scalarVectorWithDifferentBaseTypes() {
        let b = stmts("int n = 2; float3 v = float3(1) * n; int2 iv = int2(1, 2) * n; float2 w = float2(iv) + n; return half4(v, w.x);")
        #expect(b.prefix(4) == ["int n = 2;", "vec3 v = vec3(1.0) * float(n);", "ivec2 iv = ivec2(1, 2) * n;", "vec2 w = vec2(iv) + float(n);"])
    }

    @Test func mixedComparisons() {
        let b = stmts("int i = 1; uint u = 2; bool a = i < position.x; bool c = u == 2; bool4 d = color > 0.5; return half4(a && c && all(d));")
        #expect(b.prefix(5) == ["int i = 1;", "uint u = 2u;", "bool a = float(i) < position.x;", "bool c = u == 2u;",
                                "bvec4 d = greaterThan(color, vec4(0.5));"])
    }

    @Test func boolContexts() {
        let b = stmts("""
        int n = int(position.x); float y = position.y;
        if (n) { n = 0; }
        while (y) { y = 0; }
        bool b = !n || y;
        return half4(b ? 1 : 0);
        """)
        #expect(b.prefix(9) == ["int n = int(position.x);", "float y = position.y;", "if (n != 0) {", "n = 0;", "}", "while (y != 0.0) {",
                                "y = 0.0;", "}", "bool b = (n == 0) || (y != 0.0);"])
        #expect(b[9] == "return vec4(float(b ? 1 : 0));")
    }

    @Test func returnTypeConversion() {
        let g = glsl("""
        float one() { return 1; }
        half3 gray(float v) { return v; }
        int trunc2(float v) { return v; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return half4(gray(one()), float(trunc2(2.5))); }
        """)
        #expect(body("one", in: g) == ["return 1.0;"])
        #expect(body("gray", in: g) == ["return vec3(v);"])
        #expect(body("trunc2", in: g) == ["return int(v);"])
    }

    @Test func argumentConversionToParameterTypes() {
        let g = glsl("""
        float scale(float x, float3 v) { return x * v.x; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { int i = 2; return half4(scale(i, 1)); }
        """)
        #expect(body("f", in: g) == ["int i = 2;", "return vec4(scale(float(i), vec3(1.0)));"])
    }

    @Test func ternaryBranchesGetCommonType() {
        let b = stmts("int i = 1; float x = position.x > 0 ? i : 0.5; return half4(x);")
        #expect(b[1] == "float x = position.x > 0.0 ? float(i) : 0.5;")
    }

    @Test func narrowIntegerCastsWrap() {
        let b = stmts("""
        uint u = uint(position.x) * 1000u;
        ushort us = ushort(u);
        short s = short(int(u));
        uchar c = uchar(300);
        short2 v = short2(int(u), -70000);
        return half4(float(us + uint(s) + c + uint(v.x)));
        """)
        #expect(b.prefix(5).dropFirst() == ["uint us = u & 65535u;", "int s = int(u) << 16 >> 16;", "uint c = 44u;",
                                            "ivec2 v = ivec2(int(u), -70000) << 16 >> 16;"])
    }

    @Test func intCompoundAssignWithFloat() {
        let b = stmts("int i = 1; i += 0.5; i *= position.x; return half4(float(i));")
        #expect(b.prefix(3) == ["int i = 1;", "i = int(float(i) + 0.5);", "i = int(float(i) * position.x);"])
        // `x = T(x op y)` reads the target twice: refused where reading it calls a function (which
        // may have side effects), taken where it only indexes with a variable.
        expectError("""
        int pick(int k) { return k + 1; }
        [[ stitchable ]] half4 f(float2 p, half4 c) { int a[3] = {1, 2, 3}; a[pick(0)] += 0.5; return c * half(a[1]); }
        """, "compound assignment '+=' that needs a conversion is not supported on a target with side effects")
        let pure = stmts("int a[3] = {1, 2, 3}; int k = 1; a[k] += 0.5; return half4(float(a[1]));")
        #expect(pure.contains("a[k] = int(float(a[k]) + 0.5);"))
    }
}
