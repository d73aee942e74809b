/// A Gaussian blur whose radius follows a mask's alpha, in two separable passes (Inferno's
/// `variableBlur`). It has `passes` and no single `effect`: the first pass alone is half a blur.
///
/// SwiftUI: `.layerEffect(ShaderLibrary.variableBlur(.boundingRect, .float(20), .float(15), .image(mask)),
/// maxSampleOffset: CGSize(width: 20, height: 20))` followed by the same with `variableBlurVertical`.
public struct VariableBlur: BuiltInEffect {
    public static let entry = CatalogueEntry(
        "variable-blur", .layer, shader: .layerVariableBlur,
        summary: "a Gaussian blur whose radius follows a mask: sharp where it is clear, blurred where opaque",
        origin: "Inferno (twostraws/Inferno, MIT): variableBlur, reimplemented from its description")
    /// Horizontal, then vertical over the first pass's output.
    public static let passFunctions = ["variableBlur", "variableBlurVertical"]
    /// The largest `maxSamples` the shader's loop runs.
    public static let sampleLimit = 64
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.radius, "radius", in: 0...1_000, help: "the blur's reach in points where the mask is opaque, >= 0; the maxSampleOffset"),
            .value(\.maxSamples, "max-samples", in: 1...sampleLimit, help: "samples on each side of a pixel, a whole number 1...64"),
            .value(\.mask, "mask",
                   help: "PNG whose alpha scales the radius, stretched over the view (default: a vertical gradient, clear at the top, opaque at the bottom)"),
        ]
    }

    /// The default mask: one column of 64 pixels, alpha 0 at the top rising linearly to 1 at the
    /// bottom, so the blur grows down the view.
    public static let defaultMask: RGBAImage = {
        var mask = RGBAImage(width: 1, height: 64)
        for y in 0..<64 {
            let a = Float(y) / 63
            mask[0, y] = SIMD4(a, a, a, a)
        }
        return mask
    }()

    /// The blur's reach in points where the mask is opaque, >= 0.
    public var radius: Float = 20
    /// Samples on each side of a pixel; the shader is given it clamped to 1 ... 64.
    public var maxSamples = 15
    /// The mask whose alpha scales the radius, stretched over the view.
    public var mask = VariableBlur.defaultMask

    /// A variable blur with the catalogue's defaults, growing down the view.
    public init() {}

    /// The sample count clamped to what the shader's loop runs.
    public var shaderValues: Self { with(\.maxSamples, min(max(maxSamples, 1), Self.sampleLimit)) }

    /// Samples lie at most radius (times the mask's alpha, <= 1) away along one axis; both passes
    /// use (radius, radius) so the second reads the first's grown output without re-rasterising.
    public var maxSampleOffset: SIMD2<Float> { SIMD2(max(radius, 0), max(radius, 0)) }
}
