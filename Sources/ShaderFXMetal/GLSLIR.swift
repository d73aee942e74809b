import ShaderFXContract

/// The lowered, GLSL-shaped program that the semantic pass produces and the emitter prints.
/// Every conversion is explicit and every name is final here. Declarations carry GLSL types
/// (``GType``), operators are enums and a call names its callee by reference (``GCallee``): a GLSL
/// built-in function, a translated function, a generated helper or a function of the stitching
/// contract. ``GLSLLowering`` produces it from the typed tree (``TExpr``).

/// A GLSL ES scalar type.
enum GScalar: String, Equatable {
    case float, int, uint, bool

    /// The prefix of its vector types (`vec`, `ivec`, `uvec`, `bvec`).
    var vectorPrefix: String {
        switch self {
        case .float: return "vec"
        case .int: return "ivec"
        case .uint: return "uvec"
        case .bool: return "bvec"
        }
    }
}

/// A GLSL ES type of a declaration (for an array, its element type: the declarator has the size).
enum GType: Equatable {
    case void
    case scalar(GScalar)
    case vector(GScalar, Int)
    case matrix(columns: Int, rows: Int)
    case structure(String)
    /// A type the stitching contract defines (`sfx_image`, `sfx_layer`, the argument arrays).
    case contract(ParameterType)
    /// A sampler state, which has no GLSL value (the stitcher binds each texture's sampler):
    /// printed as a comment.
    case samplerState

    var spelling: String {
        switch self {
        case .void: return "void"
        case .scalar(let s): return s.rawValue
        case .vector(let s, let n): return "\(s.vectorPrefix)\(n)"
        case .matrix(let c, let r): return c == r ? "mat\(c)" : "mat\(c)x\(r)"
        case .structure(let n): return n
        case .contract(let t): return t.rawValue
        case .samplerState: return "/*sampler*/"
        }
    }
}

/// One declarator: a name, its array size (arrays of arrays are flattened), an initialiser.
struct GDeclarator {
    var name: String
    var arraySize: Int?
    var initializer: GExpr?
}

/// A GLSL literal.
enum GLiteral {
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    /// A `float`, printed with the fewest digits that read back as the same 32-bit float.
    case float(Double)
    /// A `uint` written as its bit pattern (`0x7f800000u`, for `uintBitsToFloat`).
    case bits(UInt32)
    /// A comment where a value has no GLSL form (`/*sampler*/`, `/*subarray*/`).
    case placeholder(String)

    var spelling: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return "\(i)"
        case .uint(let u): return "\(u)u"
        case .float(let d):
            var s = "\(Float(d))"
            if !s.contains(".") && !s.contains("e") { s += ".0" }
            if s.contains("e") && !s.contains("."), let r = s.range(of: "e") {
                // 1e-05 → 1.0e-05
                s = s[..<r.lowerBound] + ".0" + s[r.lowerBound...]
            }
            return s
        case .bits(let u): return "0x" + String(u, radix: 16) + "u"
        case .placeholder(let text): return text
        }
    }
}

/// The GLSL ES built-in functions the translation calls (named as GLSL spells them).
enum GLSLBuiltin: String, CaseIterable {
    case sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, asinh, acosh, atanh
    case exp, exp2, log, log2, sqrt, inversesqrt, pow
    case floor, ceil, fract, trunc, roundEven, abs, sign, min, max, clamp, mix, step, smoothstep, modf
    case dFdx, dFdy, fwidth
    case length, distance, dot, cross, normalize, reflect, refract, faceforward
    case lessThan, greaterThan, lessThanEqual, greaterThanEqual, equal, notEqual, all, any, not
    case isnan, isinf, transpose, determinant
    case floatBitsToInt, floatBitsToUint, intBitsToFloat, uintBitsToFloat
    case texture, textureLod, textureSize, texelFetch
}

/// What a GLSL call calls.
enum GCallee: Equatable {
    /// A GLSL ES built-in function.
    case builtin(GLSLBuiltin)
    /// A translated Metal function, by its final GLSL name.
    case function(String)
    /// A generated helper function of ``GProgram/helpers`` (`mtl_fmod`...).
    case helper(String)
    /// A function the stitching contract defines (``StitchedInterface``).
    case interface(String)

    var spelling: String {
        switch self {
        case .builtin(let b): return b.rawValue
        case .function(let n), .helper(let n), .interface(let n): return n
        }
    }
}

/// A GLSL expression.
indirect enum GExpr {
    case literal(GLiteral)
    case name(String)
    /// A call of a function (a GLSL builtin, a helper, a translated function).
    case call(GCallee, [GExpr])
    /// A constructor: `vec3(...)`, `float(...)`, `float[3](...)` (the element type and the
    /// flattened size), `S(...)`.
    case construct(GType, arraySize: Int?, [GExpr])
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

    /// The constructor of Metal type `t` (an array's: its element type, flattened size).
    static func constructor(of t: MType, _ args: [GExpr]) -> GExpr {
        .construct(t.innermost.glslType, arraySize: t.glslArraySize, args)
    }
}

/// A GLSL statement with the Metal location it comes from.
final class GStmt {
    indirect enum Kind {
        /// `[const] type name[N] [= init];` (several declarators share the statement).
        case decl(isConst: Bool, type: GType, [GDeclarator])
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
    enum Qualifier: String {
        case none = "", `inout`
    }
    var qualifier: Qualifier
    var type: GType
    var name: String
    var arraySize: Int?
    var loc: MetalSourceLocation?
}

/// A GLSL function definition.
struct GFunction {
    var name: String
    var returnType: GType
    var params: [GParam]
    var body: [GStmt]
    var loc: MetalSourceLocation
    /// Lines printed just before the function (`#pragma shaderfx sampler(...)`), with their locations.
    var pragmas: [(String, MetalSourceLocation)] = []
}

/// A GLSL struct.
struct GStruct {
    var name: String
    var members: [(type: GType, name: String, arraySize: Int?, loc: MetalSourceLocation)]
    var loc: MetalSourceLocation
}

/// A GLSL `const` global.
struct GGlobal {
    var type: GType
    var name: String
    var arraySize: Int?
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
