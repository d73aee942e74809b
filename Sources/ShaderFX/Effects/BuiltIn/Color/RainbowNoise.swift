/// Coloured static: every pixel an independent random colour, new for every time value.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.rainbowNoise(.float(time)))`.
public struct RainbowNoise: BuiltInEffect {
    public static let name = "rainbow-noise"
    public static let kind = EffectKind.color
    public static let summary = "coloured static, a new random colour per pixel for every moment"
    public static let origin = "reimplements Inferno's rainbowNoise (MIT) from its description"
    public static let shaderFile = "Color/rainbowNoise"
    public static let animation = EffectAnimation.time(parameter: "time", duration: nil)
    public static let parameters = [
        EffectParameter("time", .float, default: "0", "seconds; every distinct value gives new noise",
                        glsl: ("time", .float)),
    ]

    /// Seconds since the start.
    public var time: Float

    /// Rainbow noise at `time`.
    /// - Parameter time: seconds (default 0); the noise stays clean at any value.
    public init(time: Float = 0) {
        self.time = time
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(time: try values.float("time", 0))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.float(time)))
    }
}
