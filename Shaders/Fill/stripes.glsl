// ShaderFX built-in effect · fill · stripes
//
// Horizontal stripes of repeating colours, used as a fill style.
//
// Each pixel belongs to stripe i = floor(position.y / thickness); the stripe's colour is
// colors[i mod count], with the modulo wrapped so negative positions (above the frame, or in
// a layer's grown margin) still pick a colour in 0 ..< count. The result fills the layer's
// coverage, as `.foregroundStyle(stripes)` fills text and `.fill(stripes)` fills a shape.
//
// Parameters:
//   thickness  float       height of one stripe in points; > 0; default 20
//   colors     ColorArray  the stripe colours, top to bottom; at least one;
//                          default red, orange, yellow, green, blue, purple (SwiftUI's)
//
// Source: seed 000 ("MetalRipples"), Stripes.metal, ported line by line. GLSL ES leaves `%`
// undefined for negative operands, so the seed's ((i % count) + count) % count is written
// with floor division, which gives the same result for every i.

vec4 stripes(vec2 position, float thickness, ColorArray colors) {
    int i = int(floor(position.y / thickness));

    // Clamp to 0 ..< count.
    int count = colors.count;
    i = i - count * int(floor(float(i) / float(count)));

    return at(colors, i);
}
