import Foundation

// Bindings in a running view file: `$state` and a `@Binding`'s `$name`, `Binding(get:set:)`,
// `.constant(v)`, and the bindings derived from them (`$model.position.x`, `$items[i]`), each a
// `ValueBinding` whose reads and writes reach the value where it is kept.

extension Evaluation {
    /// `$name` of a view: a binding to its `@State` property `name` (the state the session
    /// keeps), or the binding its `@Binding` property holds; nil for any other property.
    func projection(_ name: String, of instance: Instance) -> ValueBinding? {
        if instance.type.keyword != "class", let shared = instance.shared, shared.names.contains(name) { return shared.binding(name) }
        return instance.binding(name)
    }

    /// Why `$name` of `instance` has no binding, for a property that exists but is neither
    /// `@State` nor `@Binding` (nil when `name` is no property of it: the lookup goes on).
    func projectionError(_ name: String, of instance: Instance, at range: SourceRange) -> ViewFileError? {
        let type = instance.type
        if let property = type.stored.first(where: { $0.name == name }) {
            let what = property.isLet ? "a 'let' constant" : "a plain 'var'"
            return fail("'$\(name)': '\(name)' is \(what) of \(type.name), which has no binding: declare it '@State var \(name)' to own it, "
                        + "or '@Binding var \(name)' to be given one (pass '.constant(\(name))' where a binding to a fixed value will do)", at: range)
        }
        if type.computed[name] != nil {
            let setter = type.setters[name] == nil ? "without a setter" : "(with a setter)"
            return fail("'$\(name)': '\(name)' is a computed property of \(type.name) \(setter), which has no binding: "
                        + "bind the stored @State it reads, or make one with Binding(get: { \(name) }, set: { ... })", at: range)
        }
        return nil
    }

    /// A value given to a `@Binding` property declared as `type`: a binding as it is (one from
    /// `Binding(get:set:)` checked against `type` at each read), and `.constant(v)` as a binding
    /// that reads `v` and ignores writes; nil for a plain value.
    func bindingArgument(_ value: Value, declared type: TypeSyntax?, at range: SourceRange) throws -> ValueBinding? {
        switch value {
        case .native(let binding as ValueBinding):
            guard let type else { return binding }
            return typed(binding, as: type)
        case .implicit(let deferred) where deferred.name == "constant" && deferred.chain.isEmpty:
            guard let arguments = deferred.arguments, arguments.count == 1, arguments[0].label == nil else {
                throw fail("Binding.constant takes one value", at: deferred.range)
            }
            var constant = arguments[0].value
            if let type { constant = try coerce(constant, to: type, at: arguments[0].range) }
            return .constant(constant)
        default:
            return nil
        }
    }

    /// `binding`, its get closure's results (for a `Binding(get:set:)`) checked to be a `type`:
    /// one that gives anything else fails at the closure.
    func typed(_ binding: ValueBinding, as type: TypeSyntax) -> ValueBinding {
        guard let getter = binding.getter, let expected = typeName(type) else { return binding }
        return ValueBinding(get: { evaluation in
            let value = try binding.get(in: evaluation)
            let coerced = try? evaluation.coerce(value, to: type, at: getter)
            guard let coerced, evaluation.matches(coerced, type: type) || coerced.isNull && evaluation.isOptional(type) else {
                throw evaluation.fail("the get closure of Binding(get:set:) gives \(value.typeName) where a Binding<\(expected)> is expected: "
                           + "return \(Evaluation.article(expected)) \(expected) from it", at: getter)
            }
            return coerced
        }, set: { try binding.set($1, in: $0) }, getter: getter)
    }

    static func article(_ word: String) -> String { "AEIOU".contains(word.prefix(1)) ? "an" : "a" }

    /// `Binding(get:set:)` (`Binding<T>(...)` gives `generic`): reads by calling the get closure,
    /// writes by calling the set closure with the new value; a closure of the wrong shape fails
    /// where it is written.
    func makeBinding(_ args: inout CallArguments, generic: TypeSyntax?, at range: SourceRange) throws -> ValueBinding {
        if args.has("projectedValue") { return try binding(args.require("projectedValue"), for: "Binding(projectedValue:)") }
        if args.has(nil), !args.has("get") {
            if case .native = args.items.first?.value { return try binding(args.require(nil), for: "Binding(_:)") }
        }
        let getter = try args.requireClosure("get")
        let setter = try args.requireClosure("set")
        if !getter.anonymous, !getter.parameters.isEmpty {
            throw fail("the get closure of Binding(get:set:) takes no parameters (\(getter.parameters.count) here): write get: { value }", at: getter.range)
        }
        if !setter.anonymous, setter.parameters.count != 1 {
            throw fail("the set closure of Binding(get:set:) takes one parameter, the new value (\(setter.parameters.count) here): "
                       + "write set: { newValue in ... }, set: { x = $0 } or set: { _ in }", at: setter.range)
        }
        let binding = ValueBinding(get: { try $0.invoke(getter, [], at: getter.range) },
                                   set: { _ = try $0.invoke(setter, [ArgumentValue(label: nil, value: $1, range: setter.range)], at: setter.range) },
                                   getter: getter.range)
        return generic.map { typed(binding, as: $0) } ?? binding
    }

    /// The binding an argument gives (`Binding(projectedValue: $x)`, `Binding($x)`), or a located error.
    private func binding(_ argument: ArgumentValue, for call: String) throws -> ValueBinding {
        guard case .native(let binding as ValueBinding) = argument.value else {
            throw fail("\(call) takes a binding ($state, a @Binding's $name), found \(argument.value.typeName)", at: argument.range)
        }
        return binding
    }

    // MARK: - Derived bindings

    /// Member `name` of a binding: its `wrappedValue`, itself (`projectedValue`), or a binding to
    /// member `name` of its value (`$model.position`), which must be a stored `var` (a writable
    /// key path, as SwiftUI's dynamic member asks).
    func bindingMember(_ name: String, of binding: ValueBinding, at range: SourceRange) throws -> Value {
        switch name {
        case "wrappedValue": return try binding.get(in: self)
        case "projectedValue": return .native(binding)
        default: break
        }
        let current = try binding.get(in: self)
        if case .instance(let instance) = current {
            let type = instance.type
            if let property = type.stored.first(where: { $0.name == name }), property.isLet {
                throw fail("'\(name)' is a 'let' of \(type.name): a binding to it needs a stored 'var' (declare 'var \(name)')", at: range)
            }
            if type.computed[name] != nil, type.setters[name] == nil {
                throw fail("'\(name)' is a computed property of \(type.name) without a setter: bind a stored 'var' of \(type.name) instead", at: range)
            }
        }
        // The member must be one a write can set: setting a copy to what it holds fails where it
        // cannot (an instance's members are checked above: its setters are not run to check).
        let held = try member(name, of: current, at: range, in: globals)
        if case .instance = current {} else { _ = try settingMember(name, of: current, to: held, at: range) }
        return .native(ValueBinding(get: { e in try e.member(name, of: binding.get(in: e), at: range, in: e.globals) },
                                    set: { e, value in try binding.set(e.settingMember(name, of: binding.get(in: e), to: value, at: range), in: e) }))
    }

    /// `$items[i]`: a binding to element `i` of the binding's value (an array's element, a
    /// dictionary's value), read and written at `i` each time; an index the array no longer has
    /// fails at the subscript.
    func elementBinding(_ binding: ValueBinding, _ args: [ArgumentValue], at range: SourceRange) throws -> Value {
        guard let index = args.first else { throw fail("a subscript needs an index", at: range) }
        return .native(ValueBinding(get: { e in try e.subscriptValue(binding.get(in: e), args, at: range) },
                                    set: { e, newValue in
            let base = try binding.get(in: e)
            if case .array(let items) = base, case .int(let i) = index.value, !items.indices.contains(i) {
                throw e.fail("index \(i) out of range when written through this binding (the array has \(items.count) elements now): "
                           + "bind only indices the array has (ForEach(items.indices)), or remove elements after their last write", at: index.range)
            }
            try binding.set(e.settingElement(index, of: base, to: newValue, at: range), in: e)
        }))
    }

    /// `base` with its element at `index` set to `value` (a dictionary's entry removed by nil).
    func settingElement(_ index: ArgumentValue, of base: Value, to value: Value, at range: SourceRange) throws -> Value {
        switch base {
        case .array(var items):
            let i = try int(index.value, at: index.range)
            guard items.indices.contains(i) else { throw fail("index \(i) out of range (the array has \(items.count) elements)", at: index.range) }
            items[i] = value
            return .array(items)
        case .dictionary(var entries):
            if let at = try entries.firstIndex(where: { try equal($0.key, index.value, at: index.range) }) {
                if value.isNull { entries.remove(at: at) } else { entries[at].value = value }
            } else if !value.isNull {
                entries.append((index.value, value))
            }
            return .dictionary(entries)
        default:
            throw fail("cannot assign through a subscript of \(base.typeName)", at: range)
        }
    }

    /// A closure parameter `$item` (`ForEach($items) { $item in }`) is given a binding; `item`
    /// beside it reads and writes through it, as Swift's property-wrapper parameters do.
    func bindProjection(_ name: String, to value: Value, in scope: Scope, at range: SourceRange) throws {
        let plain = projectedName(name)
        guard plain != name else { return }
        guard case .native(let binding as ValueBinding) = value else {
            throw fail("'\(name)' is given \(value.typeName): a '$' parameter takes a binding (ForEach($items) { \(name) in ... })", at: range)
        }
        scope.variables[plain] = Box(.null, binding: binding)
    }

    /// `ForEach($items)`: a binding to each element of the collection the binding reaches.
    func elementBindings(_ binding: ValueBinding, at range: SourceRange) throws -> [Value] {
        let count: Int
        switch try binding.get(in: self) {
        case .array(let items): count = items.count
        case let other: throw fail("ForEach over a binding takes a binding to an array, found a binding to \(other.typeName)", at: range)
        }
        return try (0..<count).map { try elementBinding(binding, [ArgumentValue(label: nil, value: .int($0), range: range)], at: range) }
    }

    /// A binding's methods: `animation(_:)` and `transaction(_:)` give the binding itself (a
    /// picture has no animation to run), said once in the notes.
    func bindingMethod(_ name: String, of binding: ValueBinding, _ args: [ArgumentValue], at range: SourceRange) throws -> Value {
        guard name == "animation" || name == "transaction", args.count <= 1 else {
            throw unknown("method '\(name)' of Binding", name, candidates: ["animation", "transaction"], at: range)
        }
        note("Binding.\(name)(): the binding's writes are drawn without animation")
        return .native(binding)
    }
}
