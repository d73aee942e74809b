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
            let target = try straightened(texture, width: width, height: height)
            // Into a buffer recycled from an earlier frame once its writer gave it back (`StraightFrame.release`).
            var bytes = FrameBufferPool.shared.takeForOverwrite(count: width * height * 4)
            try target.readBytes(x: 0, y: 0, width: width, height: height, into: &bytes)
            return StraightFrame(width: width, height: height, bytes: bytes, pool: .shared)
        }
    }

    /// `straightFrame` started, not waited for: the picture is straightened and copied into a
    /// pixel buffer on the GPU's time, and `collectStraightFrame` waits for it and takes the
    /// bytes, so the read-back of one frame overlaps the drawing of the next (as
    /// `renderSequence` does). Two buffers are used in turn: collect a frame before starting
    /// the second after it.
    package func startStraightFrame(of texture: Texture, width: Int, height: Int) throws -> PendingStraightFrame {
        try locked {
            let target = try straightened(texture, width: width, height: height)
            let bytes = width * height * 4
            if straightBuffers.first?.byteCount != bytes {
                straightBuffers = [try PixelBuffer(context: context, byteCount: bytes), try PixelBuffer(context: context, byteCount: bytes)]
            }
            let buffer = straightBuffers[nextStraightBuffer]
            nextStraightBuffer = 1 - nextStraightBuffer
            buffer.readBytes(from: target, x: 0, y: 0, width: width, height: height)
            let fence = try Fence(context: context, counter: fenceCounter)
            context.flush()
            try context.check("reading a view's picture back")
            return PendingStraightFrame(width: width, height: height, buffer: buffer, fence: fence)
        }
    }

    /// Waits for `pending`'s bytes and takes them, into a buffer recycled from an earlier frame.
    package func collectStraightFrame(_ pending: PendingStraightFrame) throws -> StraightFrame {
        try locked {
            try pending.fence.wait(timeout: .seconds(10), for: "a view's picture")
            let count = pending.width * pending.height * 4
            var pixels = FrameBufferPool.shared.takeForOverwrite(count: count)
            try pending.buffer.withMappedBytes(count: count) { mapped in
                pixels.withUnsafeMutableBytes { Self.copy(from: mapped.baseAddress!, to: $0.baseAddress!, count: count) }
            }
            return StraightFrame(width: pending.width, height: pending.height, bytes: pixels, pool: .shared)
        }
    }

    /// `texture` straightened into the kept 8-bit target (one, kept for the next frame of its
    /// size, replaced when the size changes). The lock must be held.
    private func straightened(_ texture: Texture, width: Int, height: Int) throws -> Framebuffer {
        setState()
        let target: Framebuffer
        if let kept = straightTarget, kept.width == width, kept.height == height {
            target = kept
        } else {
            straightTarget = nil
            target = try Framebuffer(context: context, width: width, height: height, eightBit: true)
            straightTarget = target
        }
        try straighten(Canvas(texture: texture, margin: .zero, scale: 1), from: .zero, into: target)
        return target
    }
}

/// A view's picture on its way back from the GPU (`Renderer.startStraightFrame`): its pixel
/// buffer and the fence that says the copy is done. Deleting it (unwaited) deletes the fence.
package struct PendingStraightFrame {
    package let width: Int
    package let height: Int
    let buffer: PixelBuffer
    let fence: Fence
}
