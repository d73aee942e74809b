import Testing
@testable import ShaderFXMetal

/// Constructs public SwiftUI shaders use that Metal accepts and the translator once refused
/// (issue 20's long tail): each with the GLSL expected beside the input, every output compiled by
/// glslangValidator.
@Suite struct LongTailTests {
    @Test func simdHeaderSpellings() {
        // <simd/simd.h> defines vector_T, simd_T and matrix_T as Metal's own T.
        let b = stmts("""
        vector_float2 a = position; simd_float4 b = float4(1); simd_half3 h = half3(0.5);
        matrix_float2x2 m = matrix_float2x2(1); simd_float3x3 n = simd_float3x3(1); vector_int2 i = int2(1);
        return half4(h, 1) * half(b.x + a.x + m[0][0] + n[1][1] + float(i.y));
        """)
        #expect(b.prefix(6) == ["vec2 a = position;", "vec4 b = vec4(1.0);", "vec3 h = vec3(0.5);",
                                "mat2 m = mat2(1.0);", "mat3 n = mat3(1.0);", "ivec2 i = ivec2(1);"])
        expectError("[[ stitchable ]] half4 f(float2 p, half4 c) { vector_float3x3 m; return c; }", "unknown type name 'vector_float3x3'")
    }

    @Test func programScopeConstantsMadeByFunctions() {
        // `constant half4 orange = makeRGB(...)` is legal Metal; GLSL ES wants a constant expression
        // in a global's initializer, so the value comes from a function of its own, and a constant
        // made from it follows.
        let g = glsl("""
        half4 makeRGB(float r, float g, float b) { return half4(r / 255.0, g / 255.0, b / 255.0, 1.0); }
        constant half4 orange = makeRGB(237, 172, 76);
        constant half4 dim = orange * 0.5;
        constant float plain = 2.0;
        [[ stitchable ]] half4 f(float2 p, half4 c) { return mix(c, dim, plain * 0.25); }
        """)
        #expect(body("m_sfx_const_orange", in: g) == ["return makeRGB(237.0, 172.0, 76.0);"])
        #expect(body("m_sfx_const_dim", in: g) == ["return m_sfx_const_orange() * 0.5;"])
        #expect(body("f", in: g) == ["return mix(c, m_sfx_const_dim(), plain * 0.25);"])
        #expect(g.contains("const float plain = 2.0;"))
        expectError("""
        float one() { return 1.0; }
        constant float k[2] = {one(), 2.0};
        [[ stitchable ]] half4 f(float2 p, half4 c) { return c * k[0]; }
        """, "the initializer of program-scope array 'k' calls a function")
    }

    @Test func nestedBraceInitialisersOfMatrices() {
        // Each inner list is a column; columns left out are zero, as C++ fills an aggregate.
        let b = stmts("""
        float3x3 m = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        float2x2 z = {{1, 2}};
        float3x3 t = float3x3{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
        return half4(half3(m * t * float3(color.rgb)), color.a + z[1][1]);
        """)
        #expect(b.prefix(3) == ["mat3 m = mat3(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0));",
                                "mat2 z = mat2(vec2(1.0, 2.0), vec2(0.0));",
                                "mat3 t = mat3(vec3(1.0, 2.0, 3.0), vec3(4.0, 5.0, 6.0), vec3(7.0, 8.0, 9.0));"])
    }

    @Test func designatedInitialisers() {
        // `.member = value` names the member; positional items go on from the one after it; members
        // left out are zero; T{...} and = {...} alike.
        let g = glsl("""
        struct Quad { float2 a; float2 b; float2 c; float w; };
        [[ stitchable ]] half4 f(float2 p, half4 c) {
            Quad q = Quad { .a = float2(1, 0), .c = float2(0, 1) };
            Quad r = { .b = p, float2(2), 3 };
            return half4(q.a.x, q.c.y, r.c.x, r.w);
        }
        """)
        #expect(body("f", in: g).prefix(2) == ["Quad q = Quad(vec2(1.0, 0.0), vec2(0.0), vec2(0.0, 1.0), 0.0);",
                                               "Quad r = Quad(vec2(0.0), p, vec2(2.0), 3.0);"])
        expectError("struct Q { float a; };\n[[ stitchable ]] half4 f(float2 p, half4 c) { Q q = { .b = 1 }; return c; }",
                    "struct 'Q' has no member 'b'", line: 2)
        expectError("struct Q { float a; float b; };\n[[ stitchable ]] half4 f(float2 p, half4 c) { Q q = { .b = 1, .b = 2 }; return c; }",
                    "member 'b' of 'Q' is initialized twice", line: 2)
    }

    @Test func reinterpretAndConstCasts() {
        // reinterpret_cast of a 32-bit value (or a reference to it) reads its bits, as as_type does.
        let b = stmts("""
        uint u = reinterpret_cast<uint &>(position.x);
        float back = reinterpret_cast<float>(u);
        float same = const_cast<float &>(back);
        return half4(float(u & 1u) + same);
        """)
        #expect(b.prefix(3) == ["uint u = floatBitsToUint(position.x);", "float back = uintBitsToFloat(u);", "float same = back;"])
    }

    @Test func externDeclarations() {
        // A helper or constant declared `extern` is defined elsewhere in the library (another file
        // of the target): only the definitions are kept.
        let r = try? MetalTranslator().translate([
            MetalSourceFile(path: "a.metal", text: header + """
            extern float helper(float x);
            extern constant float gain;
            [[ stitchable ]] half4 f(float2 p, half4 c) { return half4(helper(p.x) * gain); }
            """),
            MetalSourceFile(path: "b.metal", text: header + """
            constant float gain = 2.0;
            float helper(float x) { return x * 0.5; }
            """),
        ])
        #expect(r.map { glslangErrors($0.glsl) } == .some(nil))
        #expect(r.map { body("f", in: $0.glsl) } == ["return vec4(helper(p.x) * gain);"])
    }

    @Test func aHelperMayShareAStitchableFunctionsName() {
        // SwiftUI finds shaders among the stitchable functions only, so `float noise(float2)` beside
        // `[[ stitchable ]] half4 noise(...)` is fine: the helper is renamed; two stitchable ones are not.
        let r = translate("""
        float noise(float2 p) { return fract(sin(dot(p, float2(12.9898, 78.233))) * 43758.5453); }
        [[ stitchable ]] half4 noise(float2 p, half4 c, float s) { return half4(noise(p * s)); }
        """)
        #expect(r.functions.map(\.name) == ["noise"])
        #expect(body("noise", in: r.glsl) == ["return vec4(noise_f2(p * s));"])
        expectError("""
        [[ stitchable ]] half4 g(float2 p, half4 c) { return c; }
        [[ stitchable ]] half4 g(float2 p, half4 c, float s) { return c * s; }
        """, "stitchable function 'g' is defined twice", line: 2)
    }

    @Test func theLayersTexture() {
        // `layer.tex` is SwiftUI's Layer's texture: its size, its texels, and sampling it with a
        // sampler of the shader's own (read texel by texel, whatever the renderer's state).
        let g = glsl("""
        [[ stitchable ]] half4 f(float2 position, SwiftUI::Layer layer) {
            float w = layer.tex.get_width(), h = layer.tex.get_height();
            half4 t = layer.tex.read(uint2(0, 0));
            constexpr sampler s(filter::nearest);
            return layer.tex.sample(s, position / float2(w, h)) + t;
        }
        """)
        #expect(body("f", in: g) == [
            "float w = float(uint(textureSize(sfx_layerTexture, 0).x));",
            "float h = float(uint(textureSize(sfx_layerTexture, 0).y));",
            "vec4 t = texelFetch(sfx_layerTexture, ivec2(uvec2(0u, 0u)), 0);",
            "return mtl_sample(sfx_layerTexture, position / vec2(w, h), ivec2(0, 0), 0, vec4(0.0)) + t;",
        ])
    }

    @Test func unsizedArrayParameters() {
        // `thread float weights[]` (C++ passes the array's address): GLSL wants a size, so the
        // function is made once per size it is called with; writing the array makes it inout.
        let g = glsl("""
        float total(thread const float weights[], int n) { float s = 0; for (int i = 0; i < n; i++) { s += weights[i]; } return s; }
        void scale(thread float values[], int n, float k) { for (int i = 0; i < n; i++) { values[i] *= k; } }
        [[ stitchable ]] half4 f(float2 p, half4 c) {
            float three[3] = {0.2, 0.3, 0.5};
            float five[5] = {1, 1, 1, 1, 1};
            scale(three, 3, 2.0);
            return half4(total(three, 3), total(five, 5) / 5, 0, 1);
        }
        """)
        #expect(g.contains("float total_n3(float weights[3], int n) {"))
        #expect(g.contains("float total_n5(float weights[5], int n) {"))
        #expect(g.contains("void scale_n3(inout float values[3], int n, float k) {"))
        #expect(body("f", in: g).suffix(2) == ["scale_n3(three, 3, 2.0);", "return vec4(total_n3(three, 3), total_n5(five, 5) / 5.0, 0.0, 1.0);"])
        expectError("""
        float first(thread float w[]) { return w[0]; }
        [[ stitchable ]] half4 f(float2 p, half4 c) { return half4(first(p.x)); }
        """, "an unsized array parameter ('thread T name[]') takes an array")
    }

    @Test func vectorAndMatrixTemplates() {
        // metal_stdlib's vec<T, N> and matrix<T, C, R> (R defaults to C) are the named types.
        let b = stmts("""
        vec<float, 3> v = vec<float, 3>(1, 2, 3);
        matrix<float, 2> m = matrix<float, 2>(1, 0, 0, 1);
        matrix<half, 3, 2> n = matrix<half, 3, 2>(1);
        return half4(half(v.x + m[1][1]) + n[0][0]);
        """)
        #expect(b.prefix(3) == ["vec3 v = vec3(1.0, 2.0, 3.0);", "mat2 m = mat2(1.0, 0.0, 0.0, 1.0);", "mat3x2 n = mat3x2(1.0);"])
        expectError("[[ stitchable ]] half4 f(float2 p, half4 c) { vec<float, 5> v; return c; }", "expected a size from 2 to 4")
        expectError("[[ stitchable ]] half4 f(float2 p, half4 c) { matrix<int, 2> m; return c; }", "'matrix<int, ...>' is not a Metal matrix type")
    }

    @Test func aVectorMadeFromALongerOneKeepsItsFirstComponents() {
        // `half3(half4)`, as a published SwiftUI package's target compiles it; GLSL's vec3(vec4)
        // drops the last component the same way.
        let b = stmts("""
        half3 rgb = half3(color);
        float2 xy = float2(float4(position, 0, 1));
        int2 i = int2(float3(position, 1));
        return half4(rgb * half(xy.x + float(i.y)), 1);
        """)
        #expect(b.prefix(3) == ["vec3 rgb = vec3(color);", "vec2 xy = vec2(vec4(position, 0.0, 1.0));", "ivec2 i = ivec2(ivec3(vec3(position, 1.0)));"])
        expectError("[[ stitchable ]] half4 f(float2 p, half4 c) { half3 v = half3(c, 1); return c; }", "5 components given to construct 'half3'")
    }

    @Test func staticMembersOfStructs() {
        // `static` members are program-scope names `S::m`: constants declared in the class and
        // defined outside it (or given their value inside), and functions without `this`; inside
        // the struct's own functions they are named unqualified. A struct of static members only
        // is a scope, not a value GLSL could hold.
        let g = glsl("""
        struct Colors {
            static constant half4 red;
            static constexpr constant float gain = 0.5;
            static half4 tint(half4 c) { return c * gain + red * (1 - gain); }
        };
        constant half4 Colors::red = half4(1, 0, 0, 1);
        struct Wave {
            float phase;
            static float shape(float x);
            float at(float x) const { return shape(x + phase); }
        };
        float Wave::shape(float x) { return sin(x) * Colors::gain; }
        [[ stitchable ]] half4 f(float2 p, half4 c) {
            Wave w = Wave{0.25};
            return Colors::tint(c) * half(Wave::shape(p.x) + w.at(p.y));
        }
        """)
        #expect(g.contains("const vec4 Colors_red = vec4(1.0, 0.0, 0.0, 1.0);"))
        #expect(g.contains("const float Colors_gain = 0.5;"))
        #expect(body("Colors_tint", in: g) == ["return c * Colors_gain + Colors_red * (1.0 - Colors_gain);"])
        #expect(body("Wave_shape", in: g) == ["return sin(x) * Colors_gain;"])
        #expect(body("Wave_at", in: g) == ["return Wave_shape(x + m_this.phase);"])
        #expect(body("f", in: g).last == "return Colors_tint(c) * (Wave_shape(p.x) + Wave_at(w, p.y));")
        expectError("""
        struct Scope { static constant float k = 1; };
        [[ stitchable ]] half4 f(float2 p, half4 c) { Scope s; return c; }
        """, "struct 'Scope' has only static members", line: 2)
        expectError("""
        [[ stitchable ]] half4 f(float2 p, half4 c) { struct L { static constant float k = 1; }; return c; }
        """, "a struct defined in a function cannot have static members")
    }

    @Test func defaultArgumentsAreEachFilesOwn() {
        // C++ takes a call's default arguments from the declarations its own file sees: the
        // header's prototype gives `= 1` to the files that include it, while the file defining the
        // function gives its own `= 0.5`.
        let r = try? MetalTranslator().translate([
            MetalSourceFile(path: "Helpers.h", text: "half4 gray(half, half = 1);\n"),
            MetalSourceFile(path: "Helpers.metal", text: header + """
            half4 gray(half n, half alpha = 0.5) { return half4(n, n, n, alpha); }
            [[ stitchable ]] half4 inside(float2 p, half4 c) { return gray(c.r); }
            """),
            MetalSourceFile(path: "Shaders.metal", text: header + """
            #include "Helpers.h"
            [[ stitchable ]] half4 outside(float2 p, half4 c) { return gray(c.g); }
            """),
        ])
        #expect(r.map { glslangErrors($0.glsl) } == .some(nil))
        #expect(r.map { body("inside", in: $0.glsl) } == ["return gray(c.r, 0.5);"])
        #expect(r.map { body("outside", in: $0.glsl) } == ["return gray(c.g, 1.0);"])
    }

    @Test func sizeofOfValues() {
        // `sizeof(x)` and `sizeof x` give the size of the value's type as Metal lays it out,
        // without evaluating it: an array's count is `sizeof(a) / sizeof(a[0])`.
        let b = stmts("""
        float3 centres[6];
        short counts[5];
        struct P { float3 a; float b; half c; };
        P q;
        int n = sizeof(centres) / sizeof(centres[0]);
        int m = sizeof counts / sizeof(counts[0]);
        uint bytes = sizeof(counts) + sizeof(q) + sizeof(P) + sizeof(position.x++);
        return half4(half(n), half(m), half(bytes), position.x);
        """)
        #expect(b.contains("int n = int(96u / 16u);"))
        #expect(b.contains("int m = int(10u / 2u);"))
        // P's float3 takes 16 bytes, its float and half end at 22, rounded to a multiple of 16: 32.
        #expect(b.contains("uint bytes = 10u + 32u + 32u + 4u;"))
        #expect(!b.joined().contains("++"))
        // Narrow integers are types of their own, so a struct of them has Metal's layout (MSL
        // §2.2-2.3: short 2 bytes, a short3 8, uchar2 2): R's short at 0, float at 4, short3 at 8,
        // uchar2 at 16, rounded to the float's and short3's alignment of 8: 24.
        let n = stmts("""
        struct R { short a; float b; short3 c; uchar2 d; };
        uint r = sizeof(R) + sizeof(ushort4) + sizeof(char);
        return half4(half(r));
        """)
        #expect(n.contains("uint r = 24u + 8u + 1u;"))
        // A bit function whose result depends on the width is refused for the narrow types (GLSL
        // counts 32 bits); one that does not is typed and wrapped.
        expectError("""
        [[ stitchable ]] half4 f(float2 p, half4 c) { ushort u = ushort(p.x); return c * half(clz(u)); }
        """, "'clz' of 'ushort' is not supported: its result depends on the 16-bit width")
        let h = stmts("short a = short(position.x); short b = hadd(a, short(7)); return half4(half(b));")
        #expect(h.contains { $0.hasPrefix("int b = mtl_hadd(a, 7)") })
        expectError("""
        struct Q { packed_float3 a; };
        [[ stitchable ]] half4 f(float2 p, half4 c) { Q q; return c * half(sizeof(q)); }
        """, "sizeof of a value of type 'Q' is not supported")
    }

    @Test func threadPointersIndexedAsArrays() {
        // `thread half *weights` indexed as `weights[i]` takes the array its caller passes (it decays
        // to the pointer in Metal): an unsized array parameter, inout where the function writes it.
        // A pointer dereferenced with `*` stays an inout value.
        let g = glsl("""
        void fill(float sigma, thread half *weights) { for (int i = 0; i < 4; i++) { weights[i] = half(i) * sigma; } }
        void bump(thread float *x) { *x += 1; }
        [[ stitchable ]] half4 f(float2 p, half4 c) {
            half w[4];
            fill(0.5, w);
            float y = p.y;
            bump(&y);
            return half4(w[0], w[1], w[3], half(y));
        }
        """)
        #expect(g.contains("void fill_n4(float sigma, inout float weights[4]) {"))
        #expect(g.contains("void bump(inout float x) {"))
        #expect(body("f", in: g).contains("fill_n4(0.5, w);"))
    }

    @Test func textureArgumentsSpelledThroughAliasesAndNamespaces() {
        // `metal::texture2d<f16, metal::access::sample>` with `using f16 = half;`, as a published
        // shader declares its image argument.
        let r = translate("""
        using f16 = half;
        [[ stitchable ]] half4 f(float2 p, half4 c, metal::texture2d<f16, metal::access::sample> image, float2 size) {
            constexpr sampler s(filter::linear);
            return image.sample(s, p / size);
        }
        """)
        #expect(r.functions.first?.parameters.map(\.name) == ["image", "size"])
        expectError("""
        [[ stitchable ]] half4 f(float2 p, half4 c, texture2d<int> image) { return c; }
        """, "texture2d<int> is not supported")
    }

    /// From the second held-out set: `#include "SwiftUI/SwiftUI.h"` (a quoted name not found beside
    /// the file is looked up as the system header, as C does), `layer.info[k]` (SwiftUI's
    /// transform from points to the layer texture's coordinates; corpus case `layerInfoShift`
    /// renders it), and `unsigned long` named as the 64-bit type it is rather than a syntax error.
    @Test func heldOutSecondSetConstructs() {
        let g = glsl("""
        #include "SwiftUI/SwiftUI.h"
        [[ stitchable ]] half4 f(float2 p, SwiftUI::Layer layer) {
            float2 uv = metal::fma(p.x, layer.info[0], metal::fma(p.y, layer.info[1], layer.info[2]));
            return layer.tex.sample(metal::sampler(metal::filter::nearest), clamp(uv, layer.info[3], layer.info[4]));
        }
        """)
        let b = body("f", in: g)
        #expect(b.first?.contains("vec2(1.0 / sfx_layerSize.x, 0.0)") == true && b.first?.contains("-sfx_layerOrigin / sfx_layerSize") == true,
                "\(b)")
        #expect(b.contains { $0.contains("clamp(uv, vec2(0.0), vec2(1.0))") }, "\(b)")
        expectError("""
        [[ stitchable ]] half4 f(float2 p, SwiftUI::Layer layer, float k) { return layer.sample(layer.info[int(k)]); }
        """, "'layer.info' is supported indexed with a constant from 0 to 4")
        expectError("""
        [[ stitchable ]] half4 f(float2 p, half4 c) { unsigned long int n = 3; return c * half(n); }
        """, "unsigned long (64-bit integers) is not supported")
        let s = stmts("unsigned short int a = 7; short int b = -2; return half4(half(a), half(b), 0, 1);")
        #expect(s.prefix(2) == ["uint a = 7u;", "int b = -2;"])
        // The bits of a 16-bit value are not a 32-bit int's: as_type between narrow types is refused.
        expectError("""
        [[ stitchable ]] half4 f(float2 p, half4 c) { short s = short(p.x) - 1; return c * half(as_type<ushort>(s)); }
        """, "as_type<ushort>(short) is not supported")
    }
}
