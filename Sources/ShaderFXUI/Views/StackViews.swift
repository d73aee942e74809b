import Foundation

/// Children side by side, left to right (SwiftUI's `HStack`): see `HStackLayout`.
public struct HStack<Content: View>: View, PrimitiveView {
    let layout: HStackLayout
    let content: Content

    /// A row of the views `content` builds, aligned on `alignment`, `spacing` apart (nil: each
    /// pair's default).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = HStackLayout(alignment: alignment, spacing: spacing)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        [ViewNode(container: layout, children: try context.resolve(content))]
    }
}

/// Children one above the other, top to bottom (SwiftUI's `VStack`): see `VStackLayout`.
public struct VStack<Content: View>: View, PrimitiveView {
    let layout: VStackLayout
    let content: Content

    /// A column of the views `content` builds, aligned on `alignment`, `spacing` apart.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = VStackLayout(alignment: alignment, spacing: spacing)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        [ViewNode(container: layout, children: try context.resolve(content))]
    }
}

/// Children on top of each other, the first at the back (SwiftUI's `ZStack`): see `ZStackLayout`.
public struct ZStack<Content: View>: View, PrimitiveView {
    let layout: ZStackLayout
    let content: Content

    /// The views `content` builds, stacked back to front, aligned on `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        layout = ZStackLayout(alignment: alignment)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        [ViewNode(container: layout, children: try context.resolve(content))]
    }
}

/// `LazyVStack`: laid out and drawn as a `VStack`. A still picture shows every row, so there is
/// nothing to be lazy about; a lazy stack's children are proposed its width as a `VStack`'s are.
public struct LazyVStack<Content: View>: View, PrimitiveView {
    let stack: VStack<Content>

    /// A column of the views `content` builds.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        stack = VStack(alignment: alignment, spacing: spacing, content: content)
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] { try stack.resolve(in: &context) }
}

/// `LazyHStack`: laid out and drawn as an `HStack` (see `LazyVStack`).
public struct LazyHStack<Content: View>: View, PrimitiveView {
    let stack: HStack<Content>

    /// A row of the views `content` builds.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        stack = HStack(alignment: alignment, spacing: spacing, content: content)
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] { try stack.resolve(in: &context) }
}

/// Flexible space along its stack's axis (SwiftUI's `Spacer`): see `LayoutNode.spacer`.
public struct Spacer: View, PrimitiveView {
    /// The length it never shrinks below; nil for the default, 8 pt.
    public var minLength: CGFloat?

    /// A spacer at least `minLength` long.
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) -> [ViewNode] {
        [ViewNode(leaf: .spacer(minLength: minLength), drawing: .nothing)]
    }
}

/// A thin line across its stack (SwiftUI's `Divider`): see `LayoutNode.divider`. Drawn in
/// iOS's separator colour (60, 60, 67) at 0.29 opacity (UIKit's `separator` in light mode, as
/// OpenSwiftUI draws the divider; NOT CONFIRMED for SwiftUI itself).
public struct Divider: View, PrimitiveView {
    public init() {}

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) -> [ViewNode] {
        let colour = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.29)
        return [ViewNode(leaf: .divider(thickness: 1),
                         drawing: .shape(ShapeDrawing(shape: Rectangle(), style: AnyShapeStyle(colour))))]
    }
}

/// Content that may be larger than the view, shown at its scroll offset and clipped to the
/// view (SwiftUI's `ScrollView`): the content is proposed nil (its ideal length) along the
/// scrolling axes and the view's own length across them; the view takes its whole proposal.
/// A still picture is taken at scroll offset `offset` (zero, the top, unless given).
public struct ScrollView<Content: View>: View, PrimitiveView {
    /// The axes that scroll.
    public var axes: Axis.Set
    /// Whether scroll indicators would show (they are not drawn: they fade out at rest).
    public var showsIndicators: Bool
    /// How far the content is scrolled, in points.
    public var offset: CGPoint = .zero
    let content: Content

    /// A view scrolling the views `content` builds along `axes`.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        let inner = try context.single(VStack(spacing: 0) { AnyView(content) })
        let layout = ScrollLayout(axes: axes, offset: offset)
        let clipped = ViewNode(modifying: inner, by: layout, drawing: .effect(.clip(ClipDrawing(shape: Rectangle(), eoFill: false))))
        return [clipped]
    }
}

/// What a `GeometryReader`'s content (or a `visualEffect`'s closure) is given: the reader's size
/// and where layout put it.
public struct GeometryProxy: Sendable {
    /// The reader's size in points.
    public var size: CGSize
    /// The reader's frame in the root view's coordinates (a rendered picture's "global" space).
    var globalFrame: CGRect
    /// The safe area insets: none in a rendered picture.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// A proxy for a reader of `size` whose frame in root coordinates is `globalFrame` (at the
    /// origin when not known yet).
    init(size: CGSize, globalFrame: CGRect? = nil) {
        self.size = size
        self.globalFrame = globalFrame ?? CGRect(origin: .zero, size: size)
    }

    /// The reader's frame in `space`: `.global` is the root view's coordinates (the picture's),
    /// `.local` has its origin at zero. Named spaces are not tracked: they answer as `.local`.
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .global: return globalFrame
        case .local, .named: return CGRect(origin: .zero, size: size)
        }
    }
}

/// A coordinate space to ask a `GeometryProxy` for a frame in.
public enum CoordinateSpace: Sendable, Hashable {
    case global, local
    case named(String)
}

/// A view that takes its whole proposal and gives its size to its content, placed at its
/// top-leading corner (SwiftUI's `GeometryReader`, SWIFTUI-NOTES §7 #4). The content depends on
/// the size, which layout decides: it is built first for the root's proposal (a full-screen
/// reader's size), then, once layout has placed the reader, built again for the frame it got
/// (`ViewNode.rebuildGeometry`) until no reader's frame changes, so a reader deep in a stack is
/// told its own size and its place in the picture.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    /// Builds the content for a size.
    public var content: (GeometryProxy) -> Content

    /// A reader whose content `content` builds from the proxy.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        let content = content
        let saved = context
        let build: (CGRect) throws -> ViewNode = { frame in
            var context = saved
            return try context.single(ZStack(alignment: .topLeading) {
                AnyView(content(GeometryProxy(size: frame.size, globalFrame: frame)))
            })
        }
        let first = CGRect(origin: .zero, size: context.environment.proposedSize.replacingUnspecifiedDimensions())
        var node = ViewNode(modifying: try build(first), by: GeometryLayout())
        node.geometry = GeometryContent(builtFor: first, build: build)
        return [node]
    }
}

/// A `GeometryReader`'s content with the frame it was built for and how to build it for another.
package struct GeometryContent {
    /// The reader's frame (root coordinates) the content was last built for.
    var builtFor: CGRect
    /// The content for a reader at a frame.
    let build: (CGRect) throws -> ViewNode
}

extension ViewNode {
    /// How many times GeometryReaders are rebuilt for their frames at most (each pass settles
    /// one level of readers nested in readers).
    static let geometryPasses = 8

    /// The tree laid out for `proposal` at `scale` (see `LayoutNode.layout(in:scale:)`), its
    /// GeometryReaders' content built for the frames they get, and laid out again.
    package mutating func layOut(in proposal: ProposedViewSize, scale: CGFloat) throws -> LayoutResult {
        var result = layout.layout(in: proposal, scale: scale)
        for _ in 0..<Self.geometryPasses {
            guard try rebuildGeometry(result.root) else { break }
            result = layout.layout(in: proposal, scale: scale)
        }
        return result
    }

    /// Rebuilds the content of each `GeometryReader` whose laid-out frame (`result`, the layout
    /// of this tree) is not the one its content was built for, and the layouts above it; true
    /// when any was rebuilt (the tree must then be laid out again). A rebuilt reader's own
    /// readers are checked on the next pass, once they have been laid out.
    mutating func rebuildGeometry(_ result: LayoutResult.Node) throws -> Bool {
        var changed = false
        if let geometry, geometry.builtFor != result.exactFrame {
            children[0] = try geometry.build(result.exactFrame)
            self.geometry?.builtFor = result.exactFrame
            changed = true
        } else {
            for i in children.indices where i < result.children.count {
                if try children[i].rebuildGeometry(result.children[i]) { changed = true }
            }
        }
        if changed { layout.replaceChildren(children.map(\.layout)) }
        return changed
    }
}

/// A view rebuilt for each frame of an animation (SwiftUI's `TimelineView`): the content is
/// given the frame's time as the context's `date` (since the reference date of the render,
/// `ViewRenderer`'s `time` seconds after it).
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    /// What the content is told of the moment it draws.
    public typealias Context = TimelineViewDefaultContext

    let content: (Context) -> Content

    /// A timeline following `schedule` (every frame is drawn whatever the schedule).
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.content = content
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        let date = Date(timeIntervalSinceReferenceDate: TimelineSchedules.referenceTime + context.environment.time)
        return try context.resolve(content(Context(date: date, cadence: .live)))
    }
}

/// The schedules a `TimelineView` can be given; every frame is drawn whichever is chosen.
public enum TimelineSchedules {
    /// The reference date of a render's time zero, seconds since 2001-01-01: `TimelineView`'s
    /// `date` is this plus the frame's time, so `date.timeIntervalSinceReferenceDate` differences
    /// are the animation's seconds.
    public static let referenceTime: TimeInterval = 0
}

/// What a `TimelineView`'s content is told of the moment it draws (not generic, so the content's
/// type can be inferred from its closure, as SwiftUI's `TimelineViewDefaultContext`).
public struct TimelineViewDefaultContext {
    /// The moment of the frame.
    public let date: Date
    /// The cadence the frame is drawn at.
    public let cadence: Cadence
    /// How often a timeline updates.
    public enum Cadence: Sendable, Comparable { case live, seconds, minutes }
}

/// When a `TimelineView` updates (SwiftUI's `TimelineSchedule`); a rendered animation draws every
/// frame whichever is chosen.
public protocol TimelineSchedule {}

/// `.animation`: every frame.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public init(minimumInterval: Double? = nil, paused: Bool = false) {}
}

/// `.periodic(from:by:)`.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    public init(from startDate: Date, by interval: TimeInterval) {}
}

/// `.everyMinute`.
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() {}
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Every frame.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    /// Every frame, at most every `minimumInterval` seconds.
    public static func animation(minimumInterval: Double?, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// Every `interval` seconds from `startDate`.
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// Every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension Axis {
    /// A set of axes (SwiftUI's `Axis.Set`).
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The x axis.
        public static let horizontal = Set(rawValue: 1)
        /// The y axis.
        public static let vertical = Set(rawValue: 2)
    }
}

/// A `ScrollView`'s layout: takes its whole proposal (its content's length where nil), proposes
/// the content nil along the scrolling axes, and places it at the top-leading corner moved back
/// by the scroll offset.
struct ScrollLayout: Layout, ModifierLayout {
    var axes: Axis.Set
    var offset: CGPoint

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                         height: axes.contains(.vertical) ? nil : proposal.height)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let child = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return CGSize(width: proposal.width.map { $0.isFinite ? $0 : child.width } ?? child.width,
                      height: proposal.height.map { $0.isFinite ? $0 : child.height } ?? child.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: CGPoint(x: bounds.minX - offset.x, y: bounds.minY - offset.y),
                              proposal: childProposal(proposal))
    }
}

/// A `GeometryReader`'s layout: its whole proposal (10 pt for nil), the content top-leading.
struct GeometryLayout: Layout, ModifierLayout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
    }
}

/// The layout of a modifier that draws but does not lay out (opacity, effects, clips): the size
/// of its content for the same proposal, the content at its own origin.
struct DrawingLayout: Layout, ModifierLayout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        subviews.first?.sizeThatFits(proposal) ?? .zero
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: bounds.origin, proposal: proposal)
    }
}
