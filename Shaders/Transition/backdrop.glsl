// ShaderFX built-in transition pass · color · backdrop
//
// Draws the outgoing picture, faded, behind the layer: the second pass of transitions whose
// own shader cannot read it (a distortion such as genie).
//
// Algorithm: the layer's premultiplied colour over the outgoing picture scaled by opacity,
//     color + from * opacity * (1 - color.a)
// read at position / size. Opacity 0 leaves the layer exactly as it is; a transparent layer
// over opacity 1 gives `from` exactly.
//
// Parameters:
//   bounds   vec4       the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   opacity  float      0...1, how much of the outgoing picture shows; default 1
//   from     sampler2D  the outgoing picture, the layer's size, premultiplied
//
// Source: ShaderFX's own, for its transitions (no Inferno counterpart).

#pragma shaderfx sampler(from, address: clamp, filter: linear)

vec4 backdrop(vec2 position, vec4 color, vec4 bounds, float opacity, sampler2D from) {
    vec4 behind = texture(from, position / bounds.zw) * opacity;
    return color + behind * (1.0 - color.a);
}
