// ShaderFX built-in effect · color · whiteNoise
//
// Grey static: every pixel an independent random brightness, new at every moment.
//
// Each pixel hashes three 32-bit integers: the bit patterns of its position's x and y (so
// every pixel differs at any scale) and of `time` (so every distinct time gives a new
// pattern and the same time always the same one). The hash is integer arithmetic only
// (lowbias32: xor-shifts and multiplications, chained over the three keys), so it gives
// clean, uniform, uncorrelated values at t = 0 and after hours alike: unlike the classic
// fract(sin(dot(p, k)) * 43758.5453), nothing grows with time and loses precision. The top 24
// bits become a grey level v in [0, 1), and the pixel is (v, v, v) scaled by its alpha once,
// so transparent pixels stay transparent.
//
// Parameters:
//   time  float  seconds; any value, each distinct value a new frame of noise; default 0
//
// Source: reimplements Inferno's whiteNoise (MIT) from its description, with an integer hash
// in place of a sine hash so the noise does not degrade as time grows.

#include "noise.glsl"

vec4 whiteNoise(vec2 position, vec4 color, float time) {
    float v = noiseValue(position, time, 0x9e3779b9u);
    return vec4(v, v, v, 1.0) * color.a;
}
