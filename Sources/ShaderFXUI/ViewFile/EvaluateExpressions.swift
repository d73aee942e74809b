import Foundation

extension Evaluation {
    /// The value of `expr` in `scope`; `hint` is the type expected there, when known (an
    /// integer literal is a `Double` where a `Double` is expected).
    func evaluate(_ expr: Expr, in scope: Scope, hint: String? = nil) throws -> Value {
        switch expr.kind {
        case .integer(let n):
            if let hint, Evaluation.floatingTypes.contains(hint) { return .double(Double(n)) }
            return .int(n)
        case .float(let d): return .double(d)
        case .boolean(let b): return .bool(b)
        case .nilLiteral: return .null
        case .string(let segments):
            var text = ""
            for segment in segments {
                switch segment {
                case .text(let part): text += part
                case .interpolation(let arguments, let range):
                    guard let first = arguments.first else { continue }
                    let value = try evaluate(first.value, in: scope)
                    if let specifier = arguments.first(where: { $0.label == "specifier" }) {
                        guard case .string(let format) = try evaluate(specifier.value, in: scope) else {
                            throw fail("'specifier:' takes a format string", at: specifier.range)
                        }
                        text += try formatted(value, format, at: range)
                    } else {
                        text += describe(value)
                    }
                }
            }
            return .string(text)
        case .identifier(let name):
            return try lookup(name, in: scope, at: expr.range)
        case .discard:
            return .void
        case .implicitMember(let name):
            return .implicit(Deferred(name: name, arguments: nil, chain: [], range: expr.range))
        case .member(let base, let name):
            if case .optionalChain(let inner) = base.kind {
                let value = try evaluate(inner, in: scope)
                if value.isNull { return .null }
                return try member(name, of: value, at: expr.range, in: scope)
            }
            return try member(name, of: try evaluate(base, in: scope), at: memberName(name, of: expr.range), in: scope)
        case .call(let callee, let arguments, let trailing):
            return try call(callee, arguments: arguments, trailing: trailing, in: scope, at: expr.range)
        case .subscripted(let base, let arguments):
            let value = try evaluate(base, in: scope)
            return try subscriptValue(value, try evaluateArguments(arguments, [], in: scope), at: expr.range)
        case .specialized(let base, _):
            return try evaluate(base, in: scope)
        case .keyPath(_, let components):
            var names: [String] = []
            for component in components {
                guard case .property(let name) = component else {
                    throw fail("key paths name properties only here", at: expr.range, kind: .unsupported)
                }
                names.append(name)
            }
            return .keyPath(names)
        case .prefix(let op, let operand):
            let value = try evaluate(operand, in: scope, hint: hint)
            return try prefix(op, value, at: expr.range)
        case .postfix(let op, _):
            throw fail("the postfix operator '\(op)' is not supported in view files", at: expr.range, kind: .unsupported)
        case .forceUnwrap(let inner):
            let value = try evaluate(inner, in: scope)
            if value.isNull { throw fail("unexpectedly found nil while unwrapping an optional value", at: expr.range) }
            return value
        case .optionalChain(let inner):
            return try evaluate(inner, in: scope)
        case .binary(let op, let lhs, let rhs):
            return try binary(op, lhs, rhs, in: scope, at: expr.range, hint: hint)
        case .ternary(let condition, let a, let b):
            return try truth(evaluate(condition, in: scope), at: condition.range)
                ? evaluate(a, in: scope, hint: hint) : evaluate(b, in: scope, hint: hint)
        case .cast(let inner, let kind, let type):
            let value = try evaluate(inner, in: scope, hint: typeName(type))
            switch kind {
            case .isType: return .bool(matches(value, type: type))
            case .conditional: return matches(value, type: type) ? value : .null
            case .asType, .forced: return try coerce(value, to: type, at: expr.range)
            }
        case .tryExpr(_, let inner), .await(let inner), .parenthesized(let inner):
            return try evaluate(inner, in: scope, hint: hint)
        case .closure(let closure):
            return .function(makeClosure(closure, in: scope))
        case .array(let items):
            let element = hint.flatMap { Evaluation.floatingTypes.contains($0) ? $0 : nil }
            return .array(try items.map { try evaluate($0, in: scope, hint: element) })
        case .dictionary(let entries):
            return .dictionary(try entries.map { (try evaluate($0.key, in: scope), try evaluate($0.value, in: scope)) })
        case .tuple(let arguments):
            if arguments.count == 1, arguments[0].label == nil { return try evaluate(arguments[0].value, in: scope, hint: hint) }
            if arguments.isEmpty { return .void }
            return .tuple(try arguments.map { ($0.label, try evaluate($0.value, in: scope)) })
        case .operatorReference(let op):
            return .function(Function(name: op, parameters: [], anonymous: true, body: .builtin { [unowned self] args, range in
                guard args.count == 2 else { throw self.fail("'\(op)' takes two operands", at: range) }
                return try self.arithmetic(op, args[0].value, args[1].value, at: range)
            }, scope: nil, returnType: nil, range: expr.range))
        }
    }

    /// Where the `.name` of a member expression is: the member's own error is located there, not
    /// at the start of the chain it ends.
    func memberName(_ name: String, of range: SourceRange) -> SourceRange {
        let length = name.utf8.count + 1
        guard range.end.column > length, range.end.offset >= length, range.end.line >= range.start.line else { return range }
        var start = range.end
        start.column -= length
        start.offset -= length
        guard start.offset < bytes.count, bytes[start.offset] == UInt8(ascii: ".") else { return range }
        return SourceRange(file: range.file, start: start, end: range.end)
    }

    /// `name` without the `$` of a binding's projection (`$count` reads `count`); `$0` stays.
    func projectedName(_ name: String) -> String {
        guard name.hasPrefix("$"), let first = name.dropFirst().first, !first.isNumber else { return name }
        return String(name.dropFirst())
    }

    static let floatingTypes: Set<String> = ["Double", "CGFloat", "Float", "TimeInterval"]

    func makeClosure(_ closure: Closure, in scope: Scope) -> Function {
        let parameters = (closure.parameters ?? []).map { (label: String?.none, name: $0.name, type: $0.type, defaultValue: Expr?.none) }
        return Function(name: "closure", parameters: parameters, anonymous: closure.parameters == nil,
                        body: .statements(closure.body), scope: scope, returnType: closure.returnType, range: closure.range)
    }

    // MARK: - Names

    /// The value `name` names in `scope`: a local, a member of `self`, a global, a type.
    func lookup(_ name: String, in scope: Scope, at range: SourceRange) throws -> Value {
        if name == "self" || name == "Self" {
            if let box = scope.currentSelf { return name == "self" ? box.value : .type(box.value.typeName) }
            throw fail("'self' outside a type's member", at: range)
        }
        let plain = projectedName(name)
        if plain != name, let box = scope.lookup(name) { return box.value }
        if let box = scope.lookup(plain) {
            if computedLocals.contains(ObjectIdentifier(box)), case .function(let getter) = box.value {
                return try invoke(getter, [], at: range)
            }
            if let binding = box.binding { return try binding.get(in: self) }
            return box.value
        }
        if plain != name, let selfBox = scope.currentSelf, case .instance(let instance) = selfBox.value {
            if let binding = projection(plain, of: instance) { return .native(binding) }
            if instance.type.keyword != "class", let error = projectionError(plain, of: instance, at: range) { throw error }
        }
        if plain.hasPrefix("_"), let selfBox = scope.currentSelf, case .instance(let instance) = selfBox.value,
           let binding = instance.binding(String(plain.dropFirst())) {
            return .native(binding)
        }
        if let selfBox = scope.currentSelf, let value = try memberIfPresent(plain, of: selfBox.value, at: range, in: scope) {
            return value
        }
        if types[plain] != nil || Evaluation.builtinTypes.contains(plain) { return .type(plain) }
        if let function = builtinFunction(plain) { return .function(function) }
        throw unknown("name '\(name)'", plain, candidates: knownNames(in: scope), at: range)
    }

    /// The names a lookup could have found, for an unknown name's error.
    func knownNames(in scope: Scope) -> [String] {
        var names = scope.allNames + Array(types.keys) + Array(Evaluation.builtinTypes) + Evaluation.builtinFunctionNames
        if let selfBox = scope.currentSelf, case .instance(let instance) = selfBox.value {
            names += instance.type.stored.map(\.name) + Array(instance.type.computed.keys) + Array(instance.type.methods.keys)
        }
        return names
    }

    // MARK: - Calls

    func evaluateArguments(_ arguments: [Argument], _ trailing: [TrailingClosure], in scope: Scope, hints: [String?] = []) throws -> [ArgumentValue] {
        var values: [ArgumentValue] = []
        for (index, argument) in arguments.enumerated() {
            let hint = index < hints.count ? hints[index] : nil
            values.append(ArgumentValue(label: argument.label, value: try evaluate(argument.value, in: scope, hint: hint), range: argument.range))
        }
        for closure in trailing {
            values.append(ArgumentValue(label: closure.label, value: .function(makeClosure(closure.closure, in: scope)),
                                        range: closure.range, isTrailing: true))
        }
        return values
    }

    func call(_ callee: Expr, arguments: [Argument], trailing: [TrailingClosure], in scope: Scope, at range: SourceRange) throws -> Value {
        switch callee.kind {
        case .implicitMember(let name):
            let args = try evaluateArguments(arguments, trailing, in: scope)
            return .implicit(Deferred(name: name, arguments: args, chain: [], range: callee.range))
        case .member(let baseExpr, let name):
            var base: Value
            if case .optionalChain(let inner) = baseExpr.kind {
                base = try evaluate(inner, in: scope)
                if base.isNull { return .null }
            } else {
                base = try evaluate(baseExpr, in: scope)
            }
            let hints = parameterHints(of: base, method: name, count: arguments.count)
            let args = try evaluateArguments(arguments, trailing, in: scope, hints: hints)
            let (result, changed) = try callMethod(name, on: base, args, at: memberName(name, of: callee.range), in: scope)
            if let changed { try assign(changed, to: baseExpr, in: scope) }
            return result
        case .identifier(let name):
            let plain = name
            if let box = scope.lookup(plain) {
                let args = try evaluateArguments(arguments, trailing, in: scope)
                return try callValue(box.value, args, at: range, name: name)
            }
            if let selfBox = scope.currentSelf, hasMethod(plain, on: selfBox.value) {
                let hints = parameterHints(of: selfBox.value, method: plain, count: arguments.count)
                let args = try evaluateArguments(arguments, trailing, in: scope, hints: hints)
                let (result, changed) = try callMethod(plain, on: selfBox.value, args, at: callee.range, in: scope)
                if let changed { selfBox.value = changed }
                return result
            }
            if let type = types[plain] {
                let args = try evaluateArguments(arguments, trailing, in: scope, hints: memberwiseHints(type))
                return try construct(type, arguments: args, at: range)
            }
            if Evaluation.builtinTypes.contains(plain) {
                let args = try evaluateArguments(arguments, trailing, in: scope, hints: constructorHints(plain, arguments))
                return try construct(builtin: plain, args, at: callee.range)
            }
            if let function = builtinFunction(plain) {
                let args = try evaluateArguments(arguments, trailing, in: scope, hints: Array(repeating: "Double", count: 0))
                return try invoke(function, args, at: callee.range)
            }
            throw unknown("name '\(name)'", plain, candidates: knownNames(in: scope), at: callee.range)
        case .specialized(let base, let generics) where generics.count == 1 && isBindingType(base, in: scope):
            // `Binding<Int>(get:set:)`: its get closure checked to give an Int.
            var args = CallArguments(try evaluateArguments(arguments, trailing, in: scope), name: "Binding", range: callee.range, evaluation: self)
            let binding = try makeBinding(&args, generic: generics[0], at: callee.range)
            try args.finish()
            return .native(binding)
        case .array(let elements) where elements.count == 1 && isTypeName(elements[0]):
            // `[Float](repeating: 0, count: n)`: the array type's initialiser.
            let args = try evaluateArguments(arguments, trailing, in: scope)
            return try construct(builtin: "Array", args, at: callee.range)
        default:
            let value = try evaluate(callee, in: scope)
            let args = try evaluateArguments(arguments, trailing, in: scope)
            return try callValue(value, args, at: range, name: "value")
        }
    }

    /// Whether `expr` is SwiftUI's `Binding` (no name of the file's hides it).
    func isBindingType(_ expr: Expr, in scope: Scope) -> Bool {
        guard case .identifier("Binding") = expr.kind else { return false }
        return scope.lookup("Binding") == nil && types["Binding"] == nil
    }

    /// Whether `expr` names a type (`Float`, one of the file's structs) rather than a value.
    func isTypeName(_ expr: Expr) -> Bool {
        guard case .identifier(let name) = expr.kind else { return false }
        return types[name] != nil || Evaluation.builtinTypes.contains(name)
    }

    /// Calls a value: a function, or a type (its initialiser).
    func callValue(_ value: Value, _ args: [ArgumentValue], at range: SourceRange, name: String) throws -> Value {
        switch value {
        case .function(let function): return try invoke(function, args, at: range)
        case .type(let typeName):
            if let type = types[typeName] { return try construct(type, arguments: args, at: range) }
            return try construct(builtin: typeName, args, at: range)
        case .native(let function as ShaderFunction):
            return .native(Shader(function: function, arguments: try args.map { try shaderArgument($0.value, at: $0.range) }))
        default:
            throw fail("cannot call '\(name)', a value of type \(value.typeName)", at: range)
        }
    }

    /// Runs `function` with `args`, `selfBox` as `self` for a method.
    func invoke(_ function: Function, _ args: [ArgumentValue], at range: SourceRange, selfBox: Box? = nil) throws -> Value {
        switch function.body {
        case .builtin(let body):
            return try body(args, range)
        case .statements(let statements):
            return try nested(at: range) {
                let scope = Scope(parent: function.scope ?? globals, selfBox: selfBox)
                if function.anonymous {
                    for (index, arg) in args.enumerated() { scope.variables["$\(index)"] = Box(arg.value, isLet: true) }
                } else {
                    try bindParameters(function.parameters, args, into: scope, at: range, name: function.name)
                }
                let value = try runBody(statements, in: scope, range: range)
                if let type = function.returnType { return try coerce(value, to: type, at: range) }
                return value
            }
        }
    }

    /// Binds call arguments to parameters by label and position, defaults filling the rest.
    func bindParameters(_ parameters: [(label: String?, name: String, type: TypeSyntax?, defaultValue: Expr?)], _ args: [ArgumentValue],
                        into scope: Scope, at range: SourceRange, name: String) throws {
        var index = 0
        for parameter in parameters {
            if index < args.count, args[index].label == parameter.label || args[index].isTrailing || parameter.label == nil && args[index].label == nil {
                if let label = args[index].label, !args[index].isTrailing, label != parameter.label {
                    throw fail("'\(name)' has no parameter labelled '\(label)'", at: args[index].range)
                }
                var value = args[index].value
                if let type = parameter.type { value = try coerce(value, to: type, at: args[index].range) }
                scope.variables[parameter.name] = Box(value, isLet: true, type: parameter.type)
                try bindProjection(parameter.name, to: value, in: scope, at: args[index].range)
                index += 1
            } else if let defaultValue = parameter.defaultValue {
                var value = try evaluate(defaultValue, in: globals, hint: parameter.type.flatMap(typeName))
                if let type = parameter.type { value = try coerce(value, to: type, at: defaultValue.range) }
                scope.variables[parameter.name] = Box(value, isLet: true, type: parameter.type)
            } else if parameter.type.map(isOptional) == true, index >= args.count {
                scope.variables[parameter.name] = Box(.null, isLet: true, type: parameter.type)
            } else {
                let at = index < args.count ? args[index].range : range
                throw fail("missing argument for parameter '\(parameter.label ?? parameter.name)' in call to '\(name)'", at: at)
            }
        }
        if index < args.count {
            let extra = args[index]
            throw fail(extra.label.map { "'\(name)' has no parameter labelled '\($0)'" } ?? "extra argument in call to '\(name)'", at: extra.range)
        }
    }

    /// The type each argument of a method call is expected to be, from the file's declaration.
    func parameterHints(of base: Value, method: String, count: Int) -> [String?] {
        var decls: [FunctionDecl]?
        switch base {
        case .instance(let instance): decls = instance.type.methods[method]
        case .type(let name): decls = types[name]?.staticMethods[method]
        default: decls = extensionMethods["View"]?[method]
        }
        guard let decl = decls?.first else { return [] }
        return decl.parameters.map { typeName($0.type) }
    }

    func memberwiseHints(_ type: UserType) -> [String?] {
        if let initializer = type.initializers.first { return initializer.parameters.map { typeName($0.type) } }
        return []
    }

    // MARK: - The file's types

    /// A new instance of `type`: its initialiser run, or its memberwise one.
    func construct(_ type: UserType, arguments args: [ArgumentValue], at range: SourceRange, overrides: Bool = false) throws -> Value {
        if type.keyword == "enum" {
            throw fail("enum \(type.name) has no initialiser here: use one of its cases (\(type.caseOrder.map { "." + $0 }.joined(separator: ", ")))", at: range)
        }
        return try nested(at: range) {
            let shared = sharedFields(of: type, at: range)
            var instance = Instance(type: type, shared: shared)
            // A default may name the type's static members unqualified, as Swift allows.
            let defaults = Scope(parent: globals, selfBox: Box(.type(type.name)))
            // Defaults first, in order (as Swift's initialisation does).
            for property in type.stored {
                if overrides, let text = settings.overrides[property.name] {
                    usedOverrides.insert(property.name)
                    var like: Value = .null
                    if property.type == nil, let initializer = property.initializer { like = try evaluate(initializer, in: globals) }
                    try instance.setField(property.name, to: try parseOverride(text, name: property.name, type: property.type, like: like, at: property.range), in: self)
                    continue
                }
                if let attribute = environmentProperties[ObjectIdentifier(type)]?[property.name] {
                    try instance.setField(property.name, to: environmentValue(attribute, at: property.range), in: self)
                    continue
                }
                if let shared, shared.isRestored, shared.names.contains(property.name) { continue }
                if let initializer = property.initializer {
                    var value = try evaluate(initializer, in: defaults, hint: property.type.flatMap(typeName))
                    if let declared = property.type { value = try coerce(value, to: declared, at: initializer.range) }
                    try instance.setField(property.name, to: value, in: self)
                } else if property.type.map(isOptional) == true {
                    try instance.setField(property.name, to: .null, in: self)
                }
            }
            // The state has its initial values: later evaluations of the run find them kept.
            if settings.session != nil { shared?.isRestored = true }
            if let initializer = chooseInitializer(type, args) {
                let box = Box(.instance(instance))
                let scope = Scope(parent: globals, selfBox: box)
                try bindParameters(initializer.parameters.map { ($0.label, $0.name, $0.type, $0.defaultValue) }, args, into: scope, at: range, name: type.name)
                _ = try runBody(initializer.body ?? [], in: scope, range: range)
                return box.value
            }
            if !type.initializers.isEmpty {
                throw fail("no initialiser of \(type.name) takes these arguments (\(args.map { ($0.label ?? "_") + ":" }.joined()))", at: range)
            }
            // The memberwise initialiser: every stored `var`, and each `let` without a default.
            let parameters = type.stored.filter { !$0.isLet || $0.initializer == nil }.filter { environmentProperties[ObjectIdentifier(type)]?[$0.name] == nil }
            var index = 0
            for property in parameters {
                if index < args.count, args[index].label == property.name || args[index].isTrailing {
                    if type.bindingProperties.contains(property.name),
                       let binding = try bindingArgument(args[index].value, declared: property.type, at: args[index].range) {
                        instance.bind(property.name, to: binding)
                        index += 1
                        continue
                    }
                    var value = args[index].value
                    if let declared = property.type { value = try coerce(value, to: declared, at: args[index].range) }
                    else if let current = try instance.field(property.name, in: self) { value = try coerce(value, like: current, at: args[index].range) }
                    try instance.setField(property.name, to: value, in: self)
                    index += 1
                } else if try instance.field(property.name, in: self) == nil {
                    let at = index < args.count ? args[index].range : range
                    throw fail("missing argument for parameter '\(property.name)' in call to '\(type.name)'", at: at)
                }
            }
            if index < args.count {
                let extra = args[index]
                let names = parameters.map(\.name)
                if let label = extra.label {
                    throw unknown("argument '\(label)' for \(type.name)'s memberwise initialiser (or one out of order)", label, candidates: names, at: extra.range)
                }
                throw fail("extra argument in call to '\(type.name)' (its memberwise initialiser takes \(names.isEmpty ? "none" : names.joined(separator: ", ")), labelled, in order)", at: extra.range)
            }
            return .instance(instance)
        }
    }

    /// The fields every copy of a new instance of `type` shares: all of a class's; a view's
    /// `@State` ones, kept by the run's session (when there is one) under the view's type, the
    /// place that makes it and its occurrence there. Nil for a struct with no state.
    func sharedFields(of type: UserType, at range: SourceRange) -> SharedFields? {
        if type.keyword == "class" { return SharedFields(names: Set(type.stored.map(\.name))) }
        let names = Set(type.stored.filter { $0.attributes.contains("State") }.map(\.name))
        guard !names.isEmpty else { return nil }
        guard let session = settings.session else { return SharedFields(names: names) }
        let place = "\(type.name)@\(range.start.offset)"
        let occurrence = stateOccurrences[place, default: 0]
        stateOccurrences[place] = occurrence + 1
        return session.state("\(place)#\(occurrence)") { SharedFields(names: names) }
    }

    func chooseInitializer(_ type: UserType, _ args: [ArgumentValue]) -> InitializerDecl? {
        type.initializers.first { initializer in
            var index = 0
            for parameter in initializer.parameters {
                if index < args.count, args[index].label == parameter.label || args[index].isTrailing { index += 1 }
                else if parameter.defaultValue == nil { return false }
            }
            return index == args.count
        }
    }

    /// What `@Environment(\.name)` reads in a rendered frame: SwiftUI's defaults for the values
    /// ShaderFXUI models, nil (with a note) for the others.
    func environmentValue(_ attribute: Attribute, at range: SourceRange) -> Value {
        var key = attribute.rawArguments ?? ""
        if let argument = attribute.arguments?.first, case .keyPath(_, let components) = argument.value.kind,
           case .property(let name)? = components.last {
            key = name
        }
        switch key {
        case "accessibilityReduceMotion", "accessibilityReduceTransparency", "accessibilityDifferentiateWithoutColor": return .bool(false)
        case "colorScheme": return .native(ColorScheme.light)
        case "displayScale": return .double(1)
        default:
            note("@Environment(\\.\(key)): not modelled; read as nil")
            return .null
        }
    }

    func hasMethod(_ name: String, on value: Value) -> Bool {
        switch value {
        case .instance(let instance):
            if instance.type.methods[name] != nil { return true }
            if instance.type.isView || instance.type.isModifier { return Evaluation.viewModifierNames.contains(name) || extensionMethods["View"]?[name] != nil }
            return false
        case .enumCase(let enumValue): return enumValue.type.methods[name] != nil
        default: return isViewLike(value) && (Evaluation.viewModifierNames.contains(name) || extensionMethods["View"]?[name] != nil)
        }
    }

    /// Calls method `name` on `base`: the result and, for a mutating call, `base` changed.
    func callMethod(_ name: String, on base: Value, _ args: [ArgumentValue], at range: SourceRange, in scope: Scope) throws -> (Value, Value?) {
        switch base {
        case .instance(let instance):
            if let decls = instance.type.methods[name], let decl = pickFunction(decls, args) {
                let box = Box(base)
                let result = try invoke(makeFunction(decl, scope: globals), args, at: range, selfBox: box)
                return (result, decl.modifiers.contains("mutating") ? box.value : nil)
            }
            if instance.type.computed[name] != nil || instance.type.stored.contains(where: { $0.name == name }) {
                return (try callValue(try member(name, of: base, at: range, in: scope), args, at: range, name: name), nil)
            }
        case .enumCase(let enumValue):
            if let decls = enumValue.type.methods[name], let decl = pickFunction(decls, args) {
                let box = Box(base)
                return (try invoke(makeFunction(decl, scope: globals), args, at: range, selfBox: box), nil)
            }
        case .type(let typeName):
            if let type = types[typeName] {
                if let decls = type.staticMethods[name], let decl = pickFunction(decls, args) {
                    return (try invoke(makeFunction(decl, scope: globals), args, at: range, selfBox: Box(.type(typeName))), nil)
                }
                if type.cases[name] != nil { return (try enumCase(type, name, args, at: range), nil) }
                let candidates = Array(type.staticMethods.keys) + type.caseOrder
                throw unknown("static method '\(name)' of \(typeName)", name, candidates: candidates, at: range)
            }
            return (try staticMember(of: typeName, name, arguments: args, at: range), nil)
        case .implicit(var deferred):
            deferred.chain.append((name, args, range))
            return (.implicit(deferred), nil)
        case .native(let binding as ValueBinding):
            return (try bindingMethod(name, of: binding, args, at: range), nil)
        default:
            break
        }
        if isViewLike(base), let decls = extensionMethods["View"]?[name], let decl = pickFunction(decls, args) {
            return (try invoke(makeFunction(decl, scope: globals), args, at: range, selfBox: Box(base)), nil)
        }
        if let typeName = extensionTypeName(of: base), let decls = extensionMethods[typeName]?[name], let decl = pickFunction(decls, args) {
            return (try invoke(makeFunction(decl, scope: globals), args, at: range, selfBox: Box(base)), nil)
        }
        return try builtinMethod(name, on: base, args, at: range)
    }

    func pickFunction(_ decls: [FunctionDecl], _ args: [ArgumentValue]) -> FunctionDecl? {
        let fitting = decls.first { decl in
            var index = 0
            for parameter in decl.parameters {
                if index < args.count, args[index].label == parameter.label || args[index].isTrailing { index += 1 }
                else if parameter.defaultValue == nil { return false }
            }
            return index == args.count
        }
        return fitting ?? decls.first
    }

    /// The API type whose `extension` a value's methods could come from.
    func extensionTypeName(of value: Value) -> String? {
        switch value {
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .native(let native): return Value.nativeName(native)
        default: return nil
        }
    }

    /// `case` of `type` with associated values.
    func enumCase(_ type: UserType, _ name: String, _ args: [ArgumentValue], at range: SourceRange) throws -> Value {
        guard let element = type.cases[name] else {
            throw unknown("case '\(name)' of \(type.name)", name, candidates: type.caseOrder, at: range)
        }
        let expected = element.associatedValues ?? []
        guard args.count <= expected.count else { throw fail("case '\(name)' takes \(expected.count) associated values", at: range) }
        var values: [(label: String?, value: Value)] = []
        for (index, slot) in expected.enumerated() {
            if index < args.count {
                values.append((slot.label, try coerce(args[index].value, to: slot.type, at: args[index].range)))
            } else if let defaultValue = slot.defaultValue {
                values.append((slot.label, try evaluate(defaultValue, in: globals)))
            } else {
                throw fail("case '\(name)' needs a value for its associated value \(index + 1)", at: range)
            }
        }
        return .enumCase(EnumValue(type: type, name: name, associated: values))
    }

    // MARK: - Members

    /// Member `name` of `value`.
    func member(_ name: String, of value: Value, at range: SourceRange, in scope: Scope) throws -> Value {
        if name == "self" { return value }
        if case .native(let binding as ValueBinding) = value { return try bindingMember(name, of: binding, at: range) }
        if let found = try memberIfPresent(name, of: value, at: range, in: scope) { return found }
        if case .type(let typeName) = value, let type = types[typeName] {
            if let decl = type.staticMethods[name]?.first {
                let function = makeFunction(decl, scope: globals)
                return .function(Function(name: name, parameters: [], anonymous: true, body: .builtin { [unowned self] args, range in
                    try self.invoke(function, args, at: range, selfBox: Box(value))
                }, scope: nil, returnType: nil, range: range))
            }
            throw unknown("static member '\(name)' of \(typeName)", name, candidates: Array(type.staticStored.keys) + Array(type.staticComputed.keys) + type.caseOrder + Array(type.staticMethods.keys), at: range)
        }
        return try builtinMember(name, of: value, at: range)
    }

    /// Member `name` of a user instance, type or enum case, or nil when it is not one of theirs.
    func memberIfPresent(_ name: String, of value: Value, at range: SourceRange, in scope: Scope) throws -> Value? {
        switch value {
        case .instance(let instance):
            if let field = try instance.field(name, in: self) { return field }
            if let getter = instance.type.computed[name] {
                return try nested(at: range) { try runBody(getter, in: Scope(parent: globals, selfBox: Box(value)), range: range) }
            }
            if let decls = instance.type.methods[name], let decl = decls.first {
                let function = makeFunction(decl, scope: globals)
                return .function(Function(name: name, parameters: [], anonymous: true, body: .builtin { [unowned self] args, range in
                    try self.invoke(function, args, at: range, selfBox: Box(value))
                }, scope: nil, returnType: nil, range: range))
            }
            if instance.type.stored.contains(where: { $0.name == name }) { return .null }
            if let getter = extensionComputed["View"]?[name], instance.type.isView {
                return try nested(at: range) { try runBody(getter, in: Scope(parent: globals, selfBox: Box(value)), range: range) }
            }
            return nil
        case .enumCase(let enumValue):
            if let getter = enumValue.type.computed[name] {
                return try nested(at: range) { try runBody(getter, in: Scope(parent: globals, selfBox: Box(value)), range: range) }
            }
            if name == "rawValue" {
                if let raw = enumValue.type.cases[enumValue.name]?.rawValue { return try evaluate(raw, in: globals) }
                return .string(enumValue.name)
            }
            if let associated = enumValue.associated.first(where: { $0.label == name }) { return associated.value }
            return nil
        case .type(let typeName):
            guard let type = types[typeName] else { return nil }
            if let stored = type.staticStored[name] {
                if let value = stored.value { return value }
                var result: Value = .null
                if let initializer = stored.decl.initializer {
                    result = try evaluate(initializer, in: globals, hint: self.typeName(stored.decl.type))
                    if let declared = stored.decl.type { result = try coerce(result, to: declared, at: initializer.range) }
                }
                type.staticStored[name] = (stored.decl, result)
                return result
            }
            if let getter = type.staticComputed[name] {
                return try nested(at: range) { try runBody(getter, in: Scope(parent: globals, selfBox: Box(value)), range: range) }
            }
            if type.cases[name] != nil {
                return try enumCase(type, name, [], at: range)
            }
            if name == "allCases", type.keyword == "enum" {
                return .array(type.caseOrder.map { .enumCase(EnumValue(type: type, name: $0, associated: [])) })
            }
            return nil
        default:
            if let typeName = extensionTypeName(of: value), let getter = extensionComputed[typeName]?[name] {
                return try nested(at: range) { try runBody(getter, in: Scope(parent: globals, selfBox: Box(value)), range: range) }
            }
            if isViewLike(value), let getter = extensionComputed["View"]?[name] {
                return try nested(at: range) { try runBody(getter, in: Scope(parent: globals, selfBox: Box(value)), range: range) }
            }
            return nil
        }
    }

    // MARK: - Assignment

    /// Stores `value` where `target` names: a variable, a property, an element.
    func assign(_ value: Value, to target: Expr, in scope: Scope) throws {
        switch target.kind {
        case .identifier(let name):
            let plain = projectedName(name)
            if let box = scope.lookup(plain) {
                if let binding = box.binding {
                    try binding.set(try box.type.map { try coerce(value, to: $0, at: target.range) } ?? value, in: self)
                    return
                }
                if box.isLet, !computedLocals.contains(ObjectIdentifier(box)) {
                    throw fail("cannot assign to '\(name)': it is a 'let' constant", at: target.range)
                }
                box.value = try box.type.map { try coerce(value, to: $0, at: target.range) } ?? value
                return
            }
            if let selfBox = scope.currentSelf, case .instance(let instance) = selfBox.value, let setter = instance.type.setters[plain] {
                selfBox.value = try runSetter(setter, of: selfBox.value, to: value, at: target.range)
                return
            }
            if let selfBox = scope.currentSelf, case .instance(var instance) = selfBox.value,
               instance.type.stored.contains(where: { $0.name == plain }) {
                try instance.setField(plain, to: value, in: self)
                selfBox.value = .instance(instance)
                return
            }
            if let selfBox = scope.currentSelf, case .instance(var instance) = selfBox.value, plain.hasPrefix("_"),
               try storeBinding(value, in: &instance, property: String(plain.dropFirst()), at: target.range) {
                selfBox.value = .instance(instance)
                return
            }
            throw unknown("name '\(name)'", plain, candidates: knownNames(in: scope), at: target.range)
        case .member(let baseExpr, let name):
            if case .identifier("self") = baseExpr.kind, let selfBox = scope.currentSelf {
                guard case .instance(var instance) = selfBox.value else { throw fail("cannot assign to '\(name)' of self", at: target.range) }
                if name.hasPrefix("_"), try storeBinding(value, in: &instance, property: String(name.dropFirst()), at: target.range) {
                    selfBox.value = .instance(instance)
                    return
                }
                if let setter = instance.type.setters[name] {
                    selfBox.value = try runSetter(setter, of: selfBox.value, to: value, at: target.range)
                    return
                }
                try instance.setField(name, to: value, in: self)
                selfBox.value = .instance(instance)
                return
            }
            let base = try evaluate(baseExpr, in: scope)
            let changed = try settingMember(name, of: base, to: value, at: target.range)
            try assign(changed, to: baseExpr, in: scope)
        case .subscripted(let baseExpr, let arguments):
            let base = try evaluate(baseExpr, in: scope)
            let index = try evaluateArguments(arguments, [], in: scope)
            guard let first = index.first else { throw fail("a subscript needs an index", at: target.range) }
            try assign(settingElement(first, of: base, to: value, at: target.range), to: baseExpr, in: scope)
        case .parenthesized(let inner), .forceUnwrap(let inner), .optionalChain(let inner):
            try assign(value, to: inner, in: scope)
        case .discard:
            return
        default:
            throw fail("cannot assign to this expression", at: target.range)
        }
    }

    /// `_name = binding` in an initialiser: `@Binding` property `name` given its binding; false
    /// when `name` is no `@Binding` property of the instance.
    func storeBinding(_ value: Value, in instance: inout Instance, property name: String, at range: SourceRange) throws -> Bool {
        guard instance.type.bindingProperties.contains(name) else { return false }
        let declared = instance.type.stored.first { $0.name == name }?.type
        guard let binding = try bindingArgument(value, declared: declared, at: range) else {
            throw fail("'_\(name)' is the storage of @Binding '\(name)': give it a binding ($state, .constant(value)), found \(value.typeName)", at: range)
        }
        instance.bind(name, to: binding)
        return true
    }

    /// `base` (an instance) after its computed property's `setter` ran with `value`.
    func runSetter(_ setter: (parameter: String, body: [Stmt]), of base: Value, to value: Value, at range: SourceRange) throws -> Value {
        let box = Box(base)
        try nested(at: range) {
            let scope = Scope(parent: globals, selfBox: box)
            scope.variables[setter.parameter] = Box(value, isLet: true)
            _ = try runBody(setter.body, in: scope, range: range)
        }
        return box.value
    }

    /// `base` with member `name` set to `value`.
    func settingMember(_ name: String, of base: Value, to value: Value, at range: SourceRange) throws -> Value {
        switch base {
        case .instance(var instance):
            if let setter = instance.type.setters[name], !instance.type.stored.contains(where: { $0.name == name }) {
                return try runSetter(setter, of: base, to: value, at: range)
            }
            guard instance.type.stored.contains(where: { $0.name == name }) else {
                throw unknown("stored property '\(name)' of \(instance.type.name)", name, candidates: instance.type.stored.map(\.name), at: range)
            }
            try instance.setField(name, to: value, in: self)
            return .instance(instance)
        case .native(var point as CGPoint):
            switch name {
            case "x": point.x = CGFloat(try double(value, at: range))
            case "y": point.y = CGFloat(try double(value, at: range))
            default: throw fail("CGPoint has no settable property '\(name)'", at: range)
            }
            return .native(point)
        case .native(var size as CGSize):
            switch name {
            case "width": size.width = CGFloat(try double(value, at: range))
            case "height": size.height = CGFloat(try double(value, at: range))
            default: throw fail("CGSize has no settable property '\(name)'", at: range)
            }
            return .native(size)
        case .native(var rect as CGRect):
            switch name {
            case "origin": rect.origin = try point(value, at: range)
            case "size": rect.size = try size(value, at: range)
            default: throw fail("CGRect has no settable property '\(name)'", at: range)
            }
            return .native(rect)
        case .native(var context as GraphicsContext):
            switch name {
            case "opacity": context.opacity = try double(value, at: range)
            case "transform":
                guard case .native(let t as CGAffineTransform) = value else { throw fail("transform takes a CGAffineTransform", at: range) }
                context.transform = t
            default: throw fail("GraphicsContext has no settable property '\(name)' here", at: range)
            }
            return .native(context)
        default:
            throw fail("cannot set '\(name)' of \(base.typeName)", at: range)
        }
    }

    // MARK: - Operators

    func prefix(_ op: String, _ value: Value, at range: SourceRange) throws -> Value {
        switch (op, value) {
        case ("-", .int(let n)):
            guard n != .min else { throw fail("integer overflow: -(\(n))", at: range) }
            return .int(-n)
        case ("-", .double(let d)): return .double(-d)
        case ("-", .native(let angle as Angle)): return .native(-angle)
        case ("+", .int), ("+", .double): return value
        case ("!", .bool(let b)): return .bool(!b)
        case ("..<", .int(let n)): return .range(Int.min, n)
        default: throw fail("the operator '\(op)' does not apply to \(value.typeName)", at: range)
        }
    }

    func binary(_ op: String, _ lhs: Expr, _ rhs: Expr, in scope: Scope, at range: SourceRange, hint: String?) throws -> Value {
        switch op {
        case "=":
            let value: Value
            if let type = try? staticTypeOf(lhs, in: scope) { value = try evaluate(rhs, in: scope, hint: type) }
            else { value = try evaluate(rhs, in: scope) }
            try assign(value, to: lhs, in: scope)
            return .void
        case "+=", "-=", "*=", "/=", "%=":
            let current = try evaluate(lhs, in: scope)
            let hint: String? = if case .double = current { "Double" } else { nil }
            let result = try arithmetic(String(op.dropLast()), current, evaluate(rhs, in: scope, hint: hint), at: range)
            try assign(result, to: lhs, in: scope)
            return .void
        case "&&":
            guard try truth(evaluate(lhs, in: scope), at: lhs.range) else { return .bool(false) }
            return .bool(try truth(evaluate(rhs, in: scope), at: rhs.range))
        case "||":
            if try truth(evaluate(lhs, in: scope), at: lhs.range) { return .bool(true) }
            return .bool(try truth(evaluate(rhs, in: scope), at: rhs.range))
        case "??":
            let value = try evaluate(lhs, in: scope, hint: hint)
            return value.isNull ? try evaluate(rhs, in: scope, hint: hint) : value
        default:
            var a = try evaluate(lhs, in: scope, hint: hint)
            var b = try evaluate(rhs, in: scope, hint: hint)
            // An integer literal beside a Double is a Double (Swift types the literal so).
            if case .double = a, case .integer = rhs.kind, case .int(let n) = b { b = .double(Double(n)) }
            if case .double = b, case .integer = lhs.kind, case .int(let n) = a { a = .double(Double(n)) }
            return try arithmetic(op, a, b, at: range)
        }
    }

    /// The declared type of the variable an assignment stores into, when known.
    func staticTypeOf(_ target: Expr, in scope: Scope) throws -> String? {
        guard case .identifier(let name) = target.kind else { return nil }
        if let box = scope.lookup(name) {
            if let type = box.type { return typeName(type) }
            if case .double = box.value { return "Double" }
        }
        if let selfBox = scope.currentSelf, case .instance(let instance) = selfBox.value {
            if let property = instance.type.stored.first(where: { $0.name == name }), let type = property.type { return typeName(type) }
            if case .double? = try instance.field(name, in: self) { return "Double" }
        }
        return nil
    }

    /// `a op b` for the arithmetic, comparison and range operators.
    func arithmetic(_ op: String, _ a: Value, _ b: Value, at range: SourceRange) throws -> Value {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            switch op {
            case "+", "-", "*":
                let (result, overflow) = op == "+" ? x.addingReportingOverflow(y) : op == "-" ? x.subtractingReportingOverflow(y) : x.multipliedReportingOverflow(by: y)
                if overflow { throw fail("integer overflow: \(x) \(op) \(y) does not fit in an Int", at: range) }
                return .int(result)
            case "/", "%":
                if y == 0 { throw fail("division by zero: \(x) \(op) 0", at: range) }
                if x == .min && y == -1 { throw fail("integer overflow: \(x) \(op) -1", at: range) }
                return .int(op == "/" ? x / y : x % y)
            case "..<":
                guard x <= y else { throw fail("the range \(x)..<\(y) has its upper bound below its lower", at: range) }
                return .range(x, y)
            case "...":
                guard x <= y else { throw fail("the range \(x)...\(y) has its upper bound below its lower", at: range) }
                guard y < .max else { throw fail("integer overflow in the range's upper bound", at: range) }
                return .range(x, y + 1)
            case "&", "|", "^", "<<", ">>":
                switch op {
                case "&": return .int(x & y)
                case "|": return .int(x | y)
                case "^": return .int(x ^ y)
                case "<<": return .int(x << y)
                default: return .int(x >> y)
                }
            default: return try compare(op, a, b, at: range)
            }
        case (.int, .double), (.double, .int), (.double, .double):
            let x = try double(a, at: range), y = try double(b, at: range)
            switch op {
            case "+": return .double(x + y)
            case "-": return .double(x - y)
            case "*": return .double(x * y)
            case "/": return .double(x / y)
            case "%": throw fail("'%' is for integers: use truncatingRemainder(dividingBy:) for Double", at: range)
            case "...": return .native(x <= y ? x...y : y...y)
            default: return try compare(op, a, b, at: range)
            }
        case (.string(let x), .string(let y)) where op == "+": return .string(x + y)
        case (.array(let x), .array(let y)) where op == "+": return .array(x + y)
        case (.native(let x as Text), .native(let y as Text)) where op == "+": return .native(x + y)
        case (.native(let x as Angle), .native(let y as Angle)):
            switch op {
            case "+": return .native(x + y)
            case "-": return .native(x - y)
            default: return try compare(op, a, b, at: range)
            }
        case (.native(let x as Angle), .int), (.native(let x as Angle), .double):
            let y = try double(b, at: range)
            if op == "*" { return .native(x * y) }
            if op == "/" { return .native(x / y) }
        case (.int, .native(let y as Angle)), (.double, .native(let y as Angle)):
            if op == "*" { return .native(try double(a, at: range) * y) }
        case (.native(let x as CGPoint), .native(let y as CGPoint)) where op == "+" || op == "-":
            return .native(op == "+" ? CGPoint(x: x.x + y.x, y: x.y + y.y) : CGPoint(x: x.x - y.x, y: x.y - y.y))
        case (.native(let x as CGSize), .int), (.native(let x as CGSize), .double):
            let s = CGFloat(try double(b, at: range))
            if op == "*" { return .native(CGSize(width: x.width * s, height: x.height * s)) }
            if op == "/" { return .native(CGSize(width: x.width / s, height: x.height / s)) }
        default:
            break
        }
        return try compare(op, a, b, at: range)
    }

    func compare(_ op: String, _ a: Value, _ b: Value, at range: SourceRange) throws -> Value {
        switch op {
        case "==": return .bool(try equal(a, b, at: range))
        case "!=": return .bool(try !equal(a, b, at: range))
        case "<", ">", "<=", ">=":
            let order: Int
            switch (a, b) {
            case (.int(let x), .int(let y)): order = x < y ? -1 : x > y ? 1 : 0
            case (.string(let x), .string(let y)): order = x < y ? -1 : x > y ? 1 : 0
            case (.native(let x as Angle), .native(let y as Angle)): order = x < y ? -1 : x > y ? 1 : 0
            default:
                let x = try double(a, at: range), y = try double(b, at: range)
                if x.isNaN || y.isNaN { return .bool(false) }
                order = x < y ? -1 : x > y ? 1 : 0
            }
            switch op {
            case "<": return .bool(order < 0)
            case ">": return .bool(order > 0)
            case "<=": return .bool(order <= 0)
            default: return .bool(order >= 0)
            }
        default:
            throw fail("the operator '\(op)' does not apply to \(a.typeName) and \(b.typeName)", at: range)
        }
    }

    /// Swift's `==` for the values a view file compares.
    func equal(_ a: Value, _ b: Value, at range: SourceRange) throws -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.int(let x), .int(let y)): return x == y
        case (.int, .double), (.double, .int), (.double, .double): return try double(a, at: range) == double(b, at: range)
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where try !equal(p, q, at: range) { return false }
            return true
        case (.range(let a1, let b1), .range(let a2, let b2)): return a1 == a2 && b1 == b2
        case (.tuple(let x), .tuple(let y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where try !equal(p.value, q.value, at: range) { return false }
            return true
        case (.enumCase(let x), .enumCase(let y)):
            guard x.type === y.type, x.name == y.name, x.associated.count == y.associated.count else { return false }
            for (p, q) in zip(x.associated, y.associated) where try !equal(p.value, q.value, at: range) { return false }
            return true
        case (.implicit(let deferred), _): return try equal(resolve(deferred, like: b, at: range), b, at: range)
        case (_, .implicit(let deferred)): return try equal(a, resolve(deferred, like: a, at: range), at: range)
        case (.instance(let x), .instance(let y)):
            guard x.type === y.type else { return false }
            for property in x.type.stored {
                if try !equal(x.field(property.name, in: self) ?? .null, y.field(property.name, in: self) ?? .null, at: range) { return false }
            }
            return true
        case (.native(let x as AnyHashable), .native(let y as AnyHashable)): return x == y
        case (.native(let x as CGPoint), .native(let y as CGPoint)): return x == y
        case (.native(let x as CGSize), .native(let y as CGSize)): return x == y
        case (.native(let x as CGRect), .native(let y as CGRect)): return x == y
        default: throw fail("cannot compare \(a.typeName) with \(b.typeName)", at: range)
        }
    }

    /// An implicit member read as a member of the type `like` is.
    func resolve(_ deferred: Deferred, like value: Value, at range: SourceRange) throws -> Value {
        switch value {
        case .enumCase(let enumValue): return try resolve(deferred, as: enumValue.type.name)
        case .native(let native): return try resolve(deferred, as: Value.nativeName(native))
        case .double: return try resolve(deferred, as: "Double")
        case .int: return try resolve(deferred, as: "Int")
        default: throw fail("cannot infer the type of '.\(deferred.name)' here", at: deferred.range)
        }
    }

    /// An implicit member resolved in `type`, then its chain of members and calls applied.
    func resolve(_ deferred: Deferred, as type: String) throws -> Value {
        var value: Value
        if let user = types[type] {
            if user.cases[deferred.name] != nil {
                value = try enumCase(user, deferred.name, deferred.arguments ?? [], at: deferred.range)
            } else if let arguments = deferred.arguments {
                value = try callMethod(deferred.name, on: .type(type), arguments, at: deferred.range, in: globals).0
            } else {
                value = try member(deferred.name, of: .type(type), at: deferred.range, in: globals)
            }
        } else {
            value = try staticMember(of: type, deferred.name, arguments: deferred.arguments, at: deferred.range)
        }
        for step in deferred.chain {
            if let arguments = step.arguments {
                value = try callMethod(step.name, on: value, arguments, at: step.range, in: globals).0
            } else {
                value = try member(step.name, of: value, at: step.range, in: globals)
            }
        }
        return value
    }

    // MARK: - Conversions

    func truth(_ value: Value, at range: SourceRange) throws -> Bool {
        guard case .bool(let b) = value else { throw fail("expected a Bool, found \(value.typeName)", at: range) }
        return b
    }

    func double(_ value: Value, at range: SourceRange) throws -> Double {
        switch value {
        case .int(let n): return Double(n)
        case .double(let d): return d
        case .implicit(let deferred): return try double(resolve(deferred, as: "Double"), at: range)
        default: throw fail("expected a number, found \(value.typeName)", at: range)
        }
    }

    func int(_ value: Value, at range: SourceRange) throws -> Int {
        switch value {
        case .int(let n): return n
        default: throw fail("expected an Int, found \(value.typeName)", at: range)
        }
    }

    func string(_ value: Value, at range: SourceRange) throws -> String {
        guard case .string(let s) = value else { throw fail("expected a String, found \(value.typeName)", at: range) }
        return s
    }

    /// The last component's name of a named type (`Font.Weight` → `Font.Weight`, `Swift.Int` → `Int`).
    func typeName(_ type: TypeSyntax?) -> String? {
        guard let type else { return nil }
        switch type.kind {
        case .named(let components):
            let names = components.map(\.name).filter { $0 != "SwiftUI" && $0 != "Swift" && $0 != "Foundation" }
            return names.joined(separator: ".")
        case .optional(let inner), .implicitlyUnwrapped(let inner), .attributed(_, let inner), .inoutType(let inner): return typeName(inner)
        case .opaque(let inner), .existential(let inner): return typeName(inner)
        default: return nil
        }
    }

    /// `value` as a value of the declared `type`: literals widened, implicit members resolved.
    func coerce(_ value: Value, to type: TypeSyntax, at range: SourceRange) throws -> Value {
        switch type.kind {
        case .optional(let inner), .implicitlyUnwrapped(let inner):
            return value.isNull ? .null : try coerce(value, to: inner, at: range)
        case .array(let element):
            guard case .array(let items) = value else {
                if case .range(let low, let high) = value { return .array((low..<high).map { .int($0) }) }
                throw fail("expected an array, found \(value.typeName)", at: range)
            }
            return .array(try items.map { try coerce($0, to: element, at: range) })
        case .attributed(_, let inner), .inoutType(let inner):
            return try coerce(value, to: inner, at: range)
        case .named:
            break
        default:
            return value
        }
        guard let name = typeName(type) else { return value }
        switch (name, value) {
        case (_, .null): return value
        case ("Double", .int(let n)), ("CGFloat", .int(let n)), ("Float", .int(let n)), ("TimeInterval", .int(let n)): return .double(Double(n))
        case ("Double", .double), ("CGFloat", .double), ("Float", .double), ("TimeInterval", .double): return value
        case ("Int", .int), ("String", .string), ("Bool", .bool): return value
        case ("Int", _), ("String", _), ("Bool", _), ("Double", _), ("CGFloat", _), ("Float", _), ("TimeInterval", _):
            if case .implicit(let deferred) = value { return try resolve(deferred, as: name) }
            throw fail("cannot use a value of type \(value.typeName) as \(name)", at: range)
        case (_, .implicit(let deferred)):
            if ["View", "some View", "Equatable", "Hashable", "Sendable", "Any"].contains(name) { return value }
            return try resolve(deferred, as: name == "ShapeStyle" ? "AnyShapeStyle" : name)
        default: return value
        }
    }

    /// `value` as the same kind as `like` (a memberwise argument for a property whose type is its default's).
    func coerce(_ value: Value, like: Value, at range: SourceRange) throws -> Value {
        switch (like, value) {
        case (.double, .int(let n)): return .double(Double(n))
        case (.native(let native), .implicit(let deferred)): return try resolve(deferred, as: Value.nativeName(native))
        case (.enumCase(let enumValue), .implicit(let deferred)): return try resolve(deferred, as: enumValue.type.name)
        default: return value
        }
    }

    /// `String(describing:)` of a value, as interpolation prints it.
    func describe(_ value: Value) -> String {
        switch value {
        case .void: return "()"
        case .null: return "nil"
        case .int(let n): return String(n)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        case .string(let s): return s
        case .array(let items): return "[" + items.map { item in if case .string(let s) = item { "\"\(s)\"" } else { describe(item) } }.joined(separator: ", ") + "]"
        case .dictionary(let entries): return "[" + entries.map { "\(describe($0.key)): \(describe($0.value))" }.joined(separator: ", ") + "]"
        case .range(let low, let high): return "\(low)..<\(high)"
        case .tuple(let items): return "(" + items.map { ($0.label.map { "\($0): " } ?? "") + describe($0.value) }.joined(separator: ", ") + ")"
        case .native(let native): return String(describing: native)
        case .instance(let instance):
            return "\(instance.type.name)(" + instance.type.stored.map { "\($0.name): \(describe((try? instance.field($0.name, in: self)) ?? .null))" }.joined(separator: ", ") + ")"
        case .enumCase(let enumValue):
            return enumValue.associated.isEmpty ? enumValue.name : "\(enumValue.name)(" + enumValue.associated.map { describe($0.value) }.joined(separator: ", ") + ")"
        case .function: return "(Function)"
        case .type(let name): return name
        case .implicit(let deferred): return "." + deferred.name
        case .keyPath(let names): return "\\." + names.joined(separator: ".")
        }
    }

    /// `String(format:)` for `\(x, specifier: "%.1f")`, checked so that a wrong format cannot crash.
    func formatted(_ value: Value, _ format: String, at range: SourceRange) throws -> String {
        let conversions = format.filter { "diouxXeEfgGaAcsSp@n%".contains($0) }
        guard format.filter({ $0 == "%" }).count == 1, let conversion = format.drop(while: { $0 != "%" }).dropFirst().first(where: { $0.isLetter }),
              !"nsS@cp".contains(conversion), !conversions.isEmpty else {
            throw fail("the specifier \"\(format)\" is not one number format (like \"%.1f\" or \"%d\")", at: range)
        }
        if "dioxXu".contains(conversion) {
            return String(format: format, try int(value, at: range))
        }
        return String(format: format, try double(value, at: range))
    }
}
