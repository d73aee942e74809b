// ShaderFX include · noise
//
// The integer hash of the noise effects (whiteNoise, rainbowNoise, lightGrid): lowbias32
// (xor-shifts and 32-bit multiplications) chained over the bit patterns of its keys, so the
// values stay uniform and uncorrelated for any input, where a fract(sin(...)) hash of a growing
// value decays into stripes and flat patches. A shader file takes it with the line
// `#include "noise.glsl"`, which the embedder replaces by this text.

highp uint noiseMix(highp uint x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/// A uniform value in [0, 1) from a point's bit patterns and a seed (y hashed first, then x):
/// the top 24 bits of the hash.
float noiseValue(vec2 point, highp uint seed) {
    highp uint h = noiseMix(floatBitsToUint(point.y) ^ seed);
    h = noiseMix(floatBitsToUint(point.x) ^ h);
    return float(h >> 8) * (1.0 / 16777216.0);
}

/// A uniform value in [0, 1) from a position, a time and a seed (the time hashed first).
float noiseValue(vec2 position, float time, highp uint seed) {
    return noiseValue(position, noiseMix(floatBitsToUint(time) ^ seed));
}
