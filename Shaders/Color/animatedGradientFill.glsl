// ShaderFX built-in effect · color · animatedGradientFill
//
// A rainbow that turns around the middle of the view.
//
// The angle of the pixel around the view's centre, a = atan(dy, dx) (in points, y down, so
// the angle grows clockwise), plus the time in seconds, drives three sine waves a third of a
// turn apart: (r, g, b) = |sin(a + time + (0, 2 pi/3, 4 pi/3))|. Taking the magnitude halves the
// period, so each colour appears twice around the centre, on opposite sides, and the whole
// pattern turns one radian per second. The straight colour is scaled by the pixel's alpha
// once, so the gradient fills the view's shape and transparent pixels stay transparent.
//
// Parameters:
//   bounds  vec4   the view's rectangle (x, y, width, height) in points, from .boundingRect
//   time    float  seconds; any value; default 0
//
// Source: reimplements Inferno's animatedGradientFill (MIT) from its description.

vec4 animatedGradientFill(vec2 position, vec4 color, vec4 bounds, float time) {
    vec2 fromCentre = position - (bounds.xy + 0.5 * bounds.zw);
    float angle = atan(fromCentre.y, fromCentre.x);
    const float third = 2.0943951;  // 2 pi/3
    vec3 straight = abs(sin(angle + time + vec3(0.0, third, 2.0 * third)));
    return vec4(straight, 1.0) * color.a;
}
