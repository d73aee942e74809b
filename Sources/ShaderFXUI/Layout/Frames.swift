import Foundation

/// Places `subview`, sized for `childProposal`, in bounds so that its guides of `alignment`
/// meet the bounds' own (the frame's guides are the defaults: a frame sets none itself).
private func align(_ subview: LayoutSubview, proposal childProposal: ProposedViewSize, in bounds: CGRect,
                   alignment: Alignment) {
    let own = ViewDimensions(size: bounds.size)
    let child = subview.dimensions(in: childProposal)
    let x = bounds.minX + own[alignment.horizontal] - child[alignment.horizontal]
    let y = bounds.minY + own[alignment.vertical] - child[alignment.vertical]
    subview.place(at: CGPoint(x: x, y: y), proposal: childProposal)
}

/// `frame(width:height:alignment:)` (SWIFTUI-NOTES §1.5 [R20] [R59]): a fixed dimension is
/// proposed to the subview and is the frame's size; a nil one adopts the subview's behaviour.
/// The subview is aligned inside the frame and may overflow it.
public struct FrameLayout: Layout, ModifierLayout {
    /// The fixed width, or nil.
    public var width: CGFloat?
    /// The fixed height, or nil.
    public var height: CGFloat?
    /// Where the subview sits in the frame.
    public var alignment: Alignment

    /// A frame of fixed `width` and/or `height`.
    /// - Parameters:
    ///   - width: the width, or nil to take the subview's.
    ///   - height: the height, or nil to take the subview's.
    ///   - alignment: the subview's place in the frame (default `.center`).
    public init(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) {
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        if let width, let height { return CGSize(width: width, height: height) }
        let child = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return CGSize(width: width ?? child.width, height: height ?? child.height)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        guard let subview = subviews.first else { return }
        align(subview, proposal: childProposal(proposal), in: bounds, alignment: alignment)
    }
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`
/// (SWIFTUI-NOTES §1.5 [R21] [R35] [R59]), per axis:
///
/// - The subview is proposed the frame's proposal, with the ideal replacing a nil one, clamped
///   to [min, max] (a nil proposal with no ideal stays nil).
/// - The frame's length, for proposal `p` and subview length `c`:
///   neither min nor max: `c`; only min: `max(min(p, c), min)`; only max: `min(max(p, c), max)`;
///   both: the min rule, then the max rule (which together clamp `p` to [min, max]).
/// - For a nil proposal the frame takes its ideal (clamped) if it has one; without one it
///   takes `c`, clamped to [min, max].
///
/// Contradictory bounds (min > max) are used as given: the min rule runs first, the max rule
/// last. The subview is aligned inside the frame as in `FrameLayout`.
public struct FlexFrameLayout: Layout, ModifierLayout {
    public var minWidth: CGFloat?
    public var idealWidth: CGFloat?
    public var maxWidth: CGFloat?
    public var minHeight: CGFloat?
    public var idealHeight: CGFloat?
    public var maxHeight: CGFloat?
    /// Where the subview sits in the frame.
    public var alignment: Alignment

    /// A frame with the given bounds on each axis (nil: no bound).
    public init(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                alignment: Alignment = .center) {
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    /// One axis's bounds.
    struct Bounds {
        var min: CGFloat?
        var ideal: CGFloat?
        var max: CGFloat?

        func clamp(_ v: CGFloat) -> CGFloat {
            var v = v
            if let min { v = Swift.max(v, min) }
            if let max { v = Swift.min(v, max) }
            return v
        }

        func childProposal(_ p: CGFloat?) -> CGFloat? {
            (p ?? ideal).map(clamp)
        }

        func length(proposed p: CGFloat?, child c: CGFloat) -> CGFloat {
            guard let p else { return clamp(ideal ?? c) }
            var r = c
            if let min { r = Swift.max(Swift.min(p, r), min) }
            if let max { r = Swift.min(Swift.max(p, r), max) }
            return r
        }
    }

    var horizontal: Bounds { Bounds(min: minWidth, ideal: idealWidth, max: maxWidth) }
    var vertical: Bounds { Bounds(min: minHeight, ideal: idealHeight, max: maxHeight) }

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal.childProposal(proposal.width), height: vertical.childProposal(proposal.height))
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let child = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return CGSize(width: horizontal.length(proposed: proposal.width, child: child.width),
                      height: vertical.length(proposed: proposal.height, child: child.height))
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        guard let subview = subviews.first else { return }
        align(subview, proposal: childProposal(proposal), in: bounds, alignment: alignment)
    }
}

/// Two views in one: the primary (subview 0) decides the size; the secondary (subview 1) is
/// proposed the primary's size and aligned to it (SWIFTUI-NOTES §1.4 [R25] [R36]). Shared by
/// `OverlayLayout` and `BackgroundLayout`, which differ only in drawing order.
private func layOutSecondary(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews,
                             alignment: Alignment) {
    guard let primary = subviews.first else { return }
    primary.place(at: bounds.origin, proposal: proposal)
    let primaryDimensions = primary.dimensions(in: proposal)
    for secondary in subviews.dropFirst() {
        let proposed = ProposedViewSize(primaryDimensions.size)
        let d = secondary.dimensions(in: proposed)
        let x = bounds.minX + primaryDimensions[alignment.horizontal] - d[alignment.horizontal]
        let y = bounds.minY + primaryDimensions[alignment.vertical] - d[alignment.vertical]
        secondary.place(at: CGPoint(x: x, y: y), proposal: proposed)
    }
}

/// A view with a second one laid out in its size (an overlay or a background): the size is the
/// first subview's, and every later one is proposed that size and aligned to it by `alignment`.
public protocol SecondaryViewLayout: Layout where Cache == Void {
    /// Where the second view sits on the first.
    var alignment: Alignment { get }
}

extension SecondaryViewLayout {
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        subviews.first?.sizeThatFits(proposal) ?? .zero
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        layOutSecondary(in: bounds, proposal: proposal, subviews: subviews, alignment: alignment)
    }
}

/// `overlay(alignment:content:)`: subview 0 is the view, subview 1 the overlay, drawn in front.
/// The overlay is proposed the view's size and aligned to it; the size is the view's.
public struct OverlayLayout: SecondaryViewLayout, ModifierLayout {
    /// Where the overlay sits on the view (default `.center`).
    public var alignment: Alignment

    /// An overlay aligned by `alignment`.
    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }
}

/// `background(alignment:content:)`: subview 0 is the view, subview 1 the background, drawn
/// behind it. Laid out as `OverlayLayout`.
public struct BackgroundLayout: SecondaryViewLayout, ModifierLayout {
    /// Where the background sits behind the view (default `.center`).
    public var alignment: Alignment

    /// A background aligned by `alignment`.
    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }
}
