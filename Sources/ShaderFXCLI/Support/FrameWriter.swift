import Dispatch
import Foundation
import ShaderFXGolden

/// Encodes and writes frames on worker threads while the GPU renders the next ones.
final class FrameWriter: @unchecked Sendable {
    /// Encoding threads: one per core, at least one.
    static let workers = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    private let directory: String?
    private let firstIndex: Int
    private let queue = DispatchQueue(label: "shaderfx.frame-writer", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots = DispatchSemaphore(value: FrameWriter.workers * 2)
    private let lock = NSLock()
    private var encoded: [[UInt8]]
    private var error: (any Error)?
    private var bytes = 0
    private var encodingSeconds = 0.0

    /// A writer of `frameCount` frames into `directory` (nil: keep the encoded frames in memory).
    init(directory: String?, frameCount: Int, firstIndex: Int) {
        self.directory = directory
        self.firstIndex = firstIndex
        encoded = directory == nil ? Array(repeating: [], count: frameCount) : []
    }

    /// Queues frame `index` for encoding; waits while too many are in flight.
    func submit(_ frame: StraightFrame, index: Int) throws {
        if let error = lock.withLock({ self.error }) { throw error }
        slots.wait()
        group.enter()
        queue.async { [self] in
            defer { slots.signal(); group.leave() }
            let start = ContinuousClock.now
            do {
                if let directory {
                    let png = try PNG.encode(frame, fast: true)
                    try PNG.writeFile(png, to: FrameFolder.path(directory, index), durable: false)
                    lock.withLock { bytes += png.count; encodingSeconds += (ContinuousClock.now - start).seconds }
                } else {
                    let png = try PNG.encode(frame, fast: true, keepAlpha: true)
                    lock.withLock {
                        encoded[index - firstIndex] = png
                        bytes += png.count
                        encodingSeconds += (ContinuousClock.now - start).seconds
                    }
                }
            } catch {
                lock.withLock { if self.error == nil { self.error = error } }
            }
        }
    }

    /// Waits for every frame; returns the encoded frames (when kept) and the totals.
    func finish() throws -> (frames: [[UInt8]], bytes: Int, encodingSeconds: Double) {
        group.wait()
        return try lock.withLock {
            if let error { throw error }
            return (encoded, bytes, encodingSeconds)
        }
    }
}
