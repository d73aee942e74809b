// The GLSL ES 3.00 programs of `PaintPipeline`. Every paint program runs the full-screen
// triangle over a viewport on the pixels it may touch and shares one `main`: the pixel centre
// (`gl_FragCoord`, device pixels with row 0 at the top, as framebuffers are read) is mapped
// back to user space through the inverse of the draw's transform, the paint is evaluated
// there, and the premultiplied result is scaled by the mask's coverage and the opacity. Blending
// (ONE, ONE_MINUS_SRC_ALPHA) composites it over the target.

enum PaintShaders {
    /// What every paint program starts with: the mask, the transform, the opacity, `main`.
    static let prelude = """
        #version 300 es
        precision highp float;
        precision highp int;
        precision highp sampler2D;

        uniform sampler2D sfx_mask;      // coverage in .r, unit 0
        uniform ivec2 sfx_maskOrigin;    // the device pixel at the mask atlas's texel (0, 0)
        uniform int sfx_useMask;         // 0: full coverage (a rectangle fill)
        uniform vec3 sfx_inverseX;       // user x = dot(sfx_inverseX, vec3(device, 1))
        uniform vec3 sfx_inverseY;       // user y = dot(sfx_inverseY, vec3(device, 1))
        uniform float sfx_opacity;
        out vec4 sfx_fragColor;

        const float TAU = 6.28318530717958647692;

        vec4 paint(vec2 p);

        void main() {
            vec2 device = gl_FragCoord.xy;
            float coverage = 1.0;
            if (sfx_useMask == 1) {
                coverage = texelFetch(sfx_mask, ivec2(floor(device)) - sfx_maskOrigin, 0).r;
            }
            vec3 homogeneous = vec3(device, 1.0);
            vec2 user = vec2(dot(sfx_inverseX, homogeneous), dot(sfx_inverseY, homogeneous));
            sfx_fragColor = paint(user) * (coverage * sfx_opacity);
        }

        """

    /// The gradient lookup every gradient program shares: stops in a table of the batch's
    /// gradients (`GradientStopTable`), this one's straight colours in row `sfx_stopsRow` and
    /// locations in the row below (`.r`), sorted; interpolated straight, then premultiplied.
    static let gradient = """
        uniform sampler2D sfx_stops;     // unit 1
        uniform int sfx_stopCount;
        uniform int sfx_stopsRow;

        vec4 sfx_premultiply(vec4 c) { return vec4(c.rgb * c.a, c.a); }

        vec4 gradientColor(float t) {
            vec4 color = texelFetch(sfx_stops, ivec2(0, sfx_stopsRow), 0);
            float location = texelFetch(sfx_stops, ivec2(0, sfx_stopsRow + 1), 0).r;
            if (!(t > location)) return sfx_premultiply(color);
            for (int i = 1; i < sfx_stopCount; i++) {
                vec4 nextColor = texelFetch(sfx_stops, ivec2(i, sfx_stopsRow), 0);
                float nextLocation = texelFetch(sfx_stops, ivec2(i, sfx_stopsRow + 1), 0).r;
                if (t < nextLocation) {
                    return sfx_premultiply(mix(color, nextColor, (t - location) / (nextLocation - location)));
                }
                color = nextColor;
                location = nextLocation;
            }
            return sfx_premultiply(color);
        }

        // The location of `distance` between two radii; equal radii make a step there.
        float sfx_radial(float distance, vec2 radii) {
            float span = radii.y - radii.x;
            if (span == 0.0) return distance < radii.x ? 0.0 : 1.0;
            return (distance - radii.x) / span;
        }

        """

    static let solid = prelude + """
        uniform vec4 sfx_color;
        vec4 paint(vec2 p) { return sfx_color; }
        """

    static let linear = prelude + gradient + """
        uniform vec2 sfx_start;
        uniform vec2 sfx_end;
        vec4 paint(vec2 p) {
            vec2 axis = sfx_end - sfx_start;
            float length2 = dot(axis, axis);
            return gradientColor(length2 > 0.0 ? dot(p - sfx_start, axis) / length2 : 1.0);
        }
        """

    static let radial = prelude + gradient + """
        uniform vec2 sfx_center;
        uniform vec2 sfx_radii;          // start, end, in points
        vec4 paint(vec2 p) { return gradientColor(sfx_radial(length(p - sfx_center), sfx_radii)); }
        """

    static let elliptical = prelude + gradient + """
        uniform vec2 sfx_rectOrigin;
        uniform vec2 sfx_rectSize;
        uniform vec2 sfx_center;         // a unit point
        uniform vec2 sfx_radii;          // start, end, as fractions of the unit square's side
        vec4 paint(vec2 p) {
            if (sfx_rectSize.x == 0.0 || sfx_rectSize.y == 0.0) return gradientColor(1.0);
            vec2 unit = (p - sfx_rectOrigin) / sfx_rectSize;
            return gradientColor(sfx_radial(length(unit - sfx_center), sfx_radii));
        }
        """

    /// Angles arrive prepared (`PaintPipeline.angularUniforms`): `sfx_direction` −1 mirrors a
    /// gradient that runs counter-clockwise, `sfx_turnStart` in [0, 2π) is where the drawn turn
    /// starts (the start angle, or end − 2π past a full turn) and `sfx_span` > 0.
    static let angular = prelude + gradient + """
        uniform vec2 sfx_center;
        uniform float sfx_direction;
        uniform float sfx_turnStart;
        uniform float sfx_span;
        vec4 paint(vec2 p) {
            vec2 d = p - sfx_center;
            float theta = (d.x == 0.0 && d.y == 0.0) ? 0.0 : sfx_direction * atan(d.y, d.x);
            float swept = mod(theta - sfx_turnStart, TAU);
            if (swept >= TAU) swept -= TAU;
            if (sfx_span >= TAU) return gradientColor((swept + sfx_span - TAU) / sfx_span);
            if (swept <= sfx_span) return gradientColor(swept / sfx_span);
            return gradientColor(swept < sfx_span + (TAU - sfx_span) * 0.5 ? 1.0 : 0.0);
        }
        """

    static let texture = prelude + """
        uniform sampler2D sfx_image;     // unit 2, premultiplied
        uniform vec2 sfx_rectOrigin;
        uniform vec2 sfx_rectSize;
        vec4 paint(vec2 p) {
            vec2 uv = (p - sfx_rectOrigin) / sfx_rectSize;
            if (any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) return vec4(0.0);
            return texture(sfx_image, uv);
        }
        """

    /// The mesh rasteriser's vertex shader: each vertex is one texel of `sfx_vertices`
    /// (x, y in the unit square, the patch's u, v), `sfx_verticesPerCell` of them a patch.
    /// Fills at most this many solid masked fills in one draw (`solidFillsVertex`): three
    /// vectors each stay within the 256 vertex uniform vectors every GLES 3 GPU has.
    static let solidFillsPerDraw = 64

    /// Consecutive solid fills through masks as one draw: two triangles per fill over its
    /// pixels (`sfx_regions`: x0, y0, x1, y1 in device pixels of a `sfx_targetSize` target),
    /// its colour and mask origin passed flat. Primitives blend in order within a draw, so the
    /// pixels are those of the fills drawn one by one.
    static let solidFillsVertex = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform ivec4 sfx_regions[\(solidFillsPerDraw)];
        uniform vec4 sfx_colors[\(solidFillsPerDraw)];
        uniform ivec2 sfx_maskOrigins[\(solidFillsPerDraw)];
        uniform vec2 sfx_targetSize;
        flat out vec4 sfx_fillColor;
        flat out ivec2 sfx_fillMaskOrigin;
        void main() {
            int fill = gl_VertexID / 6, corner = gl_VertexID - fill * 6;
            // (0, 0), (1, 0), (0, 1), then (0, 1), (1, 0), (1, 1).
            bool right = corner == 1 || corner == 4 || corner == 5;
            bool bottom = corner == 2 || corner == 3 || corner == 5;
            ivec4 region = sfx_regions[fill];
            vec2 device = vec2(right ? region.z : region.x, bottom ? region.w : region.y);
            gl_Position = vec4(device / sfx_targetSize * 2.0 - 1.0, 0.0, 1.0);
            sfx_fillColor = sfx_colors[fill];
            sfx_fillMaskOrigin = sfx_maskOrigins[fill];
        }
        """

    /// The solid program's colour × coverage × opacity, the colour and mask origin per fill.
    static let solidFillsFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        precision highp sampler2D;
        uniform sampler2D sfx_mask;      // coverage in .r, unit 0
        uniform float sfx_opacity;
        flat in vec4 sfx_fillColor;
        flat in ivec2 sfx_fillMaskOrigin;
        out vec4 sfx_fragColor;
        void main() {
            float coverage = texelFetch(sfx_mask, ivec2(floor(gl_FragCoord.xy)) - sfx_fillMaskOrigin, 0).r;
            sfx_fragColor = sfx_fillColor * (coverage * sfx_opacity);
        }
        """

    static let meshVertex = """
        #version 300 es
        precision highp float;
        precision highp int;
        precision highp sampler2D;
        uniform sampler2D sfx_vertices;
        uniform int sfx_verticesPerCell;
        uniform int sfx_rowLength;
        out vec2 sfx_uv;
        flat out int sfx_cell;
        void main() {
            vec4 vertex = texelFetch(sfx_vertices, ivec2(gl_VertexID % sfx_rowLength, gl_VertexID / sfx_rowLength), 0);
            gl_Position = vec4(vertex.xy * 2.0 - 1.0, 0.0, 1.0);
            sfx_uv = vertex.zw;
            sfx_cell = gl_VertexID / sfx_verticesPerCell;
        }
        """

    /// The mesh rasteriser's fragment shader: the colour of the cell's patch at (u, v), from 16
    /// straight colours a cell in `sfx_cells` (values, u tangents, v tangents, twists, each at
    /// the corners (0,0), (1,0), (0,1), (1,1)): bicubic Hermite when smooth, else bilinear.
    static let meshFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        precision highp sampler2D;
        uniform sampler2D sfx_cells;
        uniform int sfx_smooth;
        in vec2 sfx_uv;
        flat in int sfx_cell;
        out vec4 sfx_fragColor;
        vec4 corner(int k) { return texelFetch(sfx_cells, ivec2(k, sfx_cell), 0); }
        void main() {
            float u = clamp(sfx_uv.x, 0.0, 1.0), v = clamp(sfx_uv.y, 0.0, 1.0);
            vec4 color;
            if (sfx_smooth == 1) {
                vec4 bu = vec4(2.0 * u * u * u - 3.0 * u * u + 1.0, -2.0 * u * u * u + 3.0 * u * u, u * u * u - 2.0 * u * u + u, u * u * u - u * u);
                vec4 bv = vec4(2.0 * v * v * v - 3.0 * v * v + 1.0, -2.0 * v * v * v + 3.0 * v * v, v * v * v - 2.0 * v * v + v, v * v * v - v * v);
                color = vec4(0.0);
                for (int b = 0; b < 2; b++) {
                    for (int a = 0; a < 2; a++) {
                        int k = b * 2 + a;
                        color += corner(k) * (bu[a] * bv[b]) + corner(4 + k) * (bu[2 + a] * bv[b])
                            + corner(8 + k) * (bu[a] * bv[2 + b]) + corner(12 + k) * (bu[2 + a] * bv[2 + b]);
                    }
                }
            } else {
                color = mix(mix(corner(0), corner(1), u), mix(corner(2), corner(3), u), v);
            }
            float alpha = clamp(color.a, 0.0, 1.0);
            sfx_fragColor = vec4(color.rgb * alpha, alpha);
        }
        """
}
