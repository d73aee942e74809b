import CGLLoader

/// Which part of the final canvas a render returns.
public enum OutputRegion: String, Sendable, CaseIterable {
    /// The picture's own frame, as SwiftUI lays the view out.
    case frame
    /// The frame grown by the last effect's `maxSampleOffset` on every side.
    case grown
}

/// Runs effects over images on one GPU context: upload, one pass per effect, read back.
///
/// Programs, framebuffers and argument textures are kept between calls, so rendering the
/// frames of an animation with one renderer compiles and allocates once.
public final class Renderer: @unchecked Sendable {
    /// The context every pass runs on.
    public let context: GPUContext
    /// Where the time of every `render` call went, summed since the renderer was made.
    public internal(set) var statistics = RenderStatistics()
    private var straighten: Program?
    private var programs: [String: (program: Program, stitcher: Stitcher)] = [:]
    private let rasterProgram: Program
    private var vertexArray: GLuint = 0
    private var arrayBuffer: GLuint = 0
    /// Framebuffers of finished passes, for the next passes and calls to reuse; bounded by
    /// `maxSpareFramebuffers` and `maxSpareBytes`, oldest dropped first.
    private var spareFramebuffers: [Framebuffer] = []
    /// The size limits every render is checked against before it allocates anything; by
    /// default the GPU's limits and `RenderBudget.defaultMaxPixels`.
    public var budget: RenderBudget
    /// The most spare framebuffers kept between passes and calls.
    package static let maxSpareFramebuffers = 8
    /// The most memory the spare framebuffers may hold together: 512 MiB.
    package static let maxSpareBytes = 512 << 20
    /// Fences created by `renderSequence` and not yet deleted (0 between calls).
    package internal(set) var liveFences = 0
    private var imageTextures: [(image: RGBAImage, texture: Texture)] = []
    private var source: (image: RGBAImage, texture: Texture)?
    /// The 8-bit source's bytes, while it is the source: a layer on its own grid is then filled
    /// by uploading them inside a cleared margin, not by a drawing pass.
    private var sourceBytes: [UInt8]?
    /// Whether an opaque picture of whole 8-bit levels (as read from an opaque 8-bit PNG) is
    /// uploaded and laid out in 8-bit textures rather than float ones (default true): the same
    /// texel values, sampled several times faster by llvmpipe; results stay within an 8-bit
    /// level of the float path (linear filtering weighs 8-bit texels in fixed point).
    public var eightBitSources = true {
        didSet { source = nil; cachedSourceLayer = nil; prefixCache = nil; previousPasses = nil }
    }
    /// Whether the picture last rendered was uploaded as an 8-bit texture.
    package var sourceIsEightBit: Bool { source?.texture.isEightBit ?? false }
    private var cachedSourceLayer: (texture: Texture, margin: SIMD2<Int>, scale: Int, reduction: Int, canvas: Canvas)?
    private var previousPasses: (source: Texture, scale: Int, passes: [Effect])?
    private var prefixCache: (source: Texture, scale: Int, passes: [Effect], canvas: Canvas)?

    /// Copies a canvas into a layer of another geometry: bilinear where scales differ,
    /// transparent outside the source canvas. Onto a coarser grid (`sfx_taps` > 1) each target
    /// pixel is the mean of `sfx_taps` × `sfx_taps` bilinear samples evenly over its footprint
    /// (`sfx_footprint` points square), each at the corner of 2 × 2 source texels when the grids
    /// align: a box filter over the footprint, transparent outside the source canvas.
    private static let rasterSource = """
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

    /// A renderer on `context`.
    public init(context: GPUContext) throws {
        self.context = context
        budget = RenderBudget(gpu: context.info)
        let gl = context.gl
        var vertexArray: GLuint = 0, arrayBuffer: GLuint = 0
        rasterProgram = try context.withCurrent {
            let program = try Self.makeProgram(context: context, source: Self.rasterSource, file: "<ShaderFX rasteriser>")
            gl.GenVertexArrays(1, &vertexArray)
            gl.GenBuffers(1, &arrayBuffer)
            gl.BindBuffer(GLenum(GL_UNIFORM_BUFFER), arrayBuffer)
            gl.BufferData(GLenum(GL_UNIFORM_BUFFER), Stitcher.arrayCapacity * 4, nil, GLenum(GL_DYNAMIC_DRAW))
            try context.check("renderer set-up")
            return program
        }
        self.vertexArray = vertexArray
        self.arrayBuffer = arrayBuffer
    }

    /// A renderer on a new context opened with `options`.
    public convenience init(options: GPUOptions = GPUOptions()) throws {
        try self.init(context: GPUContext(options: options))
    }

    deinit {
        var buffer = arrayBuffer, vertexArray = self.vertexArray
        let gl = context.gl
        _ = try? context.withCurrent {
            gl.DeleteBuffers(1, &buffer)
            gl.DeleteVertexArrays(1, &vertexArray)
        }
    }

    /// Compiles the program for `effect` now, so errors surface before a long render starts.
    public func prepare(_ effect: Effect) throws {
        _ = try context.withCurrent { try program(for: effect) }
    }

    /// Applies `effects` in order to `image` and reads the result back.
    /// - Parameters:
    ///   - image: the layer's content; its size in pixels is its size in points.
    ///   - effects: the modifiers, innermost first; each reads the previous one's float output.
    ///   - scale: pixels per point of the output (2 renders as @2x).
    ///   - region: the picture's frame (default) or the frame grown by the last effect's offset.
    /// - Returns: the premultiplied result, `scale` times the image's size (plus growth).
    public func render(_ image: RGBAImage, effects: [Effect], scale: Int = 1, region: OutputRegion = .frame) throws -> RGBAImage {
        precondition(scale >= 1, "scale is at least 1")
        try checkBudget(image, effects: effects, scale: scale)
        return try context.withCurrent { try renderCurrent(image, effects: effects, scale: scale, region: region) }
    }

    /// The spare framebuffers held now (for tests).
    package var spareFramebufferCount: Int { spareFramebuffers.count }

    /// The margin, in pixels, that `effect` grows its layer by at `scale`.
    /// - Throws: `RenderBudgetError` when the offset is not finite or beyond any GPU's size.
    func margin(of effect: Effect, scale: Int) throws(RenderBudgetError) -> SIMD2<Int> {
        let points = effect.maxSampleOffset * Float(scale)
        guard points.x.isFinite, points.y.isFinite, points.x < 1e9, points.y < 1e9 else {
            throw RenderBudgetError(width: .max - 1, height: .max - 1, kind: .dimension(limit: budget.maxDimension))
        }
        return SIMD2(Int(max(0, points.x).rounded(.up)), Int(max(0, points.y).rounded(.up)))
    }

    /// Where `effect`'s pass draws at `scale`: its grid's margin and frame, in pixels of that grid
    /// (the output's pixels, or `effect.reduction` times coarser, rounded up to cover the region).
    func grid(of effect: Effect, size: SIMD2<Int>, scale: Int) throws(RenderBudgetError) -> (margin: SIMD2<Int>, frame: SIMD2<Int>) {
        let margin = try self.margin(of: effect, scale: scale)
        let r = max(1, effect.reduction)
        guard r > 1 else { return (margin, size &* scale) }
        return ((margin &+ (r - 1)) / r, (size &* scale &+ (r - 1)) / r)
    }

    /// Checks a render against `budget` before anything is allocated: the largest layer, the
    /// picture scaled and grown by the widest margin of `effects`.
    func checkBudget(_ image: RGBAImage, effects: [Effect], scale: Int) throws(RenderBudgetError) {
        var widest = SIMD2<Int>.zero
        for effect in effects { widest = pointwiseMax(widest, try margin(of: effect, scale: scale)) }
        try budget.check(width: image.width, height: image.height, scale: scale, margin: widest)
    }

    /// Returns framebuffers to the pool, then drops the oldest beyond its bounds.
    private func retire(_ framebuffers: [Framebuffer]) {
        spareFramebuffers += framebuffers
        func bytes(_ f: Framebuffer) -> Int { f.width * f.height * (f.texture.internalFormat == GLenum(GL_RGBA8) ? 4 : 16) }
        var total = spareFramebuffers.reduce(0) { $0 + bytes($1) }
        while spareFramebuffers.count > Self.maxSpareFramebuffers || (total > Self.maxSpareBytes && !spareFramebuffers.isEmpty) {
            total -= bytes(spareFramebuffers.removeFirst())  // deleted now, with its context current
        }
    }

    /// The GL state every pass assumes, set each time the context becomes current here.
    private func setState() {
        let gl = context.gl
        gl.BindVertexArray(vertexArray)
        // Binding point 0 feeds every program's array block; renderers sharing a context each bind theirs.
        gl.BindBufferBase(GLenum(GL_UNIFORM_BUFFER), 0, arrayBuffer)
        gl.Disable(GLenum(GL_BLEND))
        gl.Disable(GLenum(GL_DITHER))
    }

    private func renderCurrent(_ image: RGBAImage, effects: [Effect], scale: Int, region: OutputRegion) throws -> RGBAImage {
        context.assertCurrent("rendering")
        let started = ContinuousClock.now
        let uploadedBefore = statistics.upload
        let canvas = try drawCurrent(image, effects: effects, scale: scale, frameOnly: region == .frame)
        let size = SIMD2(image.width, image.height)
        let framebuffer = canvas.framebuffer!
        context.gl.Finish()
        let drawn = ContinuousClock.now
        statistics.drawing += drawn - started - (statistics.upload - uploadedBefore)
        defer { statistics.readBack += ContinuousClock.now - drawn; statistics.frames += 1 }
        switch region {
        case .frame:
            return try framebuffer.read(x: canvas.margin.x, y: canvas.margin.y, width: size.x * scale, height: size.y * scale)
        case .grown:
            return try framebuffer.read(x: 0, y: 0, width: framebuffer.width, height: framebuffer.height)
        }
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

    /// The program that turns a premultiplied float canvas into straight 8-bit RGBA.
    func straightenProgram() throws -> Program {
        if let straighten { return straighten }
        let program = try Self.makeProgram(context: context, source: Self.straightenSource, file: "<ShaderFX straighten>")
        straighten = program
        return program
    }

    /// Runs every pass; returns the final canvas (always a framebuffer), not yet read back.
    /// - Parameter frameOnly: the caller reads only the picture's frame, so the last pass may
    ///   skip the grown margin around it (nothing after it samples there).
    /// - Parameter straightInto: an 8-bit framebuffer of the frame's size: when the last pass
    ///   can draw the frame straight into it (an enabled pass on the output's grid, only the
    ///   frame read), it does, as straight 8-bit RGBA, and the canvas returned is marked `straight`.
    func drawCurrent(_ image: RGBAImage, effects: [Effect], scale: Int, frameOnly: Bool = false,
                     straightInto straightTarget: Framebuffer? = nil) throws -> Canvas {
        setState()
        let size = SIMD2(image.width, image.height)
        let source = Canvas(texture: try sourceTexture(image), margin: .zero, scale: 1)
        var canvas = source
        var retired: [Framebuffer] = []
        defer { retire(retired) }
        // Passes that the previous call ran identically (the blur before an animated warp) are
        // not run again: their output is kept from the call before.
        var first = 0
        if let cached = prefixCache, cached.source === source.texture, cached.scale == scale,
           effects.count > cached.passes.count, Array(effects.prefix(cached.passes.count)) == cached.passes {
            canvas = cached.canvas
            first = cached.passes.count
            statistics.reusedPasses += first
        }
        let stable = previousPasses.map { previous in
            zip(previous.passes, effects).prefix { $0 == $1 }.count
        }.flatMap { previousPasses?.source === source.texture && previousPasses?.scale == scale ? $0 : nil } ?? 0
        previousPasses = (source.texture, scale, effects)
        for (index, effect) in effects.enumerated() where index >= first {
            let (margin, frame) = try grid(of: effect, size: size, scale: scale)
            let reduction = max(1, effect.reduction)
            let layer: Canvas
            if canvas.margin == margin && canvas.scale == scale && canvas.reduction == reduction {
                layer = canvas
            } else if canvas.texture === source.texture {
                layer = try sourceLayer(source, size: size, margin: margin, scale: scale, reduction: reduction)
            } else {
                let target = try framebuffer(size: frame, margin: margin)
                try rasterise(canvas, into: target, margin: margin, scale: scale, reduction: reduction)
                retired.append(target)
                layer = Canvas(texture: target.texture, margin: margin, scale: scale, reduction: reduction, framebuffer: target)
            }
            guard effect.isEnabled else { canvas = layer; continue }
            if index == effects.count - 1, frameOnly, reduction == 1, let straightTarget,
               straightTarget.width == frame.x, straightTarget.height == frame.y {
                try draw(effect, layer: layer, into: straightTarget, frame: size, outputOffset: margin, straight: true)
                canvas = Canvas(texture: straightTarget.texture, margin: .zero, scale: scale, framebuffer: straightTarget, straight: true)
                continue
            }
            let output = try framebuffer(size: frame, margin: margin)
            retired.append(output)
            let last = index == effects.count - 1
            try draw(effect, layer: layer, into: output, frame: size,
                     viewport: last && frameOnly && margin != .zero && reduction == 1 ? (margin, frame) : nil)
            canvas = Canvas(texture: output.texture, margin: margin, scale: scale, reduction: reduction, framebuffer: output)
            if index + 1 == stable, stable < effects.count, first < stable {
                // Keep this pass's output for the next call; its framebuffer leaves the pool.
                retired.removeAll { $0 === output }
                if let old = prefixCache?.canvas.framebuffer { retired.append(old) }
                prefixCache = (source.texture, scale, Array(effects.prefix(stable)), canvas)
            }
        }
        if canvas.reduction != 1, let last = effects.last {
            // The last pass drew on a coarser grid: resample it bilinearly onto the output's pixels,
            // only the frame when that is all the caller reads.
            let margin = try frameOnly ? .zero : self.margin(of: last, scale: scale)
            let target = try framebuffer(size: size &* scale, margin: margin)
            try rasterise(canvas, into: target, margin: margin, scale: scale)
            retired.append(target)
            canvas = Canvas(texture: target.texture, margin: margin, scale: scale, framebuffer: target)
        }
        if canvas.framebuffer == nil {
            // No enabled effect drew: the picture is the source itself, at the output scale.
            canvas = try sourceLayer(source, size: size, margin: canvas.scale == scale ? canvas.margin : .zero, scale: scale)
        }
        return canvas
    }

    // MARK: - Passes

    /// A texture plus where it sits: `margin` pixels of growth around the frame, at
    /// `scale / reduction` pixels per point (`reduction` > 1: a pass's coarser grid).
    struct Canvas {
        let texture: Texture
        let margin: SIMD2<Int>
        let scale: Int
        var reduction: Int = 1
        var framebuffer: Framebuffer? = nil
        /// Already straight 8-bit RGBA of the frame (drawn by `drawCurrent(straightInto:)`).
        var straight = false

        /// Pixels per point.
        var density: Float { reduction == 1 ? Float(scale) : Float(scale) / Float(reduction) }
        var originPoints: SIMD2<Float> { SIMD2(Float(-margin.x), Float(-margin.y)) / density }
        var sizePoints: SIMD2<Float> { SIMD2(Float(texture.width), Float(texture.height)) / density }
    }

    private func sourceTexture(_ image: RGBAImage) throws -> Texture {
        if let source, source.image == image { return source.texture }
        let started = ContinuousClock.now
        defer { statistics.upload += ContinuousClock.now - started }
        // An opaque picture of whole 8-bit levels (an opaque PNG) is sampled from an 8-bit
        // texture: the same values, and llvmpipe filters 8-bit texels far faster than floats.
        let texture: Texture
        sourceBytes = nil
        if eightBitSources, let bytes = image.exactOpaqueBytes {
            texture = try Texture(context: context, width: image.width, height: image.height, bytes: bytes)
            sourceBytes = bytes
        } else {
            texture = try Texture(context: context, image: image)
        }
        source = (image, texture)
        return texture
    }

    /// The source picture rasterised into a layer of this margin and scale. Kept between calls:
    /// every frame of an animation over one picture starts from the same layer.
    private func sourceLayer(_ source: Canvas, size: SIMD2<Int>, margin: SIMD2<Int>, scale: Int, reduction: Int = 1) throws -> Canvas {
        if let cached = cachedSourceLayer, cached.texture === source.texture, cached.margin == margin, cached.scale == scale,
           cached.reduction == reduction {
            return cached.canvas
        }
        let frame = (size &* scale &+ (reduction - 1)) / reduction
        // A copy of an 8-bit source on its own grid stays 8-bit (the same texels, and the
        // transparent margin); a resampled layer keeps float precision.
        let copies = source.texture.isEightBit && source.scale == scale && reduction == 1
        let target = try Framebuffer(context: context, width: frame.x + 2 * margin.x, height: frame.y + 2 * margin.y, eightBit: copies)
        if copies, let bytes = sourceBytes, bytes.count == frame.x * frame.y * 4 {
            // The same texels inside a transparent margin: cleared, then uploaded in place.
            let gl = context.gl
            target.bindForDrawing()
            let transparent: [GLfloat] = [0, 0, 0, 0]
            gl.ClearBufferfv(GLenum(GL_COLOR), 0, transparent)
            try target.texture.upload(bytes, at: margin, width: frame.x, height: frame.y)
        } else {
            try rasterise(source, into: target, margin: margin, scale: scale, reduction: reduction)
        }
        let canvas = Canvas(texture: target.texture, margin: margin, scale: scale, reduction: reduction, framebuffer: target)
        cachedSourceLayer = (source.texture, margin, scale, reduction, canvas)
        return canvas
    }

    private func framebuffer(size: SIMD2<Int>, margin: SIMD2<Int>) throws(GPUError) -> Framebuffer {
        let width = size.x + 2 * margin.x, height = size.y + 2 * margin.y
        if let index = spareFramebuffers.firstIndex(where: { $0.width == width && $0.height == height }) {
            return spareFramebuffers.remove(at: index)
        }
        return try Framebuffer(context: context, width: width, height: height)
    }

    /// Draws `source` into `target`, a canvas of `margin` pixels at `scale / reduction` pixels per
    /// point: texels copied on the same grid, bilinear onto another, box-filtered onto a grid at
    /// least twice as coarse (the footprint of a target pixel, 2 × 2 source texels a sample).
    private func rasterise(_ source: Canvas, into target: Framebuffer, margin: SIMD2<Int>, scale: Int, reduction: Int = 1) throws {
        let gl = context.gl
        target.bindForDrawing()
        rasterProgram.use()
        source.texture.bind(unit: 0)
        // Same pixel grid: copy texels exactly. Otherwise resample bilinearly.
        source.texture.setSampling(ImageSampling(repeats: false, linear: source.scale != scale || source.reduction != reduction))
        rasterProgram.set("sfx_source", int: 0)
        rasterProgram.set("sfx_sourceOrigin", source.originPoints.x, source.originPoints.y)
        rasterProgram.set("sfx_sourceSize", source.sizePoints.x, source.sizePoints.y)
        let density = Canvas(texture: target.texture, margin: margin, scale: scale, reduction: reduction).density
        let origin = SIMD2(Float(-margin.x), Float(-margin.y)) / density
        rasterProgram.set("sfx_origin", origin.x, origin.y)
        rasterProgram.set("sfx_scale", density)
        // Source texels across one target pixel; a sample covers 2 of them along each axis.
        let across = source.density / density
        let taps = across >= 4 ? Int(across / 2) : 1
        rasterProgram.set("sfx_taps", int: taps)
        rasterProgram.set("sfx_footprint", 1 / density)
        gl.DrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        try context.check("rasterising the layer")
    }

    private func program(for effect: Effect) throws -> (program: Program, stitcher: Stitcher) {
        let function = effect.shader.function
        let key = "\(effect.kind.rawValue)\u{0}\(function.name)\u{0}\(function.library.name)\u{0}\(function.library.source)"
        if let cached = programs[key] { return cached }
        let stitcher = try Stitcher(function: function, kind: effect.kind)
        let program = try Self.makeProgram(context: context, source: stitcher.fragmentSource, file: stitcher.file) {
            Stitcher.describe(log: $0, library: stitcher.library)
        }
        let gl = context.gl
        let block = gl.GetUniformBlockIndex(program.id, "ShaderFXArrays")
        if block != GL_INVALID_INDEX { gl.UniformBlockBinding(program.id, block, 0) }
        programs[key] = (program, stitcher)
        return (program, stitcher)
    }

    private func draw(_ effect: Effect, layer: Canvas, into target: Framebuffer, frame: SIMD2<Int>,
                      viewport: (origin: SIMD2<Int>, size: SIMD2<Int>)? = nil,
                      outputOffset: SIMD2<Int> = .zero, straight: Bool = false) throws {
        let (program, stitcher) = try program(for: effect)
        let parameters = stitcher.signature.arguments(for: effect.kind)
        let arguments = effect.shader.arguments
        let function = stitcher.signature.function
        guard parameters.count == arguments.count else {
            let expected = parameters.map { "\($0.type.rawValue) \($0.name)" }.joined(separator: ", ")
            throw ShaderError.argumentMismatch(
                function: function,
                reason: "takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s") after its leading ones (\(expected)), \(arguments.count) given")
        }
        // Upload image arguments before binding anything: creating a texture binds it to the
        // active unit, which would replace the layer (or an earlier image) there.
        let imageTextures = try arguments.map { argument throws -> Texture? in
            guard case let .image(image) = argument else { return nil }
            return try argumentTexture(image)
        }
        let gl = context.gl
        target.bindForDrawing()
        if let viewport {
            gl.Viewport(GLint(viewport.origin.x), GLint(viewport.origin.y), GLsizei(viewport.size.x), GLsizei(viewport.size.y))
        }
        program.use()
        layer.texture.bind(unit: 0)
        layer.texture.setSampling(ImageSampling(repeats: false, linear: true))
        program.set("sfx_layerTexture", int: 0)
        program.set("sfx_layerOrigin", layer.originPoints.x, layer.originPoints.y)
        program.set("sfx_layerSize", layer.sizePoints.x, layer.sizePoints.y)
        program.set("sfx_scale", layer.density)
        gl.Uniform2i(program.location("sfx_outputOffset"), GLint(outputOffset.x), GLint(outputOffset.y))
        program.set("sfx_straight", int: straight ? 1 : 0)

        var arrayData: [Float] = []
        var unit = 1
        for (index, (parameter, argument)) in zip(parameters, arguments).enumerated() {
            guard argument.fits(parameter.type) else {
                throw ShaderError.argumentMismatch(
                    function: function,
                    reason: "parameter '\(parameter.name)' is a \(parameter.type.rawValue), but a .\(argument.kindName) argument was given")
            }
            let name = Stitcher.uniformName(parameter.name)
            switch argument {
            case let .float(x): program.set(name, x)
            case let .float2(x, y): program.set(name, x, y)
            case let .float3(x, y, z): program.set(name, x, y, z)
            case let .float4(x, y, z, w): program.set(name, x, y, z, w)
            case let .color(color):
                let c = color.premultiplied
                program.set(name, c.x, c.y, c.z, c.w)
            case .boundingRect:
                program.set(name, 0, 0, Float(frame.x), Float(frame.y))
            case let .floatArray(values):
                program.set(name + "_offset", int: arrayData.count)
                program.set(name + "_count", int: values.count)
                arrayData += values
            case let .colorArray(colors):
                while arrayData.count % 4 != 0 { arrayData.append(0) }
                program.set(name + "_offset", int: arrayData.count)
                program.set(name + "_count", int: colors.count)
                for color in colors {
                    let c = color.premultiplied
                    arrayData += [c.x, c.y, c.z, c.w]
                }
            case .image:
                let texture = imageTextures[index]!
                texture.bind(unit: unit)
                texture.setSampling(stitcher.signature.samplers[parameter.name] ?? ImageSampling())
                program.set(name, int: unit)
                unit += 1
            }
        }
        if !arrayData.isEmpty {
            guard arrayData.count <= Stitcher.arrayCapacity else {
                throw ShaderError.argumentMismatch(
                    function: function,
                    reason: "its array arguments hold \(arrayData.count) floats; the capacity is \(Stitcher.arrayCapacity) floats (a colour takes 4)")
            }
            gl.BindBuffer(GLenum(GL_UNIFORM_BUFFER), arrayBuffer)
            arrayData.withUnsafeBytes { bytes in
                gl.BufferSubData(GLenum(GL_UNIFORM_BUFFER), 0, bytes.count, bytes.baseAddress)
            }
        }
        gl.DrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        try context.check("drawing \(effect.kind.modifierName) \(function)")
    }

    private func argumentTexture(_ image: RGBAImage) throws -> Texture {
        if let hit = imageTextures.first(where: { $0.image == image }) { return hit.texture }
        let started = ContinuousClock.now
        defer { statistics.upload += ContinuousClock.now - started }
        let texture = try Texture(context: context, image: image)
        imageTextures.append((image, texture))
        if imageTextures.count > 8 { imageTextures.removeFirst() }
        return texture
    }
}

/// Time spent by a renderer, summed over its `render` calls.
public struct RenderStatistics: Sendable, Equatable {
    /// Frames rendered.
    public var frames = 0
    /// Passes whose output was taken from the call before instead of being drawn again.
    public var reusedPasses = 0
    /// Uploading pictures into textures (the source, image arguments).
    public var upload = Duration.zero
    /// Rasterising and running the effect passes, until the GPU finished (uploads excluded).
    public var drawing = Duration.zero
    /// Reading the result back into memory.
    public var readBack = Duration.zero
}

extension Renderer {
    /// Applies built-in effects, each whole (a blur's two passes, every pass of a multi-pass
    /// effect), innermost first: `renderer.render(picture, Blur(radius: 30), BackgroundWarp())`.
    /// - Parameters:
    ///   - image: the layer's content.
    ///   - effects: the effects as typed values.
    ///   - scale: pixels per point of the output.
    ///   - region: the picture's frame (default) or the frame grown by the last effect's offset.
    /// - Returns: the premultiplied result.
    public func render(_ image: RGBAImage, _ effects: any BuiltInEffect..., scale: Int = 1,
                       region: OutputRegion = .frame) throws -> RGBAImage {
        try render(image, effects: effects.flatMap(\.passes), scale: scale, region: region)
    }
}
