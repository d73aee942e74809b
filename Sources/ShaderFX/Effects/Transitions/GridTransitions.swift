/// A grid of shapes that grow until they cover their cells, revealing the incoming picture: the
/// family of ``CirclesTransition``, ``CircleWaveTransition``, ``DiamondsTransition`` and
/// ``DiamondWaveTransition``, which differ only in their shader.
///
/// A colour effect on the incoming picture that reads the outgoing one as `from`:
/// `.colorEffect(circles(.boundingRect, .float(progress), .float(circleSize), .image(from)))`.
public struct GridTransition<Entry: GridTransitionEntry>: BuiltInTransition, FamilyMember {
    public static var table: [ParameterRow<Self>] {
        [
            .value(\.cellSize, "\(Entry.shape.rawValue)-size", in: 0.001...1_000_000,
                   help: "side of a grid cell in points; each \(Entry.shape.piece) grows until it covers its cell (> 0)"),
        ]
    }

    /// Side of a grid cell in points, > 0 (`--circle-size` or `--diamond-size`).
    public var cellSize: Float = 20

    /// The transition with Inferno's cell size.
    public init() {}
}

/// A member of the ``GridTransition`` family.
public protocol GridTransitionEntry: FamilyEntry {
    /// The shape that grows in each cell; it names the cell-size parameter (`circle-size`).
    static var shape: GridShape { get }
}

/// The shape of a grid transition's cells.
public enum GridShape: String, Sendable {
    case circle, diamond

    /// What the help calls one of them.
    var piece: String { self == .circle ? "dot" : rawValue }
}

/// A grid of dots that grow until they cover the picture, revealing the incoming one (Inferno's `circles`).
public typealias CirclesTransition = GridTransition<CirclesEntry>

/// ``CirclesTransition``'s names.
public enum CirclesEntry: GridTransitionEntry {
    public static let entry = CatalogueEntry.transition(
        "circles", .color, shader: .transitionCircles,
        summary: "a grid of growing dots reveals the incoming picture")
    public static let shape = GridShape.circle
}

/// Dots that grow in a wave from the top-left corner, revealing the incoming picture (Inferno's
/// `circleWave`): each dot grows over half the transition, starting later the further its cell is
/// from the top-left.
public typealias CircleWaveTransition = GridTransition<CircleWaveEntry>

/// ``CircleWaveTransition``'s names.
public enum CircleWaveEntry: GridTransitionEntry {
    public static let entry = CatalogueEntry.transition(
        "circle-wave", .color, shader: .transitionCircleWave,
        summary: "dots grow in a wave from the top-left corner, revealing the incoming picture")
    public static let shape = GridShape.circle
}

/// A grid of diamonds that grow until they cover the picture, revealing the incoming one (Inferno's `diamonds`).
public typealias DiamondsTransition = GridTransition<DiamondsEntry>

/// ``DiamondsTransition``'s names.
public enum DiamondsEntry: GridTransitionEntry {
    public static let entry = CatalogueEntry.transition(
        "diamonds", .color, shader: .transitionDiamonds,
        summary: "a grid of growing diamonds reveals the incoming picture")
    public static let shape = GridShape.diamond
}

/// Diamonds that grow in a wave from the top-left corner, revealing the incoming picture (Inferno's
/// `diamondWave`); the wave front runs along the anti-diagonal.
public typealias DiamondWaveTransition = GridTransition<DiamondWaveEntry>

/// ``DiamondWaveTransition``'s names.
public enum DiamondWaveEntry: GridTransitionEntry {
    public static let entry = CatalogueEntry.transition(
        "diamond-wave", .color, shader: .transitionDiamondWave,
        summary: "diamonds grow in a wave from the top-left corner, revealing the incoming picture")
    public static let shape = GridShape.diamond
}
