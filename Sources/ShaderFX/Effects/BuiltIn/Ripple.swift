/// The WWDC24 ripple from a tap: a decaying wave that bends the layer (seed 000's `Ripple`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.Ripple(...), maxSampleOffset: CGSize(amplitude, amplitude),
/// isEnabled: 0 < elapsedTime && elapsedTime < duration)`.
public struct Ripple: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "ripple", .layer, shader: .layerRipple,
        summary: "a decaying ripple from a tap that bends the picture and lights its crests",
        origin: "seed 000 (MetalRipples), Ripple.metal with RippleModifier and RippleEffect")
    /// The seed's animation length: the effect is enabled only while 0 < time < duration.
    public static let duration: Float = 3
    public static var motion: EffectMotion<Self> { .gesture }
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.origin, "origin", help: "the tap point in points, origin top-left"),
            .value(\.time, "time", help: "seconds since the tap; enabled only while 0 < time < 3"),
            .value(\.amplitude, "amplitude", in: -10_000...10_000, help: "largest displacement in points; also maxSampleOffset"),
            .value(\.frequency, "frequency", help: "oscillation, radians per second"),
            .value(\.decay, "decay", help: "exponential decay per second"),
            .value(\.speed, "speed", in: 0.001...Float.greatestFiniteMagnitude, help: "wave speed in points per second (> 0)"),
        ]
    }

    /// The tap point in points.
    public var origin: SIMD2<Float> = .zero
    /// Seconds since the tap; the effect draws only while 0 < time < ``duration``.
    public var time: Float = 0
    /// Largest displacement in points.
    public var amplitude: Float = 12
    /// Angular frequency, radians per second.
    public var frequency: Float = 15
    /// Exponential decay rate per second.
    public var decay: Float = 8
    /// Points per second, > 0.
    public var speed: Float = 1200

    /// A ripple with the seed's defaults; change them with `Ripple { $0.time = 0.2 }` or `.with(\.time, 0.2)`.
    public init() {}

    /// `maxSampleOffset` = amplitude, as the seed's RippleModifier sets it.
    public var maxSampleOffset: SIMD2<Float> { SIMD2(abs(amplitude), abs(amplitude)) }

    public var isEnabled: Bool { 0 < time && time < Self.duration }
}
