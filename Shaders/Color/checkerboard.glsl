// ShaderFX built-in effect · color · checkerboard
//
// Replaces alternate squares of a checkerboard with a colour.
//
// The plane is cut into squares of side `squareSize` points from the top-left corner:
// square (i, j) = floor(position / squareSize). Where i + j is odd the pixel becomes the
// replacement colour scaled by the pixel's coverage (replacement * color.a, premultiplied,
// alpha applied once); where it is even the pixel keeps its colour. The square at the
// top-left corner is therefore the view's own; the parity uses floor, so it also holds for
// negative positions.
//
// Parameters:
//   replacement  vec4   the colour of the replaced squares (premultiplied); default red
//   squareSize   float  side of a square in points; > 0; default 50
//
// Source: reimplements Inferno's checkerboard (MIT) from its description.

vec4 checkerboard(vec2 position, vec4 color, vec4 replacement, float squareSize) {
    vec2 square = floor(position / squareSize);
    float parity = mod(square.x + square.y, 2.0);
    return parity >= 0.5 ? replacement * color.a : color;
}
