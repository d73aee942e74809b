/// The lowered, GLSL-shaped program that the semantic pass produces and the emitter prints.
/// Every conversion is explicit and every name is final here.

/// A GLSL expression.
indirect enum GExpr {
    /// A literal or other primary text, printed as is (`1.0`, `2u`, `-3`).
    case lit(String)
    case name(String)
    /// A call of a function or a constructor (`vec3`, `float[3]`).
    case call(String, [GExpr])
    case unary(UnaryOperator, GExpr)
    case postfix(PostfixOperator, GExpr)
    case binary(BinaryOperator, GExpr, GExpr)
    case ternary(GExpr, GExpr, GExpr)
    case member(GExpr, String)
    case index(GExpr, GExpr)
    case assign(AssignOperator, GExpr, GExpr)
    case comma(GExpr, GExpr)
    /// A conversion of `value` from Metal type `from` to `to`, every one of MSL's implicit and
    /// explicit value conversions (`half` → `float`, `int` → `float3` ...). Printed as a GLSL
    /// constructor, or as `value` alone where both types have the same GLSL type (`half` and
    /// `float` are both `float` in GLSL ES), so the node is where a `half` value's precision changes.
    case convert(to: MType, from: MType, GExpr)

    /// The expression inside any conversions that print nothing (their GLSL types are equal).
    var strippingSilentConversions: GExpr {
        if case .convert(let to, let from, let inner) = self, to.glsl == from.glsl { return inner.strippingSilentConversions }
        return self
    }
}

/// A GLSL statement with the Metal location it comes from.
final class GStmt {
    indirect enum Kind {
        /// `[const] type name[suffix] [= init];` (several declarators share the statement).
        case decl(isConst: Bool, type: String, [(name: String, suffix: String, initializer: GExpr?)])
        case expr(GExpr)
        case block([GStmt])
        case ifElse(GExpr, GStmt, GStmt?)
        case forLoop(GStmt?, GExpr?, GExpr?, GStmt)
        case whileLoop(GExpr, GStmt)
        case doWhile(GStmt, GExpr)
        case switchStmt(GExpr, [GStmt])
        /// `case e:`, or `default:` when nil.
        case caseLabel(GExpr?)
        case breakStmt
        case continueStmt
        case returnStmt(GExpr?)
        case discard
    }
    let kind: Kind
    let loc: MetalSourceLocation?
    init(_ kind: Kind, _ loc: MetalSourceLocation?) {
        self.kind = kind
        self.loc = loc
    }
}

/// A GLSL function parameter.
struct GParam {
    var qualifier: String   // "", "inout", "out"
    var type: String
    var name: String
    var suffix: String
    var loc: MetalSourceLocation?
}

/// A GLSL function definition.
struct GFunction {
    var name: String
    var returnType: String
    var params: [GParam]
    var body: [GStmt]
    var loc: MetalSourceLocation
    /// Lines printed just before the function (`#pragma shaderfx sampler(...)`), with their locations.
    var pragmas: [(String, MetalSourceLocation)] = []
}

/// A GLSL struct.
struct GStruct {
    var name: String
    var members: [(type: String, name: String, suffix: String, loc: MetalSourceLocation)]
    var loc: MetalSourceLocation
}

/// A GLSL `const` global.
struct GGlobal {
    var type: String
    var name: String
    var suffix: String
    var value: GExpr
    var loc: MetalSourceLocation
}

/// The whole lowered library.
struct GProgram {
    var structs: [GStruct] = []
    var globals: [GGlobal] = []
    /// Generated helper functions (`mtl_fmod`...), in dependency order, as text.
    var helpers: [String] = []
    var functions: [GFunction] = []
    var stitchable: [MetalStitchableFunction] = []
    /// The lines whose `half` values round to binary16 under Apple precision, in the order met.
    var halfRoundingLines: [MetalSourceLine] = []
}
