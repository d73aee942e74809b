// Distortion effects: where each pixel samples the layer.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>   // the header name Apple documents; the seeds use SwiftUI.h
using namespace metal;

[[ stitchable ]] float2 shiftDistortion(float2 position) {
    return position + float2(2.0, 1.0);
}

[[ stitchable ]] float2 mirrorDistortion(float2 position, float2 size) {
    return float2(size.x - position.x, position.y);
}

[[ stitchable ]] float2 twirl(float2 position, float2 centre, float strength) {
    float2 d = position - centre;
    float angle = length(d) * strength;
    float s, c;
    s = sincos(angle, c);
    float2x2 rotation = float2x2(c, s, -s, c);
    return centre + rotation * d;
}
