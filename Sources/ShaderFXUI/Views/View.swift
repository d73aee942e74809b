import Foundation

/// A piece of user interface, as SwiftUI's `View`: a value whose `body` is made of other views,
/// down to the primitive ones ShaderFXUI draws itself (`Text`, `Image`, shapes, `Color`,
/// stacks, `Canvas`, modifiers). A SwiftUI view body compiles against it unchanged:
///
///     struct Badge: View {
///         var title: String
///         var body: some View {
///             Text(title).font(.headline).padding().background(Capsule().fill(.yellow))
///         }
///     }
///
/// Views are values, rebuilt for every frame; `ViewRenderer` resolves one into the tree it lays
/// out and draws.
public protocol View {
    /// The type of the view's content.
    associatedtype Body: View
    /// The view's content.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// `Never` is the body of the primitive views, which draw themselves.
    public var body: Never { fatalError("Never has no body") }
}

/// Views ShaderFXUI resolves itself instead of through a body: each turns into nodes of the
/// tree that is laid out and drawn. More than one node when the view is a list (a `TupleView`,
/// `ForEach`, `Group`), none for `EmptyView` or a false condition.
package protocol PrimitiveView {
    func resolve(in context: inout ResolveContext) throws -> [ViewNode]
}

/// The body a primitive view reports; never called.
func primitiveBody(_ type: Any.Type) -> Never {
    fatalError("\(type) is a primitive view: it has no body")
}

/// Builds views from closures of view expressions, as SwiftUI's `ViewBuilder`: blocks of up to
/// any number of views, `if`/`else`, `if let`, `switch` and `#available`-free conditions.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        var views: [any View] = []
        for view in repeat each content { views.append(view) }
        return TupleView(value: (repeat each content), views: views)
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Nothing: no node, no size.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] { [] }
}

/// Several views one after the other, as a view builder's block makes them.
public struct TupleView<T>: View, PrimitiveView {
    /// The views, as a tuple.
    public var value: T
    let views: [any View]

    init(value: T, views: [any View]) {
        self.value = value
        self.views = views
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        try views.flatMap { try context.resolve($0) }
    }
}

/// One of two views, as `if`/`else` in a view builder makes it.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        switch storage {
        case .trueContent(let view): return try context.resolve(view)
        case .falseContent(let view): return try context.resolve(view)
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { primitiveBody(Self.self) }
}

extension Optional: PrimitiveView where Wrapped: View {
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        switch self {
        case .some(let view): return try context.resolve(view)
        case .none: return []
        }
    }
}

/// A view of any type (SwiftUI's type eraser).
public struct AnyView: View, PrimitiveView {
    let view: any View

    /// Erases `view`'s type.
    public init<V: View>(_ view: V) { self.view = view }
    /// Erases `view`'s type, or nil when it is not a view.
    public init?(erasing view: Any) {
        guard let view = view as? any View else { return nil }
        self.view = view
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] { try context.resolve(view) }
}

/// Views grouped without a layout of their own: the group's modifiers apply to each of them
/// (SwiftUI's `Group`), and in a stack they are the stack's children.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    /// A group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] { try context.resolve(content) }
}

/// Views made from each element of a collection (SwiftUI's `ForEach`), in order.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    /// The elements.
    public var data: Data
    /// The view of one element.
    public var content: (Data.Element) -> Content
    let id: (Data.Element) -> ID

    /// A view per element of `data`, identified by the key path `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.id = { $0[keyPath: id] }
    }

    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        try data.flatMap { try context.resolve(content($0)) }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view per integer of `data`.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach where Data == ClosedRange<Int>, ID == Int {
    /// A view per integer of `data`.
    public init(_ data: ClosedRange<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A view per element of `data`, identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach {
    /// A view per element of the collection `data` binds, given a binding to the element
    /// (`ForEach($items) { $item in ... }`), identified by the element's `id`.
    public init<C>(_ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content)
    where Data == Binding<C>, C: MutableCollection & RandomAccessCollection, C.Element: Identifiable, ID == C.Element.ID {
        self.data = data
        self.content = content
        self.id = { $0.wrappedValue.id }
    }
}

// MARK: - Custom modifiers

/// A modifier written as a view of its content (SwiftUI's `ViewModifier`):
/// `content.modifier(MyModifier())` resolves `body(content:)`, `content` standing for the view
/// it modifies.
public protocol ViewModifier {
    /// The type of the modified view.
    associatedtype Body: View
    /// The modified content's placeholder.
    typealias Content = _ViewModifier_Content<Self>
    /// The view this modifier makes of `content`.
    @ViewBuilder func body(content: Content) -> Body
}

/// Where a `ViewModifier`'s body places the view it modifies.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        try context.resolveModifiedContent()
    }
}

/// A view and the modifier applied to it (SwiftUI's `ModifiedContent`).
public struct ModifiedContent<Content, Modifier> {
    /// The modified view.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier

    /// `content` modified by `modifier`.
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { primitiveBody(Self.self) }
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        if let builtIn = modifier as? BuiltInModifier {
            return try builtIn.apply(to: content, in: &context)
        }
        return try context.resolve(modifier.body(content: _ViewModifier_Content()), modifying: content)
    }
}

extension View {
    /// This view modified by `modifier`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
