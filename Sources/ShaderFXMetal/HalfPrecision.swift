/// Apple precision: `half` computed as the binary16 arithmetic of Apple's GPUs.
///
/// GLSL ES has no 16-bit arithmetic that a driver must honour (`mediump` only allows less), so
/// under ``MetalPrecision/apple`` the translator keeps every `half` value in a 32-bit float that
/// always holds a binary16 value: each operation whose result is `half` is computed at float and
/// rounded by `mtl_h`, round to nearest even, to ±infinity past 65504, with binary16 subnormals
/// kept (Apple's GPUs keep them for 16-bit results and flush 32-bit ones). Products of two `half`s
/// are exact in float, so `a * b + c` rounded once is the fused multiply-add that Metal's default
/// fast math contracts it to.
///
/// Where rounding happens:
/// - `half` literals, rounded when translated (`0.1h` is 0.0999755859375);
/// - conversions to a `half` type from any other type (`half(x)`, a `float` passed to a `half`
///   parameter or stored in a `half` variable, `half4(float4)`), integers included;
/// - `+ - * /` with a `half` result, `++`/`--` and compound assignments of `half` targets,
///   scalar, vector and matrix alike;
/// - the standard library's functions with `half` results (computed at float, then rounded),
///   except those whose result is one of their arguments or an integer (`abs`, `min`, `max`,
///   `clamp`, `floor`, `ceil`, `trunc`, `rint`, `sign`, `step`, `select`, `saturate`);
/// - values that enter as `half`: a colour effect's `half4 color`, `half` arguments, colour
///   array elements, and texture and layer samples.
/// Negation, swizzles, comparisons and copies are exact and stay as they are.

/// How `half` and its vectors and matrices compute.
public enum MetalPrecision: String, Sendable, CaseIterable {
    /// `half` at 32-bit float, as every desktop GPU and llvmpipe compute it (the default).
    case float
    /// `half` as binary16, rounded after every operation, as Apple's GPUs compute it.
    case apple
}

/// A line of a Metal source file.
public struct MetalSourceLine: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path, as given to the translator.
    public var file: String
    /// The 1-based line.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public static func < (a: MetalSourceLine, b: MetalSourceLine) -> Bool { (a.file, a.line) < (b.file, b.line) }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}

extension Semantic {
    /// The functions of the standard library whose `half` result is one of their arguments, a
    /// whole number or a choice between arguments: already a binary16 value, nothing to round.
    static let exactHalfBuiltins: Set<String> = [
        "abs", "fabs", "min", "max", "fmin", "fmax", "clamp", "floor", "ceil", "trunc", "rint", "sign", "step",
        "select", "saturate", "min3", "max3", "fmin3", "fmax3", "median3", "fmedian3", "copysign", "transpose",
    ]

    /// Whether `half` operations at `loc` round to binary16.
    func roundsHalf(at loc: MetalSourceLocation) -> Bool {
        precision == .apple && !floatLines.contains(MetalSourceLine(file: loc.file, line: loc.line))
    }

    /// `v` rounded to binary16 when it is a `half` value computed at float and Apple precision
    /// applies at `loc`; the line is recorded as one whose `half` values round.
    func roundedHalf(_ v: TE, _ loc: MetalSourceLocation) -> TE {
        guard precision == .apple, v.type.isHalf, !v.type.isArray, v.lit == nil, current != nil else { return v }
        noteRounding(loc)
        guard roundsHalf(at: loc) else { return v }
        requireHalfRounding(v.type)
        var r = TE(node: .call(.helper("mtl_h"), [v.node]), type: v.type, lvalue: false)
        r.roundedFrom = v.node
        return r
    }

    /// A `half` literal's value as binary16 gives it (under Apple precision at `loc`).
    func halfLiteralValue(_ d: Double, _ loc: MetalSourceLocation?) -> Double {
        guard precision == .apple else { return d }
        if let loc {
            noteRounding(loc)
            guard roundsHalf(at: loc) else { return d }
        }
        return Double(Float16(Float(d)))
    }

    /// Records that `half` values round at `loc`'s line (each line once, in the order met).
    func noteRounding(_ loc: MetalSourceLocation) {
        let key = MetalSourceLine(file: loc.file, line: loc.line)
        if roundingLineSet.insert(key).inserted { program.halfRoundingLines.append(key) }
    }

    /// `x op y` for a `half` result of an arithmetic operator, rounded once; a product of two
    /// `half`s added to or subtracted from a `half` is rounded once with the sum (the fused
    /// multiply-add Metal's fast math makes of it: the product is exact in float).
    func roundedHalfArithmetic(_ op: BinaryOperator, _ a: TE, _ b: TE, type t: MType, _ loc: MetalSourceLocation) -> TE {
        var l = a.node, r = b.node
        if op == .add || op == .subtract, roundsHalf(at: loc) {
            if let p = a.roundedFrom, case .binary(.multiply, _, _) = p { l = p } else if let p = b.roundedFrom, case .binary(.multiply, _, _) = p { r = p }
        }
        return roundedHalf(TE(node: .binary(op, l, r), type: t), loc)
    }

    /// Adds `mtl_h` for the GLSL type of `t` (and what it is built from).
    func requireHalfRounding(_ t: MType) {
        switch t {
        case .scalar:
            requireHelper("mtl_h:float", """
            float mtl_h(float x) {
                uint a = floatBitsToUint(x) & 0x7fffffffu, s = floatBitsToUint(x) & 0x80000000u;
                if (a >= 0x7f800000u) { return x; }
                if (a >= 0x477ff000u) { return uintBitsToFloat(s | 0x7f800000u); }
                if (a < 0x38800000u) { return uintBitsToFloat(s | floatBitsToUint(roundEven(uintBitsToFloat(a) * 16777216.0) * 5.9604644775390625e-8)); }
                return uintBitsToFloat(s | ((a + 0x0fffu + ((a >> 13) & 1u)) & 0xffffe000u));
            }
            """)
        case .vector(_, let n):
            let T = "vec\(n)", U = "uvec\(n)"
            requireHelper("mtl_h:\(T)", """
            \(T) mtl_h(\(T) x) {
                \(U) a = floatBitsToUint(x) & 0x7fffffffu, s = floatBitsToUint(x) & 0x80000000u;
                \(T) r = uintBitsToFloat(s | ((a + 0x0fffu + ((a >> 13) & 1u)) & 0xffffe000u));
                r = mix(r, uintBitsToFloat(s | floatBitsToUint(roundEven(uintBitsToFloat(a) * 16777216.0) * 5.9604644775390625e-8)), lessThan(a, \(U)(0x38800000u)));
                r = mix(r, uintBitsToFloat(s | 0x7f800000u), greaterThanEqual(a, \(U)(0x477ff000u)));
                return mix(r, x, greaterThanEqual(a, \(U)(0x7f800000u)));
            }
            """)
        case .matrix(_, let c, let rows):
            requireHalfRounding(.vector(.half, rows))
            let T = MType.matrix(.half, c, rows).glsl
            let columns = (0..<c).map { "mtl_h(m[\($0)])" }.joined(separator: ", ")
            requireHelper("mtl_h:\(T)", "\(T) mtl_h(\(T) m) { return \(T)(\(columns)); }")
        default:
            break
        }
    }

    /// `++x`, `--x`, `x++` or `x--` of a `half` lvalue under Apple precision: the new value is
    /// rounded (past 2048 adding one is not exact in binary16).
    func roundedHalfIncrement(_ increment: Bool, prefix: Bool, _ v: TE, _ loc: MetalSourceLocation) -> TE? {
        guard precision == .apple, v.type.isHalf, current != nil else { return nil }
        noteRounding(loc)
        guard roundsHalf(at: loc) else { return nil }
        requireHalfRounding(v.type)
        let T = v.type.glsl
        let name = (increment ? "mtl_hinc" : "mtl_hdec") + (prefix ? "" : "_post")
        let step = increment ? "+" : "-"
        let body = prefix ? "x = mtl_h(x \(step) 1.0); return x;" : "\(T) old = x; x = mtl_h(x \(step) 1.0); return old;"
        requireHelper("\(name):\(T)", "\(T) \(name)(inout \(T) x) { \(body) }")
        return TE(node: .call(.helper(name), [v.node]), type: v.type)
    }
}
