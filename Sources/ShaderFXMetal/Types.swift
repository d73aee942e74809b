import ShaderFXContract
/// Scalar element types, as Metal has them. GLSL holds the narrow integers (`char`, `uchar`,
/// `short`, `ushort`) in an `int` or a `uint`, wrapped to their width where a value of their type
/// is made (``TExpr/Kind/wrap(_:bits:signed:)``), and `half` in a `float` (highp). The order is
/// the integer conversion rank, then the floating types.
enum Scalar: Int, Comparable, Sendable {
    case bool = 0, char, uchar, short, ushort, int, uint, half, float

    static func < (a: Scalar, b: Scalar) -> Bool { a.rawValue < b.rawValue }

    var isFloat: Bool { self == .half || self == .float }
    var isInteger: Bool { self != .bool && !isFloat }
    /// Whether it is an unsigned integer type (`uint`, `ushort`, `uchar`).
    var isUnsigned: Bool { self == .uint || self == .ushort || self == .uchar }
    /// A narrow integer's width and signedness (`short`: 16 bits, signed); nil for the others.
    var narrowWidth: (bits: Int, signed: Bool)? {
        switch self {
        case .char: return (8, true)
        case .uchar: return (8, false)
        case .short: return (16, true)
        case .ushort: return (16, false)
        default: return nil
        }
    }
    /// The type C's integer promotion gives it in arithmetic: `int` for `bool` and the narrow
    /// integers (an `int` holds each of their values), itself otherwise.
    var promoted: Scalar { self < .int ? .int : self }

    /// GLSL scalar name.
    var glsl: String {
        switch self {
        case .bool: return "bool"
        case .char, .short, .int: return "int"
        case .uchar, .ushort, .uint: return "uint"
        case .half, .float: return "float"
        }
    }
    /// GLSL scalar type.
    var glslScalar: GScalar {
        switch self {
        case .bool: return .bool
        case .char, .short, .int: return .int
        case .uchar, .ushort, .uint: return .uint
        case .half, .float: return .float
        }
    }
    /// GLSL vector prefix (`vec`, `ivec`, ...).
    var glslVectorPrefix: String {
        switch self {
        case .bool: return "bvec"
        case .char, .short, .int: return "ivec"
        case .uchar, .ushort, .uint: return "uvec"
        case .half, .float: return "vec"
        }
    }
    /// Metal spelling.
    var metal: String {
        switch self {
        case .bool: return "bool"
        case .char: return "char"
        case .uchar: return "uchar"
        case .short: return "short"
        case .ushort: return "ushort"
        case .int: return "int"
        case .uint: return "uint"
        case .half: return "half"
        case .float: return "float"
        }
    }
    /// Its letters in an overload's mangled name (`f`, `i`, `us` ...).
    var mangle: String {
        switch self {
        case .uchar: return "uc"
        case .ushort: return "us"
        default: return String(metal.prefix(1))
        }
    }
}

/// A resolved Metal type.
indirect enum MType: Equatable, Sendable {
    case void
    case scalar(Scalar)
    case vector(Scalar, Int)
    /// `floatCxR`: C columns of R rows.
    case matrix(Scalar, Int, Int)
    case array(MType, Int)
    case structure(String)
    case texture
    case sampler
    case layer
    /// `device const float *` as a SwiftUI float array argument.
    case floatArray
    /// `device const half4 *` as a SwiftUI colour array argument.
    case colorArray

    static let float = MType.scalar(.float)
    static let half = MType.scalar(.half)
    static let int = MType.scalar(.int)
    static let uint = MType.scalar(.uint)
    static let bool = MType.scalar(.bool)

    var scalar: Scalar? {
        switch self {
        case .scalar(let s), .vector(let s, _), .matrix(let s, _, _): return s
        default: return nil
        }
    }
    var isScalar: Bool { if case .scalar = self { return true }; return false }
    /// Is the element type `half` (`half`, `halfN`, `halfNxM`, or an array of them)?
    var isHalf: Bool { if case .array(let e, _) = self { return e.isHalf }; return scalar == .half }
    var isVector: Bool { if case .vector = self { return true }; return false }
    var isMatrix: Bool { if case .matrix = self { return true }; return false }
    var isArithmetic: Bool { isScalar || isVector || isMatrix }
    var vectorSize: Int { if case .vector(_, let n) = self { return n }; return 1 }
    var isArray: Bool { if case .array = self { return true }; return false }

    /// The same shape with another element type.
    func with(scalar s: Scalar) -> MType {
        switch self {
        case .scalar: return .scalar(s)
        case .vector(_, let n): return .vector(s, n)
        case .matrix(_, let c, let r): return .matrix(s, c, r)
        default: return self
        }
    }

    /// The GLSL spelling (without array suffix for arrays: see ``glslArraySuffix``).
    var glsl: String { glslType.spelling }
    /// The GLSL type (an array's: its element's).
    var glslType: GType {
        switch self {
        case .void: return .void
        case .scalar(let s): return .scalar(s.glslScalar)
        case .vector(let s, let n): return .vector(s.glslScalar, n)
        case .matrix(_, let c, let r): return .matrix(columns: c, rows: r)
        case .array(let e, _): return e.glslType
        case .structure(let n): return .structure(n)   // the Metal name, until GLSLLowering names it
        case .texture: return .contract(.image)
        case .sampler: return .samplerState
        case .layer: return .contract(.layer)
        case .floatArray: return .contract(.floatArray)
        case .colorArray: return .contract(.colorArray)
        }
    }
    /// The flattened size of an array (arrays of arrays are one GLSL array); nil for others.
    var glslArraySize: Int? {
        if case .array = self { return flatCount }
        return nil
    }
    /// `[N]` for arrays (arrays of arrays are flattened).
    var glslArraySuffix: String {
        if case .array = self { return "[\(flatCount)]" }
        return ""
    }
    /// Element count of a (flattened) array.
    var flatCount: Int {
        if case .array(let e, let n) = self { return n * e.flatCount }
        return 1
    }
    /// The innermost non-array element type.
    var innermost: MType {
        if case .array(let e, _) = self { return e.innermost }
        return self
    }

    /// Metal spelling for messages.
    var metal: String {
        switch self {
        case .void: return "void"
        case .scalar(let s): return s.metal
        case .vector(let s, let n): return "\(s.metal)\(n)"
        case .matrix(let s, let c, let r): return "\(s.metal)\(c)x\(r)"
        case .array(_, _):
            // As C declares it: `float a[2][3]` is two arrays of three, `float[2][3]`.
            var dims = ""
            var t = self
            while case .array(let e, let n) = t { dims += "[\(n)]"; t = e }
            return t.metal + dims
        case .structure(let n): return n
        case .texture: return "texture2d<half>"
        case .sampler: return "sampler"
        case .layer: return "SwiftUI::Layer"
        case .floatArray: return "device const float *"
        case .colorArray: return "device const half4 *"
        }
    }

    /// Short mangling suffix for overloaded function names (`f`, `f2`, `i3`, `S`).
    var mangle: String {
        switch self {
        case .scalar(let s): return s.mangle
        case .vector(let s, let n): return "\(s.mangle)\(n)"
        case .matrix(let s, let c, let r): return "\(s.mangle)\(c)x\(r)"
        case .array(let e, let n): return "\(e.mangle)a\(n)"
        case .structure(let n): return n
        case .texture: return "tex"
        case .layer: return "layer"
        case .floatArray: return "fa"
        case .colorArray: return "ca"
        default: return "v"
        }
    }

    static let scalarNames: [String: Scalar] = [
        "bool": .bool, "char": .char, "short": .short, "int": .int, "int8_t": .char, "int16_t": .short, "int32_t": .int,
        "uchar": .uchar, "ushort": .ushort, "uint": .uint, "uint8_t": .uchar, "uint16_t": .ushort, "uint32_t": .uint,
        "unsigned": .uint, "signed": .int, "half": .half, "float": .float, "size_t": .uint,
    ]

    /// The built-in Metal type with this name (`float3`, `half2x2`, `packed_float3`, `uint`, and
    /// `<simd/simd.h>`'s spellings `vector_float2`, `simd_half3`, `matrix_float3x3`), if any.
    static func builtin(named raw: String) -> MType? {
        if let simd = simdSpelling(raw) { return simd }
        if raw == "void" { return .void }
        if raw == "sampler" { return .sampler }
        if raw == "Layer" { return .layer }
        var name = raw
        if name.hasPrefix("packed_") { name.removeFirst(7) }
        if let s = scalarNames[name] { return raw.hasPrefix("packed_") ? nil : .scalar(s) }
        // Matrices.
        for base in ["float", "half"] where name.hasPrefix(base) {
            let rest = name.dropFirst(base.count)
            if rest.count == 3, rest.dropFirst().first == "x", let c = Int(String(rest.prefix(1))), let r = Int(String(rest.suffix(1))),
               (2...4).contains(c), (2...4).contains(r), !raw.hasPrefix("packed_") {
                return .matrix(base == "half" ? .half : .float, c, r)
            }
        }
        // Vectors.
        guard let last = name.last, let n = Int(String(last)), (2...4).contains(n) else { return nil }
        let base = String(name.dropLast())
        guard let s = scalarNames[base], !["size_t", "unsigned", "signed", "int8_t", "int16_t", "int32_t", "uint8_t", "uint16_t", "uint32_t"].contains(base) else { return nil }
        return .vector(s, n)
    }

    /// A `<simd/simd.h>` type name: `vector_T`/`simd_T` for the vectors, `matrix_T`/`simd_T` for the
    /// matrices, each the same type as Metal's `T` (the header defines them as typedefs of it).
    private static func simdSpelling(_ raw: String) -> MType? {
        for prefix in ["vector_", "simd_", "matrix_"] where raw.hasPrefix(prefix) {
            let name = String(raw.dropFirst(prefix.count))
            guard !name.hasPrefix("packed_"), let type = builtin(named: name) else { return nil }
            switch type {
            case .vector: return prefix == "matrix_" ? nil : type
            case .matrix: return prefix == "vector_" ? nil : type
            default: return nil
            }
        }
        return nil
    }

    /// Names that the parser treats as types.
    static func isBuiltinTypeName(_ name: String) -> Bool {
        builtin(named: name) != nil || name == "texture2d" || name == "vec" || name == "matrix"
    }
}
