/// The incoming picture pours out of a point on an edge through a curved funnel: the macOS
/// genie run backwards (Inferno's `genie`, with the target and curvature Inferno users asked for).
///
/// Two passes over the incoming picture: the genie distortion (maxSampleOffset one point, so
/// what it pulls from beyond the picture is transparent; disabled at progress 1, where it is
/// the identity, so the picture is copied as it is), then `Transition/backdrop`, a colour
/// effect drawing the outgoing picture behind it faded to 1 - progress.
public struct GenieTransition: BuiltInTransition {
    public static let name = "genie"
    public static let kind = EffectKind.distortion
    public static let summary = "the incoming picture pours out of a corner through a curved funnel, the macOS genie"
    public static let shaderFile = "Transition/genie"
    public static let parameters = [
        EffectParameter("target", .point, default: "1,1",
                        "where the picture comes from, in unit coordinates X,Y (0,0 top-left, 1,1 bottom-right); best on the top or bottom edge",
                        glsl: ("target", .vec2)),
        EffectParameter("curvature", .float, default: "1",
                        "shape of the funnel's sides, 0.1...10: 1 an even S-curve, larger stays wide longer and pinches late",
                        glsl: ("curvature", .float)),
    ]

    /// The pass that draws the outgoing picture behind the genie.
    static let backdrop = BuiltInEffects.library(for: "Transition/backdrop").function("backdrop")

    /// Where the picture is sucked in, in unit coordinates (0, 0 top-left; 1, 1 bottom-right).
    public var target: SIMD2<Float>
    /// Exponent shaping the funnel's sides.
    public var curvature: Float

    /// A genie into the bottom-right corner unless told otherwise.
    /// - Parameters:
    ///   - target: unit coordinates in 0...1; the flow runs down to the bottom edge when
    ///     y >= 0.5, else up to the top (default (1, 1), the bottom-right corner, where the
    ///     Dock keeps minimised windows).
    ///   - curvature: 0.1...10 (default 1).
    public init(target: SIMD2<Float> = SIMD2(1, 1), curvature: Float = 1) {
        self.target = target
        self.curvature = curvature
    }

    public init(values: ParameterValues) throws(ParameterError) {
        let target = try values.point("target", SIMD2(1, 1))
        guard (0...1).contains(target.x), (0...1).contains(target.y) else {
            throw ParameterError(parameter: "target", reason: "expected unit coordinates X,Y each in 0...1, got '\(values.raw["target"] ?? "")'")
        }
        self.init(target: target, curvature: try values.float("curvature", 1, in: 0.1...10))
    }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [
            .distortionEffect(Self.function(.boundingRect, .float(progress), .float2(target), .float(curvature)),
                              maxSampleOffset: SIMD2(1, 1), isEnabled: progress < 1),
            .colorEffect(Self.backdrop(.boundingRect, .float(1 - progress), .image(from))),
        ]
    }
}
