extension Renderer {
    /// Runs the passes of `plan` over `input`, a layer (a texture and where it sits: at the
    /// scale of its own pixels, with its margin); returns the final canvas (always a
    /// framebuffer), not yet read back. The one path every render takes: a picture's upload
    /// (`drawCurrent`), and whatever else has a layer to run an effect chain over.
    ///
    /// The input's layer on each pass's grid is kept between calls (`SourceCache`), and leading
    /// passes the previous calls ran identically over the same input are taken from them
    /// (`PrefixCache`). The context must be current and the renderer's lock held.
    /// - Parameter frameOnly: the caller reads only the picture's frame, so the last pass may
    ///   skip the grown margin around it (nothing after it samples there).
    /// - Parameter straightInto: an 8-bit framebuffer of the frame's size: when the last pass
    ///   can draw the frame straight into it (an enabled pass on the output's grid, only the
    ///   frame read), it does, as straight 8-bit RGBA, and the canvas returned is marked `straight`.
    /// - Parameter keepsInput: the input stays the same texture with the same content between calls
    ///   (a picture), so its layers and the passes over it may be kept for the next call; false
    ///   for a layer whose texture is drawn anew each time (a view's), which keeps nothing.
    func run(_ plan: PassPlan, over input: Canvas, frameOnly: Bool = false,
             straightInto straightTarget: Framebuffer? = nil, keepsInput: Bool = true) throws -> Canvas {
        context.assertCurrent("rendering")
        setState()
        let size = plan.size, scale = plan.scale
        let effects = plan.effects
        var canvas = input
        var retired: [Framebuffer] = []
        defer { layers.retire(retired) }
        // Passes that the previous call ran identically (the blur before an animated warp) are
        // not run again: their output is kept from the call before.
        var first = 0
        if keepsInput, let reuse = prefixes.reusable(input: input.texture, scale: scale, effects: effects) {
            canvas = reuse.canvas
            first = reuse.passes
            totals.reusedPasses += first
        }
        let stable = keepsInput ? prefixes.record(input: input.texture, scale: scale, effects: effects) : 0
        for (index, pass) in plan.passes.enumerated() where index >= first {
            let effect = pass.effect, margin = pass.margin, frame = pass.frame, reduction = pass.reduction
            let last = index == plan.passes.count - 1
            let layer: Canvas
            if canvas.margin == margin && canvas.scale == scale && canvas.reduction == reduction {
                layer = canvas
            } else if canvas.texture === input.texture && keepsInput {
                layer = try inputLayer(input, size: size, margin: margin, scale: scale, reduction: reduction)
            } else {
                let target = try layers.take(frame: frame, margin: margin)
                try rasterise(canvas, into: target, margin: margin, scale: scale, reduction: reduction)
                retired.append(target)
                layer = Canvas(texture: target.texture, margin: margin, scale: scale, reduction: reduction, framebuffer: target)
            }
            guard effect.isEnabled else { canvas = layer; continue }
            if last, frameOnly, reduction == 1, let straightTarget,
               straightTarget.width == frame.x, straightTarget.height == frame.y {
                try draw(effect, layer: layer, into: straightTarget, frame: size, outputOffset: margin, straight: true)
                canvas = Canvas(texture: straightTarget.texture, margin: .zero, scale: scale, framebuffer: straightTarget, straight: true)
                continue
            }
            let output = try layers.take(frame: frame, margin: margin)
            retired.append(output)
            try draw(effect, layer: layer, into: output, frame: size,
                     viewport: last && frameOnly && margin != .zero && reduction == 1 ? (margin, frame) : nil)
            canvas = Canvas(texture: output.texture, margin: margin, scale: scale, reduction: reduction, framebuffer: output)
            if index + 1 == stable, stable < effects.count, first < stable {
                // Keep this pass's output for the next call; its framebuffer leaves the pool.
                retired.removeAll { $0 === output }
                if let old = prefixes.keep(canvas, of: Array(effects.prefix(stable)), input: input.texture, scale: scale) {
                    retired.append(old)
                }
            }
        }
        if canvas.reduction != 1, !plan.passes.isEmpty {
            // The last pass drew on a coarser grid: resample it bilinearly onto the output's pixels,
            // only the frame when that is all the caller reads.
            let margin = frameOnly ? .zero : plan.lastMargin
            let target = try layers.take(frame: size &* scale, margin: margin)
            try rasterise(canvas, into: target, margin: margin, scale: scale)
            retired.append(target)
            canvas = Canvas(texture: target.texture, margin: margin, scale: scale, framebuffer: target)
        }
        if canvas.framebuffer == nil && keepsInput {
            // No enabled effect drew: the picture is the input itself, at the output scale.
            canvas = try inputLayer(input, size: size, margin: canvas.scale == scale ? canvas.margin : .zero, scale: scale)
        }
        return canvas
    }

    /// The input rasterised into a layer of this margin and scale. Kept between calls: every
    /// frame of an animation over one picture starts from the same layer.
    private func inputLayer(_ input: Canvas, size: SIMD2<Int>, margin: SIMD2<Int>, scale: Int, reduction: Int = 1) throws -> Canvas {
        if let kept = sources.layer(of: input.texture, margin: margin, scale: scale, reduction: reduction) { return kept }
        let frame = (size &* scale &+ (reduction - 1)) / reduction
        // A framebuffer of its own, never the pool's: it stays while the input does.
        let target = try Framebuffer(context: context, width: frame.x + 2 * margin.x, height: frame.y + 2 * margin.y)
        try rasterise(input, into: target, margin: margin, scale: scale, reduction: reduction)
        let canvas = Canvas(texture: target.texture, margin: margin, scale: scale, reduction: reduction, framebuffer: target)
        sources.keep(canvas, asLayerOf: input.texture)
        return canvas
    }
}
