/// The incoming picture pours out of a point on an edge through a curved funnel: the macOS
/// genie run backwards (Inferno's `genie`, with the target and curvature Inferno users asked for).
///
/// Two passes over the incoming picture: the genie distortion (maxSampleOffset one point, so
/// what it pulls from beyond the picture is transparent; disabled at progress 1, where it is
/// the identity, so the picture is copied as it is), then `TransitionBackdrop`, drawing the
/// outgoing picture behind it: whole when the incoming picture is opaque (so opaque pictures
/// give opaque frames), else faded to 1 - progress.
public struct GenieTransition: BuiltInTransition {
    public static let entry = CatalogueEntry.transition(
        "genie", .distortion, shader: .transitionGenie,
        summary: "the incoming picture pours out of a corner through a curved funnel, the macOS genie")
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.target, "target",
                   help: "where the picture comes from, in unit coordinates X,Y (0,0 top-left, 1,1 bottom-right); best on the top or bottom edge",
                   where: { (0...1).contains($0.x) && (0...1).contains($0.y) ? nil : "expected unit coordinates X,Y each in 0...1" }),
            .value(\.curvature, "curvature", in: 0.1...10,
                   help: "shape of the funnel's sides, 0.1...10: 1 an even S-curve, larger stays wide longer and pinches late"),
        ]
    }

    /// Where the picture is sucked in, in unit coordinates (0, 0 top-left; 1, 1 bottom-right): the
    /// flow runs down to the bottom edge when y >= 0.5, else up to the top; the bottom-right
    /// corner by default, where the Dock keeps minimised windows.
    public var target = SIMD2<Float>(1, 1)
    /// Exponent shaping the funnel's sides, 0.1...10.
    public var curvature: Float = 1

    /// A genie into the bottom-right corner.
    public init() {}

    /// The genie and a backdrop that fades out (the incoming picture is not known here).
    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [genie(progress: progress, from: from), TransitionBackdrop.pass(progress: progress, from: from, incomingIsOpaque: false)]
    }

    /// The genie, the outgoing picture whole behind it when the incoming one is opaque.
    public func passes(progress: Float, from: RGBAImage, incomingIsOpaque: Bool) -> [Effect] {
        [genie(progress: progress, from: from), TransitionBackdrop.pass(progress: progress, from: from, incomingIsOpaque: incomingIsOpaque)]
    }

    func genie(progress: Float, from: RGBAImage) -> Effect {
        .distortionEffect(Shader(function: Self.function, arguments: arguments(progress: progress, from: from)),
                          maxSampleOffset: SIMD2(1, 1), isEnabled: progress < 1)
    }
}

/// The pass that draws the outgoing picture behind a transition whose shader cannot read it
/// (a distortion such as the genie): `Transition/backdrop`, the incoming layer over `from`.
///
/// When the incoming picture is opaque the outgoing one stays whole behind it: every frame
/// between opaque pictures is opaque, and the incoming picture covers it all by progress 1.
/// A translucent incoming picture would let it show through at the end, so then it fades
/// to 1 - progress, and the last frame is exactly the incoming picture.
public enum TransitionBackdrop {
    static let function = BuiltInEffects.library(for: .transitionBackdrop).function("backdrop")

    /// The backdrop pass at `progress`.
    public static func pass(progress: Float, from: RGBAImage, incomingIsOpaque: Bool) -> Effect {
        .colorEffect(function(.boundingRect, .float(incomingIsOpaque ? 1 : 1 - progress), .image(from)))
    }
}
