import Foundation

/// `padding(_:_:)` (SWIFTUI-NOTES §1.6 [R3] [R56]): proposes the proposal less the insets
/// (never below 0; nil stays nil), takes the subview's size plus the insets, and places the
/// subview inset by them.
public struct PaddingLayout: Layout, ModifierLayout {
    /// The default length on each padded edge: 16 pt, OpenSwiftUI's `DefaultPaddingKey` for iOS
    /// ([R56]; Apple says only "platform-specific", NOT CONFIRMED §8.2).
    public static let defaultLength: CGFloat = 16

    /// The insets.
    public var insets: EdgeInsets

    /// Padding of `insets`.
    /// - Parameter insets: the length on each edge.
    public init(insets: EdgeInsets) {
        self.insets = insets
    }

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: proposal.width.map { max($0 - insets.total(along: .horizontal), 0) },
                         height: proposal.height.map { max($0 - insets.total(along: .vertical), 0) })
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let child = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return CGSize(width: child.width + insets.total(along: .horizontal),
                      height: child.height + insets.total(along: .vertical))
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + insets.leading, y: bounds.minY + insets.top),
                              proposal: childProposal(proposal))
    }
}

/// `fixedSize(horizontal:vertical:)` (SWIFTUI-NOTES §1.6 [R22] [R37]): proposes nil (the ideal)
/// on each fixed axis and the parent's proposal on the others, and takes the subview's size,
/// which may exceed the parent's proposal.
public struct FixedSizeLayout: Layout, ModifierLayout {
    /// Whether the width is the ideal one.
    public var horizontal: Bool
    /// Whether the height is the ideal one.
    public var vertical: Bool

    /// Fixes the width, the height, or both (default) at the ideal.
    public init(horizontal: Bool = true, vertical: Bool = true) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center,
                              proposal: childProposal(proposal))
    }
}

/// `offset(x:y:)` (SWIFTUI-NOTES §1.8 [R27]): moves the subview by `offset` when it is placed;
/// the size, and the place the parent gives the offset view, do not change.
public struct OffsetLayout: Layout, ModifierLayout {
    /// The displacement.
    public var offset: CGSize

    /// Moves the subview by `offset`.
    public init(offset: CGSize) {
        self.offset = offset
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        subviews.first?.sizeThatFits(proposal) ?? .zero
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + offset.width, y: bounds.minY + offset.height),
                              proposal: proposal)
    }
}

/// `position(x:y:)` (SWIFTUI-NOTES §1.8 [R27] [R60]): takes the whole proposal as its size (a
/// nil dimension: the subview's for that proposal), proposes that size to the subview and puts
/// the subview's centre at `position`, in the position view's own coordinates.
public struct PositionLayout: Layout, ModifierLayout {
    /// Where the subview's centre goes.
    public var position: CGPoint

    /// Centres the subview at `position`.
    public init(position: CGPoint) {
        self.position = position
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        if let width = proposal.width, let height = proposal.height { return CGSize(width: width, height: height) }
        let child = subviews.first?.sizeThatFits(proposal) ?? .zero
        return proposal.replacingUnspecifiedDimensions(by: child)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + position.x, y: bounds.minY + position.y), anchor: .center,
                              proposal: ProposedViewSize(bounds.size))
    }
}
