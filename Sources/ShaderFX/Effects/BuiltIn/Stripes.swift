/// Horizontal stripes of repeating colours used as a fill style (seed 000's `Stripes`).
///
/// SwiftUI: `.foregroundStyle(ShaderLibrary.Stripes(.float(20), .colorArray([...])))`.
public struct Stripes: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "stripes", .fill, shader: .fillStripes,
        summary: "horizontal stripes of repeating colours filling the picture's coverage",
        origin: "seed 000 (MetalRipples), Stripes.metal")
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.thickness, "thickness", in: 0.001...1_000_000, help: "height of one stripe in points (> 0)"),
            .value(\.colors, "colors", help: "the stripe colours, top to bottom"),
        ]
    }

    /// Height of one stripe in points, > 0.
    public var thickness: Float = 20
    /// The stripe colours, top to bottom, at least one: SwiftUI's pride colours, the seed's default.
    public var colors: [RGBA] = ["red", "orange", "yellow", "green", "blue", "purple"].map(RGBA.named)

    /// Stripes with the seed's defaults.
    public init() {}
}
