// ShaderFX built-in effect · color · circleWave
//
// Rings of light spread outward from a centre point and fade with distance.
//
// The distance d from the centre is measured in units of the view's shorter side (so the
// rings are round in any aspect ratio). A wave w = 0.5 + 0.5 sin(density d - 2 pi speed time)
// makes density / 2 pi rings per unit of d, moving outward at `speed` rings per second; w^4
// keeps the rings thin with dark gaps between them. The light fades with distance:
// full inside d < brightness / strength, then in proportion to 1 / d,
//     light = w^4 * min(1, brightness / (strength d)).
// The ring colour (premultiplied) times the light, times the pixel's alpha, is added to the
// pixel; the sum is kept at most the pixel's alpha, so the result stays a valid premultiplied
// colour, alpha is unchanged and transparent pixels stay transparent.
//
// Parameters:
//   bounds       vec4   the view's rectangle (x, y, width, height) in points, from .boundingRect
//   time         float  seconds; any value; default 0
//   brightness   float  how far the full light reaches (brightness / strength shorter sides);
//                       >= 0; default 0.5
//   speed        float  rings per second moving outward (negative: inward); default 1
//   strength     float  how fast the light fades with distance; > 0; default 2
//   density      float  ring frequency, radians per shorter side (density / 2 pi rings);
//                       default 100
//   center       vec2   the centre in unit coordinates of the view (0, 0 top-left; 1, 1
//                       bottom-right); default (0.5, 0.5)
//   circleColor  vec4   the colour of the light (premultiplied); default white
//
// Source: reimplements Inferno's circleWave (MIT) from its description.

vec4 circleWave(vec2 position, vec4 color, vec4 bounds, float time, float brightness, float speed,
                float strength, float density, vec2 center, vec4 circleColor) {
    vec2 centre = bounds.xy + center * bounds.zw;
    float d = length(position - centre) / max(min(bounds.z, bounds.w), 1e-6);
    const float twoPi = 6.2831853;
    float w = 0.5 + 0.5 * sin(density * d - twoPi * speed * time);
    float fade = min(1.0, brightness / max(strength * d, 1e-6));
    float light = w * w * w * w * fade;
    vec3 rgb = min(color.rgb + circleColor.rgb * light * color.a, vec3(color.a));
    return vec4(rgb, color.a);
}
