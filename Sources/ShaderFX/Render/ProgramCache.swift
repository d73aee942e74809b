import ShaderFXContract
/// The programs a renderer draws with, compiled once each: the stitched program of every
/// effect function (by kind and function), the rasteriser that lays a canvas out as a layer,
/// and the straightening pass.
final class ProgramCache {
    /// A stitched effect program and the stitcher that made it (its signature names the uniforms).
    struct Stitched {
        let program: Program
        let stitcher: Stitcher
    }

    let context: GPUContext
    /// Copies or resamples a canvas into a layer (`rasterSource`).
    let raster: Program
    private var straighten: Program?
    private var stitched: [String: Stitched] = [:]
    /// The uniform block of the stitched prelude's array arguments.
    static let arrayBlockName = StitchedInterface.arrayBlock
    /// The binding point that block is fed from.
    static let arrayBindingPoint = 0

    /// Compiles the rasteriser on `context` (current).
    init(context: GPUContext) throws {
        self.context = context
        raster = try Self.makeProgram(context: context, source: Self.rasterSource, file: "<ShaderFX rasteriser>")
    }

    /// Compiles and links a program, reporting failures as `ShaderError`.
    static func makeProgram(context: GPUContext, source: String, file: String,
                            describe: (String) -> String = { $0 }) throws(ShaderError) -> Program {
        do {
            return try Program(context: context, fragmentSource: source, file: file, describe: describe)
        } catch {
            throw ShaderError(error)
        }
    }

    /// The stitched program of `effect`'s function and kind, its array block on
    /// `arrayBindingPoint`.
    func program(for effect: Effect) throws -> Stitched {
        let function = effect.shader.function
        let key = "\(effect.kind.rawValue)\u{0}\(function.name)\u{0}\(function.library.name)\u{0}\(function.library.source)"
        if let cached = stitched[key] { return cached }
        let stitcher = try Stitcher(function: function, kind: effect.kind)
        let program = try Self.makeProgram(context: context, source: stitcher.fragmentSource, file: stitcher.file) {
            Stitcher.describe(log: $0, library: stitcher.library)
        }
        program.bindUniformBlock(Self.arrayBlockName, toBindingPoint: Self.arrayBindingPoint)
        let entry = Stitched(program: program, stitcher: stitcher)
        stitched[key] = entry
        return entry
    }

    /// The program that turns a premultiplied float canvas into straight 8-bit RGBA.
    func straightenProgram() throws -> Program {
        if let straighten { return straighten }
        let program = try Self.makeProgram(context: context, source: Self.straightenSource, file: "<ShaderFX straighten>")
        straighten = program
        return program
    }

    /// Copies a canvas into a layer of another geometry: bilinear where scales differ,
    /// transparent outside the source canvas. Onto a coarser grid (`sfx_taps` > 1) each target
    /// pixel is the mean of `sfx_taps` × `sfx_taps` bilinear samples evenly over its footprint
    /// (`sfx_footprint` points square), each at the corner of 2 × 2 source texels when the grids
    /// align: a box filter over the footprint, transparent outside the source canvas.
    static let rasterSource = """
        #version 300 es
        precision highp float;
        precision highp sampler2D;
        uniform sampler2D sfx_source;
        uniform vec2 sfx_sourceOrigin;
        uniform vec2 sfx_sourceSize;
        uniform vec2 sfx_origin;
        uniform float sfx_scale;
        uniform int sfx_taps;
        uniform float sfx_footprint;
        out vec4 sfx_fragColor;
        void main() {
            vec2 q = sfx_origin + gl_FragCoord.xy / sfx_scale - sfx_sourceOrigin;
            if (sfx_taps > 1) {
                vec2 corner = q - 0.5 * sfx_footprint;
                if (any(lessThanEqual(corner + sfx_footprint, vec2(0.0))) || any(greaterThanEqual(corner, sfx_sourceSize))) {
                    sfx_fragColor = vec4(0.0);
                    return;
                }
                float step = sfx_footprint / float(sfx_taps);
                vec4 sum = vec4(0.0);
                for (int j = 0; j < sfx_taps; j++) {
                    for (int i = 0; i < sfx_taps; i++) {
                        vec2 p = corner + (vec2(float(i), float(j)) + 0.5) * step;
                        if (all(greaterThanEqual(p, vec2(0.0))) && all(lessThanEqual(p, sfx_sourceSize))) {
                            sum += texture(sfx_source, p / sfx_sourceSize);
                        }
                    }
                }
                sfx_fragColor = sum / float(sfx_taps * sfx_taps);
            } else if (any(lessThan(q, vec2(0.0))) || any(greaterThan(q, sfx_sourceSize))) {
                sfx_fragColor = vec4(0.0);
            } else {
                sfx_fragColor = texture(sfx_source, q / sfx_sourceSize);
            }
        }
        """

    /// Converts the final premultiplied float canvas to straight 8-bit RGBA on the GPU, with the
    /// same rounding as `PNG.encode` (alpha to the nearest level; colour divided by alpha,
    /// clamped, to the nearest level; alpha 0 gives 0, 0, 0, 0).
    static let straightenSource = """
        #version 300 es
        precision highp float;
        precision highp sampler2D;
        uniform sampler2D sfx_source;
        uniform ivec2 sfx_offset;
        out vec4 sfx_fragColor;
        void main() {
            vec4 p = texelFetch(sfx_source, ivec2(gl_FragCoord.xy) + sfx_offset, 0);
            float a = clamp(p.a, 0.0, 1.0);
            float a8 = floor(a * 255.0 + 0.5);
            if (a8 == 0.0) { sfx_fragColor = vec4(0.0); return; }
            vec3 c = clamp(p.rgb / a, 0.0, 1.0);
            sfx_fragColor = vec4(floor(c * 255.0 + 0.5) / 255.0, a8 / 255.0);
        }
        """
}
