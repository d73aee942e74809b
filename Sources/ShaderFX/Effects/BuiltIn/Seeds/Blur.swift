/// SwiftUI's `.blur(radius:)`: a Gaussian blur whose standard deviation is `radius` points, in two
/// passes (along x, then along y), fading to transparency at the edges as `opaque: false` does.
///
/// SwiftUI: `.blur(radius: 30)` on seed 004's cover art. Render `passes`: a blur has no single
/// `effect`, since one pass alone blurs along x only.
public struct Blur: BuiltInEffect {
    public static let entry = CatalogueEntry(
        "blur", .layer, shader: "Layer/blur",
        summary: "SwiftUI's .blur(radius:): a two-pass Gaussian blur, edges fading to transparency",
        origin: "SwiftUI's View.blur(radius:opaque:) as seed 004 uses it (radius 30)")
    /// Along x, then along y. Both grow the layer by the same reach, so the second pass reads the
    /// first's spill into the growth.
    public static let passFunctions = ["blur", "blurVertical"]
    public static var table: [ParameterRow<Self>] {
        [.value(\.radius, "radius", in: 0...500, help: "the Gaussian's standard deviation in points, 0...500 (0: no blur)")]
    }

    /// The Gaussian's standard deviation in points, >= 0.
    public var radius: Float = 10

    /// A blur of 10 points.
    public init() {}

    /// A blur of `radius` points.
    public init(radius: Float) {
        self.radius = radius
    }

    /// The kernel's reach, three standard deviations rounded up to whole points, on both axes:
    /// the layer grows by this much (transparently) so the blur can spread into it.
    public var maxSampleOffset: SIMD2<Float> {
        let reach = isEnabled ? (3 * radius).rounded(.up) : 0
        return SIMD2(reach, reach)
    }

    /// Whether the radius blurs at all (finite and above 0); otherwise the passes are disabled.
    public var isEnabled: Bool { radius.isFinite && radius > 0 }
}
