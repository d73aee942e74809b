// ShaderFX built-in transition · distortion · genie
//
// The incoming picture pours out of a point on an edge through a curved funnel, the macOS
// genie run backwards (a window coming back out of the Dock).
//
// How a transition is drawn: the incoming picture (`to`) is the layer this distortion runs on,
// as SwiftUI applies a transition's modifier to the inserted view. A distortion can only say
// where to read the layer, so the outgoing picture is drawn by a second pass, backdrop, behind
// what this pass leaves: whole when the incoming picture is opaque (opaque pictures give opaque
// frames), else faded to 1 - progress. At progress 1 every pixel reads itself (an
// exact copy) and the backdrop is invisible; at progress 0 every pixel reads the transparent
// margin beyond the layer and the backdrop is whole: the ends are `from` and `to` bit for bit.
//
// Algorithm, with e = 1 - progress the amount sucked in: the flow runs vertically toward the
// target's edge (down when target.y >= 0.5, else up); f is the pixel's distance in points
// from the opposite edge along the flow, and the mouth is the target's row, M points along.
// 1. The funnel: with s = clamp(f / M, 0, 1), rows pinch toward the target's x by
//        pinch = smoothstep(0, 0.6, e) * smoothstep(0, 1, s ^ curvature)
//    a row keeps (1 - pinch) of its width, its left edge at pinch * target.x * width, and
//    the pixel reads the layer at x' = (x - left) / (1 - pinch). Rows past the mouth pinch as
//    the mouth does, to nothing once the funnel is complete.
// 2. The slide: the picture moves along the flow by smoothstep(0.3, 1, e) * (M + 2) points,
//    into the funnel and through its mouth, where it vanishes.
// A pixel whose source falls outside the picture reads far outside the layer: transparent.
//
// Parameters:
//   bounds     vec4   the layer's bounds (0, 0, width, height) in points (.boundingRect)
//   progress   float  0...1: 0 the picture is all sucked in, 1 it is whole; default 0
//   target     vec2   where the picture is sucked in, in unit coordinates (0, 0 top-left,
//                     1, 1 bottom-right); best on the top or bottom edge; default (1, 1),
//                     the bottom-right corner, where the Dock keeps minimised windows
//   curvature  float  shape of the funnel's sides, the exponent on s; 0.1...10; 1 an even
//                     S-curve, larger keeps the top wide and pinches late; default 1
//
// Source: reimplements Inferno's genie transition (MIT) from its description; the target
// and curvature parameters are additions that Inferno users asked for.

vec2 genie(vec2 position, vec4 bounds, float progress, vec2 target, float curvature) {
    vec2 size = bounds.zw;
    float e = 1.0 - progress;
    bool down = target.y >= 0.5;

    // Distance along the flow, and where the mouth is.
    float f = down ? position.y : size.y - position.y;
    float mouth = max((down ? target.y : 1.0 - target.y) * size.y, 1.0);

    // 1. The funnel narrows the rows toward the target's x.
    float s = clamp(f / mouth, 0.0, 1.0);
    float pinch = smoothstep(0.0, 0.6, e) * smoothstep(0.0, 1.0, pow(s, curvature));
    float width = 1.0 - pinch;
    if (width < 1e-4) return vec2(-1e5);
    float x = (position.x - pinch * target.x * size.x) / width;

    // 2. The picture slides along the flow into the mouth.
    float fSource = f - smoothstep(0.3, 1.0, e) * (mouth + 2.0);
    float y = down ? fSource : size.y - fSource;

    if (x < 0.0 || x > size.x || y < 0.0 || y > size.y) return vec2(-1e5);
    return vec2(x, y);
}
