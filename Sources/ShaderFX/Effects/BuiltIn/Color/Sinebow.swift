/// Ten glowing sine waves in rainbow colours weaving across the view.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.sinebow(.boundingRect, .float(time)))`.
public struct Sinebow: BuiltInEffect {
    public static let name = "sinebow"
    public static let kind = EffectKind.color
    public static let summary = "ten glowing rainbow sine waves weaving across the view"
    public static let origin = "reimplements Inferno's sinebow (MIT) from its description"
    public static let shaderFile = "Color/sinebow"
    public static let animation = EffectAnimation.time(parameter: "time", duration: nil)
    public static let parameters = [
        EffectParameter("time", .float, default: "0", "seconds; the waves drift at different speeds",
                        glsl: ("time", .float)),
    ]

    /// Seconds since the start.
    public var time: Float

    /// The sinebow at `time`.
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
