// ShaderFX built-in effect · color · shimmer
//
// A band of light sweeps diagonally across the view, like a loading placeholder's shimmer.
//
// The diagonal coordinate s = (u + v) / 2 of the pixel's unit position (u, v) in the view
// runs from 0 at the top-left corner to 1 at the bottom-right. Every `duration` seconds a
// band centred at c = -width + progress (1 + 2 width), progress = time / duration modulo 1,
// crosses from before the top-left corner to past the bottom-right one. Within `width` of its
// centre the band's weight k = smoothstep(0, 1, 1 - |s - c| / width) rises to 1. The pixel's
// straight colour (rgb / alpha) goes to HSL; its lightness L moves toward maxLightness by k,
//     L' = L + k (max(L, maxLightness) - L),
// so the band only ever lightens, hue and saturation kept. Back in RGB, the colour is scaled
// by alpha once: edges keep their coverage, transparent pixels stay transparent.
//
// Parameters:
//   bounds        vec4   the view's rectangle (x, y, width, height) in points, from .boundingRect
//   time          float  seconds; any value (the sweep repeats every duration); default 0
//   duration      float  seconds for one sweep; > 0; default 3
//   gradientWidth float  half-width of the band along the diagonal, in unit coordinates;
//                        > 0; default 0.3
//   maxLightness  float  the HSL lightness at the band's centre; 0 ... 1; default 0.9
//
// Source: reimplements Inferno's shimmer (MIT) from its description.

/// HSL (hue 0 ..< 1, saturation, lightness) of a straight sRGB colour.
vec3 shimmerToHSL(vec3 c) {
    float high = max(c.r, max(c.g, c.b));
    float low = min(c.r, min(c.g, c.b));
    float lightness = 0.5 * (high + low);
    float chroma = high - low;
    if (chroma <= 0.0) return vec3(0.0, 0.0, lightness);
    float saturation = chroma / (1.0 - abs(2.0 * lightness - 1.0));
    float hue;
    if (high == c.r) {
        hue = (c.g - c.b) / chroma;
    } else if (high == c.g) {
        hue = (c.b - c.r) / chroma + 2.0;
    } else {
        hue = (c.r - c.g) / chroma + 4.0;
    }
    return vec3(fract(hue / 6.0), saturation, lightness);
}

/// The straight sRGB colour of HSL (hue 0 ..< 1, saturation, lightness).
vec3 shimmerFromHSL(vec3 hsl) {
    vec3 k = mod(vec3(0.0, 8.0, 4.0) + hsl.x * 12.0, 12.0);
    float a = hsl.y * min(hsl.z, 1.0 - hsl.z);
    return hsl.z - a * clamp(min(k - 3.0, 9.0 - k), -1.0, 1.0);
}

vec4 shimmer(vec2 position, vec4 color, vec4 bounds, float time, float duration,
             float gradientWidth, float maxLightness) {
    if (color.a <= 0.0) return vec4(0.0);
    vec2 unit = (position - bounds.xy) / max(bounds.zw, vec2(1e-6));
    float s = 0.5 * (unit.x + unit.y);
    float progress = fract(time / duration);
    float centre = -gradientWidth + progress * (1.0 + 2.0 * gradientWidth);
    float k = smoothstep(0.0, 1.0, 1.0 - abs(s - centre) / gradientWidth);

    vec3 hsl = shimmerToHSL(clamp(color.rgb / color.a, 0.0, 1.0));
    hsl.z += k * (max(hsl.z, maxLightness) - hsl.z);
    return vec4(shimmerFromHSL(hsl), 1.0) * color.a;
}
