import Foundation

/// Any JSON value, decoded without a schema so that a golden case can be checked field by field
/// with messages that name the JSON path.
package enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Double.self) {
            self = .number(value)
        } else if let value = try? c.decode(String.self) {
            self = .string(value)
        } else if let value = try? c.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case let .bool(value): try c.encode(value)
        case let .number(value): try c.encode(value)
        case let .string(value): try c.encode(value)
        case let .array(value): try c.encode(value)
        case let .object(value): try c.encode(value)
        }
    }

    /// "a string", "a number", ... for messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses `data`. A syntax error names the line and column where Foundation's parser
    /// says it is, as `file:line:column: invalid JSON: ...`.
    package static func parse(_ data: Data, file: String) throws(JSONError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            // JSONDecoder says only "not valid JSON"; JSONSerialization says what and where.
            var detail = "The given data was not valid JSON."
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            }
            let location = sourceLocation(in: detail, data: data)
            throw JSONError(file: file, path: "", problem: .invalidJSON(detail: detail, line: location?.line, column: location?.column))
        }
    }

    /// The 1-based line and column a Foundation message points at: "line L, column C",
    /// "character N" (a 0-based byte offset), or the literal of an unrepresentable number.
    static func sourceLocation(in message: String, data: Data) -> (line: Int, column: Int)? {
        func number(after label: String) -> Int? {
            guard let range = message.range(of: label) else { return nil }
            return Int(message[range.upperBound...].prefix { $0.isNumber })
        }
        if let line = number(after: "line "), let column = number(after: "column ") {
            return (line, column)
        }
        var offset = number(after: "character ")
        if offset == nil, let range = message.range(of: "Number "),
           let end = message.range(of: " is not representable", range: range.upperBound..<message.endIndex) {
            let needle = Array(message[range.upperBound..<end.lowerBound].utf8)
            let bytes = [UInt8](data)
            if !needle.isEmpty, needle.count <= bytes.count {
                offset = (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
            }
        }
        guard let offset, offset <= data.count else { return nil }
        let prefix = String(decoding: data.prefix(offset), as: UTF8.self)
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, (lines.last?.count ?? 0) + 1)
    }
}

/// A problem in a JSON document (a golden case, an event script): which file, where in its
/// JSON (`drags[0].points[3].time`), and what is wrong there.
package struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    package enum Problem: Sendable, Equatable {
        /// The text is not JSON; the parser's explanation, and where (1-based) when it says.
        case invalidJSON(detail: String, line: Int?, column: Int?)
        /// A required field is absent.
        case missingField
        /// A field the document does not have (often a misspelling), with the nearest allowed name.
        case unknownField(allowed: [String], suggestion: String?)
        /// A value of the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// Anything else, said in words.
        case other(String)
    }

    /// The file's path or name.
    package let file: String
    /// Where in the JSON; empty for the document as a whole.
    package let path: String
    /// What is wrong there.
    package let problem: Problem

    /// An error at `path` in `file`.
    package init(file: String, path: String, problem: Problem) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    /// An error at `path` in `file`, said in words.
    package init(file: String, path: String, message: String) {
        self.init(file: file, path: path, problem: .other(message))
    }

    /// What is wrong, without the place.
    package var message: String {
        switch problem {
        case let .invalidJSON(detail, _, _): return "invalid JSON: \(detail)"
        case .missingField: return "missing field"
        case let .unknownField(allowed, suggestion):
            return "unknown field (expected one of: \(allowed.joined(separator: ", ")))" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .wrongType(expected, found): return "expected \(expected), found \(found)"
        case let .other(text): return text
        }
    }

    /// `file: path: message`, or `file:line:column: invalid JSON: ...` for syntax errors.
    package var description: String {
        if case let .invalidJSON(_, line?, column?) = problem { return "\(file):\(line):\(column): \(message)" }
        return path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}

/// Reads the fields of one JSON object, with errors naming the file and the JSON path: the one
/// way ShaderFX reads JSON documents.
package struct JSONFields {
    package let file: String
    package let path: String
    package let fields: [String: JSONValue]

    /// The object at `value`, or an error; `allowed` lists every field it may hold.
    package init(_ value: JSONValue, file: String, path: String, allowed: [String]) throws(JSONError) {
        guard case let .object(fields) = value else {
            throw JSONError(file: file, path: path, problem: .wrongType(expected: "an object", found: value.typeName))
        }
        self.file = file
        self.path = path
        self.fields = fields
        for key in fields.keys.sorted() where !allowed.contains(key) {
            throw JSONError(file: file, path: self.path(key),
                            problem: .unknownField(allowed: allowed, suggestion: TextUtilities.suggestion(for: key, among: allowed)))
        }
    }

    /// `path.key`.
    package func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    package func error(_ key: String, _ message: String) -> JSONError {
        JSONError(file: file, path: path(key), message: message)
    }

    package func has(_ key: String) -> Bool {
        if case .null = fields[key] ?? .null { return false }
        return true
    }

    package func string(_ key: String) throws(JSONError) -> String? {
        guard let value = fields[key] else { return nil }
        switch value {
        case .null: return nil
        case let .string(text): return text
        default: throw JSONError(file: file, path: path(key), problem: .wrongType(expected: "a string", found: value.typeName))
        }
    }

    package func number(_ key: String) throws(JSONError) -> Double? {
        guard let value = fields[key] else { return nil }
        switch value {
        case .null: return nil
        case let .number(x) where x.isFinite: return x
        default: throw JSONError(file: file, path: path(key), problem: .wrongType(expected: "a number", found: value.typeName))
        }
    }

    package func int(_ key: String, in range: ClosedRange<Int>) throws(JSONError) -> Int? {
        guard let x = try number(key) else { return nil }
        guard x == x.rounded(), let n = Int(exactly: x), range.contains(n) else {
            throw error(key, "expected \(ValueForms.integer(in: range)), found \(ValueForms.format(x))")
        }
        return n
    }

    package func bool(_ key: String) throws(JSONError) -> Bool? {
        guard let value = fields[key] else { return nil }
        switch value {
        case .null: return nil
        case let .bool(flag): return flag
        default: throw error(key, "expected true or false, found \(value.typeName)")
        }
    }

    /// An object of command-line style values: strings, or numbers and booleans written as
    /// they would be typed.
    package func textMap(_ key: String) throws(JSONError) -> [(name: String, value: String)] {
        guard let value = fields[key] else { return [] }
        if case .null = value { return [] }
        guard case let .object(entries) = value else {
            throw error(key, "expected an object of names and values, found \(value.typeName)")
        }
        var result: [(name: String, value: String)] = []
        for name in entries.keys.sorted() {
            switch entries[name]! {
            case let .string(text): result.append((name, text))
            case let .number(x) where x.isFinite: result.append((name, ValueForms.format(x)))
            case let .bool(flag): result.append((name, flag ? "true" : "false"))
            case let other:
                throw JSONError(file: file, path: path("\(key).\(name)"),
                                 message: "expected a string or a number (as typed on the command line), found \(other.typeName)")
            }
        }
        return result
    }

    /// A number that must be there.
    package func requiredNumber(_ key: String) throws(JSONError) -> Double {
        guard fields[key] != nil else { throw JSONError(file: file, path: path(key), problem: .missingField) }
        guard let value = fields[key], case let .number(x) = value else {
            throw JSONError(file: file, path: path(key), problem: .wrongType(expected: "a number", found: fields[key]!.typeName))
        }
        return x
    }

    /// An array, or nil when absent; `required` makes absence an error.
    package func array(_ key: String, required: Bool = false) throws(JSONError) -> [JSONValue]? {
        guard let value = fields[key] else {
            if required { throw JSONError(file: file, path: path(key), problem: .missingField) }
            return nil
        }
        guard case let .array(items) = value else {
            throw JSONError(file: file, path: path(key), problem: .wrongType(expected: "an array", found: value.typeName))
        }
        return items
    }
}
