// ShaderFX built-in transition · color · circles
//
// A grid of dots that grow until they cover the picture, revealing the incoming view.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this colour effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler and is read at position / size. The function returns the
// finished pixel, to * m + from * (1 - m), premultiplied, m being how much of the incoming
// picture the pixel shows. m is exactly 0 at progress 0 and exactly 1 at progress 1, so the
// ends are `from` and `to` bit for bit (x * 0 adds nothing, x * 1 is x).
//
// Algorithm: the view is cut into square cells of `circleSize` points from its top-left
// corner. A dot centred in each cell has radius -0.5 points at progress 0 (nothing) and
// R + 1 at progress 1, R being half the cell's diagonal, so the last dot covers its whole
// cell with a point to spare. Its edge is anti-aliased over one point:
//     m = clamp(radius - d + 0.5, 0, 1), d = the pixel's distance from the dot's centre.
//
// Parameters:
//   bounds      vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress    float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   circleSize  float      side of a grid cell in points; > 0; default 20
//   from        sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's circles transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 circles(vec2 position, vec4 color, vec4 bounds, float progress, float circleSize, sampler2D from) {
    // The centre of this pixel's cell, and how far the pixel is from it.
    vec2 centre = (floor(position / circleSize) + 0.5) * circleSize;
    float d = length(position - centre);

    // The dot grows from nothing to past the cell's corners.
    float reach = circleSize * 0.70710678;
    float radius = -0.5 + progress * (reach + 1.5);
    float m = clamp(radius - d + 0.5, 0.0, 1.0);

    vec4 outgoing = texture(from, position / bounds.zw);
    return color * m + outgoing * (1.0 - m);
}
