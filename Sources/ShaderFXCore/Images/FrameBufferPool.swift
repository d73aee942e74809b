import Foundation

/// Byte buffers kept for the next frames of the same size.
///
/// A 4K frame is 33 MB; a fresh buffer for each one costs the kernel 8,000 page faults before
/// a byte is copied, which on a fast GPU takes longer than the read-back itself. A long
/// animation cycles through the few buffers its frames in flight need.
///
/// Ownership is explicit: a `StraightFrame` made from a pool's buffer names its pool
/// (`StraightFrame.pool`), and whoever holds the frame last gives the buffer back with
/// `StraightFrame.release()` once the bytes are written (or drops the frame, and the buffer is
/// freed as any array is). A frame made without a pool (`init(width:height:bytes:)`,
/// `init(image:)`) has nothing to give back. The PNG encoder filters rows into buffers from
/// `scratch`, its own.
public final class FrameBufferPool: @unchecked Sendable {
    /// The pool that sequence rendering (`Renderer.renderSequence`) takes frame buffers from.
    public static let shared = FrameBufferPool()
    /// The encoder's filtered rows (one buffer per band being compressed).
    package static let scratch = FrameBufferPool(maxBuffers: 64, maxBytes: 1 << 30)

    private let lock = NSLock()
    private var buffers: [[UInt8]] = []
    /// The most buffers kept, and the most bytes they may hold together.
    public let maxBuffers: Int
    public let maxBytes: Int

    /// A pool keeping at most `maxBuffers` buffers of at most `maxBytes` together.
    public init(maxBuffers: Int = 64, maxBytes: Int = 2 << 30) {
        self.maxBuffers = maxBuffers
        self.maxBytes = maxBytes
    }

    /// A buffer of exactly `count` bytes, recycled when one of that size is kept; its contents
    /// are whatever they were.
    public func take(count: Int) -> [UInt8] {
        let kept = lock.withLock { () -> [UInt8]? in
            guard let index = buffers.lastIndex(where: { $0.count == count }) else { return nil }
            return buffers.remove(at: index)
        }
        return kept ?? [UInt8](repeating: 0, count: count)
    }

    /// Keeps `buffer` for a later `take`, unless the pool is full. A buffer still referenced
    /// elsewhere is safe to give: writing to it later copies it first, as any array does.
    public func recycle(_ buffer: [UInt8]) {
        lock.withLock {
            let held = buffers.reduce(0) { $0 + $1.count }
            guard buffers.count < maxBuffers, held + buffer.count <= maxBytes else { return }
            buffers.append(buffer)
        }
    }

    /// Frees every kept buffer (at the end of a sequence).
    public func drain() {
        lock.withLock { buffers.removeAll() }
    }

    /// How many buffers are kept now.
    public var count: Int { lock.withLock { buffers.count } }
}
