import Foundation

/// One view of a tree to lay out: a leaf that measures itself, or a layout over child nodes,
/// with the traits a container reads (layout priority, spacing, explicit alignment guides) and
/// an optional name to find its frame by in the result.
///
/// Nodes are values, cheap to rebuild for every frame; laying one out (`layout(in:scale:)`)
/// produces a separate `LayoutResult` and never changes the tree. Modifiers read as SwiftUI's:
///
///     LayoutNode.hStack(spacing: 0) {
///         LayoutNode.flexible.frame(maxWidth: 100).named("red")
///         LayoutNode.flexible.frame(minWidth: 100).named("green")
///     }
public struct LayoutNode: Sendable {
    enum Content: Sendable {
        case leaf(Leaf)
        case layout(any Layout, [LayoutNode])
    }

    /// What a leaf is, for its size.
    enum Leaf: Sendable {
        case fixed(CGSize)
        case flexible
        case measured(@Sendable (ProposedViewSize) -> CGSize)
        case spacer(minLength: CGFloat?)
        case divider(thickness: CGFloat)
    }

    /// One `alignmentGuide` of this node.
    struct Guide: Sendable {
        let key: AlignmentKey
        let value: @Sendable (ViewDimensions) -> CGFloat
    }

    /// Set only here, where ``isModifier`` is set with it.
    private(set) var content: Content
    /// The name `LayoutResult` finds this node's frame by.
    public var name: String?
    /// The layout priority a stack reads (`layoutPriority`).
    public var priority: Double
    /// The spacing preference a stack reads.
    public var spacing: ViewSpacing
    var guides: [Guide] = []
    /// Whether the node's layout is a modifier's (``ModifierLayout``): known where the node is
    /// made, so that layout asks no dynamic cast of each node on every pass. The node's content
    /// changes nowhere else, so the two cannot disagree.
    private(set) var isModifier = false

    init(_ content: Content, priority: Double = 0, spacing: ViewSpacing = .standard) {
        self.content = content
        self.priority = priority
        self.spacing = spacing
    }

    /// A node that lays out `children` with `layout`.
    /// - Parameters:
    ///   - layout: the container's layout.
    ///   - children: the subviews, in declaration order.
    public init(_ layout: some Layout, _ children: [LayoutNode]) {
        self.init(.layout(layout, children))
        isModifier = layout is any ModifierLayout
    }

    /// A node that lays out `children` with a container's layout (a stack's; never a modifier's).
    init(container layout: some Layout, _ children: [LayoutNode]) {
        assert(!(layout is any ModifierLayout), "a modifier's layout goes through modified(by:)")
        self.init(.layout(layout, children))
    }

    /// A node that lays out the nodes `children` builds with `layout`.
    public init(_ layout: some Layout, @LayoutNodeBuilder _ children: () -> [LayoutNode]) {
        self.init(layout, children())
    }

    /// The child nodes (none for a leaf).
    public var children: [LayoutNode] {
        if case .layout(_, let children) = content { return children }
        return []
    }

    /// The node with `children` in place of its children (a leaf stays as it is).
    mutating func replaceChildren(_ children: [LayoutNode]) {
        if case .layout(let layout, _) = content { content = .layout(layout, children) }
    }

    /// The node's layout, nil for a leaf.
    public var containerLayout: (any Layout)? {
        if case .layout(let layout, _) = content { return layout }
        return nil
    }
}

/// Builds an array of nodes from a block of node expressions, as a `ViewBuilder` would.
@resultBuilder
public enum LayoutNodeBuilder {
    public static func buildExpression(_ node: LayoutNode) -> [LayoutNode] { [node] }
    public static func buildExpression(_ nodes: [LayoutNode]) -> [LayoutNode] { nodes }
    public static func buildBlock(_ parts: [LayoutNode]...) -> [LayoutNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [LayoutNode]?) -> [LayoutNode] { part ?? [] }
    public static func buildEither(first part: [LayoutNode]) -> [LayoutNode] { part }
    public static func buildEither(second part: [LayoutNode]) -> [LayoutNode] { part }
    public static func buildArray(_ parts: [[LayoutNode]]) -> [LayoutNode] { parts.flatMap { $0 } }
}

// MARK: - Leaves

extension LayoutNode {
    /// A view of one size whatever it is proposed (a non-resizable `Image`: its point size,
    /// SWIFTUI-NOTES §1.9 [R37] [R64]).
    /// - Parameters:
    ///   - width: its width.
    ///   - height: its height.
    public static func fixed(width: CGFloat, height: CGFloat) -> LayoutNode {
        LayoutNode(.leaf(.fixed(CGSize(width: width, height: height))))
    }

    /// A view that takes whatever it is proposed, 10 pt for a nil dimension (`Color`,
    /// `Rectangle` and the other shapes, SWIFTUI-NOTES §1.9 [R37] [R2]; for `Color` the 10 × 10
    /// ideal is NOT CONFIRMED separately).
    public static var flexible: LayoutNode {
        LayoutNode(.leaf(.flexible))
    }

    /// A view that measures itself: `size` answers each proposal. The text engine plugs in
    /// here (SwiftUI's `Text`: one unwrapped line for a nil width, wrapped to a given one,
    /// SWIFTUI-NOTES §1.9 [R37] [R22]); give `spacing: .text(metrics)` so stacks can space it.
    /// - Parameters:
    ///   - spacing: its spacing preference (default: not text).
    ///   - size: its size for a proposal; it must answer the same for the same proposal.
    public static func measured(spacing: ViewSpacing = .standard,
                                _ size: @escaping @Sendable (ProposedViewSize) -> CGSize) -> LayoutNode {
        LayoutNode(.leaf(.measured(size)), spacing: spacing)
    }

    /// `Spacer(minLength:)` (SWIFTUI-NOTES §1.6 [R4] [R57]): along its stack's axis it takes
    /// `max(proposal, minLength)` (a nil proposal: `minLength`) and 0 across it; outside a stack it
    /// does so on both axes. A nil `minLength` is the default spacing, 8 pt ([R57]). Its layout
    /// priority is −∞, so a stack sizes spacers after everything else (OpenSwiftUI's reading
    /// only, NOT CONFIRMED §8.11).
    /// - Parameter minLength: the length it never shrinks below, nil for 8.
    public static func spacer(minLength: CGFloat? = nil) -> LayoutNode {
        LayoutNode(.leaf(.spacer(minLength: minLength)), priority: -.infinity)
    }

    /// `Divider()`: a line across its stack's minor axis: in an `HStack` `thickness` wide and as
    /// tall as proposed, in a `VStack` or outside a stack `thickness` tall and as wide as proposed
    /// (10 pt for a nil proposal, as shapes). SWIFTUI-NOTES has no row on it: the orientation is
    /// Apple's own description (OpenSwiftUI `Divider.swift`, "extends across the minor axis of the
    /// stack, or horizontally when not in a stack"); the 1 pt thickness (some write 1 pixel) and
    /// the nil-proposal length are NOT CONFIRMED.
    /// - Parameter thickness: the line's thickness (default 1 pt).
    public static func divider(thickness: CGFloat = 1) -> LayoutNode {
        LayoutNode(.leaf(.divider(thickness: thickness)))
    }
}

// MARK: - Containers

extension LayoutNode {
    /// `HStack(alignment:spacing:)` over `children`.
    public static func hStack(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                              @LayoutNodeBuilder _ children: () -> [LayoutNode]) -> LayoutNode {
        LayoutNode(container: HStackLayout(alignment: alignment, spacing: spacing), children())
    }

    /// `VStack(alignment:spacing:)` over `children`.
    public static func vStack(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                              @LayoutNodeBuilder _ children: () -> [LayoutNode]) -> LayoutNode {
        LayoutNode(container: VStackLayout(alignment: alignment, spacing: spacing), children())
    }

    /// `ZStack(alignment:)` over `children`.
    public static func zStack(alignment: Alignment = .center,
                              @LayoutNodeBuilder _ children: () -> [LayoutNode]) -> LayoutNode {
        LayoutNode(container: ZStackLayout(alignment: alignment), children())
    }
}

// MARK: - Modifiers

extension LayoutNode {
    /// This node as the first subview of `layout`, followed by `others`. The new node keeps this
    /// one's priority and spacing (traits pass through modifiers).
    func modified(by layout: some ModifierLayout, _ others: [LayoutNode] = []) -> LayoutNode {
        var node = LayoutNode(.layout(layout, [self] + others), priority: priority, spacing: spacing)
        node.isModifier = true
        return node
    }

    /// The name to find this node's frame by in a `LayoutResult`.
    public func named(_ name: String) -> LayoutNode {
        var node = self
        node.name = name
        return node
    }

    /// `frame(width:height:alignment:)`: see `FrameLayout`.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> LayoutNode {
        modified(by: FrameLayout(width: width, height: height, alignment: alignment))
    }

    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`: see
    /// `FlexFrameLayout`.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> LayoutNode {
        modified(by: FlexFrameLayout(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                     minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight,
                                     alignment: alignment))
    }

    /// `padding(_:_:)`: `length` (nil: 16 pt, `PaddingLayout.defaultLength`) on each of `edges`.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> LayoutNode {
        padding(EdgeInsets(edges, length ?? PaddingLayout.defaultLength))
    }

    /// `padding(_:)`: `length` on every edge.
    public func padding(_ length: CGFloat) -> LayoutNode {
        padding(.all, length)
    }

    /// `padding(_:)` with its own length per edge.
    public func padding(_ insets: EdgeInsets) -> LayoutNode {
        modified(by: PaddingLayout(insets: insets))
    }

    /// `fixedSize(horizontal:vertical:)`: see `FixedSizeLayout`.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> LayoutNode {
        modified(by: FixedSizeLayout(horizontal: horizontal, vertical: vertical))
    }

    /// `layoutPriority(_:)`: the priority a stack reads (default 0; SWIFTUI-NOTES §1.6 [R24]).
    public func layoutPriority(_ value: Double) -> LayoutNode {
        var node = self
        node.priority = value
        return node
    }

    /// `offset(x:y:)`: see `OffsetLayout`.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> LayoutNode {
        modified(by: OffsetLayout(offset: CGSize(width: x, height: y)))
    }

    /// `position(x:y:)`: see `PositionLayout`.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> LayoutNode {
        modified(by: PositionLayout(position: CGPoint(x: x, y: y)))
    }

    /// `overlay(alignment:content:)`: see `OverlayLayout`. Give a `zStack` for several views.
    public func overlay(alignment: Alignment = .center, _ content: LayoutNode) -> LayoutNode {
        modified(by: OverlayLayout(alignment: alignment), [content])
    }

    /// `background(alignment:content:)`: see `BackgroundLayout`.
    public func background(alignment: Alignment = .center, _ content: LayoutNode) -> LayoutNode {
        modified(by: BackgroundLayout(alignment: alignment), [content])
    }

    /// `alignmentGuide(_:computeValue:)`: this node's value for `g` is `value(d)`, `d` being its
    /// dimensions (with the guides set before this one), in its own coordinates
    /// (SWIFTUI-NOTES §1.7 [R23]).
    public func alignmentGuide(_ g: HorizontalAlignment,
                               computeValue value: @escaping @Sendable (ViewDimensions) -> CGFloat) -> LayoutNode {
        var node = self
        node.guides.append(Guide(key: g.key, value: value))
        return node
    }

    /// `alignmentGuide(_:computeValue:)` for a vertical guide.
    public func alignmentGuide(_ g: VerticalAlignment,
                               computeValue value: @escaping @Sendable (ViewDimensions) -> CGFloat) -> LayoutNode {
        var node = self
        node.guides.append(Guide(key: g.key, value: value))
        return node
    }
}
