/// The outgoing picture zooms into its centre and fades while the incoming one zooms out to
/// its place, in a front sweeping left to right (Inferno's `crosswarpLTR`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`:
/// `.layerEffect(crosswarpLTR(.boundingRect, .float(progress), .image(from)), maxSampleOffset: .zero)`.
public struct CrosswarpLTRTransition: BuiltInTransition {
    public static let name = "crosswarp-ltr"
    public static let kind = EffectKind.layer
    public static let summary = "the pictures zoom through the centre and cross-fade in a sweep from left to right"
    public static let shaderFile = "Transition/crosswarpLTR"
    public static let parameters: [EffectParameter] = []

    /// A left-to-right crosswarp (it has no parameters).
    public init() {}

    public init(values: ParameterValues) throws(ParameterError) { self.init() }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.layerEffect(Self.function(.boundingRect, .float(progress), .image(from)), maxSampleOffset: .zero)]
    }
}

/// The outgoing picture zooms into its centre and fades while the incoming one zooms out to
/// its place, in a front sweeping right to left (Inferno's `crosswarpRTL`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`.
public struct CrosswarpRTLTransition: BuiltInTransition {
    public static let name = "crosswarp-rtl"
    public static let kind = EffectKind.layer
    public static let summary = "the pictures zoom through the centre and cross-fade in a sweep from right to left"
    public static let shaderFile = "Transition/crosswarpRTL"
    public static let parameters: [EffectParameter] = []

    /// A right-to-left crosswarp (it has no parameters).
    public init() {}

    public init(values: ParameterValues) throws(ParameterError) { self.init() }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.layerEffect(Self.function(.boundingRect, .float(progress), .image(from)), maxSampleOffset: .zero)]
    }
}
