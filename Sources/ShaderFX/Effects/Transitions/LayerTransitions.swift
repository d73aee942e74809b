/// Both pictures break into ever larger blocks toward the middle of the transition and
/// cross-fade there (Inferno's `pixellate`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`.
public struct PixellateTransition: BuiltInTransition {
    public static let name = "pixellate"
    public static let kind = EffectKind.layer
    public static let summary = "the pictures pixellate toward the middle of the transition and cross-fade there"
    public static let shaderFile = "Transition/pixellate"
    public static let parameters = [
        EffectParameter("squares", .float, default: "20",
                        "blocks across the shorter side at the middle of the transition (1...10000)",
                        glsl: ("squares", .float)),
        EffectParameter("steps", .float, default: "60",
                        "how many times the block size changes over the transition; 0 changes it smoothly (0...10000)",
                        glsl: ("steps", .float)),
    ]

    /// Blocks across the shorter side at the middle.
    public var squares: Int
    /// How many times the block size changes; 0 for a smooth change.
    public var steps: Int

    /// A pixellate with Inferno's defaults unless given.
    /// - Parameters:
    ///   - squares: blocks across the shorter side at the middle, 1...10000 (default 20).
    ///   - steps: changes of block size over the transition, 0...10000; 0 is smooth (default 60).
    public init(squares: Int = 20, steps: Int = 60) {
        self.squares = squares
        self.steps = steps
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(squares: try values.int("squares", 20, in: 1...10_000),
                  steps: try values.int("steps", 60, in: 0...10_000))
    }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.layerEffect(Self.function(.boundingRect, .float(progress), .float(Float(squares)), .float(Float(steps)), .image(from)),
                      maxSampleOffset: .zero)]
    }
}

/// A clock-hand wipe revealing the incoming picture clockwise from twelve o'clock
/// (Inferno's `radial`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`.
public struct RadialTransition: BuiltInTransition {
    public static let name = "radial"
    public static let kind = EffectKind.layer
    public static let summary = "a clock-hand wipe reveals the incoming picture, clockwise from twelve o'clock"
    public static let shaderFile = "Transition/radial"
    public static let parameters: [EffectParameter] = []

    /// A radial wipe (it has no parameters).
    public init() {}

    public init(values: ParameterValues) throws(ParameterError) { self.init() }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.layerEffect(Self.function(.boundingRect, .float(progress), .image(from)), maxSampleOffset: .zero)]
    }
}

/// Both pictures twist around the centre, hardest mid-way, while one dissolves into the other
/// (Inferno's `swirl`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`.
public struct SwirlTransition: BuiltInTransition {
    public static let name = "swirl"
    public static let kind = EffectKind.layer
    public static let summary = "the pictures twist around the centre, hardest mid-way, while one dissolves into the other"
    public static let shaderFile = "Transition/swirl"
    public static let parameters = [
        EffectParameter("radius", .float, default: "0.5",
                        "radius of the twisted disc as a fraction of the shorter side (0.001...10; 0.5 touches the shorter sides)",
                        glsl: ("radius", .float)),
    ]

    /// Radius of the twisted disc, as a fraction of the shorter side.
    public var radius: Float

    /// A swirl with Inferno's default unless given.
    /// - Parameter radius: fraction of the shorter side, 0.001...10 (default 0.5).
    public init(radius: Float = 0.5) {
        self.radius = radius
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(radius: try values.float("radius", 0.5, in: 0.001...10))
    }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.layerEffect(Self.function(.boundingRect, .float(progress), .float(radius), .image(from)), maxSampleOffset: .zero)]
    }
}

/// The outgoing picture is blown away row by row, each row at a random offset, uncovering the
/// incoming picture from the left (Inferno's `wind`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`.
public struct WindTransition: BuiltInTransition {
    public static let name = "wind"
    public static let kind = EffectKind.layer
    public static let summary = "rows of the outgoing picture blow away at random offsets, uncovering the incoming one from the left"
    public static let shaderFile = "Transition/wind"
    public static let parameters = [
        EffectParameter("wind-size", .float, default: "0.2",
                        "how ragged the gust is: the rows' random spread and the soft edge, as a fraction of the width (0.001...1)",
                        glsl: ("windSize", .float)),
    ]

    /// The rows' random spread and the soft edge's length, as a fraction of the width.
    public var windSize: Float

    /// Wind with Inferno's default unless given.
    /// - Parameter windSize: fraction of the width, 0.001...1 (default 0.2).
    public init(windSize: Float = 0.2) {
        self.windSize = windSize
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(windSize: try values.float("wind-size", 0.2, in: 0.001...1))
    }

    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [.layerEffect(Self.function(.boundingRect, .float(progress), .float(windSize), .image(from)), maxSampleOffset: .zero)]
    }
}
