/// A glass bubble at the touch point: the picture refracted through a sphere, with a specular
/// highlight (Inferno's `bubble`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.bubble(.float2(touch), .float(45)),
/// maxSampleOffset: CGSize(width: 0.211 * 45, height: 0.211 * 45))`.
public struct Bubble: BuiltInEffect {
    public static let name = "bubble"
    public static let kind = EffectKind.layer
    public static let summary = "a glass bubble at the touch point that refracts the picture and catches the light"
    public static let origin = "Inferno (twostraws/Inferno, MIT): bubble, reimplemented from its description"
    public static let shaderFile = "Layer/bubble"
    public static let animation = EffectAnimation.touch(parameter: "touch")
    /// The touch point used when none is given, in points.
    public static let defaultTouch = SIMD2<Float>(100, 100)
    /// The farthest a sample lies from its pixel, as a fraction of the radius: the largest of
    /// s - (2/π) asin(s) over 0 ... 1, which is 0.2106 at s = sqrt(1 - 4/π²), rounded up.
    public static let reachPerRadius: Float = 0.211
    public static let parameters = [
        EffectParameter("touch", .point, default: "100,100",
                        "the bubble's centre, X,Y in points from the top-left; follows an event script's touch",
                        glsl: ("touch", .vec2)),
        EffectParameter("radius", .float, default: "45", "the bubble's radius in points, >= 0",
                        glsl: ("radius", .float)),
    ]

    /// The bubble's centre in points, origin top-left.
    public var touch: SIMD2<Float>
    /// The bubble's radius in points.
    public var radius: Float

    /// A bubble with the catalogue's radius unless given.
    /// - Parameters:
    ///   - touch: the centre in points (default (100, 100)).
    ///   - radius: the radius in points, >= 0; 0 draws nothing (default 45).
    public init(touch: SIMD2<Float> = Bubble.defaultTouch, radius: Float = 45) {
        self.touch = touch
        self.radius = radius
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(touch: try values.point("touch", Self.defaultTouch),
                  radius: try values.float("radius", 45, in: 0...10_000))
    }

    /// A pixel r points from the touch samples r - radius (2/π) asin(r / radius) points toward
    /// it; at most 0.2106 radius (see ``reachPerRadius``) on each axis.
    public var maxSampleOffset: SIMD2<Float> {
        let reach = Self.reachPerRadius * max(radius, 0)
        return SIMD2(reach, reach)
    }

    public var effect: Effect {
        .layerEffect(Self.function(.float2(touch), .float(radius)), maxSampleOffset: maxSampleOffset)
    }
}
