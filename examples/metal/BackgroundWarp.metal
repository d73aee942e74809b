//
//  BackgroundWarp.metal
//
//  Seed 004 (WWDC "Compose advanced graphics effects"): the blurred cover art warped by
//  domain-warping noise, driven by a TimelineView's time:
//  .layerEffect(ShaderLibrary.backgroundWarp(.float2(proxy.size), .image(Image("NoiseTexture")),
//               .float(elapsed)), maxSampleOffset: .zero)
//  ShaderFX's built-in `background-warp` (Shaders/Layer/backgroundWarp.glsl) is this function,
//  with the size taken from .boundingRect.
//

#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[stitchable]] half4 backgroundWarp(
    float2 position, SwiftUI::Layer layer,
    float2 size, texture2d<half> noiseTex,
    float time
) {
    constexpr sampler s(address::repeat, filter::linear);
    float2 uv = position / size + time * 0.1;

    half4 n = noiseTex.sample(s, uv);

    float2 q = float2(n.r, n.g);
    n = noiseTex.sample(s, uv + q);

    float2 offset = (float2(n.r, n.g) - 0.5) * 200.0;

    return layer.sample(position + offset);
}
