import Dispatch
import Foundation
import ShaderFXGolden

/// Encodes and writes frames on worker threads while the GPU renders the next ones.
///
/// Frames go into a folder (one PNG file each, written as they are encoded, in any order),
/// into one animated PNG streamed to its file, or as whole PNG files one after another to a
/// stream (standard output, for `ffmpeg -f image2pipe`). For the last two, workers compress
/// frames in parallel and a frame is appended as soon as every earlier one is. At most
/// `2 × workers` frames are in flight, compressing or waiting for their turn, whatever the
/// number of frames, so memory does not grow with the length of the animation.
final class FrameWriter: @unchecked Sendable {
    /// Where the frames go.
    enum Destination {
        /// `frame_NNNNN.png` files in this folder.
        case folder(String)
        /// One animated PNG, streamed.
        case animation(APNGWriter, fps: Int)
        /// Whole PNG files, RGBA, one after another in frame order, to this descriptor.
        case stream(Int32, name: String)
    }

    /// A frame encoded and waiting for the frames before it.
    private enum Encoded {
        case animationFrame(CompressedFrame)
        case file([UInt8])
    }

    /// Encoding threads: one per core, at least one.
    static let workers = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    private let destination: Destination
    private let compression: PNGEncoder.Compression
    /// The encoder of animation frames, made once: every frame shares one colour type, RGBA,
    /// and each is compressed on one core (the workers already use every core).
    private let frameEncoder: PNGEncoder
    private let queue = DispatchQueue(label: "shaderfx.frame-writer", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots = DispatchSemaphore(value: FrameWriter.workers * 2)
    private let lock = NSLock()
    /// Compressed animation frames waiting for the ones before them, by index.
    private var waiting: [Int: Encoded] = [:]
    private var nextToAppend: Int
    /// The index the next submitted frame must have: frames come in order, one after another.
    private var nextToSubmit: Int
    private var error: (any Error)?
    private var bytes = 0
    private var encodingSeconds = 0.0

    /// A writer of frames from `firstIndex` on into `destination`.
    init(_ destination: Destination, firstIndex: Int, compression: PNGEncoder.Compression) {
        self.destination = destination
        self.compression = compression
        frameEncoder = PNGEncoder(options: .init(compression: compression, parallelism: .disabled))
        nextToAppend = firstIndex
        nextToSubmit = firstIndex
    }

    /// Queues frame `index` for encoding; waits while too many are in flight.
    func submit(_ frame: StraightFrame, index: Int) throws {
        if let error = lock.withLock({ self.error }) { throw error }
        // A gap would leave an animation waiting for a frame that never comes.
        guard index == nextToSubmit else {
            throw ImageError.unwritable(path: "(frame \(index))", reason: "frames must come in order; expected frame \(nextToSubmit)")
        }
        nextToSubmit += 1
        slots.wait()
        group.enter()
        let handoff = Handoff(frame)
        queue.async { [self] in
            defer { group.leave() }
            // The worker's variable holds the frame alone (the closure only the empty handoff), so
            // that the buffer goes back to the pool unshared and the next frame's copy writes into
            // it in place.
            let frame = handoff.take()
            let start = ContinuousClock.now
            do {
                switch destination {
                case let .folder(directory):
                    defer { slots.signal() }
                    let png = try PNG.encode(frame, compression: compression)
                    (consume frame).release()
                    try PNG.writeFile(png, to: FrameFolder.path(directory, index), durable: false)
                    lock.withLock { bytes += png.count; encodingSeconds += (ContinuousClock.now - start).seconds }
                    FrameBufferPool.scratch.recycle(consume png)  // for the next frame's file
                case .animation, .stream:
                    let encoded: Encoded
                    if case .stream = destination {
                        encoded = .file(try PNG.encode(frame, compression: compression, keepAlpha: true))
                    } else {
                        encoded = .animationFrame(try frameEncoder.compressFrame(frame.bytes, width: frame.width,
                                                                                 height: frame.height, format: .rgba))
                    }
                    (consume frame).release()
                    try lock.withLock {
                        encodingSeconds += (ContinuousClock.now - start).seconds
                        // After a failure nothing more is appended: free the slot at once.
                        guard self.error == nil else { slots.signal(); return }
                        waiting[index] = encoded
                        // Append every frame whose turn has come; each frees its slot.
                        while let next = waiting.removeValue(forKey: nextToAppend) {
                            try append(next)
                            nextToAppend += 1
                            slots.signal()
                        }
                    }
                }
            } catch {
                lock.withLock {
                    if self.error == nil { self.error = error }
                    if case .folder = destination { return }
                    // This frame's slot, and those of the frames waiting behind it, which will
                    // never be appended now: the renderer must not wait for them.
                    for _ in 0...waiting.count { slots.signal() }
                    waiting.removeAll()
                }
            }
        }
    }

    /// Writes an encoded frame whose turn has come (called with `lock` held, in frame order).
    private func append(_ encoded: Encoded) throws {
        switch (destination, encoded) {
        case let (.animation(writer, fps), .animationFrame(frame)):
            try writer.append(frame, delay: .init(fps: fps))
            bytes += frame.byteCount
        case let (.stream(fd, name), .file(png)):
            try Output.writeAll(png, to: fd, name: name)
            bytes += png.count
            FrameBufferPool.scratch.recycle(png)  // for a later frame's file
        default:
            preconditionFailure("a frame encoded for another destination")
        }
    }

    /// Waits for every frame and finishes an animation; returns the totals.
    func finish() throws -> (bytes: Int, encodingSeconds: Double) {
        group.wait()
        return try lock.withLock {
            if let error { throw error }
            if case let .animation(writer, _) = destination {
                try writer.finish()
            }
            return (bytes, encodingSeconds)
        }
    }
}

/// A frame handed from the submitting thread to the worker that encodes it, taken out once.
final class Handoff: @unchecked Sendable {
    private var frame: StraightFrame?

    init(_ frame: StraightFrame) { self.frame = frame }

    /// The frame, which the handoff no longer holds.
    func take() -> StraightFrame { frame.take()! }
}
