import Dispatch
import Foundation

/// Work started on another thread now and waited for later: a command reads and decodes its
/// input while the GPU context starts (EGL and the driver take tens of milliseconds), so a cold
/// render pays for the longer of the two, not both.
final class Prefetch<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?

    /// Starts `work` on a global queue.
    init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = Result { try work() }
            self.done.signal()
        }
    }

    /// Waits for the work and returns its value, or throws its error.
    func value() throws -> Value {
        done.wait()
        done.signal()  // later calls return at once
        return try result!.get()
    }
}
