/// Paints the view in one colour, keeping its shape and anti-aliased edges: replacement * alpha.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.recolor(.color(replacement)))`.
public struct Recolor: BuiltInEffect {
    public static let name = "recolor"
    public static let kind = EffectKind.color
    public static let summary = "paints the view in one colour, keeping its shape and edges"
    public static let origin = "reimplements Inferno's recolor (MIT) from its description"
    public static let shaderFile = "Color/recolor"
    public static let parameters = [
        EffectParameter("replacement", .color, default: "red", "the new colour; its alpha multiplies the view's",
                        glsl: ("replacement", .vec4)),
    ]

    /// The default replacement, SwiftUI's red.
    public static let defaultReplacement = try! RGBA.parse("red")

    /// The new colour (straight alpha; passed premultiplied).
    public var replacement: RGBA

    /// Recolours with `replacement`.
    /// - Parameter replacement: the new colour, alpha included (default SwiftUI's red).
    public init(replacement: RGBA = Recolor.defaultReplacement) {
        self.replacement = replacement
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(replacement: try values.color("replacement", Self.defaultReplacement))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.color(replacement)))
    }
}
