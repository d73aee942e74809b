// ShaderFX built-in effect · layer · bubble
//
// A glass bubble at the touch point: the picture seen through a sphere, with a highlight.
//
// Inside the circle of `radius` points around the touch, a pixel at distance r (s = r / radius)
// looks through a sphere: it samples the layer at distance radius * (2/π) * asin(s) from the
// touch, along the same direction. The middle is magnified π/2 times, the picture is squeezed
// toward the rim, and at the rim the sample meets the pixel itself, so there is no seam.
// The sphere's normal (d / radius, sqrt(1 - s²)) lights a specular highlight from a light up
// and to the left (Blinn-Phong, exponent 60) plus a thin bright film near the rim (0.35 s¹²);
// that light is white, composited over the refracted premultiplied colour
// (colour * (1 - light) + light), and faded out over the rim's last point. Outside the circle
// the layer is unchanged. The pixel exactly at the touch samples the touch itself (no division
// by zero) and a radius of 0 changes nothing.
//
// maxSampleOffset: a pixel at r samples r - radius * (2/π) * asin(s) points toward the touch.
// That is 0 at the centre and at the rim, largest where sqrt(1 - s²) = 2/π, s = 0.7712:
// 0.2106 * radius (0.211 * radius, rounded up, on each axis).
//
// Parameters:
//   touch   vec2   the bubble's centre in points, origin top-left; default (100, 100)
//   radius  float  the bubble's radius in points; >= 0; default 45
//
// Source: reimplements Inferno's bubble (MIT) from its description
// ("refracting sphere with a specular highlight at the touch point").

vec4 bubble(vec2 position, Layer layer, vec2 touch, float radius) {
    vec2 d = position - touch;
    float r = length(d);
    if (radius <= 0.0 || r >= radius) return sampleLayer(layer, position);

    // Refraction: a sample on the same ray, at (2/π) asin(s) / s of the pixel's distance.
    const float TWO_OVER_PI = 0.63661977;
    float s = r / radius;
    float ratio = s > 1e-4 ? asin(s) / s : 1.0;
    vec4 refracted = sampleLayer(layer, touch + d * (TWO_OVER_PI * ratio));

    // Light on the sphere's surface: a highlight up-left and a thin film at the rim.
    vec3 normal = vec3(d / radius, sqrt(max(1.0 - s * s, 0.0)));
    vec3 halfway = normalize(normalize(vec3(-0.45, -0.55, 0.7)) + vec3(0.0, 0.0, 1.0));
    float specular = pow(max(dot(normal, halfway), 0.0), 60.0);
    float film = 0.35 * pow(s, 12.0);
    float light = clamp(0.9 * specular + film, 0.0, 1.0) * clamp(radius - r, 0.0, 1.0);

    // White light over the premultiplied colour.
    return refracted * (1.0 - light) + vec4(light);
}
