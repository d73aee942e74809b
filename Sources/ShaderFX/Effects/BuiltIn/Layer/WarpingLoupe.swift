/// A magnifying bulge: full zoom at the touch point easing to none at the rim (Inferno's `warpingLoupe`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.warpingLoupe(.boundingRect, .float2(touch), .float(0.05), .float(2)),
/// maxSampleOffset: .zero)`.
public struct WarpingLoupe: BuiltInEffect {
    public static let name = "warping-loupe"
    public static let kind = EffectKind.layer
    public static let summary = "a magnifying bulge: full zoom at the touch point, easing to none at the rim"
    public static let origin = "Inferno (twostraws/Inferno, MIT): warpingLoupe, reimplemented from its description"
    public static let shaderFile = "Layer/warpingLoupe"
    public static let animation = EffectAnimation.touch(parameter: "touch")
    /// The touch point used when none is given, in points.
    public static let defaultTouch = SIMD2<Float>(100, 100)
    public static let parameters = [
        AutomaticBounds.parameter,
        EffectParameter("touch", .point, default: "100,100",
                        "the loupe's centre, X,Y in points from the top-left, kept inside the view; follows an event script's touch",
                        glsl: ("touch", .vec2)),
        EffectParameter("max-distance", .float, default: "0.05",
                        "the loupe's squared radius as a fraction of the view's width squared (0.05: radius 0.224 x width), >= 0",
                        glsl: ("maxDistance", .float)),
        EffectParameter("zoom", .float, default: "2", "magnification at the centre, >= 1; it eases to 1 at the rim", glsl: ("zoom", .float)),
    ]

    /// The loupe's centre in points, origin top-left; the shader keeps it inside the view.
    public var touch: SIMD2<Float>
    /// The squared radius as a fraction of the view's width squared.
    public var maxDistance: Float
    /// Magnification, at least 1.
    public var zoom: Float

    /// A loupe with the catalogue's defaults unless given.
    /// - Parameters:
    ///   - touch: the centre in points, kept inside the view (default (100, 100)).
    ///   - maxDistance: squared radius over width squared, >= 0; 0 draws nothing (default 0.05).
    ///   - zoom: magnification, >= 1; smaller values act as 1 (default 2).
    public init(touch: SIMD2<Float> = WarpingLoupe.defaultTouch, maxDistance: Float = 0.05, zoom: Float = 2) {
        self.touch = touch
        self.maxDistance = maxDistance
        self.zoom = zoom
    }

    public init(values: ParameterValues) throws(ParameterError) {
        try AutomaticBounds.reject(in: values)
        self.init(touch: try values.point("touch", Self.defaultTouch),
                  maxDistance: try values.float("max-distance", 0.05, in: 0...100),
                  zoom: try values.float("zoom", 2, in: 1...1_000))
    }

    /// (0, 0): with the centre kept inside the view and a zoom of at least 1, a pixel at d from the
    /// centre samples the centre plus a fraction of d, a point between the pixel and the centre,
    /// so every sample lies inside the view. (The distance to it, |d| (1 - 1/zoom), can reach
    /// radius (1 - 1/zoom), but the radius scales with the view's width, which an effect value does
    /// not know; nothing beyond the bounds is ever read, so the layer needs no growth.)
    public var maxSampleOffset: SIMD2<Float> { .zero }

    public var effect: Effect {
        .layerEffect(Self.function(.boundingRect, .float2(touch), .float(maxDistance), .float(zoom)),
                     maxSampleOffset: maxSampleOffset)
    }
}
