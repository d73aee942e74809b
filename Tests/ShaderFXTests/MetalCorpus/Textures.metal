// Image arguments: texture2d<half> read with samplers declared as apps declare them.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

constexpr sampler nearestClamp(address::clamp_to_edge, filter::nearest);

[[ stitchable ]] half4 textureNearest(float2 position, half4 color, texture2d<half> image) {
    float2 size = float2(image.get_width(), image.get_height());
    return image.sample(nearestClamp, position / size);
}

[[ stitchable ]] half4 textureRepeat(float2 position, half4 color, texture2d<half> tile) {
    constexpr sampler s(address::repeat, filter::nearest);
    float2 uv = position / float2(tile.get_width(), tile.get_height());
    return tile.sample(s, uv * 1.5);     // 1.5 texels per point: never on a texel boundary
}

[[ stitchable ]] half4 textureLinear(float2 position, SwiftUI::Layer layer, texture2d<half> image) {
    constexpr sampler linearClamp(filter::linear, address::clamp_to_edge);
    float2 uv = (position + float2(0.25, -0.5)) / float2(image.get_width(), image.get_height());
    half4 picture = layer.sample(position);
    return mix(picture, image.sample(linearClamp, uv), 0.5h);
}
