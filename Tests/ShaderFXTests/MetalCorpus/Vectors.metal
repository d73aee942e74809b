// Vector and matrix types: indexing, brace initialisers, integer and boolean vectors,
// float and half matrices.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 componentLoop(float2 position, half4 color) {
    float4 c = float4(color);
    float4 reversed;
    for (int i = 0; i < 4; i++) {
        reversed[i] = c[3 - i];
    }
    reversed[3] = 1.0;
    return half4(reversed);
}

[[ stitchable ]] half4 braceInitialisers(float2 position, half4 color) {
    float3 a = {0.1, 0.2, 0.3};
    float2 b{0.5, 0.25};
    float weights[3] = {0.5, 0.25, 0.25};
    int3 k = int3{1, 2, 3};
    return half4(a.x + b.y, a.y * float(k.y), dot(a, float3(weights[0], weights[1], weights[2])), 1.0);
}

[[ stitchable ]] half4 integerVectors(float2 position, half4 color) {
    int2 ip = int2(position);
    uint2 up = uint2(ip) * 2u;
    short2 sp = short2(ip.x - 8, ip.y - 8);
    ushort us = ushort(up.x + up.y);
    bool2 odd = bool2(ip.x & 1, ip.y & 1);
    bool3 flags = bool3(odd, sp.x < 0);
    float r = any(flags) ? 0.25 : 0.0;
    float g = all(odd) ? 0.5 : 0.125;
    float b = float(us % 16u) / 16.0;
    float a = float(abs(sp.x) + abs(sp.y)) / 64.0;
    return half4(r + a, g, b, 1.0);
}

[[ stitchable ]] half4 matrices(float2 position, half4 color) {
    float2x2 rot = float2x2(float2(0.6, 0.8), float2(-0.8, 0.6));   // two columns
    float2 uv = position / float2(32.0, 24.0);
    float2 r = rot * uv;                    // matrix times vector
    float3x3 m = float3x3(1.0);             // the identity
    m[2][0] = 0.25;                         // column 2, row 0
    float3 v = m * float3(uv, 1.0);         // (uv.x + 0.25, uv.y, 1)
    half3x3 hm = half3x3(half3(0.5h, 0, 0), half3(0, 0.5h, 0), half3(0, 0, 0.5h));
    half3 hv = hm * color.rgb;
    float2x2 t = transpose(rot);
    float2 back = uv * rot;                 // vector times matrix
    float2 viaTranspose = t * uv;
    float det = determinant(rot);
    return half4(half(abs(r.x)) * 0.5h + half(v.x) * 0.25h,
                 half(abs(back.y) * 0.5 + abs(viaTranspose.y) * 0.5),
                 hv.b + half(det * 0.25), 1.0);
}
