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
        "select", "saturate", "min3", "max3", "fmin3", "fmax3", "median3", "fmedian3", "copysign", "transpose", "logb", "frexp",
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
        guard Helper.halfRounding(of: v.type) != nil else { return v }
        var r = TE(node: .roundToHalf(v.node, type: v.type), type: v.type, lvalue: false)
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
            if let p = a.roundedFrom, case .binary(.multiply, _, _) = p.kind { l = p } else if let p = b.roundedFrom, case .binary(.multiply, _, _) = p.kind { r = p }
        }
        return roundedHalf(TE(node: .binary(op, l, r), type: t), loc)
    }

    /// `++x`, `--x`, `x++` or `x--` of a `half` lvalue under Apple precision: the new value is
    /// rounded (past 2048 adding one is not exact in binary16).
    func roundedHalfIncrement(_ increment: Bool, prefix: Bool, _ v: TE, _ loc: MetalSourceLocation) -> TE? {
        guard precision == .apple, v.type.isHalf, current != nil else { return nil }
        noteRounding(loc)
        guard roundsHalf(at: loc) else { return nil }
        return TE(node: .step(TStep(increment: increment, prefix: prefix, rounding: .half), v.node, type: v.type), type: v.type)
    }
}
