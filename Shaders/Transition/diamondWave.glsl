// ShaderFX built-in transition · color · diamondWave
//
// Diamonds that grow in a wave from the top-left corner, revealing the incoming view.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this colour effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler and is read at position / size. The function returns the
// finished pixel, to * m + from * (1 - m), premultiplied; m is exactly 0 at progress 0 and
// exactly 1 at progress 1, so the ends are `from` and `to` bit for bit.
//
// Algorithm: as diamonds, with cells of `diamondSize` points, but each diamond starts late
// by its cell centre's position in unit coordinates, delay = (u + v) / 2 in 0...1, so the
// wave front runs along the anti-diagonal, the shape of the diamonds' own edges. Each
// diamond grows over half the transition:
//     local = clamp((progress - delay / 2) * 2, 0, 1)   (0 at progress 0, 1 at progress 1)
//     r = -1 + local * (diamondSize + 2.5)
//     m = clamp((r - |dx| - |dy|) / sqrt 2 + 0.5, 0, 1).
//
// Parameters:
//   bounds       vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress     float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   diamondSize  float      side of a grid cell in points; > 0; default 20
//   from         sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's diamondWave transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 diamondWave(vec2 position, vec4 color, vec4 bounds, float progress, float diamondSize, sampler2D from) {
    vec2 size = bounds.zw;
    vec2 centre = (floor(position / diamondSize) + 0.5) * diamondSize;
    vec2 offset = abs(position - centre);
    float d = offset.x + offset.y;

    // Cells further along the diagonal from the top-left corner start later.
    vec2 unit = centre / size;
    float delay = clamp((unit.x + unit.y) * 0.5, 0.0, 1.0);
    float local = clamp((progress - delay * 0.5) * 2.0, 0.0, 1.0);

    float r = -1.0 + local * (diamondSize + 2.5);
    float m = clamp((r - d) * 0.70710678 + 0.5, 0.0, 1.0);

    vec4 outgoing = texture(from, position / size);
    return color * m + outgoing * (1.0 - m);
}
