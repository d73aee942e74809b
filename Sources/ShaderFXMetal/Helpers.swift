/// A generated GLSL function the lowering calls (``GLSLLowering/helperCall(_:_:)``): one per GLSL type it is
/// instantiated for. No helper appears in the typed tree: the lowering chooses one where a node's
/// GLSL needs it and declares each one it calls once, after the helpers it calls (``dependencies``), so a helper is in the output
/// exactly when the output calls it.
enum Helper: Hashable {
    /// `fmod`: C's remainder, truncated toward zero (GLSL's `mod` floors).
    case fmod(String)
    /// `round`: halfway cases away from zero (GLSL's `round` may round to even).
    case round(String)
    case copysign(String)
    case median3(String)
    case lengthSquared(String)
    case distanceSquared(String)
    /// `select(a, b, c)` of integer vectors with a `bvec` condition (`mix` takes floats only).
    case select(String, Int)
    /// `sincos(x, c)`: the sine returned, the cosine through an `out` parameter.
    case sincos(String)
    /// C's signed division and remainder (truncating), of `int` or an `ivecN` (size `n`).
    case intDivide(String, Int)
    case intRemainder(String, Int)
    /// `mtl_sample`: a texture sampled by reading its texels, for the sampler states GL's own
    /// sampling cannot give: `clamp_to_zero`/`clamp_to_border` (texels outside read the border
    /// colour, on each axis that has it, also under a linear or bicubic filter) and
    /// `filter::bicubic` (Catmull-Rom over 4×4 texels; Apple does not document its kernel). Address
    /// codes: 0 clamp to edge, 1 repeat, 2 mirrored repeat (GL ES 3.0 §3.8.10's rule), 3 border;
    /// filter codes: 0 nearest, 1 linear, 2 bicubic.
    case softSample
    /// `mtl_h`: a `float` value rounded to binary16 (round to nearest even; overflow to infinity),
    /// of `float`, a `vecN` (`columns` 0, `rows` N) or a `matCxR`.
    case halfRound(columns: Int, rows: Int)
    /// `++`/`--` (prefix or postfix) of a `half` variable whose new value rounds to binary16.
    case halfStep(increment: Bool, prefix: Bool, columns: Int, rows: Int)
    /// `++`/`--` of a 16- or 8-bit integer variable whose new value wraps.
    case narrowStep(increment: Bool, prefix: Bool, bits: Int, signed: Bool, type: String, unsigned: Bool)
    /// An integer function of the standard library that GLSL ES 3.00 has no equal for (`bitCount`,
    /// `findMSB`, `bitfieldExtract`, `umulExtended` are GLSL ES 3.10's), of GLSL type `T` (`int`,
    /// `uvec3` ...): shifts and masks, without branches, so a vector's components compute together.
    case integer(IntegerFunction, String)
    /// A float function of the standard library computed from the value's bits, of GLSL type `T`
    /// (a vector's calls the scalar one per component).
    case floatBits(FloatBitsFunction, String)

    enum IntegerFunction: String {
        case popcount, clz, ctz, reverse_bits, rotate, extract_bits, insert_bits, absdiff, addsat, subsat, hadd, rhadd, mulhi
    }
    enum FloatBitsFunction: String {
        case logb, ilogb, frexp, nextafter
    }

    /// `mtl_h` for the GLSL type of a `half` value of type `t` (nil: no value of that type rounds).
    static func halfRounding(of t: MType) -> Helper? {
        switch t {
        case .scalar: return .halfRound(columns: 0, rows: 1)
        case .vector(_, let n): return .halfRound(columns: 0, rows: n)
        case .matrix(_, let c, let r): return .halfRound(columns: c, rows: r)
        default: return nil
        }
    }

    /// The GLSL name it is called by.
    var name: String {
        switch self {
        case .fmod: return "mtl_fmod"
        case .round: return "mtl_round"
        case .copysign: return "mtl_copysign"
        case .median3: return "mtl_median3"
        case .lengthSquared: return "mtl_length_squared"
        case .distanceSquared: return "mtl_distance_squared"
        case .select: return "mtl_select"
        case .sincos: return "mtl_sincos"
        case .intDivide: return "mtl_idiv"
        case .intRemainder: return "mtl_imod"
        case .softSample: return "mtl_sample"
        case .halfRound: return "mtl_h"
        case .halfStep(let increment, let prefix, _, _): return (increment ? "mtl_hinc" : "mtl_hdec") + (prefix ? "" : "_post")
        case .narrowStep(let increment, let prefix, let bits, let signed, _, _):
            return "mtl_\(signed ? "" : "u")\(increment ? "inc" : "dec")\(bits)" + (prefix ? "" : "_post")
        case .integer(let f, let T): return "mtl_" + (f == .mulhi && T.hasPrefix("u") ? "umulhi" : f.rawValue)
        case .floatBits(let f, _): return "mtl_" + f.rawValue
        }
    }

    /// The unsigned GLSL type of integer type `T`'s size (`ivec3` → `uvec3`).
    static func unsignedType(_ T: String) -> String {
        T.hasPrefix("u") ? T : T == "int" ? "uint" : "u" + T.dropFirst()
    }

    /// The GLSL `int` type of float type `T`'s size (`vec3` → `ivec3`).
    static func intType(_ T: String) -> String { T == "float" ? "int" : "i" + T }

    /// The number of components of GLSL type `T` (`vec3`: 3).
    static func size(_ T: String) -> Int { T.last.flatMap { Int(String($0)) } ?? 1 }

    /// The GLSL definition of integer function `f` for type `T`.
    private static func integerText(_ f: IntegerFunction, _ T: String) -> String {
        let U = unsignedType(T), signed = !T.hasPrefix("u"), name = Helper.integer(f, T).name
        switch f {
        case .popcount:
            return "\(T) \(name)(\(T) x) { \(T) c = \(T)(0); for (int i = 0; i < 32; ++i) { c += (x >> i) & \(T)(1); } return c; }"
        case .clz, .ctz:
            let loop = f == .clz ? "for (int i = 31; i >= 0; --i)" : "for (int i = 0; i < 32; ++i)"
            return "\(T) \(name)(\(T) x) { \(T) n = \(T)(0), seen = \(T)(0); \(loop) { seen |= (x >> i) & \(T)(1); n += \(T)(1) - seen; } return n; }"
        case .reverse_bits:
            return "\(T) \(name)(\(T) x) { \(T) r = \(T)(0); for (int i = 0; i < 32; ++i) { r |= ((x >> i) & \(T)(1)) << (31 - i); } return r; }"
        case .rotate:
            return "\(T) \(name)(\(T) v, \(T) i) { \(U) u = \(U)(v), s = \(U)(i) & \(U)(31u); return \(T)((u << s) | (u >> ((\(U)(32u) - s) & \(U)(31u)))); }"
        case .extract_bits:
            // Signed: shifted up to the top, then down with the sign bit copied.
            let body = signed ? "return (x << (32u - offset - bits)) >> (32u - bits);"
                : "uint mask = bits >= 32u ? 0xffffffffu : (1u << bits) - 1u; return (x >> offset) & \(T)(mask);"
            return "\(T) \(name)(\(T) x, uint offset, uint bits) { if (bits == 0u) { return \(T)(0); } \(body) }"
        case .insert_bits:
            return "\(T) \(name)(\(T) base, \(T) insert, uint offset, uint bits) { uint mask = (bits >= 32u ? 0xffffffffu : (1u << bits) - 1u) << offset; \(T) m = \(T)(mask); return (base & ~m) | ((insert << offset) & m); }"
        case .absdiff:
            return "\(T) \(name)(\(T) x, \(T) y) { return max(x, y) - min(x, y); }"
        case .addsat:
            guard signed else { return "\(T) \(name)(\(T) x, \(T) y) { return x + min(y, ~x); }" }
            // Overflow where x and y share a sign the sum lacks: then the limit of x's sign.
            return "\(T) \(name)(\(T) x, \(T) y) { \(T) r = x + y; \(T) o = ((x ^ r) & (y ^ r)) >> 31; return (o & ((x >> 31) ^ \(T)(0x7fffffff))) | (~o & r); }"
        case .subsat:
            guard signed else { return "\(T) \(name)(\(T) x, \(T) y) { return x - min(x, y); }" }
            return "\(T) \(name)(\(T) x, \(T) y) { \(T) r = x - y; \(T) o = ((x ^ y) & (x ^ r)) >> 31; return (o & ((x >> 31) ^ \(T)(0x7fffffff))) | (~o & r); }"
        case .hadd:
            return "\(T) \(name)(\(T) x, \(T) y) { return (x >> 1) + (y >> 1) + (x & y & \(T)(1)); }"
        case .rhadd:
            return "\(T) \(name)(\(T) x, \(T) y) { return (x >> 1) + (y >> 1) + ((x | y) & \(T)(1)); }"
        case .mulhi:
            guard signed else {
                // The high half of the 64-bit product, from 16-bit halves (no partial sum overflows).
                return """
                \(T) \(name)(\(T) x, \(T) y) {
                    \(T) a = x & \(T)(0xffffu), b = x >> 16, c = y & \(T)(0xffffu), d = y >> 16;
                    \(T) bc = b * c, cross = ((a * c) >> 16) + (bc & \(T)(0xffffu)) + a * d;
                    return b * d + (bc >> 16) + (cross >> 16);
                }
                """
            }
            // The signed product's high half: the unsigned one less y where x < 0 and x where y < 0.
            return "\(T) \(name)(\(T) x, \(T) y) { \(U) ux = \(U)(x), uy = \(U)(y); return \(T)(mtl_umulhi(ux, uy) - (\(U)(x >> 31) & uy) - (\(U)(y >> 31) & ux)); }"
        }
    }

    /// The GLSL definition of float-bit function `f` for type `T`.
    private static func floatBitsText(_ f: FloatBitsFunction, _ T: String) -> String {
        let name = "mtl_" + f.rawValue, I = intType(T)
        if T != "float" {
            // Per component, through the scalar function.
            let n = size(T)
            switch f {
            case .logb, .ilogb:
                return "\(f == .ilogb ? I : T) \(name)(\(T) x) { \(f == .ilogb ? I : T) r; for (int k = 0; k < \(n); ++k) r[k] = \(name)(x[k]); return r; }"
            case .frexp:
                return "\(T) \(name)(\(T) x, out \(I) e) { \(T) r; for (int k = 0; k < \(n); ++k) { int ek; r[k] = \(name)(x[k], ek); e[k] = ek; } return r; }"
            case .nextafter:
                return "\(T) \(name)(\(T) x, \(T) y) { \(T) r; for (int k = 0; k < \(n); ++k) r[k] = \(name)(x[k], y[k]); return r; }"
            }
        }
        switch f {
        case .logb:
            return "float mtl_logb(float x) { return float(int((floatBitsToUint(x) >> 23) & 0xffu) - 127); }"
        case .ilogb:
            return "int mtl_ilogb(float x) { return int((floatBitsToUint(x) >> 23) & 0xffu) - 127; }"
        case .frexp:
            // x = m * 2^e with m in [0.5, 1): the exponent field set to 126's.
            return "float mtl_frexp(float x, out int e) { if (x == 0.0) { e = 0; return x; } uint b = floatBitsToUint(x); e = int((b >> 23) & 0xffu) - 126; return uintBitsToFloat((b & 0x807fffffu) | 0x3f000000u); }"
        case .nextafter:
            return "float mtl_nextafter(float x, float y) { if (isnan(x) || isnan(y)) { return x + y; } if (x == y) { return y; } if (x == 0.0) { return y > 0.0 ? uintBitsToFloat(1u) : -uintBitsToFloat(1u); } uint b = floatBitsToUint(x); return uintBitsToFloat((x < y) == (x > 0.0) ? b + 1u : b - 1u); }"
        }
    }

    /// The GLSL type of `mtl_h`'s argument.
    private static func halfType(columns: Int, rows: Int) -> String {
        columns > 0 ? MType.matrix(.half, columns, rows).glsl : rows == 1 ? "float" : "vec\(rows)"
    }

    /// The helpers it calls, declared before it.
    var dependencies: [Helper] {
        switch self {
        case .intDivide(_, let n): return n == 1 ? [] : [.intDivide("int", 1)]
        case .intRemainder(_, let n): return n == 1 ? [.intDivide("int", 1)] : [.intDivide("int", 1), .intRemainder("int", 1)]
        case .halfRound(let c, let r): return c > 0 ? [.halfRound(columns: 0, rows: r)] : []
        case .halfStep(_, _, let c, let r): return [.halfRound(columns: c, rows: r)]
        case .integer(.mulhi, let T) where !T.hasPrefix("u"): return [.integer(.mulhi, Helper.unsignedType(T))]
        case .floatBits(let f, let T) where T != "float": return [.floatBits(f, "float")]
        default: return []
        }
    }

    /// What makes two helpers one definition: the name and the GLSL type it is defined for.
    var key: String {
        switch self {
        case .fmod(let t), .round(let t), .copysign(let t), .median3(let t), .lengthSquared(let t), .distanceSquared(let t),
             .select(let t, _), .sincos(let t), .intDivide(let t, _), .intRemainder(let t, _), .narrowStep(_, _, _, _, let t, _),
             .integer(_, let t), .floatBits(_, let t):
            return name + ":" + t
        case .softSample: return name
        case .halfRound(let c, let r), .halfStep(_, _, let c, let r): return name + ":" + Helper.halfType(columns: c, rows: r)
        }
    }

    /// The GLSL definition.
    var text: String {
        switch self {
        case .fmod(let T): return "\(T) mtl_fmod(\(T) x, \(T) y) { return x - y * trunc(x / y); }"
        case .round(let T): return "\(T) mtl_round(\(T) x) { return sign(x) * floor(abs(x) + 0.5); }"
        case .copysign(let T):
            return "\(T) mtl_copysign(\(T) x, \(T) y) { return uintBitsToFloat((floatBitsToUint(x) & 0x7fffffffu) | (floatBitsToUint(y) & 0x80000000u)); }"
        case .median3(let T): return "\(T) mtl_median3(\(T) a, \(T) b, \(T) c) { return max(min(a, b), min(max(a, b), c)); }"
        case .lengthSquared(let T): return "float mtl_length_squared(\(T) x) { return dot(x, x); }"
        case .distanceSquared(let T): return "float mtl_distance_squared(\(T) a, \(T) b) { \(T) d = a - b; return dot(d, d); }"
        case .select(let T, let n):
            return "\(T) mtl_select(\(T) a, \(T) b, bvec\(n) c) { \(T) r; for (int k = 0; k < \(n); ++k) r[k] = c[k] ? b[k] : a[k]; return r; }"
        case .sincos(let T): return "\(T) mtl_sincos(\(T) x, out \(T) c) { c = cos(x); return sin(x); }"
        case .intDivide(let T, let n), .intRemainder(let T, let n):
            if n == 1 {
                if case .intDivide = self { return "int mtl_idiv(int a, int b) { int q = abs(a) / abs(b); return ((a < 0) != (b < 0)) ? -q : q; }" }
                return "int mtl_imod(int a, int b) { return a - b * mtl_idiv(a, b); }"
            }
            return "\(T) \(name)(\(T) a, \(T) b) { \(T) r; for (int k = 0; k < \(n); ++k) r[k] = \(name)(a[k], b[k]); return r; }"
        case .softSample:
            return """
            int mtl_address(int i, int n, int mode) {
                if (mode == 1) { return i - n * int(floor(float(i) / float(n))); }
                if (mode == 2) {
                    int m = i - 2 * n * int(floor(float(i) / float(2 * n))) - n;
                    return (n - 1) - (m >= 0 ? m : -(1 + m));
                }
                if (mode == 3) { return (i < 0 || i >= n) ? -1 : i; }
                return clamp(i, 0, n - 1);
            }
            vec4 mtl_texel(sampler2D t, ivec2 p, ivec2 size, ivec2 modes, vec4 border) {
                int x = mtl_address(p.x, size.x, modes.x);
                int y = mtl_address(p.y, size.y, modes.y);
                return (x < 0 || y < 0) ? border : texelFetch(t, ivec2(x, y), 0);
            }
            vec4 mtl_cubic_weights(float f) {
                float f2 = f * f, f3 = f2 * f;
                return vec4(-0.5 * f3 + f2 - 0.5 * f, 1.5 * f3 - 2.5 * f2 + 1.0, -1.5 * f3 + 2.0 * f2 + 0.5 * f, 0.5 * f3 - 0.5 * f2);
            }
            vec4 mtl_sample(sampler2D t, vec2 uv, ivec2 modes, int filtering, vec4 border) {
                ivec2 size = textureSize(t, 0);
                vec2 x = uv * vec2(size);
                if (filtering == 0) { return mtl_texel(t, ivec2(floor(x)), size, modes, border); }
                x -= 0.5;
                ivec2 i = ivec2(floor(x));
                vec2 f = x - floor(x);
                if (filtering == 1) {
                    vec4 top = mix(mtl_texel(t, i, size, modes, border), mtl_texel(t, i + ivec2(1, 0), size, modes, border), f.x);
                    vec4 bottom = mix(mtl_texel(t, i + ivec2(0, 1), size, modes, border), mtl_texel(t, i + ivec2(1, 1), size, modes, border), f.x);
                    return mix(top, bottom, f.y);
                }
                vec4 wx = mtl_cubic_weights(f.x), wy = mtl_cubic_weights(f.y);
                vec4 sum = vec4(0.0);
                for (int dy = 0; dy < 4; dy++) {
                    vec4 row = vec4(0.0);
                    for (int dx = 0; dx < 4; dx++) { row += wx[dx] * mtl_texel(t, i + ivec2(dx - 1, dy - 1), size, modes, border); }
                    sum += wy[dy] * row;
                }
                return sum;
            }
            """
        case .halfRound(let c, let rows):
            if c > 0 {
                let T = Helper.halfType(columns: c, rows: rows)
                let columns = (0..<c).map { "mtl_h(m[\($0)])" }.joined(separator: ", ")
                return "\(T) mtl_h(\(T) m) { return \(T)(\(columns)); }"
            }
            if rows == 1 {
                return """
                float mtl_h(float x) {
                    uint a = floatBitsToUint(x) & 0x7fffffffu, s = floatBitsToUint(x) & 0x80000000u;
                    if (a >= 0x7f800000u) { return x; }
                    if (a >= 0x477ff000u) { return uintBitsToFloat(s | 0x7f800000u); }
                    if (a < 0x38800000u) { return uintBitsToFloat(s | floatBitsToUint(roundEven(uintBitsToFloat(a) * 16777216.0) * 5.9604644775390625e-8)); }
                    return uintBitsToFloat(s | ((a + 0x0fffu + ((a >> 13) & 1u)) & 0xffffe000u));
                }
                """
            }
            let T = "vec\(rows)", U = "uvec\(rows)"
            return """
            \(T) mtl_h(\(T) x) {
                \(U) a = floatBitsToUint(x) & 0x7fffffffu, s = floatBitsToUint(x) & 0x80000000u;
                \(T) r = uintBitsToFloat(s | ((a + 0x0fffu + ((a >> 13) & 1u)) & 0xffffe000u));
                r = mix(r, uintBitsToFloat(s | floatBitsToUint(roundEven(uintBitsToFloat(a) * 16777216.0) * 5.9604644775390625e-8)), lessThan(a, \(U)(0x38800000u)));
                r = mix(r, uintBitsToFloat(s | 0x7f800000u), greaterThanEqual(a, \(U)(0x477ff000u)));
                return mix(r, x, greaterThanEqual(a, \(U)(0x7f800000u)));
            }
            """
        case .halfStep(let increment, let prefix, let c, let r):
            let T = Helper.halfType(columns: c, rows: r)
            let step = increment ? "+" : "-"
            let body = prefix ? "x = mtl_h(x \(step) 1.0); return x;" : "\(T) old = x; x = mtl_h(x \(step) 1.0); return old;"
            return "\(T) \(name)(inout \(T) x) { \(body) }"
        case .integer(let f, let T): return Helper.integerText(f, T)
        case .floatBits(let f, let T): return Helper.floatBitsText(f, T)
        case .narrowStep(let increment, let prefix, let bits, let signed, let T, let unsigned):
            let stepped = GExpr.binary(increment ? .add : .subtract, .name("x"), .literal(unsigned ? .uint(1) : .int(1)))
            let wrapped: GExpr
            if signed {
                let k = GExpr.literal(.int(Int64(32 - bits)))
                wrapped = .binary(.shiftRight, .binary(.shiftLeft, stepped, k), k)
            } else {
                wrapped = .binary(.bitAnd, stepped, .literal(.uint(UInt64((1 << bits) - 1))))
            }
            let body = prefix ? "x = \(Emitter.expr(wrapped)); return x;" : "\(T) old = x; x = \(Emitter.expr(wrapped)); return old;"
            return "\(T) \(name)(inout \(T) x) { \(body) }"
        }
    }
}
