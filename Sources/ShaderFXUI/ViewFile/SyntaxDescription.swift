// The syntax tree printed as compact S-expressions, for tests and for reading a parse:
//
//   1 + 2 * 3                      (+ 1 (* 2 3))
//   a.b(c, x: 1)                   (call (. a b) c x: 1)
//   VStack { Text("a") }           (call VStack => (closure (call Text "a")))
//   Button {} label: { Text("") }  (call Button => (closure) => label: (closure (call Text "")))
//   { a, b in a < b }              (closure a b in (< a b))
//   "n = \(n)"                     (string "n = " \(n))
//   .red, \.id, x!, a?.b           .red, (keypath .id), (force x), (. (? a) b)
//   c ? a : b, x as? Int, try f()  (?: c a b), (as? x Int), (try (call f))
//
// Types print in Swift's own spelling (`[String: Int]`, `some View`, `(Int) -> Void`).

extension ViewFileSyntax: CustomStringConvertible {
    /// `(file (import SwiftUI) DECLARATION... (view EXPR))`
    package var description: String {
        var parts = ["file"]
        parts += imports.map { "(import \($0.path.joined(separator: ".")))" }
        parts += declarations.map(\.description)
        if let view { parts.append("(view \(view))") }
        return "(" + parts.joined(separator: " ") + ")"
    }
}

extension Expr: CustomStringConvertible {
    package var description: String {
        switch kind {
        case .integer(let value): return String(value)
        case .float(let value): return String(value)
        case .string(let segments):
            if segments.count == 1, case .text(let text) = segments[0] { return quoted(text) }
            return "(string " + segments.map { segment in
                switch segment {
                case .text(let text): quoted(text)
                case .interpolation(let arguments, _): "\\(" + arguments.map(\.description).joined(separator: ", ") + ")"
                }
            }.joined(separator: " ") + ")"
        case .boolean(let value): return String(value)
        case .nilLiteral: return "nil"
        case .identifier(let name): return name
        case .discard: return "_"
        case .implicitMember(let name): return "." + name
        case .member(let base, let name): return "(. \(base) \(name))"
        case .call(let callee, let arguments, let trailing):
            var parts = ["call", callee.description] + arguments.map(\.description)
            parts += trailing.map { "=> " + ($0.label.map { "\($0): " } ?? "") + $0.closure.description }
            return "(" + parts.joined(separator: " ") + ")"
        case .subscripted(let base, let arguments):
            return "(" + (["subscript", base.description] + arguments.map(\.description)).joined(separator: " ") + ")"
        case .specialized(let base, let types):
            return "(specialize \(base) " + types.map(\.description).joined(separator: " ") + ")"
        case .keyPath(let root, let components):
            var text = "(keypath " + (root.map { "\($0) " } ?? "")
            text += components.map { component in
                switch component {
                case .property(let name): "." + name
                case .optional: "?"
                case .force: "!"
                case .subscripted(let arguments): "[" + arguments.map(\.description).joined(separator: ", ") + "]"
                }
            }.joined()
            return text + ")"
        case .prefix(let op, let operand): return "(\(op) \(operand))"
        case .postfix(let op, let operand): return "(postfix\(op) \(operand))"
        case .forceUnwrap(let operand): return "(force \(operand))"
        case .optionalChain(let operand): return "(? \(operand))"
        case .binary(let op, let lhs, let rhs): return "(\(op) \(lhs) \(rhs))"
        case .ternary(let condition, let a, let b): return "(?: \(condition) \(a) \(b))"
        case .cast(let value, let kind, let type): return "(\(kind.rawValue) \(value) \(type))"
        case .tryExpr(let kind, let value): return "(\(kind.rawValue) \(value))"
        case .await(let value): return "(await \(value))"
        case .closure(let closure): return closure.description
        case .array(let elements): return "(array" + elements.map { " \($0)" }.joined() + ")"
        case .dictionary(let pairs): return "(dictionary" + pairs.map { " (\($0.key) \($0.value))" }.joined() + ")"
        case .tuple(let elements): return "(tuple" + elements.map { " \($0)" }.joined() + ")"
        case .parenthesized(let inner): return inner.description
        case .operatorReference(let op): return "(operator \(op))"
        }
    }
}

/// A string literal as Swift writes it, escapes included.
private func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

extension Argument: CustomStringConvertible {
    package var description: String { (label.map { "\($0): " } ?? "") + value.description }
}

extension Closure: CustomStringConvertible {
    /// `(closure [captures] PARAMETERS -> T in STATEMENT...)`
    package var description: String {
        var parts = ["closure"]
        if !captures.isEmpty {
            parts.append("[" + captures.map { capture in
                (capture.specifier.map { "\($0) " } ?? "") + capture.name + (capture.value.map { " = \($0)" } ?? "")
            }.joined(separator: ", ") + "]")
        }
        if let parameters {
            let list = parameters.map { $0.name + ($0.type.map { ": \($0)" } ?? "") }
            if parenthesizedParameters {
                parts.append("(" + list.joined(separator: ", ") + ")")
            } else {
                parts += list
            }
            if isAsync { parts.append("async") }
            if isThrowing { parts.append("throws") }
            if let returnType { parts.append("-> \(returnType)") }
            parts.append("in")
        }
        parts += body.map(\.description)
        return "(" + parts.joined(separator: " ") + ")"
    }
}

extension TypeSyntax: CustomStringConvertible {
    package var description: String {
        switch kind {
        case .named(let components):
            return components.map { component in
                component.name + (component.genericArguments.isEmpty ? ""
                    : "<" + component.genericArguments.map(\.description).joined(separator: ", ") + ">")
            }.joined(separator: ".")
        case .optional(let wrapped): return "\(wrapped)?"
        case .implicitlyUnwrapped(let wrapped): return "\(wrapped)!"
        case .array(let element): return "[\(element)]"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .tuple(let elements): return "(" + elements.map(\.description).joined(separator: ", ") + ")"
        case .function(let parameters, let isAsync, let isThrowing, let result):
            return "(" + parameters.map(\.description).joined(separator: ", ") + ")"
                + (isAsync ? " async" : "") + (isThrowing ? " throws" : "") + " -> \(result)"
        case .opaque(let constraint): return "some \(constraint)"
        case .existential(let constraint): return "any \(constraint)"
        case .composition(let types): return types.map(\.description).joined(separator: " & ")
        case .metatype(let base, let word): return "\(base).\(word)"
        case .attributed(let attributes, let type): return attributes.map { "\($0) " }.joined() + type.description
        case .inoutType(let type): return "inout \(type)"
        case .variadic(let type): return "\(type)..."
        case .placeholder: return "_"
        }
    }
}

extension TupleTypeElement: CustomStringConvertible {
    package var description: String {
        (label.map { "\($0): " } ?? "") + type.description + (defaultValue.map { " = \($0)" } ?? "")
    }
}

extension Attribute: CustomStringConvertible {
    package var description: String {
        if let arguments { return "@\(name)(" + arguments.map(\.description).joined(separator: ", ") + ")" }
        if let rawArguments { return "@\(name)(\(rawArguments))" }
        return "@\(name)"
    }
}

extension Pattern: CustomStringConvertible {
    package var description: String {
        switch kind {
        case .named(let name): return name
        case .wildcard: return "_"
        case .tuple(let elements): return "(tuple" + elements.map { " " + ($0.label.map { "\($0): " } ?? "") + $0.pattern.description }.joined() + ")"
        case .binding(let isLet, let inner): return "(\(isLet ? "let" : "var") \(inner))"
        case .enumCase(let type, let name, let subpatterns):
            let head = (type.isEmpty ? "" : type.joined(separator: ".")) + "." + name
            guard let subpatterns else { return "(case \(head))" }
            return "(case \(head)" + subpatterns.map { " " + ($0.label.map { "\($0): " } ?? "") + $0.pattern.description }.joined() + ")"
        case .expression(let expr): return expr.description
        case .isType(let type): return "(is \(type))"
        case .cast(let pattern, let type): return "(as \(pattern) \(type))"
        case .typed(let pattern, let type): return "\(pattern): \(type)"
        case .optional(let pattern): return "\(pattern)?"
        }
    }
}

extension Stmt: CustomStringConvertible {
    package var description: String {
        switch kind {
        case .expression(let expr): return expr.description
        case .declaration(let decl): return decl.description
        case .ifStatement(let statement): return statement.description
        case .guardStatement(let conditions, let body):
            return "(guard" + conditions.map { " \($0)" }.joined() + " (else" + body.map { " \($0)" }.joined() + "))"
        case .forIn(let pattern, let sequence, let filter, let body):
            return "(for \(pattern) \(sequence)" + (filter.map { " (where \($0))" } ?? "") + " (do" + body.map { " \($0)" }.joined() + "))"
        case .whileLoop(let conditions, let body):
            return "(while" + conditions.map { " \($0)" }.joined() + " (do" + body.map { " \($0)" }.joined() + "))"
        case .repeatWhile(let body, let condition):
            return "(repeat (do" + body.map { " \($0)" }.joined() + ") \(condition))"
        case .switchStatement(let subject, let cases):
            return "(switch \(subject)" + cases.map { " \($0)" }.joined() + ")"
        case .returnStatement(let value): return value.map { "(return \($0))" } ?? "(return)"
        case .breakStatement(let label): return label.map { "(break \($0))" } ?? "(break)"
        case .continueStatement(let label): return label.map { "(continue \($0))" } ?? "(continue)"
        case .fallthroughStatement: return "(fallthrough)"
        case .throwStatement(let value): return "(throw \(value))"
        case .deferStatement(let body): return "(defer" + body.map { " \($0)" }.joined() + ")"
        case .doStatement(let body, let catches):
            return "(do" + body.map { " \($0)" }.joined() + catches.map { clause in
                " (catch" + (clause.pattern.map { " \($0)" } ?? "") + (clause.filter.map { " (where \($0))" } ?? "")
                    + clause.body.map { " \($0)" }.joined() + ")"
            }.joined() + ")"
        }
    }
}

extension IfStatement: CustomStringConvertible {
    /// `(if CONDITION... (then STATEMENT...) (else ...))`
    package var description: String {
        var text = "(if" + conditions.map { " \($0)" }.joined() + " (then" + body.map { " \($0)" }.joined() + ")"
        switch elseBranch {
        case .elseIf(let next): text += " (else \(next))"
        case .block(let body, _): text += " (else" + body.map { " \($0)" }.joined() + ")"
        case nil: break
        }
        return text + ")"
    }
}

extension Condition: CustomStringConvertible {
    package var description: String {
        switch kind {
        case .expression(let expr): return expr.description
        case .optionalBinding(let isLet, let pattern, let type, let value):
            return "(\(isLet ? "let" : "var") \(pattern)" + (type.map { ": \($0)" } ?? "") + (value.map { " = \($0)" } ?? "") + ")"
        case .matching(let pattern, let value): return "(case \(pattern) = \(value))"
        }
    }
}

extension SwitchCase: CustomStringConvertible {
    /// `(case PATTERN... (where F) (do STATEMENT...))` or `(default (do ...))`.
    package var description: String {
        (isDefault ? "(default" : "(case" + patterns.map { " \($0)" }.joined())
            + (filter.map { " (where \($0))" } ?? "") + " (do" + body.map { " \($0)" }.joined() + "))"
    }
}

extension Decl: CustomStringConvertible {
    package var description: String {
        switch kind {
        case .importDecl(let i): return "(import " + (i.kind.map { "\($0) " } ?? "") + i.path.joined(separator: ".") + ")"
        case .variable(let v): return v.description
        case .function(let f):
            var parts = f.attributes.map(\.description) + f.modifiers + ["func", f.name + genericList(f.genericParameters), parameterList(f.parameters)]
            if f.isAsync { parts.append("async") }
            if f.isThrowing { parts.append("throws") }
            if let returnType = f.returnType { parts.append("-> \(returnType)") }
            parts += requirementList(f.requirements)
            if let body = f.body { parts.append("(body" + body.map { " \($0)" }.joined() + ")") }
            return "(" + parts.joined(separator: " ") + ")"
        case .initializer(let i):
            var parts = i.attributes.map(\.description) + i.modifiers + ["init" + (i.failability ?? "") + genericList(i.genericParameters), parameterList(i.parameters)]
            if i.isAsync { parts.append("async") }
            if i.isThrowing { parts.append("throws") }
            parts += requirementList(i.requirements)
            if let body = i.body { parts.append("(body" + body.map { " \($0)" }.joined() + ")") }
            return "(" + parts.joined(separator: " ") + ")"
        case .type(let t):
            var head = t.name + genericList(t.genericParameters)
            if !t.inheritance.isEmpty { head += ": " + t.inheritance.map(\.description).joined(separator: ", ") }
            let parts = t.attributes.map(\.description) + t.modifiers + [t.keyword, head] + requirementList(t.requirements) + t.members.map(\.description)
            return "(" + parts.joined(separator: " ") + ")"
        case .enumCase(let c):
            return "(" + (c.modifiers + ["case"] + c.elements.map { element in
                element.name + (element.associatedValues.map { "(" + $0.map(\.description).joined(separator: ", ") + ")" } ?? "")
                    + (element.rawValue.map { " = \($0)" } ?? "")
            }).joined(separator: " ") + ")"
        case .extensionDecl(let e):
            var head = e.extendedType.description
            if !e.inheritance.isEmpty { head += ": " + e.inheritance.map(\.description).joined(separator: ", ") }
            let parts = e.attributes.map(\.description) + e.modifiers + ["extension", head] + requirementList(e.requirements) + e.members.map(\.description)
            return "(" + parts.joined(separator: " ") + ")"
        case .typeAlias(let a):
            return "(" + (a.modifiers + ["typealias", a.name + genericList(a.genericParameters), "=", a.type.description]).joined(separator: " ") + ")"
        case .preview(let p):
            return "(#Preview" + p.arguments.map { " \($0)" }.joined() + " (body" + p.body.map { " \($0)" }.joined() + "))"
        }
    }

    private func genericList(_ parameters: [GenericParameter]) -> String {
        parameters.isEmpty ? "" : "<" + parameters.map { $0.name + ($0.constraint.map { ": \($0)" } ?? "") }.joined(separator: ", ") + ">"
    }

    private func parameterList(_ parameters: [Parameter]) -> String {
        "(" + parameters.map { p in
            let names = p.label == p.name ? p.name : "\(p.label ?? "_") \(p.name)"
            return p.attributes.map { "\($0) " }.joined() + "\(names): \(p.type)" + (p.defaultValue.map { " = \($0)" } ?? "")
        }.joined(separator: ", ") + ")"
    }

    private func requirementList(_ requirements: [Requirement]) -> [String] {
        requirements.isEmpty ? [] : ["(where " + requirements.map { "\($0.subject) \($0.relation) \($0.constraint)" }.joined(separator: ", ") + ")"]
    }
}

extension VariableDecl: CustomStringConvertible {
    /// `(@State private var x: Int = 0)`, `(var body: some View (get ...))`
    package var description: String {
        let bindings = bindings.map { binding in
            var text = binding.pattern.description
            if let type = binding.type { text += ": \(type)" }
            if let initializer = binding.initializer { text += " = \(initializer)" }
            for accessor in binding.accessors {
                text += " (" + (accessor.modifiers + [accessor.kind]).joined(separator: " ")
                if let parameter = accessor.parameter { text += "(\(parameter))" }
                if let body = accessor.body { text += body.map { " \($0)" }.joined() } else { text += ";" }
                text += ")"
            }
            return text
        }.joined(separator: ", ")
        return "(" + (attributes.map(\.description) + modifiers + [isLet ? "let" : "var", bindings]).joined(separator: " ") + ")"
    }
}
