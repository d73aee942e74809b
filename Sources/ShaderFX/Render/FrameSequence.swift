import Dispatch
import Synchronization

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

    /// The pixel buffers a sequence cycles through: the frame the GPU reads into, the one
    /// whose copy has just started, and up to two whose copies are still running.
    static let sequenceBuffers = 4

    /// Renders a sequence of frames over one picture, reading each back as straight 8-bit RGBA
    /// through a ring of `sequenceBuffers` pixel buffer objects, and handing each to `deliver`
    /// in order.
    ///
    /// The GL thread only draws, issues reads and fences, and maps and unmaps buffers: once a
    /// frame's fence has passed, its buffer is mapped and copied out on another thread while the
    /// next frames draw, and unmapped once the copy is done, before the buffer is read into again.
    /// - Parameters:
    ///   - image: the picture every frame starts from.
    ///   - frames: the frame indices, in order.
    ///   - scale: pixels per point.
    ///   - effects: the passes of frame `index`.
    ///   - deliver: called with each frame index and its pixels, in order, on this thread.
    public func renderSequence(_ image: RGBAImage, frames: some Sequence<Int>, scale: Int = 1,
                               effects: (Int) throws -> [Effect],
                               deliver: (Int, StraightFrame) throws -> Void) throws {
        // The frame itself (an 8-bit target and its pixel buffers) must fit as every layer must.
        try budget.check(width: image.width, height: image.height, scale: scale)
        try locked {
            let width = image.width * scale, height = image.height * scale
            let target = try Framebuffer(context: context, width: width, height: height, eightBit: true)
            _ = try programs.straightenProgram()  // compiled before the first frame
            let bytes = width * height * 4
            let buffers = try (0..<Self.sequenceBuffers).map { _ in try PixelBuffer(context: context, byteCount: bytes) }
            // Every fence is owned by the one frame job waiting for it, and deleted with it,
            // whichever call throws (`liveFences` counts those alive).
            var pending: (index: Int, slot: Int, fence: Fence)?
            // Frames whose copies run, oldest first; each buffer stays mapped until its copy ends.
            var copying: [(index: Int, slot: Int, copy: FrameCopy)] = []
            defer {
                // After a throw: no buffer is unmapped (or deleted) while a thread still reads it.
                for job in copying {
                    _ = job.copy.wait()
                    buffers[job.slot].unmap()
                }
            }

            /// Waits for the frame's fence, maps its buffer and starts the copy.
            func startCopy(_ job: (index: Int, slot: Int, fence: Fence)) throws {
                let started = ContinuousClock.now
                try job.fence.wait(timeout: .seconds(10), for: "frame \(job.index)")
                let mapped = try buffers[job.slot].map(count: bytes)
                copying.append((job.index, job.slot, FrameCopy(mapped)))
                totals.readBack += ContinuousClock.now - started
            }

            /// Waits for the oldest copy, unmaps its buffer and delivers the frame.
            func deliverOldest() throws {
                let started = ContinuousClock.now
                let job = copying.removeFirst()
                let pixels = job.copy.wait()
                buffers[job.slot].unmap()
                totals.readBack += ContinuousClock.now - started
                try deliver(job.index, StraightFrame(width: width, height: height, bytes: pixels, pool: .shared))
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
                    try startCopy(previous)
                }
                pending = (index, slot, fence)
                // The next frame's buffer must be free: deliver copies that are done, and the
                // oldest while the ring would be full.
                while let oldest = copying.first, copying.count > Self.sequenceBuffers - 2 || oldest.copy.isDone {
                    try deliverOldest()
                }
                slot = (slot + 1) % Self.sequenceBuffers
            }
            if let last = pending {
                pending = nil
                try startCopy(last)
            }
            while !copying.isEmpty { try deliverOldest() }
        }
    }
}

/// A frame's bytes copied out of a mapped pixel buffer on another thread, into a buffer from
/// `FrameBufferPool.shared`.
private final class FrameCopy: @unchecked Sendable {
    /// Copies run one after another, on a thread of their own: the encoders' threads may all be
    /// busy, and the GL thread waits for the copies.
    private static let queue = DispatchQueue(label: "shaderfx.read-back")
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic(false)
    private var pixels: [UInt8]

    /// Starts copying `mapped`, which must stay mapped until `wait()` returns.
    init(_ mapped: UnsafeRawBufferPointer) {
        pixels = FrameBufferPool.shared.takeForOverwrite(count: mapped.count)
        let source = MappedBytes(base: mapped.baseAddress!, count: mapped.count)
        Self.queue.async { [self] in
            pixels.withUnsafeMutableBytes { Renderer.copy(from: source.base, to: $0.baseAddress!, count: source.count) }
            finished.store(true, ordering: .releasing)
            done.signal()
        }
    }

    /// Whether the copy has ended (`wait()` would not wait).
    var isDone: Bool { finished.load(ordering: .acquiring) }

    /// Waits for the copy to end; returns the bytes, which the copy then no longer holds (the
    /// frame's writer holds the only reference and can give them back to the pool whole). A
    /// second wait (after a throw) returns at once, with no bytes.
    func wait() -> [UInt8] {
        done.wait()
        done.signal()
        var taken: [UInt8] = []
        swap(&taken, &pixels)
        return taken
    }
}

/// A mapped buffer's bytes, handed to the copying thread.
private struct MappedBytes: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
}

/// Two pointers handed to the copying threads (each writes its own part of the target).
private struct UncheckedPointers: @unchecked Sendable {
    let source: UnsafeRawPointer
    let target: UnsafeMutableRawPointer
}
