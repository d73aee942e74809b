import ShaderFXContract

/// The renderer's entry for the view layer: a view's subtree is drawn into a layer of its own
/// (premultiplied, at the display scale, grown by the effect's margin), and the effect chain
/// runs over that layer by the same path a picture's effects take (`run(_:over:)`).
extension Renderer {
    /// Runs `body` with the context current and the renderer's lock held: what the view layer
    /// draws between effect chains runs inside it.
    package func withContext<T>(_ body: () throws -> T) throws -> T {
        try locked(body)
    }

    /// The margin, in pixels, of the layer `effects` read first for content of `size` points at
    /// `scale`: draw the content into a layer with this margin and the chain starts on it as it is.
    package func layerMargin(for effects: [Effect], size: SIMD2<Int>, scale: Int) throws -> SIMD2<Int> {
        let plan = try PassPlan(effects: effects, size: size, scale: scale, maxDimension: budget.maxDimension)
        return plan.passes.first?.margin ?? .zero
    }

    /// Runs `effects` over `layer`, content of `size` points drawn at `scale` with `margin` pixels
    /// of growth around it, and gives `body` the result: a texture (valid only inside `body`)
    /// and its margin in pixels. Nothing is kept for the next call: the layer is the caller's.
    /// A chain with no enabled effect gives the layer itself.
    package func withEffects<T>(_ effects: [Effect], over layer: Texture, size: SIMD2<Int>, margin: SIMD2<Int>, scale: Int,
                                _ body: (Texture, SIMD2<Int>) throws -> T) throws -> T {
        try locked {
            let plan = try PassPlan(effects: effects, size: size, scale: scale, maxDimension: budget.maxDimension)
            let input = Canvas(texture: layer, margin: margin, scale: scale)
            let result = try run(plan, over: input, keepsInput: false)
            return try body(result.texture, result.margin)
        }
    }
}

extension Renderer {
    /// `texture`'s top-left `width` × `height` pixels, premultiplied float, straightened to 8-bit
    /// RGBA on the GPU and read back as bytes (a quarter of the float read-back): how a view's
    /// picture becomes a PNG or a frame of an animation.
    package func straightFrame(of texture: Texture, width: Int, height: Int) throws -> StraightFrame {
        try locked {
            setState()
            // The 8-bit target is kept for the next frame of the same size (one, replaced when the size changes).
            let target: Framebuffer
            if let kept = straightTarget, kept.width == width, kept.height == height {
                target = kept
            } else {
                straightTarget = nil
                target = try Framebuffer(context: context, width: width, height: height, eightBit: true)
                straightTarget = target
            }
            try straighten(Canvas(texture: texture, margin: .zero, scale: 1), from: .zero, into: target)
            // Into a buffer recycled from an earlier frame once its writer gave it back (`StraightFrame.release`).
            var bytes = FrameBufferPool.shared.take(count: width * height * 4)
            try target.readBytes(x: 0, y: 0, width: width, height: height, into: &bytes)
            return StraightFrame(width: width, height: height, bytes: bytes, pool: .shared)
        }
    }
}
