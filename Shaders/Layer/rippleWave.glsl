// ShaderFX built-in effect · layer · ripple-wave
//
// One wave spreading from a tap: a ring that bends the layer as it passes and lights its crest.
//
// A pixel at distance d from the origin is phase = (d - radius) / wavelength wavelengths from
// the crest. The wave there is window = exp(-4 phase²) * strength (one crest between two
// shallow troughs, flat elsewhere), height = cos(2π phase) * window and slope =
// sin(2π phase) * window. Water refracts along its slope: the pixel samples the layer at
// position - outward * slope * amplitude (outward = the unit vector away from the origin), a
// little toward the crest, which magnifies what lies under it. The sample point is clamped to
// one point inside the bounds so the wave never pulls in the emptiness around the layer. The
// crest is lit and the troughs shaded: rgb += 0.12 * height * alpha, floored at 0
// (premultiplied colours).
//
// Parameters:
//   bounds      vec4   the layer's bounding rect in points, passed by the renderer (.boundingRect)
//   origin      vec2   where the wave starts, in points (origin top-left); default (0, 0)
//   radius      float  how far the crest has travelled from the origin, in points; >= 0; default 0
//   strength    float  fades the whole wave, 1 (full) to 0 (gone); default 1
//   amplitude   float  how many points the wave moves what is under it; default 10
//                      (also the maxSampleOffset, |amplitude|)
//   wavelength  float  the width of the wave in points; > 0 (Swift passes max(wavelength, 1));
//                      default 110
// The seed animates radius from 0 to the reach (the distance to the farthest corner plus one
// wavelength) linearly over reach / speed seconds (speed 650 points per second), and holds
// strength at 1 for the first 35 % of that time, then eases it to 0 with a cubic keyframe.
// With Reduce Motion the seed passes radius 0 and amplitude 0: a light that fades at the
// origin, nothing moves.
//
// Source: seed 001 ("Ripple Shader Effect"), RippleShaderEffect.metal,
// RippleShaderEffectDistortion, ported line by line. Deviations: the colour is a highp vec4
// where Metal uses half4 (more precision, same maths); as in Metal, clamp() with a lower bound
// above the upper one (bounds under 2 points across) is undefined.

vec4 rippleWave(vec2 position, Layer layer, vec4 bounds, vec2 origin, float radius,
                float strength, float amplitude, float wavelength) {
    vec2 offset = position - origin;
    float fromOrigin = length(offset);
    vec2 outward = fromOrigin > 0.0 ? offset / fromOrigin : vec2(0.0);

    // How far this pixel is from the crest, in wavelengths. The wave is one
    // crest between two shallow troughs, and the layer is flat everywhere else.
    float phase = (fromOrigin - radius) / wavelength;
    float window = exp(-4.0 * phase * phase) * strength;
    float height = cos(6.2831853 * phase) * window;
    float slope = sin(6.2831853 * phase) * window;

    // Water refracts along its slope. Sampling a little toward the crest
    // magnifies what lies under it, as a ridge of water does. Staying a point
    // inside the layer keeps the wave from pulling in the emptiness around it.
    vec2 source = position - outward * slope * amplitude;
    vec4 color = sampleLayer(layer, clamp(source, bounds.xy + 1.0, bounds.xy + bounds.zw - 1.0));

    // Light the crest and shade the troughs. Colours come premultiplied by their alpha.
    color.rgb = max(color.rgb + vec3(0.12 * height) * color.a, vec3(0.0));
    return color;
}
