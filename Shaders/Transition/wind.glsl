// ShaderFX built-in transition · layer · wind
//
// The outgoing picture is blown away to the right, row by row, each row at its own random
// offset, uncovering the incoming picture from the left.
//
// How a transition is drawn: the incoming picture (`to`) is the layer this layer effect runs
// on, as SwiftUI applies a transition's modifier to the inserted view; the outgoing picture
// arrives as the `from` sampler, read at position / size. The function returns the finished
// pixel, to * m + from * (1 - m), premultiplied; m is exactly 0 at progress 0 and exactly 1
// at progress 1, so the ends are `from` and `to` bit for bit.
//
// Algorithm: each row one point tall gets a random number n in 0 ..< 1 from an integer hash of
// its index (exact at any size, unlike a sine hash). With u the pixel's x as a fraction of the
// width and s the wind size, the pixel's place in the gust is e = u * (1 - s) + n * s, in
// 0...1, and the gust's front runs from -0.01 to 1 + s + 0.01:
// F = progress * (1 + s + 0.02) - 0.01. The incoming picture shows where the front has passed,
// with a soft tail s long:
//     m = 1 - smoothstep(F - s, F, e)
// At progress 0 the whole tail lies below every e (m = 0); at progress 1 above (m = 1); the
// 0.01 margins keep that true whatever the rounding.
//
// Parameters:
//   bounds    vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress  float      0...1: 0 shows `from`, 1 the incoming picture; default 0
//   windSize  float      how ragged the gust is: the rows' random spread and the length of
//                        the soft edge, as a fraction of the width; 0 < windSize <= 1; default 0.2
//   from      sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: reimplements Inferno's wind transition (MIT) from its description.

#pragma shaderfx sampler(from, address: clamp, filter: linear)

/// A well-mixed 32-bit integer hash (xorshift-multiply), as a number in 0 ..< 1.
float windRandom(uint x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return float(x >> 8) / 16777216.0;
}

vec4 wind(vec2 position, Layer layer, vec4 bounds, float progress, float windSize, sampler2D from) {
    vec2 size = bounds.zw;
    float n = windRandom(uint(max(floor(position.y), 0.0)));
    float e = position.x / size.x * (1.0 - windSize) + n * windSize;
    float front = progress * (1.02 + windSize) - 0.01;
    float m = 1.0 - smoothstep(front - windSize, front, e);

    vec4 outgoing = texture(from, position / size);
    return sampleLayer(layer, position) * m + outgoing * (1.0 - m);
}
