//
//  Stripes.metal
//  MetalRipples
//
//  Seed 000 ("MetalRipples"): horizontal stripes of repeating colours, used as a shape style:
//  Circle().fill(ShaderLibrary.Stripes(.float(20), .colorArray([.red, .orange, .yellow, .green, .blue, .purple])))
//  ShaderFX's built-in `stripes` effect (Shaders/Fill/stripes.glsl) is this function.
//

#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]]
half4 Stripes(
    float2 position,
    float thickness,
    device const half4 *ptr,
    int count
) {
    int i = int(floor(position.y / thickness));

    // Clamp to 0 ..< count.
    i = ((i % count) + count) % count;

    return ptr[i];
}
