// Samplers made where they are used, spelled with metal:: as Inferno's VariableGaussianBlur does.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>

[[ stitchable ]] half4 inlineSampler(float2 position, half4 color, texture2d<half> tile) {
    float2 uv = position / float2(tile.get_width(), tile.get_height());
    half4 texel = tile.sample(metal::sampler(metal::filter::nearest, metal::address::repeat), uv * 1.5);
    return metal::mix(texel, color, 0.0h);
}
