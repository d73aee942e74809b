/// A band of light sweeping diagonally across the view, raising HSL lightness, every `duration` seconds.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.shimmer(.boundingRect, .float(time), .float(duration),
/// .float(gradientWidth), .float(maxLightness)))`.
public struct Shimmer: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "shimmer", .color, shader: .colorShimmer,
        summary: "a band of light sweeping diagonally across the view, as on a loading placeholder",
        origin: "reimplements Inferno's shimmer (MIT) from its description")
    /// One sweep lasts the default duration.
    public static var motion: EffectMotion<Self> { .time(\.time, duration: Double(Shimmer().duration)) }
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.time, "time", help: "seconds; the sweep repeats every duration"),
            .value(\.duration, "sweep-duration", in: 0.001...1_000_000, help: "seconds for one sweep (> 0)", glsl: "duration"),
            .value(\.gradientWidth, "gradient-width", in: 0.001...1_000_000,
                   help: "half-width of the band along the diagonal, in unit coordinates (> 0)"),
            .value(\.maxLightness, "max-lightness", in: 0...1, help: "HSL lightness at the band's centre (0 ... 1)"),
        ]
    }

    /// Seconds since the start.
    public var time: Float = 0
    /// Seconds for one sweep, > 0.
    public var duration: Float = 3
    /// Half-width of the band along the diagonal, in unit coordinates, > 0.
    public var gradientWidth: Float = 0.3
    /// HSL lightness at the band's centre, 0 ... 1.
    public var maxLightness: Float = 0.9

    /// The shimmer at time 0.
    public init() {}
}
