// ShaderFX built-in effect · color · invertAlpha
//
// Fills the transparent part of the view with a colour and clears the opaque part.
//
// The new coverage is the inverse of the old: 1 - color.a. The pixel becomes the
// replacement colour (premultiplied) scaled by that coverage, replacement * (1 - color.a),
// so a fully transparent pixel gets the whole colour, an opaque one becomes transparent,
// and an anti-aliased rim gets the complementary share. This is the one colour effect that
// draws where the view is transparent (within the view's frame).
//
// Parameters:
//   replacement  vec4  the colour of the filled area (premultiplied); default black
//
// Source: reimplements Inferno's invertAlpha (MIT) from its description.

vec4 invertAlpha(vec2 position, vec4 color, vec4 replacement) {
    return replacement * (1.0 - color.a);
}
