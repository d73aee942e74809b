/// Horizontal stripes of repeating colours used as a fill style (seed 000's `Stripes`).
///
/// SwiftUI: `.foregroundStyle(ShaderLibrary.Stripes(.float(20), .colorArray([...])))`.
public struct Stripes: BuiltInEffect {
    public static let name = "stripes"
    public static let kind = EffectKind.fill
    public static let summary = "horizontal stripes of repeating colours filling the picture's coverage"
    public static let origin = "seed 000 (MetalRipples), Stripes.metal"
    public static let shaderFile = "Fill/stripes"
    public static let parameters = [
        EffectParameter("thickness", .float, default: "20", "height of one stripe in points (> 0)",
                        glsl: ("thickness", .float)),
        EffectParameter("colors", .colorList, default: "red,orange,yellow,green,blue,purple",
                        "the stripe colours, top to bottom", glsl: ("colors", .colorArray)),
    ]

    /// SwiftUI's pride colours, the seed's default.
    public static let defaultColors: [RGBA] = ["red", "orange", "yellow", "green", "blue", "purple"].map {
        try! RGBA.parse($0)
    }

    /// Height of one stripe in points.
    public var thickness: Float
    /// The stripe colours, top to bottom.
    public var colors: [RGBA]

    /// Stripes with the seed's defaults unless given.
    /// - Parameters:
    ///   - thickness: height of one stripe in points, > 0 (default 20).
    ///   - colors: at least one colour (default SwiftUI's red, orange, yellow, green, blue, purple).
    public init(thickness: Float = 20, colors: [RGBA] = Stripes.defaultColors) {
        self.thickness = thickness
        self.colors = colors
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(thickness: try values.float("thickness", 20, in: 0.001...1_000_000),
                  colors: try values.colors("colors", Self.defaultColors))
    }

    public var effect: Effect {
        .fill(Self.function(.float(thickness), .colorArray(colors)))
    }
}
