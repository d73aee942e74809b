// ShaderFX built-in effect · layer · simpleLoupe
//
// A magnifying glass: a circle around the touch point shows the layer enlarged.
//
// The loupe's centre is the touch point kept inside the layer's bounds. Its radius is
// sqrt(maxDistance) * bounds.width: maxDistance is the squared radius in units of the
// layer's width (0.05 gives 0.224 of the width). A pixel at offset d from the centre, inside
// the circle, samples the layer at centre + d / zoom; outside it keeps its colour. The rim
// is anti-aliased over one point by mixing the two premultiplied samples. Zoom is at least
// 1, so every sample lies between the pixel and the centre, inside the bounds: nothing
// outside the layer is read, and the maxSampleOffset is (0, 0). The centre pixel samples
// the centre itself (no division by the distance), and a zero radius changes nothing.
//
// Parameters:
//   bounds       vec4   the layer's bounds (x, y, width, height) in points, from .boundingRect
//   touch        vec2   the loupe's centre in points, origin top-left; clamped to the bounds;
//                       default (100, 100)
//   maxDistance  float  squared radius as a fraction of the width squared; >= 0; default 0.05
//   zoom         float  magnification, >= 1 (smaller values are taken as 1); default 2
//
// Source: reimplements Inferno's simpleLoupe (MIT) from its description
// ("magnified circle around the touch").

vec4 simpleLoupe(vec2 position, Layer layer, vec4 bounds, vec2 touch, float maxDistance, float zoom) {
    vec4 original = sampleLayer(layer, position);
    float radius = sqrt(max(maxDistance, 0.0)) * bounds.z;
    vec2 centre = clamp(touch, bounds.xy, bounds.xy + bounds.zw);
    vec2 d = position - centre;
    float r = length(d);
    if (radius <= 0.0 || r >= radius + 0.5) return original;

    vec4 magnified = sampleLayer(layer, centre + d / max(zoom, 1.0));
    // 1 inside, 0 outside, a one-point ramp across the rim.
    float inside = clamp(radius + 0.5 - r, 0.0, 1.0);
    return mix(original, magnified, inside);
}
