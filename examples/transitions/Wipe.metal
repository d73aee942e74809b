//
//  Wipe.metal
//
//  A transition of your own for `shaderfx transition --shader`: the incoming picture sweeps
//  in from the left behind a soft edge.
//
//  The contract of a colour (or layer) transition: ShaderFX runs the function over the
//  incoming picture (`color` is its pixel), feeds `progress` (0...1) and the outgoing picture
//  (`from`, the same size), and takes the returned pixel, premultiplied. Progress 0 must give
//  the outgoing picture and 1 the incoming one; ShaderFX writes those two frames exactly.
//
//  shaderfx transition --shader examples/transitions/Wipe.metal --arg softness=0.2 \
//      --arg bounds=bounds --duration 1 -o wipe.gif
//

#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 wipe(float2 position, half4 color, float4 bounds, float progress,
                            float softness, texture2d<half> from) {
    constexpr sampler linear(filter::linear, address::clamp_to_edge);
    float2 uv = position / bounds.zw;
    half4 outgoing = from.sample(linear, uv);
    // The edge runs from -softness to 1, so both ends show one picture whole.
    float s = max(softness, 1e-4);
    float m = clamp((progress * (1.0 + s) - uv.x) / s, 0.0, 1.0);
    return mix(outgoing, color, half(m));
}
