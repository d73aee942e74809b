/// A magnifying glass around the touch point: the family of ``SimpleLoupe`` and ``WarpingLoupe``,
/// which differ only in their shader (and the words for the zoom).
///
/// SwiftUI: `.layerEffect(ShaderLibrary.simpleLoupe(.boundingRect, .float2(touch), .float(0.05), .float(2)),
/// maxSampleOffset: .zero)`.
public struct Loupe<Entry: LoupeEntry>: SinglePassEffect, FamilyMember {
    public static var motion: EffectMotion<Self> { .touch(\.touch) }
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.touch, "touch",
                   help: "the loupe's centre, X,Y in points from the top-left, kept inside the view; follows an event script's touch"),
            .value(\.maxDistance, "max-distance", in: 0...100,
                   help: "the loupe's squared radius as a fraction of the view's width squared (0.05: radius 0.224 x width), >= 0"),
            .value(\.zoom, "zoom", in: 1...1_000, help: Entry.zoomHelp),
        ]
    }

    /// The loupe's centre in points, origin top-left; the shader keeps it inside the view.
    public var touch = SIMD2<Float>(100, 100)
    /// The squared radius as a fraction of the view's width squared, >= 0; 0 draws nothing.
    public var maxDistance: Float = 0.05
    /// Magnification, at least 1; smaller values act as 1.
    public var zoom: Float = 2

    /// A loupe with the catalogue's defaults at (100, 100).
    public init() {}

    /// (0, 0): with the centre kept inside the view and a zoom of at least 1, a pixel at d from the
    /// centre samples the centre plus a fraction of d, a point between the pixel and the centre,
    /// so every sample lies inside the view. (The distance to it, |d| (1 - 1/zoom), can reach
    /// radius (1 - 1/zoom), but the radius scales with the view's width, which an effect value does
    /// not know; nothing beyond the bounds is ever read, so the layer needs no growth.)
    public var maxSampleOffset: SIMD2<Float> { .zero }
}

/// A member of the ``Loupe`` family.
public protocol LoupeEntry: FamilyEntry {
    /// What the zoom does.
    static var zoomHelp: String { get }
}

/// A magnifying glass: a circle around the touch point shows the picture enlarged (Inferno's `simpleLoupe`).
public typealias SimpleLoupe = Loupe<SimpleLoupeEntry>

/// ``SimpleLoupe``'s names.
public enum SimpleLoupeEntry: LoupeEntry {
    public static let entry = CatalogueEntry(
        "simple-loupe", .layer, shader: .layerSimpleLoupe,
        summary: "a magnifying glass: a circle around the touch point shows the picture enlarged",
        origin: "Inferno (twostraws/Inferno, MIT): simpleLoupe, reimplemented from its description")
    public static let zoomHelp = "magnification inside the loupe, >= 1"
}

/// A magnifying bulge: full zoom at the touch point easing to none at the rim (Inferno's `warpingLoupe`).
public typealias WarpingLoupe = Loupe<WarpingLoupeEntry>

/// ``WarpingLoupe``'s names.
public enum WarpingLoupeEntry: LoupeEntry {
    public static let entry = CatalogueEntry(
        "warping-loupe", .layer, shader: .layerWarpingLoupe,
        summary: "a magnifying bulge: full zoom at the touch point, easing to none at the rim",
        origin: "Inferno (twostraws/Inferno, MIT): warpingLoupe, reimplemented from its description")
    public static let zoomHelp = "magnification at the centre, >= 1; it eases to 1 at the rim"
}
