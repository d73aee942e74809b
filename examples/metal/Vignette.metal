//
//  Vignette.metal
//
//  examples/vignette.glsl as a SwiftUI developer writes it in Metal:
//  .colorEffect(ShaderLibrary.vignette(.float(0.8), .color(.indigo), .boundingRect))
//  `shaderfx render --shader examples/metal/Vignette.metal --arg strength=0.8 --arg tint=indigo
//  --arg bounds=bounds -o out.png` renders it; the golden case vignette-metal checks it against
//  the GLSL version's reference picture.
//
//  Darkens toward the corners, mixing in a tint. `color` and `tint` arrive premultiplied, so
//  the result is kept premultiplied by scaling with color.a.
//

#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 vignette(float2 position, half4 color, float strength, half4 tint, float4 bounds) {
    float2 uv = (position - bounds.xy) / bounds.zw;
    float d = length(uv - 0.5) * 1.4142;
    float amount = clamp(d * d * strength, 0.0, 1.0);
    half3 rgb = mix(color.rgb, tint.rgb * color.a, half(amount * 0.6)) * half(1.0 - 0.5 * amount);
    return half4(rgb, color.a);
}
