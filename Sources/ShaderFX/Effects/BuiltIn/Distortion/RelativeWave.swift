/// The wave of ``Wave``, still at the left edge and full strength at the right edge
/// (Inferno's `relativeWave`).
///
/// SwiftUI: `.distortionEffect(ShaderLibrary.relativeWave(.boundingRect, .float(time), .float(5),
/// .float(20), .float(5)), maxSampleOffset: CGSize(width: 0, height: 5))`.
public struct RelativeWave: BuiltInEffect {
    public static let name = "relative-wave"
    public static let kind = EffectKind.distortion
    public static let summary = "a sine wave that grows from still at the left edge to full strength at the right"
    public static let origin = "Inferno (twostraws/Inferno, MIT): relativeWave, reimplemented from its description"
    public static let shaderFile = "Distortion/relativeWave"
    public static let animation = EffectAnimation.time(parameter: "time", duration: nil)
    public static let parameters = [
        AutomaticBounds.parameter,
        EffectParameter("time", .float, default: "0", "seconds; drives the wave's phase", glsl: ("time", .float)),
        EffectParameter("speed", .float, default: "5", "phase speed in radians per second", glsl: ("speed", .float)),
        EffectParameter("smoothing", .float, default: "20", "points per radian along x (wavelength / 2π), > 0",
                        glsl: ("smoothing", .float)),
        EffectParameter("strength", .float, default: "5",
                        "vertical displacement at the right edge in points; the maxSampleOffset",
                        glsl: ("strength", .float)),
    ]

    /// Seconds; drives the wave's phase.
    public var time: Float
    /// Phase speed in radians per second.
    public var speed: Float
    /// Points per radian along x (the wavelength is 2π times this).
    public var smoothing: Float
    /// Vertical displacement at the right edge, in points.
    public var strength: Float

    /// A relative wave with the catalogue's defaults unless given.
    /// - Parameters:
    ///   - time: seconds (default 0).
    ///   - speed: radians per second (default 5).
    ///   - smoothing: points per radian along x, > 0 (default 20).
    ///   - strength: displacement at the right edge in points (default 5).
    public init(time: Float = 0, speed: Float = 5, smoothing: Float = 20, strength: Float = 5) {
        self.time = time
        self.speed = speed
        self.smoothing = smoothing
        self.strength = strength
    }

    public init(values: ParameterValues) throws(ParameterError) {
        try AutomaticBounds.reject(in: values)
        self.init(time: try values.float("time", 0),
                  speed: try values.float("speed", 5),
                  smoothing: try values.float("smoothing", 20, in: 0.001...1_000_000),
                  strength: try values.float("strength", 5, in: -10_000...10_000))
    }

    /// Within the frame uv.x <= 1, so samples move only vertically by at most |strength|: (0, |strength|).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(0, abs(strength)) }

    public var effect: Effect {
        .distortionEffect(Self.function(.boundingRect, .float(time), .float(speed), .float(smoothing), .float(strength)),
                          maxSampleOffset: maxSampleOffset)
    }
}
