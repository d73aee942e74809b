/// Replaces alternate squares of a checkerboard with a colour; the others keep the view.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.checkerboard(.color(replacement), .float(squareSize)))`.
public struct Checkerboard: BuiltInEffect {
    public static let name = "checkerboard"
    public static let kind = EffectKind.color
    public static let summary = "replaces alternate squares of a checkerboard with a colour"
    public static let origin = "reimplements Inferno's checkerboard (MIT) from its description"
    public static let shaderFile = "Color/checkerboard"
    public static let parameters = [
        EffectParameter("replacement", .color, default: "red", "the colour of the replaced squares",
                        glsl: ("replacement", .vec4)),
        EffectParameter("square-size", .float, default: "50", "side of a square in points (> 0)",
                        glsl: ("squareSize", .float)),
    ]

    /// The default replacement, SwiftUI's red.
    public static let defaultReplacement = try! RGBA.parse("red")

    /// The colour of the replaced squares (straight alpha; passed premultiplied).
    public var replacement: RGBA
    /// Side of a square in points.
    public var squareSize: Float

    /// A checkerboard of `squareSize`-point squares, every other one `replacement`.
    /// - Parameters:
    ///   - replacement: the colour of the replaced squares (default SwiftUI's red).
    ///   - squareSize: side of a square in points, > 0 (default 50).
    public init(replacement: RGBA = Checkerboard.defaultReplacement, squareSize: Float = 50) {
        self.replacement = replacement
        self.squareSize = squareSize
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(replacement: try values.color("replacement", Self.defaultReplacement),
                  squareSize: try values.float("square-size", 50, in: 0.001...1_000_000))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.color(replacement), .float(squareSize)))
    }
}
