// Helper functions as apps organise them: prototypes, default arguments, overloads, structs,
// out-parameters by reference and by pointer, arrays local, global, nested and as parameters,
// and program-scope constants.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
#include "CorpusCommon.h"
using namespace metal;

// Prototypes, defined after their first use; the default argument is on the prototype.
float wave(float x, float k = 2.0);
static float triangle(float x);

struct Ring {
    float2 centre;
    float radius;
    float width;
};

struct Palette {
    half4 inside;
    half4 outside;
};

// A gradient as apps build one: structs with array members, an array of structs, a const
// reference parameter, a braced return.
struct Stop { float at; half4 color; };
struct Gradient { Stop stops[3]; int count; };
struct Pair { float a; float b; };
constant Stop kStops[2] = { {0.0, half4(1, 0, 0, 1)}, {1.0, half4(0, 0, 1, 1)} };

Pair makePair(float x) { return {x, x * 2.0}; }

half4 evaluate(thread const Gradient &g, float t) {
    for (int i = 1; i < g.count; i++) {
        if (t <= g.stops[i].at) {
            float f = (t - g.stops[i - 1].at) / (g.stops[i].at - g.stops[i - 1].at);
            return mix(g.stops[i - 1].color, g.stops[i].color, half(f));
        }
    }
    return g.stops[g.count - 1].color;
}

constant float kGain = 0.75;
constexpr constant float kOffset = 0.125;
static constant float kScale = 2.0;
constant float2 kCentre = float2(16.0, 12.0);
constant float kWeights[5] = {0.1, 0.2, 0.4, 0.2, 0.1};
constant half3 kPalette[3] = { half3(1, 0, 0), half3(0, 1, 0), half3(0, 0, 1) };

float coverage(Ring ring, float2 p) {
    float d = abs(length(p - ring.centre) - ring.radius);
    return 1.0 - smoothstep(0.0, ring.width, d);
}

float shade(float x) { return x * 0.5; }
float shade(float2 v) { return (v.x + v.y) * 0.25; }
float shade(half3 c) { return float(c.r + c.g + c.b) / 3.0; }

void splitInteger(float x, thread float &whole, thread float &fraction) {
    whole = floor(x);
    fraction = x - whole;
}

void accumulate(thread float *total, float value) {
    *total += value;
}

void swapValues(thread float2 &v) {
    v = v.yx;
}

float average4(float values[4]) {
    return (values[0] + values[1] + values[2] + values[3]) * 0.25;
}

float rowSum(float row[3]) {
    float s = 0.0;
    for (int i = 0; i < 3; i++) s += row[i];
    return s;
}

// Writes through its array parameter, as C++ passes arrays: by address.
void fillFrom(float values[4], float first, float step) {
    for (int i = 0; i < 4; i++) values[i] = first + step * float(i);
}

[[ stitchable ]] half4 ringStruct(float2 position, half4 color, float2 centre, float radius) {
    Ring ring = { centre, radius, 2.0 };
    Palette palette;
    palette.inside = half4(1.0h, 0.5h, 0.0h, 1.0h);
    palette.outside = color;
    float c = coverage(ring, position);
    return mix(palette.outside, palette.inside, half(c));
}

[[ stitchable ]] half4 overloadsAndDefaults(float2 position, half4 color) {
    float a = shade(position.x / 32.0);
    float b = shade(position / float2(32.0, 24.0));
    float c = shade(color.rgb);
    float w = wave(position.x / 32.0);          // k = 2, the default
    float w3 = wave(position.y / 24.0, 3.0);
    return half4(a + b, c, (w + w3) * 0.25 + 0.5, triangle(position.x / 8.0));
}

[[ stitchable ]] half4 outParameters(float2 position, half4 color) {
    float whole, fraction;
    splitInteger(position.x / 5.0, whole, fraction);
    float total = 0.0;
    for (int i = 0; i < 3; i++) accumulate(&total, position.y / 72.0);
    float2 v = float2(0.25, 0.75);
    swapValues(v);
    return half4(whole / 8.0, fraction, total * v.y, v.x);
}

[[ stitchable ]] half4 arrays(float2 position, half4 color) {
    float samples[4];
    for (int i = 0; i < 4; i++) samples[i] = float(i) * position.x / 128.0;
    float grid[3][3] = { {1, 2, 3}, {4, 5, 6}, {7, 8, 9} };
    int row = int(position.y) % 3;
    grid[row][1] = 0.0;
    float total = 0.0;
    for (int r = 0; r < 3; r++) total += rowSum(grid[r]);
    float weighted = 0.0;
    for (int k = 0; k < 5; k++) weighted += kWeights[k] * float(k);
    half3 tint = kPalette[int(position.x) % 3];
    return half4(average4(samples), total / 64.0 + weighted * 0.1, float(tint.b) * 0.5 + float(tint.g) * 0.25, 1.0);
}

[[ stitchable ]] half4 arrayParameterWrites(float2 position, half4 color) {
    float ramp[4] = {0, 0, 0, 0};
    fillFrom(ramp, position.x / 64.0, 0.125);
    return half4(ramp[0], ramp[1], ramp[3], 1.0);
}

[[ stitchable ]] half4 gradientStops(float2 position, float width) {
    Gradient g;
    g.count = 3;
    g.stops[0] = kStops[0];
    g.stops[1] = Stop{0.5, half4(0, 1, 0, 1)};
    g.stops[2] = kStops[1];
    Pair p = makePair(0.25);
    Pair q = p;
    q.a = 1.0;
    return evaluate(g, position.x / width) * half(p.a + q.a - 1.0) * 4.0h;
}

[[ stitchable ]] half4 globalConstants(float2 position, half4 color) {
    constexpr float third = 1.0 / 3.0;
    float d = length(position - kCentre) / 20.0;
    return half4(float(color.r) * kGain + kOffset, saturate(d * kScale * third), kOffset * kScale, 1.0);
}

[[ stitchable ]] half4 headerHelpers(float2 position, half4 color) {
    float y = luma(color.rgb);
    return half4(CORPUS_HALF(y), float(LEVELS) / 8.0, y, 1.0);
}

float wave(float x, float k) {
    return sin(x * k * M_PI_F);
}

static float triangle(float x) {
    return abs(fract(x) * 2.0 - 1.0);
}

// Static members, as a published shader keeps its palette: declared in the class, defined
// outside it; a static function named from outside and, unqualified, from inside.
struct Tones {
    static constant half4 warm;
    static constexpr constant float mixAmount = 0.25;
    static half4 toward(half4 c, half4 target) { return mix(c, target, half(mixAmount)); }
    static half4 warmed(half4 c) { return toward(c, warm); }
};
constant half4 Tones::warm = half4(1.0, 0.5, 0.0, 1.0);

// A kernel of weights filled through a pointer, its size taken by sizeof.
void fillWeights(float spread, thread float *weights, int count) {
    float sum = 0.0;
    for (int i = 0; i < count; i++) {
        weights[i] = exp(-float(i * i) / (2.0 * spread * spread));
        sum += weights[i];
    }
    for (int i = 0; i < count; i++) {
        weights[i] /= sum;
    }
}

[[ stitchable ]] half4 staticMembersAndSizeof(float2 position, half4 color) {
    float weights[5];
    int count = sizeof(weights) / sizeof(weights[0]);
    fillWeights(1.5, weights, count);
    half4 warm = Tones::warmed(color);
    return half4(warm.rgb, 1.0) * half(0.5 + weights[0] + weights[4] * float(count));
}
