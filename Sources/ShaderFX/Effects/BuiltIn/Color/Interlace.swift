/// Tints every other band of rows toward a colour, like interlaced video lines.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.interlace(.float(lineWidth), .color(replacement), .float(strength)))`.
public struct Interlace: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "interlace", .color, shader: .colorInterlace,
        summary: "tints every other band of rows toward a colour, like interlaced video",
        origin: "reimplements Inferno's interlace (MIT) from its description")
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.lineWidth, "line-width", in: 0.001...1_000_000, help: "height of one band of rows in points (> 0)"),
            .value(\.replacement, "replacement", help: "the colour the odd bands move toward"),
            .value(\.strength, "strength", in: 0...1, help: "how far the odd bands move: 0 unchanged ... 1 the colour"),
        ]
    }

    /// Height of one band of rows in points, > 0.
    public var lineWidth: Float = 2
    /// The colour the odd bands move toward (straight alpha; passed premultiplied).
    public var replacement = RGBA.named("black")
    /// How far the odd bands move toward the colour: 0 leaves them, 1 replaces them.
    public var strength: Float = 1

    /// Black lines two points high over every other band.
    public init() {}
}
