// ShaderFX built-in effect · color · interlace
//
// Every other band of rows is tinted toward a colour, like interlaced video lines.
//
// Rows are grouped into horizontal bands `lineWidth` points tall from the top:
// band = floor(position.y / lineWidth). In odd bands the pixel is mixed toward the replacement
// colour scaled by its coverage, mix(color, replacement * color.a, strength), which keeps
// the result premultiplied and transparent pixels transparent; even bands (the first one
// included) keep their colour.
//
// Parameters:
//   lineWidth    float  height of one band in points; > 0; default 2
//   replacement  vec4   the colour the odd bands move toward (premultiplied); default black
//   strength     float  how far they move: 0 unchanged, 1 the colour; 0 ... 1; default 1
//
// Source: reimplements Inferno's interlace (MIT) from its description.

vec4 interlace(vec2 position, vec4 color, float lineWidth, vec4 replacement, float strength) {
    float band = floor(position.y / lineWidth);
    bool odd = mod(band, 2.0) >= 0.5;
    return odd ? mix(color, replacement * color.a, strength) : color;
}
