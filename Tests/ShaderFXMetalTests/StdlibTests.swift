import Testing
@testable import ShaderFXMetal

/// The Metal standard library, with Metal's semantics where GLSL differs.
@Suite struct StdlibTests {
    @Test func fmodTruncates() {
        let g = glsl("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(fmod(position.x, 3), fmod(position, float2(2)), 1); }")
        #expect(g.contains("float mtl_fmod(float x, float y) { return x - y * trunc(x / y); }"))
        #expect(g.contains("vec2 mtl_fmod(vec2 x, vec2 y) { return x - y * trunc(x / y); }"))
        #expect(body("f", in: g) == ["return vec4(mtl_fmod(position.x, 3.0), mtl_fmod(position, vec2(2.0)), 1.0);"])
    }

    @Test func roundHalfAwayFromZero() {
        let g = glsl("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(round(color.rgb), rint(color.a)); }")
        #expect(g.contains("vec3 mtl_round(vec3 x) { return sign(x) * floor(abs(x) + 0.5); }"))
        #expect(body("f", in: g) == ["return vec4(mtl_round(color.rgb), roundEven(color.a));"])
    }

    @Test func renamedFunctions() {
        let b = stmts("""
        float a = atan2(position.y, position.x);
        float b = rsqrt(a); float c = fabs(b); float d = fmin(c, 1); float e = fmax(d, 0);
        float g = powr(e, 2); float h = precise::sqrt(g); float i = fast::exp2(h);
        float2 dx = dfdx(position) + dfdy(position) + fwidth(position);
        return half4(saturate(i + dx.x));
        """)
        #expect(b == ["float a = atan(position.y, position.x);", "float b = inversesqrt(a);", "float c = abs(b);", "float d = min(c, 1.0);",
                      "float e = max(d, 0.0);", "float g = pow(e, 2.0);", "float h = sqrt(g);", "float i = exp2(h);",
                      "vec2 dx = dFdx(position) + dFdy(position) + fwidth(position);", "return vec4(clamp(i + dx.x, 0.0, 1.0));"])
    }

    @Test func min3Max3Median3() {
        let g = glsl("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(min3(color.r, color.g, color.b), max3(1, 2, position.x), median3(color.r, 0.5, 1), 1); }")
        #expect(g.contains("float mtl_median3(float a, float b, float c) { return max(min(a, b), min(max(a, b), c)); }"))
        #expect(body("f", in: g) == ["return vec4(min(min(color.r, color.g), color.b), max(max(1.0, 2.0), position.x), mtl_median3(color.r, 0.5, 1.0), 1.0);"])
    }

    @Test func sincosAndModf() {
        let g = glsl("""
        [[ stitchable ]] float2 f(float2 position, float t) {
            float c;
            float s = sincos(t, c);
            float2 ip;
            float2 fr = modf(position, ip);
            return float2(s, c) + fr + ip;
        }
        """)
        #expect(g.contains("float mtl_sincos(float x, out float c) { c = cos(x); return sin(x); }"))
        #expect(body("f", in: g).prefix(4) == ["float c;", "float s = mtl_sincos(t, c);", "vec2 ip;", "vec2 fr = modf(position, ip);"])
    }

    @Test func selectIsComponentwise() {
        let b = stmts("""
        half3 a = half3(0); half3 c = half3(1);
        half3 s = select(a, c, color.rgb > 0.5);
        float x = select(0.0, 1.0, position.x > 3);
        return half4(s, x);
        """)
        #expect(b.prefix(4) == ["vec3 a = vec3(0.0);", "vec3 c = vec3(1.0);", "vec3 s = mix(a, c, greaterThan(color.rgb, vec3(0.5)));",
                                "float x = position.x > 3.0 ? 1.0 : 0.0;"])
    }

    @Test func selectOnIntegerVectors() {
        let g = glsl("[[ stitchable ]] half4 f(float2 position, half4 color) { int2 a = int2(1, 2); int2 s = select(a, int2(0), position > 3); return half4(float(s.x)); }")
        #expect(g.contains("ivec2 mtl_select(ivec2 a, ivec2 b, bvec2 c) { ivec2 r; for (int k = 0; k < 2; ++k) r[k] = c[k] ? b[k] : a[k]; return r; }"))
        #expect(body("f", in: g)[1] == "ivec2 s = mtl_select(a, ivec2(0), greaterThan(position, vec2(3.0)));")
    }

    @Test func commonFunctionsPassThrough() {
        let b = stmts("""
        float3 v = normalize(float3(position, 1));
        float l = length(v) + distance(v, float3(0)) + dot(v, v);
        float3 r = reflect(v, float3(0, 0, 1)) + cross(v, float3(1, 0, 0));
        float k = clamp(l, 0, 1) + mix(0, 1, 0.5) + step(0.5, l) + smoothstep(0, 1, l) + fract(l) + floor(l) + ceil(l) + trunc(l);
        float m = exp(l) + log(l) + exp2(l) + log2(l) + pow(l, 2) + sqrt(l) + sign(l) + abs(-l);
        float n = sin(l) + cos(l) + tan(l) + asin(l) + acos(l) + atan(l) + sinh(l) + cosh(l) + tanh(l);
        half3 w = mix(color.rgb, half3(1), 0.25);
        half3 cl = clamp(color.rgb, 0.0, 1.0);
        int ii = clamp(int(l), 0, 10) + abs(-3) + max(1, 2);
        return half4(r + k + m + n + w + cl, float(ii));
        """)
        #expect(b[0] == "vec3 v = normalize(vec3(position, 1.0));")
        #expect(b[1] == "float l = length(v) + distance(v, vec3(0.0)) + dot(v, v);")
        #expect(b[2] == "vec3 r = reflect(v, vec3(0.0, 0.0, 1.0)) + cross(v, vec3(1.0, 0.0, 0.0));")
        #expect(b[3] == "float k = clamp(l, 0.0, 1.0) + mix(0.0, 1.0, 0.5) + step(0.5, l) + smoothstep(0.0, 1.0, l) + fract(l) + floor(l) + ceil(l) + trunc(l);")
        #expect(b[6] == "vec3 w = mix(color.rgb, vec3(1.0), 0.25);")
        #expect(b[7] == "vec3 cl = clamp(color.rgb, 0.0, 1.0);")
        #expect(b[8] == "int ii = clamp(int(l), 0, 10) + abs(-3) + max(1, 2);")
    }

    @Test func predicatesAndBits() {
        let b = stmts("""
        bool a = isnan(position.x) || isinf(position.y);
        bool2 z = isnan(position);
        bool c = all(color > 0) && any(position < 1) && !any(z);
        float d = copysign(1.0, position.x);
        float e = fma(position.x, 2, 1);
        int bits = as_type<int>(position.x);
        float back = as_type<float>(bits);
        return half4(c ? d + e + back : 0);
        """)
        #expect(b.prefix(7) == ["bool a = isnan(position.x) || isinf(position.y);", "bvec2 z = isnan(position);",
                                "bool c = all(greaterThan(color, vec4(0.0))) && any(lessThan(position, vec2(1.0))) && !any(z);",
                                "float d = mtl_copysign(1.0, position.x);", "float e = position.x * 2.0 + 1.0;",
                                "int bits = floatBitsToInt(position.x);", "float back = intBitsToFloat(bits);"])
    }

    @Test func constants() {
        let b = stmts("""
        float a = M_PI_F + M_PI_2_F + M_PI_4_F + M_1_PI_F + M_2_PI_F + M_E_F + M_LN2_F + M_SQRT2_F + M_LOG2E_H;
        float b = FLT_MAX; float c = FLT_MIN; float d = FLT_EPSILON; half e = HALF_MAX;
        float inf = INFINITY; float ninf = -INFINITY; float n = NAN;
        return half4(a + b + c + d + e + inf + ninf + n);
        """)
        #expect(b[0] == "float a = 3.1415927 + 1.5707964 + 0.7853982 + 0.31830987 + 0.63661975 + 2.7182817 + 0.6931472 + 1.4142135 + 1.442695;")
        #expect(b.prefix(8).dropFirst() == ["float b = 3.4028235e+38;", "float c = 1.1754944e-38;", "float d = 1.1920929e-07;", "float e = 65504.0;",
                                            "float inf = uintBitsToFloat(0x7f800000u);", "float ninf = -uintBitsToFloat(0x7f800000u);",
                                            "float n = uintBitsToFloat(0x7fc00000u);"])
    }

    @Test func numericLimits() {
        let b = stmts("""
        float a = numeric_limits<float>::max(); float b = metal::numeric_limits<float>::lowest();
        float c = numeric_limits<float>::epsilon(); int d = numeric_limits<int>::min(); uint e = numeric_limits<uint>::max();
        half h = numeric_limits<half>::max(); float i = numeric_limits<float>::infinity();
        return half4(a + b + c + float(d) + float(e) + h + i);
        """)
        #expect(b.prefix(7) == ["float a = 3.4028235e+38;", "float b = -3.4028235e+38;", "float c = 1.1920929e-07;", "int d = -2147483647 - 1;",
                                "uint e = 4294967295u;", "float h = 65504.0;", "float i = uintBitsToFloat(0x7f800000u);"])
    }

    @Test func matrices() {
        let b = stmts("""
        float2x2 r = float2x2(float2(cos(1.0), sin(1.0)), float2(-sin(1.0), cos(1.0)));
        float2 p = r * position;
        float3x3 m = float3x3(1);
        float3 q = m * float3(p, 1) + float3(p, 1) * transpose(m);
        float d = determinant(m);
        return half4(q * d, r[0].x);
        """)
        #expect(b.prefix(5) == ["mat2 r = mat2(vec2(cos(1.0), sin(1.0)), vec2(-sin(1.0), cos(1.0)));", "vec2 p = r * position;", "mat3 m = mat3(1.0);",
                                "vec3 q = m * vec3(p, 1.0) + vec3(p, 1.0) * transpose(m);", "float d = determinant(m);"])
    }

    /// Found by scripts/fuzz-expressions.py: forms GLSL has no overload for.
    @Test func overloadCornerCases() {
        let b = stmts("""
        uint u = 3u; float2 p = position;
        float2 a = abs(u) + sign(u) + float2(0);
        float2 c = clamp(p, 0.0, p) + smoothstep(0.0, p, p) + clamp(p, 0.0, 1.0);
        return half4(float4(a, c));
        """)
        #expect(b[2] == "vec2 a = float(u + min(u, 1u)) + vec2(0.0);")
        #expect(b[3] == "vec2 c = clamp(p, vec2(0.0), p) + smoothstep(vec2(0.0), p, p) + clamp(p, 0.0, 1.0);")
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { float2x2 m = float2x2(1); m -= position; return color; }", "invalid operands to '-'", line: 1)
    }

    @Test func unsupportedFunctionsAreReported() {
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(simd_sum(1u)); }", "'simd_sum' is not supported", line: 1, column: 71)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(popcount(position.x)); }", "'popcount': it takes integer arguments, not 'float'", line: 1, column: 71)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(as_type<half2>(position.x)); }", "as_type", line: 1, column: 71)
    }
}
