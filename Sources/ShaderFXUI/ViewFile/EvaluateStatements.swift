import Foundation

/// How a statement ended: normally, or by `return`, `break` or `continue`.
enum Flow {
    case normal
    case returned(Value)
    case broke(String?)
    case continued(String?)
}

extension Evaluation {
    /// Runs `statements` in `scope`, collecting the values of expression statements into
    /// `collected` (a view builder's block: the views it lists; a function's single expression).
    func run(_ statements: [Stmt], in scope: Scope, collecting collected: inout [Value]) throws -> Flow {
        for statement in statements {
            let flow = try run(statement, in: scope, collecting: &collected)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    /// Runs a function's or a builder's block: what `return` gives, else its one expression's
    /// value, else the views it lists (`TupleView`), else `Void`.
    func runBody(_ statements: [Stmt], in scope: Scope, range: SourceRange) throws -> Value {
        var collected: [Value] = []
        switch try run(statements, in: scope, collecting: &collected) {
        case .returned(let value): return value
        case .broke, .continued: throw fail("'break' or 'continue' outside a loop", at: range)
        case .normal: return try combine(collected, at: range)
        }
    }

    /// One value for a block's collected values.
    func combine(_ values: [Value], at range: SourceRange) throws -> Value {
        let values = values.filter { if case .void = $0 { false } else { true } }
        if values.isEmpty { return .void }
        if values.count == 1 { return values[0] }
        let views = try values.map { try view(of: $0, at: range) }
        return .native(AnyView(TupleView(value: (), views: views)))
    }

    func run(_ statement: Stmt, in scope: Scope, collecting collected: inout [Value]) throws -> Flow {
        try step(at: statement.range)
        switch statement.kind {
        case .expression(let expr):
            let value = try evaluate(expr, in: scope)
            if case .binary(let op, _, _) = expr.kind, op.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(op) {
                return .normal
            }
            collected.append(value)
            return .normal
        case .declaration(let decl):
            try declare(decl, in: scope)
            return .normal
        case .ifStatement(let statement):
            return try runIf(statement, in: scope, collecting: &collected)
        case .guardStatement(let conditions, let body):
            let inner = Scope(parent: scope)
            if try check(conditions, in: inner, binding: scope) { return .normal }
            var ignored: [Value] = []
            let flow = try run(body, in: inner, collecting: &ignored)
            if case .normal = flow { throw fail("'guard' body must not fall through: end it with 'return'", at: statement.range) }
            return flow
        case .forIn(let pattern, let sequence, let filter, let body):
            let items = try elements(of: try evaluate(sequence, in: scope), at: sequence.range)
            var iterations = 0
            for item in items {
                iterations += 1
                if iterations > Evaluation.maximumIterations {
                    throw fail("the loop ran more than \(Evaluation.maximumIterations) times: stopped", at: statement.range)
                }
                let inner = Scope(parent: scope)
                guard try bind(pattern, to: item, in: inner, at: statement.range) else { continue }
                if let filter, try !truth(evaluate(filter, in: inner), at: filter.range) { continue }
                switch try run(body, in: inner, collecting: &collected) {
                case .normal, .continued(nil): continue
                case .broke(nil): return .normal
                case let flow: return flow
                }
            }
            return .normal
        case .whileLoop(let conditions, let body):
            var iterations = 0
            while true {
                let inner = Scope(parent: scope)
                guard try check(conditions, in: inner, binding: inner) else { break }
                iterations += 1
                if iterations > Evaluation.maximumIterations {
                    throw fail("the loop ran more than \(Evaluation.maximumIterations) times: stopped", at: statement.range)
                }
                switch try run(body, in: inner, collecting: &collected) {
                case .normal, .continued(nil): continue
                case .broke(nil): return .normal
                case let flow: return flow
                }
            }
            return .normal
        case .repeatWhile(let body, let condition):
            var iterations = 0
            repeat {
                iterations += 1
                if iterations > Evaluation.maximumIterations {
                    throw fail("the loop ran more than \(Evaluation.maximumIterations) times: stopped", at: statement.range)
                }
                let inner = Scope(parent: scope)
                switch try run(body, in: inner, collecting: &collected) {
                case .normal, .continued(nil): break
                case .broke(nil): return .normal
                case let flow: return flow
                }
            } while try truth(evaluate(condition, in: scope), at: condition.range)
            return .normal
        case .switchStatement(let subject, let cases):
            let value = try evaluate(subject, in: scope)
            for (index, switchCase) in cases.enumerated() {
                let inner = Scope(parent: scope)
                var matched = switchCase.isDefault
                for pattern in switchCase.patterns where !matched {
                    matched = try bind(pattern, to: value, in: inner, at: pattern.range)
                }
                if matched, let filter = switchCase.filter, try !truth(evaluate(filter, in: inner), at: filter.range) { matched = false }
                guard matched else { continue }
                var flow = try run(switchCase.body, in: inner, collecting: &collected)
                var next = index + 1
                while case .normal = flow, switchCase.body.last.map(isFallthrough) == true, next < cases.count {
                    flow = try run(cases[next].body, in: Scope(parent: scope), collecting: &collected)
                    next += 1
                }
                if case .broke(nil) = flow { return .normal }
                return flow
            }
            throw fail("no case of the 'switch' matches \(describe(value))", at: statement.range)
        case .returnStatement(let expr):
            return .returned(try expr.map { try evaluate($0, in: scope) } ?? .void)
        case .breakStatement(let label):
            return .broke(label)
        case .continueStatement(let label):
            return .continued(label)
        case .fallthroughStatement:
            return .normal
        case .throwStatement:
            throw fail("'throw' in a view file: nothing catches it", at: statement.range)
        case .deferStatement:
            note("defer: accepted and ignored")
            return .normal
        case .doStatement(let body, _):
            return try run(body, in: Scope(parent: scope), collecting: &collected)
        }
    }

    private func isFallthrough(_ statement: Stmt) -> Bool {
        if case .fallthroughStatement = statement.kind { return true }
        return false
    }

    func runIf(_ statement: IfStatement, in scope: Scope, collecting collected: inout [Value]) throws -> Flow {
        let inner = Scope(parent: scope)
        if try check(statement.conditions, in: inner, binding: inner) {
            return try run(statement.body, in: inner, collecting: &collected)
        }
        switch statement.elseBranch {
        case .none: return .normal
        case .elseIf(let next): return try runIf(next, in: scope, collecting: &collected)
        case .block(let body, _): return try run(body, in: Scope(parent: scope), collecting: &collected)
        }
    }

    /// Whether every condition holds, binding `if let` names into `target`.
    func check(_ conditions: [Condition], in scope: Scope, binding target: Scope) throws -> Bool {
        for condition in conditions {
            switch condition.kind {
            case .expression(let expr):
                if try !truth(evaluate(expr, in: scope), at: expr.range) { return false }
            case .optionalBinding(let isLet, let pattern, let type, let expr):
                let value: Value
                if let expr {
                    value = try evaluate(expr, in: scope)
                } else if case .named(let name) = pattern.kind {
                    value = try lookup(name, in: scope, at: pattern.range)
                } else {
                    throw fail("'if let' needs a name", at: condition.range)
                }
                if value.isNull { return false }
                let coerced = try type.map { try coerce(value, to: $0, at: condition.range) } ?? value
                guard try bind(pattern, to: coerced, in: target, at: condition.range, isLet: isLet) else { return false }
            case .matching(let pattern, let expr):
                if try !bind(pattern, to: evaluate(expr, in: scope), in: target, at: condition.range) { return false }
            }
        }
        return true
    }

    /// Whether `value` matches `pattern`, binding the names it names in `scope`.
    func bind(_ pattern: Pattern, to value: Value, in scope: Scope, at range: SourceRange, isLet: Bool = true) throws -> Bool {
        switch pattern.kind {
        case .named(let name):
            scope.variables[name] = Box(value, isLet: isLet)
            return true
        case .wildcard:
            return true
        case .binding(let isLet, let inner):
            return try bind(inner, to: value, in: scope, at: range, isLet: isLet)
        case .typed(let inner, let type):
            return try bind(inner, to: coerce(value, to: type, at: pattern.range), in: scope, at: range, isLet: isLet)
        case .optional(let inner):
            if value.isNull { return false }
            return try bind(inner, to: value, in: scope, at: range, isLet: isLet)
        case .tuple(let elements):
            let parts: [Value]
            switch value {
            case .tuple(let items) where items.count == elements.count: parts = items.map(\.value)
            default: throw fail("a tuple pattern of \(elements.count) elements cannot match \(describe(value))", at: pattern.range)
            }
            for (element, part) in zip(elements, parts) {
                if try !bind(element.pattern, to: part, in: scope, at: range, isLet: isLet) { return false }
            }
            return true
        case .enumCase(_, let name, let subpatterns):
            switch value {
            case .enumCase(let enumValue):
                guard enumValue.name == name else {
                    if enumValue.type.cases[name] == nil {
                        throw unknown("case '\(name)' in enum \(enumValue.type.name)", name, candidates: enumValue.type.caseOrder, at: pattern.range)
                    }
                    return false
                }
                guard let subpatterns else { return true }
                guard subpatterns.count == enumValue.associated.count else {
                    throw fail("case '\(name)' has \(enumValue.associated.count) associated values, the pattern \(subpatterns.count)", at: pattern.range)
                }
                for (sub, part) in zip(subpatterns, enumValue.associated) {
                    if try !bind(sub.pattern, to: part.value, in: scope, at: range, isLet: isLet) { return false }
                }
                return true
            case .null where name == "none":
                return true
            case .null:
                return false
            default:
                if name == "some", let subpatterns, subpatterns.count == 1 {
                    return try bind(subpatterns[0].pattern, to: value, in: scope, at: range, isLet: isLet)
                }
                let resolved = try resolve(Deferred(name: name, arguments: nil, chain: [], range: pattern.range), like: value, at: pattern.range)
                return try equal(resolved, value, at: pattern.range)
            }
        case .expression(let expr):
            let candidate = try evaluate(expr, in: scope)
            if case .range(let low, let high) = candidate, case .int(let n) = value { return n >= low && n < high }
            if case .native(let closed as ClosedRange<Double>) = candidate, let number = try? double(value, at: range) {
                return closed.contains(number)
            }
            return try equal(candidate, value, at: expr.range)
        case .isType(let type):
            return matches(value, type: type)
        case .cast(let inner, let type):
            guard matches(value, type: type) else { return false }
            return try bind(inner, to: value, in: scope, at: range, isLet: isLet)
        }
    }

    /// Whether `value` is of `type`, as `is` and `as?` ask.
    func matches(_ value: Value, type: TypeSyntax) -> Bool {
        guard let name = typeName(type) else { return true }
        switch (name, value) {
        case ("Int", .int), ("Double", .double), ("CGFloat", .double), ("Float", .double), ("String", .string), ("Bool", .bool): return true
        case (_, .instance(let instance)): return instance.type.name == name || instance.type.conformances.contains(name)
        case (_, .enumCase(let enumValue)): return enumValue.type.name == name
        case (_, .native(let native)): return Value.nativeName(native) == name
        default: return false
        }
    }

    /// The sequence a `for` loop walks.
    func elements(of value: Value, at range: SourceRange) throws -> [Value] {
        switch value {
        case .array(let items): return items
        case .range(let low, let high):
            guard high > low else { return [] }
            if high - low > Evaluation.maximumIterations {
                throw fail("the range \(low)..<\(high) has more than \(Evaluation.maximumIterations) elements", at: range)
            }
            return (low..<high).map { .int($0) }
        case .dictionary(let entries): return entries.map { .tuple([("key", $0.key), ("value", $0.value)]) }
        case .string(let text): return text.map { .string(String($0)) }
        default: throw fail("\(value.typeName) is not a sequence a 'for' loop can walk", at: range)
        }
    }

    /// Declares a local or top-level `let`, `var`, function or type in `scope`.
    func declare(_ decl: Decl, in scope: Scope) throws {
        switch decl.kind {
        case .variable(let variable):
            for binding in variable.bindings {
                if !binding.accessors.isEmpty, binding.initializer == nil {
                    // A local computed variable: evaluated when read.
                    guard case .named(let name) = binding.pattern.kind else { continue }
                    let getter = binding.accessors.first { $0.kind == "get" }?.body ?? []
                    scope.variables[name] = Box(.function(Function(name: name, parameters: [], anonymous: false, body: .statements(getter),
                                                                   scope: scope, returnType: binding.type, range: binding.range)),
                                                isLet: true, type: nil)
                    computedLocals.insert(ObjectIdentifier(scope.variables[name]!))
                    continue
                }
                var value: Value = .null
                if let initializer = binding.initializer {
                    value = try evaluate(initializer, in: scope, hint: binding.type.flatMap(typeName))
                    if let type = binding.type { value = try coerce(value, to: type, at: initializer.range) }
                } else if variable.isLet, binding.type == nil {
                    throw fail("'let' needs a value", at: binding.range)
                }
                if case .named(let name) = binding.pattern.kind {
                    scope.variables[name] = Box(value, isLet: variable.isLet, type: binding.type)
                } else if try !bind(binding.pattern, to: value, in: scope, at: binding.range, isLet: variable.isLet) {
                    throw fail("the value does not match the pattern", at: binding.range)
                }
            }
        case .function(let function):
            scope.variables[function.name] = Box(.function(makeFunction(function, scope: scope)), isLet: true)
        case .type(let type):
            try register(type, at: decl.range)
        case .extensionDecl(let extensionDecl):
            try register(extensionDecl, at: decl.range)
        case .importDecl, .typeAlias, .preview, .enumCase, .initializer:
            break
        }
    }

    func makeFunction(_ function: FunctionDecl, scope: Scope) -> Function {
        Function(name: function.name, parameters: function.parameters.map { ($0.label, $0.name, $0.type, $0.defaultValue) },
                 anonymous: false, body: .statements(function.body ?? []), scope: scope, returnType: function.returnType,
                 range: function.body?.first?.range ?? SourceRange(file: file, start: .start, end: .start))
    }
}
