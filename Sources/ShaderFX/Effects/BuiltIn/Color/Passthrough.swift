/// The identity colour effect: every pixel keeps its colour.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.passthrough())`.
public struct Passthrough: BuiltInEffect {
    public static let name = "passthrough"
    public static let kind = EffectKind.color
    public static let summary = "leaves every pixel as it is (the identity)"
    public static let origin = "reimplements Inferno's passthrough (MIT) from its description"
    public static let shaderFile = "Color/passthrough"
    public static let parameters: [EffectParameter] = []

    /// The identity effect.
    public init() {}

    public init(values: ParameterValues) throws(ParameterError) {
        self.init()
    }

    public var effect: Effect {
        .colorEffect(Self.function())
    }
}
