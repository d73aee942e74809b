/// A band of light sweeping diagonally across the view, raising HSL lightness, every `duration` seconds.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.shimmer(.boundingRect, .float(time), .float(duration),
/// .float(gradientWidth), .float(maxLightness)))`.
public struct Shimmer: BuiltInEffect {
    public static let name = "shimmer"
    public static let kind = EffectKind.color
    public static let summary = "a band of light sweeping diagonally across the view, as on a loading placeholder"
    public static let origin = "reimplements Inferno's shimmer (MIT) from its description"
    public static let shaderFile = "Color/shimmer"
    /// One sweep lasts the default duration, 3 seconds.
    public static let animation = EffectAnimation.time(parameter: "time", duration: 3)
    public static let parameters = [
        EffectParameter("time", .float, default: "0", "seconds; the sweep repeats every duration", glsl: ("time", .float)),
        EffectParameter("sweep-duration", .float, default: "3", "seconds for one sweep (> 0)", glsl: ("duration", .float)),
        EffectParameter("gradient-width", .float, default: "0.3",
                        "half-width of the band along the diagonal, in unit coordinates (> 0)",
                        glsl: ("gradientWidth", .float)),
        EffectParameter("max-lightness", .float, default: "0.9", "HSL lightness at the band's centre (0 ... 1)",
                        glsl: ("maxLightness", .float)),
    ]

    /// Seconds since the start.
    public var time: Float
    /// Seconds for one sweep.
    public var duration: Float
    /// Half-width of the band along the diagonal, in unit coordinates.
    public var gradientWidth: Float
    /// HSL lightness at the band's centre.
    public var maxLightness: Float

    /// The shimmer at `time`.
    /// - Parameters:
    ///   - time: seconds (default 0).
    ///   - duration: seconds for one sweep, > 0 (default 3).
    ///   - gradientWidth: half-width of the band along the diagonal, > 0 (default 0.3).
    ///   - maxLightness: HSL lightness at the band's centre, 0 ... 1 (default 0.9).
    public init(time: Float = 0, duration: Float = 3, gradientWidth: Float = 0.3, maxLightness: Float = 0.9) {
        self.time = time
        self.duration = duration
        self.gradientWidth = gradientWidth
        self.maxLightness = maxLightness
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(time: try values.float("time", 0),
                  duration: try values.float("sweep-duration", 3, in: 0.001...1_000_000),
                  gradientWidth: try values.float("gradient-width", 0.3, in: 0.001...1_000_000),
                  maxLightness: try values.float("max-lightness", 0.9, in: 0...1))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.boundingRect, .float(time), .float(duration), .float(gradientWidth),
                                   .float(maxLightness)))
    }
}
