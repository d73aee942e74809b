// ShaderFX built-in transition · layer · radial
//
// A clock-hand wipe: the incoming picture is revealed by a hand sweeping once around the
// centre, clockwise from twelve o'clock.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this layer effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler, read at position / size. The function returns the finished
// pixel, to * m + from * (1 - m), premultiplied; m is exactly 0 at progress 0 and exactly 1
// at progress 1, so the ends are `from` and `to` bit for bit.
//
// Algorithm: a pixel at distance r from the centre, at angle a clockwise from straight up
// (0 <= a < 2 pi), is revealed once the hand, at angle 2 pi * progress, has passed it. The
// hand's edge is anti-aliased over one point of arc: m = clamp((2 pi progress - a) * r + 0.5,
// 0, 1). Near the centre, where arcs are shorter than a point, m is pinned to 0 for
// progress <= 0 and 1 for progress >= 1 (it follows the hand for 0.001 < progress < 0.999).
//
// Parameters:
//   bounds    vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress  float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   from      sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's radial transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 radial(vec2 position, Layer layer, vec4 bounds, float progress, sampler2D from) {
    const float TAU = 6.28318531;
    vec2 v = position - bounds.zw * 0.5;
    float r = length(v);

    // Angle clockwise from twelve o'clock (y grows downward), in 0 ..< 2 pi.
    float a = r > 0.0 ? atan(v.x, -v.y) : 0.0;
    if (a < 0.0) a += TAU;

    float m = clamp((progress * TAU - a) * r + 0.5, 0.0, 1.0);
    // Pin the ends, where arcs near the centre are too short to settle m by themselves.
    m = clamp(m, clamp(1.0 - (1.0 - progress) * 1000.0, 0.0, 1.0), clamp(progress * 1000.0, 0.0, 1.0));

    vec4 outgoing = texture(from, position / bounds.zw);
    return sampleLayer(layer, position) * m + outgoing * (1.0 - m);
}
