/// A Gaussian blur whose radius follows a mask's alpha, in two separable passes (Inferno's
/// `variableBlur`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.variableBlur(.boundingRect, .float(20), .float(15), .image(mask)),
/// maxSampleOffset: CGSize(width: 20, height: 20))` followed by the same with `variableBlurVertical`.
public struct VariableBlur: BuiltInEffect {
    public static let name = "variable-blur"
    public static let kind = EffectKind.layer
    public static let summary = "a Gaussian blur whose radius follows a mask: sharp where it is clear, blurred where opaque"
    public static let origin = "Inferno (twostraws/Inferno, MIT): variableBlur, reimplemented from its description"
    public static let shaderFile = "Layer/variableBlur"
    /// The largest `maxSamples` the shader's loop runs.
    public static let sampleLimit = 64
    public static let parameters = [
        AutomaticBounds.parameter,
        EffectParameter("radius", .float, default: "20",
                        "the blur's reach in points where the mask is opaque, >= 0; the maxSampleOffset",
                        glsl: ("radius", .float)),
        EffectParameter("max-samples", .float, default: "15", "samples on each side of a pixel, a whole number 1...64",
                        glsl: ("maxSamples", .float)),
        EffectParameter("mask", .image, default: "",
                        "PNG whose alpha scales the radius, stretched over the view (default: a vertical gradient, clear at the top, opaque at the bottom)",
                        glsl: ("mask", .image)),
    ]

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

    /// The blur's reach in points where the mask is opaque.
    public var radius: Float
    /// Samples on each side of a pixel, 1 ... 64.
    public var maxSamples: Int
    /// The mask whose alpha scales the radius, stretched over the view.
    public var mask: RGBAImage

    /// A variable blur.
    /// - Parameters:
    ///   - radius: reach in points where the mask is opaque, >= 0 (default 20).
    ///   - maxSamples: samples on each side of a pixel, clamped to 1 ... 64 (default 15).
    ///   - mask: alpha scales the radius (default ``defaultMask``, a vertical gradient).
    public init(radius: Float = 20, maxSamples: Int = 15, mask: RGBAImage = VariableBlur.defaultMask) {
        self.radius = radius
        self.maxSamples = maxSamples
        self.mask = mask
    }

    public init(values: ParameterValues) throws(ParameterError) {
        try AutomaticBounds.reject(in: values)
        var mask = Self.defaultMask
        if let path = values.path("mask") {
            do {
                mask = try PNG.read(path: path)
            } catch {
                throw ParameterError(parameter: "mask", reason: "cannot read the mask: \(error)")
            }
        }
        self.init(radius: try values.float("radius", 20, in: 0...1_000),
                  maxSamples: try values.int("max-samples", 15, in: 1...Self.sampleLimit),
                  mask: mask)
    }

    /// Samples lie at most radius (times the mask's alpha, <= 1) away along one axis; both passes
    /// use (radius, radius) so the second reads the first's grown output without re-rasterising.
    public var maxSampleOffset: SIMD2<Float> { SIMD2(max(radius, 0), max(radius, 0)) }

    /// The arguments both passes take.
    private var arguments: [Shader.Argument] {
        [.boundingRect, .float(radius), .float(Float(min(max(maxSamples, 1), Self.sampleLimit))), .image(mask)]
    }

    /// The first pass, horizontal.
    public var effect: Effect {
        .layerEffect(Shader(function: Self.function, arguments: arguments), maxSampleOffset: maxSampleOffset)
    }

    /// The second pass, vertical, over the first pass's output.
    public var verticalPass: Effect {
        .layerEffect(Shader(function: Self.library.function("variableBlurVertical"), arguments: arguments),
                     maxSampleOffset: maxSampleOffset)
    }

    /// Horizontal, then vertical.
    public var passes: [Effect] { [effect, verticalPass] }
}
