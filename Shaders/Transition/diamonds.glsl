// ShaderFX built-in transition · color · diamonds
//
// A grid of diamonds that grow until they cover the picture, revealing the incoming view.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this colour effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler and is read at position / size. The function returns the
// finished pixel, to * m + from * (1 - m), premultiplied; m is exactly 0 at progress 0 and
// exactly 1 at progress 1, so the ends are `from` and `to` bit for bit.
//
// Algorithm: the view is cut into square cells of `diamondSize` points from its top-left
// corner. A diamond (a square turned 45 degrees) centred in each cell is the set of points
// with |dx| + |dy| <= r; r goes from -1 at progress 0 (nothing, a margin of 0.7 point) to
// diamondSize + 1.5 at progress 1 (past the cell's corners, which are diamondSize away).
// A point's distance from the diamond's edge is (r - |dx| - |dy|) / sqrt 2, so the edge is
// anti-aliased over one point: m = clamp((r - |dx| - |dy|) / sqrt 2 + 0.5, 0, 1).
//
// Parameters:
//   bounds       vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress     float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   diamondSize  float      side of a grid cell in points; > 0; default 20
//   from         sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's diamonds transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 diamonds(vec2 position, vec4 color, vec4 bounds, float progress, float diamondSize, sampler2D from) {
    vec2 centre = (floor(position / diamondSize) + 0.5) * diamondSize;
    vec2 offset = abs(position - centre);
    float d = offset.x + offset.y;

    // The diamond's half-diagonal grows from nothing to past the cell's corners.
    float r = -1.0 + progress * (diamondSize + 2.5);
    float m = clamp((r - d) * 0.70710678 + 0.5, 0.0, 1.0);

    vec4 outgoing = texture(from, position / bounds.zw);
    return color * m + outgoing * (1.0 - m);
}
