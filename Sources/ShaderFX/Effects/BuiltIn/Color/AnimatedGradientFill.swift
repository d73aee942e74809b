/// A rainbow turning around the middle of the view: the angle around the centre plus time
/// drives three phase-shifted |sin| channels.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.animatedGradientFill(.boundingRect, .float(time)))`.
public struct AnimatedGradientFill: BuiltInEffect {
    public static let name = "animated-gradient-fill"
    public static let kind = EffectKind.color
    public static let summary = "fills the view with a rainbow that turns around its centre"
    public static let origin = "reimplements Inferno's animatedGradientFill (MIT) from its description"
    public static let shaderFile = "Color/animatedGradientFill"
    public static let animation = EffectAnimation.time(parameter: "time", duration: nil)
    public static let parameters = [
        EffectParameter("time", .float, default: "0", "seconds; the colours turn one radian per second",
                        glsl: ("time", .float)),
    ]

    /// Seconds since the start.
    public var time: Float

    /// The turning rainbow at `time`.
    /// - Parameter time: seconds (default 0).
    public init(time: Float = 0) {
        self.time = time
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(time: try values.float("time", 0))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.boundingRect, .float(time)))
    }
}
