// ShaderFX built-in effect · color · gradientFill
//
// A red-to-blue gradient split along the diagonal, from the raw coordinates.
//
// Red is position.x / position.y and blue is position.y / position.x, each clamped to
// 0 ... 1, green is 0: above the diagonal x = y (x > y) red is full and blue fades toward
// the top-right; below it blue is full and red fades toward the bottom-left; on the
// diagonal both are 1 (magenta). Because the ratios do not depend on the view's size,
// the picture is the same at every size. The straight colour is scaled by the pixel's
// coverage (alpha applied once), so the gradient fills the view's shape.
//
// Parameters: none.
//
// Source: reimplements Inferno's gradientFill (MIT) from its description.

vec4 gradientFill(vec2 position, vec4 color) {
    // Positions of pixels are > 0 (pixel centres); the guard keeps 0 from dividing.
    vec2 p = max(position, vec2(1e-6));
    vec3 straight = vec3(clamp(p.x / p.y, 0.0, 1.0), 0.0, clamp(p.y / p.x, 0.0, 1.0));
    return vec4(straight, 1.0) * color.a;
}
