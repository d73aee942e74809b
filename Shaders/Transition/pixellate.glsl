// ShaderFX built-in transition · layer · pixellate
//
// Both pictures break into ever larger blocks toward the middle of the transition, cross-fading
// while they are coarsest, then sharpen again.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this layer effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler. The function returns the finished pixel,
// to * progress + from * (1 - progress), premultiplied; at progress 0 and 1 the block size is
// zero and both pictures are read at the pixel itself, so the ends are `from` and `to` bit
// for bit.
//
// Algorithm: d = min(progress, 1 - progress) rises from 0 to 1/2 and falls back. It is
// quantised up to a multiple of 1/steps, level = ceil(d * steps) / steps, so the block size
// changes `steps` times over the whole transition (steps 0: it changes smoothly). Blocks are
// square, level * 2 * min(width, height) / squares points on a side: at the middle there are
// `squares` blocks across the shorter side. The grid is centred on the picture, and each pixel
// reads both pictures at the centre of its block.
//
// Parameters:
//   bounds    vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress  float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   squares   float      blocks across the shorter side at the middle; >= 1; default 20
//   steps     float      how many times the block size changes; 0 (smooth) or >= 1; default 60
//   from      sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's pixellate transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 pixellate(vec2 position, Layer layer, vec4 bounds, float progress, float squares, float steps, sampler2D from) {
    vec2 size = bounds.zw;
    float d = min(progress, 1.0 - progress);
    float level = steps > 0.0 ? ceil(d * steps) / steps : d;
    float block = level * 2.0 * min(size.x, size.y) / squares;

    // The centre of this pixel's block, on a grid centred on the picture.
    vec2 c = size * 0.5;
    vec2 p = block > 0.0 ? c + (floor((position - c) / block) + 0.5) * block : position;

    vec4 outgoing = texture(from, p / size);
    vec4 incoming = sampleLayer(layer, p);
    return incoming * progress + outgoing * (1.0 - progress);
}
