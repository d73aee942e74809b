// The standard library's integer and float-bit functions, which GLSL ES 3.00 lacks: bit counts,
// bit fields, rotation, saturating and halving arithmetic, the high half of a product, and the
// exponent and mantissa of a float. Each result is shown as a few of its bits, so one wrong bit
// moves a channel by several 8-bit levels.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

// Bits that differ from pixel to pixel in every position.
static uint bitsOfPixel(float2 position) {
    uint x = uint(position.x), y = uint(position.y);
    return (x * 2654435761u) ^ (y * 40503u + 0x9e3779b9u);
}

[[ stitchable ]] half4 bitCounts(float2 position, half4 color) {
    uint v = bitsOfPixel(position);
    uint s = v >> (uint(position.y) % 32u);
    uint t = v << (uint(position.x) % 32u);
    return half4(float(popcount(v)) / 32.0, float(clz(s)) / 32.0, float(ctz(t)) / 32.0, 1.0);
}

[[ stitchable ]] half4 bitFields(float2 position, half4 color) {
    uint v = bitsOfPixel(position);
    uint r = reverse_bits(v) >> 26;
    uint o = rotate(v, uint(position.y) * 3u) >> 26;
    int e = extract_bits(int(v), uint(position.x) % 20u, 6u);     // sign-extended: -32 ... 31
    return half4(float(r) / 63.0, float(o) / 63.0, float(e + 32) / 63.0, 1.0);
}

[[ stitchable ]] half4 bitInserts(float2 position, half4 color) {
    uint v = bitsOfPixel(position);
    uint a = insert_bits(v, 0x2au, uint(position.x) % 26u, 6u);
    uint f = extract_bits(a, uint(position.y) % 26u, 6u);           // unsigned: 0 ... 63
    int b = insert_bits(int(v), -1, 3u, 4u);
    int w = rotate(int(v), int(position.x) - 16);                     // a negative count rotates by count mod 32
    return half4(float(f) / 63.0, float(uint(b) & 0x3fu) / 63.0, float(uint(w) >> 26) / 63.0, 1.0);
}

[[ stitchable ]] half4 saturatingSigned(float2 position, half4 color) {
    uint v = bitsOfPixel(position);
    int a = int(v), b = int(v * 747796405u + 1u);
    int s = addsat(a, b), d = subsat(a, b), h = hadd(a, b);
    return half4(float(uint(s) >> 26) / 63.0, float(uint(d) >> 26) / 63.0, float(uint(h) >> 26) / 63.0, 1.0);
}

[[ stitchable ]] half4 saturatingUnsigned(float2 position, half4 color) {
    uint a = bitsOfPixel(position), b = a * 747796405u + 1u;
    uint s = addsat(a, b), d = subsat(a, b);
    uint2 m = absdiff(uint2(a, uint(int(a) >> 3)), uint2(b, 5u)) + uint2(rhadd(a, b), 0u);
    return half4(float(s >> 26) / 63.0, float(d >> 26) / 63.0, float(m.x >> 26) / 63.0, 1.0);
}

[[ stitchable ]] half4 highProducts(float2 position, half4 color) {
    uint a = bitsOfPixel(position), b = a * 747796405u + 1u;
    uint hu = mulhi(a, b);
    int hs = madhi(int(a), int(b), int(position.x));
    uint m = mad24(a & 0xfffu, b & 0xfffu, uint(position.y)) + mul24(a & 0xffu, 3u);
    return half4(float(hu >> 26) / 63.0, float(uint(hs) >> 26) / 63.0, float(m >> 18) / 63.0, 1.0);
}

[[ stitchable ]] half4 piFunctions(float2 position, half4 color) {
    float u = position.x / 32.0, v = position.y / 24.0;
    return half4(sinpi(u) * 0.5 + cospi(v) * 0.25 + 0.25, asinpi(u * 2.0 - 1.0) + 0.5,
                 atan2pi(v - 0.5, u - 0.5) * 0.5 + 0.5, 1.0);
}

[[ stitchable ]] half4 morePiFunctions(float2 position, half4 color) {
    float u = position.x / 32.0, v = position.y / 24.0;
    return half4(acospi(u * 2.0 - 1.0), atanpi(v * 4.0 - 2.0) + 0.5, tanpi(u * 0.4 - 0.2) * 0.5 + 0.5, 1.0);
}

[[ stitchable ]] half4 floatParts(float2 position, half4 color) {
    float x = ldexp(position.x - 15.75, int(position.y) - 12);      // exact: (i - 15.25) * 2^(j - 12)
    int e;
    float m = frexp(x, e);
    return half4(abs(m) * 2.0 - 1.0, float(e + 16) / 32.0, (logb(x) + 16.0) / 32.0, 1.0);
}

[[ stitchable ]] half4 floatSteps(float2 position, half4 color) {
    float x = ldexp(position.x - 15.75, int(position.y) - 12);
    float up = nextafter(x, INFINITY) - x;                            // one step up: an ulp (below a power of two, half one)
    float2 d = fdim(float2(position.x / 32.0, 0.25), float2(position.y / 24.0, 0.5));
    return half4(float(ilogb(up) + 40) / 64.0, d.x + d.y, float(ilogb(x) + 16) / 32.0, 1.0);
}
