/// Statement analysis: each statement of the AST becomes typed statements (``TStmt``) whose
/// variables are symbols (``TVariable``); ``GLSLLowering`` names them and lowers them to GLSL.
extension Semantic {
    func withScope<T>(_ body: () throws(MetalError) -> T) throws(MetalError) -> T {
        scopes.append([:])
        defer { scopes.removeLast() }
        return try body()
    }

    /// Analyses a statement to zero or more typed statements.
    func analyzeStmt(_ s: Stmt) throws(MetalError) -> [TStmt] {
        switch s.kind {
        case .empty: return []
        case .staticAssert(let condition, let message):
            try checkStaticAssert(condition, message, s.loc)
            return []
        case .structDecl, .usingNamespace:
            throw error(.internalError, s.loc, "internal error: a statement reached semantic analysis without being lowered")
        case .block(let items):
            let body = try withScope { () throws(MetalError) -> [TStmt] in try analyzeStmts(items) }
            return [TStmt(.block(body), s.loc)]
        case .decl(let vars):
            let items = try analyzeDecl(vars)
            return items.isEmpty ? [] : [TStmt(.declaration(items), s.loc)]
        case .expr(let e):
            let te = try lowerExpr(e)
            if case .assign(let op, let target, let value) = te.node.kind {
                return [TStmt(.assignment(op, target: TE(target), value: value), s.loc)]
            }
            return [TStmt(.expression(te), s.loc)]
        case .ifElse(let c, let a, let b):
            let cond = try condition(c)
            let then = try asBlock(a)
            let els = try b.map { (x: Stmt) throws(MetalError) -> TStmt in try asBlock(x) }
            return [TStmt(.ifElse(cond, then, els), s.loc)]
        case .whileLoop(let c, let body):
            let cond = try condition(c)
            loopDepth += 1
            defer { loopDepth -= 1 }
            return [TStmt(.whileLoop(cond, try asBlock(body)), s.loc)]
        case .doWhile(let body, let c):
            loopDepth += 1
            let b = try asBlock(body)
            loopDepth -= 1
            let cond = try condition(c)
            return [TStmt(.doWhile(b, cond), s.loc)]
        case .forLoop(let i, let c, let step, let body):
            return try withScope { () throws(MetalError) -> [TStmt] in
                var initS: TStmt?
                if let i {
                    initS = try analyzeStmt(i).first
                    if let initS, case .declaration(let items) = initS.kind,
                       !items.allSatisfy({ $0.isConst == items[0].isConst && $0.variable.type.innermost.glslType == items[0].variable.type.innermost.glslType }) {
                        // `int i = 0, j = 2` is one GLSL declaration: the types must agree.
                        throw error(.unsupportedConstruct, i.loc, "for-loop declarations of different types are not supported in GLSL")
                    }
                }
                let cond = try c.map { (x: Expr) throws(MetalError) -> TE in try condition(x) }
                let st = try step.map { (x: Expr) throws(MetalError) -> TE in try lowerExpr(x) }
                loopDepth += 1
                defer { loopDepth -= 1 }
                return [TStmt(.forLoop(initS, cond, st, try asBlock(body)), s.loc)]
            }
        case .rangeFor(let v, let rangeExpr, let body):
            return try withScope { () throws(MetalError) -> [TStmt] in
                let range = try lowerExpr(rangeExpr)
                guard case .array(let elem, let n) = range.type, range.subarray == nil else {
                    throw error(.typeMismatch, rangeExpr.loc, "range-based for needs an array, not '\(range.type.metal)'")
                }
                guard isPure(range.node) else { throw error(.unsupportedConstruct, rangeExpr.loc, "range-based for over an expression with side effects is not supported") }
                if v.type.isReference && !v.type.isConst {
                    throw error(.unsupportedConstruct, v.loc, "range-based for with a non-const reference is not supported; index the array")
                }
                let elemType: MType = v.type.name == "auto" ? elem : try resolve(v.type)
                let index = TVariable("i", .int, .loopIndex, s.loc)
                let value = try convert(TE(node: .index(range.node, .variable(index)), type: elem), to: elemType, v.loc)
                let element = TVariable(v.name, elemType, .local, v.loc)
                let loopBody = try withScope { () throws(MetalError) -> [TStmt] in
                    try declareLocal(v.name, VarInfo(type: elemType, symbol: element, isConst: v.isConstant, loc: v.loc), v.loc)
                    var out: [TStmt] = [TStmt(.declaration([TDeclarator(variable: element, isConst: false, value: value)]), v.loc)]
                    loopDepth += 1
                    defer { loopDepth -= 1 }
                    if case .block(let items) = body.kind {
                        out += try analyzeStmts(items)
                    } else {
                        out += try analyzeStmt(body)
                    }
                    return out
                }
                let initS = TStmt(.declaration([TDeclarator(variable: index, isConst: false, value: TE(.int(0)))]), s.loc)
                let cond = TE(node: .binary(.less, .variable(index), .int(Int64(n))), type: .bool)
                let step = TE(node: .unary(.increment, .variable(index)), type: .int)
                return [TStmt(.forLoop(initS, cond, step, TStmt(.block(loopBody), body.loc)), s.loc)]
            }
        case .switchStmt(let c, let body):
            var sel = try lowerExpr(c)
            guard let sc = sel.type.scalar, sel.type.isScalar else {
                throw error(.typeMismatch, c.loc, "switch condition must be an integer, not '\(sel.type.metal)'")
            }
            if sc.isFloat { throw error(.typeMismatch, c.loc, "switch condition must be an integer, not '\(sel.type.metal)'") }
            // C promotes the selector: a `bool` or narrow integer switches as an `int`.
            if sc.promoted != sc { sel = try convert(sel, to: .int, c.loc) }
            guard case .block(let items) = body.kind else { throw error(.semantic, body.loc, "switch body must be a block") }
            switchDepth += 1
            defer { switchDepth -= 1 }
            let out = try withScope { () throws(MetalError) -> [TStmt] in
                var out: [TStmt] = []
                var sawLabel = false
                var values: Set<Int64> = []
                for i in items {
                    switch i.kind {
                    case .caseLabel(let e):
                        guard let v = constInt(e) else { throw error(.semantic, e.loc, "case label must be an integer constant") }
                        if !values.insert(v).inserted { throw error(.semantic, e.loc, "duplicate case value \(v)") }
                        let lab: GLiteral = sel.type == .uint ? .uint(UInt64(UInt32(truncatingIfNeeded: v))) : .int(Int64(Int32(truncatingIfNeeded: v)))
                        out.append(TStmt(.caseLabel(lab), i.loc))
                        sawLabel = true
                    case .defaultLabel:
                        out.append(TStmt(.caseLabel(nil), i.loc))
                        sawLabel = true
                    default:
                        if !sawLabel { throw error(.semantic, i.loc, "statement before the first case label of a switch") }
                        out += try analyzeStmt(i)
                    }
                }
                // GLSL requires a statement after the last label.
                if let last = out.last, case .caseLabel = last.kind { out.append(TStmt(.breakStmt, last.loc)) }
                return out
            }
            return [TStmt(.switchStmt(sel, out), s.loc)]
        case .caseLabel, .defaultLabel:
            throw error(.semantic, s.loc, "case label outside of a switch body (or inside a nested block, which GLSL does not allow)")
        case .breakStmt:
            if loopDepth == 0 && switchDepth == 0 { throw error(.semantic, s.loc, "'break' outside of a loop or switch") }
            return [TStmt(.breakStmt, s.loc)]
        case .continueStmt:
            if loopDepth == 0 { throw error(.semantic, s.loc, "'continue' outside of a loop") }
            return [TStmt(.continueStmt, s.loc)]
        case .returnStmt(let e):
            guard let f = current else { return [] }
            if f.deducesReturnType, let e {
                let v = try lowerExpr(e)
                f.returnType = v.type
                f.deducesReturnType = false
                return [TStmt(.returnStmt(try convert(v, to: v.type, e.loc)), s.loc)]
            }
            if f.deducesReturnType { f.returnType = .void; f.deducesReturnType = false }
            if let e {
                if f.returnType == .void { throw error(.semantic, e.loc, "void function '\(f.decl.name)' should not return a value") }
                return [TStmt(.returnStmt(try lowerInitializer(e, to: f.returnType)), s.loc)]
            }
            if f.returnType != .void { throw error(.semantic, s.loc, "non-void function '\(f.decl.name)' should return a value") }
            return [TStmt(.returnStmt(nil), s.loc)]
        case .discard:
            return [TStmt(.discard, s.loc)]
        }
    }

    /// The statements of a block (a function body, or one nested in it), in the current scope.
    /// Each statement that fails is an error of its own, as long as going on is sound
    /// (``resumeAfterError``): the block fails with the first error and the others after it.
    func analyzeStmts(_ items: [Stmt]) throws(MetalError) -> [TStmt] {
        var out: [TStmt] = []
        var errors: [MetalError] = []
        let (function, depth, loops, switches) = (current, scopes.count, loopDepth, switchDepth)
        for i in items {
            do throws(MetalError) {
                out += try analyzeStmt(i)
            } catch {
                errors += [error] + error.moreErrors
                // The statement's own scopes end with it; state it left otherwise ends the block here.
                guard current === function, scopes.count >= depth else { break }
                scopes.removeLast(scopes.count - depth)
                (loopDepth, switchDepth) = (loops, switches)
                guard errors.count < MetalError.errorLimit, resumeAfterError(in: i) else { break }
            }
        }
        if let first = errors.first { throw first.with(moreErrors: Array(errors.dropFirst())) }
        return out
    }

    /// A statement as a block (for if/loop bodies), its declarations scoped.
    func asBlock(_ s: Stmt) throws(MetalError) -> TStmt {
        let body = try withScope { () throws(MetalError) -> [TStmt] in
            if case .block(let items) = s.kind { return try analyzeStmts(items) }
            return try analyzeStmt(s)
        }
        return TStmt(.block(body), s.loc)
    }

    /// A boolean condition (`if (n)` → `n != 0`).
    func condition(_ e: Expr) throws(MetalError) -> TE {
        let te = try lowerExpr(e)
        return try toBool(te, e.loc)
    }

    /// The variables a declaration statement declares (a sampler or a lambda declares none: a
    /// sampler is a state of the texture reads, a lambda a function of its own).
    func analyzeDecl(_ vars: [VarDecl]) throws(MetalError) -> [TDeclarator] {
        var out: [TDeclarator] = []
        for v in vars {
            if v.type.isReference {
                throw error(.unsupportedConstruct, v.loc, "local references are not supported; use the variable directly")
            }
            if v.type.isPointer {
                throw error(.unsupportedConstruct, v.loc, "local pointers are not supported")
            }
            if v.type.name == "auto", let i = v.initializer, case .lambda(let decl) = i.kind {
                try declareLambda(v, decl)
                continue
            }
            var base: MType
            if v.type.name == "auto" {
                // `auto x = expr;` takes the initializer's type.
                guard let i = v.initializer, v.arrayDims.isEmpty else {
                    throw error(.semantic, v.loc, "'auto' variables need an initializer (and cannot be arrays)")
                }
                if case .initList = i.kind { throw error(.semantic, i.loc, "'auto' cannot deduce a type from a brace initializer") }
                base = try lowerExpr(i).type
                if base.isArray { throw error(.unsupportedConstruct, v.loc, "'auto' arrays are not supported") }
            } else {
                base = try resolve(v.type)
            }
            if base == .sampler {
                let st = try samplerState(v)
                try declareLocal(v.name, VarInfo(type: .sampler, symbol: nil, isConst: true, sampler: st, loc: v.loc), v.loc)
                continue
            }
            switch base {
            case .texture, .layer, .floatArray, .colorArray, .void:
                throw error(.unsupportedConstruct, v.loc, "local variables of type '\(base.metal)' are not supported")
            default: break
            }
            if let space = v.type.addressSpace, space == "device" || space == "threadgroup" {
                throw error(.unsupportedConstruct, v.loc, "\(space) address space local variables are not supported")
            }
            if v.isStatic && !v.isConstant {
                throw error(.unsupportedConstruct, v.loc, "non-constant static local variables are not supported")
            }
            var initCount: Int?
            if let i = v.initializer, case .initList(let items) = i.kind { initCount = items.count }
            let type = try resolveArray(base, v.arrayDims, initCount: initCount, loc: v.loc)
            var value: TE?
            if let i = v.initializer { value = try lowerInitializer(i, to: type) }
            if v.isConstant && value == nil { throw error(.semantic, v.loc, "constant '\(v.name)' needs an initializer") }
            let symbol = TVariable(v.name, type, .local, v.loc)
            var info = VarInfo(type: type, symbol: symbol, isConst: v.isConstant, loc: v.loc)
            if v.isConstant, type.isScalar, let s = type.scalar, s.isInteger, let i = v.initializer {
                info.constInt = constInt(i)
                if let c = info.constInt, let narrow = s.narrowWidth { info.constInt = Semantic.wrap(c, narrow) }
            }
            try declareLocal(v.name, info, v.loc)
            let isConst = v.isConstant && value.map { isConstantExpression($0.node) } == true
            out.append(TDeclarator(variable: symbol, isConst: isConst, value: value))
        }
        return out
    }

    /// `auto name = [](...) { ... };`: the lambda becomes a function of its own (analysed now, with
    /// no access to the enclosing locals); `name(...)` calls it.
    func declareLambda(_ v: VarDecl, _ decl: FuncDecl) throws(MetalError) {
        guard let outer = current else { throw error(.unsupportedConstruct, v.loc, "lambdas are only supported inside functions") }
        var d = decl
        d.name = "\(outer.decl.name)::lambda \(v.name)@\(v.loc)"
        let saved = (scopes, loopDepth, switchDepth)
        try declareFunction(d)
        let info = allFunctions[allFunctions.count - 1]
        info.deducesReturnType = decl.returnType.name == "auto"
        info.bindings = typeBindings
        info.naming = .lambda(outer: outer, name: v.name)
        try analyzeFunction(info)
        (scopes, loopDepth, switchDepth) = saved
        current = outer
        try declareLocal(v.name, VarInfo(type: .void, symbol: nil, kind: .lambda(info.id), isConst: true, loc: v.loc), v.loc)
    }

    /// Lowers an initializer (expression or brace list) to a value of type `t`.
    func lowerInitializer(_ e: Expr, to t: MType) throws(MetalError) -> TE {
        guard case .initList(let items) = e.kind else {
            let v = try lowerExpr(e)
            return try convert(v, to: t, e.loc)
        }
        switch t {
        case .scalar:
            if items.isEmpty { return TE(zeroValue(t)) }
            guard items.count == 1 else { throw error(.semantic, e.loc, "too many initializers for '\(t.metal)'") }
            return try lowerInitializer(items[0], to: t)
        case .vector(let s, let n):
            if items.isEmpty { return TE(zeroValue(t)) }
            if items.count == 1 {
                let v = try lowerExpr(items[0])
                if v.type.isVector { return try convert(v, to: t, e.loc) }
            }
            guard items.count <= n else { throw error(.semantic, e.loc, "too many initializers for '\(t.metal)'") }
            var args: [TExpr] = []
            for i in items { args.append(try lowerInitializer(i, to: .scalar(s)).node) }
            while args.count < n { args.append(zeroValue(.scalar(s))) }
            return TE(TExpr.constructor(of: t, args))
        case .matrix(let s, let c, let r):
            var args: [TExpr] = []
            var columns = 0
            for i in items {
                // `{{a, b, c}, ...}`: each inner list is a column.
                if case .initList = i.kind { args.append(try lowerInitializer(i, to: .vector(s, r)).node); columns += 1; continue }
                let v = try lowerExpr(i)
                if v.type.isVector { args.append(try convert(v, to: .vector(s, r), i.loc).node); columns += 1 }
                else { args.append(try convert(v, to: .scalar(s), i.loc).node) }
            }
            if args.isEmpty { return TE(zeroValue(t)) }
            // Columns left out are zero, as C++ fills an aggregate's missing elements.
            if columns == args.count, columns < c {
                while args.count < c { args.append(zeroValue(.vector(s, r))) }
            }
            if args.count != c * r && args.count != c && args.count != 1 {
                throw error(.semantic, e.loc, "\(args.count) initializers for '\(t.metal)', which has \(c) columns of \(r)")
            }
            return TE(TExpr.constructor(of: t, args))
        case .array(let elem, let n):
            guard items.count <= n else { throw error(.semantic, e.loc, "too many initializers for array of \(n)") }
            var flat: [TExpr] = []
            for i in items {
                let v = try lowerInitializer(i, to: elem)
                if case .array = elem { flat.append(contentsOf: flattenArrayValue(v.node, elem)) } else { flat.append(v.node) }
            }
            let zero = zeroValue(elem)
            for _ in items.count..<n {
                if case .array = elem { flat.append(contentsOf: flattenArrayValue(zero, elem)) } else { flat.append(zero) }
            }
            return TE(TExpr.constructor(of: t, flat))
        case .structure(let name):
            guard let info = structs[name] else { throw error(.semantic, e.loc, "unknown struct") }
            if items.count == 1, case .initList = items[0].kind {} else if items.count == 1, case .designated = items[0].kind {} else if items.count == 1 {
                let v = try lowerExpr(items[0])
                if v.type == t { return v }
            }
            // Each item initialises the next member, or the member it names (`.c = ...`, after which
            // positional items go on from the member following it); members left out are zero.
            var values = [Expr?](repeating: nil, count: info.members.count)
            var next = 0
            for item in items {
                var value = item
                if case .designated(let member, let inner) = item.kind {
                    guard let k = info.members.firstIndex(where: { $0.name == member }) else {
                        throw error(.undeclaredIdentifier, item.loc, "struct '\(name)' has no member '\(member)'")
                    }
                    next = k
                    value = inner
                }
                guard next < values.count else { throw error(.semantic, item.loc, "too many initializers for struct '\(name)'") }
                if values[next] != nil { throw error(.semantic, item.loc, "member '\(info.members[next].name)' of '\(name)' is initialized twice") }
                values[next] = value
                next += 1
            }
            var args: [TExpr] = []
            for (k, m) in info.members.enumerated() {
                if let value = values[k] { args.append(try lowerInitializer(value, to: m.type).node) } else { args.append(zeroValue(m.type)) }
            }
            return TE(node: .construct(.structure(info.name), arraySize: nil, args), type: t)
        default:
            throw error(.unsupportedConstruct, e.loc, "brace initialization of '\(t.metal)' is not supported")
        }
    }

    /// The elements of a flattened array constructor value.
    func flattenArrayValue(_ g: TExpr, _ t: MType) -> [TExpr] {
        if case .construct(_, _, let args) = g.strippingSilentConversions.kind { return args }
        return (0..<t.flatCount).map { TExpr(.index(g, .int(Int64($0))), t.innermost) }
    }
}

// MARK: static_assert and sizeof

extension Semantic {
    /// `static_assert`: its condition, a constant expression, must hold; a false one is an error
    /// with its message at the `static_assert` (as clang reports it).
    func checkStaticAssert(_ condition: Expr, _ message: String?, _ loc: MetalSourceLocation) throws(MetalError) {
        guard let value = constCondition(condition) else {
            throw error(.unsupportedConstruct, loc, "static_assert condition is not a constant expression the translator evaluates (integer and bool constants, comparisons, sizeof of scalar, vector and matrix types)")
        }
        if value == 0 {
            throw error(.semantic, loc, "static assertion failed" + (message.map { ": " + $0 } ?? ""))
        }
    }

    /// The value of a constant condition: ``constInt``'s, with comparisons, `!`, `&&`, `||`, `true`
    /// and `false` (1 for true, 0 for false).
    func constCondition(_ e: Expr) -> Int64? {
        switch e.kind {
        case .boolLit(let b): return b ? 1 : 0
        case .unary(.not, let a): return constCondition(a).map { $0 == 0 ? 1 : 0 }
        case .binary(let op, let a, let b):
            let test: ((Int64, Int64) -> Bool)?
            switch op {
            case .equal: test = (==)
            case .notEqual: test = (!=)
            case .less: test = (<)
            case .greater: test = (>)
            case .lessEqual: test = (<=)
            case .greaterEqual: test = (>=)
            case .logicalAnd: test = { $0 != 0 && $1 != 0 }
            case .logicalOr: test = { $0 != 0 || $1 != 0 }
            default: test = nil
            }
            if let test {
                guard let x = constCondition(a), let y = constCondition(b) else { return nil }
                return test(x, y) ? 1 : 0
            }
        default: break
        }
        return constInt(e)
    }

    /// The size in bytes of a value of type `t` (written `spec`) as Metal lays it out (MSL §2.2,
    /// §2.3): `bool` and `char` 1, `short` and `half` 2, `int`, `uint` and `float` 4; a 3-component
    /// vector takes the room of 4, a packed one only its components'; a matrix is its columns; an
    /// array its elements; a struct its members at their alignments. Nil for other types.
    func metalSize(_ spec: TypeSpec, _ t: MType) -> Int? {
        let named = aliases[spec.named]?.named ?? spec.named
        if named.hasPrefix("packed_"), case .vector(let s, let n) = t {
            return Semantic.metalLayout(of: .scalar(s), structs: structs).map { $0.size * n }
        }
        return metalSize(of: t)
    }

    /// The size in bytes of a value of type `t`.
    func metalSize(of t: MType) -> Int? {
        Semantic.metalLayout(of: t, structs: structs)?.size
    }

    /// Size and alignment of `t` in Metal's layout; nil for textures, samplers, the layer, the
    /// array arguments, and structs with members whose layout ``MType`` does not keep (packed
    /// vectors: ``StructInfo/layoutKnown``).
    static func metalLayout(of t: MType, structs: [String: StructInfo]) -> (size: Int, align: Int)? {
        func scalarBytes(_ s: Scalar) -> Int {
            switch s {
            case .bool, .char, .uchar: return 1
            case .half, .short, .ushort: return 2
            case .int, .uint, .float: return 4
            }
        }
        switch t {
        case .scalar(let s):
            let n = scalarBytes(s)
            return (n, n)
        case .vector(let s, let n):
            let size = scalarBytes(s) * (n == 3 ? 4 : n)
            return (size, size)
        case .matrix(let s, let c, let r):
            let column = scalarBytes(s) * (r == 3 ? 4 : r)
            return (column * c, column)
        case .array(let element, let n):
            guard let e = metalLayout(of: element, structs: structs) else { return nil }
            return (e.size * n, e.align)
        case .structure(let name):
            guard let info = structs[name], info.layoutKnown else { return nil }
            var offset = 0, align = 1
            for m in info.members {
                guard let l = metalLayout(of: m.type, structs: structs) else { return nil }
                offset = (offset + l.align - 1) / l.align * l.align + l.size
                align = max(align, l.align)
            }
            return ((offset + align - 1) / align * align, align)
        case .void, .texture, .sampler, .layer, .floatArray, .colorArray:
            return nil
        }
    }
}

// MARK: Going on after an error

extension Semantic {
    /// Whether analysing the statements after `s`, a statement of a block that failed,
    /// is sound: its variables (none, or those a declaration names) are declared with their
    /// written types, so that what follows is typed as if it had succeeded. Not after a
    /// declaration whose type is deduced (`auto`), unresolvable, an unsized array, a sampler or
    /// a texture (their uses depend on the initialiser), nor after a local struct.
    func resumeAfterError(in s: Stmt) -> Bool {
        guard case .decl(let vars) = s.kind else {
            if case .structDecl = s.kind { return false }
            return true
        }
        for v in vars where scopes[scopes.count - 1][v.name] == nil {
            guard v.type.name != "auto", let base = try? resolve(v.type), base != .sampler, base != .texture,
                  let t = try? resolveArray(base, v.arrayDims, initCount: nil, loc: v.loc) else { return false }
            scopes[scopes.count - 1][v.name] = VarInfo(type: t, symbol: TVariable(v.name, t, .local, v.loc),
                                                      isConst: v.isConstant, loc: v.loc)
        }
        return true
    }
}
