/// Why a shader could not be stitched, compiled or given its arguments.
public enum ShaderError: Error, Equatable, CustomStringConvertible {
    /// The shader file could not be read.
    case unreadable(file: String, reason: String)
    /// No function of this name is defined in the file.
    case functionNotFound(file: String, function: String, defined: [String])
    /// The function's signature does not fit the effect kind or uses an unsupported type.
    case badSignature(file: String, line: Int, function: String, reason: String)
    /// The driver rejected the shader; `log` is its message with the user's file and lines.
    case compileFailed(file: String, log: String)
    /// The driver could not link the program.
    case linkFailed(file: String, log: String)
    /// The arguments given do not match the function's parameters.
    case argumentMismatch(function: String, reason: String)
    /// A Metal source could not be translated to GLSL (`file:line:column: error: message`; the
    /// message's further lines are the error's notes and the translation's other errors).
    case translationFailed(file: String, line: Int, column: Int, message: String)
    /// No function was named and the library does not have exactly one effect function;
    /// `candidates` are its effect functions as `name (kind)`.
    case functionNotChosen(file: String, candidates: [String])

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot read the shader: \(reason)"
        case let .functionNotFound(file, function, defined):
            let list = defined.isEmpty ? "no functions were found" : "functions defined: \(defined.joined(separator: ", "))"
            return "\(file): no function named '\(function)' (\(list))"
        case let .badSignature(file, line, function, reason):
            return "\(file):\(line): \(function): \(reason)"
        case let .compileFailed(file, log):
            return "\(file): the shader does not compile:\n\(log)"
        case let .linkFailed(file, log):
            return "\(file): the shader does not link:\n\(log)"
        case let .argumentMismatch(function, reason):
            return "\(function): \(reason)"
        case let .translationFailed(file, line, column, message):
            return "\(file):\(line):\(column): error: \(message)"
        case let .functionNotChosen(file, candidates):
            return candidates.isEmpty
                ? "\(file): no effect function (a [[ stitchable ]] Metal function, or a GLSL function whose signature fits a kind)"
                : "\(file): several effect functions, name the one to use: \(candidates.joined(separator: ", "))"
        }
    }
}

extension ShaderError {
    /// The effect layer's form of a GPU program error.
    init(_ error: ProgramError) {
        switch error {
        case let .compileFailed(file, log): self = .compileFailed(file: file, log: log)
        case let .linkFailed(file, log): self = .linkFailed(file: file, log: log)
        }
    }
}
