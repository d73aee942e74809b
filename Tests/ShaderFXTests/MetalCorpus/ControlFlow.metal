// Statements: if/else chains, for with break and continue, while, do-while, switch with
// fall-through, the ternary operator, ++/-- and compound assignment.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 branches(float2 position, half4 color) {
    half4 result;
    if (position.x < 8.0) {
        result = half4(1.0, 0.0, 0.0, 1.0);
    } else if (position.x < 16.0 && position.y >= 12.0) {
        result = half4(0.0, 1.0, 0.0, 1.0);
    } else if (!(position.y < 6.0) || position.x > 28.0) {
        result = half4(0.0, 0.0, 1.0, 1.0);
    } else
        result = color;
    return result;
}

[[ stitchable ]] half4 loopsWithBreak(float2 position, half4 color) {
    int x = int(position.x);
    int sum = 0;
    for (int i = 0; i < 32; ++i) {
        if (i % 3 == 0) continue;
        if (i > x) break;
        sum += i;
    }
    int count = 0;
    for (int i = 0, j = 10; i < j; i += 2, j--) count++;
    return half4(float(sum) / 512.0, float(count) / 8.0, 0.0, 1.0);
}

[[ stitchable ]] half4 whileLoops(float2 position, half4 color) {
    uint n = uint(position.x) + 1u;
    uint steps = 0u;
    while (n != 1u && steps < 100u) {     // Collatz
        n = (n & 1u) ? 3u * n + 1u : n / 2u;
        steps++;
    }
    int k = int(position.y);
    int digits = 0;
    do {
        digits++;
        k /= 2;
    } while (k > 0);
    return half4(float(steps) / 128.0, float(digits) / 8.0, 0.0, 1.0);
}

[[ stitchable ]] half4 switchCases(float2 position, half4 color) {
    int band = int(position.x) / 4;      // 0 ... 7
    float r = 0.0, g = 0.0;
    switch (band) {
        case 0: r = 0.25; break;
        case 1:
        case 2: r = 0.5; break;
        case 3: g = 0.25;                // falls through
        case 4: r = 0.75; break;
        default: r = 1.0; g = 1.0;
    }
    return half4(r, g, float(band) / 8.0, 1.0);
}

[[ stitchable ]] half4 operators(float2 position, half4 color) {
    int i = int(position.x);
    int j = i++;
    int k = --i;
    int m = 7;
    m += k; m -= 2; m *= 3; m /= 2; m %= 11;
    m <<= 1; m >>= 1; m |= 16; m &= 0x1F; m ^= 5;
    float f = 1.0;
    f += 0.5; f *= position.y; f /= 24.0; f -= 0.25;
    float t = k > 15 ? (k > 23 ? 1.0 : 0.5) : 0.0;
    return half4(float(m) / 32.0, f, t + float(j - k) * 0.125, 1.0);
}
