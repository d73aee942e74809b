/// A red-to-blue gradient split along the diagonal: (x / y, 0, y / x) from the raw coordinates.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.gradientFill())`.
public struct GradientFill: BuiltInEffect {
    public static let name = "gradient-fill"
    public static let kind = EffectKind.color
    public static let summary = "fills the view with a red-blue gradient, (x/y, 0, y/x) of the coordinates"
    public static let origin = "reimplements Inferno's gradientFill (MIT) from its description"
    public static let shaderFile = "Color/gradientFill"
    public static let parameters: [EffectParameter] = []

    /// The gradient fill.
    public init() {}

    public init(values: ParameterValues) throws(ParameterError) {
        self.init()
    }

    public var effect: Effect {
        .colorEffect(Self.function())
    }
}
