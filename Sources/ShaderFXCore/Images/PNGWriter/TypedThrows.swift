// Small helpers: typed throws through the standard library's `rethrows` closures, and
// unsafe pointers handed to Dispatch.

extension Array where Element == UInt8 {
    /// `withUnsafeBytes`, keeping the closure's typed error.
    func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var outcome: Swift.Result<Result, Failure>!
        withUnsafeBytes { bytes in
            outcome = Swift.Result { () throws(Failure) in try body(bytes) }
        }
        return try outcome.get()
    }
}

/// A value that is moved to other threads by code that guarantees they do not race on it
/// (each band writes only its own slot; the caller waits for all of them).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}
