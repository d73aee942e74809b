// ShaderFX built-in effect · layer · emboss
//
// A relief lit from the top-left: edges facing the light brighten, edges facing away darken.
//
// Brightness is read as height. The layer is sampled at the pixel and at its two diagonal
// neighbours one point away, up-left (position - (1, 1)) and down-right (position + (1, 1));
// where the picture rises toward the bottom-right the surface faces the light. The output is
//     color + strength * (downRight - upLeft)
// on the colour channels (flat regions have no difference and keep their colour), clamped
// to 0 ... alpha so it stays a valid premultiplied colour; alpha is the pixel's own. Samples
// are premultiplied, so a change of coverage embosses like a change of colour. Strength 0
// gives the input. The neighbours are 1 point away on each axis: maxSampleOffset (1, 1).
//
// Parameters:
//   strength  float  weight of the neighbours' difference; 0 is no effect, negative values
//                    light from the bottom-right; default 10
//
// Source: reimplements Inferno's emboss (MIT) from its description
// ("colour plus weighted difference of diagonal neighbours").

vec4 emboss(vec2 position, Layer layer, float strength) {
    vec4 color = sampleLayer(layer, position);
    vec4 upLeft = sampleLayer(layer, position - vec2(1.0));
    vec4 downRight = sampleLayer(layer, position + vec2(1.0));
    vec3 rgb = color.rgb + strength * (downRight.rgb - upLeft.rgb);
    return vec4(clamp(rgb, vec3(0.0), vec3(color.a)), color.a);
}
