import ShaderFXContract
import Foundation

/// Expression lowering: typing, MSL's implicit conversions made explicit, operators.
extension Semantic {
    // MARK: Literals and conversions

    /// The bits of a `float` GLSL has no literal for (NaN, the infinities), for `uintBitsToFloat`.
    static func nonFiniteBits(_ d: Double) -> UInt32? {
        let f = Float(d)
        if f.isNaN { return 0x7fc00000 }
        if f.isInfinite { return f > 0 ? 0x7f800000 : 0xff800000 }
        return nil
    }

    /// A literal of scalar type `s` holding the value `v` (converted as C++ would).
    func literal(_ v: TE.Lit, _ s: Scalar, at loc: MetalSourceLocation? = nil) -> TE {
        switch s {
        case .bool:
            let b: Bool
            switch v {
            case .bool(let x): b = x
            case .int(let i): b = i != 0
            case .float(let d): b = d != 0
            }
            return TE(node: .literal(.bool(b)), type: .bool, lit: .bool(b))
        case .char, .uchar, .short, .ushort, .int, .uint:
            var i: Int64
            switch v {
            case .bool(let x): i = x ? 1 : 0
            case .int(let x): i = x
            case .float(let d):
                let t = d.isFinite ? d.rounded(.towardZero) : 0
                i = Int64(max(min(t, 4294967295), -2147483648))
            }
            // A narrow type's value wrapped to its width, as converting to it does.
            if let narrow = s.narrowWidth { i = Semantic.wrap(i, narrow) }
            if !s.isUnsigned {
                let v = Int64(Int32(truncatingIfNeeded: i))
                return TE(node: .literal(.int(v)), type: .scalar(s), lit: .int(v))
            }
            let u = UInt32(truncatingIfNeeded: i)
            return TE(node: .literal(.uint(UInt64(u))), type: .scalar(s), lit: .int(Int64(u)))
        case .half, .float:
            var d: Double
            switch v {
            case .bool(let x): d = x ? 1 : 0
            case .int(let x): d = Double(x)
            case .float(let x): d = x
            }
            if s == .half { d = halfLiteralValue(d, loc) }
            // Infinity and NaN: no GLSL literal spells them (the lowering makes them from bits).
            if !Float(d).isFinite { return TE(node: .literal(.float(d)), type: .scalar(s)) }
            return TE(node: .literal(.float(d)), type: .scalar(s), lit: .float(d))
        }
    }

    /// Converts a value to `t`, as an implicit conversion of MSL (C++) would; explicit in the GLSL.
    func convert(_ v: TE, to t: MType, _ loc: MetalSourceLocation, explicit: Bool = false) throws(MetalError) -> TE {
        if let sub = v.subarray {
            // A row of a flattened multidimensional array: copy its elements into an array value.
            if let off = sub.offset, !isPure(off) {
                throw error(.semantic, loc, "a row of a multidimensional array indexed with side effects cannot be used as a value")
            }
            let element = v.type.innermost
            let items: [TExpr] = (0..<v.type.flatCount).map { k in
                guard let off = sub.offset else { return TExpr(.index(sub.base, .int(Int64(k))), element) }
                if k == 0 { return TExpr(.index(sub.base, off), element) }
                if case .literal(.int(let i)) = off.kind { return TExpr(.index(sub.base, .int(i + Int64(k))), element) }
                return TExpr(.index(sub.base, TExpr(.binary(.add, off, .int(Int64(k))), .int)), element)
            }
            return try convert(TE(TExpr.constructor(of: v.type, items)), to: t, loc, explicit: explicit)
        }
        if v.type == t { return v }
        switch (v.type, t) {
        case (.scalar, .scalar(let b)):
            if let l = v.lit { return literal(l, b, at: loc) }
            return narrowedIfNeeded(roundedHalf(TE(node: .convert(to: t, from: v.type, v.node), type: t), loc), from: v.type)
        case (.scalar, .vector(let b, _)):
            return try splat(v, b, to: t, loc)
        case (.scalar, .matrix(let b, _, _)) where explicit:
            return try splat(v, b, to: t, loc)
        case (.vector(_, let n), .vector(_, let m)) where n == m:
            return narrowedIfNeeded(roundedHalf(TE(node: .convert(to: t, from: v.type, v.node), type: t), loc), from: v.type)
        case (.matrix(_, let c1, let r1), .matrix(_, let c2, let r2)) where c1 == c2 && r1 == r2:
            return roundedHalf(TE(node: .convert(to: t, from: v.type, v.node), type: t), loc)
        case (.array(let e1, let n1), .array(let e2, let n2)) where n1 == n2 && e1.glsl == e2.glsl && e1.flatCount == e2.flatCount:
            // Arrays of one GLSL type (`half[3]` and `float[3]` at float): a conversion GLSL prints as nothing.
            return TE(node: .convert(to: t, from: v.type, v.node), type: t)
        default:
            throw error(.typeMismatch, loc, "cannot convert '\(v.type.metal)' to '\(t.metal)'")
        }
    }

    /// A scalar made a vector or matrix: converted to the element type `s`, then widened.
    private func splat(_ v: TE, _ s: Scalar, to t: MType, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        let x = try convert(v, to: .scalar(s), loc)
        return TE(node: .convert(to: t, from: x.type, x.node), type: t)
    }

    /// Has the expression no side effects (so it may be evaluated several times)?
    func isPure(_ g: TExpr) -> Bool {
        switch g.kind {
        case .assign, .postfix, .comma, .step, .call(.function, _): return false
        case .unary(let op, _) where op == .increment || op == .decrement: return false
        // `sincos` and `modf` write their second argument.
        case .library(let f, _) where f == .sincos || f == .modf: return false
        default: return g.children.allSatisfy(isPure)
        }
    }

    /// A value in a boolean context.
    func toBool(_ v: TE, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        switch v.type {
        case .scalar(.bool): return v
        case .scalar(let s):
            if let l = v.lit { return literal(l, .bool) }
            return TE(node: .binary(.notEqual, v.node, literal(.int(0), s).node), type: .bool)
        case .vector:
            throw error(.typeMismatch, loc, "a vector ('\(v.type.metal)') cannot be used as a condition; use all() or any()")
        default:
            throw error(.typeMismatch, loc, "'\(v.type.metal)' cannot be used as a condition")
        }
    }

    /// The common arithmetic type of two operands (usual arithmetic conversions, vector widening).
    func commonType(_ a: MType, _ b: MType, _ loc: MetalSourceLocation, _ op: some CustomStringConvertible) throws(MetalError) -> MType {
        func promote(_ s: Scalar) -> Scalar { s.promoted }
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return .scalar(max(promote(x), promote(y)))
        case (.vector(let x, let n), .scalar(let y)):
            return .vector(x == .bool ? promote(y) : (y.isFloat && !x.isFloat ? y : x), n)
        case (.scalar(let x), .vector(let y, let n)):
            return .vector(y == .bool ? promote(x) : (x.isFloat && !y.isFloat ? x : y), n)
        case (.vector(let x, let n), .vector(let y, let m)):
            guard n == m else { throw error(.typeMismatch, loc, "invalid operands to '\(op)': '\(a.metal)' and '\(b.metal)' have different sizes") }
            // Vectors of one narrow integer type are not promoted: `short2 + short2` is a `short2`.
            if x == y, x.narrowWidth != nil { return a }
            return .vector(max(promote(x), promote(y)), n)
        default:
            throw error(.typeMismatch, loc, "invalid operands to '\(op)': '\(a.metal)' and '\(b.metal)'")
        }
    }

    /// Is the value known to be non-negative (unsigned, or a non-negative literal)?
    func knownNonNegative(_ v: TE) -> Bool {
        if v.type.scalar?.isUnsigned == true { return true }
        if case .int(let i) = v.lit { return i >= 0 }
        return false
    }

    // MARK: Expressions

    /// Types and lowers `e`, recording its type on the node (the typed AST) and in
    /// ``expressionTypes``.
    func lowerExpr(_ e: Expr) throws(MetalError) -> TE {
        let v = try lowerExprNode(e)
        e.type = v.type
        if case .call = e.kind {
            e.callee = resolvedCallee
            resolvedCallee = nil
        }
        let key = ObjectIdentifier(e)
        if recordedTypes[key, default: (e, [])].types.contains(v.type) == false {
            recordedTypes[key, default: (e, [])].types.append(v.type)
            expressionTypes.append(MetalExpressionType(location: e.loc, kind: e.kindName, metalType: v.type.metal,
                                                       isHalf: v.type.isHalf, function: current?.decl.name,
                                                       callee: e.callee?.description))
        }
        return v
    }

    private func lowerExprNode(_ e: Expr) throws(MetalError) -> TE {
        switch e.kind {
        case .intLit(let v, let unsigned):
            return literal(.int(Int64(v)), unsigned ? .uint : .int)
        case .floatLit(let d, let half):
            return literal(.float(d), half ? .half : .float, at: e.loc)
        case .boolLit(let b):
            return literal(.bool(b), .bool)
        case .ident(let name):
            return try lowerIdent(name, e.loc)
        case .templateIdent(let name, _):
            throw error(.semantic, e.loc, "function template '\(name)' used as a value")
        case .construct(let spec, let args):
            return try lowerConstruct(spec, args, e.loc)
        case .asType(let spec, let x):
            return try lowerAsType(spec, x, e.loc)
        case .call(let callee, let args):
            return try lowerCall(callee, args, e.loc)
        case .member(let base, let name):
            return try lowerMember(try lowerExpr(base), name, e.loc)
        case .arrow(let base, let name):
            guard case .ident(let n) = base.kind, let v = lookup(n), case .pointer = v.kind else {
                throw error(.unsupportedConstruct, e.loc, "'->' is only supported on 'thread T *' parameters")
            }
            return try lowerMember(TE(try reference(v, e.loc), lvalue: true), name, e.loc)
        case .index(let base, let idx):
            return try lowerIndex(base, idx, e.loc)
        case .unary(let op, let a):
            return try lowerUnary(op, a, e.loc)
        case .postfix(let op, let a):
            let v = try lowerExpr(a)
            try requireLValue(v, a.loc, op)
            guard v.type.isScalar || v.type.isVector, v.type.scalar != .bool else { throw error(.typeMismatch, e.loc, "cannot apply '\(op)' to '\(v.type.metal)'") }
            if let r = roundedHalfIncrement(op == .increment, prefix: false, v, e.loc) ?? narrowIncrement(op == .increment, prefix: false, v) { return r }
            return TE(node: .postfix(op, v.node), type: v.type)
        case .binary(let op, let a, let b):
            return try lowerBinary(op, try lowerExpr(a), try lowerExpr(b), e.loc)
        case .assign(let op, let a, let b):
            return try lowerAssign(op, a, b, e.loc)
        case .ternary(let c, let a, let b):
            let cond = try lowerExpr(c)
            if cond.type.isVector { throw error(.unsupportedConstruct, c.loc, "vector conditions in '?:' are not supported; use select(a, b, cond)") }
            let cv = try toBool(cond, c.loc)
            let x = try lowerExpr(a)
            let y = try lowerExpr(b)
            var t = x.type
            if x.type != y.type {
                if x.type.isArithmetic && y.type.isArithmetic && !x.type.isMatrix {
                    t = try commonType(x.type, y.type, e.loc, "?:")
                    if x.type.scalar == .bool && y.type.scalar == .bool { t = x.type }
                } else if x.type.glsl != y.type.glsl || x.type.glslArraySuffix != y.type.glslArraySuffix {
                    throw error(.typeMismatch, e.loc, "incompatible operand types in '?:': '\(x.type.metal)' and '\(y.type.metal)'")
                }
            }
            let xv = try convert(x, to: t, a.loc)
            let yv = try convert(y, to: t, b.loc)
            return TE(node: .ternary(cv.node, xv.node, yv.node), type: t)
        case .comma(let a, let b):
            let x = try lowerExpr(a)
            let y = try lowerExpr(b)
            return TE(node: .comma(x.node, y.node), type: y.type)
        case .lambda:
            throw error(.unsupportedConstruct, e.loc, "lambdas are only supported as 'auto name = [](...) { ... };' local declarations")
        case .initList:
            throw error(.unsupportedConstruct, e.loc, "a brace initializer list is only supported to initialize a declared variable, in an assignment or in a return")
        case .designated(let member, _):
            throw error(.unsupportedConstruct, e.loc, "a designated initializer '.\(member) = ...' is only supported in the brace initializer of a struct")
        case .sizeOf(let spec):
            let t = try resolve(spec)
            guard let n = metalSize(spec, t) else {
                throw error(.unsupportedConstruct, e.loc, "sizeof('\(t.metal)') is not supported (scalars, vectors, matrices, arrays of them and structs of them, without packed members)")
            }
            return literal(.int(Int64(n)), .uint)
        case .sizeOfValue(let x):
            // The operand is typed (for its type) and dropped: sizeof never evaluates it.
            let typed = try lowerExpr(x)
            guard let n = metalSize(of: typed.type) else {
                throw error(.unsupportedConstruct, e.loc, "sizeof of a value of type '\(typed.type.metal)' is not supported (scalars, vectors, matrices, arrays of them and structs of them)")
            }
            return literal(.int(Int64(n)), .uint)
        case .qualified, .enumerator, .numericLimits, .cast:
            throw error(.internalError, e.loc, "internal error: an expression reached semantic analysis without being lowered")
        }
    }

    func requireLValue(_ v: TE, _ loc: MetalSourceLocation, _ op: some CustomStringConvertible) throws(MetalError) {
        if !v.lvalue { throw error(.semantic, loc, "expression is not assignable (operator '\(op)')") }
    }

    /// A use of variable `v` (a local, a parameter, a program-scope constant).
    func reference(_ v: VarInfo, _ loc: MetalSourceLocation) throws(MetalError) -> TExpr {
        guard let symbol = v.symbol else { throw error(.internalError, loc, "internal error: a name without a variable used as one") }
        return .variable(symbol)
    }

    func lowerIdent(_ rawName: String, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        let name = rawName.hasPrefix("metal::") ? String(rawName.dropFirst(7)) : rawName
        if lookupLocal(name) == nil, let s = currentMethodStruct, let m = s.members.first(where: { $0.name == name }),
           let this = lookupLocal("this") {
            // A member used by name inside a member function: `this->m`.
            return TE(node: .field(try reference(this, loc), structure: s.name, member: m.name), type: m.type, lvalue: true)
        }
        if let v = lookup(name) ?? lookupStaticMember(name) {
            switch v.kind {
            case .lambda:
                throw error(.unsupportedConstruct, loc, "lambda '\(name)' used as a value (only calls are supported)")
            case .computed(let getter):
                return try lowerCall(Expr(.ident(getter), loc), [], loc)
            case .arrayCount(let array):
                // GLSL's `a.length()`, an int (printed as the member `count`, ``GLSLLowering``).
                let count = TExpr(.member(.variable(array), "count"), .int)
                return v.type == .uint ? TE(node: .convert(to: .uint, from: .int, count), type: .uint) : TE(count)
            case .pointer:
                // A bare pointer is only meaningful when passed on; callers handle that case.
                return TE(try reference(v, loc), lvalue: true)
            case .value:
                if v.type == .sampler { return TE(node: .literal(.placeholder("/*sampler*/")), type: .sampler) }
                // Integer constants carry their value, so `SIZE / 2` folds (GLSL constant initializers need it).
                return TE(try reference(v, loc), lvalue: !v.isConst, lit: v.isConst ? v.constInt.map { .int($0) } : nil)
            }
        }
        if let c = try builtinConstant(name, loc) { return c }
        if functions[name] != nil || Builtins.isBuiltinFunction(name) {
            throw error(.unsupportedConstruct, loc, "function '\(name)' used as a value (function pointers are not supported)")
        }
        if let f = current, f.decl.name.contains("::lambda ") {
            throw error(.unsupportedConstruct, loc, "use of undeclared identifier '\(name)' (lambda captures are not supported; pass it as a parameter)")
        }
        throw error(.undeclaredIdentifier, loc, "use of undeclared identifier '\(name)'")
    }

    func lowerUnary(_ op: UnaryOperator, _ a: Expr, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        switch op {
        case .dereference:
            guard case .ident(let n) = a.kind, let v = lookup(n), case .pointer = v.kind else {
                throw error(.unsupportedConstruct, loc, "'*' dereference is only supported on 'thread T *' parameters")
            }
            return TE(try reference(v, loc), lvalue: true)
        case .address:
            throw error(.unsupportedConstruct, loc, "taking an address with '&' is only supported for an argument passed to a 'thread T *' parameter")
        case .increment, .decrement:
            let v = try lowerExpr(a)
            try requireLValue(v, a.loc, op)
            guard v.type.isScalar || v.type.isVector, v.type.scalar != .bool else { throw error(.typeMismatch, loc, "cannot apply '\(op)' to '\(v.type.metal)'") }
            if let r = roundedHalfIncrement(op == .increment, prefix: true, v, loc) ?? narrowIncrement(op == .increment, prefix: true, v) { return r }
            return TE(node: .unary(op, v.node), type: v.type)
        case .not:
            let v = try lowerExpr(a)
            if case .vector(.bool, _) = v.type { return TE(node: .componentwiseNot(v.node), type: v.type) }
            let b = try toBool(v, a.loc)
            if case .bool(let x) = b.lit { return literal(.bool(!x), .bool) }
            if case .binary(.notEqual, let l, let r) = b.node.kind { return TE(node: .binary(.equal, l, r), type: .bool) }
            return TE(node: .unary(.not, b.node), type: .bool)
        case .bitNot:
            var v = try lowerExpr(a)
            guard let s = v.type.scalar, s.isInteger || s == .bool, !v.type.isMatrix else { throw error(.typeMismatch, loc, "invalid operand to '~': '\(v.type.metal)'") }
            if s == .bool || (v.type.isScalar && s.promoted != s) { v = try convert(v, to: v.type.with(scalar: .int), loc) }
            if case .int(let i) = v.lit { return literal(.int(~i), v.type.scalar!) }
            return narrowedResult(TE(node: .unary(.bitNot, v.node), type: v.type))
        case .negate, .plus:
            var v = try lowerExpr(a)
            guard v.type.isArithmetic else { throw error(.typeMismatch, loc, "invalid operand to unary '\(op)': '\(v.type.metal)'") }
            // C promotes a `bool` or narrow integer scalar to `int` (`-s` of a short is an int).
            if let s = v.type.scalar, s == .bool || (v.type.isScalar && s.promoted != s) { v = try convert(v, to: v.type.with(scalar: .int), loc) }
            if op == .plus { return TE(v.node, lit: v.lit) }
            if let l = v.lit {
                switch l {
                case .int(let i): return literal(.int(0 &- i), v.type.scalar!)
                case .float(let d): return literal(.float(-d), v.type.scalar!)
                case .bool: break
                }
            }
            return narrowedResult(TE(node: .unary(.negate, v.node), type: v.type))
        }
    }

    func lowerBinary(_ op: BinaryOperator, _ x: TE, _ y: TE, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        for v in [x, y] where v.subarray != nil {
            throw error(.semantic, loc, "a sub-array of a multidimensional array cannot be used as a value")
        }
        switch op {
        case .logicalAnd, .logicalOr:
            let a = try toBool(x, loc)
            let b = try toBool(y, loc)
            return TE(node: .binary(op, a.node, b.node), type: .bool)
        case .shiftLeft, .shiftRight:
            var a = x
            var b = y
            guard let sa = a.type.scalar, let sb = b.type.scalar, !a.type.isMatrix, !b.type.isMatrix, !sa.isFloat, !sb.isFloat else {
                throw error(.typeMismatch, loc, "invalid operands to '\(op)': '\(x.type.metal)' and '\(y.type.metal)'")
            }
            // A scalar `bool` or narrow integer is promoted to `int`; a vector keeps its type.
            if sa == .bool || (a.type.isScalar && sa.promoted != sa) { a = try convert(a, to: a.type.with(scalar: .int), loc) }
            if sb == .bool || (b.type.isScalar && sb.promoted != sb) { b = try convert(b, to: b.type.with(scalar: .int), loc) }
            if a.type.isScalar && b.type.isVector { a = try convert(a, to: b.type.with(scalar: a.type.scalar!), loc) }
            if a.type.isVector && b.type.isVector && a.type.vectorSize != b.type.vectorSize {
                throw error(.typeMismatch, loc, "invalid operands to '\(op)': different vector sizes")
            }
            return narrowedResult(TE(node: .binary(op, a.node, b.node), type: a.type))
        default: break
        }
        // Matrices.
        if x.type.isMatrix || y.type.isMatrix {
            guard [.add, .subtract, .multiply, .divide].contains(op) else { throw error(.typeMismatch, loc, "invalid operands to '\(op)': '\(x.type.metal)' and '\(y.type.metal)'") }
            var a = x
            var b = y
            // The other operand takes the matrix's element type (`half` or `float`), so the
            // product's type is the matrix's (a second matrix converts to the first's).
            let element = (x.type.isMatrix ? x.type : y.type).scalar!
            if !a.type.isMatrix || a.type.scalar != element { a = try convert(a, to: a.type.with(scalar: element), loc) }
            if !b.type.isMatrix || b.type.scalar != element { b = try convert(b, to: b.type.with(scalar: element), loc) }
            var t = a.type.isMatrix ? a.type : b.type
            if op == .multiply {
                switch (a.type, b.type) {
                case (.matrix(let s, let c, let r), .vector(_, let n)):
                    guard c == n else { throw error(.typeMismatch, loc, "matrix-vector size mismatch") }
                    t = .vector(s, r)
                case (.vector(let s, let n), .matrix(_, let c, let r)):
                    guard r == n else { throw error(.typeMismatch, loc, "vector-matrix size mismatch") }
                    t = .vector(s, c)
                case (.matrix(let s, let c1, let r1), .matrix(_, let c2, let r2)):
                    guard c1 == r2 else { throw error(.typeMismatch, loc, "matrix size mismatch") }
                    t = .matrix(s, c2, r1)
                default: break
                }
            } else if a.type.isVector || b.type.isVector {
                throw error(.typeMismatch, loc, "invalid operands to '\(op)': '\(x.type.metal)' and '\(y.type.metal)'")
            } else if a.type.isMatrix && b.type.isMatrix && a.type.glsl != b.type.glsl {
                throw error(.typeMismatch, loc, "matrix size mismatch")
            }
            if op == .divide && b.type.isMatrix {
                throw error(.typeMismatch, loc, "invalid operands to '/': '\(x.type.metal)' and '\(y.type.metal)'")
            }
            return roundedHalf(TE(node: .binary(op, a.node, b.node), type: t), loc)
        }
        guard x.type.isArithmetic, y.type.isArithmetic else {
            throw error(.typeMismatch, loc, "invalid operands to binary '\(op)': '\(x.type.metal)' and '\(y.type.metal)'")
        }
        var t = try commonType(x.type, y.type, loc, op)
        let isCompare = op.isComparison
        if [.bitAnd, .bitOr, .bitXor].contains(op) {
            if x.type.scalar == .bool && y.type.scalar == .bool && x.type.isScalar && y.type.isScalar && op != .bitXor {
                // bool & bool: C++ computes in int; the result converts back to bool when stored.
                t = .int
            }
            guard t.scalar?.isInteger == true else { throw error(.typeMismatch, loc, "invalid operands to '\(op)': '\(x.type.metal)' and '\(y.type.metal)'") }
        }
        if op == .remainder && t.scalar?.isFloat == true {
            throw error(.typeMismatch, loc, "'%' needs integer operands; use fmod() for floating-point remainders")
        }
        // Scalar operands of a vector operation keep scalar form when their base type already matches.
        var a = x
        var b = y
        if a.type.isScalar && b.type.isVector && !isCompare && a.type.scalar!.glsl == t.scalar!.glsl && b.type.scalar!.glsl == t.scalar!.glsl
            && op != .divide && op != .remainder {
            a = try convert(a, to: .scalar(t.scalar!), loc)
        } else if b.type.isScalar && a.type.isVector && !isCompare && b.type.scalar!.glsl == t.scalar!.glsl && a.type.scalar!.glsl == t.scalar!.glsl
            && op != .divide && op != .remainder {
            b = try convert(b, to: .scalar(t.scalar!), loc)
        } else if (a.type.isScalar && t.isVector) || (b.type.isScalar && t.isVector) {
            if a.type.isScalar, !isCompare, op != .divide, op != .remainder { a = try convert(a, to: .scalar(t.scalar!), loc) } else { a = try convert(a, to: t, loc) }
            if b.type.isScalar, !isCompare, op != .divide, op != .remainder { b = try convert(b, to: .scalar(t.scalar!), loc) } else { b = try convert(b, to: t, loc) }
        } else {
            a = try convert(a, to: t, loc)
            b = try convert(b, to: t, loc)
        }
        // Float division of vector by scalar is fine in GLSL; restore scalar forms for it.
        if op == .divide && t.scalar?.isFloat == true {
            if x.type.isScalar && t.isVector { a = try convert(x, to: .scalar(t.scalar!), loc) }
            if y.type.isScalar && t.isVector { b = try convert(y, to: .scalar(t.scalar!), loc) }
        }
        if isCompare {
            if t.isVector {
                return TE(node: .componentwise(op, a.node, b.node), type: t.with(scalar: .bool))
            }
            return TE(node: .binary(op, a.node, b.node), type: .bool)
        }
        if (op == .divide || op == .remainder), let s = t.scalar, s.isInteger, !s.isUnsigned, !(knownNonNegative(a) && knownNonNegative(b)) {
            if case .int(let p) = a.lit, case .int(let q) = b.lit, q != 0 {
                let (a32, b32) = (Int32(truncatingIfNeeded: p), Int32(truncatingIfNeeded: q))
                let r = op == .divide ? a32.dividedReportingOverflow(by: b32).partialValue : a32.remainderReportingOverflow(dividingBy: b32).partialValue
                return literal(.int(Int64(r)), .int)
            }
            // C truncates toward zero; GLSL ES leaves negative operands undefined.
            return narrowedResult(TE(node: .truncatingDivision(op, a.node, b.node, size: t.isVector ? t.vectorSize : 1), type: t))
        }
        if t.isHalf, [.add, .subtract, .multiply, .divide].contains(op) { return roundedHalfArithmetic(op, a, b, type: t, loc) }
        return narrowedResult(TE(node: .binary(op, a.node, b.node), type: t))
    }

    /// The result of an operation on vectors of a narrow integer type (C promotes scalars to
    /// `int`, so only vectors remain), wrapped to their width: `short2(32767) + short2(1)` is
    /// `short2(-32768)`.
    func narrowedResult(_ v: TE) -> TE {
        guard let narrow = v.type.scalar?.narrowWidth else { return v }
        // `&`, `|`, `^` and `>>` of values in range stay in it.
        if case .binary(let op, _, _) = v.node.kind, [.bitAnd, .bitOr, .bitXor, .shiftRight].contains(op) { return v }
        return narrowed(v, narrow)
    }

    func lowerAssign(_ op: AssignOperator, _ lhs: Expr, _ rhs: Expr, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        let l = try lowerExpr(lhs)
        try requireLValue(l, lhs.loc, op)
        if l.subarray != nil { throw error(.unsupportedConstruct, loc, "assigning a sub-array of a multidimensional array is not supported") }
        guard let binop = op.binary else {
            let r = try lowerInitializer(rhs, to: l.type)
            return TE(node: .assign(.assign, l.node, r.node), type: l.type)
        }
        let r = try lowerExpr(rhs)
        let combined = try lowerBinary(binop, l, r, loc)
        // `x op= y` stays compound when GLSL accepts it as is: not where the value converts to a
        // narrow integer (`s += x` of a `short` is computed in int and stored wrapped).
        if combined.type == l.type || (combined.type.glsl == l.type.glsl && l.type.scalar?.narrowWidth == nil) {
            if case .binary(let o, let a, let b) = combined.node.kind, o == binop, "\(a)" == "\(l.node)" {
                return TE(node: .assign(op, a, b), type: l.type)
            }
        }
        // `x = T(x op y)` evaluates x twice: only for side-effect-free targets.
        if !isPure(l.node) {
            throw error(.unsupportedConstruct, loc, "compound assignment '\(op)' that needs a conversion is not supported on a target with side effects; use a temporary")
        }
        let value = try convert(combined, to: l.type, loc)
        return TE(node: .assign(.assign, l.node, value.node), type: l.type)
    }

    // MARK: Members and indexing

    static let swizzleSets = ["xyzw", "rgba"]

    func lowerMember(_ base: TE, _ name: String, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        switch base.type {
        case .vector(let s, let n):
            guard (1...4).contains(name.count), let set = Semantic.swizzleSets.first(where: { set in name.allSatisfy { set.contains($0) } }) else {
                throw error(.semantic, loc, "invalid vector swizzle '.\(name)' on '\(base.type.metal)'")
            }
            for c in name {
                let idx = set.distance(from: set.startIndex, to: set.firstIndex(of: c)!)
                if idx >= n { throw error(.semantic, loc, "swizzle '.\(name)' is out of range for '\(base.type.metal)'") }
            }
            let unique = Set(name).count == name.count
            let t: MType = name.count == 1 ? .scalar(s) : .vector(s, name.count)
            return TE(node: .member(base.node, name), type: t, lvalue: base.lvalue && unique)
        case .structure(let sname):
            guard let info = structs[sname], let m = info.members.first(where: { $0.name == name }) else {
                throw error(.undeclaredIdentifier, loc, "no member named '\(name)' in '\(sname)'")
            }
            return TE(node: .field(base.node, structure: info.name, member: m.name), type: m.type, lvalue: base.lvalue)
        default:
            throw error(.unsupportedConstruct, loc, "member reference '.\(name)' on a value of type '\(base.type.metal)' is not supported")
        }
    }

    func lowerIndex(_ baseExpr: Expr, _ idxExpr: Expr, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        if case .member(let inner, "info") = baseExpr.kind, try lowerExpr(inner).type == .layer {
            return try layerInfo(idxExpr, loc)
        }
        let base = try lowerExpr(baseExpr)
        var idx = try lowerExpr(idxExpr)
        guard let s = idx.type.scalar, idx.type.isScalar, !s.isFloat else {
            throw error(.typeMismatch, idxExpr.loc, "array subscript is not an integer ('\(idx.type.metal)')")
        }
        switch base.type {
        case .floatArray, .colorArray:
            idx = try convert(idx, to: .int, idxExpr.loc)
            return roundedHalf(TE(node: .call(.interface(StitchedInterface.arrayElement), [base.node, idx.node]), type: base.type == .floatArray ? .float : .vector(.half, 4)), loc)
        case .vector(let es, _):
            if s == .bool { idx = try convert(idx, to: .int, idxExpr.loc) }
            return TE(node: .index(base.node, idx.node), type: .scalar(es), lvalue: base.lvalue)
        case .matrix(let es, _, let r):
            if s == .bool { idx = try convert(idx, to: .int, idxExpr.loc) }
            return TE(node: .index(base.node, idx.node), type: .vector(es, r), lvalue: base.lvalue)
        case .array(let elem, let n):
            if s == .bool { idx = try convert(idx, to: .int, idxExpr.loc) }
            if case .int(let i) = idx.lit, i < 0 || i >= Int64(n) {
                throw error(.semantic, idxExpr.loc, "array index \(i) is past the end of the array (\(n) elements)")
            }
            guard case .array = elem else {
                if let sub = base.subarray {
                    var off = idx.node
                    if let o = sub.offset { off = TExpr(.binary(.add, o, idx.node), .int) }
                    return TE(node: .index(sub.base, off), type: elem, lvalue: base.lvalue)
                }
                return TE(node: .index(base.node, idx.node), type: elem, lvalue: base.lvalue)
            }
            // Arrays of arrays are flattened: a[i][j] → a[i * inner + j].
            let i = idx.type == .int ? idx : try convert(idx, to: .int, idxExpr.loc)
            let stride = elem.flatCount
            let scaled: TExpr = {
                if case .int(let v) = i.lit { return .int(v * Int64(stride)) }
                return TExpr(.binary(.multiply, i.node, .int(Int64(stride))), .int)
            }()
            var off = scaled
            if let o = base.subarray?.offset { off = TExpr(.binary(.add, o, scaled), .int) }
            let root = base.subarray?.base ?? base.node
            var te = TE(node: .literal(.placeholder("/*subarray*/")), type: elem, lvalue: base.lvalue)
            te.subarray = (root, off)
            return te
        default:
            throw error(.typeMismatch, loc, "subscripted value of type '\(base.type.metal)' is not an array, vector or matrix")
        }
    }

    /// `layer.info[k]`: SwiftUI's `Layer` holds five `float2`s that take a position in points to
    /// its texture's coordinates, as its `sample` does (`fma(p.x, info[0], fma(p.y, info[1],
    /// info[2]))`, then clamped between `info[3]` and `info[4]`). Here the layer's texture covers
    /// the layer's origin and size in the stitching contract, so they are `(1 / width, 0)`, `(0,
    /// 1 / height)`, `-origin / size`, `(0, 0)` and `(1, 1)`; `k` must be a constant.
    func layerInfo(_ idxExpr: Expr, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        guard let k = constInt(idxExpr), (0...4).contains(k) else {
            throw error(.unsupportedConstruct, idxExpr.loc, "'layer.info' is supported indexed with a constant from 0 to 4 (SwiftUI's five float2s of the layer's transform)")
        }
        let float2 = MType.vector(.float, 2)
        func contract(_ name: String) -> TExpr { .variable(TVariable(name, float2, .interface(name), loc)) }
        let size = contract(StitchedInterface.layerSize), origin = contract(StitchedInterface.layerOrigin)
        let zero = TExpr.literal(.float(0), .float), one = TExpr.literal(.float(1), .float)
        func reciprocal(_ component: String) -> TExpr {
            TExpr(.binary(.divide, one, TExpr(.member(size, component), .float)), .float)
        }
        switch k {
        case 0: return TE(TExpr.constructor(of: float2, [reciprocal("x"), zero]))
        case 1: return TE(TExpr.constructor(of: float2, [zero, reciprocal("y")]))
        case 2: return TE(node: .binary(.divide, TExpr(.unary(.negate, origin), float2), size), type: float2)
        case 3: return TE(TExpr.constructor(of: float2, [zero]))
        default: return TE(TExpr.constructor(of: float2, [one]))
        }
    }

    // MARK: Narrow integers

    /// `value` wrapped to `bits` as storing it in a narrow variable does: the low bits, sign-extended
    /// for the signed types.
    static func wrap(_ value: Int64, _ narrow: (bits: Int, signed: Bool)) -> Int64 {
        narrow.signed ? (value << (64 - narrow.bits)) >> (64 - narrow.bits) : value & ((1 << narrow.bits) - 1)
    }

    /// `v`, of a type whose elements are narrow integers, converted from a value of type `from`:
    /// wrapped to their width unless every value of `from` fits it (a `char` made a `short`).
    func narrowedIfNeeded(_ v: TE, from: MType) -> TE {
        guard let to = v.type.scalar, let narrow = to.narrowWidth else { return v }
        if let s = from.scalar {
            if s == .bool { return v }
            if let w = s.narrowWidth, (w.signed == narrow.signed && w.bits <= narrow.bits) || (!w.signed && narrow.signed && w.bits < narrow.bits) {
                return v
            }
        }
        return narrowed(v, narrow)
    }

    /// `v` wrapped to a narrow integer width (its type's, where analysis made a value of it).
    func narrowed(_ v: TE, _ narrow: (bits: Int, signed: Bool)) -> TE {
        if case .int(let i) = v.lit, let s = v.type.scalar, v.type.isScalar { return literal(.int(Semantic.wrap(i, narrow)), s) }
        if let w = v.wrappedTo, w == narrow { return v }
        var r = TE(node: .wrap(v.node, bits: narrow.bits, signed: narrow.signed), type: v.type)
        r.wrappedTo = narrow
        return r
    }

    /// `++`/`--` of a narrow integer (a variable, an element, a member): the new value wraps
    /// (`short s = 32767; s++` is -32768).
    func narrowIncrement(_ increment: Bool, prefix: Bool, _ v: TE) -> TE? {
        guard let narrow = v.type.scalar?.narrowWidth else { return nil }
        let step = TStep(increment: increment, prefix: prefix, rounding: .narrow(bits: narrow.bits, signed: narrow.signed))
        return TE(node: .step(step, v.node, type: v.type), type: v.type)
    }

    // MARK: Constructors

    func lowerConstruct(_ spec: TypeSpec, _ args: [Expr], _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        if spec.isPointer || spec.isReference { throw error(.unsupportedConstruct, loc, "pointer and reference casts are not supported") }
        let t = try resolve(spec)
        if case .structure(let n) = t, let s = structs[n], let makers = functions[s.name + "::" + Semantic.makerName] {
            // A class with constructors: `S(...)` (and `S x(...)`) runs the one the arguments choose.
            let maker = s.name + "::" + Semantic.makerName
            do {
                if let r = try lowerUserCall(maker, makers, args, loc, fallbackToBuiltin: false) { return r }
            } catch {
                // Messages name the constructor as written (`Pair(float)`), not its lowering.
                var e = error
                e.message = e.message.replacingOccurrences(of: "function for call to '\(maker)'", with: "constructor of '\(s.name)'")
                    .replacingOccurrences(of: maker + "(", with: s.name + "(")
                throw e
            }
            throw error(.noMatchingOverload, loc, "no constructor of '\(s.name)' takes these \(args.count) argument\(args.count == 1 ? "" : "s")")
        }
        // `T{{...}, ...}` and `T{.m = ...}`: brace items initialise `T` as its aggregate.
        if args.contains(where: { if case .initList = $0.kind { true } else if case .designated = $0.kind { true } else { false } }) {
            return try lowerInitializer(Expr(.initList(args), loc), to: t)
        }
        var vals: [TE] = []
        for a in args { vals.append(try lowerExpr(a)) }
        if t == .void, vals.count == 1 {
            // `(void)x;` silences unused-value warnings.
            return TE(node: .voided(vals[0].node), type: .void)
        }
        if vals.isEmpty { return TE(zeroValue(t)) }
        switch t {
        case .scalar:
            guard vals.count == 1, vals[0].type.isScalar else {
                throw error(.typeMismatch, loc, "cannot convert '\(vals.map { $0.type.metal }.joined(separator: ", "))' to '\(t.metal)'")
            }
            return try convert(vals[0], to: t, loc, explicit: true)
        case .vector(let s, let n):
            if vals.count == 1 {
                if vals[0].type.isScalar { return try convert(vals[0], to: t, loc) }
                if case .vector(_, let m) = vals[0].type, m == n { return try convert(vals[0], to: t, loc, explicit: true) }
                // `half3(color)` of a half4 keeps the first components (public SwiftUI shaders
                // that Xcode compiles use it); GLSL's vec3(vec4) does the same.
                if case .vector(_, let m) = vals[0].type, m > n {
                    return TE(TExpr.constructor(of: t, [try convert(vals[0], to: .vector(s, m), args[0].loc).node]))
                }
            }
            // A vector of narrow integers from values that are not all constants is built at the
            // 32-bit type GLSL holds it in, then converted and wrapped once, component by component.
            let narrow = s.narrowWidth.flatMap { w in vals.allSatisfy { $0.lit != nil } ? nil : w }
            let element: Scalar = narrow.map { $0.signed ? .int : .uint } ?? s
            var total = 0
            var out: [TExpr] = []
            for (k, v) in vals.enumerated() {
                switch v.type {
                case .scalar:
                    total += 1
                    out.append(try convert(v, to: .scalar(element), args[k].loc).node)
                case .vector(_, let m):
                    total += m
                    out.append(try convert(v, to: .vector(element, m), args[k].loc).node)
                default:
                    throw error(.typeMismatch, args[k].loc, "cannot use '\(v.type.metal)' to construct '\(t.metal)'")
                }
            }
            guard total == n else {
                throw error(.typeMismatch, loc, "\(total) components given to construct '\(t.metal)', which has \(n)")
            }
            if let narrow {
                let wide = TExpr.constructor(of: .vector(element, n), out)
                return narrowed(TE(node: .convert(to: t, from: wide.type, wide), type: t), narrow)
            }
            return TE(TExpr.constructor(of: t, out))
        case .matrix(let s, let c, let r):
            if vals.count == 1, vals[0].type.isMatrix { return try convert(vals[0], to: t, loc) }
            var out: [TExpr] = []
            var total = 0
            for (k, v) in vals.enumerated() {
                switch v.type {
                case .scalar: out.append(try convert(v, to: .scalar(s), args[k].loc).node); total += 1
                case .vector(_, let m): out.append(try convert(v, to: .vector(s, m), args[k].loc).node); total += m
                default: throw error(.typeMismatch, args[k].loc, "cannot use '\(v.type.metal)' to construct '\(t.metal)'")
                }
            }
            guard total == c * r || (total == 1 && vals.count == 1) else {
                throw error(.typeMismatch, loc, "\(total) components given to construct '\(t.metal)', which has \(c * r)")
            }
            return TE(TExpr.constructor(of: t, out))
        case .structure(let name):
            let info = structs[name]!
            if vals.count == 1, vals[0].type == t { return vals[0] }
            guard vals.count <= info.members.count else { throw error(.semantic, loc, "too many initializers for struct '\(name)'") }
            var out: [TExpr] = []
            for (k, m) in info.members.enumerated() {
                out.append(k < vals.count ? try convert(vals[k], to: m.type, args[k].loc).node : zeroValue(m.type))
            }
            return TE(node: .construct(.structure(info.name), arraySize: nil, out), type: t)
        default:
            throw error(.typeMismatch, loc, "cannot construct a value of type '\(t.metal)'")
        }
    }

    func lowerAsType(_ spec: TypeSpec, _ x: Expr, _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        let t = try resolve(spec)
        let v = try lowerExpr(x)
        guard let from = v.type.scalar, let to = t.scalar, v.type.vectorSize == t.vectorSize, !v.type.isMatrix, !t.isMatrix,
              from != .half, to != .half, from != .bool, to != .bool, from.narrowWidth == nil, to.narrowWidth == nil else {
            throw error(.unsupportedConstruct, loc, "as_type<\(t.metal)>(\(v.type.metal)) is not supported (only between 32-bit float, int and uint of the same size)")
        }
        if from == to { return v }
        return TE(node: .bitcast(to: t, from: v.type, v.node), type: t)
    }

    // MARK: Calls

    func lowerCall(_ callee: Expr, _ args: [Expr], _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        if case .member(let obj, let method) = callee.kind {
            return try lowerMethodCall(obj, method, args, loc)
        }
        if case .templateIdent(let name, let targs) = callee.kind {
            if let r = try instantiate(name, targs, args, loc) { return r }
            throw error(.noMatchingOverload, loc, "no matching function template for call to '\(name)'")
        }
        guard case .ident(var name) = callee.kind else {
            throw error(.noMatchingOverload, loc, "called object is not a function")
        }
        if name.hasPrefix("metal::") {
            name.removeFirst(7)
            if Builtins.isBuiltinFunction(name) { return try lowerBuiltinCall(name, args, loc) }
        }
        if let v = lookup(name) {
            if case .lambda(let id) = v.kind {
                if let r = try lowerUserCall(name, [allFunctions[id]], args, loc, fallbackToBuiltin: false) { return r }
            }
            throw error(.noMatchingOverload, loc, "called object '\(name)' is a variable, not a function",
                        notes: [MetalNote(location: v.loc, message: "'\(name)' declared here")])
        }
        if let owner = currentOwner, let statics = functions[owner + "::" + name], statics.allSatisfy(\.decl.isStaticMember) {
            // A static member function called unqualified inside its struct: no `this`.
            if let r = try lowerUserCall(owner + "::" + name, statics, args, loc, fallbackToBuiltin: false) { return r }
        }
        if let s = currentMethodStruct, let methods = functions[s.name + "::" + name] {
            let this = Expr(.unary(.address, Expr(.ident("this"), loc)), loc)
            if let r = try lowerUserCall(s.name + "::" + name, methods, [this] + args, loc, fallbackToBuiltin: false) { return r }
        }
        if let overloads = functions[name] {
            let fallback = Builtins.isBuiltinFunction(name) || templates[name] != nil
            if let r = try lowerUserCall(name, overloads, args, loc, fallbackToBuiltin: fallback) { return r }
        }
        if templates[name] != nil {
            if let r = try instantiate(name, [], args, loc) { return r }
            if !Builtins.isBuiltinFunction(name) {
                if templates[name]!.allSatisfy({ $0.templateParams.isEmpty }) {
                    throw error(.noMatchingOverload, loc, "no matching function for call to '\(name)': an unsized array parameter ('thread T name[]') takes an array whose size is known where it is called")
                }
                throw error(.noMatchingOverload, loc, "no matching function template for call to '\(name)' (template arguments are deduced from arguments whose parameter type is a template parameter)")
            }
        }
        if Builtins.isBuiltinFunction(name) {
            return try lowerBuiltinCall(name, args, loc)
        }
        if current == nil, declaredFunctionNames.contains(name) {
            throw error(.unsupportedConstruct, loc, "the initializer of a program-scope constant must be a constant expression in GLSL ES; it cannot call function '\(name)'")
        }
        if Builtins.unsupported.contains(name) {
            throw error(.unsupportedConstruct, loc, "Metal function '\(name)' is not supported by the GLSL translator")
        }
        throw error(.undeclaredIdentifier, loc, "use of undeclared function '\(name)'")
    }

    /// An argument for a reference / pointer parameter: an lvalue (with `&` for pointers).
    func lowerOutArgument(_ a: Expr, pointer: Bool) throws(MetalError) -> TE {
        var inner = a
        if case .unary(.address, let x) = a.kind { inner = x }
        else if pointer, case .ident(let n) = a.kind, let v = lookup(n), case .pointer = v.kind {
            return TE(try reference(v, a.loc), lvalue: true)
        } else if pointer {
            throw error(.semantic, a.loc, "pass the address of a local variable ('&x') to a 'thread T *' parameter")
        }
        let v = try lowerExpr(inner)
        if v.subarray != nil { throw error(.semantic, a.loc, "a row of a multidimensional array cannot be passed to a reference or pointer parameter, or to an array parameter that the function writes") }
        if !v.lvalue { throw error(.semantic, a.loc, "an out argument must be an assignable variable") }
        return v
    }

    func lowerUserCall(_ name: String, _ overloads: [FuncInfo], _ args: [Expr], _ loc: MetalSourceLocation,
                       fallbackToBuiltin: Bool) throws(MetalError) -> TE? {
        // Evaluate plain arguments once for overload resolution.
        var plain: [TE?] = []
        for a in args {
            if case .unary(.address, _) = a.kind { plain.append(nil); continue }
            if case .initList = a.kind { plain.append(nil); continue }
            plain.append(try lowerExpr(a))
        }
        var best: [(FuncInfo, Int)] = []
        let callerUnits = current?.decl.units ?? []
        for f in overloads {
            let defaults = f.defaults(seenFrom: callerUnits)
            let required = defaults.firstIndex { $0 != nil } ?? f.params.count
            guard args.count >= required, args.count <= f.params.count else { continue }
            var cost = 0
            var ok = true
            for (k, p) in f.params.prefix(args.count).enumerated() {
                guard let v = plain[k] else {
                    if case .unary(.address, _) = args[k].kind, !p.isPointer { ok = false }
                    continue
                }
                if (p.isReference || p.isPointer) && !(p.isPointer && p.isConstPointee) {
                    if v.type.glsl != p.type.glsl || v.type.glslArraySuffix != p.type.glslArraySuffix { ok = false }
                    continue
                }
                let c = conversionCost(v.type, p.type)
                if c < 0 { ok = false } else { cost += c }
            }
            if ok { best.append((f, cost)) }
        }
        guard let minCost = best.map(\.1).min() else {
            if fallbackToBuiltin { return nil }
            let sigs = overloads.map { f in "\(name)(\(f.params.map { $0.type.metal }.joined(separator: ", ")))" }
            // Clang's note per candidate: where each overload that did not fit is declared.
            let notes = overloads.map { f in
                MetalNote(location: f.decl.loc, message: "candidate function '\(name)(\(f.params.map { $0.type.metal }.joined(separator: ", ")))' declared here")
            }
            throw error(.noMatchingOverload, loc, "no matching function for call to '\(name)' with arguments (\(plain.map { $0?.type.metal ?? "&..." }.joined(separator: ", "))); candidates: \(sigs.joined(separator: "; "))",
                        notes: notes)
        }
        let winners = best.filter { $0.1 == minCost }
        if winners.count > 1 {
            throw error(.noMatchingOverload, loc, "call to '\(name)' is ambiguous",
                        notes: winners.map { MetalNote(location: $0.0.decl.loc, message: "candidate function declared here") })
        }
        let f = winners[0].0
        let defaults = f.defaults(seenFrom: callerUnits)
        var out: [TExpr] = []
        for (k, p) in f.params.enumerated() {
            if k < args.count {
                if p.isPointer && p.isConstPointee {
                    var inner = args[k]
                    if case .unary(.address, let x) = inner.kind { inner = x }
                    out.append(try convert(try lowerExpr(inner), to: p.type, args[k].loc).node)
                } else if p.isReference || p.isPointer {
                    out.append(try lowerOutArgument(args[k], pointer: p.isPointer).node)
                } else if let v = plain[k] {
                    if p.type == .texture, case .ident(let n) = args[k].kind {
                        current?.textureArguments.append((f.id, k, n, args[k].loc))
                    }
                    out.append(try convert(v, to: p.type, args[k].loc).node)
                } else {
                    out.append(try lowerInitializer(args[k], to: p.type).node)
                }
            } else if let d = defaults[k] {
                out.append(try lowerInitializer(d, to: p.type).node)
            }
        }
        current?.calls.append((f.id, loc))
        resolvedCallee = .function(f)
        return TE(node: .call(.function(f), out), type: f.returnType)
    }

    /// Deduces the template arguments of a call, instantiates the function template once per set of
    /// types (GLSL name `name_` + the types' mangling), and lowers the call to the instance.
    func instantiate(_ name: String, _ explicitArgs: [TypeSpec], _ args: [Expr], _ loc: MetalSourceLocation) throws(MetalError) -> TE? {
        guard let candidates = templates[name] else { return nil }
        var argTypes: [MType?] = []
        for a in args {
            var inner = a
            if case .unary(.address, let x) = a.kind { inner = x }
            if case .initList = inner.kind { argTypes.append(nil); continue }
            argTypes.append(try lowerExpr(inner).type)
        }
        for (index, decl) in candidates.enumerated() {
            let required = decl.params.firstIndex { $0.defaultValue != nil } ?? decl.params.count
            guard args.count >= required, args.count <= decl.params.count, explicitArgs.count <= decl.templateParams.count else { continue }
            var b: [String: MType] = [:]
            for (i, ta) in explicitArgs.enumerated() { b[decl.templateParams[i]] = try resolve(ta) }
            var ok = true
            // Unsized array parameters take the size of the array passed.
            var sizes: [Int: Int] = [:]
            for (k, p) in decl.params.prefix(args.count).enumerated() where p.arrayDims.first.map({ $0 == nil }) ?? false {
                guard case .array(_, let n)? = argTypes[k] else { ok = false; break }
                sizes[k] = n
            }
            for (k, p) in decl.params.prefix(args.count).enumerated() where decl.templateParams.contains(p.type.name) {
                guard p.arrayDims.isEmpty, let t = argTypes[k], t.isArithmetic || { if case .structure = t { return true }; return false }() else { ok = false; break }
                if let prev = b[p.type.name] {
                    if prev != t && explicitArgs.isEmpty { ok = false; break }
                } else {
                    b[p.type.name] = t
                }
            }
            guard ok, decl.templateParams.allSatisfy({ b[$0] != nil }) else { continue }
            let sizeKey = sizes.keys.sorted().map { "[\(sizes[$0]!)]" }.joined()
            let key = "\(name)<\(decl.templateParams.map { b[$0]!.metal }.joined(separator: ", "))>\(sizeKey)#\(index)"
            let id: Int
            if let existing = instances[key] {
                id = existing
            } else {
                let saved = typeBindings
                typeBindings = b
                defer { typeBindings = saved }
                var inst = decl
                inst.templateParams = []
                inst.name = key
                inst.isSizeInstance = !sizes.isEmpty
                for (k, n) in sizes { inst.params[k].arrayDims[0] = Expr(.intLit(UInt64(n), unsigned: false), inst.params[k].loc) }
                try declareFunction(inst)
                let info = allFunctions[allFunctions.count - 1]
                info.bindings = b
                info.naming = .instance(template: name, types: decl.templateParams.map { b[$0]! }, sizes: sizes.keys.sorted().map { sizes[$0]! })
                if !sizes.isEmpty { markWrittenArrayParameters(of: info) }
                instances[key] = info.id
                id = info.id
            }
            return try lowerUserCall(key, [allFunctions[id]], args, loc, fallbackToBuiltin: false)
        }
        return nil
    }

    /// The cost of an implicit argument conversion (0 exact, higher worse, -1 impossible).
    func conversionCost(_ from: MType, _ to: MType) -> Int {
        if from == to { return 0 }
        switch (from, to) {
        case (.scalar(let a), .scalar(let b)):
            if a.glsl == b.glsl { return 1 }
            return (a.isFloat == b.isFloat) ? 2 : 3
        case (.vector(let a, let n), .vector(let b, let m)) where n == m:
            return a.glsl == b.glsl ? 1 : -1
        case (.scalar, .vector): return 4
        case (.matrix(_, let c1, let r1), .matrix(_, let c2, let r2)) where c1 == c2 && r1 == r2: return 1
        default:
            return from.glsl == to.glsl && from.glslArraySuffix == to.glslArraySuffix ? 1 : -1
        }
    }
}
