// The GLSL ES 3.00 programs of `BlendCompositor`: a copy of the backdrop, and the blend that
// reads it. Both run the full-screen triangle over a viewport; `gl_FragCoord` addresses device
// pixels with row 0 at the top, as the layers' textures are stored.

enum BlendShaders {
    /// Copies the target's pixels at `sfx_offset` + the fragment into the backdrop texture.
    static let copy = """
        #version 300 es
        precision highp float;
        precision highp int;
        precision highp sampler2D;
        uniform sampler2D sfx_target;
        uniform ivec2 sfx_offset;
        out vec4 sfx_fragColor;
        void main() {
            sfx_fragColor = texelFetch(sfx_target, ivec2(floor(gl_FragCoord.xy)) + sfx_offset, 0);
        }
        """

    /// The blend: W3C Compositing and Blending Level 1 on premultiplied colour. The separable
    /// and non-separable modes take B(Cb, Cs) on the straight colours and composite source-over:
    /// co = cs (1 − αb) + cb (1 − αs) + αs αb B, αo = αs + αb (1 − αs). The Porter-Duff
    /// operators and Apple's plus modes are their own formulas (see `BlendCompositor`).
    /// `sfx_mode` is the mode's index in `BlendMode.allCases`; 21 is destination-in.
    static let blend = """
        #version 300 es
        precision highp float;
        precision highp int;
        precision highp sampler2D;
        uniform sampler2D sfx_source;
        uniform sampler2D sfx_backdrop;
        uniform ivec2 sfx_sourceOrigin;
        uniform ivec2 sfx_backdropOrigin;
        uniform int sfx_mode;
        uniform float sfx_opacity;
        out vec4 sfx_fragColor;

        vec3 straight(vec4 c) { return c.a > 0.0 ? clamp(c.rgb / c.a, 0.0, 1.0) : vec3(0.0); }

        float screenC(float b, float s) { return b + s - b * s; }
        float hardLightC(float b, float s) { return s <= 0.5 ? b * 2.0 * s : screenC(b, 2.0 * s - 1.0); }
        float softLightC(float b, float s) {
            if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
            float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
            return b + (2.0 * s - 1.0) * (d - b);
        }
        float dodgeC(float b, float s) {
            if (b == 0.0) return 0.0;
            if (s >= 1.0) return 1.0;
            return min(1.0, b / (1.0 - s));
        }
        float burnC(float b, float s) {
            if (b >= 1.0) return 1.0;
            if (s <= 0.0) return 0.0;
            return 1.0 - min(1.0, (1.0 - b) / s);
        }
        float separable(int mode, float b, float s) {
            if (mode == 1) return b * s;
            if (mode == 2) return screenC(b, s);
            if (mode == 3) return hardLightC(s, b);
            if (mode == 4) return min(b, s);
            if (mode == 5) return max(b, s);
            if (mode == 6) return dodgeC(b, s);
            if (mode == 7) return burnC(b, s);
            if (mode == 8) return softLightC(b, s);
            if (mode == 9) return hardLightC(b, s);
            if (mode == 10) return abs(b - s);
            return b + s - 2.0 * b * s;
        }

        float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
        vec3 clipColor(vec3 c) {
            float l = lum(c);
            float n = min(c.r, min(c.g, c.b));
            float x = max(c.r, max(c.g, c.b));
            if (n < 0.0) c = l + (c - l) * l / (l - n);
            if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
            return c;
        }
        vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
        float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
        vec3 setSat(vec3 c, float s) {
            float high = max(c.r, max(c.g, c.b)), low = min(c.r, min(c.g, c.b));
            return high > low ? (c - low) * s / (high - low) : vec3(0.0);
        }
        vec3 nonSeparable(int mode, vec3 b, vec3 s) {
            if (mode == 12) return setLum(setSat(s, sat(b)), lum(b));
            if (mode == 13) return setLum(setSat(b, sat(s)), lum(b));
            if (mode == 14) return setLum(s, lum(b));
            return setLum(b, lum(s));
        }

        void main() {
            ivec2 p = ivec2(floor(gl_FragCoord.xy));
            vec4 s = texelFetch(sfx_source, p - sfx_sourceOrigin, 0) * sfx_opacity;
            vec4 b = texelFetch(sfx_backdrop, p - sfx_backdropOrigin, 0);
            vec4 o;
            if (sfx_mode == 0) {
                o = s + b * (1.0 - s.a);
            } else if (sfx_mode == 16) {
                o = vec4(s.rgb * b.a + b.rgb * (1.0 - s.a), b.a);
            } else if (sfx_mode == 17) {
                o = b + s * (1.0 - b.a);
            } else if (sfx_mode == 18) {
                o = b * (1.0 - s.a);
            } else if (sfx_mode == 19) {
                float a = min(1.0, s.a + b.a);
                o = vec4(max(vec3(0.0), a - ((s.a - s.rgb) + (b.a - b.rgb))), a);
            } else if (sfx_mode == 20) {
                o = min(s + b, vec4(1.0));
            } else if (sfx_mode == 21) {
                o = b * s.a;
            } else {
                vec3 cs = straight(s), cb = straight(b);
                vec3 mixed;
                if (sfx_mode >= 12) {
                    mixed = nonSeparable(sfx_mode, cb, cs);
                } else {
                    mixed = vec3(separable(sfx_mode, cb.r, cs.r), separable(sfx_mode, cb.g, cs.g), separable(sfx_mode, cb.b, cs.b));
                }
                o = vec4(s.rgb * (1.0 - b.a) + b.rgb * (1.0 - s.a) + s.a * b.a * mixed, s.a + b.a * (1.0 - s.a));
            }
            sfx_fragColor = o;
        }
        """
}
