import Testing
@testable import ShaderFXMetal

/// Helper functions: prototypes, overloading, defaults, out parameters, recursion.
@Suite struct FunctionTests {
    @Test func helpersAreEmittedBeforeUse() {
        let g = glsl("""
        float b(float x);
        float a(float x) { return b(x) * 2; }
        float b(float x) { return x + 1; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color * a(position.x); }
        """)
        let ib = g.range(of: "float b(float x) {")!.lowerBound
        let ia = g.range(of: "float a(float x) {")!.lowerBound
        let iF = g.range(of: "vec4 f(vec2 position")!.lowerBound
        #expect(ib < ia && ia < iF)
        #expect(!g.contains("float b(float x);"))
    }

    @Test func overloadsAreMangled() {
        let g = glsl("""
        float wave(float x) { return sin(x); }
        float2 wave(float2 x) { return sin(x); }
        half3 wave(half3 x) { return x; }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            return half4(wave(color.rgb), wave(position.x) + wave(position).y);
        }
        """)
        #expect(g.contains("float wave_f(float x) {"))
        #expect(g.contains("vec2 wave_f2(vec2 x) {"))
        #expect(g.contains("vec3 wave_h3(vec3 x) {"))
        #expect(body("f", in: g) == ["return vec4(wave_h3(color.rgb), wave_f(position.x) + wave_f2(position).y);"])
    }

    @Test func overloadResolutionPrefersExactMatch() {
        let g = glsl("""
        float pick(int x) { return 1; }
        float pick(float x) { return 2; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return half4(pick(1) + pick(1.0) + pick(position.x)); }
        """)
        #expect(body("f", in: g) == ["return vec4(pick_i(1) + pick_f(1.0) + pick_f(position.x));"])
    }

    @Test func metalQualifiedCallsNameTheStandardLibrary() {
        let g = glsl("""
        float mix(float a, float b, float t) { return a; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return half4(mix(1, 2, 0.5) + metal::mix(1.0, 2.0, 0.5)); }
        """)
        #expect(body("f", in: g) == ["return vec4(m_mix(1.0, 2.0, 0.5) + mix(1.0, 2.0, 0.5));"])
    }

    @Test func defaultArguments() {
        let g = glsl("""
        float ring(float2 p, float radius = 0.5, float width = 0.1);
        float ring(float2 p, float radius, float width) { return abs(length(p) - radius) - width; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return half4(ring(position) + ring(position, 1) + ring(position, 1, 2)); }
        """)
        #expect(body("f", in: g) == ["return vec4(ring(position, 0.5, 0.1) + ring(position, 1.0, 0.1) + ring(position, 1.0, 2.0));"])
    }

    @Test func referenceAndPointerOutParameters() {
        let g = glsl("""
        void rotate(thread float2 &p, float a) { p = float2(p.x * cos(a) - p.y * sin(a), p.x * sin(a) + p.y * cos(a)); }
        void bump(thread float *v, thread float2 *q) { *v += 1; q->x = *v; }
        float read(const thread float &x) { return x; }
        [[ stitchable ]] float2 f(float2 position, float t) {
            float2 p = position;
            rotate(p, t);
            float v = 0;
            bump(&v, &p);
            return p + read(v);
        }
        """)
        #expect(g.contains("void rotate(inout vec2 p, float a) {"))
        #expect(g.contains("void bump(inout float v, inout vec2 q) {"))
        #expect(body("bump", in: g) == ["v += 1.0;", "q.x = v;"])
        #expect(g.contains("float read(float x) {"))
        #expect(body("f", in: g) == ["vec2 p = position;", "rotate(p, t);", "float v = 0.0;", "bump(v, p);", "return p + read(v);"])
    }

    @Test func functionTemplatesAreInstantiatedPerType() {
        let g = glsl("""
        template <typename T> T sq(T x) { return x * x; }
        template <typename T, typename U>
        T blend(T a, T b, U t) { return mix(a, b, T(t)); }
        template <typename T> T twice(thread T &v) { v *= 2; return v; }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float a = sq(position.x);
            float2 b = sq(position);
            int c = sq(3);
            half3 d = blend(color.rgb, half3(1), 0.5);
            float e = sq<float>(2);
            float2 p = position;
            twice(p);
            return half4(d, a + b.x + float(c) + e + p.x);
        }
        """)
        #expect(g.contains("float sq_f(float x) {"))
        #expect(g.contains("vec2 sq_f2(vec2 x) {"))
        #expect(g.contains("int sq_i(int x) {"))
        #expect(body("blend_h3_f", in: g) == ["return mix(a, b, vec3(t));"])
        #expect(g.contains("vec2 twice_f2(inout vec2 v) {"))
        #expect(body("f", in: g) == ["float a = sq_f(position.x);", "vec2 b = sq_f2(position);", "int c = sq_i(3);",
                                     "vec3 d = blend_h3_f(color.rgb, vec3(1.0), 0.5);", "float e = sq_f(2.0);", "vec2 p = position;",
                                     "twice_f2(p);", "return vec4(d, a + b.x + float(c) + e + p.x);"])
        expectError("template <typename T> T one() { return T(1); }\n[[ stitchable ]] half4 f(float2 position, half4 color) { return color * one(); }",
                    "no matching function template for call to 'one'", line: 2, column: 73)
        expectError("template <int N> float k() { return N; }", "only type template parameters", line: 1, column: 11)
        expectError("template <typename T> struct Box { T v; };", "only function templates", line: 1, column: 23)
    }

    @Test func lambdasBecomeFunctions() {
        let g = glsl("""
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            auto sq = [](float x) { return x * x; };
            auto tint = [=](half3 c, float k) -> half3 { if (k > 1) return c; return c * k; };
            auto nothing = [&]() { };
            nothing();
            return half4(tint(color.rgb, sq(position.x)), 1);
        }
        """)
        #expect(g.contains("float f_sq(float x) {"))
        #expect(g.contains("vec3 f_tint(vec3 c, float k) {"))
        #expect(g.contains("void f_nothing() {"))
        #expect(body("f", in: g) == ["f_nothing();", "return vec4(f_tint(color.rgb, f_sq(position.x)), 1.0);"])
        expectError("""
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float k = 2;
            auto scale = [&](float x) { return x * k; };
            return color * scale(1);
        }
        """, "undeclared identifier 'k' (lambda captures are not supported", line: 3, column: 44)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { float k = 1; auto g = [k](float x) { return x; }; return color; }",
                    "lambda captures are not supported", line: 1, column: 81)
    }

    @Test func recursionIsAnError() {
        expectError("""
        float fact(float n) { return n <= 1 ? 1 : n * fact(n - 1); }
        """, "recursion is not supported", line: 1, column: 47)
        expectError("""
        float b(float x);
        float a(float x) { return b(x); }
        float b(float x) { return a(x); }
        """, "b → a → b", line: 2)
    }

    @Test func undefinedPrototypeIsAnError() {
        expectError("""
        float g(float x);
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color * g(1); }
        """, "declared but never defined", line: 2, column: 73)
    }

    @Test func missingReturnGetsZero() {
        let g = glsl("""
        float sgn(float x) { if (x > 0) return 1; else if (x < 0) return -1; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return half4(sgn(position.x)); }
        """)
        #expect(body("sgn", in: g).last == "return 0.0;")
    }

    @Test func staticInlineAndConstQualifiers() {
        let g = glsl("""
        static inline float sq(const float x) { return x * x; }
        inline float cube(float x) { return x * sq(x); }
        METAL_FUNC float quad(float x) { return sq(sq(x)); }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return half4(cube(2) + quad(1)); }
        """)
        #expect(g.contains("float sq(float x) {"))
        #expect(g.contains("float quad(float x) {"))
    }
}
