// Names that are fine in Metal but reserved or built in in GLSL: variables and parameters
// called sample, input, filter, smooth, output, texture; user functions called mod and mix.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

// Not a Metal function: the app's own floor-based modulo.
float mod(float a, float b) {
    return a - b * floor(a / b);
}

// A four-argument overload beside metal::mix: a three-stop gradient.
half4 mix(half4 a, half4 b, half4 c, float t) {
    return t < 0.5 ? metal::mix(a, b, half(t * 2.0)) : metal::mix(b, c, half(t * 2.0 - 1.0));
}

[[ stitchable ]] half4 reservedIdentifiers(float2 position, half4 color, float input, float filter) {
    float sample = fmod(position.x, 4.0) / 4.0;
    float smooth = input * 0.5;
    half4 output = color;
    float texture = filter * 0.25;
    int active = 1, centroid = 2, flat = 3;
    return half4(sample, smooth, float(output.b) * 0.5 + texture, float(active + centroid + flat) / 6.0);
}

[[ stitchable ]] half4 userMixAndMod(float2 position, half4 color) {
    float m = mod(position.x - 16.0, 5.0);          // floor-based, unlike fmod
    half4 gradient = mix(half4(1, 0, 0, 1), half4(0, 1, 0, 1), half4(0, 0, 1, 1), position.y / 24.0);
    return half4(m / 5.0, gradient.g, gradient.b, 1.0);
}
