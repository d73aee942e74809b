import Dispatch

extension Renderer {
    /// Applies `effects` to `image` and reads the result back as straight 8-bit RGBA, converted
    /// on the GPU with `PNG.encode`'s rounding: the bytes a PNG of `render`'s result holds, at a
    /// quarter of the read-back and none of the conversion on the CPU.
    /// - Parameters:
    ///   - image: the layer's content.
    ///   - effects: the modifiers, innermost first.
    ///   - scale: pixels per point of the output.
    ///   - region: the picture's frame (default) or the frame grown by the last effect's offset.
    public func renderStraight(_ image: RGBAImage, effects: [Effect], scale: Int = 1, region: OutputRegion = .frame) throws -> StraightFrame {
        precondition(scale >= 1, "scale is at least 1")
        return try locked {
            let plan = try checkedPlan(image, effects: effects, scale: scale)
            let started = ContinuousClock.now
            let uploadedBefore = totals.upload
            let frameTarget = region == .frame
                ? try Framebuffer(context: context, width: image.width * scale, height: image.height * scale, eightBit: true) : nil
            let canvas = try drawCurrent(image, plan: plan, frameOnly: region == .frame, straightInto: frameTarget)
            let framebuffer = canvas.framebuffer!
            let width = region == .frame ? image.width * scale : framebuffer.width
            let height = region == .frame ? image.height * scale : framebuffer.height
            let target: Framebuffer
            if canvas.straight, let frameTarget {
                target = frameTarget  // the last pass wrote it straight
            } else {
                target = try frameTarget ?? Framebuffer(context: context, width: width, height: height, eightBit: true)
                try straighten(canvas, from: region == .frame ? canvas.margin : .zero, into: target)
            }
            context.finish()
            let drawn = ContinuousClock.now
            totals.drawing += drawn - started - (totals.upload - uploadedBefore)
            defer { totals.readBack += ContinuousClock.now - drawn; totals.frames += 1 }
            return StraightFrame(width: width, height: height, bytes: try target.readBytes(x: 0, y: 0, width: width, height: height))
        }
    }

    /// Copies a frame out of a mapped pixel buffer, in pieces of at least 1 MiB on up to 8 cores:
    /// a 4K frame is 33 MB (a 1080p one 8 MB), and one core copying it would hold up the GPU's
    /// thread for milliseconds. (Pieces of 4 MiB, two for 1080p, made 1080p 15 % slower on the
    /// H200.)
    static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        let pieces = min(8, max(1, count / (1 << 20)))
        guard pieces > 1 else {
            target.copyMemory(from: source, byteCount: count)
            return
        }
        let size = (count + pieces - 1) / pieces
        let pointers = UncheckedPointers(source: source, target: target)
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            let start = piece * size
            let length = min(size, count - start)
            if length > 0 { (pointers.target + start).copyMemory(from: pointers.source + start, byteCount: length) }
        }
    }

    /// Renders a sequence of frames over one picture, reading each back as straight 8-bit RGBA
    /// through two pixel buffer objects, so the read-back of one frame overlaps the drawing of
    /// the next, and handing each to `deliver` in order.
    /// - Parameters:
    ///   - image: the picture every frame starts from.
    ///   - frames: the frame indices, in order.
    ///   - scale: pixels per point.
    ///   - effects: the passes of frame `index`.
    ///   - deliver: called with each frame index and its pixels, in order, on this thread.
    public func renderSequence(_ image: RGBAImage, frames: some Sequence<Int>, scale: Int = 1,
                               effects: (Int) throws -> [Effect],
                               deliver: (Int, StraightFrame) throws -> Void) throws {
        // The frame itself (an 8-bit target and two pixel buffers) must fit as every layer must.
        try budget.check(width: image.width, height: image.height, scale: scale)
        try locked {
            let width = image.width * scale, height = image.height * scale
            let target = try Framebuffer(context: context, width: width, height: height, eightBit: true)
            _ = try programs.straightenProgram()  // compiled before the first frame
            let bytes = width * height * 4
            let buffers = [try PixelBuffer(context: context, byteCount: bytes), try PixelBuffer(context: context, byteCount: bytes)]
            // Every fence is owned by the one frame job waiting for it, and deleted with it,
            // whichever call throws (`liveFences` counts those alive).
            var pending: (index: Int, slot: Int, fence: Fence)?

            func collect(_ job: (index: Int, slot: Int, fence: Fence)) throws {
                let started = ContinuousClock.now
                try job.fence.wait(timeout: .seconds(10), for: "frame \(job.index)")
                // Into a recycled buffer: no fresh pages to fault in for every frame.
                var pixels = FrameBufferPool.shared.take(count: bytes)
                try buffers[job.slot].withMappedBytes(count: bytes) { mapped in
                    pixels.withUnsafeMutableBytes { Self.copy(from: mapped.baseAddress!, to: $0.baseAddress!, count: bytes) }
                }
                let frame = StraightFrame(width: width, height: height, bytes: pixels, pool: .shared)
                totals.readBack += ContinuousClock.now - started
                try deliver(job.index, frame)
            }

            var slot = 0
            for index in frames {
                let started = ContinuousClock.now
                let uploadedBefore = totals.upload
                let passes = try effects(index)
                let plan = try checkedPlan(image, effects: passes, scale: scale)  // grown layers, before they exist
                let canvas = try drawCurrent(image, plan: plan, frameOnly: true, straightInto: target)
                if !canvas.straight { try straighten(canvas, from: canvas.margin, into: target) }
                buffers[slot].readBytes(from: target, x: 0, y: 0, width: width, height: height)
                let fence = try Fence(context: context, counter: fenceCounter)
                context.flush()
                try context.check("reading frame \(index) back")
                totals.drawing += ContinuousClock.now - started - (totals.upload - uploadedBefore)
                totals.frames += 1
                if let previous = pending {
                    pending = nil
                    try collect(previous)
                }
                pending = (index, slot, fence)
                slot = 1 - slot
            }
            if let last = pending {
                pending = nil
                try collect(last)
            }
        }
    }
}

/// Two pointers handed to the copying threads (each writes its own part of the target).
private struct UncheckedPointers: @unchecked Sendable {
    let source: UnsafeRawPointer
    let target: UnsafeMutableRawPointer
}
