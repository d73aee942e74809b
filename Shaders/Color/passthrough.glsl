// ShaderFX built-in effect · color · passthrough
//
// The identity: every pixel keeps its colour.
//
// The function returns the input colour untouched, premultiplied alpha included. It is the
// "no effect" of a list of effects, and the check that the colour pipeline itself changes
// nothing: the output equals the input exactly.
//
// Parameters: none.
//
// Source: reimplements Inferno's passthrough (MIT) from its description.

vec4 passthrough(vec2 position, vec4 color) {
    return color;
}
