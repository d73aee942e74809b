import ShaderFXCore
import Foundation

/// Any JSON value, decoded without a schema so that a golden case can be checked field by field
/// with messages that name the JSON path.
package enum JSONValue: Codable, Equatable {
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

    /// Parses `data`; a syntax error is described with Foundation's explanation (which says
    /// where), prefixed by `file`.
    package static func parse(_ data: Data, file: String) throws(SuiteError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            var detail = "not valid JSON"
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            }
            throw SuiteError(file: file, path: "", message: "invalid JSON: \(detail)")
        }
    }
}

/// A problem with a golden suite or one of its cases: which file, where in its JSON, what is
/// wrong. `shaderfx test` reports it and exits with status 2.
package struct SuiteError: Error, CustomStringConvertible, Equatable {
    /// The file, as the user named it (suite folder plus file name).
    package let file: String
    /// The JSON path, e.g. `frames[1]` or `shader.args.tint`; empty for the file as a whole.
    package let path: String
    /// What is wrong and what was expected.
    package let message: String

    /// `file: path: message`.
    package var description: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }

    /// A value with every field given.
    package init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }
}

/// Reads fields of a case file's JSON, with errors naming the file and the JSON path.
package struct JSONFields {
    package let file: String
    package let path: String
    package let fields: [String: JSONValue]

    /// The object at `value`, or an error; `allowed` lists every field it may hold.
    package init(_ value: JSONValue, file: String, path: String, allowed: [String]) throws(SuiteError) {
        guard case let .object(fields) = value else {
            throw SuiteError(file: file, path: path, message: "expected an object, found \(value.typeName)")
        }
        self.file = file
        self.path = path
        self.fields = fields
        for key in fields.keys.sorted() where !allowed.contains(key) {
            let suggestion = TextUtilities.suggestion(for: key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
            throw SuiteError(file: file, path: self.path(key),
                             message: "unknown field (expected one of: \(allowed.joined(separator: ", ")))\(suggestion)")
        }
    }

    /// `path.key`.
    package func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    package func error(_ key: String, _ message: String) -> SuiteError {
        SuiteError(file: file, path: path(key), message: message)
    }

    package func has(_ key: String) -> Bool {
        if case .null = fields[key] ?? .null { return false }
        return true
    }

    package func string(_ key: String) throws(SuiteError) -> String? {
        guard let value = fields[key] else { return nil }
        switch value {
        case .null: return nil
        case let .string(text): return text
        default: throw error(key, "expected a string, found \(value.typeName)")
        }
    }

    package func number(_ key: String) throws(SuiteError) -> Double? {
        guard let value = fields[key] else { return nil }
        switch value {
        case .null: return nil
        case let .number(x) where x.isFinite: return x
        default: throw error(key, "expected a number, found \(value.typeName)")
        }
    }

    package func int(_ key: String, in range: ClosedRange<Int>) throws(SuiteError) -> Int? {
        guard let x = try number(key) else { return nil }
        guard x == x.rounded(), let n = Int(exactly: x), range.contains(n) else {
            throw error(key, "expected \(ValueForms.integer(in: range)), found \(ValueForms.format(x))")
        }
        return n
    }

    package func bool(_ key: String) throws(SuiteError) -> Bool? {
        guard let value = fields[key] else { return nil }
        switch value {
        case .null: return nil
        case let .bool(flag): return flag
        default: throw error(key, "expected true or false, found \(value.typeName)")
        }
    }

    /// An object of command-line style values: strings, or numbers and booleans written as
    /// they would be typed.
    package func textMap(_ key: String) throws(SuiteError) -> [(name: String, value: String)] {
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
                throw SuiteError(file: file, path: path("\(key).\(name)"),
                                 message: "expected a string or a number (as typed on the command line), found \(other.typeName)")
            }
        }
        return result
    }
}
