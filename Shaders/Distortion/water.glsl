// ShaderFX built-in effect · distortion · water
//
// A wobble like looking through moving water: rows sway sideways, columns sway up and down.
//
// With uv = (position - bounds.xy) / bounds.size (0 to 1 across the layer) and
// phase = time * speed, each pixel samples the layer at
//     position + strength * (sin(frequency * uv.y + phase), cos(frequency * uv.x + phase)):
// the horizontal shift depends on the row and the vertical shift on the column, each a
// sine of the coordinate plus time. Each component is at most |strength| points, so the
// maxSampleOffset is (|strength|, |strength|).
//
// Parameters:
//   bounds     vec4   the layer's bounds (x, y, width, height) in points, from .boundingRect
//   time       float  seconds; drives the phase; default 0
//   speed      float  phase speed, radians per second; any value; default 3
//   strength   float  largest displacement along each axis, in points; any sign; default 3
//   frequency  float  radians across the layer's width (for the vertical shift) and height
//                     (for the horizontal shift); any value; default 10
//
// Source: reimplements Inferno's water (MIT) from its description
// ("uv displaced by sin/cos of uv + time").

vec2 water(vec2 position, vec4 bounds, float time, float speed, float strength, float frequency) {
    vec2 uv = (position - bounds.xy) / bounds.zw;
    float phase = time * speed;
    vec2 offset = vec2(sin(frequency * uv.y + phase), cos(frequency * uv.x + phase));
    return position + strength * offset;
}
