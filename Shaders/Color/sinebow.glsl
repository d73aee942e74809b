// ShaderFX built-in effect · color · sinebow
//
// Ten glowing sine waves in rainbow colours weave across the view.
//
// Line i (0 ... 9) is the curve y = height (0.5 + 0.3 sin(2 pi f_i u + s_i time + i)), u the
// pixel's unit x in the view, with f_i = 1 + 0.15 i waves across the width and s_i = 1 + 0.2 i
// radians per second, so the lines drift at different speeds and cross each other. Its
// colour is the sinebow hue t = i / 10: (sin^2(pi t), sin^2(pi (t + 1/3)), sin^2(pi (t + 2/3))), a
// rainbow of equal brightness. Its light at distance d points from the curve (the vertical
// gap divided by sqrt(1 + slope^2), so steep parts are as thick as flat ones) is
// (3 / (d + 3))^4: full on the line, a soft glow a few points wide. The ten lights add on
// black, are clamped to 1, and are scaled by the pixel's alpha once; transparent pixels stay
// transparent.
//
// Parameters:
//   bounds  vec4   the view's rectangle (x, y, width, height) in points, from .boundingRect
//   time    float  seconds; any value; default 0
//
// Source: reimplements Inferno's sinebow (MIT) from its description.

vec4 sinebow(vec2 position, vec4 color, vec4 bounds, float time) {
    const float pi = 3.14159265;
    vec2 local = position - bounds.xy;
    float u = local.x / max(bounds.z, 1e-6);
    vec3 sum = vec3(0.0);
    for (int i = 0; i < 10; i++) {
        float fi = float(i);
        float frequency = 2.0 * pi * (1.0 + 0.15 * fi);
        float phase = frequency * u + (1.0 + 0.2 * fi) * time + fi;
        float y = bounds.w * (0.5 + 0.3 * sin(phase));
        // Distance to the curve to first order: the vertical gap over sqrt(1 + slope^2).
        float slope = bounds.w * 0.3 * cos(phase) * frequency / max(bounds.z, 1e-6);
        float d = abs(local.y - y) / sqrt(1.0 + slope * slope);
        float t = fi / 10.0;
        vec3 hue = sin(pi * (t + vec3(0.0, 1.0 / 3.0, 2.0 / 3.0)));
        float light = pow(3.0 / (d + 3.0), 4.0);
        sum += hue * hue * light;
    }
    return vec4(clamp(sum, 0.0, 1.0), 1.0) * color.a;
}
