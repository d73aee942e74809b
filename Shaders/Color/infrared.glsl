// ShaderFX built-in effect · color · infrared
//
// A thermal-camera look: dark parts blue, mid-tones yellow, bright parts red.
//
// The straight colour (rgb / alpha) gives a luminance L = 0.2126 r + 0.7152 g + 0.0722 b
// (Rec. 709 weights, on the sRGB-encoded values). L from 0 to 0.5 runs from blue (0, 0, 1)
// to yellow (1, 1, 0), and from 0.5 to 1 from yellow to red (1, 0, 0), linearly. The heat
// colour is then scaled by alpha once, so edges keep their coverage and transparent pixels
// stay transparent.
//
// Parameters: none.
//
// Source: reimplements Inferno's infrared (MIT) from its description.

vec4 infrared(vec2 position, vec4 color) {
    if (color.a <= 0.0) return vec4(0.0);
    vec3 straight = color.rgb / color.a;
    float luminance = clamp(dot(straight, vec3(0.2126, 0.7152, 0.0722)), 0.0, 1.0);
    const vec3 cold = vec3(0.0, 0.0, 1.0);
    const vec3 warm = vec3(1.0, 1.0, 0.0);
    const vec3 hot = vec3(1.0, 0.0, 0.0);
    vec3 heat = luminance < 0.5 ? mix(cold, warm, luminance * 2.0)
                                : mix(warm, hot, luminance * 2.0 - 1.0);
    return vec4(heat, 1.0) * color.a;
}
