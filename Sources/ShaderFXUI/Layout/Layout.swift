import Foundation

/// A container's way of sizing and placing its subviews (SwiftUI's `Layout`, SWIFTUI-NOTES §1.1):
/// the parent proposes a size, the layout answers with the size it takes, then places each
/// subview in bounds of that size. Every stack, frame, padding and overlay in ShaderFXUI is one,
/// and so may a user's own layout be.
///
/// A layout is a value; nothing is stored between calls except through `Cache`, which the
/// engine makes afresh (`makeCache`) each time it asks.
public protocol Layout: Sendable {
    /// Values computed from the subviews and shared by `sizeThatFits` and `placeSubviews`.
    associatedtype Cache = Void

    /// What the engine tells a layout about itself: its stack orientation.
    static var layoutProperties: LayoutProperties { get }

    /// Makes the cache for `subviews`.
    func makeCache(subviews: Subviews) -> Cache

    /// The size the layout takes for `proposal`.
    /// - Parameters:
    ///   - proposal: the parent's proposal.
    ///   - subviews: proxies of the subviews, in declaration order.
    ///   - cache: the cache made for them.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize

    /// Places every subview (`LayoutSubview.place`) in `bounds`, which has the size
    /// `sizeThatFits` returned for `proposal`. A subview not placed is centred in `bounds` at
    /// its ideal size.
    /// - Parameters:
    ///   - bounds: the layout's frame, in the coordinates subviews are placed in.
    ///   - proposal: the proposal the size was chosen for.
    ///   - subviews: proxies of the subviews.
    ///   - cache: the cache made for them.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
}

extension Layout {
    /// The subviews' proxies, as SwiftUI names them inside a layout.
    public typealias Subviews = LayoutSubviews

    /// No stack orientation.
    public static var layoutProperties: LayoutProperties { LayoutProperties() }
}

extension Layout where Cache == Void {
    /// No cache.
    public func makeCache(subviews: Subviews) -> Void { () }
}

extension Layout {
    // Entry points for the engine: they open the existential and make the cache.
    func sizeThatFits(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize {
        var cache = makeCache(subviews: subviews)
        return sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }

    func place(in bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) {
        var cache = makeCache(subviews: subviews)
        placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// Properties of a layout type (SwiftUI's `LayoutProperties`).
public struct LayoutProperties: Sendable, Hashable {
    /// The stack's major axis, nil for a layout that is not a stack. A `Spacer` or `Divider`
    /// among the subviews takes its orientation from it.
    public var stackOrientation: Axis?

    /// Properties with the given orientation.
    /// - Parameter stackOrientation: the stack's axis, or nil.
    public init(stackOrientation: Axis? = nil) {
        self.stackOrientation = stackOrientation
    }
}

/// A layout that modifies one view, its first subview (frame, padding, offset, overlay, ...):
/// that subview keeps the stack orientation of the modified view's container, the modified
/// view keeps its layout priority and spacing, as SwiftUI's view traits pass through modifiers,
/// and its explicit alignment guides, moved by its placement. Further subviews (an overlay's
/// content) are laid out as outside any stack.
protocol ModifierLayout: Layout {}

/// A subview's proxy inside a layout (SwiftUI's `LayoutSubview`): ask it its size for a
/// proposal, its guides, priority and spacing, and place it.
public struct LayoutSubview {
    let engine: LayoutEngine
    /// The subview's node in the engine.
    let node: Int
    /// Where `place` records the placement.
    let slot: PlacementSlot?

    /// The size the subview takes for `proposal`.
    /// - Parameter proposal: the proposal.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        engine.size(of: node, proposal)
    }

    /// The subview's dimensions (size and guides) for `proposal`.
    /// - Parameter proposal: the proposal.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        engine.dimensions(of: node, proposal)
    }

    /// The subview's layout priority (`layoutPriority`, default 0; −∞ for a `Spacer`).
    public var priority: Double { engine.priority(of: node) }

    /// The subview's spacing preference.
    public var spacing: ViewSpacing { engine.spacing(of: node) }

    /// Places the subview: the point of it at `anchor` goes to `position`, and it takes the size
    /// it chooses for `proposal`.
    /// - Parameters:
    ///   - position: where the anchor goes, in the coordinates of the layout's bounds.
    ///   - anchor: the point of the subview placed at `position`.
    ///   - proposal: the proposal the subview sizes itself for.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        slot?.placement = Placement(position: position, anchor: anchor, proposal: proposal)
    }
}

/// One subview's placement, as `place` records it.
struct Placement {
    var position: CGPoint
    var anchor: UnitPoint
    var proposal: ProposedViewSize

    /// The top-leading corner of a subview of `size` placed so.
    func origin(for size: CGSize) -> CGPoint {
        CGPoint(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height)
    }
}

/// Where a proxy records its subview's placement while `placeSubviews` runs.
final class PlacementSlot {
    var placement: Placement?
}

/// The proxies of a layout's subviews, in declaration order (SwiftUI's `LayoutSubviews`).
public struct LayoutSubviews: RandomAccessCollection {
    let proxies: [LayoutSubview]

    public var startIndex: Int { proxies.startIndex }
    public var endIndex: Int { proxies.endIndex }
    public subscript(index: Int) -> LayoutSubview { proxies[index] }
}

/// A view's preference for the space next to it in a stack (SwiftUI's `ViewSpacing`),
/// simplified to one value per view: ordinary views, and text with its font metrics.
public struct ViewSpacing: Sendable, Hashable {
    /// The distance between two views that are not text: 8 pt (OpenSwiftUI's `defaultSpacing`,
    /// SWIFTUI-NOTES §1.3 [R53]; Apple gives no number, NOT CONFIRMED §8.2).
    public static let standardDistance: CGFloat = 8

    /// The font metrics of a text view; nil for any other view.
    public var textMetrics: TextSpacingMetrics?

    /// The spacing of a view that is not text.
    public static let standard = ViewSpacing()

    /// The spacing of a view that is not text.
    public init() {}

    /// The spacing of a text view set in a font with `metrics`.
    /// - Parameter metrics: the font's metrics.
    public static func text(_ metrics: TextSpacingMetrics) -> ViewSpacing {
        var s = ViewSpacing()
        s.textMetrics = metrics
        return s
    }

    /// The distance a stack along `axis` leaves between a view with this spacing and the view
    /// after it with `next`.
    ///
    /// Between two views that are not text it is `standardDistance`. Next to text SwiftUI takes
    /// the distance from the font's metrics (SWIFTUI-NOTES §1.3 [R34] [R54]); that rule is
    /// `TextSpacingMetrics.distance`, the hook the text engine fills in.
    /// - Parameters:
    ///   - next: the following view's spacing.
    ///   - axis: the stack's axis.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        if textMetrics == nil && next.textMetrics == nil { return Self.standardDistance }
        return TextSpacingMetrics.distance(from: textMetrics, to: next.textMetrics, along: axis)
    }
}

/// A font's vertical metrics, in points, as the text engine measures them: what SwiftUI's
/// spacing next to text depends on.
public struct TextSpacingMetrics: Sendable, Hashable {
    /// Distance from the baseline up to the top of the tallest glyphs (positive).
    public var ascender: CGFloat
    /// Distance from the baseline down to the bottom of the lowest glyphs (negative).
    public var descender: CGFloat
    /// The font's line gap.
    public var leading: CGFloat
    /// Height of capital letters above the baseline.
    public var capHeight: CGFloat
    /// One pixel in points at the display scale: what the distances are rounded up to.
    public var pixelLength: CGFloat

    /// Metrics with the given values.
    public init(ascender: CGFloat, descender: CGFloat, leading: CGFloat, capHeight: CGFloat, pixelLength: CGFloat = 1) {
        self.ascender = ascender
        self.descender = descender
        self.leading = leading
        self.capHeight = capHeight
        self.pixelLength = pixelLength
    }

    /// The font's line: ascender − descender.
    var lineHeight: CGFloat { ascender - descender }

    /// A tenth of the line, rounded up to a whole pixel: the least distance text keeps.
    var textSpacing: CGFloat { Self.roundedUp(0.1 * lineHeight, to: pixelLength) }

    static func roundedUp(_ value: CGFloat, to pixel: CGFloat) -> CGFloat {
        pixel > 0 ? (value / pixel).rounded(.up) * pixel : value
    }

    /// The distance between two neighbours along `axis` when at least one is text (nil metrics:
    /// not text), per OpenSwiftUI's reading of SwiftUI (SWIFTUI-NOTES §1.3 [R54] [R55], NOT
    /// CONFIRMED §8.3). Down a vertical stack, with `L = ascender − descender` and
    /// `d = ceil_px(0.1·L)` of the text's font: text above text leaves the upper font's leading
    /// (its line gap), rounded up to a pixel; a view above text `L + d − ascender`; text above a
    /// view `max(L + d − capHeight, d − descender)`. Across a horizontal stack text has no
    /// spacing of its own: `standardDistance`.
    static func distance(from: TextSpacingMetrics?, to: TextSpacingMetrics?, along axis: Axis) -> CGFloat {
        guard axis == .vertical else { return ViewSpacing.standardDistance }
        switch (from, to) {
        case (let upper?, _?):
            return roundedUp(upper.leading, to: upper.pixelLength)
        case (nil, let lower?):
            return lower.lineHeight + lower.textSpacing - lower.ascender
        case (let upper?, nil):
            return max(upper.lineHeight + upper.textSpacing - upper.capHeight, upper.textSpacing - upper.descender)
        case (nil, nil):
            return ViewSpacing.standardDistance
        }
    }
}
