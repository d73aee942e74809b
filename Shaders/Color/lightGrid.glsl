// ShaderFX built-in effect · color · lightGrid
//
// A grid of coloured lights that blink on and off, like a wall of LEDs.
//
// The view is cut into square cells, `density` across its width (side = width / density
// points). Cells are gathered into groups of groupSize x groupSize; every light of a group
// shares a random colour and a random blink. Three integer hashes (lowbias32 of the group's
// column and row) give a hue h, a phase phi and a rate r in [0, 1): the colour is the cosine
// palette 0.5 + 0.5 cos(2 pi (h + (0, 1/3, 2/3))), and the light's level
// b = (0.5 + 0.5 sin((0.5 + r) speed time + 2 pi phi))^2 blinks smoothly at about speed radians
// per second. Each light is round: its glow is brightness (1 - 2 rho)^2 at distance rho (in cell
// sides) from the cell's centre, zero beyond half a cell. The pixel becomes
// clamp(colour * glow * b, 0, 1) on black, scaled by the pixel's alpha once; transparent
// pixels stay transparent.
//
// Parameters:
//   bounds      vec4   the view's rectangle (x, y, width, height) in points, from .boundingRect
//   time        float  seconds; any value; default 0
//   density     float  lights across the view's width; > 0; default 8
//   speed       float  how fast the lights blink, radians per second; default 3
//   groupSize   float  lights per side of a group sharing colour and blink; >= 1; default 1
//   brightness  float  the glow at a light's centre before clamping; >= 0; default 3
//
// Source: reimplements Inferno's lightGrid (MIT) from its description.

#include "noise.glsl"

vec4 lightGrid(vec2 position, vec4 color, vec4 bounds, float time, float density, float speed,
               float groupSize, float brightness) {
    float side = bounds.z / max(density, 1e-6);
    vec2 cells = (position - bounds.xy) / side;
    vec2 group = floor(floor(cells) / max(floor(groupSize), 1.0));
    float rho = length(fract(cells) - 0.5);

    const float twoPi = 6.2831853;
    float hue = noiseValue(group, 0x68e31da4u);
    float phase = noiseValue(group, 0xb5297a4du);
    float rate = noiseValue(group, 0x1b56c4e9u);
    vec3 tint = 0.5 + 0.5 * cos(twoPi * (hue + vec3(0.0, 1.0 / 3.0, 2.0 / 3.0)));
    float blink = 0.5 + 0.5 * sin((0.5 + rate) * speed * time + twoPi * phase);
    float glow = brightness * pow(max(1.0 - 2.0 * rho, 0.0), 2.0);

    vec3 straight = clamp(tint * glow * blink * blink, 0.0, 1.0);
    return vec4(straight, 1.0) * color.a;
}
