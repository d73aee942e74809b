/// SwiftUI's `.blur(radius:)`: a Gaussian blur whose standard deviation is `radius` points, in two
/// passes (along x, then along y), fading to transparency at the edges as `opaque: false` does.
///
/// Its cost does not grow with the radius. From `radius` 8 (`2 × reducedSigma` points) the passes
/// run on a grid `reduction` times coarser than the output's pixels (a power of two, chosen so the
/// standard deviation there is 4 to 8 of its pixels at @1x), as image libraries blur large radii:
/// the renderer box-filters the layer down to that grid (the box is part of the approximation:
/// the shader takes its variance off sigma), both passes blur there, and the renderer resamples
/// the result bilinearly back to the output's pixels. So a pass takes at most 25 samples a pixel
/// over about (frame + 6 radius)² / reduction² pixels (50 × 50 for a radius of 500 over 128 × 96):
/// 10 ms for a radius of 500 over 128 × 96 on llvmpipe, where the exact
/// passes took over two minutes. Measured against the exact Gaussian in Double, the result stays
/// within about 1 level of 255 (`LargeBlurTests` asserts 2). The layer still grows by the full
/// `maxSampleOffset` (the blur spreads into it, and `RenderBudget` refuses a grown layer beyond
/// it as before); below 8 points it is the exact two-pass Gaussian on the output's pixels.
///
/// SwiftUI: `.blur(radius: 30)` on seed 004's cover art. Render `passes`: a blur has no single
/// `effect`, since one pass alone blurs along x only.
public struct Blur: BuiltInEffect {
    public static let entry = CatalogueEntry(
        "blur", .layer, shader: .layerBlur,
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

    /// The least standard deviation, in pixels of the coarser grid (at @1x), that a reduced blur
    /// keeps. Measured against the exact Gaussian over textured and transparent pictures: 4 stays
    /// within 1.06 levels of 255 (the worst, at radius 16 and 33, where the grid's sigma is 4),
    /// 6 within 0.5, at about 2.5 times the work.
    public static let reducedSigma: Float = 4

    /// How much coarser than the output's pixels the passes run: the largest power of two `r`
    /// with `radius / r >= reducedSigma` (1 below a radius of 8, or when disabled; 4 at 30, 64 at 500).
    public var reduction: Int {
        guard isEnabled else { return 1 }
        var r = 1
        while Float(2 * r) * Self.reducedSigma <= radius { r *= 2 }
        return r
    }

    /// Whether the radius blurs at all (finite and above 0); otherwise the passes are disabled.
    public var isEnabled: Bool { radius.isFinite && radius > 0 }
}
