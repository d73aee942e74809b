/// A chromatic split: red and blue sampled at opposite offsets from green (Inferno's `colorPlanes`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.colorPlanes(.float2(offset)),
/// maxSampleOffset: CGSize(width: abs(offset.x), height: abs(offset.y)))`.
public struct ColorPlanes: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "color-planes", .layer, shader: .layerColorPlanes,
        summary: "a chromatic split: red and blue planes slide away from green in opposite directions",
        origin: "Inferno (twostraws/Inferno, MIT): colorPlanes, reimplemented from its description")
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.offset, "offset", help: "how far red moves (blue the opposite way), X,Y in points; the maxSampleOffset",
                   where: { abs($0.x) <= 10_000 && abs($0.y) <= 10_000 ? nil : "each component must be between -10000 and 10000" }),
        ]
    }

    /// How far the red plane moves right and down, in points; blue moves the opposite way.
    public var offset = SIMD2<Float>(10, 10)

    /// A colour split 10 points right and down.
    public init() {}

    /// Red and blue are sampled `offset` away on each axis: (|offset.x|, |offset.y|).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(abs(offset.x), abs(offset.y)) }
}
