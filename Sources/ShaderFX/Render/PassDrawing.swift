import ShaderFXContract
extension Renderer {
    /// Draws `source` into `target`, a canvas of `margin` pixels at `scale / reduction` pixels per
    /// point: texels copied on the same grid, bilinear onto another, box-filtered onto a grid at
    /// least twice as coarse (the footprint of a target pixel, 2 × 2 source texels a sample).
    func rasterise(_ source: Canvas, into target: Framebuffer, margin: SIMD2<Int>, scale: Int, reduction: Int = 1) throws {
        let program = programs.raster
        target.bindForDrawing()
        program.use()
        source.texture.bind(unit: 0)
        // Same pixel grid: copy texels exactly. Otherwise resample bilinearly.
        source.texture.setSampling(ImageSampling(repeats: false, linear: source.scale != scale || source.reduction != reduction))
        program.set("sfx_source", int: 0)
        program.set("sfx_sourceOrigin", source.originPoints.x, source.originPoints.y)
        program.set("sfx_sourceSize", source.sizePoints.x, source.sizePoints.y)
        let density = Canvas(texture: target.texture, margin: margin, scale: scale, reduction: reduction).density
        let origin = SIMD2(Float(-margin.x), Float(-margin.y)) / density
        program.set("sfx_origin", origin.x, origin.y)
        program.set("sfx_scale", density)
        // Source texels across one target pixel; a sample covers 2 of them along each axis.
        let across = source.density / density
        let taps = across >= 4 ? Int(across / 2) : 1
        program.set("sfx_taps", int: taps)
        program.set("sfx_footprint", 1 / density)
        program.drawFullScreen()
        try context.check("rasterising the layer")
    }

    /// Runs `effect`'s stitched program over `layer` into `target` (its whole viewport, or the
    /// `viewport` rectangle); `outputOffset` places a smaller target on the layer's grid and
    /// `straight` makes the pass write straight 8-bit RGBA.
    func draw(_ effect: Effect, layer: Canvas, into target: Framebuffer, frame: SIMD2<Int>,
              viewport: (origin: SIMD2<Int>, size: SIMD2<Int>)? = nil,
              outputOffset: SIMD2<Int> = .zero, straight: Bool = false) throws {
        let stitched = try programs.program(for: effect)
        let program = stitched.program, stitcher = stitched.stitcher
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
            let (texture, uploaded) = try self.arguments.texture(for: image)
            totals.upload += uploaded
            return texture
        }
        if let viewport {
            target.bindForDrawing(viewportOrigin: viewport.origin, size: viewport.size)
        } else {
            target.bindForDrawing()
        }
        program.use()
        layer.texture.bind(unit: 0)
        layer.texture.setSampling(ImageSampling(repeats: false, linear: true))
        program.set(StitchedInterface.layerTexture, int: 0)
        program.set(StitchedInterface.layerOrigin, layer.originPoints.x, layer.originPoints.y)
        program.set(StitchedInterface.layerSize, layer.sizePoints.x, layer.sizePoints.y)
        program.set(StitchedInterface.scale, layer.density)
        program.set(StitchedInterface.outputOffset, int2: outputOffset)
        program.set(StitchedInterface.straight, int: straight ? 1 : 0)

        var arrayData: [Float] = []
        var unit = 1
        for (index, (parameter, argument)) in zip(parameters, arguments).enumerated() {
            guard argument.fits(parameter.type) else {
                throw ShaderError.argumentMismatch(
                    function: function,
                    reason: "parameter '\(parameter.name)' is a \(parameter.type.rawValue), but a .\(argument.kindName) argument was given")
            }
            let name = StitchedInterface.uniformName(parameter.name)
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
            guard arrayData.count <= StitchedInterface.arrayCapacity else {
                throw ShaderError.argumentMismatch(
                    function: function,
                    reason: "its array arguments hold \(arrayData.count) floats; the capacity is \(StitchedInterface.arrayCapacity) floats (a colour takes 4)")
            }
            arrayBuffer.write(arrayData)
        }
        program.drawFullScreen()
        try context.check("drawing \(effect.kind.modifierName) \(function)")
    }

    /// Converts `canvas` (premultiplied floats) to straight 8-bit RGBA in `target`, reading it
    /// from `origin` on: the conversion pass for a last pass that could not write 8 bits itself.
    func straighten(_ canvas: Canvas, from origin: SIMD2<Int>, into target: Framebuffer) throws {
        let program = try programs.straightenProgram()
        target.bindForDrawing()
        program.use()
        canvas.texture.bind(unit: 0)
        program.set("sfx_source", int: 0)
        program.set("sfx_offset", int2: origin)
        program.drawFullScreen()
    }
}
