/// Array parameters written by their function: C++ passes arrays by address, so the caller sees the
/// writes; GLSL passes them by value, so such parameters become `inout`.
extension Semantic {
    /// The root variable name of an lvalue expression (`a[i].x` → `a`).
    private func rootName(_ e: Expr) -> String? {
        switch e.kind {
        case .ident(let n): return n
        case .index(let b, _), .member(let b, _): return rootName(b)
        default: return nil
        }
    }

    private struct Uses {
        var written: Set<String> = []
        /// (callee, argument index, variable passed bare).
        var passed: [(String, Int, String)] = []
    }

    private func scan(_ e: Expr, _ u: inout Uses) {
        switch e.kind {
        case .assign(_, let l, let r):
            if let n = rootName(l) { u.written.insert(n) }
            scan(l, &u); scan(r, &u)
        case .unary(let op, let a):
            if op == .increment || op == .decrement || op == .address, let n = rootName(a) { u.written.insert(n) }
            scan(a, &u)
        case .postfix(_, let a):
            if let n = rootName(a) { u.written.insert(n) }
            scan(a, &u)
        case .call(let c, let args):
            var calleeName: String?
            if case .ident(let n) = c.kind { calleeName = n }
            if case .templateIdent(let n, _) = c.kind { calleeName = n }
            if let name = calleeName {
                for (k, a) in args.enumerated() {
                    if case .ident(let n) = a.kind { u.passed.append((name, k, n)) }
                    if (name == "modf" || name == "sincos") && k == 1, let n = rootName(a) { u.written.insert(n) }
                }
            } else if case .member(let obj, let m) = c.kind {
                // obj.method(...) may write obj; arguments as for calls.
                if let n = rootName(obj) { u.passed.append(("." + m, 0, n)) }
                for (k, a) in args.enumerated() { if case .ident(let n) = a.kind { u.passed.append(("." + m, k + 1, n)) } }
                scan(obj, &u)
            } else { scan(c, &u) }
            for a in args { scan(a, &u) }
        case .construct(_, let args), .initList(let args):
            for a in args { scan(a, &u) }
        case .asType(_, let a), .member(let a, _), .arrow(let a, _), .designated(_, let a):
            scan(a, &u)
        case .index(let a, let b), .binary(_, let a, let b), .comma(let a, let b):
            scan(a, &u); scan(b, &u)
        case .ternary(let a, let b, let c):
            scan(a, &u); scan(b, &u); scan(c, &u)
        case .intLit, .floatLit, .boolLit, .ident, .templateIdent, .lambda, .enumerator, .numericLimits, .sizeOf, .sizeOfValue:
            // sizeof's operand is not evaluated, so it writes nothing.
            break
        case .qualified(_, let a), .cast(_, _, let a):
            scan(a, &u)
        }
    }

    private func scan(_ s: Stmt, _ u: inout Uses) {
        switch s.kind {
        case .block(let items): for i in items { scan(i, &u) }
        case .decl(let vars):
            for v in vars { if let i = v.initializer { scan(i, &u) } }
        case .expr(let e), .caseLabel(let e): scan(e, &u)
        case .ifElse(let c, let a, let b):
            scan(c, &u); scan(a, &u); if let b { scan(b, &u) }
        case .forLoop(let i, let c, let st, let b):
            if let i { scan(i, &u) }; if let c { scan(c, &u) }; if let st { scan(st, &u) }; scan(b, &u)
        case .rangeFor(_, let r, let b):
            scan(r, &u); scan(b, &u)
        case .whileLoop(let c, let b), .doWhile(let b, let c):
            scan(c, &u); scan(b, &u)
        case .switchStmt(let c, let b):
            scan(c, &u); scan(b, &u)
        case .returnStmt(let e): if let e { scan(e, &u) }
        case .defaultLabel, .breakStmt, .continueStmt, .discard, .empty, .structDecl, .usingNamespace, .staticAssert: break
        }
    }

    /// Marks array parameters that their function writes (directly, or by passing them to a function
    /// that writes its parameter) as references, so they become GLSL `inout`.
    /// The array parameters a function made after the others (an instance for the sizes it is
    /// called with) writes: directly, or by passing them on to a function (taken to write them).
    func markWrittenArrayParameters(of f: FuncInfo) {
        guard let body = f.decl.body else { return }
        var u = Uses()
        scan(body, &u)
        for k in f.params.indices where f.params[k].type.isArray && !f.params[k].isReference {
            guard !f.decl.params.indices.contains(k) || !f.decl.params[k].type.isConst else { continue }
            let name = f.params[k].name
            if u.written.contains(name) || u.passed.contains(where: { $0.2 == name }) { f.params[k].isReference = true }
        }
    }

    func markWrittenArrayParameters() {
        var uses: [Int: Uses] = [:]
        for f in allFunctions {
            guard let body = f.decl.body, f.params.contains(where: { $0.type.isArray }) else { continue }
            var u = Uses()
            scan(body, &u)
            uses[f.id] = u
        }
        var changed = true
        while changed {
            changed = false
            for f in allFunctions {
                guard let u = uses[f.id] else { continue }
                for k in f.params.indices where f.params[k].type.isArray && !f.params[k].isReference {
                    let name = f.params[k].name
                    guard !f.decl.params.indices.contains(k) || !f.decl.params[k].type.isConst else { continue }
                    var written = u.written.contains(name)
                    if !written {
                        for (callee, i, n) in u.passed where n == name {
                            let candidates = callee.hasPrefix(".") ? allFunctions.filter { $0.decl.name.hasSuffix("::" + callee.dropFirst()) }
                                                                   : (functions[callee] ?? [])
                            if candidates.contains(where: { i < $0.params.count && $0.params[i].type.isArray && $0.params[i].isReference }) {
                                written = true
                            }
                        }
                    }
                    if written {
                        f.params[k].isReference = true
                        changed = true
                    }
                }
            }
        }
    }
}
