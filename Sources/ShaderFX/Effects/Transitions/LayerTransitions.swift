/// A layer transition without parameters: the family of ``CrosswarpLTRTransition``,
/// ``CrosswarpRTLTransition`` and ``RadialTransition``.
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`:
/// `.layerEffect(crosswarpLTR(.boundingRect, .float(progress), .image(from)), maxSampleOffset: .zero)`.
public struct PlainLayerTransition<Entry: FamilyEntry>: BuiltInTransition, FamilyMember {
    public static var table: [ParameterRow<Self>] { [] }

    /// The transition (it has no parameters).
    public init() {}
}

/// The outgoing picture zooms into its centre and fades while the incoming one zooms out to
/// its place, in a front sweeping left to right (Inferno's `crosswarpLTR`).
public typealias CrosswarpLTRTransition = PlainLayerTransition<CrosswarpLTREntry>

/// ``CrosswarpLTRTransition``'s names.
public enum CrosswarpLTREntry: FamilyEntry {
    public static let entry = CatalogueEntry.transition(
        "crosswarp-ltr", .layer, shader: .transitionCrosswarpLTR,
        summary: "the pictures zoom through the centre and cross-fade in a sweep from left to right")
}

/// The outgoing picture zooms into its centre and fades while the incoming one zooms out to
/// its place, in a front sweeping right to left (Inferno's `crosswarpRTL`).
public typealias CrosswarpRTLTransition = PlainLayerTransition<CrosswarpRTLEntry>

/// ``CrosswarpRTLTransition``'s names.
public enum CrosswarpRTLEntry: FamilyEntry {
    public static let entry = CatalogueEntry.transition(
        "crosswarp-rtl", .layer, shader: .transitionCrosswarpRTL,
        summary: "the pictures zoom through the centre and cross-fade in a sweep from right to left")
}

/// A clock-hand wipe revealing the incoming picture clockwise from twelve o'clock (Inferno's `radial`).
public typealias RadialTransition = PlainLayerTransition<RadialEntry>

/// ``RadialTransition``'s names.
public enum RadialEntry: FamilyEntry {
    public static let entry = CatalogueEntry.transition(
        "radial", .layer, shader: .transitionRadial,
        summary: "a clock-hand wipe reveals the incoming picture, clockwise from twelve o'clock")
}

/// Both pictures break into ever larger blocks toward the middle of the transition and
/// cross-fade there (Inferno's `pixellate`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`.
public struct PixellateTransition: BuiltInTransition {
    public static let entry = CatalogueEntry.transition(
        "pixellate", .layer, shader: .transitionPixellate,
        summary: "the pictures pixellate toward the middle of the transition and cross-fade there")
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.squares, "squares", in: 1...10_000,
                   help: "blocks across the shorter side at the middle of the transition (1...10000)"),
            .value(\.steps, "steps", in: 0...10_000,
                   help: "how many times the block size changes over the transition; 0 changes it smoothly (0...10000)"),
        ]
    }

    /// Blocks across the shorter side at the middle, 1...10000.
    public var squares = 20
    /// How many times the block size changes over the transition, 0...10000; 0 for a smooth change.
    public var steps = 60

    /// A pixellate with Inferno's defaults.
    public init() {}
}

/// Both pictures twist around the centre, hardest mid-way, while one dissolves into the other
/// (Inferno's `swirl`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`.
public struct SwirlTransition: BuiltInTransition {
    public static let entry = CatalogueEntry.transition(
        "swirl", .layer, shader: .transitionSwirl,
        summary: "the pictures twist around the centre, hardest mid-way, while one dissolves into the other")
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.radius, "radius", in: 0.001...10,
                   help: "radius of the twisted disc as a fraction of the shorter side (0.001...10; 0.5 touches the shorter sides)"),
        ]
    }

    /// Radius of the twisted disc, as a fraction of the shorter side, 0.001...10.
    public var radius: Float = 0.5

    /// A swirl with Inferno's default.
    public init() {}
}

/// The outgoing picture is blown away row by row, each row at a random offset, uncovering the
/// incoming picture from the left (Inferno's `wind`).
///
/// A layer effect on the incoming picture that reads the outgoing one as `from`.
public struct WindTransition: BuiltInTransition {
    public static let entry = CatalogueEntry.transition(
        "wind", .layer, shader: .transitionWind,
        summary: "rows of the outgoing picture blow away at random offsets, uncovering the incoming one from the left")
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.windSize, "wind-size", in: 0.001...1,
                   help: "how ragged the gust is: the rows' random spread and the soft edge, as a fraction of the width (0.001...1)"),
        ]
    }

    /// The rows' random spread and the soft edge's length, as a fraction of the width, 0.001...1.
    public var windSize: Float = 0.2

    /// Wind with Inferno's default.
    public init() {}
}
