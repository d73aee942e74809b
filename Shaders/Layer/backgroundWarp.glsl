// ShaderFX built-in effect · layer · background-warp
//
// A picture (the seed's blurred cover art) warped by domain-warping noise that flows with time.
//
// uv = position / size + time * 0.1 (the noise drifts diagonally, a tenth of the picture per
// second). A first noise sample n = noise(uv) gives q = (n.r, n.g); a second sample at the
// warped place, n = noise(uv + q), gives the offset (n.r - 0.5, n.g - 0.5) * 200 points (±100),
// and the pixel samples the layer at position + offset. The noise texture tiles (repeat) and is
// filtered bilinearly, so uv may leave 0...1 freely.
//
// Parameters:
//   bounds    vec4       the layer's bounding rect in points, passed by the renderer
//                        (.boundingRect); its size (zw) is the seed's `float2 size` argument
//   noiseTex  sampler2D  a smooth noise picture, red and green used; sampled repeat + linear;
//                        default: NoiseTexture.standard, 256 x 256 tileable smooth value noise
//   time      float      seconds since the start; default 0
// maxSampleOffset is 0, as in the seed: samples that land outside the picture clamp to its edge.
//
// Source: seed 004 (WWDC "Compose advanced graphics effects"), backgroundWarp in its final form:
// the complete domain-warping shader with time added to uv, ported line by line. The time is
// added once, to uv, so the second sample (uv + q) moves with it too, as "the rest of the logic
// stays the same" in the seed says. Deviations: the size comes from the bounding rect instead of
// a float2 argument (SwiftUI's .boundingRect gives the same numbers); Metal's half4 noise is a
// highp vec4 here.

#pragma shaderfx sampler(noiseTex, address: repeat, filter: linear)

// The seed's sampler(address::repeat, filter::linear), filtered here in highp rather than by the
// texture unit. The warp multiplies the noise by 200, so the 8-bit filtering weights of texture
// units (which differ between GPUs) would move pixels by up to half a point from one GPU to
// another; filtering in the shader gives every GPU the same warp.
vec4 sampleNoiseRepeatLinear(sampler2D tex, vec2 uv) {
    vec2 size = vec2(textureSize(tex, 0));
    vec2 p = uv * size - 0.5;
    vec2 base = floor(p);
    vec2 f = p - base;
    vec2 i0 = mod(base, size);
    vec2 i1 = mod(base + 1.0, size);
    vec4 a = texelFetch(tex, ivec2(i0.x, i0.y), 0);
    vec4 b = texelFetch(tex, ivec2(i1.x, i0.y), 0);
    vec4 c = texelFetch(tex, ivec2(i0.x, i1.y), 0);
    vec4 d = texelFetch(tex, ivec2(i1.x, i1.y), 0);
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}

vec4 backgroundWarp(vec2 position, Layer layer, vec4 bounds, sampler2D noiseTex, float time) {
    vec2 size = bounds.zw;
    vec2 uv = position / size + time * 0.1;

    vec4 n = sampleNoiseRepeatLinear(noiseTex, uv);

    vec2 q = vec2(n.r, n.g);
    n = sampleNoiseRepeatLinear(noiseTex, uv + q);

    vec2 offset = (vec2(n.r, n.g) - 0.5) * 200.0;

    return sampleLayer(layer, position + offset);
}
