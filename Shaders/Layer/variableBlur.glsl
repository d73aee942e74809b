// ShaderFX built-in effect · layer · variableBlur
//
// A Gaussian blur whose radius follows a mask: sharp where the mask is clear, blurred where opaque.
//
// The blur is separable and runs as two layer-effect passes over the same arguments:
// `variableBlur` blurs along x, then `variableBlurVertical` blurs its float output along y.
// In each pass a pixel reads the mask, stretched over the layer's bounds
// (uv = (position - bounds.xy) / bounds.size, clamped at the edges), and blurs with the
// radius r = radius * mask alpha. It takes n = maxSamples samples on each side of the pixel,
// at distances r * i / n (i = 1 ... n), weighted exp(-4.5 (i / n)²) (a Gaussian with sigma
// r / 3, cut at 3 sigma), plus the pixel itself with weight 1, and divides by the weights' sum,
// so a uniform colour stays exactly uniform. Samples are premultiplied, so averaging them is
// the correct blend and transparent surroundings simply fade the edges in. Where r is 0 the
// pass returns the pixel's own colour. Samples lie at most r <= radius points away along one
// axis: the maxSampleOffset is (radius, radius) for both passes, so the second pass reads the
// first one's grown output directly.
//
// Parameters:
//   bounds      vec4       the layer's bounds (x, y, width, height) in points, from .boundingRect
//   radius      float      the blur's reach in points where the mask is opaque; >= 0; default 20
//   maxSamples  float      samples on each side of the pixel, a whole number 1 ... 64; default 15
//   mask        sampler2D  the mask; only its alpha is used; default a vertical gradient,
//                          transparent at the top to opaque at the bottom
//
// Source: reimplements Inferno's variableBlur (MIT) from its description ("separable
// Gaussian, radius scaled per pixel by the mask's alpha, two passes"). Inferno takes the
// direction as a flag; here the two passes are two entry points sharing variableBlurAlong.

#pragma shaderfx sampler(mask, address: clamp, filter: linear)

// One pass along `axis`, (1, 0) or (0, 1).
vec4 variableBlurAlong(vec2 position, Layer layer, vec4 bounds, float radius, float maxSamples,
                       sampler2D mask, vec2 axis) {
    vec2 uv = (position - bounds.xy) / bounds.zw;
    float r = max(radius, 0.0) * texture(mask, uv).a;
    vec4 own = sampleLayer(layer, position);
    if (r <= 0.0) return own;

    int n = int(clamp(floor(maxSamples), 1.0, 64.0));
    vec4 sum = own;
    float total = 1.0;
    for (int i = 1; i <= 64; i++) {
        if (i > n) break;
        float x = float(i) / float(n);
        float weight = exp(-4.5 * x * x);
        vec2 step = axis * (r * x);
        sum += weight * (sampleLayer(layer, position - step) + sampleLayer(layer, position + step));
        total += 2.0 * weight;
    }
    return sum / total;
}

vec4 variableBlur(vec2 position, Layer layer, vec4 bounds, float radius, float maxSamples, sampler2D mask) {
    return variableBlurAlong(position, layer, bounds, radius, maxSamples, mask, vec2(1.0, 0.0));
}

vec4 variableBlurVertical(vec2 position, Layer layer, vec4 bounds, float radius, float maxSamples, sampler2D mask) {
    return variableBlurAlong(position, layer, bounds, radius, maxSamples, mask, vec2(0.0, 1.0));
}
