#include <metal_stdlib>
using namespace metal;

// Broken statements of several kinds, so that the parser's recovery inside bodies is explored.
constant float k = (1.0 + 2.0;
float twice(float v) { return v * 2.0; }

[[ stitchable ]] half4 broken(float2 p, half4 c) {
    float x = 1.0 +;
    float y = sin(p.x;
    if (x > ) { x = 1.0; } else { y = 3 4; }
    for (int i = 0; i < 3; i++ { x += ; }
    while (x > 0.0) { x -= 1.0 }
    switch (int(x)) { case 0: y = ; break; default: break; }
    do { x += 1.0; } while (x < 2.0)
    return c * half(y) );
}

[[ stitchable ]] half4 unclosed(float2 p, half4 c) {
    if (p.x > 0.0) {
        return c;
    return c;

[[ stitchable ]] half4 fine(float2 p, half4 c) { return c * half(twice(0.25)); }
