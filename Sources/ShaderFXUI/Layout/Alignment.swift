import Foundation

// Alignment guides (SWIFTUI-NOTES §1.7): a guide is a function from a view's dimensions to an
// offset in the view's own coordinates; explicit guides (`alignmentGuide`) replace it per view.

/// A type that names an alignment guide and gives its value for a view with no explicit one
/// (SwiftUI's `AlignmentID`). Declare an enum conforming to it for a custom guide, then
/// `HorizontalAlignment(MyID.self)` or `VerticalAlignment(MyID.self)`.
public protocol AlignmentID {
    /// The guide's value for a view that does not set it explicitly.
    /// - Parameter context: the view's dimensions.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// One guide on one axis: the key a view's explicit guides are stored under. Unchecked
/// Sendable: it holds only a metatype, which nothing can mutate.
struct AlignmentKey: Hashable, @unchecked Sendable {
    let id: any AlignmentID.Type
    let axis: Axis

    static func == (a: AlignmentKey, b: AlignmentKey) -> Bool {
        a.axis == b.axis && ObjectIdentifier(a.id) == ObjectIdentifier(b.id)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(axis)
        hasher.combine(ObjectIdentifier(id))
    }
}

/// A guide that aligns views along the x axis (SwiftUI's `HorizontalAlignment`).
public struct HorizontalAlignment: Sendable, Equatable {
    let key: AlignmentKey

    /// The guide named by `id`.
    /// - Parameter id: the guide's identifier type.
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: id, axis: .horizontal)
    }

    private enum Leading: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
    private enum Center: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 } }
    private enum Trailing: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }

    /// The leading edge (x = 0; layouts are left-to-right here).
    public static let leading = HorizontalAlignment(Leading.self)
    /// The horizontal centre.
    public static let center = HorizontalAlignment(Center.self)
    /// The trailing edge.
    public static let trailing = HorizontalAlignment(Trailing.self)
}

/// A guide that aligns views along the y axis (SwiftUI's `VerticalAlignment`).
public struct VerticalAlignment: Sendable, Equatable {
    let key: AlignmentKey

    /// The guide named by `id`.
    /// - Parameter id: the guide's identifier type.
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: id, axis: .vertical)
    }

    private enum Top: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
    private enum Center: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
    private enum Bottom: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    // Baselines are the text's own to report; a view with no text has its baselines at its
    // bottom. Until the text engine sets them (as explicit guides from its line metrics), every
    // view uses that default, so baseline alignment behaves as bottom alignment.
    private enum FirstTextBaseline: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    private enum LastTextBaseline: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }

    /// The top edge.
    public static let top = VerticalAlignment(Top.self)
    /// The vertical centre.
    public static let center = VerticalAlignment(Center.self)
    /// The bottom edge.
    public static let bottom = VerticalAlignment(Bottom.self)
    /// The first line's baseline of text; the bottom edge of a view without text, and of every
    /// view until the text engine reports baselines (an explicit guide on the text's node).
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaseline.self)
    /// The last line's baseline of text; the bottom edge otherwise (see `firstTextBaseline`).
    public static let lastTextBaseline = VerticalAlignment(LastTextBaseline.self)
}

/// A pair of guides, one per axis (SwiftUI's `Alignment`).
public struct Alignment: Sendable, Equatable {
    /// The guide along x.
    public var horizontal: HorizontalAlignment
    /// The guide along y.
    public var vertical: VerticalAlignment

    /// The alignment of `horizontal` and `vertical`.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// A view's size and its alignment guides, in its own coordinates (SwiftUI's `ViewDimensions`):
/// what a layout aligns by, and what an `alignmentGuide` closure receives.
public struct ViewDimensions: Sendable, Equatable {
    /// The view's width.
    public var width: CGFloat
    /// The view's height.
    public var height: CGFloat
    /// Guides the view sets itself, by key.
    var explicitGuides: [AlignmentKey: CGFloat]

    /// Dimensions of `size` with no explicit guides.
    init(size: CGSize, explicitGuides: [AlignmentKey: CGFloat] = [:]) {
        width = size.width
        height = size.height
        self.explicitGuides = explicitGuides
    }

    /// The view's size.
    public var size: CGSize { CGSize(width: width, height: height) }

    /// The value of guide `g`: the explicit one where the view sets it, else the guide's default.
    public subscript(g: HorizontalAlignment) -> CGFloat { self[g.key] }
    /// The value of guide `g`: the explicit one where the view sets it, else the guide's default.
    public subscript(g: VerticalAlignment) -> CGFloat { self[g.key] }
    /// The value the view sets for `g`, or nil.
    public subscript(explicit g: HorizontalAlignment) -> CGFloat? { explicitGuides[g.key] }
    /// The value the view sets for `g`, or nil.
    public subscript(explicit g: VerticalAlignment) -> CGFloat? { explicitGuides[g.key] }

    subscript(key: AlignmentKey) -> CGFloat {
        explicitGuides[key] ?? key.id.defaultValue(in: self)
    }

    public static func == (a: ViewDimensions, b: ViewDimensions) -> Bool {
        a.width == b.width && a.height == b.height && a.explicitGuides == b.explicitGuides
    }
}
