// ShaderFX built-in effect · distortion · wave
//
// A travelling sine wave that moves every column of the layer up and down.
//
// Each pixel samples the layer from the same column, displaced vertically by
//     strength * sin(time * speed + position.x / smoothing),
// so the phase advances with time and along x: the wave's length is 2π · smoothing points
// and it travels left at speed · smoothing points per second. The displacement is at most
// |strength| points and only vertical, so the maxSampleOffset is (0, |strength|).
//
// Parameters:
//   time       float  seconds; drives the wave's phase; default 0
//   speed      float  phase speed, radians per second; any value; default 5
//   smoothing  float  points per radian along x (wavelength / 2π); > 0; default 10
//                     (0 is treated as a flat phase rather than dividing by zero)
//   strength   float  largest vertical displacement in points; any sign; default 5
//
// Source: reimplements Inferno's wave (MIT) from its description
// ("y += sin(t * speed + x / smoothing) * strength").

vec2 wave(vec2 position, float time, float speed, float smoothing, float strength) {
    float along = smoothing != 0.0 ? position.x / smoothing : 0.0;
    return position + vec2(0.0, strength * sin(time * speed + along));
}
