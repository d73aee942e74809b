import Testing
@testable import ShaderFXMetal

/// Types, literals, constructors, swizzles, initialisers, globals.
@Suite struct LanguageTests {
    @Test func namespacesAndQualifiedNames() {
        let g = glsl("""
        [[stitchable]] half4 f(float2 position, metal::half4 color) {
            return metal::mix(color, half4(1), metal::fast::sin(position.x));
        }
        """)
        #expect(body("f", in: g) == ["return mix(color, vec4(1.0), sin(position.x));"])
    }

    @Test func scalarAndVectorTypes() {
        let b = stmts("""
        half h = 1; float x = 2; int i = 3; uint u = 4; short s = 5; ushort us = 6; bool t = true;
        half3 h3 = half3(h); int2 i2 = int2(i); uint4 u4 = uint4(u); bool4 b4 = bool4(t); packed_float3 p3 = float3(x);
        float2x2 m = float2x2(1, 0, 0, 1); half3x3 hm = half3x3(1); ushort2 us2 = ushort2(us); short3 s3 = short3(s);
        return half4(h3, x);
        """)
        #expect(b.prefix(16) == [
            "float h = 1.0;", "float x = 2.0;", "int i = 3;", "uint u = 4u;", "int s = 5;", "uint us = 6u;", "bool t = true;",
            "vec3 h3 = vec3(h);", "ivec2 i2 = ivec2(i);", "uvec4 u4 = uvec4(u);", "bvec4 b4 = bvec4(t);", "vec3 p3 = vec3(x);",
            "mat2 m = mat2(1.0, 0.0, 0.0, 1.0);", "mat3 hm = mat3(1.0);", "uvec2 us2 = uvec2(us);", "ivec3 s3 = ivec3(s);",
        ])
        // `ushort2(us)` and `short3(s)` widen values already of their element types: nothing to wrap.
    }

    @Test func literalsWithSuffixes() {
        let b = stmts("""
        half a = 0.5h; float b = 1.f; uint c = 2u; float d = 1.0f; int e = 0x1F; float k = 1e-3; float g = .25; uint h = 0xFFFFFFFF;
        return half4(a, b, d, k + g);
        """)
        #expect(b.prefix(8) == ["float a = 0.5;", "float b = 1.0;", "uint c = 2u;", "float d = 1.0;", "int e = 31;",
                                "float k = 0.001;", "float g = 0.25;", "uint h = 4294967295u;"])
    }

    @Test func constructors() {
        let b = stmts("""
        float3 a = float3(1);
        float4 b = float4(a.xy, 0, 1);
        half4 c = half4(b);
        int2 d = int2(b.xy);
        float e = float(d.x);
        float g = (float)d.y;
        half3 h = (half3)e;
        float k = static_cast<float>(d.x);
        uint u = uint(-1);
        float4 z = float4();
        return c + half4(h, g + k + z.x);
        """)
        #expect(b.prefix(10) == [
            "vec3 a = vec3(1.0);", "vec4 b = vec4(a.xy, 0.0, 1.0);", "vec4 c = b;", "ivec2 d = ivec2(b.xy);", "float e = float(d.x);",
            "float g = float(d.y);", "vec3 h = vec3(e);", "float k = float(d.x);", "uint u = 4294967295u;", "vec4 z = vec4(0.0);",
        ])
    }

    @Test func swizzles() {
        let b = stmts("""
        float4 v = float4(1, 2, 3, 4);
        float3 a = v.xxy;
        half3 c = half3(color.bgr);
        v.xy = float2(0);
        v.wz += 1;
        v.r = v[2];
        int i = 1;
        v[i] = 5;
        return half4(v + float4(a, c.x));
        """)
        #expect(b.prefix(8) == ["vec4 v = vec4(1.0, 2.0, 3.0, 4.0);", "vec3 a = v.xxy;", "vec3 c = color.bgr;", "v.xy = vec2(0.0);",
                                "v.wz += 1.0;", "v.r = v[2];", "int i = 1;", "v[i] = 5.0;"])
    }

    @Test func swizzleErrors() {
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { color.xx = half2(1); return color; }",
                    "not assignable", line: 1, column: 64)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return color.xyq; }", "invalid vector swizzle", line: 1)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color) { return half4(position.z); }", "out of range", line: 1)
    }

    @Test func braceInitialisers() {
        let g = glsl("""
        struct P { float2 a; float b; int c; };
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float2 a = {1, 2};
            float k[3] = {1, 2, 3};
            float m[] = {4, 5};
            P p = {{1, 2}, 3};
            P q = {};
            int z[4] = {1};
            return half4(a.x + k[1] + m[1] + p.b + q.b + float(z[0]));
        }
        """)
        #expect(body("f", in: g).prefix(6) == ["vec2 a = vec2(1.0, 2.0);", "float k[3] = float[3](1.0, 2.0, 3.0);",
                                                "float m[2] = float[2](4.0, 5.0);", "P p = P(vec2(1.0, 2.0), 3.0, 0);",
                                                "P q = P(vec2(0.0), 0.0, 0);", "int z[4] = int[4](1, 0, 0, 0);"])
    }

    @Test func globalConstants() {
        let g = glsl("""
        constant float3 K = float3(0.2126, 0.7152, 0.0722);
        constexpr float SCALE = 2;
        static constant int N = 3;
        const float W[N] = {1, 2, 3};
        constant half3 TINT = half3(1, 0.5, 0);
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            return half4(dot(float3(color.rgb), K) * SCALE * W[N - 1] + TINT, 1);
        }
        """)
        #expect(g.contains("const vec3 K = vec3(0.2126, 0.7152, 0.0722);"))
        #expect(g.contains("const float SCALE = 2.0;"))
        #expect(g.contains("const int N = 3;"))
        #expect(g.contains("const float W[3] = float[3](1.0, 2.0, 3.0);"))
        #expect(g.contains("const vec3 TINT = vec3(1.0, 0.5, 0.0);"))
    }

    @Test func integerConstantsFoldInDivisions() {
        let g = glsl("""
        constant int SIZE = 9;
        constant int HALF = SIZE / 2;
        constant int REM = -SIZE % 4;
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color * float(HALF + REM); }
        """)
        #expect(g.contains("const int HALF = SIZE / 2;"))
        #expect(g.contains("const int REM = -1;"))
    }

    @Test func nonConstantGlobalIsAnError() {
        expectError("float g = 1;\n", "must be declared 'constant'", line: 1, column: 7)
        // A constant made by calling a function is legal Metal: LongTailTests.programScopeConstantsMadeByFunctions.
    }

    @Test func constantAsStructArraySize() {
        let g = glsl("""
        constant int N = 4;
        struct Samples { float w[N]; };
        [[ stitchable ]] half4 f(float2 position, half4 color) { Samples s = {{1, 2}}; return color * s.w[N - 1]; }
        """)
        #expect(g.contains("struct Samples {\n    float w[4];\n};"))
        #expect(body("f", in: g).first == "Samples s = Samples(float[4](1.0, 2.0, 0.0, 0.0));")
    }

    @Test func autoLocals() {
        let b = stmts("auto a = 1; auto x = position * 2; const auto c = color.rgb; auto u = 3u; return half4(c, x.x + float(a + int(u)));")
        #expect(b.prefix(4) == ["int a = 1;", "vec2 x = position * 2.0;", "vec3 c = color.rgb;", "uint u = 3u;"])
    }

    @Test func unsignedIntSpelling() {
        let b = stmts("unsigned int a = 1; unsigned b = 2; signed char c = 3; return half4(float(a + b) + float(c));")
        #expect(b.prefix(3) == ["uint a = 1u;", "uint b = 2u;", "int c = 3;"])
    }

    @Test func arraysOfArraysAreFlattened() {
        let b = stmts("""
        float m[2][3] = {{1, 2, 3}, {4, 5, 6}};
        int i = 1;
        m[i][2] = 7;
        return half4(m[1][0] + m[i][i]);
        """)
        #expect(b.prefix(4) == ["float m[6] = float[6](1.0, 2.0, 3.0, 4.0, 5.0, 6.0);", "int i = 1;", "m[i * 3 + 2] = 7.0;",
                                "return vec4(m[3 + 0] + m[i * 3 + i]);"])
    }

    /// BUGS.md #1: a row of a 2-D array passed to an array parameter.
    @Test func rowOfTwoDimensionalArrayAsArgument() {
        let g = glsl("""
        float rowSum(float row[3]) { return row[0] + row[1] + row[2]; }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float grid[3][3] = { {1, 2, 3}, {4, 5, 6}, {7, 8, 9} };
            float total = 0.0;
            for (int r = 0; r < 3; r++) total += rowSum(grid[r]);
            float last[3] = grid[2];
            return half4(total / 64.0 + last[0], 0, 0, 1);
        }
        """)
        #expect(body("f", in: g)[3] == "total += rowSum(float[3](grid[r * 3], grid[r * 3 + 1], grid[r * 3 + 2]));")
        #expect(body("f", in: g)[5] == "float last[3] = float[3](grid[6], grid[7], grid[8]);")
        expectError("""
        void bump(thread float (&row)[3]) {}
        """, "references and pointers to arrays are not supported", line: 1, column: 24)
    }

    /// BUGS.md #2: C++ passes arrays by address; a callee that writes its array parameter gets `inout`.
    @Test func writtenArrayParametersAreInout() {
        let g = glsl("""
        void fill(float values[4], float v) { for (int i = 0; i < 4; i++) values[i] = v; }
        void fillTwice(float values[4]) { fill(values, 1); }
        float sum(const float values[4]) { return values[0] + values[3]; }
        float peek(float values[4]) { return values[1]; }
        constant float K[4] = {1, 2, 3, 4};
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float a[4] = {0, 0, 0, 0};
            fill(a, 0.5);
            fillTwice(a);
            return half4(a[0], a[3], sum(K) + peek(K), 1);
        }
        """)
        #expect(g.contains("void fill(inout float values[4], float v) {"))
        #expect(g.contains("void fillTwice(inout float values[4]) {"))
        #expect(g.contains("float sum(float values[4]) {"))
        #expect(g.contains("float peek(float values[4]) {"))
        #expect(body("f", in: g).prefix(3) == ["float a[4] = float[4](0.0, 0.0, 0.0, 0.0);", "fill(a, 0.5);", "fillTwice(a);"])
        expectError("""
        void fill(float values[3]) { values[0] = 1; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { float g[2][3]; fill(g[1]); return color; }
        """, "a row of a multidimensional array cannot be passed", line: 2, column: 78)
    }

    @Test func arrayParameters() {
        let g = glsl("""
        float sum(float a[4]) { float s = 0; for (int i = 0; i < 4; i++) s += a[i]; return s; }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float v[4] = {1, 2, 3, 4};
            return half4(sum(v));
        }
        """)
        #expect(g.contains("float sum(float a[4]) {"))
        #expect(body("f", in: g).last == "return vec4(sum(v));")
    }

    @Test func structs() {
        let g = glsl("""
        struct Inner { float2 offset; };
        struct Ripple { Inner inner; float amplitude; float phases[2]; };
        Ripple make(float a) { Ripple r; r.inner.offset = float2(a); r.amplitude = a; r.phases[0] = 0; r.phases[1] = 1; return r; }
        [[ stitchable ]] float2 f(float2 position, float t) {
            Ripple r = make(t);
            return position + r.inner.offset * r.amplitude * r.phases[1];
        }
        """)
        #expect(g.contains("struct Inner {\n    vec2 offset;\n};"))
        #expect(g.contains("struct Ripple {\n    Inner inner;\n    float amplitude;\n    float phases[2];\n};"))
        #expect(body("f", in: g) == ["Ripple r = make(t);", "return position + r.inner.offset * r.amplitude * r.phases[1];"])
    }

    @Test func localStructsAreHoisted() {
        let g = glsl("""
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            struct Sample { float2 p; float w; };
            Sample s = {position, 0.5};
            return color * s.w;
        }
        """)
        #expect(g.contains("struct Sample {\n    vec2 p;\n    float w;\n};"))
        #expect(body("f", in: g) == ["Sample s = Sample(position, 0.5);", "return color * s.w;"])
    }

    @Test func memberFunctions() {
        let g = glsl("""
        struct Circle {
            float2 center;
            float radius;
            float sdf(float2 p) const { return length(p - center) - radius; }
            bool contains(float2 p) const { return sdf(p) < 0; }
            void grow(float k) { radius *= k; this->center += k; }
            Circle scaled(float k) const { Circle c = *this; c.grow(k); return c; }
        };
        [[ stitchable ]] half4 f(float2 position, half4 color, float r) {
            Circle c = {float2(50), r};
            c.grow(2);
            return c.contains(position) && !c.scaled(0.5).contains(position) ? color : half4(0);
        }
        """)
        #expect(body("Circle_sdf", in: g) == ["return length(p - m_this.center) - m_this.radius;"])
        #expect(g.contains("bool Circle_contains(Circle m_this, vec2 p) {"))
        #expect(body("Circle_contains", in: g) == ["return Circle_sdf(m_this, p) < 0.0;"])
        #expect(g.contains("void Circle_grow(inout Circle m_this, float k) {"))
        #expect(body("Circle_grow", in: g) == ["m_this.radius *= k;", "m_this.center += k;"])
        #expect(body("Circle_scaled", in: g) == ["Circle c = m_this;", "Circle_grow(c, k);", "return c;"])
        #expect(body("f", in: g) == ["Circle c = Circle(vec2(50.0), r);", "Circle_grow(c, 2.0);",
                                     "return Circle_contains(c, position) && !Circle_contains(Circle_scaled(c, 0.5), position) ? color : vec4(0.0);"])
    }

    @Test func whatClassesCannotHaveIsAnError() {
        // Constructors, prototypes and out-of-line members translate (MetalClassTests renders them).
        expectError("struct S { float a; ~S() {} };\n", "destructors are not supported", line: 1, column: 21)
        expectError("class S { float a; public: float get() const; };\n[[ stitchable ]] half4 f(float2 p, half4 c) { S s = {1.0}; return half4(s.get()); }\n",
                    "is declared but never defined")
        expectError("struct S { float a; S(float x) : a(x, x) {} };\n", "needs exactly one value", line: 1, column: 34)
        expectError("float T::f() { return 1.0; }\n", "'T' is not a class or struct defined before this member function 'T::f'", line: 1, column: 7)
        expectError("typedef struct { float a; static constant float k = 1; } S;\n", "static members are not supported in an unnamed or typedef struct", line: 1, column: 27)
        expectError("struct S { float a = 1; };\n", "default member initializers", line: 1, column: 18)
    }

    @Test func reservedIdentifiersAreRenamed() {
        let g = glsl("""
        struct input { float sample; float filter; };
        float mix(float a, float b) { return a + b; }
        float smooth(float output) { return output; }
        [[ stitchable ]] half4 f(float2 position, half4 color, float texture) {
            input common = {1, 2};
            float active = mix(common.sample, common.filter);
            float half_ = smooth(active) + texture;
            float sfx_x = 1; float a__b = 2;
            return half4(half_ + sfx_x + a__b);
        }
        """)
        #expect(g.contains("struct m_input {\n    float m_sample;\n    float m_filter;\n};"))
        #expect(g.contains("float m_mix(float a, float b) {"))
        #expect(g.contains("float m_smooth(float m_output) {"))
        #expect(g.contains("vec4 f(vec2 position, vec4 color, float m_texture) {"))
        #expect(body("f", in: g).prefix(5) == ["m_input m_common = m_input(1.0, 2.0);",
                                                "float m_active = m_mix(m_common.m_sample, m_common.m_filter);",
                                                "float half_ = m_smooth(m_active) + m_texture;",
                                                "float m_sfx_x = 1.0;", "float m_a_ub = 2.0;"])
        #expect(translate("").functions.isEmpty)
        let r = translate("[[ stitchable ]] half4 g(float2 position, half4 color, float input, texture2d<half> texture) { return color * input; }")
        #expect(r.functions[0].parameters.map(\.name) == ["input", "texture"])
        #expect(r.functions[0].glslParameterNames == ["m_input", "m_texture"])
        #expect(r.glsl.contains("#pragma shaderfx sampler(m_texture, address: clamp, filter: nearest)"))
    }

    @Test func doubleUnderscoresAndUnnamedParameters() {
        let g = glsl("""
        float helper(float, float __b) { return __b; }
        [[ stitchable ]] half4 f(float2 position, half4 color, float) { float __x = helper(1, 2); float _y__ = __x; return color * _y__; }
        """)
        #expect(g.contains("float helper(float m_uunnamed0, float m_ub) {"))
        #expect(body("f", in: g).prefix(2) == ["float m_ux = helper(1.0, 2.0);", "float m_y_u = m_ux;"])
    }

    @Test func stitchableWithReservedNameIsAnError() {
        expectError("[[ stitchable ]] half4 sample(float2 position, half4 color) { return color; }", "reserved in GLSL", line: 1, column: 24)
    }

    @Test func enums() {
        let g = glsl("""
        enum Channel { Red, Green = 4, Blue };
        enum class Blend : uint { Normal, Multiply, Screen = 7 };
        float apply(Blend mode, float a, float b) {
            switch (mode) {
                case Blend::Multiply: return a * b;
                case Blend::Screen: return 1 - (1 - a) * (1 - b);
                default: return b;
            }
        }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            Channel c = Blue;
            Blend m = Blend::Screen;
            return half4(apply(m, color.r, 0.5), float(c == Green), float(Red), 1);
        }
        """)
        #expect(g.contains("const int Red = 0;\nconst int Green = 4;\nconst int Blue = Green + 1;"))
        #expect(g.contains("const uint Blend_Normal = 0u;\nconst uint Blend_Multiply = Blend_Normal + 1u;\nconst uint Blend_Screen = 7u;"))
        #expect(body("apply", in: g).prefix(3) == ["switch (mode) {", "case 1u:", "return a * b;"])
        #expect(body("f", in: g).prefix(2) == ["int c = Blue;", "uint m = Blend_Screen;"])
    }

    @Test func namespacesOfTheApp() {
        let g = glsl("""
        namespace {
            float helper(float x) { return x * 2; }
        }
        namespace shapes {
            struct Disc { float r; };
            float area(Disc d) { return M_PI_F * d.r * d.r; }
        }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            shapes::Disc d = {2};
            return color * helper(shapes::area(d));
        }
        """)
        #expect(body("f", in: g) == ["Disc d = Disc(2.0);", "return color * helper(area(d));"])
    }

    @Test func typedefAndUsingAlias() {
        let b = stmts("""
        return color;
        """)
        #expect(b == ["return color;"])
        let g = glsl("""
        typedef float2 vec2_t;
        using real = float;
        typedef struct { real x; } Box;
        [[ stitchable ]] float2 f(float2 position) { vec2_t p = position; Box b = {2}; return p * (real)b.x; }
        """)
        #expect(body("f", in: g) == ["vec2 p = position;", "Box b = Box(2.0);", "return p * b.x;"])
    }
}
