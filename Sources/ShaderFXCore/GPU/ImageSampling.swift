/// How a texture is sampled: what coordinates outside 0...1 read on each axis, and the filter.
public struct ImageSampling: Sendable, Equatable {
    /// What a coordinate outside 0...1 reads (GL's wrap modes).
    public enum Wrap: Sendable, Equatable {
        /// The edge texel.
        case clampToEdge
        /// The texture again (the coordinate modulo 1).
        case `repeat`
        /// The texture again, every other copy mirrored.
        case mirroredRepeat
    }

    /// The wrap mode across (s) and down (t).
    public var wrapS: Wrap, wrapT: Wrap
    /// Bilinear filtering when true, nearest texel when false.
    public var linear: Bool = true

    /// True when both axes repeat; setting it sets both to repeat or to clamp to the edge.
    public var repeats: Bool {
        get { wrapS == .repeat && wrapT == .repeat }
        set { wrapS = newValue ? .repeat : .clampToEdge; wrapT = wrapS }
    }

    /// Sampling with these settings; the defaults clamp and filter bilinearly.
    public init(repeats: Bool = false, linear: Bool = true) {
        wrapS = repeats ? .repeat : .clampToEdge
        wrapT = wrapS
        self.linear = linear
    }

    /// Sampling with a wrap mode per axis.
    public init(wrapS: Wrap, wrapT: Wrap, linear: Bool) {
        self.wrapS = wrapS
        self.wrapT = wrapT
        self.linear = linear
    }
}
