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
        default: return []
        }
    }

    /// What makes two helpers one definition: the name and the GLSL type it is defined for.
    var key: String {
        switch self {
        case .fmod(let t), .round(let t), .copysign(let t), .median3(let t), .lengthSquared(let t), .distanceSquared(let t),
             .select(let t, _), .sincos(let t), .intDivide(let t, _), .intRemainder(let t, _), .narrowStep(_, _, _, _, let t, _):
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
