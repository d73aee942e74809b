// Layer effects: layer.sample at the pixel, at offsets, in loops, with the bounding rect.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 layerPassthrough(float2 position, SwiftUI::Layer layer) {
    return layer.sample(position);
}

[[ stitchable ]] half4 layerShift(float2 position, SwiftUI::Layer layer, float2 offset) {
    return layer.sample(position + offset);
}

[[ stitchable ]] half4 boxBlur(float2 position, SwiftUI::Layer layer, float radius) {
    int r = int(radius);
    half4 sum = 0;
    int n = 0;
    for (int dy = -r; dy <= r; dy++) {
        for (int dx = -r; dx <= r; dx++) {
            sum += layer.sample(position + float2(dx, dy));
            n++;
        }
    }
    return sum / half(n);
}

[[ stitchable ]] half4 mirrorInBounds(float2 position, SwiftUI::Layer layer, float4 bounds) {
    float2 local = position - bounds.xy;
    float2 mirrored = bounds.xy + bounds.zw - local;
    return layer.sample(mirrored);
}

[[ stitchable ]] half4 channelSplit(float2 position, SwiftUI::Layer layer, float shift) {
    half4 left = layer.sample(position - float2(shift, 0));
    half4 centre = layer.sample(position);
    half4 right = layer.sample(position + float2(shift, 0));
    return half4(left.r, centre.g, right.b, centre.a);
}

// SwiftUI's layer.sample written out by hand, as some shaders do: the five float2s of
// layer.info take a position in points to the texture's coordinates, then clamp it.
half4 sampleByHand(float2 p, SwiftUI::Layer layer) {
    p = metal::fma(p.x, layer.info[0], metal::fma(p.y, layer.info[1], layer.info[2]));
    p = metal::clamp(p, layer.info[3], layer.info[4]);
    return layer.tex.sample(metal::sampler(metal::filter::nearest), p);
}

[[ stitchable ]] half4 layerInfoShift(float2 position, SwiftUI::Layer layer, float2 offset) {
    return sampleByHand(position + offset, layer);
}
