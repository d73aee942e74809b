//
//  Ripple.metal
//  MetalRipples
//
//  Seed 000 ("MetalRipples"): the WWDC24 ripple, a layer effect driven by a tap and a 3 s
//  keyframe animation:
//  .layerEffect(ShaderLibrary.Ripple(.float2(origin), .float(elapsedTime), .float(12), .float(15),
//               .float(8), .float(1200)), maxSampleOffset: CGSize(width: 12, height: 12))
//
//  ShaderFX's built-in `ripple` (Shaders/Layer/ripple.glsl) adds two guards the seed lacks, each
//  changing only pixels that would otherwise be NaN: the pixel exactly at the origin has no
//  direction (n = 0 instead of normalize(0)), and amplitude 0 brightens nothing. They are kept
//  here so that this file renders as the built-in does at every pixel.
//

#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]]
half4 Ripple(
    float2 position,
    SwiftUI::Layer layer,
    float2 origin,
    float time,
    float amplitude,
    float frequency,
    float decay,
    float speed
) {
    // The distance of the current pixel position from `origin`.
    float distance = length(position - origin);
    // The amount of time it takes for the ripple to arrive at the current pixel position.
    float delay = distance / speed;

    // Adjust for delay, clamp to 0.
    time -= delay;
    time = max(0.0, time);

    // The ripple is a sine wave that Metal scales by an exponential decay function.
    float rippleAmount = amplitude * sin(frequency * time) * exp(-decay * time);

    // A vector of length `amplitude` that points away from position (ShaderFX: 0 at the origin).
    float2 n = distance > 0.0 ? normalize(position - origin) : float2(0.0);

    // Scale `n` by the ripple amount at the current pixel position and add it
    // to the current pixel position.
    //
    // This new position moves toward or away from `origin` based on the
    // sign and magnitude of `rippleAmount`.
    float2 newPosition = position + rippleAmount * n;

    // Sample the layer at the new position.
    half4 color = layer.sample(newPosition);

    // Lighten or darken the color based on the ripple amount and its alpha
    // component (ShaderFX: no brightening when the amplitude is 0).
    color.rgb += 0.3 * (amplitude != 0.0 ? rippleAmount / amplitude : 0.0) * color.a;

    return color;
}
