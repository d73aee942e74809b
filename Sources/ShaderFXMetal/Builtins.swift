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
/// (``record``, an exhaustive switch: a function cannot be listed without one), and the record holds
/// its lowering: there is no other table of lowerings to keep in step.
enum MetalBuiltin: String, CaseIterable {
    case sin, cos, tan, asin, acos, sinh, cosh, tanh, asinh, acosh, atanh, exp, exp2, log, log2, sqrt, rsqrt
    case floor, ceil, fract, trunc, rint, fabs, dfdx, dfdy, fwidth, normalize
    case abs, sign, pow, powr, atan2, fmin, fmax, min, max, clamp, mix, step, smoothstep, reflect, faceforward
    case length, distance, dot
    case sincos, modf
    case atan, saturate, fmod, round, median3, fmedian3, copysign, min3, max3, fmin3, fmax3, fma, divide
    case log10, exp10, length_squared, distance_squared, cross, refract, all, any, isnan, isinf, isfinite
    case select, transpose, determinant
    case sinpi, cospi, tanpi, asinpi, acospi, atanpi, atan2pi, fdim, ldexp, frexp, logb, ilogb, nextafter
    case popcount, clz, ctz, reverse_bits, rotate, extract_bits, insert_bits, absdiff, addsat, subsat, hadd, rhadd
    case mulhi, madhi, mul24, mad24

    /// How a call's arguments are typed and its result's type chosen (the overload Metal takes), and
    /// the generated helpers (by name) its GLSL may call. What GLSL computes it is the lowering's
    /// choice (``GLSLLowering/lowerLibraryCall(_:_:result:)``): analysis gives a
    /// ``TExpr/library(_:_:result:)`` node of the Metal function.
    var record: BuiltinRecord {
        switch self {
        case .sin, .cos, .tan, .asin, .acos, .sinh, .cosh, .tanh, .asinh, .acosh, .atanh, .exp, .exp2, .log, .log2, .sqrt,
             .rsqrt, .floor, .ceil, .fract, .trunc, .rint, .fabs, .dfdx, .dfdy, .fwidth, .normalize, .saturate, .log10, .exp10:
            return .generic(arity: 1)
        case .abs, .sign: return .generic(arity: 1, integers: true)
        case .pow, .powr, .atan2, .reflect: return .generic(arity: 2)
        case .faceforward, .fma: return .generic(arity: 3)
        case .fmin, .fmax, .divide: return .generic(arity: 2, scalarOK: [1])
        case .min, .max: return .generic(arity: 2, scalarOK: [1], integers: true)
        case .clamp: return .generic(arity: 3, scalarOK: [1, 2], integers: true)
        case .mix: return .generic(arity: 3, scalarOK: [2])
        case .step: return .generic(arity: 2, scalarOK: [0])
        case .smoothstep: return .generic(arity: 3, scalarOK: [0, 1])
        case .length, .length_squared: return .reduce(arity: 1, helpers: self == .length ? [] : ["mtl_length_squared"])
        case .distance, .distance_squared: return .reduce(arity: 2, helpers: self == .distance ? [] : ["mtl_distance_squared"])
        case .dot: return .reduce(arity: 2)
        case .sincos: return .outArgument(helpers: ["mtl_sincos"])
        case .modf: return .outArgument()
        case .atan:
            return BuiltinRecord { s, c, args throws(MetalError) in
                // atan(y, x) is atan2's overload.
                try BuiltinRecord.genericCall(s, c, args, arity: args.count == 2 ? 2 : 1, scalarOK: [], integers: false)
            }
        case .fmod: return .generic(arity: 2, helpers: ["mtl_fmod"])
        case .round: return .generic(arity: 1, helpers: ["mtl_round"])
        case .median3, .fmedian3: return .generic(arity: 3, integers: true, helpers: ["mtl_median3"])
        case .copysign: return .generic(arity: 2, helpers: ["mtl_copysign"])
        case .min3, .max3: return .generic(arity: 3, integers: true)
        case .fmin3, .fmax3: return .generic(arity: 3)
        case .cross:
            return BuiltinRecord { s, c, args throws(MetalError) in
                try c.requireArity(2)
                let t = try s.genericType(args, allowInt: false, c.name, c.loc)
                guard t.vectorSize == 3 else { throw s.error(.noMatchingOverload, c.loc, "'cross' takes 3-component vectors") }
                return c.typed(try s.genericArgs(args, c.exprs, t, scalarOK: []), t)
            }
        case .refract:
            return BuiltinRecord { s, c, args throws(MetalError) in
                try c.requireArity(3)
                let t = try s.genericType(Array(args.prefix(2)), allowInt: false, c.name, c.loc)
                let a = try s.genericArgs(Array(args.prefix(2)), c.exprs, t, scalarOK: [])
                let eta = try s.convert(args[2], to: .float, c.exprs[2].loc)
                return c.typed(a + [eta.node], t)
            }
        case .all, .any: return .reduceBool
        case .isnan, .isinf, .isfinite: return .classify
        case .select:
            // mix() takes a bool vector for float values only: integer vectors select through a helper.
            return BuiltinRecord(helpers: ["mtl_select"]) { s, c, args throws(MetalError) in
                try c.requireArity(3)
                let t = try s.genericType(Array(args.prefix(2)), allowInt: true, c.name, c.loc)
                let a = try s.genericArgs(Array(args.prefix(2)), c.exprs, t, scalarOK: [])
                let cond = args[2]
                switch cond.type {
                case .scalar:
                    return c.typed(a + [try s.toBool(cond, c.exprs[2].loc).node], t)
                case .vector(.bool, let n) where n == t.vectorSize:
                    return c.typed(a + [cond.node], t)
                default:
                    throw s.error(.typeMismatch, c.exprs[2].loc, "the condition of select() must be bool or a bool vector of the same size")
                }
            }
        case .sinpi, .cospi, .tanpi, .asinpi, .acospi, .atanpi: return .generic(arity: 1)
        case .atan2pi, .fdim: return .generic(arity: 2)
        case .nextafter: return .generic(arity: 2, helpers: ["mtl_nextafter"])
        case .logb: return .generic(arity: 1, helpers: ["mtl_logb"])
        case .ilogb:
            return BuiltinRecord(helpers: ["mtl_ilogb"]) { s, c, args throws(MetalError) in
                try c.requireArity(1)
                let t = try s.genericType(args, allowInt: false, c.name, c.loc)
                return c.typed(try s.genericArgs(args, c.exprs, t, scalarOK: []), t.with(scalar: .int))
            }
        case .ldexp:
            // ldexp(T x, Ti k): the exponent an int (vector) of x's size.
            return BuiltinRecord { s, c, args throws(MetalError) in
                try c.requireArity(2)
                let t = try s.genericType([args[0]], allowInt: false, c.name, c.loc)
                let x = try s.convert(args[0], to: t, c.exprs[0].loc)
                return c.typed([x.node, try s.convert(args[1], to: t.with(scalar: .int), c.exprs[1].loc).node], t)
            }
        case .frexp:
            // frexp(T x, thread Ti &exponent): the mantissa returned, the exponent written.
            return BuiltinRecord(helpers: ["mtl_frexp"], written: { s, c throws(MetalError) in
                try c.requireArity(2)
                let x = try s.lowerExpr(c.exprs[0])
                let out = try s.lowerOutArgument(c.exprs[1], pointer: false)
                let t = try s.genericType([x], allowInt: false, c.name, c.loc)
                guard out.type.glsl == t.with(scalar: .int).glsl else {
                    throw s.error(.semantic, c.exprs[1].loc, "the second argument of 'frexp' must be an '\(t.with(scalar: .int).metal)' variable")
                }
                return c.typed([try s.convert(x, to: t, c.exprs[0].loc).node, out.node], t)
            })
        case .popcount: return .integer(arity: 1, helpers: ["mtl_popcount"])
        case .clz: return .integer(arity: 1, helpers: ["mtl_clz"])
        case .ctz: return .integer(arity: 1, helpers: ["mtl_ctz"])
        case .reverse_bits: return .integer(arity: 1, helpers: ["mtl_reverse_bits"])
        case .rotate: return .integer(arity: 2, helpers: ["mtl_rotate"])
        case .absdiff: return .integer(arity: 2, helpers: ["mtl_absdiff"])
        case .addsat: return .integer(arity: 2, helpers: ["mtl_addsat"])
        case .subsat: return .integer(arity: 2, helpers: ["mtl_subsat"])
        case .hadd: return .integer(arity: 2, helpers: ["mtl_hadd"])
        case .rhadd: return .integer(arity: 2, helpers: ["mtl_rhadd"])
        case .mulhi: return .integer(arity: 2, helpers: ["mtl_mulhi", "mtl_umulhi"])
        case .madhi: return .integer(arity: 3, helpers: ["mtl_mulhi", "mtl_umulhi"])
        case .mul24: return .integer(arity: 2)
        case .mad24: return .integer(arity: 3)
        case .extract_bits, .insert_bits:
            // (T x, uint offset, uint bits) and (T base, T insert, uint offset, uint bits).
            return BuiltinRecord(helpers: ["mtl_" + rawValue]) { s, c, args throws(MetalError) in
                let values = self == .extract_bits ? 1 : 2
                try c.requireArity(values + 2)
                let t = try BuiltinRecord.integerType(s, c, Array(args.prefix(values)))
                try BuiltinRecord.refuseNarrow(s, c, t)
                var typed = try s.genericArgs(Array(args.prefix(values)), c.exprs, t, scalarOK: [])
                for k in values..<(values + 2) { typed.append(try s.convert(args[k], to: .uint, c.exprs[k].loc).node) }
                return c.typed(typed, t)
            }
        case .transpose:
            return .ofMatrix { s, c, m, cols, rows throws(MetalError) in
                guard case .matrix(let scalar, _, _) = m.type else { preconditionFailure("ofMatrix gives a matrix") }
                return c.typed([m.node], .matrix(scalar, rows, cols))
            }
        case .determinant:
            return .ofMatrix { s, c, m, cols, rows throws(MetalError) in
                guard case .matrix(let scalar, _, _) = m.type, cols == rows else {
                    throw s.error(.noMatchingOverload, c.loc, "'determinant' takes a square matrix")
                }
                return c.typed([m.node], .scalar(scalar))
            }
        }
    }
}

/// A standard-library call, as a record's signature rule receives it.
struct BuiltinCall {
    let builtin: MetalBuiltin
    /// The function's Metal name.
    var name: String { builtin.rawValue }
    /// The arguments as written.
    let exprs: [Expr]
    let loc: MetalSourceLocation

    func requireArity(_ n: Int) throws(MetalError) {
        if exprs.count != n {
            throw MetalError(.noMatchingOverload, location: loc, message: "'\(name)' takes \(n) argument\(n == 1 ? "" : "s"), \(exprs.count) given")
        }
    }

    /// The call of the overload taking `args` (each already of its parameter's type), of result type `result`.
    func typed(_ args: [TExpr], _ result: MType) -> TE {
        TE(node: .library(builtin, args), type: result)
    }
}

/// One standard-library function: its signature rule (how its arguments are typed and which
/// overload, so which result type, a call takes) and the generated helpers its GLSL may call
/// (``Helper/name``; under Apple precision `mtl_h` may follow any `half` result). Its GLSL is
/// chosen in lowering (``GLSLLowering/lowerLibraryCall(_:_:result:)``).
struct BuiltinRecord {
    /// How a call is typed.
    enum Signature {
        /// The arguments are analysed as values first (in order), then given with the call.
        case values((Semantic, BuiltinCall, [TE]) throws(MetalError) -> TE)
        /// The arguments are given as written (an out argument is not a value).
        case written((Semantic, BuiltinCall) throws(MetalError) -> TE)
    }
    var signature: Signature
    var helpers: [String]

    init(helpers: [String] = [], _ rule: @escaping (Semantic, BuiltinCall, [TE]) throws(MetalError) -> TE) {
        self.signature = .values(rule)
        self.helpers = helpers
    }

    init(helpers: [String] = [], written rule: @escaping (Semantic, BuiltinCall) throws(MetalError) -> TE) {
        self.signature = .written(rule)
        self.helpers = helpers
    }

    /// Component-wise arguments of one float type (integers converted, or kept when all arguments
    /// are integers and `integers`), the result of that type; the `scalarOK` arguments may stay scalar.
    static func genericCall(_ s: Semantic, _ c: BuiltinCall, _ args: [TE], arity n: Int, scalarOK: Set<Int>, integers: Bool) throws(MetalError) -> TE {
        try c.requireArity(n)
        let t = try s.genericType(args, allowInt: integers, c.name, c.loc)
        return c.typed(try s.genericArgs(args, c.exprs, t, scalarOK: scalarOK), t)
    }

    /// A component-wise function (``genericCall(_:_:_:arity:scalarOK:integers:)``).
    static func generic(arity n: Int, scalarOK: Set<Int> = [], integers: Bool = false, helpers: [String] = []) -> BuiltinRecord {
        BuiltinRecord(helpers: helpers) { s, c, args throws(MetalError) in
            try genericCall(s, c, args, arity: n, scalarOK: scalarOK, integers: integers)
        }
    }

    /// The common integer type of arguments of an integer function (an error for a float one).
    static func integerType(_ s: Semantic, _ c: BuiltinCall, _ args: [TE]) throws(MetalError) -> MType {
        let t = try s.genericType(args, allowInt: true, c.name, c.loc)
        guard t.scalar!.isInteger else {
            throw s.error(.noMatchingOverload, c.loc, "no matching function for call to '\(c.name)': it takes integer arguments, not '\(t.metal)'")
        }
        return t
    }

    /// A component-wise function of integers of one type (`popcount`, `addsat` ...). Of a narrow
    /// integer type, the functions whose result depends on the type's width are refused
    /// (``refuseNarrow(_:_:_:)``); the others' result wraps to it.
    static func integer(arity n: Int, helpers: [String] = []) -> BuiltinRecord {
        BuiltinRecord(helpers: helpers) { s, c, args throws(MetalError) in
            try c.requireArity(n)
            let t = try integerType(s, c, args)
            try refuseNarrow(s, c, t)
            return s.narrowedResult(c.typed(try s.genericArgs(args, c.exprs, t, scalarOK: []), t))
        }
    }

    /// The integer functions whose result depends on the width of 8- and 16-bit types (a count
    /// of leading zeros, a saturation, a rotation...): GLSL computes them on 32 bits, so for
    /// `short`, `ushort`, `char` and `uchar` values they are a located error, not a wrong value.
    static func refuseNarrow(_ s: Semantic, _ c: BuiltinCall, _ t: MType) throws(MetalError) {
        guard let scalar = t.scalar, scalar.narrowWidth != nil, !["hadd", "rhadd", "mul24", "mad24"].contains(c.name) else { return }
        throw s.error(.unsupportedConstruct, c.loc, "'\(c.name)' of '\(t.metal)' is not supported: its result depends on the \(scalar.narrowWidth!.bits)-bit width, which GLSL's 32-bit integers do not have; convert the argument to '\(scalar.isUnsigned ? "uint" : "int")'")
    }

    /// A function of float vectors of one type giving a scalar (`length`, `dot`...).
    static func reduce(arity n: Int, helpers: [String] = []) -> BuiltinRecord {
        BuiltinRecord(helpers: helpers) { s, c, args throws(MetalError) in
            try c.requireArity(n)
            let t = try s.genericType(args, allowInt: false, c.name, c.loc)
            return c.typed(try s.genericArgs(args, c.exprs, t, scalarOK: []), .scalar(t.scalar!))
        }
    }

    /// `f(x, out)` (`sincos`, `modf`): `x` a float value, `out` a variable of its GLSL type that the
    /// call writes; the result of `x`'s type.
    static func outArgument(helpers: [String] = []) -> BuiltinRecord {
        BuiltinRecord(helpers: helpers, written: { s, c throws(MetalError) in
            try c.requireArity(2)
            let x = try s.lowerExpr(c.exprs[0])
            let out = try s.lowerOutArgument(c.exprs[1], pointer: false)
            let t = try s.genericType([x], allowInt: false, c.name, c.loc)
            guard out.type.glsl == t.glsl else {
                throw s.error(.semantic, c.exprs[1].loc, "the second argument of '\(c.name)' must be a '\(t.metal)' variable")
            }
            return c.typed([try s.convert(x, to: t, c.exprs[0].loc).node, out.node], t)
        })
    }

    /// `all`, `any`: a bool, or a vector whose components Metal tests as bools (a bool vector given).
    static var reduceBool: BuiltinRecord {
        BuiltinRecord { s, c, args throws(MetalError) in
            try c.requireArity(1)
            switch args[0].type {
            case .scalar(.bool), .vector(.bool, _): return c.typed([args[0].node], .bool)
            case .vector:
                // Metal converts to bool per component.
                let b = try s.lowerBinary(.notEqual, args[0], s.literal(.int(0), args[0].type.scalar!), c.loc)
                return c.typed([b.node], .bool)
            default:
                throw s.error(.noMatchingOverload, c.loc, "'\(c.name)' takes a vector of booleans")
            }
        }
    }

    /// `isnan`, `isinf`, `isfinite`: a bool (vector) of a float value.
    static var classify: BuiltinRecord {
        BuiltinRecord { s, c, args throws(MetalError) in
            try c.requireArity(1)
            let t = try s.genericType(args, allowInt: false, c.name, c.loc)
            return c.typed([try s.convert(args[0], to: t, c.exprs[0].loc).node], t.with(scalar: .bool))
        }
    }

    /// A function of one matrix: `rule` gets it with its columns and rows.
    static func ofMatrix(_ rule: @escaping (Semantic, BuiltinCall, TE, Int, Int) throws(MetalError) -> TE) -> BuiltinRecord {
        BuiltinRecord { s, c, args throws(MetalError) in
            try c.requireArity(1)
            guard case .matrix(_, let cols, let rows) = args[0].type else { throw s.error(.noMatchingOverload, c.loc, "'\(c.name)' takes a matrix") }
            return try rule(s, c, args[0], cols, rows)
        }
    }
}

/// The standard library by Metal name.
enum Builtins {
    /// Every standard-library function by its Metal name.
    static let table: [String: MetalBuiltin] = Dictionary(uniqueKeysWithValues: MetalBuiltin.allCases.map { ($0.rawValue, $0) })

    /// Metal functions known but not translated (for a clearer message).
    static let unsupported: Set<String> = [
        "threadgroup_barrier", "simdgroup_barrier", "pack_float_to_unorm4x8", "unpack_unorm4x8_to_float", "pack_half_to_unorm4x8",
        "simd_sum", "simd_shuffle", "quad_shuffle", "discard_fragment", "dfdx_coarse", "is_null_texture",
    ]

    static func isBuiltinFunction(_ name: String) -> Bool { table[name] != nil }
}

extension Semantic {
    func builtinConstant(_ name: String, _ loc: MetalSourceLocation) throws(MetalError) -> TE? {
        switch name {
        case "__metal_infinity": return TE(node: .literal(.float(.infinity)), type: .float)
        case "__metal_nan": return TE(node: .literal(.float(.nan)), type: .float)
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
            // Arguments all of one narrow type call its overload (`clz(ushort)` is a `ushort`).
            if let first = nonLit.first, first.narrowWidth != nil, nonLit.allSatisfy({ $0 == first }) { elem = first }
        } else {
            let floats = args.filter { $0.type.scalar!.isFloat && $0.lit == nil }.map { $0.type.scalar! }
            elem = (!floats.isEmpty && floats.allSatisfy { $0 == .half }) ? .half : .float
        }
        return n > 1 ? .vector(elem, n) : .scalar(elem)
    }

    /// The arguments converted to the generic type `t` (the `allowed` ones kept scalar where all of them are).
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

    /// A standard-library call computed at float (`half` results unrounded), by its record's lowering.
    func lowerBuiltinCallAtFloat(_ name: String, _ exprs: [Expr], _ loc: MetalSourceLocation) throws(MetalError) -> TE {
        guard let builtin = Builtins.table[name] else { throw error(.undeclaredIdentifier, loc, "use of undeclared function '\(name)'") }
        let call = BuiltinCall(builtin: builtin, exprs: exprs, loc: loc)
        switch builtin.record.signature {
        case .written(let lower):
            return try lower(self, call)
        case .values(let lower):
            var args: [TE] = []
            for e in exprs {
                if case .unary(.address, _) = e.kind { throw error(.semantic, e.loc, "unexpected '&' argument to '\(name)'") }
                args.append(try lowerExpr(e))
            }
            return try lower(self, call, args)
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
        if case .structure(let n) = obj.type, let s = structs[n] {
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
            let uv = try convert(try lowerExpr(exprs[1]), to: .vector(.float, 2), exprs[1].loc)
            // The layer's own texture keeps the renderer's sampling: any other state reads texels.
            let call = TTextureCall.sample(sampler, coord: uv.node, lod: lod.map { (level: $0.0 == "level", value: $0.1) },
                                           boundState: sampler.isNative && objExpr != nil)
            return TE(node: .texture(obj.node, call), type: .vector(.half, 4))
        case "get_width", "get_height":
            if exprs.count > 1 { throw error(.noMatchingOverload, loc, "'\(method)' takes at most one (lod) argument") }
            if let l = exprs.first, constInt(l) != 0 { throw error(.unsupportedConstruct, l.loc, "mipmap levels other than 0 are not supported") }
            return TE(node: .texture(obj.node, .size(width: method == "get_width")), type: .uint)
        case "read":
            guard exprs.count == 1 || exprs.count == 2 else { throw error(.noMatchingOverload, loc, "'read' takes a coordinate (and an optional lod 0)") }
            if exprs.count == 2, constInt(exprs[1]) != 0 { throw error(.unsupportedConstruct, exprs[1].loc, "mipmap levels other than 0 are not supported") }
            let p = try lowerExpr(exprs[0])
            guard case .vector(let s, 2) = p.type, s.isInteger else {
                throw error(.semantic, exprs[0].loc, "texture read() takes a uint2 or int2 coordinate")
            }
            let ip = try convert(p, to: .vector(.int, 2), exprs[0].loc)
            return TE(node: .texture(obj.node, .read(ip.node)), type: .vector(.half, 4))
        default:
            throw error(.unsupportedConstruct, loc, "member function '\(method)' on a texture is not supported")
        }
    }
}
