// ShaderFX built-in effect · layer · ripple
//
// A ripple spreading from a tap, bending the layer and lighting its crests (WWDC24).
//
// Each pixel is reached by the wave distance / speed seconds after the tap. From then on it
// is displaced along the direction away from the origin by
//     amplitude * sin(frequency * t) * exp(-decay * t),
// t being the time since the wave arrived, and its colour brightened (or darkened) by 0.3
// times that displacement relative to the amplitude, in proportion to its alpha.
//
// Parameters:
//   origin     vec2   the tap point in points (origin top-left); default (0, 0)
//   time       float  seconds since the tap; the effect is enabled only for 0 < time < 3
//   amplitude  float  largest displacement in points; also the maxSampleOffset; default 12
//   frequency  float  angular frequency of the oscillation, radians per second; default 15
//   decay      float  exponential decay rate per second; default 8
//   speed      float  how fast the wave travels, points per second; default 1200
//
// Source: seed 000 ("MetalRipples"), Ripple.metal, ported line by line. Two guards the
// Metal code lacks, each changing only pixels that would otherwise be NaN: the pixel
// exactly at the origin has no direction (n = 0), and amplitude 0 brightens nothing.

vec4 ripple(vec2 position, Layer layer, vec2 origin, float time, float amplitude,
            float frequency, float decay, float speed) {
    // The wave reaches this pixel distance / speed seconds after the tap.
    float distance = length(position - origin);
    float delay = distance / speed;
    time -= delay;
    time = max(0.0, time);

    // A sine wave that decays over time.
    float rippleAmount = amplitude * sin(frequency * time) * exp(-decay * time);

    // Displace along the direction away from the origin.
    vec2 n = distance > 0.0 ? (position - origin) / distance : vec2(0.0);
    vec2 newPosition = position + rippleAmount * n;

    // Sample there, and light the crests in proportion to the pixel's alpha.
    vec4 color = sampleLayer(layer, newPosition);
    color.rgb += 0.3 * (amplitude != 0.0 ? rippleAmount / amplitude : 0.0) * color.a;

    return color;
}
