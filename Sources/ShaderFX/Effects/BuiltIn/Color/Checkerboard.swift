/// Replaces alternate squares of a checkerboard with a colour; the others keep the view.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.checkerboard(.color(replacement), .float(squareSize)))`.
public struct Checkerboard: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "checkerboard", .color, shader: .colorCheckerboard,
        summary: "replaces alternate squares of a checkerboard with a colour",
        origin: "reimplements Inferno's checkerboard (MIT) from its description")
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.replacement, "replacement", help: "the colour of the replaced squares"),
            .value(\.squareSize, "square-size", in: 0.001...1_000_000, help: "side of a square in points (> 0)"),
        ]
    }

    /// The colour of the replaced squares (straight alpha; passed premultiplied), SwiftUI's red.
    public var replacement = RGBA.named("red")
    /// Side of a square in points, > 0.
    public var squareSize: Float = 50

    /// A checkerboard of 50-point squares, every other one red.
    public init() {}
}
