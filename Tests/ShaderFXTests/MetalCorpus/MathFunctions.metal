// Metal's arithmetic as C++ defines it and its standard library: integer division and
// remainder truncate, fmod keeps the dividend's sign, round goes half away from zero.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 signedIntegerMath(float2 position, half4 color) {
    int x = int(position.x) - 16;     // -16 ... 15
    int y = int(position.y) - 12;     // -12 ... 11
    int q = x / 3;                    // toward zero
    int r = x % 5;                    // the dividend's sign
    int s = y % -4;
    int t = -y / 2;
    return half4(float(q + 6) / 16.0, float(r + 5) / 16.0, float(s + 4) / 16.0 + float(t + 6) / 64.0, 1.0);
}

[[ stitchable ]] half4 bitwise(float2 position, half4 color) {
    uint x = uint(position.x);
    uint y = uint(position.y);
    uint pattern = (x & 5u) | ((y ^ 3u) << 3);
    uint flipped = ~pattern & 0xFFu;
    int shifted = -int(x) >> 1;       // arithmetic shift of a negative number
    return half4(float(pattern & 63u) / 63.0, float(flipped) / 255.0, float(shifted + 16) / 32.0, 1.0);
}

[[ stitchable ]] half4 fmodAndAtan2(float2 position, half4 color) {
    float2 d = position - float2(16.0, 12.0);
    float m = fmod(d.x, 5.0);
    float a = atan2(d.y, d.x);
    return half4(m / 10.0 + 0.5, a / (2.0 * M_PI_F) + 0.5, fmod(-d.y, 3.5) / 7.0 + 0.5, 1.0);
}

[[ stitchable ]] half4 clampingFunctions(float2 position, half4 color) {
    float x = position.x / 16.0 - 1.0;
    float y = position.y / 12.0 - 1.0;
    float r = saturate(x * 1.5);
    float g = fmin(fabs(x), fmax(y, 0.2));
    float b = mix(0.1, 0.9, smoothstep(-0.5, 0.5, y)) * step(0.0, x);
    return half4(r, g, b, 1.0);
}

[[ stitchable ]] half4 threeWay(float2 position, half4 color) {
    float3 c = float3(color.rgb);
    float lo = min3(c.r, c.g, c.b);
    float hi = max3(c.r, c.g, c.b);
    float mid = median3(c.r, c.g, c.b);
    return half4(lo, mid, hi, 1.0);
}

[[ stitchable ]] half4 rsqrtSincosModf(float2 position, half4 color) {
    float r = rsqrt(position.x * position.y + 1.0);
    float c;
    float s = sincos(position.x * 0.2, c);
    float whole;
    float fraction = modf(position.y * 0.3 - 3.0, whole);
    return half4(r, s * 0.25 + c * 0.25 + 0.5, fraction * 0.5 + 0.5 + whole / 64.0, 1.0);
}

[[ stitchable ]] half4 selectAndRound(float2 position, half4 color) {
    float v = (floor(position.x) - 16.0) * 0.5;    // -8, -7.5, ..., 7.5
    float r = round(v);                              // halves away from zero
    float3 a = float3(0.25, 0.5, 0.75);
    float3 b = float3(0.75, 0.5, 0.25);
    float3 chosen = select(a, b, bool3(position.y > 12.0, position.x > 16.0, v < 0.0));
    return half4((r + 8.0) / 16.0, chosen.x, chosen.y * 0.5 + chosen.z * 0.5, 1.0);
}

[[ stitchable ]] half4 mathConstants(float2 position, half4 color) {
    float angle = position.x / 32.0 * M_PI_F;
    half h = M_PI_H / 4.0h;
    float big = fmin(FLT_MAX, position.y * 1e30);
    float inf = INFINITY;
    bool ordered = isinf(inf) && !isinf(big) && big < inf && -FLT_MAX < big;
    return half4(sin(angle), float(h) / 4.0 + (ordered ? 0.5 : 0.0), log2(FLT_MAX) / 256.0, 1.0);
}

[[ stitchable ]] half4 qualifiedNames(float2 position, half4 color) {
    metal::float2 uv = position / metal::float2(32.0, 24.0);
    float d = metal::distance(uv, metal::float2(0.5));
    float w = metal::clamp(metal::pow(uv.x, 2.0), 0.0, 1.0);
    return metal::half4(half(d), half(w), half(metal::exp2(-uv.y)), 1.0h);
}

// Program-scope constants computed by standard-library functions that GLSL ES has no equal for:
// their GLSL is a generated helper, which a GLSL constant expression cannot call, so each becomes
// a function of its own (as a constant computed by a user function does).
constant float kRemainder = fmod(-5.5, 2.0);               // C truncates toward zero: -1.5
constant float2 kRounded = round(float2(2.5, -0.5));       // halves away from zero: (3, -1)
constant float kMedian = median3(0.75, 0.25, 0.5);         // 0.5
constant float kSquared = length_squared(float2(0.3, 0.4)); // 0.25
constant float kSmallest = min3(0.5, 0.125, 0.25);         // a built-in GLSL folds: stays a constant

[[ stitchable ]] half4 libraryConstants(float2 position, half4 color) {
    return half4(-kRemainder / 2.0 * (position.x / 32.0), (kRounded.x - kRounded.y) / 8.0 + position.y / 96.0,
                 kMedian * kSquared * 4.0 + kSmallest, 1.0);
}
