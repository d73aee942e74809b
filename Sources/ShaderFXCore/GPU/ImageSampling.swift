/// How an image argument is sampled: declared in the shader with
/// `#pragma shaderfx sampler(NAME, address: repeat|clamp, filter: linear|nearest)`.
public struct ImageSampling: Sendable, Equatable {
    /// Coordinates outside 0...1 wrap around when true, clamp to the edge when false.
    public var repeats: Bool = false
    /// Bilinear filtering when true, nearest texel when false.
    public var linear: Bool = true

    /// Sampling with these settings; the defaults clamp and filter bilinearly.
    public init(repeats: Bool = false, linear: Bool = true) {
        self.repeats = repeats
        self.linear = linear
    }
}
