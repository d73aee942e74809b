/// A grid of dots that grow until they cover the picture, revealing the incoming one
/// (Inferno's `circles`).
///
/// A colour effect on the incoming picture that reads the outgoing one as `from`:
/// `.colorEffect(circles(.boundingRect, .float(progress), .float(circleSize), .image(from)))`.
public struct CirclesTransition: BuiltInTransition {
    public static let name = "circles"
    public static let kind = EffectKind.color
    public static let summary = "a grid of growing dots reveals the incoming picture"
    public static let shaderFile = "Transition/circles"
    public static let parameters = [
        EffectParameter("circle-size", .float, default: "20",
                        "side of a grid cell in points; each dot grows until it covers its cell (> 0)",
                        glsl: ("circleSize", .float)),
    ]

    /// Side of a grid cell in points.
    public var circleSize: Float

    /// Circles with Inferno's default unless given.
    /// - Parameter circleSize: side of a grid cell in points, > 0 (default 20).
    public init(circleSize: Float = 20) {
        self.circleSize = circleSize
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(circleSize: try values.float("circle-size", 20, in: 0.001...1_000_000))
    }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.colorEffect(Self.function(.boundingRect, .float(progress), .float(circleSize), .image(from)))]
    }
}

/// Dots that grow in a wave from the top-left corner, revealing the incoming picture
/// (Inferno's `circleWave`).
///
/// A colour effect on the incoming picture that reads the outgoing one as `from`; each dot
/// grows over half the transition, starting later the further its cell is from the top-left.
public struct CircleWaveTransition: BuiltInTransition {
    public static let name = "circle-wave"
    public static let kind = EffectKind.color
    public static let summary = "dots grow in a wave from the top-left corner, revealing the incoming picture"
    public static let shaderFile = "Transition/circleWave"
    public static let parameters = [
        EffectParameter("circle-size", .float, default: "20",
                        "side of a grid cell in points; each dot grows until it covers its cell (> 0)",
                        glsl: ("circleSize", .float)),
    ]

    /// Side of a grid cell in points.
    public var circleSize: Float

    /// A circle wave with Inferno's default unless given.
    /// - Parameter circleSize: side of a grid cell in points, > 0 (default 20).
    public init(circleSize: Float = 20) {
        self.circleSize = circleSize
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(circleSize: try values.float("circle-size", 20, in: 0.001...1_000_000))
    }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.colorEffect(Self.function(.boundingRect, .float(progress), .float(circleSize), .image(from)))]
    }
}

/// A grid of diamonds that grow until they cover the picture, revealing the incoming one
/// (Inferno's `diamonds`).
///
/// A colour effect on the incoming picture that reads the outgoing one as `from`.
public struct DiamondsTransition: BuiltInTransition {
    public static let name = "diamonds"
    public static let kind = EffectKind.color
    public static let summary = "a grid of growing diamonds reveals the incoming picture"
    public static let shaderFile = "Transition/diamonds"
    public static let parameters = [
        EffectParameter("diamond-size", .float, default: "20",
                        "side of a grid cell in points; each diamond grows until it covers its cell (> 0)",
                        glsl: ("diamondSize", .float)),
    ]

    /// Side of a grid cell in points.
    public var diamondSize: Float

    /// Diamonds with Inferno's default unless given.
    /// - Parameter diamondSize: side of a grid cell in points, > 0 (default 20).
    public init(diamondSize: Float = 20) {
        self.diamondSize = diamondSize
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(diamondSize: try values.float("diamond-size", 20, in: 0.001...1_000_000))
    }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.colorEffect(Self.function(.boundingRect, .float(progress), .float(diamondSize), .image(from)))]
    }
}

/// Diamonds that grow in a wave from the top-left corner, revealing the incoming picture
/// (Inferno's `diamondWave`).
///
/// A colour effect on the incoming picture that reads the outgoing one as `from`; the wave
/// front runs along the anti-diagonal.
public struct DiamondWaveTransition: BuiltInTransition {
    public static let name = "diamond-wave"
    public static let kind = EffectKind.color
    public static let summary = "diamonds grow in a wave from the top-left corner, revealing the incoming picture"
    public static let shaderFile = "Transition/diamondWave"
    public static let parameters = [
        EffectParameter("diamond-size", .float, default: "20",
                        "side of a grid cell in points; each diamond grows until it covers its cell (> 0)",
                        glsl: ("diamondSize", .float)),
    ]

    /// Side of a grid cell in points.
    public var diamondSize: Float

    /// A diamond wave with Inferno's default unless given.
    /// - Parameter diamondSize: side of a grid cell in points, > 0 (default 20).
    public init(diamondSize: Float = 20) {
        self.diamondSize = diamondSize
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(diamondSize: try values.float("diamond-size", 20, in: 0.001...1_000_000))
    }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.colorEffect(Self.function(.boundingRect, .float(progress), .float(diamondSize), .image(from)))]
    }
}
