/// A relief lit from the top-left: the colour plus the weighted difference of its diagonal
/// neighbours (Inferno's `emboss`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.emboss(.float(10)), maxSampleOffset: CGSize(width: 1, height: 1))`.
public struct Emboss: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "emboss", .layer, shader: .layerEmboss,
        summary: "a relief lit from the top-left: edges facing the light brighten, the others darken",
        origin: "Inferno (twostraws/Inferno, MIT): emboss, reimplemented from its description")
    /// How far the two diagonal neighbours are along each axis, in points.
    public static let neighbourDistance: Float = 1
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.strength, "strength", in: -1_000...1_000,
                   help: "weight of the down-right minus up-left difference; 0 leaves the picture as it is"),
        ]
    }

    /// Weight of the down-right minus up-left neighbours' difference; 0 is no effect.
    public var strength: Float = 10

    /// An emboss with the catalogue's strength.
    public init() {}

    /// The neighbours are one point away on each axis: (1, 1).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(Self.neighbourDistance, Self.neighbourDistance) }
}
