// ShaderFX built-in effect · layer · colorPlanes
//
// A chromatic split: the red and blue planes slide away from the green one in opposite directions.
//
// Green is sampled at the pixel itself, red at position - offset and blue at
// position + offset. Samples are premultiplied, so each channel already carries its own
// sample's coverage; the result's alpha is the largest of the three alphas, which keeps every
// channel at or below alpha (a valid premultiplied colour) and shows a lone red or blue fringe
// where it falls on transparency. With offset (0, 0) the output is the input. Samples lie at
// most |offset.x|, |offset.y| points away, which is the maxSampleOffset.
//
// Parameters:
//   offset  vec2  how far red moves right/down (blue the opposite way), in points; any value;
//                 default (10, 10)
//
// Source: reimplements Inferno's colorPlanes (MIT) from its description
// ("red and blue sampled at offsets from green").

vec4 colorPlanes(vec2 position, Layer layer, vec2 offset) {
    vec4 red = sampleLayer(layer, position - offset);
    vec4 green = sampleLayer(layer, position);
    vec4 blue = sampleLayer(layer, position + offset);
    return vec4(red.r, green.g, blue.b, max(max(red.a, green.a), blue.a));
}
