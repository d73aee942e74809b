/// The WWDC24 ripple from a tap: a decaying wave that bends the layer (seed 000's `Ripple`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.Ripple(...), maxSampleOffset: CGSize(amplitude, amplitude),
/// isEnabled: 0 < elapsedTime && elapsedTime < duration)`.
public struct Ripple: BuiltInEffect {
    public static let name = "ripple"
    public static let kind = EffectKind.layer
    public static let summary = "a decaying ripple from a tap that bends the picture and lights its crests"
    public static let origin = "seed 000 (MetalRipples), Ripple.metal with RippleModifier and RippleEffect"
    public static let shaderFile = "Layer/ripple"
    /// The seed's animation length: the effect is enabled only while 0 < time < duration.
    public static let duration: Float = 3
    public static let animation = EffectAnimation.gesture
    public static let parameters = [
        EffectParameter("origin", .point, default: "0,0", "the tap point in points, origin top-left",
                        glsl: ("origin", .vec2)),
        EffectParameter("time", .float, default: "0", "seconds since the tap; enabled only while 0 < time < 3",
                        glsl: ("time", .float)),
        EffectParameter("amplitude", .float, default: "12", "largest displacement in points; also maxSampleOffset",
                        glsl: ("amplitude", .float)),
        EffectParameter("frequency", .float, default: "15", "oscillation, radians per second", glsl: ("frequency", .float)),
        EffectParameter("decay", .float, default: "8", "exponential decay per second", glsl: ("decay", .float)),
        EffectParameter("speed", .float, default: "1200", "wave speed in points per second (> 0)", glsl: ("speed", .float)),
    ]

    /// The tap point in points.
    public var origin: SIMD2<Float>
    /// Seconds since the tap.
    public var time: Float
    /// Largest displacement in points.
    public var amplitude: Float
    /// Angular frequency, radians per second.
    public var frequency: Float
    /// Exponential decay rate per second.
    public var decay: Float
    /// Points per second.
    public var speed: Float

    /// A ripple with the seed's defaults unless given.
    /// - Parameters:
    ///   - origin: the tap point in points.
    ///   - time: seconds since the tap; the effect draws only while 0 < time < 3.
    ///   - amplitude: largest displacement in points (default 12).
    ///   - frequency: radians per second (default 15).
    ///   - decay: per second (default 8).
    ///   - speed: points per second, > 0 (default 1200).
    public init(origin: SIMD2<Float> = .zero, time: Float = 0, amplitude: Float = 12, frequency: Float = 15,
                decay: Float = 8, speed: Float = 1200) {
        self.origin = origin
        self.time = time
        self.amplitude = amplitude
        self.frequency = frequency
        self.decay = decay
        self.speed = speed
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(origin: try values.point("origin", .zero),
                  time: try values.float("time", 0),
                  amplitude: try values.float("amplitude", 12, in: -10_000...10_000),
                  frequency: try values.float("frequency", 15),
                  decay: try values.float("decay", 8),
                  speed: try values.float("speed", 1200, in: 0.001...Float.greatestFiniteMagnitude))
    }

    /// `maxSampleOffset` = amplitude, as the seed's RippleModifier sets it.
    public var maxSampleOffset: SIMD2<Float> { SIMD2(abs(amplitude), abs(amplitude)) }

    public var effect: Effect {
        .layerEffect(
            Self.function(.float2(origin), .float(time), .float(amplitude), .float(frequency), .float(decay), .float(speed)),
            maxSampleOffset: maxSampleOffset,
            isEnabled: 0 < time && time < Self.duration)
    }
}
