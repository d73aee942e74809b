// ShaderFX built-in transition · layer · swirl
//
// Both pictures twist around the centre, hardest at the middle of the transition, while one
// dissolves into the other.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this layer effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler. The function returns the finished pixel,
// to * w + from * (1 - w), premultiplied; at progress 0 and 1 the twist is zero (every pixel
// reads itself) and w is 0 or 1, so the ends are `from` and `to` bit for bit.
//
// Algorithm: strength = 4 * progress * (1 - progress) is 0 at the ends and 1 at the middle.
// Within R = radius * min(width, height) points of the centre, a pixel at distance d reads
// both pictures rotated about the centre by
//     angle = strength * 4 pi * ((R - d) / R)^2
// (two full turns at the centre, none at the rim); outside it reads them unrotated. The
// dissolve follows w = smoothstep(0.25, 0.75, progress), so it happens while the twist is
// strong.
//
// Parameters:
//   bounds    vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress  float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   radius    float      the twisted disc's radius as a fraction of the shorter side; > 0;
//                        default 0.5 (the disc touches the shorter sides)
//   from      sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's swirl transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 swirl(vec2 position, Layer layer, vec4 bounds, float progress, float radius, sampler2D from) {
    vec2 size = bounds.zw;
    vec2 c = size * 0.5;
    vec2 v = position - c;
    float d = length(v);
    float rim = max(radius * min(size.x, size.y), 1e-6);

    float strength = 4.0 * progress * (1.0 - progress);
    float falloff = max(rim - d, 0.0) / rim;
    float angle = strength * 12.56637061 * falloff * falloff;

    // Rotate about the centre (angle 0 gives the pixel itself exactly).
    float cs = cos(angle), sn = sin(angle);
    vec2 p = c + vec2(v.x * cs - v.y * sn, v.x * sn + v.y * cs);

    float w = smoothstep(0.25, 0.75, progress);
    vec4 outgoing = texture(from, p / size);
    vec4 incoming = sampleLayer(layer, p);
    return incoming * w + outgoing * (1.0 - w);
}
