/// The operators of MSL's C++ subset, which GLSL ES writes the same way. The AST (``Expr``) and
/// the GLSL IR (``GExpr``) both carry them as these enums; the raw value is the spelling, which
/// only the parser (reading it) and the emitter and diagnostics (writing it) use.

/// `a op b`.
enum BinaryOperator: String, CustomStringConvertible {
    case logicalOr = "||", logicalAnd = "&&"
    case bitOr = "|", bitXor = "^", bitAnd = "&"
    case equal = "==", notEqual = "!="
    case less = "<", greater = ">", lessEqual = "<=", greaterEqual = ">="
    case shiftLeft = "<<", shiftRight = ">>"
    case add = "+", subtract = "-"
    case multiply = "*", divide = "/", remainder = "%"

    var description: String { rawValue }

    /// C's (and GLSL's) binding strength, from `||` (1) to `*` (10).
    var precedence: Int {
        switch self {
        case .logicalOr: return 1
        case .logicalAnd: return 2
        case .bitOr: return 3
        case .bitXor: return 4
        case .bitAnd: return 5
        case .equal, .notEqual: return 6
        case .less, .greater, .lessEqual, .greaterEqual: return 7
        case .shiftLeft, .shiftRight: return 8
        case .add, .subtract: return 9
        case .multiply, .divide, .remainder: return 10
        }
    }

    var isComparison: Bool { [.less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual].contains(self) }
}

/// `op a`.
enum UnaryOperator: String, CustomStringConvertible {
    case negate = "-", plus = "+", not = "!", bitNot = "~"
    case dereference = "*", address = "&"
    case increment = "++", decrement = "--"

    var description: String { rawValue }
}

/// `a op`.
enum PostfixOperator: String, CustomStringConvertible {
    case increment = "++", decrement = "--"

    var description: String { rawValue }
}

/// `a op b` storing into `a`.
enum AssignOperator: String, CustomStringConvertible {
    case assign = "="
    case add = "+=", subtract = "-=", multiply = "*=", divide = "/=", remainder = "%="
    case bitAnd = "&=", bitOr = "|=", bitXor = "^=", shiftLeft = "<<=", shiftRight = ">>="

    var description: String { rawValue }

    /// The operator a compound assignment applies (`+=`: `+`); nil for `=`.
    var binary: BinaryOperator? {
        self == .assign ? nil : BinaryOperator(rawValue: String(rawValue.dropLast()))
    }
}
