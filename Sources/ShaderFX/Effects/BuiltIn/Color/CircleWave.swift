/// Rings of light spreading from a centre point and fading with distance.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.circleWave(.boundingRect, .float(time), .float(brightness),
/// .float(speed), .float(strength), .float(density), .float2(center), .color(circleColor)))`.
public struct CircleWave: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "circle-wave", .color, shader: .colorCircleWave,
        summary: "rings of light spreading from a centre and fading with distance",
        origin: "reimplements Inferno's circleWave (MIT) from its description")
    public static var motion: EffectMotion<Self> { .time(\.time, duration: nil) }
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.time, "time", help: "seconds"),
            .value(\.brightness, "brightness", in: 0...1_000_000,
                   help: "reach of the full light, with strength: full within brightness/strength shorter sides (>= 0)"),
            .value(\.speed, "speed", help: "rings per second moving outward (negative: inward)"),
            .value(\.strength, "strength", in: 0.001...1_000_000, help: "how fast the light fades with distance (> 0)"),
            .value(\.density, "density", help: "ring frequency in radians per shorter side"),
            .value(\.center, "center", help: "the centre in unit coordinates (0,0 top-left; 1,1 bottom-right)"),
            .value(\.circleColor, "circle-color", help: "the colour of the light"),
        ]
    }

    /// Seconds since the start.
    public var time: Float = 0
    /// How far the full light reaches, with `strength`: full within brightness / strength shorter sides.
    public var brightness: Float = 0.5
    /// Rings per second moving outward.
    public var speed: Float = 1
    /// How fast the light fades with distance, > 0.
    public var strength: Float = 2
    /// Ring frequency in radians per shorter side of the view (100: about 16 rings).
    public var density: Float = 100
    /// The centre in unit coordinates of the view (the middle).
    public var center = SIMD2<Float>(0.5, 0.5)
    /// The colour of the light (straight alpha; passed premultiplied).
    public var circleColor = RGBA.named("white")

    /// White rings from the middle at time 0.
    public init() {}
}
