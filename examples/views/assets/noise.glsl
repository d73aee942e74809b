// Smooth value noise in red and green (blue and alpha 1), tiling every 256 points: the
// NoiseTexture seed 004's background warp samples. scripts/make-view-assets renders it into
// ../NoiseTexture.png (`shaderfx render --shader noise.glsl --kind fill --size 256x256`).
float sfxAssetHash(vec2 cell, float channel) {
    vec2 wrapped = mod(cell, 4.0);
    return fract(sin(dot(wrapped, vec2(127.1, 311.7)) + channel * 74.7) * 43758.5453);
}

float sfxAssetNoise(vec2 p, float channel) {
    vec2 cell = floor(p), f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    float a = sfxAssetHash(cell, channel), b = sfxAssetHash(cell + vec2(1.0, 0.0), channel);
    float c = sfxAssetHash(cell + vec2(0.0, 1.0), channel), d = sfxAssetHash(cell + vec2(1.0, 1.0), channel);
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

vec4 noiseTexture(vec2 position) {
    vec2 p = position / 64.0;
    float r = 0.6 * sfxAssetNoise(p, 0.0) + 0.4 * sfxAssetNoise(p * 2.0, 2.0);
    float g = 0.6 * sfxAssetNoise(p, 1.0) + 0.4 * sfxAssetNoise(p * 2.0, 3.0);
    return vec4(r, g, 1.0, 1.0);
}
