import Testing
@testable import ShaderFXMetal

/// Stitchable signatures, SwiftUI argument types, layers, textures and samplers.
@Suite struct SwiftUITests {
    @Test func effectKindsAndParameters() {
        let r = translate("""
        [[ stitchable ]] half4 tint(float2 position, half4 color, half4 tint, float amount) { return mix(color, tint, amount); }
        [[ stitchable ]] float2 wave(float2 position, float time, float2 size, float4 bounds) { return position + sin(time) * size / bounds.zw; }
        [[ stitchable ]] half4 blur(float2 position, SwiftUI::Layer layer, float radius) { return layer.sample(position + radius); }
        [[ stitchable ]] half4 stripes(float2 position, float width, half4 a, half4 b) { return fmod(position.x, width * 2) < width ? a : b; }
        [[ stitchable ]] half4 grad(float2 position, float3 c) { return half4(half3(c), 1); }
        """)
        let kinds = r.functions.map { "\($0.name):\($0.kind.rawValue)" }
        #expect(kinds == ["tint:color", "wave:distortion", "blur:layer", "stripes:fill", "grad:fill"])
        #expect(r.function(named: "tint")!.parameters.map { "\($0.glslType) \($0.name)" } == ["vec4 tint", "float amount"])
        #expect(r.function(named: "tint")!.glslParameterNames == ["tint_1", "amount"])   // may not shadow the function
        #expect(r.function(named: "wave")!.parameters.map { "\($0.glslType) \($0.name)" } == ["float time", "vec2 size", "vec4 bounds"])
        #expect(r.function(named: "blur")!.parameters.map { "\($0.glslType) \($0.name)" } == ["float radius"])
        #expect(r.function(named: "stripes")!.parameters.map { "\($0.glslType) \($0.name)" } == ["float width", "vec4 a", "vec4 b"])
        #expect(r.function(named: "grad")!.location.line == 8)
        #expect(r.glsl.contains("vec4 blur(vec2 position, Layer layer, float radius) {"))
        #expect(body("blur", in: r.glsl) == ["return sampleLayer(layer, position + radius);"])
    }

    @Test func layerAfterUsingNamespaceSwiftUI() {
        let r = translate("""
        using namespace SwiftUI;
        [[ stitchable ]] half4 f(float2 position, Layer layer) { return layer.sample(position); }
        """)
        #expect(r.functions.first?.kind == .layer)
    }

    @Test func arrayArguments() {
        let r = translate("""
        [[ stitchable ]] half4 f(float2 position, half4 color, device const float *weights, int count, constant half4 *palette, uint n) {
            float s = 0;
            for (int i = 0; i < count; i++) s += weights[i];
            half4 c = color;
            for (uint k = 0; k < n; k++) c += palette[k] * s;
            return c;
        }
        """)
        let f = r.functions[0]
        #expect(f.parameters.map { "\($0.glslType) \($0.name)" } == ["FloatArray weights", "ColorArray palette"])
        #expect(r.glsl.contains("vec4 f(vec2 position, vec4 color, FloatArray weights, ColorArray palette) {"))
        #expect(body("f", in: r.glsl) == ["float s = 0.0;", "for (int i = 0; i < weights.count; i++) {", "s += at(weights, i);", "}",
                                          "vec4 c = color;", "for (uint k = 0u; k < uint(palette.count); k++) {", "c += at(palette, int(k)) * s;", "}",
                                          "return c;"])
    }

    @Test func arrayArgumentsPassedToHelpers() {
        let g = glsl("""
        float total(device const float *w, int n) { float s = 0; for (int i = 0; i < n; i++) s += w[i]; return s; }
        half4 pick(constant half4 *c, int n, float t) { return c[int(t * n) % n]; }
        [[ stitchable ]] half4 f(float2 position, half4 color, device const float *weights, int count, device const half4 *colors, int ncolors) {
            return pick(colors, ncolors, fract(position.x / 10)) * total(weights, count);
        }
        """)
        #expect(g.contains("float total(FloatArray w, int n) {"))
        #expect(body("pick", in: g) == ["return at(c, mtl_imod(int(t * float(n)), n));"])
        #expect(body("f", in: g) == ["return pick(colors, colors.count, fract(position.x / 10.0)) * total(weights, weights.count);"])
    }

    @Test func arrayWithoutCountIsAnError() {
        expectError("[[ stitchable ]] half4 f(float2 position, device const float *w) { return half4(w[0]); }",
                    "must be followed by its 'int' element count", line: 1, column: 63)
    }

    @Test func textureSampling() {
        let r = translate("""
        constexpr sampler smp(address::repeat, filter::linear);
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> tex, texture2d<float> pix, texture2d<half> raw) {
            constexpr sampler ps(coord::pixel, filter::nearest);
            half4 a = tex.sample(smp, position / 100);
            float4 b = pix.sample(ps, position);
            float w = raw.get_width(); float h = raw.get_height();
            half4 c = raw.read(uint2(position));
            return a + half4(b) + c * w / h;
        }
        """)
        #expect(r.glsl.contains("#pragma shaderfx sampler(tex, address: repeat, filter: linear)"))
        #expect(r.glsl.contains("#pragma shaderfx sampler(pix, address: clamp, filter: nearest)"))
        #expect(r.glsl.contains("#pragma shaderfx sampler(raw, address: clamp, filter: nearest)"))
        #expect(r.functions[0].parameters.map { "\($0.glslType) \($0.name)" } == ["sampler2D tex", "sampler2D pix", "sampler2D raw"])
        #expect(body("f", in: r.glsl) == ["vec4 a = texture(tex, position / 100.0);", "vec4 b = texture(pix, position / vec2(textureSize(pix, 0)));",
                                          "float w = float(uint(textureSize(raw, 0).x));", "float h = float(uint(textureSize(raw, 0).y));",
                                          "vec4 c = texelFetch(raw, ivec2(uvec2(position)), 0);", "return a + b + c * w / h;"])
    }

    @Test func samplerSpellings() {
        let r = translate("""
        constexpr sampler a = sampler(filter::linear);
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> t, texture2d<half> u, texture2d<half> v) {
            return t.sample(a, position) + u.sample(sampler(address::repeat), position) + v.sample(sampler(), position);
        }
        """)
        #expect(r.glsl.contains("#pragma shaderfx sampler(t, address: clamp, filter: linear)"))
        #expect(r.glsl.contains("#pragma shaderfx sampler(u, address: repeat, filter: nearest)"))
        #expect(r.glsl.contains("#pragma shaderfx sampler(v, address: clamp, filter: nearest)"))
    }

    /// BUGS.md #5 (Inferno's VariableGaussianBlur): `metal::`-qualified sampler spellings.
    @Test func metalQualifiedSamplerArguments() {
        let r = translate("""
        constexpr sampler s(metal::address::repeat, metal::filter::linear);
        [[ stitchable ]] half4 f(float2 position, SwiftUI::Layer layer, texture2d<half> mask, texture2d<half> tile) {
            const half a = mask.sample(metal::sampler(metal::filter::linear), position / 100.0).a;
            return layer.sample(position) * a + tile.sample(s, position);
        }
        """)
        #expect(r.glsl.contains("#pragma shaderfx sampler(mask, address: clamp, filter: linear)"))
        #expect(r.glsl.contains("#pragma shaderfx sampler(tile, address: repeat, filter: linear)"))
    }

    @Test func textureSampleWithLevelOrBias() {
        let r = translate("""
        constexpr sampler s(filter::linear);
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> t) {
            return t.sample(s, position, level(0)) + t.sample(s, position, bias(1));
        }
        """)
        #expect(body("f", in: r.glsl) == ["return textureLod(t, position, 0.0) + texture(t, position, 1.0);"])
    }

    @Test func textureWithTwoSamplerStatesIsAnError() {
        expectError("""
        constexpr sampler a(filter::linear);
        constexpr sampler b(filter::nearest);
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> t) {
            return t.sample(a, position) + t.sample(b, position);
        }
        """, "two different sampler states", line: 4, column: 38)
    }

    @Test func wrongSignatures() {
        expectError("[[ stitchable ]] half4 f(float3 position, half4 color) { return color; }", "must take 'float2 position'", line: 1, column: 24)
        expectError("[[ stitchable ]] float f(float2 position) { return 1; }", "returns 'float'", line: 1, column: 18)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color, int n) { return color; }", "not a SwiftUI shader argument type", line: 1, column: 60)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color, SwiftUI::Layer l) { return color; }", "must be the second parameter", line: 1)
        expectError("[[ stitchable ]] half4 f(float2 position, half4 color, thread float &x) { return color; }", "references", line: 1)
    }

    @Test func samplerStatesGLHasArePragmas() {
        // mirrored_repeat and different modes per axis are GL's own wrap modes.
        let r = translate("""
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> a, texture2d<half> b) {
            constexpr sampler m(address::mirrored_repeat, filter::linear);
            constexpr sampler axes(s_address::repeat, t_address::mirrored_repeat);
            return a.sample(m, position) + b.sample(axes, position);
        }
        """)
        #expect(r.glsl.contains("#pragma shaderfx sampler(a, address: mirrored, filter: linear)"))
        #expect(r.glsl.contains("#pragma shaderfx sampler(b, address: repeat, t_address: mirrored, filter: nearest)"))
        #expect(!r.glsl.contains("mtl_sample"))
    }

    @Test func bordersAndBicubicReadTexels() {
        // clamp_to_zero, clamp_to_border and bicubic have no GL sampler state: the texture is read
        // by mtl_sample (address codes 0 edge, 1 repeat, 2 mirrored, 3 border; filters 0, 1, 2).
        let r = translate("""
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> a, texture2d<half> b, texture2d<half> c) {
            constexpr sampler zero(address::clamp_to_zero, filter::linear);
            constexpr sampler white(s_address::clamp_to_border, t_address::repeat, border_color::opaque_white);
            constexpr sampler cubic(filter::bicubic, address::mirrored_repeat);
            return a.sample(zero, position) + b.sample(white, position) + c.sample(cubic, position, level(0));
        }
        """)
        #expect(body("f", in: r.glsl) == [
            "return mtl_sample(a, position, ivec2(3, 3), 1, vec4(0.0)) + mtl_sample(b, position, ivec2(3, 1), 0, vec4(1.0)) + mtl_sample(c, position, ivec2(2, 2), 2, vec4(0.0));",
        ])
        for name in ["a", "b", "c"] { #expect(r.glsl.contains("#pragma shaderfx sampler(\(name), address: clamp, filter: nearest)")) }
        #expect(r.glsl.components(separatedBy: "vec4 mtl_sample(").count == 2)
    }

    @Test func unknownSamplerSettings() {
        expectError("constexpr sampler s(address::wrap);\n", "unknown sampler address mode 'wrap'", line: 1, column: 21)
        expectError("constexpr sampler s(filter::trilinear);\n", "unknown sampler filter 'trilinear'", line: 1, column: 21)
        expectError("constexpr sampler s(border_color::red);\n", "unknown sampler border_color 'red'", line: 1, column: 21)
    }

    @Test func samplingInHelperGivesTheStitchableArgumentItsState() {
        let r = translate("""
        constexpr sampler rep(address::repeat, filter::linear);
        half4 look(texture2d<half> t, float2 p) { return t.sample(rep, p); }
        half4 twice(texture2d<half> u, float2 p) { return look(u, p) * 2; }
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> img) { return twice(img, position / 64); }
        """)
        #expect(r.glsl.contains("#pragma shaderfx sampler(img, address: repeat, filter: linear)\nvec4 f("))
        #expect(r.glsl.contains("vec4 look(sampler2D t, vec2 p) {"))
        expectError("""
        constexpr sampler rep(address::repeat);
        half4 look(texture2d<half> t, float2 p) { return t.sample(rep, p); }
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> img) {
            constexpr sampler near;
            return img.sample(near, position) + look(img, position);
        }
        """, "two different sampler states", line: 5, column: 46)
    }
}
