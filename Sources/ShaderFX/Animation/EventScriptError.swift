/// Why an event script was rejected: the file, where in the JSON, and what is wrong there.
import ShaderFXCore
///
/// `description` reads like a compiler diagnostic, e.g.
/// `taps.json: drags[0].points[3].time: 1.5 does not come after the previous point's 2 (times must increase within a drag)`.
public struct EventScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The file could not be read; the reason the system gave.
        case unreadable(reason: String)
        /// The text is not JSON; Foundation's explanation, and where (1-based) when it says.
        case invalidJSON(detail: String, line: Int?, column: Int?)
        /// A required field is absent (`path` names it).
        case missingField
        /// A field that scripts do not have (often a misspelling).
        case unknownField(allowed: [String])
        /// A value of the wrong JSON type, e.g. a string where a number belongs.
        case wrongType(expected: String, found: String?)
        /// A number that is infinite or NaN.
        case nonFinite
        /// A position farther from the origin than any picture reaches (`limit` points).
        case outOfRange(limit: Double)
        /// A time before 0.
        case negativeTime(Double)
        /// A drag point whose time is not later than the point before it.
        case timeNotIncreasing(time: Double, previous: Double)
        /// A drag without points.
        case emptyDrag
    }

    /// The file's path, or the name given to `EventScript.decode(data:name:)`.
    public let file: String
    /// Where in the JSON, e.g. `drags[0].points[3].time`; empty for the document as a whole.
    public let path: String
    /// What is wrong there.
    public let problem: Problem

    /// An error at `path` in `file`.
    /// - Parameters:
    ///   - file: the file's path or name.
    ///   - path: the JSON path, empty for the whole document.
    ///   - problem: what is wrong.
    public init(file: String, path: String, problem: Problem) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    /// What is wrong, without the file: `drags[0].points[1].time: 0.5 does not come after ...`.
    public var problemText: String {
        let full = description
        return full.hasPrefix(file + ": ") ? String(full.dropFirst(file.count + 2)) : full
    }

    /// One line: `file: path: what is wrong` (or `file:line:column: ...` for JSON syntax).
    public var description: String {
        let place = path.isEmpty ? file : "\(file): \(path)"
        switch problem {
        case .unreadable(let reason):
            return "\(file): cannot read the event script: \(reason)"
        case .invalidJSON(let detail, let line?, let column?):
            return "\(file):\(line):\(column): invalid JSON: \(detail)"
        case .invalidJSON(let detail, _, _):
            return "\(place): invalid JSON: \(detail)"
        case .missingField:
            return "\(place): missing field"
        case .unknownField(let allowed):
            return "\(place): unknown field (expected one of: \(allowed.joined(separator: ", ")))"
        case .wrongType(let expected, let found?):
            return "\(path.isEmpty ? "\(file): top level" : place): expected \(expected), found \(found)"
        case .wrongType(let expected, nil):
            return "\(path.isEmpty ? "\(file): top level" : place): expected \(expected)"
        case .nonFinite:
            return "\(place): not a finite number"
        case .outOfRange(let limit):
            return "\(place): out of range (positions are points within ±\(Int(limit)))"
        case .negativeTime(let time):
            return "\(place): negative time \(time) (times start at 0)"
        case .timeNotIncreasing(let time, let previous):
            return "\(place): \(time) does not come after the previous point's \(previous) (times must increase within a drag)"
        case .emptyDrag:
            return "\(place): a drag needs at least one point"
        }
    }
}

extension EventScriptError {
    /// The event script's form of a JSON reading error.
    init(_ error: JSONError) {
        let problem: Problem
        switch error.problem {
        case let .invalidJSON(detail, line, column): problem = .invalidJSON(detail: detail, line: line, column: column)
        case .missingField: problem = .missingField
        case let .unknownField(allowed, _): problem = .unknownField(allowed: allowed)
        case let .wrongType(expected, found): problem = .wrongType(expected: expected, found: found)
        case let .other(text): problem = .invalidJSON(detail: text, line: nil, column: nil)
        }
        self.init(file: error.file, path: error.path, problem: problem)
    }
}
