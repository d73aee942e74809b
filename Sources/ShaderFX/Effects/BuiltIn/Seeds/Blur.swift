/// SwiftUI's `.blur(radius:)`: a Gaussian blur whose standard deviation is `radius` points, in two
/// passes (along x, then along y), fading to transparency at the edges as `opaque: false` does.
///
/// SwiftUI: `.blur(radius: 30)` on seed 004's cover art. Render `passes`, not `effect` (which is
/// the first pass alone).
public struct Blur: BuiltInEffect {
    public static let name = "blur"
    public static let kind = EffectKind.layer
    public static let summary = "SwiftUI's .blur(radius:): a two-pass Gaussian blur, edges fading to transparency"
    public static let origin = "SwiftUI's View.blur(radius:opaque:) as seed 004 uses it (radius 30)"
    public static let shaderFile = "Layer/blur"
    public static let parameters = [
        EffectParameter("radius", .float, default: "10", "the Gaussian's standard deviation in points, 0...500 (0: no blur)",
                        glsl: ("radius", .float)),
    ]

    /// The Gaussian's standard deviation in points.
    public var radius: Float

    /// A blur of `radius` points.
    /// - Parameter radius: the Gaussian's standard deviation in points, >= 0 (default 10).
    public init(radius: Float = 10) {
        self.radius = radius
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(radius: try values.float("radius", 10, in: 0...500))
    }

    /// The kernel's reach, three standard deviations rounded up to whole points, on both axes:
    /// the layer grows by this much (transparently) so the blur can spread into it.
    public var maxSampleOffset: SIMD2<Float> {
        let reach = isBlurring ? (3 * radius).rounded(.up) : 0
        return SIMD2(reach, reach)
    }

    /// Whether the radius blurs at all (finite and above 0); otherwise the passes are disabled.
    public var isBlurring: Bool { radius.isFinite && radius > 0 }

    /// The first pass (along x); a blur is `passes`.
    public var effect: Effect { pass(Self.function) }

    /// Along x, then along y. Both grow the layer by the same reach, so the second pass reads the
    /// first's spill into the growth.
    public var passes: [Effect] { [pass(Self.function), pass(Self.library.function("blurVertical"))] }

    private func pass(_ function: ShaderFunction) -> Effect {
        .layerEffect(function(.float(radius)), maxSampleOffset: maxSampleOffset, isEnabled: isBlurring)
    }
}
