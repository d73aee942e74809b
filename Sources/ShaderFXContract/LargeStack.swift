#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs recursive work (the Metal translator's and the view-file parser's descent, the evaluator's
/// calls) on a thread of
/// its own with a stack of `stackSize` bytes, and waits until that thread has exited: when
/// `run` returns, nothing of the work is still held by the thread (a thread that only signals
/// would still hold its closure, and what it captured, while it winds down).
package enum LargeStack {
    /// `body`'s result, computed on a thread with a `stackSize`-byte stack.
    package static func run<T>(stackSize: Int, _ body: @escaping () -> T) -> T {
        let job = Job(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(job).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            let job = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Runnable
            job.runOnce()
            return nil
        }, context)
        if created != 0 {
            // No thread (the process is out of threads or memory): run here, on the caller's stack.
            Unmanaged<Job<T>>.fromOpaque(context).release()
            return body()
        }
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
        return job.take()
    }

    private protocol Runnable: AnyObject { func runOnce() }

    /// The work and its result, handed between the caller and the thread.
    private final class Job<T>: Runnable, @unchecked Sendable {
        private var body: (() -> T)?
        private var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
        func runOnce() {
            result = body?()
            body = nil
        }
        func take() -> T {
            defer { result = nil }
            return result!
        }
    }
}
