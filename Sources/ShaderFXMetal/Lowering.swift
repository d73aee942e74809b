/// The pass between the parser and semantic analysis: it rewrites the AST of what was written
/// into the smaller language the analysis takes, one translation unit at a time.
///
/// - `namespace N { ... }` and `using namespace N;` go; the declarations join the unit, and the
///   namespaces written before a name (`metal::sin`, `N::k`, `::f`) are dropped, except that
///   `metal::f(...)` stays `metal::f`: a call of the standard library's `f` even where the
///   program has its own `f`.
/// - An enum becomes an alias of its underlying type and one integer constant per enumerator
///   (`Name::A` for a scoped enum), each unwritten value the previous one plus 1.
/// - A constructor is named ``constructorName`` (`S::sfx_init` outside its class) and its member
///   initialiser list becomes assignments `this->m = x` at the start of its body; a member
///   function defined outside its class is named `S::f`.
/// - A struct defined inside a function moves to file scope, before the declaration it was in.
/// - A `thread T *p` parameter that its function only indexes (`p[i]`) becomes the unsized
///   array parameter `thread T p[]` (what the caller passes is an array).
/// - A struct's static members (`static constant half4 red;`, `static float f(float)`) follow it
///   as program-scope declarations named `S::m` (functions without `this`), as do their
///   definitions outside the class (`constant half4 S::red = ...;`); `S::m` in an expression
///   is that name, where other qualifiers are dropped.
/// - `numeric_limits<T>::member()` becomes the literal of its value.
/// - `extern` constants without an initialiser go (the translation sees every file of a
///   library, so only definitions are kept).
/// - Sampler arguments lose their `metal::` (`metal::filter::linear`).
/// - Casts become constructions (`(T)x`, `static_cast`, `const_cast`) or `as_type`
///   (`reinterpret_cast`); `T v(args)` gets the initialiser `T(args)`.
struct Lowering {
    /// The member name a constructor is kept under (`S::sfx_init`).
    static let constructorName = "sfx_init"

    /// Structs found inside the functions of the top-level declaration being lowered.
    private var hoisted: [Decl] = []
    /// The unit's static members, `S::m`: `S::m` written in an expression names one.
    private var staticMembers: Set<String> = []

    static func lower(_ unit: TranslationUnit) -> TranslationUnit {
        var lowering = Lowering()
        lowering.staticMembers = Lowering.staticMembers(of: unit.decls)
        var decls: [Decl] = []
        for d in unit.decls {
            let lowered = lowering.lower(d)
            decls.append(contentsOf: lowering.hoisted)
            lowering.hoisted = []
            decls.append(contentsOf: lowered)
        }
        return TranslationUnit(decls: decls)
    }

    /// The value of `numeric_limits<type>::member()` as a literal, or nil where the translator
    /// has none.
    static func numericLimit(_ type: String, _ member: String, _ loc: MetalSourceLocation) -> Expr? {
        func float(_ v: Double, half: Bool) -> Expr { Expr(.floatLit(v, half: half), loc) }
        func int(_ v: UInt64, unsigned: Bool) -> Expr { Expr(.intLit(v, unsigned: unsigned), loc) }
        func neg(_ e: Expr) -> Expr { Expr(.unary(.negate, e), loc) }
        switch (type, member) {
        case ("float", "max"): return float(Double(Float.greatestFiniteMagnitude), half: false)
        case ("float", "min"): return float(Double(Float.leastNormalMagnitude), half: false)
        case ("float", "lowest"): return neg(float(Double(Float.greatestFiniteMagnitude), half: false))
        case ("float", "epsilon"): return float(Double(Float.ulpOfOne), half: false)
        case ("half", "max"): return float(65504, half: true)
        case ("half", "min"): return float(6.103515625e-05, half: true)
        case ("half", "lowest"): return neg(float(65504, half: true))
        case ("half", "epsilon"): return float(0.0009765625, half: true)
        case ("float", "infinity"), ("half", "infinity"): return Expr(.ident("__metal_infinity"), loc)
        case ("int", "max"): return int(2147483647, unsigned: false)
        case ("int", "min"), ("int", "lowest"): return Expr(.binary(.subtract, neg(int(2147483647, unsigned: false)), int(1, unsigned: false)), loc)
        case ("uint", "max"): return int(4294967295, unsigned: true)
        case ("uint", "min"), ("uint", "lowest"): return int(0, unsigned: true)
        default: return nil
        }
    }

    /// The static members the declarations declare or define, `S::m`.
    private static func staticMembers(of decls: [Decl]) -> Set<String> {
        var names: Set<String> = []
        for d in decls {
            switch d {
            case .structure(let s):
                names.formUnion(staticMembers(of: s.statics))
            case .global(let v):
                if let owner = v.memberOf { names.insert(owner + "::" + v.name) }
            case .function(let f):
                if let owner = f.memberOf, f.isStaticMember { names.insert(owner + "::" + f.name) }
            case .namespace(_, let inner, _):
                names.formUnion(staticMembers(of: inner))
            case .typeAlias, .enumeration, .usingNamespace, .staticAssert, .typedefStruct:
                break
            }
        }
        return names
    }

    // MARK: Declarations

    private mutating func lower(_ d: Decl) -> [Decl] {
        switch d {
        case .function(let f):
            return [.function(lower(f))]
        case .structure(let s):
            // Static members follow their struct as program-scope declarations `S::m`.
            var decls: [Decl] = [.structure(lower(s))]
            for d in s.statics { decls += lower(d) }
            return decls
        case .global(let v):
            if v.isExtern && v.initializer == nil && v.directInitializer == nil { return [] }
            var lowered = lower(v)
            if let owner = v.memberOf { lowered.name = owner + "::" + v.name }
            return [.global(lowered)]
        case .typeAlias:
            return [d]
        case .enumeration(let e):
            return lower(e)
        case .namespace(_, let decls, _):
            var out: [Decl] = []
            for inner in decls { out.append(contentsOf: lower(inner)) }
            return out
        case .usingNamespace:
            return []
        case .staticAssert(let c, let m, let loc):
            return [.staticAssert(lower(c), m, loc)]
        case .typedefStruct(let s, let tag, let tagLoc):
            // The struct takes the typedef's name; a different tag names it too.
            var decls: [Decl] = [.structure(lower(s))]
            if let tag, let tagLoc, tag != s.name { decls.append(.typeAlias(tag, TypeSpec(name: s.name, loc: tagLoc), tagLoc)) }
            return decls
        }
    }

    private mutating func lower(_ e: EnumDecl) -> [Decl] {
        var decls: [Decl] = [.typeAlias(e.name, e.underlying, e.loc)]
        var previous: String?
        for enumerator in e.enumerators {
            let loc = enumerator.loc
            var v = VarDecl(type: e.underlying, name: e.isScoped ? e.name + "::" + enumerator.name : enumerator.name, loc: loc)
            v.isConstant = true
            if let value = enumerator.value {
                v.initializer = lower(value)
            } else if let p = previous {
                v.initializer = Expr(.binary(.add, Expr(.ident(p), loc), Expr(.intLit(1, unsigned: false), loc)), loc)
            } else {
                v.initializer = Expr(.intLit(0, unsigned: false), loc)
            }
            previous = v.name
            decls.append(.global(v))
        }
        return decls
    }

    private mutating func lower(_ s: StructDecl) -> StructDecl {
        var s = s
        s.hasStaticMembers = !s.statics.isEmpty
        s.statics = []
        for k in s.members.indices { s.members[k] = lower(s.members[k]) }
        for k in s.methods.indices { s.methods[k] = lower(s.methods[k]) }
        return s
    }

    private mutating func lower(_ f: FuncDecl) -> FuncDecl {
        var f = f
        if f.isConstructor {
            f.name = (f.memberOf.map { $0 + "::" } ?? "") + Lowering.constructorName
        } else if let owner = f.memberOf {
            f.name = owner + "::" + f.name
        }
        for k in f.params.indices {
            f.params[k].arrayDims = f.params[k].arrayDims.map { (d) in d.map { (e) in lower(e) } }
            if let v = f.params[k].defaultValue { f.params[k].defaultValue = lower(v) }
        }
        var assignments: [Stmt] = []
        for m in f.memberInitializers {
            let target = Expr(.arrow(Expr(.ident("this"), m.loc), m.member), m.loc)
            assignments.append(Stmt(.expr(Expr(.assign(.assign, target, lower(m.value)), m.loc)), m.loc))
        }
        f.memberInitializers = []
        if let body = f.body {
            let lowered = lower(body)
            if !assignments.isEmpty, case .block(let stmts) = lowered.kind {
                f.body = Stmt(.block(assignments + stmts), lowered.loc)
            } else {
                f.body = lowered
            }
        }
        return Lowering.pointersIndexedAsArrays(f)
    }

    private mutating func lower(_ v: VarDecl) -> VarDecl {
        var v = v
        v.arrayDims = v.arrayDims.map { (d) in d.map { (e) in lower(e) } }
        if let i = v.initializer { v.initializer = lower(i) }
        if let d = v.directInitializer {
            var args: [Expr] = []
            for a in d.args { args.append(lower(a)) }
            v.initializer = Expr(.construct(TypeSpec(name: v.type.name, templateArgs: v.type.templateArgs, loc: d.loc,
                                                                 templateSizes: v.type.templateSizes, signedness: v.type.signedness), args), d.loc)
            v.directInitializer = nil
        }
        if let args = v.samplerArgs { v.samplerArgs = args.map(Lowering.samplerArgument) }
        return v
    }

    /// `metal::filter::linear` → `filter::linear`; `metal::max_anisotropy(4)` → `max_anisotropy(4)`.
    private static func samplerArgument(_ e: Expr) -> Expr {
        switch e.kind {
        case .ident(var name):
            while name.hasPrefix("metal::") { name.removeFirst(7) }
            e.kind = .ident(name)
        case .call(let callee, _):
            _ = samplerArgument(callee)
        default: break
        }
        return e
    }

    // MARK: Statements

    private mutating func lower(_ s: Stmt) -> Stmt {
        switch s.kind {
        case .block(let items):
            var out: [Stmt] = []
            for i in items { out.append(lower(i)) }
            s.kind = .block(out)
        case .decl(let vars):
            var out: [VarDecl] = []
            for v in vars { out.append(lower(v)) }
            s.kind = .decl(out)
        case .expr(let e):
            s.kind = .expr(lower(e))
        case .ifElse(let c, let a, let b):
            s.kind = .ifElse(lower(c), lower(a), b.map { (b) in lower(b) })
        case .forLoop(let i, let c, let step, let body):
            let li = i.map { (i) in lower(i) }
            let lc = c.map { (c) in lower(c) }
            let ls = step.map { (st) in lower(st) }
            s.kind = .forLoop(li, lc, ls, lower(body))
        case .rangeFor(let v, let range, let body):
            s.kind = .rangeFor(lower(v), lower(range), lower(body))
        case .whileLoop(let c, let body):
            s.kind = .whileLoop(lower(c), lower(body))
        case .doWhile(let body, let c):
            s.kind = .doWhile(lower(body), lower(c))
        case .switchStmt(let c, let body):
            s.kind = .switchStmt(lower(c), lower(body))
        case .caseLabel(let e):
            s.kind = .caseLabel(lower(e))
        case .returnStmt(let e):
            s.kind = .returnStmt(e.map { (e) in lower(e) })
        case .structDecl(let local):
            hoisted.append(.structure(lower(local)))
            s.kind = .empty
        case .usingNamespace:
            s.kind = .empty
        case .staticAssert(let c, let m):
            s.kind = .staticAssert(lower(c), m)
        case .defaultLabel, .breakStmt, .continueStmt, .discard, .empty:
            break
        }
        return s
    }

    // MARK: Expressions

    private mutating func lower(_ e: Expr) -> Expr {
        switch e.kind {
        case .intLit, .floatLit, .boolLit, .ident, .templateIdent, .sizeOf:
            break
        case .construct(let t, let args):
            var out: [Expr] = []
            for a in args { out.append(lower(a)) }
            e.kind = .construct(t, t.name == "sampler" ? out.map(Lowering.samplerArgument) : out)
        case .asType(let t, let x):
            e.kind = .asType(t, lower(x))
        case .cast(let style, let t, let x):
            var type = t
            switch style {
            case .c, .staticCast:
                e.kind = .construct(type, [lower(x)])
            case .constCast:
                // `const_cast<T &>(x)` reads the same object: the cast is of the value.
                type.isReference = false
                e.kind = .construct(type, [lower(x)])
            case .reinterpretCast:
                // A reinterpretation of an object's bits (`reinterpret_cast<uint &>(x)` too) is
                // `as_type`'s (same size, checked there).
                type.isReference = false
                e.kind = .asType(type, lower(x))
            }
        case .call(let callee, let args):
            let c = lowerCallee(callee)
            var out: [Expr] = []
            for a in args { out.append(lower(a)) }
            e.kind = .call(c, out)
        case .member(let x, let m):
            e.kind = .member(lower(x), m)
        case .arrow(let x, let m):
            e.kind = .arrow(lower(x), m)
        case .index(let x, let i):
            e.kind = .index(lower(x), lower(i))
        case .unary(let op, let x):
            e.kind = .unary(op, lower(x))
        case .postfix(let op, let x):
            e.kind = .postfix(op, lower(x))
        case .binary(let op, let a, let b):
            e.kind = .binary(op, lower(a), lower(b))
        case .assign(let op, let a, let b):
            e.kind = .assign(op, lower(a), lower(b))
        case .ternary(let c, let a, let b):
            e.kind = .ternary(lower(c), lower(a), lower(b))
        case .comma(let a, let b):
            e.kind = .comma(lower(a), lower(b))
        case .initList(let items):
            var out: [Expr] = []
            for i in items { out.append(lower(i)) }
            e.kind = .initList(out)
        case .designated(let m, let x):
            e.kind = .designated(m, lower(x))
        case .lambda(let f):
            e.kind = .lambda(lower(f))
        case .qualified(let path, let inner):
            if let member = staticMember(path, inner) { return member }
            return lower(inner)
        case .enumerator(let name, let member):
            e.kind = .ident(name + "::" + member)
        case .sizeOfValue(let x):
            e.kind = .sizeOfValue(lower(x))
        case .numericLimits(let t, let member):
            // The parser takes only members with a value; another is left for analysis to report.
            return Lowering.numericLimit(t.named, member, e.loc) ?? e
        }
        return e
    }

    /// `f` with each `thread T *p` parameter that its body indexes (`p[i]`) and never
    /// dereferences (`*p`, `p->m`) or moves (`p + 1`, `p++`) made the unsized array parameter
    /// `thread T p[]`: what the caller passes is an array (it decays to the pointer in Metal),
    /// and GLSL passes arrays, not pointers.
    private static func pointersIndexedAsArrays(_ f: FuncDecl) -> FuncDecl {
        guard let body = f.body else { return f }
        var f = f
        for k in f.params.indices {
            let p = f.params[k]
            guard p.type.isPointer, p.arrayDims.isEmpty, p.type.addressSpace == nil || p.type.addressSpace == "thread" else { continue }
            func names(_ e: Expr) -> Bool { if case .ident(p.name) = e.kind { return true } else { return false } }
            let indexed = body.containsExpression { e in
                if case .index(let a, _) = e.kind { return names(a) }
                return false
            }
            guard indexed else { continue }
            let otherwise = body.containsExpression { e in
                switch e.kind {
                case .unary(let op, let a): return names(a) && op != .address
                case .postfix(_, let a), .arrow(let a, _): return names(a)
                case .binary(_, let a, let b): return names(a) || names(b)
                case .assign(_, let a, _): return names(a)
                default: return false
                }
            }
            guard !otherwise else { continue }
            f.params[k].type.isPointer = false
            f.params[k].arrayDims = [nil]
        }
        return f
    }

    /// `S::m` naming a static member of struct `S`: the name `S::m`.
    private func staticMember(_ path: [String], _ inner: Expr) -> Expr? {
        guard let owner = path.last, case .ident(let member) = inner.kind, staticMembers.contains(owner + "::" + member) else { return nil }
        return Expr(.ident(owner + "::" + member), inner.loc)
    }

    /// A called name written `metal::f` stays `metal::f` (the standard library's `f`); other
    /// namespaces are dropped.
    private mutating func lowerCallee(_ e: Expr) -> Expr {
        guard case .qualified(let path, let inner) = e.kind else { return lower(e) }
        if let member = staticMember(path, inner) { return member }
        if path.first == "metal", case .ident(let n) = inner.kind { return Expr(.ident("metal::" + n), inner.loc) }
        if case .qualified = inner.kind { return lowerCallee(inner) }
        return lower(inner)
    }
}
