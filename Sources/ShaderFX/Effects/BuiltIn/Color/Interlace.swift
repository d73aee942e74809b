/// Tints every other band of rows toward a colour, like interlaced video lines.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.interlace(.float(lineWidth), .color(replacement), .float(strength)))`.
public struct Interlace: BuiltInEffect {
    public static let name = "interlace"
    public static let kind = EffectKind.color
    public static let summary = "tints every other band of rows toward a colour, like interlaced video"
    public static let origin = "reimplements Inferno's interlace (MIT) from its description"
    public static let shaderFile = "Color/interlace"
    public static let parameters = [
        EffectParameter("line-width", .float, default: "2", "height of one band of rows in points (> 0)",
                        glsl: ("lineWidth", .float)),
        EffectParameter("replacement", .color, default: "black", "the colour the odd bands move toward",
                        glsl: ("replacement", .vec4)),
        EffectParameter("strength", .float, default: "1", "how far the odd bands move: 0 unchanged ... 1 the colour",
                        glsl: ("strength", .float)),
    ]

    /// The default replacement, black.
    public static let defaultReplacement = RGBA(r: 0, g: 0, b: 0)

    /// Height of one band of rows in points.
    public var lineWidth: Float
    /// The colour the odd bands move toward (straight alpha; passed premultiplied).
    public var replacement: RGBA
    /// How far the odd bands move toward the colour, 0 ... 1.
    public var strength: Float

    /// Interlace lines.
    /// - Parameters:
    ///   - lineWidth: height of one band of rows in points, > 0 (default 2).
    ///   - replacement: the colour the odd bands move toward (default black).
    ///   - strength: 0 leaves them, 1 replaces them (default 1).
    public init(lineWidth: Float = 2, replacement: RGBA = Interlace.defaultReplacement, strength: Float = 1) {
        self.lineWidth = lineWidth
        self.replacement = replacement
        self.strength = strength
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(lineWidth: try values.float("line-width", 2, in: 0.001...1_000_000),
                  replacement: try values.color("replacement", Self.defaultReplacement),
                  strength: try values.float("strength", 1, in: 0...1))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.float(lineWidth), .color(replacement), .float(strength)))
    }
}
