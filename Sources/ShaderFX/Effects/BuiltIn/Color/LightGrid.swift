/// A grid of coloured lights blinking on and off, like a wall of LEDs.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.lightGrid(.boundingRect, .float(time), .float(density),
/// .float(speed), .float(groupSize), .float(brightness)))`.
public struct LightGrid: BuiltInEffect {
    public static let name = "light-grid"
    public static let kind = EffectKind.color
    public static let summary = "a grid of coloured lights blinking on and off"
    public static let origin = "reimplements Inferno's lightGrid (MIT) from its description"
    public static let shaderFile = "Color/lightGrid"
    public static let animation = EffectAnimation.time(parameter: "time", duration: nil)
    public static let parameters = [
        EffectParameter("time", .float, default: "0", "seconds", glsl: ("time", .float)),
        EffectParameter("density", .float, default: "8", "lights across the view's width (> 0)", glsl: ("density", .float)),
        EffectParameter("speed", .float, default: "3", "how fast the lights blink, radians per second",
                        glsl: ("speed", .float)),
        EffectParameter("group-size", .float, default: "1", "lights per side of a group sharing colour and blink (>= 1)",
                        glsl: ("groupSize", .float)),
        EffectParameter("brightness", .float, default: "3", "glow at a light's centre before clamping (>= 0)",
                        glsl: ("brightness", .float)),
    ]

    /// Seconds since the start.
    public var time: Float
    /// Lights across the view's width.
    public var density: Float
    /// How fast the lights blink, radians per second.
    public var speed: Float
    /// Lights per side of a group sharing colour and blink.
    public var groupSize: Float
    /// Glow at a light's centre before clamping.
    public var brightness: Float

    /// The light grid at `time`.
    /// - Parameters:
    ///   - time: seconds (default 0).
    ///   - density: lights across the view's width, > 0 (default 8).
    ///   - speed: blink rate, radians per second (default 3).
    ///   - groupSize: lights per side of a group sharing colour and blink, >= 1 (default 1).
    ///   - brightness: glow at a light's centre before clamping, >= 0 (default 3).
    public init(time: Float = 0, density: Float = 8, speed: Float = 3, groupSize: Float = 1, brightness: Float = 3) {
        self.time = time
        self.density = density
        self.speed = speed
        self.groupSize = groupSize
        self.brightness = brightness
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(time: try values.float("time", 0),
                  density: try values.float("density", 8, in: 0.001...100_000),
                  speed: try values.float("speed", 3),
                  groupSize: try values.float("group-size", 1, in: 1...100_000),
                  brightness: try values.float("brightness", 3, in: 0...1_000_000))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.boundingRect, .float(time), .float(density), .float(speed), .float(groupSize),
                                   .float(brightness)))
    }
}
