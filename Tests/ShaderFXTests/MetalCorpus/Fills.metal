// Shader fills (.fill(shader), .foregroundStyle(shader)): float and colour arrays, colour
// arguments, integer patterns.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 checkerFill(float2 position, float cellSize, half4 first, half4 second) {
    int2 cell = int2(floor(position / cellSize));
    bool even = ((cell.x + cell.y) & 1) == 0;
    return even ? first : second;
}

[[ stitchable ]] half4 levelsFill(float2 position, device const float *levels, int count) {
    int i = int(position.x) % count;
    return half4(half(levels[i]), half(levels[count - 1 - i]), 0.0h, 1.0h);
}

[[ stitchable ]] half4 bandsFill(float2 position, device const half4 *colors, int count, float bandHeight) {
    int band = int(position.y / bandHeight);
    return colors[min(band, count - 1)];
}

[[ stitchable ]] half4 gradientFill(float2 position, float4 bounds) {
    float2 uv = (position - bounds.xy) / bounds.zw;
    return half4(uv.x, uv.y, 1.0 - uv.x * uv.y, 1.0);
}
