// ShaderFX built-in effect · color · rainbowNoise
//
// Coloured static: every pixel an independent random colour, new at every moment.
//
// As whiteNoise, but red, green and blue each get their own hash (three seeds), so the
// colour is random too. Each pixel hashes the bit patterns of its position's x and y and of
// `time` with lowbias32 (xor-shifts and 32-bit multiplications, chained over the keys): the
// values stay uniform and uncorrelated at any time, after hours as at t = 0, where a
// fract(sin(...)) hash of a growing time decays into stripes and flat patches. The top 24
// bits of each hash give a channel in [0, 1); the straight colour is scaled by the pixel's
// alpha once, so transparent pixels stay transparent.
//
// Parameters:
//   time  float  seconds; any value, each distinct value a new frame of noise; default 0
//
// Source: reimplements Inferno's rainbowNoise (MIT) from its description, with an integer
// hash in place of a sine hash so the noise does not degrade as time grows.

#include "noise.glsl"

vec4 rainbowNoise(vec2 position, vec4 color, float time) {
    vec3 straight = vec3(noiseValue(position, time, 0x9e3779b9u),
                         noiseValue(position, time, 0x85ebca6bu),
                         noiseValue(position, time, 0xc2b2ae35u));
    return vec4(straight, 1.0) * color.a;
}
