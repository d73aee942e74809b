/// A glass bubble at the touch point: the picture refracted through a sphere, with a specular
/// highlight (Inferno's `bubble`).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.bubble(.float2(touch), .float(45)),
/// maxSampleOffset: CGSize(width: 0.211 * 45, height: 0.211 * 45))`.
public struct Bubble: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "bubble", .layer, shader: .layerBubble,
        summary: "a glass bubble at the touch point that refracts the picture and catches the light",
        origin: "Inferno (twostraws/Inferno, MIT): bubble, reimplemented from its description")
    public static var motion: EffectMotion<Self> { .touch(\.touch) }
    /// The farthest a sample lies from its pixel, as a fraction of the radius: the largest of
    /// s - (2/π) asin(s) over 0 ... 1, which is 0.2106 at s = sqrt(1 - 4/π²), rounded up.
    public static let reachPerRadius: Float = 0.211
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.touch, "touch", help: "the bubble's centre, X,Y in points from the top-left; follows an event script's touch"),
            .value(\.radius, "radius", in: 0...10_000, help: "the bubble's radius in points, >= 0"),
        ]
    }

    /// The bubble's centre in points, origin top-left.
    public var touch = SIMD2<Float>(100, 100)
    /// The bubble's radius in points, >= 0; 0 draws nothing.
    public var radius: Float = 45

    /// A bubble with the catalogue's radius at (100, 100).
    public init() {}

    /// A pixel r points from the touch samples r - radius (2/π) asin(r / radius) points toward
    /// it; at most 0.2106 radius (see ``reachPerRadius``) on each axis.
    public var maxSampleOffset: SIMD2<Float> {
        let reach = Self.reachPerRadius * max(radius, 0)
        return SIMD2(reach, reach)
    }
}
