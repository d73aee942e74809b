/// Rings of light spreading from a centre point and fading with distance.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.circleWave(.boundingRect, .float(time), .float(brightness),
/// .float(speed), .float(strength), .float(density), .float2(center), .color(circleColor)))`.
public struct CircleWave: BuiltInEffect {
    public static let name = "circle-wave"
    public static let kind = EffectKind.color
    public static let summary = "rings of light spreading from a centre and fading with distance"
    public static let origin = "reimplements Inferno's circleWave (MIT) from its description"
    public static let shaderFile = "Color/circleWave"
    public static let animation = EffectAnimation.time(parameter: "time", duration: nil)
    public static let parameters = [
        EffectParameter("time", .float, default: "0", "seconds", glsl: ("time", .float)),
        EffectParameter("brightness", .float, default: "0.5",
                        "reach of the full light, with strength: full within brightness/strength shorter sides (>= 0)",
                        glsl: ("brightness", .float)),
        EffectParameter("speed", .float, default: "1", "rings per second moving outward (negative: inward)",
                        glsl: ("speed", .float)),
        EffectParameter("strength", .float, default: "2", "how fast the light fades with distance (> 0)",
                        glsl: ("strength", .float)),
        EffectParameter("density", .float, default: "100", "ring frequency in radians per shorter side",
                        glsl: ("density", .float)),
        EffectParameter("center", .point, default: "0.5,0.5", "the centre in unit coordinates (0,0 top-left; 1,1 bottom-right)",
                        glsl: ("center", .vec2)),
        EffectParameter("circle-color", .color, default: "white", "the colour of the light",
                        glsl: ("circleColor", .vec4)),
    ]

    /// The default light colour, white.
    public static let defaultCircleColor = RGBA(r: 1, g: 1, b: 1)

    /// Seconds since the start.
    public var time: Float
    /// How far the full light reaches, with `strength`.
    public var brightness: Float
    /// Rings per second moving outward.
    public var speed: Float
    /// How fast the light fades with distance.
    public var strength: Float
    /// Ring frequency in radians per shorter side of the view.
    public var density: Float
    /// The centre in unit coordinates of the view.
    public var center: SIMD2<Float>
    /// The colour of the light (straight alpha; passed premultiplied).
    public var circleColor: RGBA

    /// Rings of light.
    /// - Parameters:
    ///   - time: seconds (default 0).
    ///   - brightness: the light is full within brightness / strength shorter sides, >= 0 (default 0.5).
    ///   - speed: rings per second moving outward (default 1).
    ///   - strength: how fast the light fades with distance, > 0 (default 2).
    ///   - density: ring frequency in radians per shorter side (default 100, about 16 rings).
    ///   - center: the centre in unit coordinates of the view (default the middle, 0.5, 0.5).
    ///   - circleColor: the colour of the light (default white).
    public init(time: Float = 0, brightness: Float = 0.5, speed: Float = 1, strength: Float = 2, density: Float = 100,
                center: SIMD2<Float> = SIMD2(0.5, 0.5), circleColor: RGBA = CircleWave.defaultCircleColor) {
        self.time = time
        self.brightness = brightness
        self.speed = speed
        self.strength = strength
        self.density = density
        self.center = center
        self.circleColor = circleColor
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(time: try values.float("time", 0),
                  brightness: try values.float("brightness", 0.5, in: 0...1_000_000),
                  speed: try values.float("speed", 1),
                  strength: try values.float("strength", 2, in: 0.001...1_000_000),
                  density: try values.float("density", 100),
                  center: try values.point("center", SIMD2(0.5, 0.5)),
                  circleColor: try values.color("circle-color", Self.defaultCircleColor))
    }

    public var effect: Effect {
        .colorEffect(Self.function(.boundingRect, .float(time), .float(brightness), .float(speed), .float(strength),
                                   .float(density), .float2(center), .color(circleColor)))
    }
}
