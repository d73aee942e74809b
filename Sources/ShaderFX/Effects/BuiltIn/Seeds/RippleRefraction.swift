/// Up to 12 expanding rings, left by touches, that bend the picture like lenses as they cross it
/// (seed 002's "Ripple Refraction", Metal function `ripple`).
///
/// SwiftUI: `.distortionEffect(ShaderLibrary.ripple(.float2(size), .float(elapsed), .floatArray(store.packed)),
/// maxSampleOffset: CGSize(width: 60, height: 60))`; here the size comes from `.boundingRect`.
///
/// The ripples are the seed's `RippleStore` buffer: 12 slots of (x / width, y / height, birth time,
/// strength), positions normalised 0...1. For a frame of an event script, build the ring from the
/// script's drags and taps and take the buffer as it was at the frame's time:
/// ```swift
/// let ring = RippleRing(events: script.rippleEvents(), in: CGSize(width: w, height: h))
/// let effect = RippleRefraction(ring: ring, time: t).effect
/// ```
public struct RippleRefraction: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "ripple-refraction", .distortion, shader: .distortionRippleRefraction,
        summary: "up to 12 expanding rings from touches that bend the picture like lenses",
        origin: "seed 002 (Ripple Refraction), the Metal function ripple with RippleStore")
    public static var motion: EffectMotion<Self> { .gesture }
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.time, "time", help: "seconds on the ripples' clock"),
            ParameterRow(name: "ripples", type: .floatList,
                         help: "up to 12 ripples 'x,y,birth,strength;...': x, y normalised 0...1 by the picture's size, birth in seconds, strength 0.8 (drag) or 1 (release)",
                         glsl: ("ripples", .floatArray), text: { _ in "" },
                         read: { value, values throws(ParameterError) in
                             if let text = values.raw["ripples"] { value.packed = padded(try ripples(text)) }
                         },
                         argument: { .floatArray($0.packed) }),
        ]
    }

    /// Seconds a ripple lives (the shader's LIFE).
    public static let life: Float = 2.6
    /// How many ripples the buffer holds.
    public static let capacity = RippleRing.capacity
    /// Floats per ripple: x, y, birth, strength.
    public static let stride = RippleRing.stride
    /// The seed's `maxSampleOffset`: above the peak displacement (AMP 0.05 of the size).
    public static let seedMaxSampleOffset = SIMD2<Float>(60, 60)

    /// Seconds on the ripples' clock.
    public var time: Float = 0
    /// The ring buffer: `capacity * stride` floats, (x, y, birth, strength) per slot, unused slots zero.
    public internal(set) var packed: [Float] = RippleRefraction.padded([])

    /// No ripples, at time 0.
    public init() {}

    /// Ripples from a packed buffer, as `RippleStore.packed` or `RippleRing.packed(at:)` holds them.
    /// - Parameters:
    ///   - time: seconds on the ripples' clock.
    ///   - packed: up to 48 floats, a multiple of 4; padded with empty slots to 48.
    public init(time: Float, packed: [Float]) {
        self.time = time
        self.packed = Self.padded(packed)
    }

    /// Ripples given one by one.
    /// - Parameters:
    ///   - time: seconds on the ripples' clock.
    ///   - ripples: up to 12 (x, y, birth, strength), x and y normalised 0...1.
    public init(time: Float, ripples: [SIMD4<Float>]) {
        self.init(time: time, packed: ripples.flatMap { [$0.x, $0.y, $0.z, $0.w] })
    }

    /// The ripples of `ring` as its buffer was at `time` (only those born by then), at that time.
    /// - Parameters:
    ///   - ring: the ripples added so far, e.g. `RippleRing(events: script.rippleEvents(), in: size)`.
    ///   - time: seconds on the ring's clock.
    public init(ring: RippleRing, time: Double) {
        self.init(time: Float(time), packed: ring.packed(at: time))
    }

    /// `packed` with empty slots up to the capacity.
    static func padded(_ packed: [Float]) -> [Float] {
        precondition(packed.count % stride == 0 && packed.count <= capacity * stride,
                     "the ripples are up to \(capacity) groups of \(stride) floats")
        return packed + [Float](repeating: 0, count: capacity * stride - packed.count)
    }

    /// The seed's reach, whatever the ripples.
    public var maxSampleOffset: SIMD2<Float> { Self.seedMaxSampleOffset }

    /// Reads `x,y,birth,strength;...` (groups may also just continue after a comma).
    static func ripples(_ text: String) throws(ParameterError) -> [Float] {
        guard !text.trimmingWhitespace.isEmpty else { return [] }
        var numbers: [Float] = []
        for part in text.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            guard let value = Float(part.trimmingWhitespace), value.isFinite else {
                throw ParameterError(parameter: "ripples", reason: "expected numbers 'x,y,birth,strength;...', got '\(part)'")
            }
            numbers.append(value)
        }
        guard numbers.count % stride == 0 else {
            throw ParameterError(parameter: "ripples", reason: "each ripple is 4 numbers x,y,birth,strength; got \(numbers.count) numbers")
        }
        guard numbers.count <= capacity * stride else {
            throw ParameterError(parameter: "ripples", reason: "at most \(capacity) ripples, got \(numbers.count / stride)")
        }
        return numbers
    }
}
