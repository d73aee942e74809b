import Dispatch

/// Splits work on an image into bands of rows and runs them on all cores.
///
/// Band sizes are fixed (not derived from the core count) and results come back in band
/// order, so sums merged from them are the same on every machine.
enum ComparisonBands {
    /// Rows per band of the per-pixel pass.
    static let pixelRows = 64
    /// Rows per band of SSIM (each band also filters 10 rows of margin).
    static let ssimRows = 128

    /// Runs `body` for each band of `rowsPerBand` rows of `0..<height` and returns the
    /// results in band order. A single band runs on the calling thread.
    ///
    /// `body` runs concurrently for different bands: it may read shared data (the images)
    /// but must write only what belongs to its own rows. The callers in this module pass
    /// closures over raw pointers to the immutable input pixels and to the rows of an output
    /// buffer, which is why this is checked by hand rather than by `Sendable`.
    static func map<T>(
        height: Int, rowsPerBand: Int, _ body: (Range<Int>) -> T
    ) -> [T] {
        let count = (height + rowsPerBand - 1) / rowsPerBand
        if count <= 1 { return [body(0..<height)] }
        return withoutActuallyEscaping(body) { body in
            let results = UnsafeMutablePointer<T?>.allocate(capacity: count)
            results.initialize(repeating: nil, count: count)
            defer {
                results.deinitialize(count: count)
                results.deallocate()
            }
            let shared = Unchecked((body, results))
            // concurrentPerform returns when every iteration has finished; each iteration
            // writes only its own slot.
            DispatchQueue.concurrentPerform(iterations: count) { band in
                let (body, results) = shared.value
                let rows = band * rowsPerBand..<min(height, (band + 1) * rowsPerBand)
                results[band] = body(rows)
            }
            return (0..<count).map { results[$0]! }
        }
    }
}

/// Carries a value into `concurrentPerform`'s `@Sendable` closure; see ``ComparisonBands/map``.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
