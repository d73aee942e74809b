import Dispatch
import CGLLoader

extension Renderer {
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
        try checkBudget(image, effects: effects, scale: scale)
        return try context.withCurrent {
            let started = ContinuousClock.now
            let uploadedBefore = statistics.upload
            let frameTarget = region == .frame
                ? try Framebuffer(context: context, width: image.width * scale, height: image.height * scale, eightBit: true) : nil
            let canvas = try drawCurrent(image, effects: effects, scale: scale, frameOnly: region == .frame, straightInto: frameTarget)
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
            context.gl.Finish()
            let drawn = ContinuousClock.now
            statistics.drawing += drawn - started - (statistics.upload - uploadedBefore)
            defer { statistics.readBack += ContinuousClock.now - drawn; statistics.frames += 1 }
            return StraightFrame(width: width, height: height, bytes: try target.readBytes(x: 0, y: 0, width: width, height: height))
        }
    }

    /// Converts `canvas` (premultiplied floats) to straight 8-bit RGBA in `target`, reading it
    /// from `origin` on: the conversion pass for a last pass that could not write 8 bits itself.
    func straighten(_ canvas: Canvas, from origin: SIMD2<Int>, into target: Framebuffer) throws {
        let program = try straightenProgram()
        target.bindForDrawing()
        program.use()
        canvas.texture.bind(unit: 0)
        program.set("sfx_source", int: 0)
        context.gl.Uniform2i(program.location("sfx_offset"), GLint(origin.x), GLint(origin.y))
        context.gl.DrawArrays(GLenum(GL_TRIANGLES), 0, 3)
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
        try context.withCurrent {
            let gl = context.gl
            let width = image.width * scale, height = image.height * scale
            let target = try Framebuffer(context: context, width: width, height: height, eightBit: true)
            _ = try straightenProgram()  // compiled before the first frame
            let bytes = width * height * 4
            var buffers = [GLuint](repeating: 0, count: 2)
            gl.GenBuffers(2, &buffers)
            defer { gl.DeleteBuffers(2, &buffers) }
            for buffer in buffers {
                gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
                gl.BufferData(GLenum(GL_PIXEL_PACK_BUFFER), bytes, nil, GLenum(GL_STREAM_READ))
            }
            gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
            try context.check("allocating the pixel buffers (2 x \(bytes) bytes)")
            // Every fence made is deleted exactly once, whichever call throws: each is owned by
            // the one frame job that holds it, and jobs still holding one are cleared on exit.
            var fences: [GLsync?] = [nil, nil]
            func deleteFence(_ slot: Int) {
                if let fence = fences[slot] {
                    gl.DeleteSync(fence)
                    fences[slot] = nil
                    liveFences -= 1
                }
            }
            defer { deleteFence(0); deleteFence(1) }
            var pending: (index: Int, slot: Int)?

            func collect(_ job: (index: Int, slot: Int)) throws {
                let started = ContinuousClock.now
                if let fence = fences[job.slot] {
                    let waited = gl.ClientWaitSync(fence, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), 10_000_000_000)
                    deleteFence(job.slot)
                    guard waited == GL_ALREADY_SIGNALED || waited == GL_CONDITION_SATISFIED else {
                        throw GPUError.gl(call: "glClientWaitSync (frame \(job.index) not finished after 10 s)", code: UInt32(waited))
                    }
                }
                gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[job.slot])
                defer { gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
                guard let mapped = gl.MapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, bytes, GLbitfield(GL_MAP_READ_BIT)) else {
                    try context.check("glMapBufferRange")
                    throw GPUError.gl(call: "glMapBufferRange", code: 0)
                }
                // Into a recycled buffer: no fresh pages to fault in for every frame.
                var pixels = FrameBufferPool.shared.take(count: bytes)
                pixels.withUnsafeMutableBytes { Self.copy(from: UnsafeRawPointer(mapped), to: $0.baseAddress!, count: bytes) }
                let frame = StraightFrame(width: width, height: height, bytes: pixels)
                _ = gl.UnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
                statistics.readBack += ContinuousClock.now - started
                try deliver(job.index, frame)
            }

            var slot = 0
            for index in frames {
                let started = ContinuousClock.now
                let uploadedBefore = statistics.upload
                let passes = try effects(index)
                try checkBudget(image, effects: passes, scale: scale)  // grown layers, before they exist
                let canvas = try drawCurrent(image, effects: passes, scale: scale, frameOnly: true, straightInto: target)
                if !canvas.straight { try straighten(canvas, from: canvas.margin, into: target) }
                gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[slot])
                gl.PixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
                // In bands, as Framebuffer.read does: no single read comes near 2 GiB.
                for band in Framebuffer.bands(height: height, rowBytes: width * 4) {
                    gl.ReadPixels(0, GLint(band.lowerBound), GLsizei(width), GLsizei(band.count), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                                  UnsafeMutableRawPointer(bitPattern: band.lowerBound * width * 4))
                }
                gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
                deleteFence(slot)
                fences[slot] = gl.FenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
                if fences[slot] != nil { liveFences += 1 }
                gl.Flush()
                try context.check("reading frame \(index) back")
                statistics.drawing += ContinuousClock.now - started - (statistics.upload - uploadedBefore)
                statistics.frames += 1
                if let previous = pending { try collect(previous) }
                pending = (index, slot)
                slot = 1 - slot
            }
            if let last = pending { try collect(last) }
        }
    }
}

/// Two pointers handed to the copying threads (each writes its own part of the target).
private struct UncheckedPointers: @unchecked Sendable {
    let source: UnsafeRawPointer
    let target: UnsafeMutableRawPointer
}
