/// A wobble like looking through moving water (Inferno's `water`).
///
/// SwiftUI: `.distortionEffect(ShaderLibrary.water(.boundingRect, .float(time), .float(3), .float(3),
/// .float(10)), maxSampleOffset: CGSize(width: 3, height: 3))`.
public struct Water: BuiltInEffect {
    public static let name = "water"
    public static let kind = EffectKind.distortion
    public static let summary = "rows sway sideways and columns up and down, like the view through moving water"
    public static let origin = "Inferno (twostraws/Inferno, MIT): water, reimplemented from its description"
    public static let shaderFile = "Distortion/water"
    public static let animation = EffectAnimation.time(parameter: "time", duration: nil)
    public static let parameters = [
        AutomaticBounds.parameter,
        EffectParameter("time", .float, default: "0", "seconds; drives the phase", glsl: ("time", .float)),
        EffectParameter("speed", .float, default: "3", "phase speed in radians per second", glsl: ("speed", .float)),
        EffectParameter("strength", .float, default: "3",
                        "largest displacement along each axis in points; the maxSampleOffset",
                        glsl: ("strength", .float)),
        EffectParameter("frequency", .float, default: "10", "radians of sway across the view's width and height",
                        glsl: ("frequency", .float)),
    ]

    /// Seconds; drives the phase.
    public var time: Float
    /// Phase speed in radians per second.
    public var speed: Float
    /// Largest displacement along each axis, in points.
    public var strength: Float
    /// Radians across the view's width (vertical sway) and height (horizontal sway).
    public var frequency: Float

    /// Water with the catalogue's defaults unless given.
    /// - Parameters:
    ///   - time: seconds (default 0).
    ///   - speed: radians per second (default 3).
    ///   - strength: largest displacement along each axis in points (default 3).
    ///   - frequency: radians across the view (default 10).
    public init(time: Float = 0, speed: Float = 3, strength: Float = 3, frequency: Float = 10) {
        self.time = time
        self.speed = speed
        self.strength = strength
        self.frequency = frequency
    }

    public init(values: ParameterValues) throws(ParameterError) {
        try AutomaticBounds.reject(in: values)
        self.init(time: try values.float("time", 0),
                  speed: try values.float("speed", 3),
                  strength: try values.float("strength", 3, in: -10_000...10_000),
                  frequency: try values.float("frequency", 10))
    }

    /// Each axis moves by strength times a sine or cosine: (|strength|, |strength|).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(abs(strength), abs(strength)) }

    public var effect: Effect {
        .distortionEffect(Self.function(.boundingRect, .float(time), .float(speed), .float(strength), .float(frequency)),
                          maxSampleOffset: maxSampleOffset)
    }
}
