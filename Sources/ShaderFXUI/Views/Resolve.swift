import Foundation

/// One node of a resolved view tree: how it is laid out (`layout`, whose children are the
/// children's layouts, in the same order) and how it is drawn. Made by resolving a `View`
/// (`ResolveContext.resolve`); the layout engine's `LayoutResult` has the same shape, so the
/// drawing walks both together.
package struct ViewNode {
    package var layout: LayoutNode
    package var drawing: Drawing
    package var children: [ViewNode]
    /// A `GeometryReader`'s content builder, on the reader's node.
    package var geometry: GeometryContent?
    /// The gestures recorded on this view (`gesture`, `onTapGesture`...), run by `ViewRenderer.deliver`.
    package var gestures: [ViewGesture] = []

    /// A leaf.
    init(leaf layout: LayoutNode, drawing: Drawing) {
        self.layout = layout
        self.drawing = drawing
        children = []
    }

    /// A container laying out `children` with `layout`.
    init(container layout: some Layout, children: [ViewNode], drawing: Drawing = .children) {
        self.layout = LayoutNode(container: layout, children.map(\.layout))
        self.drawing = drawing
        self.children = children
    }

    /// `child` wrapped by a modifier's layout, with `others` after it (an overlay's content): the
    /// node keeps the child's layout priority and spacing.
    init(modifying child: ViewNode, by layout: some ModifierLayout, others: [ViewNode] = [], drawing: Drawing = .children) {
        self.layout = child.layout.modified(by: layout, others.map(\.layout))
        self.drawing = drawing
        children = [child] + others
    }
}

/// How a node draws, given its frame and its children's.
package enum Drawing {
    /// Its children, in order (stacks, frames, padding, overlays).
    case children
    /// Its second child, then its first (a background under its content).
    case backgroundFirst
    /// Nothing (a spacer, `Color.clear`, a divider's space).
    case nothing
    /// A shape filled or stroked.
    case shape(ShapeDrawing)
    /// A run of text.
    case text(TextDrawing)
    /// A picture.
    case image(ImageDrawing)
    /// A `Canvas`'s drawing closure.
    case canvas(CanvasDrawing)
    /// The first child drawn through an effect (the second, for `mask`, is the mask).
    case effect(DrawEffect)
}

/// What every view resolved in one render shares: the font and glyph caches, where images are
/// found, and what was noticed on the way (a feature drawn differently from Apple's).
package final class ViewServices: @unchecked Sendable {
    package let fonts: FontLibrary
    package let glyphs: GlyphCache
    package let images: ViewImages
    /// Notes for the user, each said once (`ViewRenderer.notes`).
    package private(set) var notes: [String] = []
    private let lock = NSLock()

    package init(fonts: FontLibrary = .shared, glyphs: GlyphCache = .shared, images: ViewImages = ViewImages()) {
        self.fonts = fonts
        self.glyphs = glyphs
        self.images = images
    }

    /// Records `note` unless it was recorded already.
    package func note(_ note: String) {
        lock.withLock { if !notes.contains(note) { notes.append(note) } }
    }
}

/// An error met while turning views into the tree to draw: what was wrong, in the view's terms.
public struct ViewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, with what to do about it.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// The state of one resolution: the environment at the current view (fonts, foreground style,
/// text options, the frame's time), the shared services, and the content a custom
/// `ViewModifier`'s body stands in for.
package struct ResolveContext {
    package var environment: EnvironmentValues
    package let services: ViewServices
    /// The views `_ViewModifier_Content` placeholders resolve to, innermost last, each with the
    /// stack depth it belongs to.
    private var modifiedContents: [(view: any View, environment: EnvironmentValues)] = []
    private var depth = 0
    /// Views nested deeper than this are an error (a view that contains itself), not a crash.
    static let maxDepth = 400

    package init(environment: EnvironmentValues = EnvironmentValues(), services: ViewServices) {
        self.environment = environment
        self.services = services
    }

    /// The nodes `view` resolves to in the current environment.
    package mutating func resolve(_ view: any View) throws -> [ViewNode] {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            throw ViewError("views are nested more than \(Self.maxDepth) deep at \(type(of: view)): does a view's body contain the view itself?")
        }
        if let primitive = view as? any PrimitiveView {
            return try primitive.resolve(in: &self)
        }
        return try resolve(view.body)
    }

    /// The nodes of `view` resolved with `change` applied to the environment first.
    package mutating func resolve(_ view: any View, changing change: (inout EnvironmentValues) -> Void) throws -> [ViewNode] {
        let saved = environment
        defer { environment = saved }
        change(&environment)
        return try resolve(view)
    }

    /// Resolves a custom modifier's `body`, whose content placeholder stands for `content`.
    mutating func resolve(_ body: any View, modifying content: any View) throws -> [ViewNode] {
        modifiedContents.append((content, environment))
        defer { modifiedContents.removeLast() }
        return try resolve(body)
    }

    /// What a `_ViewModifier_Content` placeholder stands for: the modified view, in the
    /// environment where the placeholder is (so `content.font(.title)` reaches it), with the
    /// enclosing modifier's own content visible to it again.
    mutating func resolveModifiedContent() throws -> [ViewNode] {
        guard let innermost = modifiedContents.popLast() else { return [] }
        defer { modifiedContents.append(innermost) }
        return try resolve(innermost.view)
    }

    /// The single node of `views`: itself when there is one, an implicit `VStack` of several
    /// (as a window's root puts them), an empty node for none.
    mutating func single(_ view: any View) throws -> ViewNode {
        let nodes = try resolve(view)
        if nodes.count == 1 { return nodes[0] }
        return ViewNode(container: VStackLayout(alignment: .center, spacing: nil), children: nodes)
    }
}

/// The values views read from their ancestors (SwiftUI's `EnvironmentValues`): set by
/// modifiers such as `font`, `foregroundStyle` and `lineLimit` on any view, read by the views
/// inside it.
public struct EnvironmentValues: Sendable {
    /// The font of text that sets none (`.body` when nil).
    public var font: Font?
    /// A weight text takes unless it sets its own.
    public var fontWeight: Font.Weight?
    /// Whether text is italic.
    public var isItalic = false
    /// Whether text is bold.
    public var isBold = false
    /// The style text and shapes without a fill are drawn in (`.primary`, black, when nil).
    public var foregroundStyle: AnyShapeStyle?
    /// How lines of a paragraph line up.
    public var multilineTextAlignment: TextAlignment = .leading
    /// The most lines text takes (nil: no limit).
    public var lineLimit: Int?
    /// Extra space between lines, in points.
    public var lineSpacing: CGFloat = 0
    /// Extra space after each character, in points.
    public var tracking: CGFloat = 0
    /// The time a `TimelineView` reports, seconds since the animation began.
    public var time: Double = 0
    /// Seconds since the trigger of every `keyframeAnimator(trigger:)` changed; nil when none has.
    public var triggerTime: Double?
    /// Pixels per point of the render.
    public var displayScale: CGFloat = 1
    /// The proposal the root is laid out in (what a full-screen `GeometryReader` is given).
    package var proposedSize: ProposedViewSize = .unspecified

    /// The default environment.
    public init() {}
}
