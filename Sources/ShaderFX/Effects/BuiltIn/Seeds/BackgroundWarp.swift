/// A picture warped by domain-warping noise that flows with time (seed 004's `backgroundWarp`,
/// the WWDC "Compose advanced graphics effects" cover art).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.backgroundWarp(.float2(proxy.size), .image(Image("NoiseTexture")),
/// .float(elapsed)), maxSampleOffset: .zero)`; here the size comes from `.boundingRect`. The seed blurs
/// the cover art first: `BackgroundWarp.seedPipeline(time:)` is that chain.
public struct BackgroundWarp: BuiltInEffect {
    public static let name = "background-warp"
    public static let kind = EffectKind.layer
    public static let summary = "a picture warped by two samples of tiling noise (domain warping), flowing with time"
    public static let origin = "seed 004 (WWDC Compose advanced graphics effects), backgroundWarp with time"
    public static let shaderFile = "Layer/backgroundWarp"
    public static let animation = EffectAnimation.time(parameter: "time", duration: nil)
    public static let parameters = [
        EffectParameter.boundingRect(),
        EffectParameter("noise", .image, default: "", "a smooth noise PNG (red and green used), tiled; default: built-in 256x256 value noise",
                        glsl: ("noiseTex", .image)),
        EffectParameter("time", .float, default: "0", "seconds; the noise drifts by time * 0.1 of the picture", glsl: ("time", .float)),
    ]

    /// The seed's blur of the cover art before the warp, in points.
    public static let seedBlurRadius: Float = 30

    /// The noise picture, sampled with repeat and bilinear filtering.
    public var noise: RGBAImage
    /// Seconds since the start.
    public var time: Float

    /// A warp at `time` with `noise`.
    /// - Parameters:
    ///   - time: seconds since the start (default 0).
    ///   - noise: a smooth noise picture (default `NoiseTexture.standard`).
    public init(time: Float = 0, noise: RGBAImage = NoiseTexture.standard) {
        self.time = time
        self.noise = noise
    }

    public init(values: ParameterValues) throws(ParameterError) {
        var noise = NoiseTexture.standard
        if let path = values.path("noise") {
            do { noise = try PNG.read(path: path) } catch { throw ParameterError(parameter: "noise", reason: error.description) }
        }
        self.init(time: try values.float("time", 0), noise: noise)
    }

    /// `maxSampleOffset` is zero, as in the seed: samples past the picture clamp to its edge.
    public var effect: Effect {
        .layerEffect(Self.function(.boundingRect, .image(noise), .float(time)), maxSampleOffset: .zero)
    }

    /// The seed's pipeline: the picture blurred (radius 30), then warped.
    /// - Parameters:
    ///   - time: seconds since the start (default 0).
    ///   - noise: a smooth noise picture (default `NoiseTexture.standard`).
    ///   - blurRadius: the blur before the warp, in points (default 30, the seed's).
    /// - Returns: the passes to render, in order.
    public static func seedPipeline(time: Float = 0, noise: RGBAImage = NoiseTexture.standard,
                                    blurRadius: Float = seedBlurRadius) -> [Effect] {
        Blur(radius: blurRadius).passes + BackgroundWarp(time: time, noise: noise).passes
    }
}
