/// The typed tree's invariant, checked: every node's Metal type (``TExpr/type``) is the one its
/// kind and its operands' types give. Analysis types each node as it builds it; this pass reads
/// the finished tree again, independently of how analysis decided, so that a node typed by
/// mistake (a `half` left where a conversion made it `float`, an index typed as its array) is
/// found where it is made rather than as a wrong GLSL type far downstream.
///
/// Debug builds run it on every function analysed (``Semantic``); a problem there is an internal
/// error of the translator, never the user's. What it does not judge: which overload of Metal's
/// standard library a call chose (``Builtins`` holds those rules, and its result is the node's
/// type), and the values of the stitching contract (``StitchedInterface``).
struct TypeCheck {
    /// The user structs, by Metal name (a field's type, a struct constructor's members).
    let structs: [String: StructInfo]
    private(set) var problems: [String] = []

    init(structs: [String: StructInfo]) {
        self.structs = structs
    }

    /// Checks a function's body: its expressions, and that each return, declaration and
    /// assignment has the type its place wants.
    mutating func check(_ f: TFunction, name: String) {
        for s in f.body { check(s, returnType: f.returnType, in: name) }
    }

    private mutating func check(_ s: TStmt, returnType: MType, in function: String) {
        func expression(_ e: TE?) { if let e { check(e.node, in: function) } }
        switch s.kind {
        case .declaration(let ds):
            for d in ds {
                expression(d.value)
                if let v = d.value, v.type != d.variable.type {
                    problem(in: function, "'\(d.variable.name)' of type \(d.variable.type.metal) initialised with a \(v.type.metal)")
                }
            }
        case .expression(let e): expression(e)
        case .assignment(let op, let target, let value):
            expression(target)
            check(value, in: function)
            if op == .assign, value.type != target.type {
                problem(in: function, "a \(target.type.metal) assigned a \(value.type.metal)")
            }
        case .block(let b): for x in b { check(x, returnType: returnType, in: function) }
        case .ifElse(let c, let a, let b):
            expression(c)
            requireBool(c.node, in: function, "an if's condition")
            check(a, returnType: returnType, in: function)
            if let b { check(b, returnType: returnType, in: function) }
        case .forLoop(let i, let c, let step, let body):
            if let i { check(i, returnType: returnType, in: function) }
            expression(c)
            if let c { requireBool(c.node, in: function, "a for's condition") }
            expression(step)
            check(body, returnType: returnType, in: function)
        case .whileLoop(let c, let body), .doWhile(let body, let c):
            expression(c)
            requireBool(c.node, in: function, "a loop's condition")
            check(body, returnType: returnType, in: function)
        case .switchStmt(let c, let body):
            expression(c)
            if c.type != .int && c.type != .uint { problem(in: function, "a switch on a \(c.type.metal)") }
            for x in body { check(x, returnType: returnType, in: function) }
        case .returnStmt(let e):
            expression(e)
            if let e, e.type != returnType { problem(in: function, "a \(e.type.metal) returned where \(returnType.metal) is") }
        case .caseLabel, .breakStmt, .continueStmt, .discard: break
        }
    }

    private mutating func requireBool(_ e: TExpr, in function: String, _ what: String) {
        if e.type != .bool { problem(in: function, "\(what) is a \(e.type.metal), not a bool") }
    }

    private mutating func problem(in function: String, _ message: String) {
        problems.append("in '\(function)': " + message)
    }

    /// Checks `e` and every node below it.
    mutating func check(_ e: TExpr, in function: String) {
        for child in e.children { check(child, in: function) }
        let t = e.type
        func expect(_ ok: Bool, _ what: @autoclosure () -> String) {
            if !ok { problem(in: function, "\(what()) typed \(t.metal)") }
        }
        switch e.kind {
        case .literal(let l):
            switch l {
            case .bool: expect(t == .bool, "a bool literal")
            case .int: expect(t.isScalar && t.scalar?.isInteger == true && t.scalar?.isUnsigned == false, "an int literal")
            case .uint: expect(t.isScalar && t.scalar?.isUnsigned == true, "a uint literal")
            case .float: expect(t == .float || t == .half, "a floating-point literal")
            case .bits: expect(t == .uint, "a literal of bits")
            case .placeholder: break
            }
        case .variable(let v): expect(t == v.type, "variable '\(v.name)' of type \(v.type.metal)")
        case .call(let callee, let args):
            guard case .function(let f) = callee else { break }
            expect(t == f.returnType, "a call of '\(f.decl.name)', which returns \(f.returnType.metal),")
            if args.count == f.params.count {
                for (a, p) in zip(args, f.params) where a.type != p.type {
                    problem(in: function, "a \(a.type.metal) passed to parameter '\(p.name)' of '\(f.decl.name)', a \(p.type.metal)")
                }
            } else {
                problem(in: function, "\(args.count) arguments passed to '\(f.decl.name)', which takes \(f.params.count)")
            }
        // Which overload a library call takes is Builtins.swift's rule, not re-judged here.
        case .library: break
        case .construct(let g, let size, let args):
            if case .structure(let name) = g {
                expect(t == .structure(name), "a '\(name)' constructed")
                if let info = structs[name] {
                    for (a, m) in zip(args, info.members) where a.type != m.type {
                        problem(in: function, "member '\(m.name)' of '\(name)', a \(m.type.metal), constructed from a \(a.type.metal)")
                    }
                }
            } else {
                expect(t.innermost.glslType == g && t.glslArraySize == size, "a \(g.spelling)\(size.map { "[\($0)]" } ?? "") constructed")
            }
        case .unary(let op, let a):
            expect(op == .not ? t == .bool && a.type == .bool : t == a.type, "'\(op)' of a \(a.type.metal)")
        case .postfix(let op, let a):
            expect(t == a.type, "'\(op)' of a \(a.type.metal)")
        case .binary(let op, let a, let b):
            expect(t == Self.binaryResult(op, a.type, b.type), "'\(op)' of a \(a.type.metal) and a \(b.type.metal)")
        case .componentwise(let op, let a, let b):
            expect(a.type == b.type && a.type.isVector && t == a.type.with(scalar: .bool), "'\(op)' of a \(a.type.metal) and a \(b.type.metal), component by component,")
        case .truncatingDivision(let op, let a, let b, let size):
            expect(t == Self.binaryResult(op, a.type, b.type) && t.scalar?.isInteger == true && t.scalar?.isUnsigned == false
                   && (t.isVector ? t.vectorSize : 1) == size,
                   "'\(op)' of a \(a.type.metal) and a \(b.type.metal), truncating,")
        case .ternary(let c, let a, let b):
            expect(c.type == .bool && a.type == t && b.type == t, "'?:' of a \(c.type.metal), a \(a.type.metal) and a \(b.type.metal)")
        case .member(let a, let m):
            if m == "count" { expect(t == .int, "an array argument's count"); break }
            guard case .vector(let s, _) = a.type else {
                problem(in: function, "'.\(m)' of a \(a.type.metal)")
                break
            }
            expect(t == (m.count == 1 ? .scalar(s) : .vector(s, m.count)), "'.\(m)' of a \(a.type.metal)")
        case .field(let a, let s, let m):
            let member = structs[s]?.members.first { $0.name == m }
            expect(a.type == .structure(s) && member?.type == t, "member '\(m)' of a \(a.type.metal)")
        case .index(let a, let i):
            if !(i.type.isScalar && i.type.scalar?.isInteger == true) { problem(in: function, "an index of type \(i.type.metal)") }
            switch a.type {
            case .vector(let s, _): expect(t == .scalar(s), "an element of a \(a.type.metal)")
            case .matrix(let s, _, let r): expect(t == .vector(s, r), "a column of a \(a.type.metal)")
            // Arrays of arrays are flattened: an index reaches the next level or the innermost element.
            case .array(let element, _): expect(t == element || t == a.type.innermost, "an element of a \(a.type.metal)")
            default: problem(in: function, "an index into a \(a.type.metal)")
            }
        case .assign(let op, let a, let b):
            expect(t == a.type && (op != .assign || b.type == a.type), "'\(op.rawValue)' of a \(a.type.metal) and a \(b.type.metal)")
        case .comma(let a, let b):
            expect(t == b.type, "',' ending in a \(b.type.metal)")
        case .convert(let to, let from, let a):
            expect(t == to && a.type == from, "a conversion of a \(a.type.metal) from \(from.metal) to \(to.metal)")
        case .roundToHalf(let a, let type):
            expect(t == type && type.isHalf && a.type.glsl == type.glsl, "a \(a.type.metal) rounded to binary16 as \(type.metal)")
        case .wrap(let a, _, _):
            expect(t == a.type && t.scalar?.isInteger == true, "a \(a.type.metal) wrapped to a narrow width")
        case .step(_, let a, let type):
            expect(t == type && a.type == type, "a step of a \(a.type.metal)")
        case .texture(_, let call):
            switch call {
            case .sample(_, let coord, _, _):
                expect(coord.type == .vector(.float, 2) && t.isVector && t.vectorSize == 4, "a sample at a \(coord.type.metal)")
            case .read(let coord):
                expect(coord.type.vectorSize == 2 && t.isVector && t.vectorSize == 4, "a read at a \(coord.type.metal)")
            case .size: expect(t == .uint, "a texture's width or height")
            }
        case .bitcast(let to, let from, let a):
            expect(t == to && a.type == from, "the bits of a \(a.type.metal) read as \(to.metal)")
        case .componentwiseNot(let a):
            expect(t == a.type && a.type.scalar == .bool, "'!' of a \(a.type.metal), component by component,")
        case .voided(let a):
            expect(t == .void, "'(void)' of a \(a.type.metal)")
        }
    }

    /// The type MSL gives `a op b` once analysis has converted the operands (the usual arithmetic
    /// conversions done): nil where no such operation exists.
    static func binaryResult(_ op: BinaryOperator, _ a: MType, _ b: MType) -> MType? {
        switch op {
        case .less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual, .logicalAnd, .logicalOr:
            return .bool
        case .shiftLeft, .shiftRight:
            return a.scalar?.isInteger == true ? a : nil
        default:
            break
        }
        if a == b {
            // A product of matrices that are not square changes the shape (below).
            if op == .multiply, case .matrix(_, let c, let r) = a, c != r { return nil }
            return a
        }
        switch (a, b) {
        case (.matrix(let s, let c, let r), .matrix(let s2, let c2, let r2)) where op == .multiply && s == s2 && r2 == c:
            return .matrix(s, c2, r)
        case (.matrix(let s, let c, let r), .vector(let s2, let n)) where op == .multiply && s == s2 && n == c: return .vector(s, r)
        case (.vector(let s, let n), .matrix(let s2, let c, let r)) where op == .multiply && s == s2 && n == r: return .vector(s, c)
        case (.scalar(let s), .vector(let s2, _)) where s == s2: return b
        case (.scalar(let s), .matrix(let s2, _, _)) where s == s2: return b
        case (.vector(let s, _), .scalar(let s2)) where s == s2: return a
        case (.matrix(let s, _, _), .scalar(let s2)) where s == s2: return a
        default: return nil
        }
    }
}
