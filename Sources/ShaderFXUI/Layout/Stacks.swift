import Foundation

/// Subviews in a row, left to right (SwiftUI's `HStackLayout`; `HStack` is this layout over
/// its content). See `StackArrangement` for the algorithm.
public struct HStackLayout: Layout {
    /// The guide that lines the subviews up vertically.
    public var alignment: VerticalAlignment
    /// The distance between neighbours; nil for each pair's own (`ViewSpacing.distance`).
    public var spacing: CGFloat?

    /// A row aligned by `alignment`, with `spacing` between neighbours.
    /// - Parameters:
    ///   - alignment: the vertical guide the subviews share (default `.center`, [R50]).
    ///   - spacing: the gap between neighbours, nil for the default (8 pt between views that are
    ///     not text).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public static var layoutProperties: LayoutProperties { LayoutProperties(stackOrientation: .horizontal) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        arrangement.arrange(proposal, subviews).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        arrangement.place(in: bounds, proposal, subviews)
    }

    var arrangement: StackArrangement {
        StackArrangement(axis: .horizontal, alignment: alignment.key, spacing: spacing)
    }
}

/// Subviews in a column, top to bottom (SwiftUI's `VStackLayout`; `VStack` is this layout over
/// its content). See `StackArrangement` for the algorithm.
public struct VStackLayout: Layout {
    /// The guide that lines the subviews up horizontally.
    public var alignment: HorizontalAlignment
    /// The distance between neighbours; nil for each pair's own (`ViewSpacing.distance`).
    public var spacing: CGFloat?

    /// A column aligned by `alignment`, with `spacing` between neighbours.
    /// - Parameters:
    ///   - alignment: the horizontal guide the subviews share (default `.center`, [R50]).
    ///   - spacing: the gap between neighbours, nil for the default (8 pt between views that are
    ///     not text).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public static var layoutProperties: LayoutProperties { LayoutProperties(stackOrientation: .vertical) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        arrangement.arrange(proposal, subviews).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        arrangement.place(in: bounds, proposal, subviews)
    }

    var arrangement: StackArrangement {
        StackArrangement(axis: .vertical, alignment: alignment.key, spacing: spacing)
    }
}

/// The stack algorithm, written once for both axes (SWIFTUI-NOTES §1.2, OpenSwiftUI's
/// `StackLayout` [R50], consistent with [R30]–[R33]):
///
/// 1. `available` = the major proposal − the gaps between neighbours.
/// 2. Subviews are sized in groups of equal `layoutPriority`, highest first. Before a group,
///    the minimum lengths of all lower-priority subviews are set aside ([R24]).
/// 3. Within a group, least flexible first: flexibility = the length taken for a major
///    proposal of ∞ minus that for 0 (the minor proposal being the stack's own); between two
///    infinitely flexible subviews, the one with the larger minimum first ([R51]); otherwise
///    declaration order.
/// 4. Each in turn is offered `max(remaining / subviews left in the group, 0)` and the stack's
///    minor proposal; what it takes is subtracted.
/// 5. A nil major proposal (ideal sizing) proposes nil on the major axis to every subview.
/// 6. Placement in declaration order, each gap after the previous subview's end; across the
///    axis, each subview's origin is minus its value of the alignment guide, then all are
///    shifted so the smallest is 0. The stack's size is the union of the subviews' frames.
struct StackArrangement {
    let axis: Axis
    let alignment: AlignmentKey
    let spacing: CGFloat?

    struct Result {
        /// What each subview was proposed.
        var proposals: [ProposedViewSize]
        /// Each subview's frame, relative to the stack's origin.
        var frames: [CGRect]
        /// The stack's size.
        var size: CGSize
    }

    /// The distance before each subview (0 before the first).
    func gaps(_ subviews: LayoutSubviews) -> [CGFloat] {
        subviews.indices.map { i in
            i == 0 ? 0 : spacing ?? subviews[i - 1].spacing.distance(to: subviews[i].spacing, along: axis)
        }
    }

    func arrange(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> Result {
        let count = subviews.count
        guard count > 0 else { return Result(proposals: [], frames: [], size: .zero) }
        let minor = proposal[axis.other]
        let gaps = gaps(subviews)
        var proposals = [ProposedViewSize](repeating: .unspecified, count: count)
        var sizes = [CGSize](repeating: .zero, count: count)

        if let major = proposal[axis] {
            let priorities = subviews.map(\.priority)
            let minima = subviews.map { $0.sizeThatFits(ProposedViewSize(0, along: axis, minor: minor))[axis] }
            let maxima = subviews.map { $0.sizeThatFits(ProposedViewSize(.infinity, along: axis, minor: minor))[axis] }
            let flexibility = subviews.indices.map { maxima[$0] - minima[$0] }
            func leastFlexibleFirst(_ a: Int, _ b: Int) -> Bool {
                if flexibility[a] != flexibility[b] { return flexibility[a] < flexibility[b] }
                if flexibility[a] == .infinity && minima[a] != minima[b] { return minima[a] > minima[b] }
                return a < b
            }
            var available = major - gaps.reduce(0, +)
            for priority in Set(priorities).sorted(by: >) {
                let group = subviews.indices.filter { priorities[$0] == priority }.sorted(by: leastFlexibleFirst)
                let reserved = subviews.indices.filter { priorities[$0] < priority }.reduce(0) { $0 + minima[$1] }
                var remaining = available - reserved
                var left = group.count
                var taken: CGFloat = 0
                for i in group {
                    let offer = remaining == .infinity ? .infinity : max(remaining / CGFloat(left), 0)
                    proposals[i] = ProposedViewSize(offer, along: axis, minor: minor)
                    sizes[i] = subviews[i].sizeThatFits(proposals[i])
                    if remaining != .infinity { remaining -= sizes[i][axis] }
                    taken += sizes[i][axis]
                    left -= 1
                }
                if available != .infinity { available -= taken }
            }
        } else {
            for i in subviews.indices {
                proposals[i] = ProposedViewSize(nil, along: axis, minor: minor)
                sizes[i] = subviews[i].sizeThatFits(proposals[i])
            }
        }

        var frames = [CGRect](repeating: .zero, count: count)
        var position: CGFloat = 0
        var low = CGFloat.infinity, high = -CGFloat.infinity
        for i in subviews.indices {
            position += gaps[i]
            let guide = subviews[i].dimensions(in: proposals[i])[alignment]
            let minorOrigin = -guide
            frames[i] = CGRect(origin: CGPoint(position, along: axis, minor: minorOrigin), size: sizes[i])
            low = min(low, minorOrigin)
            high = max(high, minorOrigin + sizes[i][axis.other])
            position += sizes[i][axis]
        }
        for i in frames.indices {
            var origin = frames[i].origin
            origin[axis.other] -= low
            frames[i].origin = origin
        }
        return Result(proposals: proposals, frames: frames, size: CGSize(position, along: axis, minor: high - low))
    }

    func place(in bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) {
        let result = arrange(proposal, subviews)
        for i in subviews.indices {
            let origin = CGPoint(x: bounds.minX + result.frames[i].minX, y: bounds.minY + result.frames[i].minY)
            subviews[i].place(at: origin, proposal: result.proposals[i])
        }
    }
}

/// Subviews on top of each other, each aligned by `alignment` (SwiftUI's `ZStackLayout`,
/// SWIFTUI-NOTES §1.4 [R58]): every subview is proposed the stack's proposal; each is placed so
/// that its guides meet the common ones (origin = −guide, per axis); the stack's size is the
/// union of the aligned frames of the subviews with the highest layout priority.
///
/// With the standard guides that union is the largest width by the largest height, as
/// OpenSwiftUI sizes it; with custom guides the two readings differ (NOT CONFIRMED, §8.10), and
/// this one grows with the offsets, as a stack does across its axis.
public struct ZStackLayout: Layout {
    /// The guides the subviews share.
    public var alignment: Alignment

    /// Subviews aligned by `alignment`.
    /// - Parameter alignment: the shared guides (default `.center`).
    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        arrange(proposal, subviews).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        let (frames, _) = arrange(proposal, subviews)
        for i in subviews.indices {
            subviews[i].place(at: CGPoint(x: bounds.minX + frames[i].minX, y: bounds.minY + frames[i].minY),
                              proposal: proposal)
        }
    }

    func arrange(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> (frames: [CGRect], size: CGSize) {
        guard let top = subviews.map(\.priority).max() else { return ([], .zero) }
        var frames = subviews.map { subview -> CGRect in
            let d = subview.dimensions(in: proposal)
            return CGRect(x: -d[alignment.horizontal], y: -d[alignment.vertical], width: d.width, height: d.height)
        }
        let union = subviews.indices.filter { subviews[$0].priority == top }.map { frames[$0] }
            .reduce(CGRect.null) { $0.union($1) }
        for i in frames.indices {
            frames[i].origin.x -= union.minX
            frames[i].origin.y -= union.minY
        }
        return (frames, union.size)
    }
}
