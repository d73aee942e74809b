// Colour effects a beginner writes first: identity, swizzles, the preprocessor, literals,
// constructors, casts and implicit conversions.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
#include "CorpusCommon.h"
using namespace metal;

#define GAIN 1.5
#define SQUARE(x) ((x) * (x))
#define CORPUS_USE_CURVE 1

[[ stitchable ]] half4 identity(float2 position, half4 color) {
    return color;
}

[[ stitchable ]] half4 swapRedBlue(float2 position, half4 color) {
    return color.bgra;
}

[[ stitchable ]] half4 swizzleWrites(float2 position, half4 color) {
    half4 c = color;
    c.rg = color.gr;            // swap red and green
    c.b *= 0.5h;
    c.xy += half2(0.125h, 0.0h);
    c.zw = c.wz;                // alpha into blue, blue into alpha
    return c;
}

[[ stitchable ]] half4 luminanceGray(float2 position, half4 color) {
    half y = half(luma(color.rgb));
    return half4(half3(y), color.a);
}

[[ stitchable ]] half4 preprocessed(float2 position, half4 color) {
#if CORPUS_USE_CURVE
    float r = SQUARE(float(color.r));
#else
    float r = float(color.r);
#endif
#ifdef CORPUS_UNDEFINED_FLAG
    float g = 0.0;
#else
    float g = saturate(float(color.g) * GAIN);
#endif
#ifndef GAIN
    float b = 1.0;
#elif defined(SQUARE) && LEVELS > 2
    float b = CORPUS_HALF(float(color.b));
#else
    float b = 0.0;
#endif
    return half4(r, g, b, 1.0);
}

[[ stitchable ]] half4 literals(float2 position, half4 color) {
    float a = 0.25f;
    half b = 0.5h;
    uint c = 3u;
    int d = 0x10;
    float e = 1e-1f;
    float f = 2.f;
    float g = .5;
    return half4(a + float(b) * 0.5, float(c) / float(d), e * f + g * 0.1, 1.0h);
}

[[ stitchable ]] half4 castsAndConstructors(float2 position, half4 color) {
    int ix = (int)position.x;                    // C-style cast, truncates
    int iy = int(position.y);                    // function-style cast
    float2 cell = float2(ix % 4, iy % 4) / 3.0;  // ints into a float constructor
    float3 rgb = float3(cell, 0.5);              // a vector and a scalar
    half4 result = half4(half3(rgb), 1.0h);
    result.b = (half)(float)(ix + iy) / 128.0h;  // chained C-style casts
    uint2 u = uint2(position);                   // vector conversion
    result.g = half(u.y & 1u) * 0.25h + half(rgb.y) * 0.5h;
    return result;
}

[[ stitchable ]] half4 implicitConversions(float2 position, half4 color) {
    int steps = 8;
    float f = steps;              // int to float
    half h = position.x / 64;     // float to half; an int literal in a float division
    float3 v = 0.25;              // scalar to vector
    v.x += h;                     // half into a float
    uint n = 3;                   // int literal to uint
    float g = n / f;              // uint to float
    return half4(half(v.x), half(g), half(v.z) * 2, 1);
}
