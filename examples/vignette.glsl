// An example of a user's own colour effect, stitched by ShaderFX like a SwiftUI
// [[stitchable]] function: `shaderfx render --shader examples/vignette.glsl --function vignette
// --kind color --arg strength=0.8 --arg tint=indigo --arg bounds=bounds ...`.
//
// Darkens toward the corners, mixing in a tint. `color` and `tint` arrive premultiplied, so
// the result is kept premultiplied by scaling with color.a.

vec4 vignette(vec2 position, vec4 color, float strength, vec4 tint, vec4 bounds) {
    vec2 uv = (position - bounds.xy) / bounds.zw;
    float d = length(uv - 0.5) * 1.4142;
    float amount = clamp(d * d * strength, 0.0, 1.0);
    vec3 rgb = mix(color.rgb, tint.rgb * color.a, amount * 0.6) * (1.0 - 0.5 * amount);
    return vec4(rgb, color.a);
}
