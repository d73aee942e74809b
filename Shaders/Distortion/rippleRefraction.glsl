// ShaderFX built-in effect · distortion · ripple-refraction
//
// Up to 12 expanding rings, left by touches, that bend the picture like lenses as they cross it.
//
// Each live ripple (x, y, birth, strength) with strength > 0 and age = time - birth in
// 0 ... LIFE is a ring around its origin. Distances are measured in uv (position / size) with
// x scaled by the aspect ratio, so rings stay circular. At t = age / LIFE the ring's radius is
// REACH * t^0.7; a pixel `band` from the ring is pushed along the ring's normal by
//     band * exp(-band² THICK) * sqrt(2 THICK) / 0.606           (one crest and one trough,
//   * (1 - t)^1.1 * strength * 1 / (1 + dist / 2)                  normalised to peak ±1)
//   * smoothstep(0, 0.08, t) * smoothstep(0, 0.06, dist) * AMP
// (fading in, dying out, weaker far away, still at the centre). The offsets of all ripples add
// up; the pixel samples position + offset * size, clamped to the frame (0 ... size), since a
// sample past the layer would read transparent and show as dark edges. (A sample clamped onto
// the frame's very edge still reads half the edge pixel and half the transparent growth, as a
// bilinear layer sample there does in SwiftUI: where a ring pushes outward past the edge, a
// band a point or two wide turns half transparent. That is the seed's maths, kept.)
//
// Constants: LIFE 2.6 s (a ripple's lifetime), REACH 0.75 (ring radius at the end, in
// height-units of uv), THICK 500 (ring sharpness), AMP 0.05 (peak displacement as a fraction
// of the size; about 42 points on an 844-point screen, hence maxSampleOffset 60).
//
// Parameters:
//   bounds   vec4        the layer's bounding rect in points, passed by the renderer
//                        (.boundingRect); its size (zw) is the seed's `float2 size` argument
//   time     float       seconds on the ripples' clock (the seed's time since the view appeared);
//                        default 0
//   ripples  FloatArray  12 x (x, y, birth, strength): x, y normalised 0...1 by the size, birth
//                        in seconds on the same clock, strength (0.8 for a drag, 1 at lift-off,
//                        0 for an empty slot); 48 floats, any multiple of 4 works
//
// Source: seed 002 ("Ripple Refraction"), the Metal function `ripple`, ported line by line.
// Deviations: the size comes from the bounding rect instead of a float2 argument (SwiftUI's
// .boundingRect gives the same numbers); `device const float *ripples, int count` is the
// FloatArray, read with at() and .count. GLSL leaves pow(x, y) undefined for x < 0, and a GPU's
// division may round age / LIFE a hair above 1 when age == LIFE, so 1 - t is floored at 0
// before pow (Metal's correctly rounded division never makes it negative; the result is the
// same 0).

const float LIFE  = 2.6;
const float REACH = 0.75;
const float THICK = 500.0;
const float AMP   = 0.05;

vec2 rippleRefraction(vec2 position, vec4 bounds, float time, FloatArray ripples) {
    vec2 size = bounds.zw;
    vec2 uv = position / size;
    float aspect = size.x / size.y;
    vec2 offset = vec2(0.0);
    int count = ripples.count;

    for (int i = 0; i + 3 < count; i += 4) {   // x, y, birth, strength
        float strength = at(ripples, i + 3);
        float age = time - at(ripples, i + 2);
        if (strength <= 0.0 || age < 0.0 || age > LIFE) { continue; }

        // measure in aspect-corrected space so the rings stay circular
        vec2 d = (uv - vec2(at(ripples, i), at(ripples, i + 1))) * vec2(aspect, 1.0);
        float dist = length(d);
        if (dist < 1e-5) { continue; }

        float t = age / LIFE;
        float band = dist - REACH * pow(t, 0.7);
        float envelope = exp(-band * band * THICK);

        // one crest and one trough, the profile of a lens
        float lens = band * envelope * sqrt(2.0 * THICK) / 0.606;

        float force = lens
            * pow(max(1.0 - t, 0.0), 1.1) * strength
            * (1.0 / (1.0 + dist * 0.5))
            * smoothstep(0.0, 0.08, t)
            * smoothstep(0.0, 0.06, dist);

        offset += normalize(d) / vec2(aspect, 1.0) * force * AMP;
    }

    // sampling past the layer returns transparent, which reads as black edges
    return clamp(position + offset * size, vec2(0.0), size);
}
