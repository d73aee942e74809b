/// A thermal-camera look: luminance mapped from blue through yellow to red.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.infrared())`.
public struct Infrared: BuiltInEffect {
    public static let name = "infrared"
    public static let kind = EffectKind.color
    public static let summary = "a thermal-camera look: dark blue, mid-tones yellow, bright red"
    public static let origin = "reimplements Inferno's infrared (MIT) from its description"
    public static let shaderFile = "Color/infrared"
    public static let parameters: [EffectParameter] = []

    /// The infrared look.
    public init() {}

    public init(values: ParameterValues) throws(ParameterError) {
        self.init()
    }

    public var effect: Effect {
        .colorEffect(Self.function())
    }
}
