/// A chromatic split: red and blue sampled at opposite offsets from green (Inferno's `colorPlanes`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.colorPlanes(.float2(offset)),
/// maxSampleOffset: CGSize(width: abs(offset.x), height: abs(offset.y)))`.
public struct ColorPlanes: BuiltInEffect {
    public static let name = "color-planes"
    public static let kind = EffectKind.layer
    public static let summary = "a chromatic split: red and blue planes slide away from green in opposite directions"
    public static let origin = "Inferno (twostraws/Inferno, MIT): colorPlanes, reimplemented from its description"
    public static let shaderFile = "Layer/colorPlanes"
    public static let parameters = [
        EffectParameter("offset", .point, default: "10,10",
                        "how far red moves (blue the opposite way), X,Y in points; the maxSampleOffset",
                        glsl: ("offset", .vec2)),
    ]

    /// How far the red plane moves right and down, in points; blue moves the opposite way.
    public var offset: SIMD2<Float>

    /// A colour split, by default 10 points right and down.
    /// - Parameter offset: the red plane's shift in points; blue shifts by the negation (default (10, 10)).
    public init(offset: SIMD2<Float> = SIMD2(10, 10)) {
        self.offset = offset
    }

    public init(values: ParameterValues) throws(ParameterError) {
        let offset = try values.point("offset", SIMD2(10, 10))
        guard abs(offset.x) <= 10_000, abs(offset.y) <= 10_000 else {
            throw ParameterError(parameter: "offset", reason: "each component must be between -10000 and 10000")
        }
        self.init(offset: offset)
    }

    /// Red and blue are sampled `offset` away on each axis: (|offset.x|, |offset.y|).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(abs(offset.x), abs(offset.y)) }

    public var effect: Effect {
        .layerEffect(Self.function(.float2(offset)), maxSampleOffset: maxSampleOffset)
    }
}
