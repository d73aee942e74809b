/// The typed tree semantic analysis produces for each expression it analyses (``TE`` holds its root
/// with the Metal type, whether it is assignable and its constant value). Every value conversion of
/// MSL is a ``TExpr/convert(to:from:_:)`` node carrying both Metal types, and every call names the
/// callee analysis resolved (``Callee``): the user function overload or template instance chosen, a
/// GLSL built-in, a generated helper. ``GLSLLowering`` walks it to the GLSL IR (``GExpr``) without
/// deciding any type again; a function template's body gives one tree per instance.
indirect enum TExpr {
    case literal(GLiteral)
    /// A variable, by the name it has in the output (a local, a parameter, a global constant).
    case variable(String)
    case call(Callee, [TExpr])
    /// A construction of a value of GLSL type `type` (an array's: its element type, flattened size).
    case construct(GType, arraySize: Int?, [TExpr])
    case unary(UnaryOperator, TExpr)
    case postfix(PostfixOperator, TExpr)
    case binary(BinaryOperator, TExpr, TExpr)
    /// A comparison of two vectors of one size, component by component (Metal's `a < b` of
    /// vectors, a bool vector); GLSL spells it as a function (`lessThan(a, b)`).
    case componentwise(BinaryOperator, TExpr, TExpr)
    /// `/` or `%` of signed integers (`int` or an `intN`, `size` components) that C truncates
    /// toward zero, where GLSL ES leaves negative operands undefined (a generated helper in GLSL).
    case truncatingDivision(BinaryOperator, TExpr, TExpr, size: Int)
    case ternary(TExpr, TExpr, TExpr)
    /// A struct member (by its output name) or a vector swizzle.
    case member(TExpr, String)
    case index(TExpr, TExpr)
    case assign(AssignOperator, TExpr, TExpr)
    case comma(TExpr, TExpr)
    /// A value conversion from Metal type `from` to `to`, implicit or written (``GExpr/convert(to:from:_:)``).
    case convert(to: MType, from: MType, TExpr)

    /// The construction of a value of Metal type `t` (an array's: its element type, flattened size).
    static func constructor(of t: MType, _ args: [TExpr]) -> TExpr {
        .construct(t.innermost.glslType, arraySize: t.glslArraySize, args)
    }

    /// The expression inside any conversions that print nothing (their GLSL types are equal).
    var strippingSilentConversions: TExpr {
        if case .convert(let to, let from, let inner) = self, to.glsl == from.glsl { return inner.strippingSilentConversions }
        return self
    }
}

/// What a call in the typed tree calls, as analysis resolved it.
enum Callee {
    /// A translated Metal function: the overload, template instance or member function chosen.
    case function(FuncInfo)
    /// A GLSL ES built-in function.
    case builtin(GLSLBuiltin)
    /// A generated helper function (`mtl_fmod`...), declared by ``GLSLLowering`` where it is called.
    case helper(Helper)
    /// A function of the stitching contract (``StitchedInterface``).
    case interface(String)
}

extension Callee: CustomStringConvertible {
    /// The callee as the output names it (also what makes two printed trees compare equal).
    var description: String {
        switch self {
        case .function(let f): return "function " + f.glslName
        case .builtin(let b): return "builtin " + b.rawValue
        case .helper(let h): return "helper " + h.key
        case .interface(let n): return "interface " + n
        }
    }
}

/// The function a call expression of the AST resolved to (``Expr/callee``).
enum ResolvedCallee: CustomStringConvertible {
    /// A Metal function: the overload, template instance, member function or lambda chosen.
    case function(FuncInfo)
    /// A standard-library function, by its Metal name.
    case builtin(String)
    /// A member function of a texture or layer: the object's Metal type and the member.
    case member(String, String)

    var description: String {
        switch self {
        case .function(let f):
            var name = f.decl.name
            if let hash = name.firstIndex(of: "#") { name = String(name[..<hash]) }   // a template instance's key
            return name + "(" + f.params.map { $0.type.metal }.joined(separator: ", ") + ")"
        case .builtin(let n): return "metal::" + n
        case .member(let type, let m): return type + "::" + m
        }
    }
}
