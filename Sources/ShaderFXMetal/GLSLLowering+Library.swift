/// Calls of Metal's standard library (``TExpr/library(_:_:result:)``) lowered to GLSL ES 3.00.
/// Analysis chose the overload (its arguments' and result's Metal types); here each function gets
/// its GLSL: the built-in GLSL has under another name or the same (`rsqrt` is `inversesqrt`,
/// `atan2` is two-argument `atan`), an expansion where GLSL needs other operations (`fma(a, b, c)`
/// is `a * b + c`, `saturate` a `clamp`, `log10` a scaled `log2`), or a generated helper where GLSL
/// has no equal (C's truncating `fmod`, `round` away from zero, `sincos`). The switch is
/// exhaustive: a function added to ``MetalBuiltin`` does not compile without its lowering.
extension GLSLLowering {
    func lowerLibraryCall(_ f: MetalBuiltin, _ args: [TExpr], result: MType) -> GExpr {
        // `select` with a scalar condition is a conditional, lowered (and its helpers declared)
        // condition first.
        if f == .select, args[2].type.isScalar {
            let c = lower(args[2])
            let b = lower(args[1])
            return .ternary(c, b, lower(args[0]))
        }
        // Arguments first: a helper they call is declared before one the call needs.
        let a = args.map { lower($0) }
        func call(_ b: GLSLBuiltin, _ x: [GExpr]) -> GExpr { .call(.builtin(b), x) }
        let pi = GExpr.literal(.float(Double.pi)), inversePi = GExpr.literal(.float(1 / Double.pi))
        func helper(_ h: Helper, _ x: [GExpr]) -> GExpr { helperCall(h, x) }
        switch f {
        case .sin: return call(.sin, a)
        case .cos: return call(.cos, a)
        case .tan: return call(.tan, a)
        case .asin: return call(.asin, a)
        case .acos: return call(.acos, a)
        case .sinh: return call(.sinh, a)
        case .cosh: return call(.cosh, a)
        case .tanh: return call(.tanh, a)
        case .asinh: return call(.asinh, a)
        case .acosh: return call(.acosh, a)
        case .atanh: return call(.atanh, a)
        case .exp: return call(.exp, a)
        case .exp2: return call(.exp2, a)
        case .log: return call(.log, a)
        case .log2: return call(.log2, a)
        case .sqrt: return call(.sqrt, a)
        case .rsqrt: return call(.inversesqrt, a)
        case .floor: return call(.floor, a)
        case .ceil: return call(.ceil, a)
        case .fract: return call(.fract, a)
        case .trunc: return call(.trunc, a)
        case .rint: return call(.roundEven, a)
        case .fabs: return call(.abs, a)
        case .dfdx: return call(.dFdx, a)
        case .dfdy: return call(.dFdy, a)
        case .fwidth: return call(.fwidth, a)
        case .normalize: return call(.normalize, a)
        case .abs:
            // GLSL has no unsigned abs: |u| is u.
            return result.scalar?.isUnsigned == true ? a[0] : call(.abs, a)
        case .sign:
            // Nor an unsigned sign: sign(u) is min(u, 1).
            guard result.scalar?.isUnsigned == true else { return call(.sign, a) }
            return call(.min, [a[0], result.isVector ? .constructor(of: result, [.literal(.uint(1))]) : .literal(.uint(1))])
        case .pow, .powr: return call(.pow, a)
        case .atan, .atan2: return call(.atan, a)
        case .fmin, .min: return call(.min, a)
        case .fmax, .max: return call(.max, a)
        case .clamp: return call(.clamp, a)
        case .mix: return call(.mix, a)
        case .step: return call(.step, a)
        case .smoothstep: return call(.smoothstep, a)
        case .reflect: return call(.reflect, a)
        case .faceforward: return call(.faceforward, a)
        case .length: return call(.length, a)
        case .distance: return call(.distance, a)
        case .dot: return call(.dot, a)
        case .cross: return call(.cross, a)
        case .refract: return call(.refract, a)
        case .transpose: return call(.transpose, a)
        case .determinant: return call(.determinant, a)
        case .modf: return call(.modf, a)
        case .sincos: return helper(.sincos(result.glsl), a)
        case .saturate: return call(.clamp, [a[0], .literal(.float(0)), .literal(.float(1))])
        case .fmod: return helper(.fmod(result.glsl), a)
        case .round: return helper(.round(result.glsl), a)
        case .median3, .fmedian3: return helper(.median3(result.glsl), a)
        case .copysign: return helper(.copysign(result.glsl), a)
        case .length_squared: return helper(.lengthSquared(args[0].type.glsl), a)
        case .distance_squared: return helper(.distanceSquared(args[0].type.glsl), a)
        case .min3, .fmin3: return call(.min, [call(.min, [a[0], a[1]]), a[2]])
        case .max3, .fmax3: return call(.max, [call(.max, [a[0], a[1]]), a[2]])
        case .fma: return .binary(.add, .binary(.multiply, a[0], a[1]), a[2])
        case .divide: return .binary(.divide, a[0], a[1])
        case .log10: return .binary(.multiply, call(.log2, a), .literal(.float(0.30102999566)))
        case .exp10: return call(.exp2, [.binary(.multiply, a[0], .literal(.float(3.32192809489)))])
        case .all, .any:
            // Of a bool, itself.
            guard args[0].type.isVector else { return a[0] }
            return call(f == .all ? .all : .any, a)
        case .isnan: return call(.isnan, a)
        case .isinf: return call(.isinf, a)
        case .isfinite:
            guard result.isVector else {
                return .unary(.not, .binary(.logicalOr, call(.isnan, a), call(.isinf, a)))
            }
            // GLSL ES has no `||` of bool vectors: or their 0/1 values.
            let n = result.vectorSize
            let bits = { (g: GLSLBuiltin) -> GExpr in .construct(.vector(.uint, n), arraySize: nil, [call(g, a)]) }
            return call(.not, [.construct(.vector(.bool, n), arraySize: nil, [.binary(.bitOr, bits(.isnan), bits(.isinf))])])
        case .sinpi: return call(.sin, [.binary(.multiply, a[0], pi)])
        case .cospi: return call(.cos, [.binary(.multiply, a[0], pi)])
        case .tanpi: return call(.tan, [.binary(.multiply, a[0], pi)])
        case .asinpi: return .binary(.multiply, call(.asin, a), inversePi)
        case .acospi: return .binary(.multiply, call(.acos, a), inversePi)
        case .atanpi: return .binary(.multiply, call(.atan, a), inversePi)
        case .atan2pi: return .binary(.multiply, call(.atan, a), inversePi)
        case .fdim: return call(.max, [.binary(.subtract, a[0], a[1]), .literal(.float(0))])
        case .ldexp: return .binary(.multiply, a[0], call(.exp2, [.constructor(of: args[0].type, [a[1]])]))
        case .frexp: return helper(.floatBits(.frexp, args[0].type.glsl), a)
        case .logb: return helper(.floatBits(.logb, result.glsl), a)
        case .ilogb: return helper(.floatBits(.ilogb, args[0].type.glsl), a)
        case .nextafter: return helper(.floatBits(.nextafter, result.glsl), a)
        case .popcount: return helper(.integer(.popcount, result.glsl), a)
        case .clz: return helper(.integer(.clz, result.glsl), a)
        case .ctz: return helper(.integer(.ctz, result.glsl), a)
        case .reverse_bits: return helper(.integer(.reverse_bits, result.glsl), a)
        case .rotate: return helper(.integer(.rotate, result.glsl), a)
        case .extract_bits: return helper(.integer(.extract_bits, result.glsl), a)
        case .insert_bits: return helper(.integer(.insert_bits, result.glsl), a)
        case .absdiff: return helper(.integer(.absdiff, result.glsl), a)
        case .addsat: return helper(.integer(.addsat, result.glsl), a)
        case .subsat: return helper(.integer(.subsat, result.glsl), a)
        case .hadd: return helper(.integer(.hadd, result.glsl), a)
        case .rhadd: return helper(.integer(.rhadd, result.glsl), a)
        case .mulhi: return helper(.integer(.mulhi, result.glsl), a)
        case .madhi: return .binary(.add, helper(.integer(.mulhi, result.glsl), [a[0], a[1]]), a[2])
        // Metal leaves mul24 of values past 24 bits undefined: the 32-bit product is one such result.
        case .mul24: return .binary(.multiply, a[0], a[1])
        case .mad24: return .binary(.add, .binary(.multiply, a[0], a[1]), a[2])
        case .select:
            // GLSL ES 3.00's mix() with a bvec is float-only: integers select per component.
            guard result.scalar!.isFloat else { return helper(.select(result.glsl, result.vectorSize), a) }
            return call(.mix, a)
        }
    }

    /// Whether the GLSL of a call of `f` with arguments of these types is a GLSL ES constant
    /// expression where its arguments are (only built-ins GLSL evaluates at compile time: no
    /// helper, no derivative), found by lowering such a call of constant arguments.
    static func isConstantExpansion(_ f: MetalBuiltin, _ args: [TExpr], result: MType) -> Bool {
        let constants = args.map { TExpr.literal(.int(0), $0.type) }
        return GLSLLowering().lowerLibraryCall(f, constants, result: result).isConstantForm
    }
}

extension GExpr {
    /// Whether this calls only built-ins a GLSL ES constant expression may call (not a helper, a
    /// translated function, the stitching contract, a texture or a derivative).
    var isConstantForm: Bool {
        switch self {
        case .literal, .name: return true
        case .call(let callee, let args):
            guard case .builtin(let b) = callee, ![.texture, .textureLod, .texelFetch, .textureSize, .dFdx, .dFdy, .fwidth].contains(b) else {
                return false
            }
            return args.allSatisfy(\.isConstantForm)
        case .construct(_, _, let args): return args.allSatisfy(\.isConstantForm)
        case .unary(_, let a), .postfix(_, let a), .member(let a, _), .convert(_, _, let a): return a.isConstantForm
        case .binary(_, let a, let b), .index(let a, let b), .assign(_, let a, let b), .comma(let a, let b):
            return a.isConstantForm && b.isConstantForm
        case .ternary(let a, let b, let c): return a.isConstantForm && b.isConstantForm && c.isConstantForm
        }
    }
}
