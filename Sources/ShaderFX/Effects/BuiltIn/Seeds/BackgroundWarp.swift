/// A picture warped by domain-warping noise that flows with time (seed 004's `backgroundWarp`,
/// the WWDC "Compose advanced graphics effects" cover art).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.backgroundWarp(.float2(proxy.size), .image(Image("NoiseTexture")),
/// .float(elapsed)), maxSampleOffset: .zero)`; here the size comes from `.boundingRect`. The seed blurs
/// the cover art first: `BackgroundWarp.seedPipeline(time:)` is that chain. `maxSampleOffset` is zero,
/// as in the seed: samples past the picture clamp to its edge.
public struct BackgroundWarp: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "background-warp", .layer, shader: .layerBackgroundWarp,
        summary: "a picture warped by two samples of tiling noise (domain warping), flowing with time",
        origin: "seed 004 (WWDC Compose advanced graphics effects), backgroundWarp with time")
    public static var motion: EffectMotion<Self> { .time(\.time, duration: nil) }
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.noise, "noise", help: "a smooth noise PNG (red and green used), tiled; default: built-in 256x256 value noise",
                   glsl: "noiseTex"),
            .value(\.time, "time", help: "seconds; the noise drifts by time * 0.1 of the picture"),
        ]
    }

    /// The seed's blur of the cover art before the warp, in points.
    public static let seedBlurRadius: Float = 30

    /// The noise picture, sampled with repeat and bilinear filtering.
    public var noise = NoiseTexture.standard
    /// Seconds since the start.
    public var time: Float = 0

    /// The warp at time 0 with the built-in noise.
    public init() {}

    /// The seed's pipeline: the picture blurred, then warped at `time` with the built-in noise.
    /// - Parameters:
    ///   - time: seconds since the start.
    ///   - blurRadius: the blur before the warp, in points (default ``seedBlurRadius``, the seed's).
    /// - Returns: the passes to render, in order.
    public static func seedPipeline(time: Float, blurRadius: Float = seedBlurRadius) -> [Effect] {
        Blur(radius: blurRadius).passes + BackgroundWarp().with(\.time, time).passes
    }
}
