import ShaderFXContract
/// Metal's predefined constants, as preprocessor macros (like Metal's own headers).
enum BuiltinConstants {
    /// `M_*` constants; each gets an `_F` (float) and `_H` (half) macro.
    static let floatMacros: [(String, String)] = [
        ("M_E", "2.71828182845904523536"), ("M_LOG2E", "1.44269504088896340736"), ("M_LOG10E", "0.434294481903251827651"),
        ("M_LN2", "0.693147180559945309417"), ("M_LN10", "2.30258509299404568402"), ("M_PI", "3.14159265358979323846"),
        ("M_PI_2", "1.57079632679489661923"), ("M_PI_4", "0.785398163397448309616"), ("M_1_PI", "0.318309886183790671538"),
        ("M_2_PI", "0.636619772367581343076"), ("M_2_SQRTPI", "1.12837916709551257390"), ("M_SQRT2", "1.41421356237309504880"),
        ("M_SQRT1_2", "0.707106781186547524401"),
    ]
    /// Other limits and special values. `INFINITY` and `NAN` expand to identifiers the semantic pass knows.
    static let otherMacros: [(String, String)] = [
        ("FLT_MAX", "3.402823466e+38f"), ("FLT_MIN", "1.175494351e-38f"), ("FLT_EPSILON", "1.1920928955e-7f"),
        ("MAXFLOAT", "3.402823466e+38f"), ("HALF_MAX", "65504.0h"), ("HALF_MIN", "6.103515625e-05h"),
        ("HALF_EPSILON", "0.0009765625h"), ("INFINITY", "__metal_infinity"), ("HUGE_VALF", "__metal_infinity"),
        ("HUGE_VALH", "__metal_infinity"), ("NAN", "__metal_nan"), ("INT_MAX", "2147483647"), ("INT_MIN", "(-2147483647 - 1)"),
        ("UINT_MAX", "4294967295u"), ("SHRT_MAX", "32767"), ("SHRT_MIN", "(-32768)"), ("USHRT_MAX", "65535"),
        ("CHAR_MAX", "127"), ("CHAR_MIN", "(-128)"), ("UCHAR_MAX", "255"),
    ]
}

/// A Metal standard-library function the translator knows, named as in Metal. Each has one record
/// (``record``, an exhaustive switch: a function cannot be listed without one).
enum MetalBuiltin: String, CaseIterable {
    case sin, cos, tan, asin, acos, sinh, cosh, tanh, asinh, acosh, atanh, exp, exp2, log, log2, sqrt, rsqrt
    case floor, ceil, fract, trunc, rint, fabs, dfdx, dfdy, fwidth, normalize
    case abs, sign, pow, powr, atan2, fmin, fmax, min, max, clamp, mix, step, smoothstep, reflect, faceforward
    case length, distance, dot
    case sincos, modf
    case atan, saturate, fmod, round, median3, fmedian3, copysign, min3, max3, fmin3, fmax3, fma, divide
    case log10, exp10, length_squared, distance_squared, cross, refract, all, any, isnan, isinf, isfinite
    case select, transpose, determinant

    /// How its arguments are typed and its call lowered, and the generated helpers (by name) its
    /// lowering calls for some argument types.
    var record: BuiltinRecord {
        switch self {
        case .sin: return BuiltinRecord(.gen(.sin, arity: 1))
        case .cos: return BuiltinRecord(.gen(.cos, arity: 1))
        case .tan: return BuiltinRecord(.gen(.tan, arity: 1))
        case .asin: return BuiltinRecord(.gen(.asin, arity: 1))
        case .acos: return BuiltinRecord(.gen(.acos, arity: 1))
        case .sinh: return BuiltinRecord(.gen(.sinh, arity: 1))
        case .cosh: return BuiltinRecord(.gen(.cosh, arity: 1))
        case .tanh: return BuiltinRecord(.gen(.tanh, arity: 1))
        case .asinh: return BuiltinRecord(.gen(.asinh, arity: 1))
        case .acosh: return BuiltinRecord(.gen(.acosh, arity: 1))
        case .atanh: return BuiltinRecord(.gen(.atanh, arity: 1))
        case .exp: return BuiltinRecord(.gen(.exp, arity: 1))
        case .exp2: return BuiltinRecord(.gen(.exp2, arity: 1))
        case .log: return BuiltinRecord(.gen(.log, arity: 1))
        case .log2: return BuiltinRecord(.gen(.log2, arity: 1))
        case .sqrt: return BuiltinRecord(.gen(.sqrt, arity: 1))
        case .rsqrt: return BuiltinRecord(.gen(.inversesqrt, arity: 1))
        case .floor: return BuiltinRecord(.gen(.floor, arity: 1))
        case .ceil: return BuiltinRecord(.gen(.ceil, arity: 1))
        case .fract: return BuiltinRecord(.gen(.fract, arity: 1))
        case .trunc: return BuiltinRecord(.gen(.trunc, arity: 1))
        case .rint: return BuiltinRecord(.gen(.roundEven, arity: 1))
        case .fabs: return BuiltinRecord(.gen(.abs, arity: 1))
        case .dfdx: return BuiltinRecord(.gen(.dFdx, arity: 1))
        case .dfdy: return BuiltinRecord(.gen(.dFdy, arity: 1))
        case .fwidth: return BuiltinRecord(.gen(.fwidth, arity: 1))
        case .normalize: return BuiltinRecord(.gen(.normalize, arity: 1))
        case .abs: return BuiltinRecord(.genInt(.abs, arity: 1))
        case .sign: return BuiltinRecord(.genInt(.sign, arity: 1))
        case .pow, .powr: return BuiltinRecord(.gen(.pow, arity: 2))
        case .atan2: return BuiltinRecord(.gen(.atan, arity: 2))
        case .fmin: return BuiltinRecord(.gen(.min, arity: 2, scalarOK: [1]))
        case .fmax: return BuiltinRecord(.gen(.max, arity: 2, scalarOK: [1]))
        case .min: return BuiltinRecord(.genInt(.min, arity: 2, scalarOK: [1]))
        case .max: return BuiltinRecord(.genInt(.max, arity: 2, scalarOK: [1]))
        case .clamp: return BuiltinRecord(.genInt(.clamp, arity: 3, scalarOK: [1, 2]))
        case .mix: return BuiltinRecord(.gen(.mix, arity: 3, scalarOK: [2]))
        case .step: return BuiltinRecord(.gen(.step, arity: 2, scalarOK: [0]))
        case .smoothstep: return BuiltinRecord(.gen(.smoothstep, arity: 3, scalarOK: [0, 1]))
        case .reflect: return BuiltinRecord(.gen(.reflect, arity: 2))
        case .faceforward: return BuiltinRecord(.gen(.faceforward, arity: 3))
        case .length: return BuiltinRecord(.reduce(.length, arity: 1))
        case .distance: return BuiltinRecord(.reduce(.distance, arity: 2))
        case .dot: return BuiltinRecord(.reduce(.dot, arity: 2))
        case .sincos: return BuiltinRecord(.outArgument(.sincos), helpers: ["mtl_sincos"])
        case .modf: return BuiltinRecord(.outArgument(.modf))
        case .atan: return BuiltinRecord(.special(.atan))
        case .saturate: return BuiltinRecord(.special(.saturate))
        case .fmod: return BuiltinRecord(.special(.fmod), helpers: ["mtl_fmod"])
        case .round: return BuiltinRecord(.special(.round), helpers: ["mtl_round"])
        case .median3: return BuiltinRecord(.special(.median3), helpers: ["mtl_median3"])
        case .fmedian3: return BuiltinRecord(.special(.fmedian3), helpers: ["mtl_median3"])
        case .copysign: return BuiltinRecord(.special(.copysign), helpers: ["mtl_copysign"])
        case .min3: return BuiltinRecord(.special(.min3))
        case .max3: return BuiltinRecord(.special(.max3))
        case .fmin3: return BuiltinRecord(.special(.fmin3))
        case .fmax3: return BuiltinRecord(.special(.fmax3))
        case .fma: return BuiltinRecord(.special(.fma))
        case .divide: return BuiltinRecord(.special(.divide))
        case .log10: return BuiltinRecord(.special(.log10))
        case .exp10: return BuiltinRecord(.special(.exp10))
        case .length_squared: return BuiltinRecord(.special(.length_squared), helpers: ["mtl_length_squared"])
        case .distance_squared: return BuiltinRecord(.special(.distance_squared), helpers: ["mtl_distance_squared"])
        case .cross: return BuiltinRecord(.special(.cross))
        case .refract: return BuiltinRecord(.special(.refract))
        case .all: return BuiltinRecord(.special(.all))
        case .any: return BuiltinRecord(.special(.any))
        case .isnan: return BuiltinRecord(.special(.isnan))
        case .isinf: return BuiltinRecord(.special(.isinf))
        case .isfinite: return BuiltinRecord(.special(.isfinite))
        // mix() takes a bool vector for float values only; integer vectors select through a helper.
        case .select: return BuiltinRecord(.special(.select), helpers: ["mtl_select"])
        case .transpose: return BuiltinRecord(.special(.transpose))
        case .determinant: return BuiltinRecord(.special(.determinant))
        }
    }
}

/// One standard-library function: its form (signature rule and lowering) and the generated helpers
/// its lowering may call (``Helper/name``; under Apple precision `mtl_h` may follow any `half` result).
struct BuiltinRecord {
    var form: Builtins.Form
    var helpers: [String]
    init(_ form: Builtins.Form, helpers: [String] = []) {
        self.form = form
        self.helpers = helpers
    }
}

/// How a Metal standard-library function maps to GLSL.
enum Builtins {
    enum Form {
        /// Component-wise function of float arguments (ints are converted); `scalarOK` arguments may stay scalar.
        case gen(GLSLBuiltin, arity: Int, scalarOK: Set<Int> = [])
        /// Like `gen` but keeps integer arguments integer when all are integers.
        case genInt(GLSLBuiltin, arity: Int, scalarOK: Set<Int> = [])
        /// Float vector functions returning a scalar (`length`, `dot`...).
        case reduce(GLSLBuiltin, arity: Int)
        /// A function with out arguments (`sincos`, `modf`): lowered before its arguments.
        case outArgument(OutArgumentBuiltin)
        /// Needs its own lowering: one case of ``SpecialBuiltin``, which the lowering's switch must
        /// cover (the compiler checks it), so a name cannot be listed here and left unlowered.
        case special(SpecialBuiltin)
    }

    /// The standard-library functions with out arguments.
    enum OutArgumentBuiltin: String, CaseIterable {
        case sincos, modf
    }

    /// The standard-library functions with a lowering of their own (named as in Metal).
    enum SpecialBuiltin: String, CaseIterable {
        case atan, saturate, fmod, round, median3, fmedian3, copysign, min3, max3, fmin3, fmax3, fma, divide
        case log10, exp10, length_squared, distance_squared, cross, refract, all, any, isnan, isinf, isfinite
        case select, transpose, determinant
    }

    /// Every standard-library function's form, by its Metal name (from ``MetalBuiltin/record``).
    static let table: [String: Form] = Dictionary(uniqueKeysWithValues: MetalBuiltin.allCases.map { ($0.rawValue, $0.record.form) })

    /// Metal functions known but not translated (for a clearer message).
    static let unsupported: Set<String> = [
        "frexp", "ldexp", "popcount", "clz", "ctz", "extract_bits", "insert_bits", "reverse_bits", "rotate", "mad24",
        "mul24", "hadd", "rhadd", "absdiff", "addsat", "subsat", "mulhi", "ilogb", "nextafter", "cospi", "sinpi", "tanpi",
        "acospi", "asinpi", "atanpi", "atan2pi", "fdim", "threadgroup_barrier", "simdgroup_barrier", "pack_float_to_unorm4x8",
        "unpack_unorm4x8_to_float", "pack_half_to_unorm4x8", "simd_sum", "simd_shuffle", "quad_shuffle", "logb",
        "discard_fragment", "dfdx_coarse", "is_null_texture",
    ]

    static func isBuiltinFunction(_ name: String) -> Bool { table[name] != nil }
}

extension Semantic {
    func builtinConstant(_ name: String, _ loc: MetalSourceLocation) throws(MetalError) -> TE? {
        switch name {
        case "__metal_infinity": return TE(node: .call(.builtin(.uintBitsToFloat), [.literal(.bits(0x7f800000))]), type: .float)
        case "__metal_nan": return TE(node: .call(.builtin(.uintBitsToFloat), [.literal(.bits(0x7fc00000))]), type: .float)
        default: return nil
        }
    }

    // MARK: Standard library calls

    /// The shared float/int type of generic arguments: widest vector size, float unless all are integers (and `allowInt`).
    func genericType(_ args: [TE], allowInt: Bool, _ name: String, _ loc: MetalSourceLocation) throws(MetalError) -> MType {
        var n = 1
        for a in args {
            guard a.type.isScalar || a.type.isVector else {
                throw error(.noMatchingOverload, loc, "no matching function for call to '\(name)' with a '\(a.type.metal)' argument")
            }
            if a.type.isVector {
                if n > 1 && n != a.type.vectorSize {
                    throw error(.noMatchingOverload, loc, "no matching function for call to '\(name)': vector arguments of different sizes")
                }
                n = a.type.vectorSize
            }
        }
        let scalars = args.map { $0.type.scalar! }
        var elem: Scalar
        if allowInt && scalars.allSatisfy({ $0.isInteger || $0 == .bool }) {
            elem = scalars.contains(.uint) ? .uint : .int
            // Literals adapt to the variables' type.
            let nonLit = args.filter { $0.lit == nil }.map { $0.type.scalar! }
            if !nonLit.isEmpty { elem = nonLit.contains(.uint) ? .uint : .int }
        } else {
            let floats = args.filter { $0.type.scalar!.isFloat && $0.lit == nil }.map { $0.type.scalar! }
            elem = (!floats.isEmpty && floats.allSatisfy { $0 == .half }) ? .half : .float
        }
        return n > 1 ? .vector(elem, n) : .scalar(elem)
    }

    func genericArgs(_ args: [TE], _ exprs: [Expr], _ t: MType, scalarOK allowed: Set<Int>) throws(MetalError) -> [TExpr] {
        var out: [TExpr] = []
        // GLSL's scalar overloads take all those arguments scalar (`clamp(v, float, float)`), or none.
        let scalarOK = allowed.allSatisfy { $0 < args.count && args[$0].type.isScalar } ? allowed : []
        for (k, a) in args.enumerated() {
            if a.type.isScalar && t.isVector && scalarOK.contains(k) {
                out.append(try convert(a, to: .scalar(t.scalar!), exprs[k].loc).node)
            } else {
                out.append(try convert(a, to: t, exprs[k].loc).node)
            }
        }
        return out
    }

    func lowerBuiltinCall(_ name: String, _ exprs: [Expr], _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        let v = try lowerBuiltinCallAtFloat(name, exprs, loc)
        resolvedCallee = .builtin(name)
        return Semantic.exactHalfBuiltins.contains(name) ? v : roundedHalf(v, loc)
    }

    /// A standard-library call computed at float (`half` results unrounded).
    func lowerBuiltinCallAtFloat(_ name: String, _ exprs: [Expr], _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        guard let form = Builtins.table[name] else { throw error(.undeclaredIdentifier, loc, "use of undeclared function '\(name)'") }
        func arity(_ n: Int) throws(MetalError) {
            if exprs.count != n { throw error(.noMatchingOverload, loc, "'\(name)' takes \(n) argument\(n == 1 ? "" : "s"), \(exprs.count) given") }
        }
        // Out arguments first.
        if case .outArgument(let k) = form {
            try arity(2)
            let x = try lowerExpr(exprs[0])
            let out = try lowerOutArgument(exprs[1], pointer: false)
            let t = try genericType([x], allowInt: false, name, loc)
            guard out.type.glsl == t.glsl else {
                throw error(.semantic, exprs[1].loc, "the second argument of '\(name)' must be a '\(t.metal)' variable")
            }
            let xv = try convert(x, to: t, exprs[0].loc)
            if k == .modf { return TE(node: .call(.builtin(.modf), [xv.node, out.node]), type: t) }
            return TE(node: .call(.helper(.sincos(t.glsl)), [xv.node, out.node]), type: t)
        }
        var args: [TE] = []
        for e in exprs {
            if case .unary(.address, _) = e.kind { throw error(.semantic, e.loc, "unexpected '&' argument to '\(name)'") }
            args.append(try lowerExpr(e))
        }
        switch form {
        case .gen(let g, let n, let scalarOK), .genInt(let g, let n, let scalarOK):
            try arity(n)
            var allowInt = false
            if case .genInt = form { allowInt = true }
            let t = try genericType(args, allowInt: allowInt, name, loc)
            if t.scalar == .uint && (g == .abs || g == .sign) {
                // GLSL has no unsigned abs/sign: |u| is u, sign(u) is u != 0.
                let x = try convert(args[0], to: t, exprs[0].loc)
                if g == .abs { return x }
                return TE(node: .call(.builtin(.min), [x.node, t.isVector ? TExpr.constructor(of: t, [.literal(.uint(1))]) : .literal(.uint(1))]), type: t)
            }
            return TE(node: .call(.builtin(g), try genericArgs(args, exprs, t, scalarOK: scalarOK)), type: t)
        case .reduce(let g, let n):
            try arity(n)
            let t = try genericType(args, allowInt: false, name, loc)
            return TE(node: .call(.builtin(g), try genericArgs(args, exprs, t, scalarOK: [])), type: .scalar(t.scalar!))
        case .outArgument:
            preconditionFailure("out-argument builtins are lowered above")
        case .special(let special):
            return try lowerSpecialBuiltin(special, name, args, exprs, loc)
        }
    }

    /// The lowering of each ``Builtins/SpecialBuiltin`` (an exhaustive switch).
    func lowerSpecialBuiltin(_ special: Builtins.SpecialBuiltin, _ name: String, _ args: [TE], _ exprs: [Expr],
                             _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        func arity(_ n: Int) throws(MetalError) {
            if exprs.count != n { throw error(.noMatchingOverload, loc, "'\(name)' takes \(n) argument\(n == 1 ? "" : "s"), \(exprs.count) given") }
        }
        switch special {
        case .atan:
            if args.count == 2 { return try lowerBuiltinCallAtFloat("atan2", exprs, loc) }
            try arity(1)
            let t = try genericType(args, allowInt: false, name, loc)
            return TE(node: .call(.builtin(.atan), try genericArgs(args, exprs, t, scalarOK: [])), type: t)
        case .saturate:
            try arity(1)
            let t = try genericType(args, allowInt: false, name, loc)
            let x = try convert(args[0], to: t, exprs[0].loc)
            return TE(node: .call(.builtin(.clamp), [x.node, .literal(.float(0)), .literal(.float(1))]), type: t)
        case .fmod, .round, .median3, .fmedian3, .copysign:
            let n = (name == "round") ? 1 : (name.hasSuffix("median3") ? 3 : 2)
            try arity(n)
            let t = try genericType(args, allowInt: name.hasSuffix("median3"), name, loc)
            let T = t.glsl
            let helper: Helper
            switch special {
            case .fmod: helper = .fmod(T)
            case .round: helper = .round(T)
            case .copysign: helper = .copysign(T)
            default: helper = .median3(T)
            }
            return TE(node: .call(.helper(helper), try genericArgs(args, exprs, t, scalarOK: [])), type: t)
        case .min3, .max3, .fmin3, .fmax3:
            try arity(3)
            let t = try genericType(args, allowInt: !name.hasPrefix("f"), name, loc)
            let a = try genericArgs(args, exprs, t, scalarOK: [])
            let f: Callee = .builtin(name.contains("min") ? .min : .max)
            return TE(node: .call(f, [.call(f, [a[0], a[1]]), a[2]]), type: t)
        case .fma:
            try arity(3)
            let t = try genericType(args, allowInt: false, name, loc)
            let a = try genericArgs(args, exprs, t, scalarOK: [])
            return TE(node: .binary(.add, .binary(.multiply, a[0], a[1]), a[2]), type: t)
        case .divide:
            try arity(2)
            let t = try genericType(args, allowInt: false, name, loc)
            let a = try genericArgs(args, exprs, t, scalarOK: [1])
            return TE(node: .binary(.divide, a[0], a[1]), type: t)
        case .log10, .exp10:
            try arity(1)
            let t = try genericType(args, allowInt: false, name, loc)
            let x = try convert(args[0], to: t, exprs[0].loc)
            if name == "log10" { return TE(node: .binary(.multiply, .call(.builtin(.log2), [x.node]), .literal(.float(0.30102999566))), type: t) }
            return TE(node: .call(.builtin(.exp2), [.binary(.multiply, x.node, .literal(.float(3.32192809489)))]), type: t)
        case .length_squared, .distance_squared:
            let n = name == "length_squared" ? 1 : 2
            try arity(n)
            let t = try genericType(args, allowInt: false, name, loc)
            let a = try genericArgs(args, exprs, t, scalarOK: [])
            let helper: Helper = n == 1 ? .lengthSquared(t.glsl) : .distanceSquared(t.glsl)
            return TE(node: .call(.helper(helper), a), type: .scalar(t.scalar!))
        case .cross:
            try arity(2)
            let t = try genericType(args, allowInt: false, name, loc)
            guard t.vectorSize == 3 else { throw error(.noMatchingOverload, loc, "'cross' takes 3-component vectors") }
            return TE(node: .call(.builtin(.cross), try genericArgs(args, exprs, t, scalarOK: [])), type: t)
        case .refract:
            try arity(3)
            let t = try genericType(Array(args.prefix(2)), allowInt: false, name, loc)
            let a = try genericArgs(Array(args.prefix(2)), exprs, t, scalarOK: [])
            let eta = try convert(args[2], to: .float, exprs[2].loc)
            return TE(node: .call(.builtin(.refract), a + [eta.node]), type: t)
        case .all, .any:
            try arity(1)
            switch args[0].type {
            case .scalar(.bool): return args[0]
            case .vector(.bool, _): return TE(node: .call(.builtin(special == .all ? .all : .any), [args[0].node]), type: .bool)
            case .vector:
                // Metal converts to bool per component.
                let b = try lowerBinary(.notEqual, args[0], literal(.int(0), args[0].type.scalar!), loc)
                return TE(node: .call(.builtin(special == .all ? .all : .any), [b.node]), type: .bool)
            default:
                throw error(.noMatchingOverload, loc, "'\(name)' takes a vector of booleans")
            }
        case .isnan, .isinf, .isfinite:
            try arity(1)
            let t = try genericType(args, allowInt: false, name, loc)
            let x = try convert(args[0], to: t, exprs[0].loc)
            let bt = t.with(scalar: .bool)
            if name == "isfinite" {
                if t.isVector {
                    return TE(node: .call(.builtin(.not), [.construct(.vector(.bool, t.vectorSize), arraySize: nil, [.binary(.bitOr, .construct(.vector(.uint, t.vectorSize), arraySize: nil, [.call(.builtin(.isnan), [x.node])]), .construct(.vector(.uint, t.vectorSize), arraySize: nil, [.call(.builtin(.isinf), [x.node])]))])]), type: bt)
                }
                return TE(node: .unary(.not, .binary(.logicalOr, .call(.builtin(.isnan), [x.node]), .call(.builtin(.isinf), [x.node]))), type: bt)
            }
            return TE(node: .call(.builtin(special == .isnan ? .isnan : .isinf), [x.node]), type: bt)
        case .select:
            try arity(3)
            let t = try genericType(Array(args.prefix(2)), allowInt: true, name, loc)
            let a = try genericArgs(Array(args.prefix(2)), exprs, t, scalarOK: [])
            let c = args[2]
            switch c.type {
            case .scalar:
                let cb = try toBool(c, exprs[2].loc)
                return TE(node: .ternary(cb.node, a[1], a[0]), type: t)
            case .vector(.bool, let n) where n == t.vectorSize:
                guard t.scalar!.isFloat else {
                    // GLSL ES 3.00's mix() with a bvec is float-only: select per component.
                    return TE(node: .call(.helper(.select(t.glsl, n)), [a[0], a[1], c.node]), type: t)
                }
                return TE(node: .call(.builtin(.mix), [a[0], a[1], c.node]), type: t)
            default:
                throw error(.typeMismatch, exprs[2].loc, "the condition of select() must be bool or a bool vector of the same size")
            }
        case .transpose, .determinant:
            try arity(1)
            guard case .matrix(let s, let c, let r) = args[0].type else { throw error(.noMatchingOverload, loc, "'\(name)' takes a matrix") }
            if name == "determinant" {
                guard c == r else { throw error(.noMatchingOverload, loc, "'determinant' takes a square matrix") }
                return TE(node: .call(.builtin(.determinant), [args[0].node]), type: .scalar(s))
            }
            return TE(node: .call(.builtin(.transpose), [args[0].node]), type: .matrix(s, r, c))
        }
    }

    // MARK: Methods (textures, layers)

    func lowerMethodCall(_ objExpr: Expr, _ method: String, _ exprs: [Expr], _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        // `layer.tex`: SwiftUI's Layer holds its texture; here it is the stitched shader's.
        if case .member(let inner, "tex") = objExpr.kind, try lowerExpr(inner).type == .layer {
            resolvedCallee = .member(MType.texture.metal, method)
            return roundedHalf(try lowerTextureCall(TE(node: .variable(TVariable(StitchedInterface.layerTexture, .texture, .interface(StitchedInterface.layerTexture), loc)), type: .texture), parameter: nil, method, exprs, loc), loc)
        }
        let obj = try lowerExpr(objExpr)
        if case .structure(let g) = obj.type, let s = structByGLSL[g] {
            guard let methods = functions[s.name + "::" + method] else {
                throw error(.undeclaredIdentifier, loc, "no member function named '\(method)' in '\(s.name)'")
            }
            let this = Expr(.unary(.address, objExpr), objExpr.loc)
            if let r = try lowerUserCall(s.name + "::" + method, methods, [this] + exprs, loc, fallbackToBuiltin: false) { return r }
        }
        switch (obj.type, method) {
        case (.layer, "sample"):
            guard exprs.count == 1 else { throw error(.noMatchingOverload, loc, "'Layer::sample' takes one float2 position") }
            let p = try convert(try lowerExpr(exprs[0]), to: .vector(.float, 2), exprs[0].loc)
            resolvedCallee = .member(obj.type.metal, method)
            return roundedHalf(TE(node: .call(.interface(StitchedInterface.sampleLayer), [obj.node, p.node]), type: .vector(.half, 4)), loc)
        case (.texture, "sample"), (.texture, "get_width"), (.texture, "get_height"), (.texture, "read"):
            let r = roundedHalf(try lowerTextureCall(obj, parameter: objExpr, method, exprs, loc), loc)
            resolvedCallee = .member(obj.type.metal, method)
            return r
        default:
            throw error(.unsupportedConstruct, loc, "member function '\(method)' on '\(obj.type.metal)' is not supported")
        }
    }
    /// A texture's `sample`, `get_width`, `get_height` or `read`: of a texture parameter
    /// (`parameter`, whose sampler state becomes its `#pragma`), or, with `parameter` nil, of the
    /// layer's own texture (`layer.tex`), sampled through `mtl_sample` with the state given.
    func lowerTextureCall(_ obj: TE, parameter objExpr: Expr?, _ method: String, _ exprs: [Expr], _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        switch method {
        case "sample":
            var lod: (String, TExpr)?
            if exprs.count == 3, case .call(let fn, let fa) = exprs[2].kind, case .ident(let opt) = fn.kind, fa.count == 1,
               opt == "level" || opt == "bias" {
                lod = (opt, try convert(try lowerExpr(fa[0]), to: .float, fa[0].loc).node)
            } else if exprs.count != 2 {
                throw error(.unsupportedConstruct, loc, "texture sample() with gradient, offset or more arguments is not supported; use sample(sampler, uv), with level(x) or bias(x) at most")
            }
            let sampler: SamplerState
            if case .construct(let spec, let a) = exprs[0].kind, spec.name == "sampler" {
                var d = VarDecl(type: spec, name: "sampler", loc: exprs[0].loc)
                d.samplerArgs = a
                sampler = try samplerState(d)
            } else {
                guard case .ident(let sname) = exprs[0].kind, let sv = lookup(sname), let st = sv.sampler else {
                    throw error(.semantic, exprs[0].loc, "the first argument of sample() must be a 'constexpr sampler' variable")
                }
                sampler = st
            }
            if let objExpr {
                guard case .ident(let texName) = objExpr.kind, let f = current,
                      f.params.contains(where: { $0.name == texName && $0.type == .texture }) else {
                    throw error(.invalidStitchable, loc, "only texture parameters can be sampled (the sampler state becomes a #pragma for the stitchable function's argument)")
                }
                if let (prev, prevLoc) = f.texturesSampled[texName], prev != sampler {
                    throw error(.semantic, loc, "texture '\(texName)' is sampled with two different sampler states (first at \(prevLoc)); ShaderFX supports one sampler state per texture argument")
                }
                if f.texturesSampled[texName] == nil { f.texturesSampled[texName] = (sampler, loc) }
            }
            var uv = try convert(try lowerExpr(exprs[1]), to: .vector(.float, 2), exprs[1].loc)
            if sampler.pixelCoordinates {
                uv = TE(node: .binary(.divide, uv.node, .construct(.vector(.float, 2), arraySize: nil, [.call(.builtin(.textureSize), [obj.node, .literal(.int(0))])])), type: uv.type)
            }
            // The layer's own texture keeps the renderer's sampling: any other state reads texels.
            if !sampler.isNative || objExpr == nil {
                // Textures have one level, so level() and bias() change nothing here.
                let modes = TExpr.construct(.vector(.int, 2), arraySize: nil, [.literal(.int(Int64(sampler.addressS.rawValue))), .literal(.int(Int64(sampler.addressT.rawValue)))])
                return TE(node: .call(.helper(.softSample), [obj.node, uv.node, modes, .literal(.int(Int64(sampler.filter.rawValue))), sampler.borderGLSL]),
                          type: .vector(.half, 4))
            }
            if let (opt, value) = lod {
                return TE(node: .call(.builtin(opt == "level" ? .textureLod : .texture), [obj.node, uv.node, value]), type: .vector(.half, 4))
            }
            return TE(node: .call(.builtin(.texture), [obj.node, uv.node]), type: .vector(.half, 4))
        case "get_width", "get_height":
            if exprs.count > 1 { throw error(.noMatchingOverload, loc, "'\(method)' takes at most one (lod) argument") }
            if let l = exprs.first, constInt(l) != 0 { throw error(.unsupportedConstruct, l.loc, "mipmap levels other than 0 are not supported") }
            let c = method == "get_width" ? "x" : "y"
            return TE(node: .construct(.scalar(.uint), arraySize: nil, [.member(.call(.builtin(.textureSize), [obj.node, .literal(.int(0))]), c)]), type: .uint)
        case "read":
            guard exprs.count == 1 || exprs.count == 2 else { throw error(.noMatchingOverload, loc, "'read' takes a coordinate (and an optional lod 0)") }
            if exprs.count == 2, constInt(exprs[1]) != 0 { throw error(.unsupportedConstruct, exprs[1].loc, "mipmap levels other than 0 are not supported") }
            let p = try lowerExpr(exprs[0])
            guard case .vector(let s, 2) = p.type, s.isInteger else {
                throw error(.semantic, exprs[0].loc, "texture read() takes a uint2 or int2 coordinate")
            }
            let ip = try convert(p, to: .vector(.int, 2), exprs[0].loc)
            return TE(node: .call(.builtin(.texelFetch), [obj.node, ip.node, .literal(.int(0))]), type: .vector(.half, 4))
        default:
            throw error(.unsupportedConstruct, loc, "member function '\(method)' on a texture is not supported")
        }
    }
}
