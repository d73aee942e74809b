import Foundation

// The values a running view file computes with: Swift's scalars, collections and closures as
// they are, ShaderFXUI's values (colours, fonts, shapes, views, shaders) as the real Swift
// values they stand for, instances of the file's own structs and enums, and implicit members
// (`.red`) waiting for the type that gives them meaning.

/// A value in a running view file.
indirect enum Value {
    /// What a statement or a `Void` function gives.
    case void
    /// `nil`.
    case null
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case array([Value])
    case dictionary([(key: Value, value: Value)])
    /// `lower..<upper` (a closed range is stored half-open).
    case range(Int, Int)
    case tuple([(label: String?, value: Value)])
    /// A value of the Swift API: `CGPoint`, `Color`, `Font`, `any View`, `any Shape`, `Shader`...
    case native(Any)
    /// An instance of one of the file's structs.
    case instance(Instance)
    /// A case of one of the file's enums.
    case enumCase(EnumValue)
    /// A closure or a function.
    case function(Function)
    /// A type named as a value: `Color`, `ShaderLibrary`, one of the file's types.
    case type(String)
    /// `.name` or `.name(arguments)` then members, before the type that resolves it is known.
    case implicit(Deferred)
    /// `\.name.name`.
    case keyPath([String])

    /// The value's kind in messages: `Int`, `String`, `Color`...
    var typeName: String {
        switch self {
        case .void: return "Void"
        case .null: return "nil"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .string: return "String"
        case .array: return "Array"
        case .dictionary: return "Dictionary"
        case .range: return "Range<Int>"
        case .tuple: return "tuple"
        case .native(let value): return Value.nativeName(value)
        case .instance(let instance): return instance.type.name
        case .enumCase(let value): return value.type.name
        case .function: return "function"
        case .type(let name): return "\(name).Type"
        case .implicit(let deferred): return "'.\(deferred.name)'"
        case .keyPath: return "key path"
        }
    }

    static func nativeName(_ value: Any) -> String {
        if value is ValueBinding { return "Binding" }
        let name = String(describing: Swift.type(of: value))
        if let angle = name.firstIndex(of: "<") { return String(name[..<angle]) }
        return name
    }

    var isNull: Bool { if case .null = self { true } else { false } }
}

/// An argument as evaluated: its label, value and where it was written.
struct ArgumentValue {
    var label: String?
    var value: Value
    var range: SourceRange
    /// Whether it was a trailing closure.
    var isTrailing = false
}

/// An implicit member expression (`.red`, `.system(size: 12)`, `.title.bold()`) kept until the
/// type expected where it is used resolves it.
struct Deferred {
    var name: String
    var arguments: [ArgumentValue]?
    /// Members read and methods called on it afterwards, in order.
    var chain: [(name: String, arguments: [ArgumentValue]?, range: SourceRange)]
    var range: SourceRange
}

/// One of the file's `struct`, `class` or `enum` declarations with its extensions' members.
final class UserType {
    let name: String
    let keyword: String
    let range: SourceRange
    var conformances: Set<String>
    /// Stored properties in order: what the memberwise initialiser takes.
    var stored: [StoredProperty] = []
    /// Computed properties' getters, by name.
    var computed: [String: [Stmt]] = [:]
    /// Computed properties' setters, by name: the new value's name inside and the body.
    var setters: [String: (parameter: String, body: [Stmt])] = [:]
    var methods: [String: [FunctionDecl]] = [:]
    var initializers: [InitializerDecl] = []
    var staticStored: [String: (decl: PatternBinding, value: Value?)] = [:]
    var staticComputed: [String: [Stmt]] = [:]
    /// The `@Binding` stored properties: given a binding, they read and write through it.
    var bindingProperties: Set<String> = []
    var staticMethods: [String: [FunctionDecl]] = [:]
    /// An enum's cases, in order, with their associated values' labels.
    var cases: [String: EnumCaseElement] = [:]
    var caseOrder: [String] = []

    init(name: String, keyword: String, range: SourceRange, conformances: Set<String>) {
        self.name = name
        self.keyword = keyword
        self.range = range
        self.conformances = conformances
    }

    var isView: Bool { conformances.contains("View") || computed["body"] != nil && !conformances.contains("ViewModifier") }
    var isModifier: Bool { conformances.contains("ViewModifier") || methods["body"] != nil }
}

/// A stored property of a user type.
struct StoredProperty {
    var name: String
    var type: TypeSyntax?
    var initializer: Expr?
    var isLet: Bool
    var attributes: [String]
    var range: SourceRange
}

/// An instance of a user struct or class: its type and its stored properties' values.
///
/// A struct's own properties are values, copied with it. A class's properties, and a view's
/// `@State` properties, live in one `SharedFields` every copy refers to: a class has reference
/// semantics, and SwiftUI keeps a view's state outside the struct, so a handler's closure that
/// captured a copy of the view writes the state the next frame reads.
struct Instance {
    let type: UserType
    private var own: [String: Value]
    let shared: SharedFields?

    init(type: UserType, fields: [String: Value] = [:], shared: SharedFields? = nil) {
        self.type = type
        own = fields
        self.shared = shared
    }

    /// The values of the properties the instance holds itself (not the shared ones).
    var ownValues: [Value] { Array(own.values) }

    /// Stored property `name`'s value, nil when it has none yet. A `@Binding` property given a
    /// binding reads the value the binding reaches (a parent's `@State`, a `Binding(get:set:)`'s
    /// get closure), which may fail with the binding's located error.
    func field(_ name: String, in evaluation: Evaluation) throws -> Value? {
        if let shared, shared.names.contains(name) { return shared.values[name] }
        if let binding = binding(name) { return try binding.get(in: evaluation) }
        return own[name]
    }

    /// Sets stored property `name`; a `@Binding` property given a binding writes through it.
    mutating func setField(_ name: String, to newValue: Value, in evaluation: Evaluation) throws {
        if let shared, shared.names.contains(name) {
            shared.values[name] = newValue
        } else if let binding = binding(name) {
            try binding.set(newValue, in: evaluation)
        } else {
            own[name] = newValue
        }
    }

    /// The binding `@Binding` property `name` holds, nil when it holds a plain value (the
    /// root's, from `--set`) or is no `@Binding`.
    func binding(_ name: String) -> ValueBinding? {
        guard type.bindingProperties.contains(name), case .native(let binding as ValueBinding)? = own[name] else { return nil }
        return binding
    }

    /// Gives `@Binding` property `name` its binding (the memberwise initialiser, `_name = ...`).
    mutating func bind(_ name: String, to binding: ValueBinding) {
        own[name] = .native(binding)
    }
}

/// A binding in a running view file (SwiftUI's `Binding`): a value kept elsewhere, read and
/// written through two functions. `$state` reaches a view's kept state, `Binding(get:set:)` runs
/// the file's closures, `$model.position` and `$items[i]` reach a member or an element of another
/// binding's value; either function can fail with a located error (a closure's own, an element
/// gone by the time it is written).
///
/// The functions are given the evaluation that reads or writes: a binding kept in a view's state
/// outlives the evaluation that made it, and runs its closures in the frame that uses it.
final class ValueBinding {
    private let read: (Evaluation) throws -> Value
    private let write: (Evaluation, Value) throws -> Void
    /// Where the get closure of a `Binding(get:set:)` is: what it gives is checked against the
    /// type the binding is used as, and a mismatch is located there.
    let getter: SourceRange?

    init(get: @escaping (Evaluation) throws -> Value, set: @escaping (Evaluation, Value) throws -> Void, getter: SourceRange? = nil) {
        read = get
        write = set
        self.getter = getter
    }

    /// The value, read by `evaluation`.
    func get(in evaluation: Evaluation) throws -> Value { try read(evaluation) }
    /// Writes `value` through, in `evaluation`.
    func set(_ value: Value, in evaluation: Evaluation) throws { try write(evaluation, value) }

    /// `.constant(value)`: reads `value`, ignores writes.
    static func constant(_ value: Value) -> ValueBinding { ValueBinding(get: { _ in value }, set: { _, _ in }) }
}

/// The fields copies of an instance share: all of a class's, a view's `@State` ones.
final class SharedFields {
    let names: Set<String>
    var values: [String: Value] = [:]
    /// Whether the values were made by an earlier frame (state kept by the run).
    var isRestored = false

    init(names: Set<String>) { self.names = names }

    /// `$name`: a binding that reads and writes field `name` here, so a child view's
    /// `@Binding` changes this view's state.
    func binding(_ name: String) -> ValueBinding {
        ValueBinding(get: { [self] _ in values[name] ?? .null }, set: { [self] _, value in values[name] = value })
    }
}

/// A case of a user enum with its associated values.
struct EnumValue {
    let type: UserType
    var name: String
    var associated: [(label: String?, value: Value)]
}

/// A closure, a user function or a built-in function, ready to call.
final class Function {
    enum Body {
        /// Statements run in a scope below `scope`.
        case statements([Stmt])
        /// A Swift function.
        case builtin(([ArgumentValue], SourceRange) throws -> Value)
    }
    let name: String
    /// The parameters: label, name inside, declared type, default.
    let parameters: [(label: String?, name: String, type: TypeSyntax?, defaultValue: Expr?)]
    /// Whether the parameters are unknown (`{ $0 * 2 }`): arguments bind to `$0`, `$1`...
    let anonymous: Bool
    let body: Body
    let scope: Scope?
    let returnType: TypeSyntax?
    let range: SourceRange

    init(name: String, parameters: [(label: String?, name: String, type: TypeSyntax?, defaultValue: Expr?)], anonymous: Bool,
         body: Body, scope: Scope?, returnType: TypeSyntax?, range: SourceRange) {
        self.name = name
        self.parameters = parameters
        self.anonymous = anonymous
        self.body = body
        self.scope = scope
        if let scope { scope.registry.capture(scope) }
        self.returnType = returnType
        self.range = range
    }
}

/// A variable's storage.
final class Box {
    var value: Value
    let isLet: Bool
    let type: TypeSyntax?
    /// For `item` beside a closure's `$item` parameter: the binding it reads and writes through.
    let binding: ValueBinding?
    init(_ value: Value, isLet: Bool = false, type: TypeSyntax? = nil, binding: ValueBinding? = nil) {
        self.value = value
        self.isLet = isLet
        self.type = type
        self.binding = binding
    }
}

/// The names visible at one level of nesting, and the `self` whose members unqualified names
/// reach from a method.
///
/// A closure keeps the scope it was made in, and a scope keeps the closures stored in its
/// variables: a reference cycle, as in any interpreter of closures. The scopes a function
/// captured are recorded in their evaluation's `ScopeRegistry`, which empties them when the
/// evaluation's view is no longer held (`EvaluationLease`), so one evaluation's values are freed
/// before the next frame's.
final class Scope {
    var variables: [String: Box] = [:]
    let parent: Scope?
    /// `self` in a method, computed property or initialiser.
    private(set) var selfBox: Box?
    /// The evaluation's record of captured scopes, shared down the chain.
    let registry: ScopeRegistry
    /// Whether this scope and its ancestors are in `registry`.
    fileprivate var captured = false

    init(parent: Scope?, selfBox: Box? = nil) {
        self.parent = parent
        self.selfBox = selfBox
        registry = parent?.registry ?? ScopeRegistry()
    }

    /// Drops the variables and `self`, which breaks the cycles through this scope.
    func release() {
        variables = [:]
        selfBox = nil
    }

    /// The variable named `name`, innermost first.
    func lookup(_ name: String) -> Box? {
        var scope: Scope? = self
        while let current = scope {
            if let box = current.variables[name] { return box }
            scope = current.parent
        }
        return nil
    }

    /// The innermost `self`.
    var currentSelf: Box? {
        var scope: Scope? = self
        while let current = scope {
            if let box = current.selfBox { return box }
            scope = current.parent
        }
        return nil
    }

    /// Every name visible, for "did you mean" lists.
    var allNames: [String] {
        var names: [String] = []
        var scope: Scope? = self
        while let current = scope {
            names += current.variables.keys
            scope = current.parent
        }
        return names
    }
}

/// The scopes that functions of one evaluation captured, each with its ancestors, held weakly:
/// what `releaseAll` empties when the evaluation's view is let go.
final class ScopeRegistry {
    private struct Entry { weak var scope: Scope? }
    private var entries: [Entry] = []
    /// The count past which the entries of freed scopes are dropped.
    private var compactAt = 1024

    /// Records `scope` and the ancestors not recorded yet (a chain's walk stops at the first
    /// recorded one, so recording costs the scopes new to the registry).
    func capture(_ scope: Scope) {
        var current: Scope? = scope
        while let next = current, !next.captured {
            next.captured = true
            entries.append(Entry(scope: next))
            current = next.parent
        }
        if entries.count >= compactAt {
            entries.removeAll { $0.scope == nil }
            compactAt = max(1024, entries.count * 2)
        }
    }

    /// Empties every recorded scope that is still alive, but those in `kept`.
    func releaseAll(keeping kept: Set<ObjectIdentifier> = []) {
        let live = entries.compactMap(\.scope)
        entries = []
        for scope in live where !kept.contains(ObjectIdentifier(scope)) { scope.release() }
    }

    /// The scopes the closures in `roots` need, with what those scopes hold in turn: state a
    /// run keeps between evaluations (`ViewFileSession`) may hold a closure made by an earlier
    /// evaluation, whose scopes must outlive it.
    static func scopesNeeded(by roots: [Value]) -> Set<ObjectIdentifier> {
        var needed: Set<ObjectIdentifier> = []
        var seenFields: Set<ObjectIdentifier> = []
        var pending = roots
        while let value = pending.popLast() {
            switch value {
            case .array(let items): pending += items
            case .dictionary(let pairs): pending += pairs.flatMap { [$0.key, $0.value] }
            case .tuple(let items): pending += items.map(\.value)
            case .enumCase(let enumValue): pending += enumValue.associated.map(\.value)
            case .instance(let instance):
                pending += instance.ownValues
                if let shared = instance.shared, seenFields.insert(ObjectIdentifier(shared)).inserted {
                    pending += shared.values.values
                }
            case .function(let function):
                var scope = function.scope
                while let current = scope, needed.insert(ObjectIdentifier(current)).inserted {
                    pending += current.variables.values.map(\.value)
                    if let selfBox = current.selfBox { pending.append(selfBox.value) }
                    scope = current.parent
                }
            default: break
            }
        }
        return needed
    }
}

/// Held by the view an evaluation made (`EvaluatedView`): when the last copy of that view is
/// let go, the evaluation's scopes are emptied, so the closures, views and values they hold in
/// cycles are freed.
final class EvaluationLease: @unchecked Sendable {
    let evaluation: Evaluation
    init(_ evaluation: Evaluation) { self.evaluation = evaluation }
    deinit { evaluation.releaseScopes() }
}

/// The root of an evaluated view file: its content, and the lease that frees the evaluation
/// once the view is no longer held.
struct EvaluatedView: View, PrimitiveView {
    let content: AnyView
    let lease: EvaluationLease
    var body: Never { primitiveBody(Self.self) }
    func resolve(in context: inout ResolveContext) throws -> [ViewNode] { try context.resolve(content) }
}

/// A view whose resolution fails with a located error: what a closure the API runs later
/// (a `GeometryReader`'s or a `TimelineView`'s content) builds when the view file's code in it fails.
struct FailedView: View, PrimitiveView {
    let error: ViewFileError
    var body: Never { primitiveBody(Self.self) }
    func resolve(in context: inout ResolveContext) throws -> [ViewNode] { throw error }
}

/// The first error a closure run at draw time (a `Canvas`'s) met, kept for the caller to read
/// after rendering, as the closure itself cannot throw.
final class DeferredErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: ViewFileError?

    func record(_ error: ViewFileError) {
        lock.lock()
        if stored == nil { stored = error }
        lock.unlock()
    }

    var first: ViewFileError? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// Edit distance between two names, for the nearest known names in an unknown name's error.
/// Names longer than `TextUtilities.comparedLength` characters are not compared (the longer
/// length is returned): the cost is the product of the lengths, and a view file may hold names
/// of megabytes.
func editDistance(_ a: String, _ b: String) -> Int {
    let longest = TextUtilities.comparedLength
    if a.utf8.count > longest * 4 || b.utf8.count > longest * 4 { return max(a.utf8.count, b.utf8.count) }
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    if a.count > longest || b.count > longest { return max(a.count, b.count) }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// Up to `count` of `candidates` nearest `name`, nearest first (ties alphabetical).
func nearestNames(to name: String, in candidates: some Sequence<String>, count: Int = 3) -> [String] {
    let unique = Set(candidates).filter { !$0.isEmpty && !$0.hasPrefix("$") }
    let limit = max(2, name.count / 2)
    let lowered = name.lowercased()
    var scored: [(name: String, distance: Int)] = []
    for candidate in unique {
        let distance = editDistance(name, candidate)
        if distance <= limit || candidate.lowercased().hasPrefix(lowered) { scored.append((candidate, distance)) }
    }
    scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
    return scored.prefix(count).map(\.name)
}
