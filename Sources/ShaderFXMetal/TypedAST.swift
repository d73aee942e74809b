/// The typed tree semantic analysis produces for each expression it analyses: every node
/// (``TExpr``) carries its Metal type, and ``TE`` holds a root with whether it is assignable and
/// its constant value. Every value conversion of MSL is a ``TExpr/Kind/convert(to:from:_:)`` node
/// carrying both Metal types, and every call names the callee analysis resolved (``Callee``): the
/// user function overload or template instance chosen, a GLSL built-in, a generated helper.
/// ``GLSLLowering`` walks it to the GLSL IR (``GExpr``) without deciding any type again; a function
/// template's body gives one tree per instance. ``TypeCheck`` checks that each node's type is the
/// one its kind and its operands' types give.
struct TExpr {
    /// The Metal type of the node's value (`void` for a call of a void function or `(void)x`).
    let type: MType
    let kind: Kind

    init(_ kind: Kind, _ type: MType) {
        self.kind = kind
        self.type = type
    }

    /// What the node computes, from its operands (each a typed node).
    indirect enum Kind {
        case literal(GLiteral)
        /// A variable, by the symbol analysis declared (``GLSLLowering`` names it in the output).
        case variable(TVariable)
        case call(Callee, [TExpr])
        /// A call of a function of Metal's standard library as analysis typed it: the overload's
        /// arguments, each already of the type that overload takes (an out argument: the variable it
        /// writes); the node's type is the result's. What GLSL computes it is the lowering's choice
        /// (``GLSLLowering/lowerLibraryCall(_:_:result:)``: a built-in, an expansion, a generated helper).
        case library(MetalBuiltin, [TExpr])
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
        /// A vector swizzle (`.xy`), or a member GLSL spells as it is (an array's `count`).
        case member(TExpr, String)
        /// A member of a user struct, by the Metal names of the struct and the member
        /// (``GLSLLowering`` gives both their GLSL names).
        case field(TExpr, structure: String, member: String)
        case index(TExpr, TExpr)
        case assign(AssignOperator, TExpr, TExpr)
        case comma(TExpr, TExpr)
        /// A value conversion from Metal type `from` to `to`, implicit or written (``GExpr/convert(to:from:_:)``).
        case convert(to: MType, from: MType, TExpr)
        /// A `half` value (of Metal type `type`) computed at float, rounded to binary16: where Apple
        /// precision rounds (HalfPrecision.swift). GLSL has no binary16 arithmetic: `mtl_h` rounds.
        case roundToHalf(TExpr, type: MType)
        /// A value of an 8- or 16-bit integer type, held in 32 bits, wrapped to its width as Metal's
        /// arithmetic wraps it (`short(70000)` is 4464).
        case wrap(TExpr, bits: Int, signed: Bool)
        /// `++` or `--` of a variable of Metal type `type` whose new value is not the 32-bit one: a
        /// `half` rounded to binary16 under Apple precision, or a narrow integer wrapped to its width.
        case step(TStep, TExpr, type: MType)
        /// A member function of a texture (a `texture2d<half>` parameter, or the layer's own texture,
        /// `layer.tex`): the texture and the call (``TTextureCall``). Its GLSL is the lowering's.
        case texture(TExpr, TTextureCall)
        /// `as_type<to>(x)`: the bits of a value of Metal type `from` read as type `to` (32-bit
        /// scalars and vectors of one size).
        case bitcast(to: MType, from: MType, TExpr)
        /// `!` of a bool vector, component by component (GLSL spells it `not(v)`).
        case componentwiseNot(TExpr)
        /// `(void)x`: `x` evaluated and its value dropped.
        case voided(TExpr)
    }

    /// The construction of a value of Metal type `t` (an array's: its element type, flattened size).
    static func constructor(of t: MType, _ args: [TExpr]) -> TExpr {
        TExpr(.construct(t.innermost.glslType, arraySize: t.glslArraySize, args), t)
    }

    /// A literal of Metal type `t`.
    static func literal(_ l: GLiteral, _ t: MType) -> TExpr { TExpr(.literal(l), t) }

    /// The `int` literal `k` (an index, an offset).
    static func int(_ k: Int64) -> TExpr { TExpr(.literal(.int(k)), .int) }

    /// A use of variable `v`.
    static func variable(_ v: TVariable) -> TExpr { TExpr(.variable(v), v.type) }

    /// The node's operands, in the order they are written (a texture call's: the texture, then
    /// its arguments).
    var children: [TExpr] {
        switch kind {
        case .literal, .variable: return []
        case .call(_, let args), .library(_, let args), .construct(_, _, let args): return args
        case .unary(_, let a), .postfix(_, let a), .member(let a, _), .field(let a, _, _), .convert(_, _, let a),
             .roundToHalf(let a, _), .wrap(let a, _, _), .step(_, let a, _), .bitcast(_, _, let a),
             .componentwiseNot(let a), .voided(let a):
            return [a]
        case .binary(_, let a, let b), .componentwise(_, let a, let b), .truncatingDivision(_, let a, let b, _),
             .index(let a, let b), .assign(_, let a, let b), .comma(let a, let b):
            return [a, b]
        case .ternary(let a, let b, let c): return [a, b, c]
        case .texture(let t, let call):
            switch call {
            case .sample(_, let coord, let lod, _): return [t, coord] + (lod.map { [$0.value] } ?? [])
            case .read(let coord): return [t, coord]
            case .size: return [t]
            }
        }
    }

    /// The expression inside any conversions that print nothing (their GLSL types are equal).
    var strippingSilentConversions: TExpr {
        if case .convert(let to, let from, let inner) = kind, to.glsl == from.glsl { return inner.strippingSilentConversions }
        return self
    }
}

/// A call of a texture's member function, its arguments of the types Metal's overload takes.
enum TTextureCall {
    /// `sample(s, coord[, level(x) | bias(x)])`: `coord` a `float2` (in pixels when the state's
    /// `coord` is `pixel`), `lod` the level or bias given (`level` true for `level(x)`). Where
    /// `boundState` the stitcher binds the state to the texture (GL samples it); otherwise the
    /// state is sampled texel by texel (a border, a bicubic filter, or the layer's own texture).
    case sample(SamplerState, coord: TExpr, lod: (level: Bool, value: TExpr)?, boundState: Bool)
    /// `read(coord)`: the texel at an `int2` coordinate (level 0).
    case read(TExpr)
    /// `get_width()` or `get_height()` (level 0), a `uint`.
    case size(width: Bool)
}

/// An increment or decrement whose new value Metal's type rounds or wraps (``TExpr/step(_:_:type:)``).
struct TStep {
    enum Rounding {
        /// To binary16 (a `half` under Apple precision).
        case half
        /// To an integer width (`short`: 16 bits, signed).
        case narrow(bits: Int, signed: Bool)
    }
    let increment: Bool
    /// `++x` (the new value) rather than `x++` (the old one).
    let prefix: Bool
    let rounding: Rounding
}

/// What a call in the typed tree calls, as analysis resolved it. A standard-library function is
/// not a callee but a node of its own (``TExpr/Kind/library(_:_:)``): no GLSL built-in or
/// generated helper appears in the typed tree, only in its lowering.
enum Callee {
    /// A translated Metal function: the overload, template instance or member function chosen.
    case function(FuncInfo)
    /// A function of the stitching contract (``StitchedInterface``): the layer's sample, an
    /// argument array's element.
    case interface(String)
}

extension Callee: CustomStringConvertible {
    /// The callee (also what makes two printed trees compare equal: a function by its identity,
    /// as its GLSL name is chosen in lowering).
    var description: String {
        switch self {
        case .function(let f): return "function \(f.decl.name)#\(f.id)"
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

/// A variable of the typed tree, as analysis declared it: a local, a parameter, a program-scope
/// constant, the index a range-based `for` introduces, or a value of the stitching contract. Uses
/// refer to the declaration by reference; the GLSL name of a local, a parameter or an index is
/// chosen by ``GLSLLowering`` (renaming reserved GLSL words and names met twice in one function).
final class TVariable {
    enum Kind {
        case local
        case parameter
        /// The index of a range-based `for` (`mtl_i0`... in GLSL, a name no user name takes).
        case loopIndex
        /// A program-scope constant (named by ``GLSLLowering/lowerGlobals(_:_:)``).
        case global
        /// A value the stitching contract defines (``StitchedInterface``), by its name there.
        case interface(String)
    }
    /// The name it is declared with in Metal (the index of a range-based `for`: `i`).
    let name: String
    let type: MType
    let kind: Kind
    let loc: MetalSourceLocation?

    init(_ name: String, _ type: MType, _ kind: Kind, _ loc: MetalSourceLocation?) {
        self.name = name
        self.type = type
        self.kind = kind
        self.loc = loc
    }
}

extension TVariable: CustomStringConvertible {
    /// Its name and identity: two printed trees compare equal only when they use the same variables.
    var description: String { "\(name)@\(ObjectIdentifier(self).debugDescription)" }
}

/// A program-scope constant and its value (a GLSL constant expression).
struct TGlobal {
    let variable: TVariable
    let value: TE
    let loc: MetalSourceLocation
}

/// A parameter of a typed function: its variable, and how it is passed.
struct TParameter {
    enum Passing { case value, reference }
    let variable: TVariable
    /// `thread T &` and `thread T *` (not of a const pointee) are passed by reference (GLSL `inout`).
    let passing: Passing
}

/// A function of the typed tree: the user function, template instance or lambda analysis chose,
/// its parameters and its typed body. Its GLSL name is chosen after every function is analysed
/// (``GLSLLowering/nameFunctions(_:_:)``) and kept by its ``FuncInfo``, which holds this tree
/// (``FuncInfo/typed``): the tree does not refer back to it, so an analysis is freed whole.
struct TFunction {
    /// The Metal declaration's location.
    let loc: MetalSourceLocation
    let parameters: [TParameter]
    let returnType: MType
    let body: [TStmt]
}

/// One variable of a declaration statement, with its initial value.
struct TDeclarator {
    let variable: TVariable
    /// Whether GLSL declares it `const` (a Metal constant whose value is a GLSL constant expression).
    let isConst: Bool
    let value: TE?
}

/// A typed statement with the Metal location it comes from. Its expressions are typed trees
/// (``TE``: the root's Metal type); ``GLSLLowering`` turns it into GLSL statements (``GStmt``).
final class TStmt {
    indirect enum Kind {
        /// `[const] T a [= value], b ...;`: the variables a declaration statement declares.
        case declaration([TDeclarator])
        case expression(TE)
        /// `target op value;` (`=` or a compound assignment), of the target's type.
        case assignment(AssignOperator, target: TE, value: TExpr)
        case block([TStmt])
        case ifElse(TE, TStmt, TStmt?)
        /// `for (init; condition; step) body`: the initialisation is an expression statement or a
        /// declaration whose variables have one GLSL type.
        case forLoop(TStmt?, TE?, TE?, TStmt)
        case whileLoop(TE, TStmt)
        case doWhile(TStmt, TE)
        /// The selector (an `int` or `uint`) and the body, case labels among its statements.
        case switchStmt(TE, [TStmt])
        /// `case value:`, or `default:` when nil.
        case caseLabel(GLiteral?)
        case breakStmt
        case continueStmt
        case returnStmt(TE?)
        case discard
    }
    let kind: Kind
    let loc: MetalSourceLocation?
    init(_ kind: Kind, _ loc: MetalSourceLocation?) {
        self.kind = kind
        self.loc = loc
    }

    /// Whether control cannot fall off the end of these statements (a final `return` or
    /// `discard`, or an `if` whose branches both end so).
    static func endsWithReturn(_ stmts: [TStmt]) -> Bool {
        guard let last = stmts.last else { return false }
        switch last.kind {
        case .returnStmt, .discard: return true
        case .block(let b): return endsWithReturn(b)
        case .ifElse(_, let a, let b):
            guard let b else { return false }
            return endsWithReturn([a]) && endsWithReturn([b])
        default: return false
        }
    }
}
