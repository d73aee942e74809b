// ShaderFX built-in effect · layer · blur
//
// SwiftUI's .blur(radius:): a Gaussian blur, run as two passes (this function blurs along x,
// blurVertical along y).
//
// Each pass convolves the layer along one axis with a Gaussian whose standard deviation is
// `radius` points (sigma = radius, as Core Image's and CSS's blur radius: Apple does not
// define the word, and a radius read as sigma is what a SwiftUI blur of that radius looks
// like). The kernel is cut at three standard deviations (99.7 % of its weight) and
// renormalised. It is sampled on the layer's own pixel grid: a pixel is 1 / scale points,
// found from the screen-space derivative of `position`, so @2x blurs the same number of points
// with twice the taps. Taps k and k + 1 pixels away are read with one bilinear sample between
// them, at (k w_k + (k+1) w_{k+1}) / (w_k + w_{k+1}), weighted w_k + w_{k+1}: about 3 sigma + 1
// samples per pixel per pass instead of 6 sigma + 1. Around the layer is transparency (the
// layer grows by maxSampleOffset = ceil(3 radius) points), so the edges fade out, as SwiftUI's
// blur with opaque: false does; the blurred colours spill into the growth.
//
// Large radii run on a coarser grid (Blur.reduction, from radius 8: a power of two r with
// radius / r between 4 and 8 of its pixels at @1x), as image libraries blur: the renderer
// box-filters the layer onto pixels of r / scale points, both passes blur there, and the renderer
// resamples the result bilinearly back to the output's pixels. The pixel found from the
// derivative is then r / scale points; the box filter already spread each axis by one reduced
// pixel's variance (1/12 pixel^2), so sigma^2 is reduced by that much. So a pass takes at most 25
// samples a pixel, over about (frame + 6 radius)^2 / r^2 pixels, whatever the radius; the result
// stays within about 1 level of 255 of the exact Gaussian.
//
// Parameters:
//   radius  float  the Gaussian's standard deviation in points; >= 0 (0 leaves the layer as it
//                  is); default 10
//
// Source: SwiftUI's View.blur(radius:opaque:) with opaque false, as seed 004 uses it on the
// cover art (radius 30) before the warp. Written for ShaderFX; there is no Metal to port.

// One pass along `axis` (a unit vector along x or y).
vec4 gaussianPass(vec2 position, Layer layer, float radius, vec2 axis) {
    // Points per pixel of the layer: position advances by 1 / scale from one pixel to the next
    // (rounded, so float error cannot move it), or by r / scale on a reduced grid.
    float d = abs(dFdx(position.x));
    bool reduced = d > 1.001;
    float pixel = reduced ? d : 1.0 / max(1.0, floor(1.0 / d + 0.5));
    float sigma = radius / pixel;                       // in pixels
    // The box filter onto the reduced grid blurred by one pixel's width: variance 1/12.
    if (reduced) { sigma = sqrt(max(sigma * sigma - 1.0 / 12.0, 0.0)); }
    if (!(sigma > 0.0)) { return sampleLayer(layer, position); }
    int reach = int(ceil(3.0 * sigma));
    float falloff = -0.5 / (sigma * sigma);

    vec4 color = sampleLayer(layer, position);          // weight exp(0) = 1
    float total = 1.0;
    for (int k = 1; k <= reach; k += 2) {
        float a = float(k), b = float(k + 1);
        float wa = exp(falloff * a * a);
        float wb = k + 1 <= reach ? exp(falloff * b * b) : 0.0;
        float w = wa + wb;
        vec2 step = axis * ((a * wa + b * wb) / w * pixel);
        color += w * (sampleLayer(layer, position + step) + sampleLayer(layer, position - step));
        total += 2.0 * w;
    }
    return color / total;
}

// The first pass: along x.
vec4 blur(vec2 position, Layer layer, float radius) {
    return gaussianPass(position, layer, radius, vec2(1.0, 0.0));
}

// The second pass: along y, over the first pass's output.
vec4 blurVertical(vec2 position, Layer layer, float radius) {
    return gaussianPass(position, layer, radius, vec2(0.0, 1.0));
}
