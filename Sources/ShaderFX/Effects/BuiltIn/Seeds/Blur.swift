/// SwiftUI's `.blur(radius:)`: a Gaussian blur whose standard deviation is `radius` points, in two
/// passes (along x, then along y), fading to transparency at the edges as `opaque: false` does.
///
/// Its cost does not grow with the radius: from `radius` 12 (`2 × reducedSigma`) the passes run
/// on a grid `reduction` times coarser (a power of two, chosen so the standard deviation there is
/// 6 to 12 of its pixels), as image libraries blur: the renderer box-filters the layer down to
/// that grid, the passes blur it by the rest of the Gaussian, and the renderer resamples the result
/// bilinearly back to the output's pixels. So a pass takes at most 19 samples a pixel over a layer
/// of at most (frame + 2 × 3 radius) / reduction pixels a side, whatever the radius: within 2 levels
/// (of 255) of the exact Gaussian. Below 12 points it is the exact two-pass Gaussian, as before.
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

    /// The least standard deviation, in pixels of the coarser grid, that a reduced blur keeps
    /// (measured: 6 keeps a blur within 2 levels of the exact Gaussian; the reduced pixel is
    /// box-filtered and resampled bilinearly, which 6 pixels of blur hide).
    public static let reducedSigma: Float = 4

    /// How much coarser than the output's pixels the passes run: the largest power of two `r`
    /// with `radius / r >= reducedSigma` (1 below a radius of 12, or when disabled; 64 at 500).
    public var reduction: Int {
        guard isEnabled else { return 1 }
        var r = 1
        while Float(2 * r) * Self.reducedSigma <= radius { r *= 2 }
        return r
    }

    /// Whether the radius blurs at all (finite and above 0); otherwise the passes are disabled.
    public var isEnabled: Bool { radius.isFinite && radius > 0 }
}
