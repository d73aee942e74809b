// ShaderFX built-in effect · distortion · relativeWave
//
// The wave of `wave`, pinned at the left edge and growing to full strength at the right edge.
//
// Each pixel samples the layer from the same column, displaced vertically by
//     strength * uv.x * sin(time * speed + position.x / smoothing),
// where uv.x = (position.x - bounds.x) / bounds.width is 0 at the left edge and 1 at the
// right edge: the left edge stays still, like a flag on its pole. Within the frame the
// displacement is at most |strength| points and only vertical, so the maxSampleOffset is
// (0, |strength|).
//
// Parameters:
//   bounds     vec4   the layer's bounds (x, y, width, height) in points, from .boundingRect
//   time       float  seconds; drives the wave's phase; default 0
//   speed      float  phase speed, radians per second; any value; default 5
//   smoothing  float  points per radian along x (wavelength / 2π); > 0; default 20
//                     (0 is treated as a flat phase rather than dividing by zero)
//   strength   float  vertical displacement at the right edge, in points; any sign; default 5
//
// Source: reimplements Inferno's relativeWave (MIT) from its description
// ("as wave, scaled by uv.x, still at the left edge").

vec2 relativeWave(vec2 position, vec4 bounds, float time, float speed, float smoothing, float strength) {
    float u = (position.x - bounds.x) / bounds.z;
    float along = smoothing != 0.0 ? position.x / smoothing : 0.0;
    return position + vec2(0.0, strength * u * sin(time * speed + along));
}
