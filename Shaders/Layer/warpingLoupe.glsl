// ShaderFX built-in effect · layer · warpingLoupe
//
// A magnifying bulge: full zoom at the touch point, easing to none at the rim, with no seam.
//
// The loupe's centre is the touch point kept inside the layer's bounds, and its radius is
// sqrt(maxDistance) * bounds.width, as for simpleLoupe. A pixel at distance r from the centre,
// inside the circle, has s = r / radius and the local zoom
//     z = mix(zoom, 1, smoothstep(0, 1, s)),
// and samples the layer at centre + d / z. At the rim z is 1, so the warped inside meets the
// untouched outside continuously; r / z grows with r, so the picture never folds over. With
// z >= 1 every sample lies between the pixel and the centre, inside the bounds: nothing
// outside the layer is read, and the maxSampleOffset is (0, 0). The centre pixel samples
// the centre itself, and a zero radius changes nothing.
//
// Parameters:
//   bounds       vec4   the layer's bounds (x, y, width, height) in points, from .boundingRect
//   touch        vec2   the loupe's centre in points, origin top-left; clamped to the bounds;
//                       default (100, 100)
//   maxDistance  float  squared radius as a fraction of the width squared; >= 0; default 0.05
//   zoom         float  magnification at the centre, >= 1 (smaller values are taken as 1); default 2
//
// Source: reimplements Inferno's warpingLoupe (MIT) from its description
// ("loupe whose zoom eases toward its rim").

vec4 warpingLoupe(vec2 position, Layer layer, vec4 bounds, vec2 touch, float maxDistance, float zoom) {
    float radius = sqrt(max(maxDistance, 0.0)) * bounds.z;
    vec2 centre = clamp(touch, bounds.xy, bounds.xy + bounds.zw);
    vec2 d = position - centre;
    float r = length(d);
    if (radius <= 0.0 || r >= radius) return sampleLayer(layer, position);

    float z = mix(max(zoom, 1.0), 1.0, smoothstep(0.0, 1.0, r / radius));
    return sampleLayer(layer, centre + d / z);
}
