/// A duration in milliseconds for status lines: `12.3 ms`.
func ms(_ duration: Duration) -> String {
    let value = duration.seconds * 1000
    return value < 10 ? "\((value * 10).rounded() / 10) ms" : "\(Int(value.rounded())) ms"
}

/// Milliseconds since `start`, for status lines.
func milliseconds(since start: ContinuousClock.Instant) -> String {
    ms(ContinuousClock.now - start)
}
