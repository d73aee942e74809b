/// The typed tree (``TExpr``) lowered to the GLSL IR (``GExpr``): callees resolved by analysis
/// become GLSL callees (a translated function by the GLSL name it has once all functions are
/// declared), conversions stay explicit nodes for the emitter. Nothing here decides a type.
enum GLSLLowering {
    static func lower(_ e: TExpr) -> GExpr {
        switch e {
        case .literal(let l): return .literal(l)
        case .variable(let n): return .name(n)
        case .call(let callee, let args): return .call(lower(callee), args.map(lower))
        case .construct(let t, let size, let args): return .construct(t, arraySize: size, args.map(lower))
        case .unary(let op, let a): return .unary(op, lower(a))
        case .postfix(let op, let a): return .postfix(op, lower(a))
        case .binary(let op, let a, let b): return .binary(op, lower(a), lower(b))
        case .ternary(let c, let a, let b): return .ternary(lower(c), lower(a), lower(b))
        case .member(let a, let m): return .member(lower(a), m)
        case .index(let a, let i): return .index(lower(a), lower(i))
        case .assign(let op, let a, let b): return .assign(op, lower(a), lower(b))
        case .comma(let a, let b): return .comma(lower(a), lower(b))
        case .convert(let to, let from, let a): return .convert(to: to, from: from, lower(a))
        }
    }

    static func lower(_ c: Callee) -> GCallee {
        switch c {
        case .function(let f): return .function(f.glslName)
        case .builtin(let b): return .builtin(b)
        case .helper(let n): return .helper(n)
        case .interface(let n): return .interface(n)
        }
    }

    /// A typed value's GLSL.
    static func lower(_ v: TE) -> GExpr { lower(v.node) }
}
