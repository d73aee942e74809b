// A colour effect whose phase is computed in half: fine on a desktop GPU, banded on an iPhone.
//
// At time 1000.3 s, half(time) is 1000.5 (binary16 holds 11 significant bits: between 512 and
// 1024 its steps are 0.5), and the phase then moves across the picture in steps of 0.5 radians.
//
//   shaderfx render --shader examples/precision/Phase.metal --arg time=1000.3 --precision apple -o apple.png
//   shaderfx precision examples/precision/Phase.metal --arg time=1000.3 -o difference.png
//
// The report names the phase's line; computing it in float (float p = time + x * 10.0;) is the fix.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 phase(float2 position, half4 color, float time) {
    half x = half(position.x) / 100.0h;
    half p = half(time) + x * 10.0h;
    half v = 0.5h + 0.5h * sin(p);
    half3 c = half3(v, v * v, 1.0h - v);
    return half4(c, 1.0h) * color.a;
}
