/// Prints a lowered ``GProgram`` as GLSL text with a line map. It makes no decisions.
struct Emitter {
    private var lines: [String] = []
    private var map: [MetalSourceLocation?] = []

    static func emit(_ program: GProgram) -> MetalTranslation {
        var e = Emitter()
        e.line("// Translated from Metal by ShaderFXMetal.", nil)
        for s in program.structs {
            e.line("struct \(s.name) {", s.loc)
            for m in s.members { e.line("    \(m.type.spelling) \(m.name)\(Emitter.suffix(m.arraySize));", m.loc) }
            e.line("};", s.loc)
        }
        for g in program.globals {
            e.line("const \(g.type.spelling) \(g.name)\(Emitter.suffix(g.arraySize)) = \(Emitter.expr(g.value, 2));", g.loc)
        }
        for h in program.helpers {
            for l in h.split(separator: "\n", omittingEmptySubsequences: false) { e.line(String(l), nil) }
        }
        var stitchable = program.stitchable
        for f in program.functions {
            for (p, loc) in f.pragmas { e.line(p, loc) }
            for k in stitchable.indices where stitchable[k].name == f.name { stitchable[k].signature?.line = e.lines.count + 1 }
            let params = f.params.map { ($0.qualifier == .none ? "" : $0.qualifier.rawValue + " ") + "\($0.type.spelling) \($0.name)\(Emitter.suffix($0.arraySize))" }
            e.line("\(f.returnType.spelling) \(f.name)(\(params.joined(separator: ", "))) {", f.loc)
            for s in f.body { e.stmt(s, 1) }
            e.line("}", f.loc)
        }
        return MetalTranslation(glsl: e.lines.joined(separator: "\n") + "\n", functions: stitchable, lineMap: e.map)
    }

    private mutating func line(_ text: String, _ loc: MetalSourceLocation?) {
        lines.append(text)
        map.append(loc)
    }

    private static func indent(_ n: Int) -> String { String(repeating: "    ", count: n) }

    private static func suffix(_ arraySize: Int?) -> String { arraySize.map { "[\($0)]" } ?? "" }

    private static func declText(_ isConst: Bool, _ type: GType, _ items: [GDeclarator]) -> String {
        // Initializers are assignment-expressions: a comma expression needs parentheses.
        let parts = items.map { "\($0.name)\(suffix($0.arraySize))" + ($0.initializer.map { " = " + expr($0, 2) } ?? "") }
        return (isConst ? "const " : "") + type.spelling + " " + parts.joined(separator: ", ")
    }

    private mutating func stmt(_ s: GStmt, _ depth: Int) {
        let ind = Emitter.indent(depth)
        switch s.kind {
        case .decl(let isConst, let type, let items):
            line(ind + Emitter.declText(isConst, type, items) + ";", s.loc)
        case .expr(let e):
            line(ind + Emitter.expr(e) + ";", s.loc)
        case .block(let body):
            line(ind + "{", s.loc)
            for b in body { stmt(b, depth + 1) }
            line(ind + "}", s.loc)
        case .ifElse(let c, let a, let b):
            line(ind + "if (\(Emitter.expr(c))) {", s.loc)
            body(a, depth)
            var elseBranch = b
            while var e = elseBranch {
                if case .block(let inner) = e.kind, inner.count == 1, case .ifElse = inner[0].kind { e = inner[0] }
                if case .ifElse(let c2, let a2, let b2) = e.kind {
                    line(ind + "} else if (\(Emitter.expr(c2))) {", e.loc)
                    body(a2, depth)
                    elseBranch = b2
                } else {
                    line(ind + "} else {", e.loc)
                    body(e, depth)
                    elseBranch = nil
                }
            }
            line(ind + "}", s.loc)
        case .forLoop(let i, let c, let step, let b):
            var initText = ""
            if let i {
                switch i.kind {
                case .decl(let isConst, let type, let items): initText = Emitter.declText(isConst, type, items)
                case .expr(let e): initText = Emitter.expr(e)
                default: break
                }
            }
            let cond = c.map { " " + Emitter.expr($0) } ?? ""
            let stepText = step.map { " " + Emitter.expr($0) } ?? ""
            line(ind + "for (\(initText);\(cond);\(stepText)) {", s.loc)
            body(b, depth)
            line(ind + "}", s.loc)
        case .whileLoop(let c, let b):
            line(ind + "while (\(Emitter.expr(c))) {", s.loc)
            body(b, depth)
            line(ind + "}", s.loc)
        case .doWhile(let b, let c):
            line(ind + "do {", s.loc)
            body(b, depth)
            line(ind + "} while (\(Emitter.expr(c)));", s.loc)
        case .switchStmt(let c, let items):
            line(ind + "switch (\(Emitter.expr(c))) {", s.loc)
            for item in items {
                if case .caseLabel = item.kind { stmt(item, depth + 1) } else { stmt(item, depth + 2) }
            }
            line(ind + "}", s.loc)
        case .caseLabel(let e):
            line(ind + (e.map { "case \(Emitter.expr($0)):" } ?? "default:"), s.loc)
        case .breakStmt: line(ind + "break;", s.loc)
        case .continueStmt: line(ind + "continue;", s.loc)
        case .returnStmt(let e): line(ind + (e.map { "return \(Emitter.expr($0));" } ?? "return;"), s.loc)
        case .discard: line(ind + "discard;", s.loc)
        }
    }

    /// Prints the statements of a braced body (the braces are printed by the caller).
    private mutating func body(_ s: GStmt, _ depth: Int) {
        if case .block(let items) = s.kind {
            for i in items { stmt(i, depth + 1) }
        } else {
            stmt(s, depth + 1)
        }
    }

    // MARK: Expressions

    /// GLSL's binding strengths: C's order (`BinaryOperator.precedence`), above the ternary's 3
    /// (GLSL's `^^`, between `||` and `&&`, is never printed).
    static func binaryPrecedence(_ op: BinaryOperator) -> Int { op.precedence + 4 }

    static func precedence(_ e: GExpr) -> Int {
        switch e {
        case .comma: return 1
        case .assign: return 2
        case .ternary: return 3
        case .binary(let op, _, _): return binaryPrecedence(op)
        case .unary: return 15
        case .literal(let l): return l.spelling.hasPrefix("-") ? 15 : 17
        case .postfix, .call, .construct, .member, .index: return 16
        case .name: return 17
        case .convert(let to, let from, let inner): return to.glsl == from.glsl ? precedence(inner) : 16
        }
    }

    /// Prints `e`, parenthesised when its precedence is below `minPrec`.
    static func expr(_ e: GExpr, _ minPrec: Int = 0) -> String {
        let p = precedence(e)
        let text: String
        switch e {
        case .literal(let l): text = l.spelling
        case .name(let s): text = s
        case .call(let f, let args): text = f.spelling + "(" + args.map { expr($0, 2) }.joined(separator: ", ") + ")"
        case .construct(let t, let size, let args):
            text = t.spelling + suffix(size) + "(" + args.map { expr($0, 2) }.joined(separator: ", ") + ")"
        case .unary(let op, let a):
            var inner = expr(a, 15)
            if let f = inner.first, (op == .negate && f == "-") || (op == .plus && f == "+") { inner = "(" + inner + ")" }
            text = op.rawValue + inner
        case .postfix(let op, let a): text = expr(a, 16) + op.rawValue
        case .binary(let op, let l, let r):
            // Mixed bitwise / shift / comparison operands get parentheses for readability.
            let lp = (p <= 12 && precedence(l) < 15 && precedence(l) != p) ? 99 : p
            let rp = (p <= 12 && precedence(r) < 15) ? 99 : p + 1
            text = expr(l, lp) + " " + op.rawValue + " " + expr(r, rp)
        case .ternary(let c, let a, let b): text = expr(c, 4) + " ? " + expr(a, 2) + " : " + expr(b, 3)
        case .member(let b, let m): text = expr(b, 16) + "." + m
        case .index(let b, let i): text = expr(b, 16) + "[" + expr(i, 0) + "]"
        case .assign(let op, let l, let r): text = expr(l, 15) + " " + op.rawValue + " " + expr(r, 2)
        case .comma(let a, let b): text = expr(a, 1) + ", " + expr(b, 2)
        case .convert(let to, let from, let inner):
            text = to.glsl == from.glsl ? expr(inner, p) : to.glsl + "(" + expr(inner, 2) + ")"
        }
        return p < minPrec ? "(" + text + ")" : text
    }
}
