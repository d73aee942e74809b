//
//  RippleRefraction.metal
//
//  Seed 002 ("Ripple Refraction"): a distortion effect with up to 12 live ripples in a ring
//  buffer, fed by drags:
//  .distortionEffect(ShaderLibrary.ripple(.float2(size), .float(time), .floatArray(store.packed)),
//                    maxSampleOffset: CGSize(width: 60, height: 60))
//  ShaderFX's built-in `ripple-refraction` (Shaders/Distortion/rippleRefraction.glsl) is this
//  function with the size taken from .boundingRect, and one documented guard kept here too:
//  a GPU's division may round age / LIFE a hair above 1 when age == LIFE, so 1 - t is floored
//  at 0 before pow (the result is the same 0 as Metal's correctly rounded division gives).
//

#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

constant float LIFE  = 2.6;
constant float REACH = 0.75;
constant float THICK = 500.0;
constant float AMP   = 0.05;

[[ stitchable ]] float2 ripple(float2 position,
                               float2 size,
                               float time,
                               device const float *ripples,
                               int count) {
  float2 uv = position / size;
  float aspect = size.x / size.y;
  float2 offset = float2(0.0);

  for (int i = 0; i + 3 < count; i += 4) {   // x, y, birth, strength
    float strength = ripples[i + 3];
    float age = time - ripples[i + 2];
    if (strength <= 0.0 || age < 0.0 || age > LIFE) { continue; }

    // measure in aspect-corrected space so the rings stay circular
    float2 d = (uv - float2(ripples[i], ripples[i + 1])) * float2(aspect, 1.0);
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

    offset += normalize(d) / float2(aspect, 1.0) * force * AMP;
  }

  // sampling past the layer returns transparent, which reads as black edges
  return clamp(position + offset * size, float2(0.0), size);
}
