/// Fills where the view is transparent and clears where it is opaque: replacement * (1 - alpha).
///
/// SwiftUI: `.colorEffect(ShaderLibrary.invertAlpha(.color(replacement)))`.
public struct InvertAlpha: BuiltInEffect {
    public static let name = "invert-alpha"
    public static let kind = EffectKind.color
    public static let summary = "fills the transparent part of the view with a colour and clears the rest"
    public static let origin = "reimplements Inferno's invertAlpha (MIT) from its description"
    public static let shaderFile = "Color/invertAlpha"
    public static let parameters = [
        EffectParameter("replacement", .color, default: "black", "the colour of the filled area",
                        glsl: ("replacement", .vec4)),
    ]

    /// The default replacement, black.
    public static let defaultReplacement = RGBA(r: 0, g: 0, b: 0)

    /// The colour of the filled area (straight alpha; passed premultiplied).
    public var replacement: RGBA

    /// Inverts the view's coverage, filling with `replacement`.
    /// - Parameter replacement: the colour of the filled area (default black).
    public init(replacement: RGBA = InvertAlpha.defaultReplacement) {
        self.replacement = replacement
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(replacement: try values.color("replacement", Self.defaultReplacement))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.color(replacement)))
    }
}
