// ShaderFX built-in transition · color · circleWave
//
// Dots that grow in a wave from the top-left corner, revealing the incoming view.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this colour effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler and is read at position / size. The function returns the
// finished pixel, to * m + from * (1 - m), premultiplied; m is exactly 0 at progress 0 and
// exactly 1 at progress 1, so the ends are `from` and `to` bit for bit.
//
// Algorithm: as circles, with cells of `circleSize` points, but each dot starts late in
// proportion to its cell centre's distance from the top-left corner, measured in unit
// coordinates and divided by the diagonal: delay in 0...1. Each dot grows over half the
// transition, from progress delay / 2 to delay / 2 + 1/2:
//     local = clamp((progress - delay / 2) * 2, 0, 1)   (0 at progress 0, 1 at progress 1)
//     radius = -0.5 + local * (R + 1.5),  R half the cell's diagonal
//     m = clamp(radius - d + 0.5, 0, 1),  d the pixel's distance from the dot's centre.
//
// Parameters:
//   bounds      vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress    float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   circleSize  float      side of a grid cell in points; > 0; default 20
//   from        sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's circleWave transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 circleWave(vec2 position, vec4 color, vec4 bounds, float progress, float circleSize, sampler2D from) {
    vec2 size = bounds.zw;
    vec2 centre = (floor(position / circleSize) + 0.5) * circleSize;
    float d = length(position - centre);

    // Cells further from the top-left corner start later.
    float delay = clamp(length(centre / size) * 0.70710678, 0.0, 1.0);
    float local = clamp((progress - delay * 0.5) * 2.0, 0.0, 1.0);

    float reach = circleSize * 0.70710678;
    float radius = -0.5 + local * (reach + 1.5);
    float m = clamp(radius - d + 0.5, 0.0, 1.0);

    vec4 outgoing = texture(from, position / size);
    return color * m + outgoing * (1.0 - m);
}
