/// A grid of coloured lights blinking on and off, like a wall of LEDs.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.lightGrid(.boundingRect, .float(time), .float(density),
/// .float(speed), .float(groupSize), .float(brightness)))`.
public struct LightGrid: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "light-grid", .color, shader: .colorLightGrid,
        summary: "a grid of coloured lights blinking on and off",
        origin: "reimplements Inferno's lightGrid (MIT) from its description")
    public static var motion: EffectMotion<Self> { .time(\.time, duration: nil) }
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.time, "time", help: "seconds"),
            .value(\.density, "density", in: 0.001...100_000, help: "lights across the view's width (> 0)"),
            .value(\.speed, "speed", help: "how fast the lights blink, radians per second"),
            .value(\.groupSize, "group-size", in: 1...100_000, help: "lights per side of a group sharing colour and blink (>= 1)"),
            .value(\.brightness, "brightness", in: 0...1_000_000, help: "glow at a light's centre before clamping (>= 0)"),
        ]
    }

    /// Seconds since the start.
    public var time: Float = 0
    /// Lights across the view's width, > 0.
    public var density: Float = 8
    /// How fast the lights blink, radians per second.
    public var speed: Float = 3
    /// Lights per side of a group sharing colour and blink, >= 1.
    public var groupSize: Float = 1
    /// Glow at a light's centre before clamping, >= 0.
    public var brightness: Float = 3

    /// The light grid at time 0.
    public init() {}
}
