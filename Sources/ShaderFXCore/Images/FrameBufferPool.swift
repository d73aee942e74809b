import Foundation

/// Byte buffers kept for the next frames of the same size.
///
/// A 4K frame is 33 MB; a fresh buffer for each one costs the kernel 8,000 page faults (each
/// page zeroed) before a byte is copied, which on a fast GPU takes longer than the read-back
/// itself. A long animation cycles through the buffers its frames in flight need, and the
/// pool's limits grow with the cores (`Limits.scaled`), so that every worker's buffers are
/// kept: a run's steady state takes every buffer from the pool.
///
/// Ownership is explicit: a `StraightFrame` made from a pool's buffer names its pool
/// (`StraightFrame.pool`), and whoever holds the frame last gives the buffer back with
/// `StraightFrame.release()` once the bytes are written (or drops the frame, and the buffer is
/// freed as any array is). A frame made without a pool (`init(width:height:bytes:)`,
/// `init(image:)`) has nothing to give back. The PNG encoder takes its filtered rows, its
/// compressed bands and its files' bytes from `scratch`, its own.
///
/// A buffer is matched by its capacity: one kept after it was cut short (a compressed band's
/// bytes) serves a later request of up to its capacity.
public final class FrameBufferPool: @unchecked Sendable {
    /// How many buffers, and how many bytes of capacity together, a pool keeps.
    public struct Limits: Equatable, Sendable {
        public var maxBuffers: Int
        public var maxBytes: Int

        public init(maxBuffers: Int, maxBytes: Int) {
            self.maxBuffers = maxBuffers
            self.maxBytes = maxBytes
        }

        /// Room for the buffers `cores` workers hold at once: at least 64 buffers and 1 GiB,
        /// otherwise 12 buffers and 128 MiB a core (a worker holds two 4K frames, 66 MB, or one
        /// frame's filtered rows, band and file, 70 MB), never more than 4096 buffers or a
        /// quarter of `physicalMemory` (but 64 MiB at least).
        public static func scaled(cores: Int, physicalMemory: UInt64) -> Limits {
            let cores = max(1, cores)
            let quarter = Int(clamping: physicalMemory / 4)
            return Limits(maxBuffers: min(4096, max(64, 12 * cores)),
                          maxBytes: max(64 << 20, min(quarter, max(1 << 30, cores * (128 << 20)))))
        }

        /// `scaled` for this machine's cores and memory.
        public static var forThisMachine: Limits {
            scaled(cores: ProcessInfo.processInfo.activeProcessorCount, physicalMemory: ProcessInfo.processInfo.physicalMemory)
        }
    }

    /// The pool that sequence rendering (`Renderer.renderSequence`) takes frame buffers from.
    public static let shared = FrameBufferPool(limits: .forThisMachine)
    /// The encoder's filtered rows, compressed bands and files.
    package static let scratch = FrameBufferPool(limits: .forThisMachine)

    private let lock = NSLock()
    /// The kept buffers, oldest first.
    private var buffers: [[UInt8]] = []
    private var keptBytes = 0
    /// The most buffers kept, and the most bytes of capacity they may hold together.
    public let limits: Limits
    public var maxBuffers: Int { limits.maxBuffers }
    public var maxBytes: Int { limits.maxBytes }

    /// A pool keeping at most `limits.maxBuffers` buffers of at most `limits.maxBytes` together
    /// (by default, as many as this machine's cores need).
    public init(limits: Limits = .forThisMachine) {
        self.limits = limits
    }

    /// A pool keeping at most `maxBuffers` buffers of at most `maxBytes` together.
    public convenience init(maxBuffers: Int, maxBytes: Int) {
        self.init(limits: Limits(maxBuffers: maxBuffers, maxBytes: maxBytes))
    }

    /// A buffer of exactly `count` zero bytes, recycled when one large enough is kept.
    public func take(count: Int) -> [UInt8] {
        guard var buffer = kept(count) else { return [UInt8](repeating: 0, count: count) }
        resize(&buffer, to: count)
        buffer.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
        return buffer
    }

    /// A buffer of exactly `count` bytes for a caller that writes every byte it reads: recycled
    /// when one large enough is kept, its contents whatever they were; a new one is not
    /// zero-filled either (its pages are first touched by the caller's own writes).
    public func takeForOverwrite(count: Int) -> [UInt8] {
        guard var buffer = kept(count) else {
            return [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
        resize(&buffer, to: count)
        return buffer
    }

    /// An empty buffer with room for at least `capacity` bytes, for appending to: recycled
    /// when one large enough is kept. A new one gets room rounded up to a step of an eighth of a
    /// power of two, so that a later request of about the same size (a frame's compressed file)
    /// finds it fits.
    public func takeEmpty(capacity: Int) -> [UInt8] {
        guard var buffer = kept(capacity) else {
            var fresh = [UInt8]()
            fresh.reserveCapacity(Self.roundedUp(capacity))
            return fresh
        }
        buffer.removeAll(keepingCapacity: true)
        return buffer
    }

    /// Keeps `buffer` for a later `take`; when the pool is then over its limits, the buffers
    /// kept longest are freed first (a buffer larger than `maxBytes` is not kept). A buffer
    /// still referenced elsewhere is safe to give: writing to it later copies it first, as any
    /// array does, so give a buffer back once no one else holds it.
    public func recycle(_ buffer: [UInt8]) {
        let size = buffer.capacity
        guard size > 0, size <= limits.maxBytes else { return }
        var dropped: [[UInt8]] = []
        lock.withLock {
            buffers.append(buffer)
            keptBytes += size
            var excess = 0
            while buffers.count - excess > limits.maxBuffers || keptBytes > limits.maxBytes {
                keptBytes -= buffers[excess].capacity
                excess += 1
            }
            if excess > 0 {
                dropped = Array(buffers[..<excess])
                buffers.removeFirst(excess)
            }
        }
        _ = dropped  // freed here, outside the lock
    }

    /// Frees every kept buffer (at the end of a sequence).
    public func drain() {
        let dropped = lock.withLock { () -> [[UInt8]] in
            defer { buffers.removeAll(); keptBytes = 0 }
            return buffers
        }
        _ = dropped
    }

    /// How many buffers are kept now.
    public var count: Int { lock.withLock { buffers.count } }

    /// The capacity of the kept buffers together, in bytes.
    public var heldBytes: Int { lock.withLock { keptBytes } }

    /// The kept buffer that serves a request for `count` bytes, taken out of the pool: the
    /// smallest whose capacity is `count` or up to an eighth more, the most recently kept of
    /// those. A request does not take a much larger buffer another caller will ask for, nor a
    /// slightly larger one of another use while its own size is kept (a band's filtered rows,
    /// whose pages are mostly untouched, beside its compressed blocks).
    private func kept(_ count: Int) -> [UInt8]? {
        lock.withLock { () -> [UInt8]? in
            let most = count + count / 8 + 4096
            var best: Int?
            for index in buffers.indices.reversed() {
                let capacity = buffers[index].capacity
                if capacity >= count, capacity <= most, best.map({ capacity < buffers[$0].capacity }) ?? true { best = index }
            }
            guard let best else { return nil }
            keptBytes -= buffers[best].capacity
            return buffers.remove(at: best)
        }
    }

    /// `count` rounded up to a multiple of an eighth of the power of two at or below it (of
    /// 4096 bytes at least): at most an eighth more.
    static func roundedUp(_ count: Int) -> Int {
        guard count > 0 else { return 0 }
        let step = max(4096, 1 << max(0, (Int.bitWidth - 1 - count.leadingZeroBitCount) - 3))
        return (count + step - 1) / step * step
    }

    /// Makes a kept buffer `count` bytes long without moving it (its capacity is enough): cut
    /// short, or grown by zero bytes.
    private func resize(_ buffer: inout [UInt8], to count: Int) {
        if buffer.count > count {
            buffer.removeLast(buffer.count - count)
        } else if buffer.count < count {
            buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
        }
    }
}
