import Foundation

/// A view's own value (SwiftUI's `State`). A rendered frame is built from the view's values as
/// they are, so state is simply the stored value, its initial one unless the renderer was told
/// otherwise (`--set name=value` for a view file). Every copy of the view shares the storage, so
/// a gesture handler that `ViewRenderer.deliver` runs, or a child's `Binding` from `$name`,
/// changes what the next render draws; closures nothing runs (`onAppear`) change nothing.
@propertyWrapper
public struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box

    /// State starting at `wrappedValue`.
    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    /// State starting at `initialValue`.
    public init(initialValue: Value) { box = Box(initialValue) }

    /// The value.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the value (`$name`).
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State starting at nil.
    public init() { self.init(wrappedValue: nil) }
}

/// A value owned elsewhere, read and written through (SwiftUI's `Binding`).
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding reading with `get` and writing with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The binding `projectedValue` (what a closure's `$item` parameter is given).
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    /// The value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }

    /// The binding itself: a picture has no animation to run its writes through.
    public func animation(_ animation: Any? = nil) -> Binding<Value> { self }
}

/// A binding to a collection is a collection of bindings to its elements (`$items[i]`), each
/// reading and writing the element at its index when used, as SwiftUI's is.
extension Binding: Sequence where Value: MutableCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
    public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices
    public var startIndex: Index { wrappedValue.startIndex }
    public var endIndex: Index { wrappedValue.endIndex }
    public var indices: Indices { wrappedValue.indices }
    public func index(after i: Index) -> Index { wrappedValue.index(after: i) }

    /// A binding to the element at `position`.
    public subscript(position: Index) -> Binding<Value.Element> {
        Binding<Value.Element>(get: { self.wrappedValue[position] }, set: { self.wrappedValue[position] = $0 })
    }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection & MutableCollection {
    public func index(before i: Index) -> Index { wrappedValue.index(before: i) }
}

extension Binding: RandomAccessCollection where Value: RandomAccessCollection & MutableCollection {}

/// A value read from the environment (SwiftUI's `Environment`): in a rendered frame, the default
/// environment's (so `@Environment(\.accessibilityReduceMotion)` is false, `\.colorScheme` light).
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// The environment's value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The value.
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

/// Light or dark appearance (SwiftUI's `ColorScheme`); pictures are drawn light.
public enum ColorScheme: Sendable, Hashable, CaseIterable {
    case light, dark
}

extension EnvironmentValues {
    /// Whether Reduce Motion is on: off in a rendered picture.
    public var accessibilityReduceMotion: Bool { false }
    /// The appearance: light, as the named colours are drawn.
    public var colorScheme: ColorScheme { .light }
}
