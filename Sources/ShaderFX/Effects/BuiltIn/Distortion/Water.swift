/// A wobble like looking through moving water (Inferno's `water`).
///
/// SwiftUI: `.distortionEffect(ShaderLibrary.water(.boundingRect, .float(time), .float(3), .float(3),
/// .float(10)), maxSampleOffset: CGSize(width: 3, height: 3))`.
public struct Water: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "water", .distortion, shader: .distortionWater,
        summary: "rows sway sideways and columns up and down, like the view through moving water",
        origin: "Inferno (twostraws/Inferno, MIT): water, reimplemented from its description")
    public static var motion: EffectMotion<Self> { .time(\.time, duration: nil) }
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.time, "time", help: "seconds; drives the phase"),
            .value(\.speed, "speed", help: "phase speed in radians per second"),
            .value(\.strength, "strength", in: -10_000...10_000,
                   help: "largest displacement along each axis in points; the maxSampleOffset"),
            .value(\.frequency, "frequency", help: "radians of sway across the view's width and height"),
        ]
    }

    /// Seconds; drives the phase.
    public var time: Float = 0
    /// Phase speed in radians per second.
    public var speed: Float = 3
    /// Largest displacement along each axis, in points.
    public var strength: Float = 3
    /// Radians across the view's width (vertical sway) and height (horizontal sway).
    public var frequency: Float = 10

    /// Water with the catalogue's defaults.
    public init() {}

    /// Each axis moves by strength times a sine or cosine: (|strength|, |strength|).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(abs(strength), abs(strength)) }
}
