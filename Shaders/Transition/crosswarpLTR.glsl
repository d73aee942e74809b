// ShaderFX built-in transition · layer · crosswarpLTR
//
// The outgoing picture zooms into its centre and fades while the incoming one zooms out to
// its place, in a soft front sweeping from left to right.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this layer effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler. The function returns the finished pixel,
// to * t + from * (1 - t), premultiplied; t is exactly 0 at progress 0 and exactly 1 at
// progress 1, where both pictures are read at the pixel itself, so the ends are `from` and
// `to` bit for bit.
//
// Algorithm: with u the pixel's distance from the left edge as a fraction of the width,
//     t = smoothstep(0, 1, 2 * progress - u)
// so the left edge finishes half-way through and the right edge starts then. Both pictures
// are scaled about the centre c: the outgoing one is read at c + (p - c) * (1 - t)
// (magnified toward its centre as t grows), the incoming one at c + (p - c) * t (from its
// magnified centre to its own size).
//
// Parameters:
//   bounds    vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress  float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   from      sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's crosswarpLTR transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 crosswarpLTR(vec2 position, Layer layer, vec4 bounds, float progress, sampler2D from) {
    vec2 size = bounds.zw;
    vec2 c = size * 0.5;
    float u = position.x / size.x;
    float t = smoothstep(0.0, 1.0, 2.0 * progress - u);

    vec4 outgoing = texture(from, (c + (position - c) * (1.0 - t)) / size);
    vec4 incoming = sampleLayer(layer, c + (position - c) * t);
    return incoming * t + outgoing * (1.0 - t);
}
