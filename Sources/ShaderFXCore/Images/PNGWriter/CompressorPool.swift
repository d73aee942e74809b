// Keeps libdeflate compressors for reuse: allocating one touches its hash tables (about
// 90 us at level 1), as much as compressing a small frame.
import CDeflate

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process-wide pool of libdeflate compressors, by level, safe to use from any thread.
final class CompressorPool: @unchecked Sendable {
    /// The pool every encoder uses.
    static let shared = CompressorPool()

    /// Idle compressors kept per level; more are freed when returned.
    private let limit: Int
    private var idle: [Int32: [OpaquePointer]] = [:]
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(limit: Int = max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) {
        self.limit = limit
        pthread_mutex_init(lock, nil)
    }

    deinit {
        for compressors in idle.values { compressors.forEach { libdeflate_free_compressor($0) } }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with a compressor of `level`; nil if libdeflate cannot allocate one.
    func withCompressor<Result>(level: Int32, _ body: (OpaquePointer?) -> Result) -> Result {
        pthread_mutex_lock(lock)
        let reused = idle[level]?.popLast()
        pthread_mutex_unlock(lock)
        guard let compressor = reused ?? libdeflate_alloc_compressor(level) else { return body(nil) }
        defer {
            pthread_mutex_lock(lock)
            if idle[level, default: []].count < limit {
                idle[level, default: []].append(compressor)
                pthread_mutex_unlock(lock)
            } else {
                pthread_mutex_unlock(lock)
                libdeflate_free_compressor(compressor)
            }
        }
        return body(compressor)
    }
}
