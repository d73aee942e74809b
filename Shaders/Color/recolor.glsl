// ShaderFX built-in effect · color · recolor
//
// Paints the view in one colour, keeping its shape and its anti-aliased edges.
//
// Every pixel becomes the replacement colour scaled by the pixel's coverage: both the
// replacement (a colour argument) and the result are premultiplied, so the result is
// replacement * color.a, alpha included. A half-transparent replacement therefore gives
// alpha replacement.a * color.a, and alpha is applied exactly once: no dark or light fringe
// on an anti-aliased rim, and transparent pixels stay transparent.
//
// Parameters:
//   replacement  vec4  the new colour (premultiplied, as colour arguments arrive); any
//                      colour, alpha included; default red
//
// Source: reimplements Inferno's recolor (MIT) from its description.

vec4 recolor(vec2 position, vec4 color, vec4 replacement) {
    return replacement * color.a;
}
