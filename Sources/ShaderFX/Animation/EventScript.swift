import Foundation

/// Recorded touch input that drives an effect headless, as the seeds' gestures would: taps (for
/// `SpatialTapGesture` triggers) and drags (for `DragGesture(minimumDistance: 0)`).
///
/// The JSON form, with times in seconds from the start of the render and points in the view's
/// coordinates (origin top-left, y down); both lists are optional:
/// ```json
/// { "taps": [ { "time": 0.0, "x": 120, "y": 80 } ],
///   "drags": [ { "points": [ { "time": 1.0, "x": 10, "y": 20 }, { "time": 1.1, "x": 14, "y": 26 } ] } ] }
/// ```
/// `load(path:)` and `decode(data:name:)` validate what they read: every number finite, every
/// time at least 0, each drag with at least one point and strictly increasing times, and no
/// unknown fields. Errors name the file and the JSON path.
public struct EventScript: Codable, Sendable, Equatable {
    /// A touch location at a time: a tap, or one position report of a drag.
    public struct Touch: Codable, Sendable, Equatable {
        /// Seconds since the start.
        public var time: Double
        /// Horizontal position in points, from the left edge.
        public var x: Double
        /// Vertical position in points, from the top edge.
        public var y: Double

        /// A touch at (`x`, `y`) at `time`.
        /// - Parameters:
        ///   - time: seconds since the start.
        ///   - x: horizontal position in points.
        ///   - y: vertical position in points.
        public init(time: Double, x: Double, y: Double) {
            self.time = time
            self.x = x
            self.y = y
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case time, x, y }

        /// Decodes `{ "time": t, "x": x, "y": y }`, rejecting other fields.
        /// - Parameter decoder: the decoder.
        public init(from decoder: any Decoder) throws {
            try rejectUnknownFields(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            time = try container.decode(Double.self, forKey: .time)
            x = try container.decode(Double.self, forKey: .x)
            y = try container.decode(Double.self, forKey: .y)
        }
    }

    /// One continuous touch: position reports from touch-down to lift-off.
    public struct Drag: Codable, Sendable, Equatable {
        /// The positions in time order; the last is where the finger lifts.
        public var points: [Touch]

        /// A drag through `points`.
        /// - Parameter points: the positions, times strictly increasing.
        public init(points: [Touch]) {
            self.points = points
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case points }

        /// Decodes `{ "points": [...] }`, rejecting other fields.
        /// - Parameter decoder: the decoder.
        public init(from decoder: any Decoder) throws {
            try rejectUnknownFields(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
            points = try decoder.container(keyedBy: CodingKeys.self).decode([Touch].self, forKey: .points)
        }
    }

    /// Taps, each a touch-down and lift-off at one place and time.
    public var taps: [Touch]
    /// Drags.
    public var drags: [Drag]

    /// A script from its taps and drags.
    /// - Parameters:
    ///   - taps: the taps.
    ///   - drags: the drags.
    public init(taps: [Touch] = [], drags: [Drag] = []) {
        self.taps = taps
        self.drags = drags
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case taps, drags }

    /// Decodes `{ "taps": [...], "drags": [...] }` (both optional), rejecting other fields.
    /// Structure only: `decode(data:name:)` also validates the values.
    /// - Parameter decoder: the decoder.
    public init(from decoder: any Decoder) throws {
        try rejectUnknownFields(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        taps = try container.decodeIfPresent([Touch].self, forKey: .taps) ?? []
        drags = try container.decodeIfPresent([Drag].self, forKey: .drags) ?? []
    }

    /// Reads and validates the script at `path`.
    /// - Parameter path: the JSON file.
    /// - Throws: `EventScriptError` naming the file, the JSON path and the problem.
    public static func load(path: String) throws(EventScriptError) -> EventScript {
        let data: Data
        do {
            data = Data(try InputFile.read(path, maxBytes: 16 << 20))
        } catch {
            throw EventScriptError(file: path, path: "", problem: .unreadable(reason: error.reason))
        }
        return try decode(data: data, name: path)
    }

    /// Decodes and validates a script from JSON bytes.
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - name: what errors call the source (usually its file name).
    /// - Throws: `EventScriptError` naming `name`, the JSON path and the problem.
    public static func decode(data: Data, name: String) throws(EventScriptError) -> EventScript {
        let script: EventScript
        do {
            script = try JSONDecoder().decode(EventScript.self, from: data)
        } catch let issue as FieldIssue {
            throw EventScriptError(file: name, path: jsonPath(issue.codingPath), problem: issue.problem)
        } catch let error as DecodingError {
            throw scriptError(for: error, in: data, name: name)
        } catch {
            throw EventScriptError(file: name, path: "", problem: .invalidJSON(detail: "\(error)", line: nil, column: nil))
        }
        try script.validate(name: name)
        return script
    }

    /// Checks the values: finite numbers, times at least 0, drags non-empty with increasing times.
    /// - Parameter name: what errors call the source.
    /// - Throws: `EventScriptError` for the first problem, in document order.
    public func validate(name: String = "event script") throws(EventScriptError) {
        func check(_ touch: Touch, at path: String) throws(EventScriptError) {
            for (field, value) in [("time", touch.time), ("x", touch.x), ("y", touch.y)] where !value.isFinite {
                throw EventScriptError(file: name, path: "\(path).\(field)", problem: .nonFinite)
            }
            if touch.time < 0 {
                throw EventScriptError(file: name, path: "\(path).time", problem: .negativeTime(touch.time))
            }
        }
        for (index, tap) in taps.enumerated() {
            try check(tap, at: "taps[\(index)]")
        }
        for (index, drag) in drags.enumerated() {
            if drag.points.isEmpty {
                throw EventScriptError(file: name, path: "drags[\(index)].points", problem: .emptyDrag)
            }
            for (pointIndex, point) in drag.points.enumerated() {
                let path = "drags[\(index)].points[\(pointIndex)]"
                try check(point, at: path)
                if pointIndex > 0, point.time <= drag.points[pointIndex - 1].time {
                    throw EventScriptError(
                        file: name, path: "\(path).time",
                        problem: .timeNotIncreasing(time: point.time, previous: drag.points[pointIndex - 1].time))
                }
            }
        }
    }

    /// `drags[0].points[3].time` from a coding path.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    private static func scriptError(for error: DecodingError, in data: Data, name: String) -> EventScriptError {
        switch error {
        case .keyNotFound(let key, let context):
            return EventScriptError(file: name, path: jsonPath(context.codingPath + [key]), problem: .missingField)
        case .typeMismatch(let type, let context):
            return EventScriptError(
                file: name, path: jsonPath(context.codingPath),
                problem: .wrongType(expected: jsonTypeName(type), found: foundType(in: context.debugDescription)))
        case .valueNotFound(let type, let context):
            return EventScriptError(
                file: name, path: jsonPath(context.codingPath),
                problem: .wrongType(expected: jsonTypeName(type), found: "null"))
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return EventScriptError(
                file: name, path: jsonPath(context.codingPath),
                problem: .invalidJSON(detail: context.debugDescription, line: nil, column: nil))
        default:
            return syntaxError(in: data, name: name)
        }
    }

    /// JSONDecoder says only "not valid JSON"; JSONSerialization says what and where, so ask it.
    private static func syntaxError(in data: Data, name: String) -> EventScriptError {
        var detail = "The given data was not valid JSON."
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        }
        let location = sourceLocation(in: detail, data: data)
        return EventScriptError(
            file: name, path: "",
            problem: .invalidJSON(detail: detail, line: location?.line, column: location?.column))
    }

    /// The 1-based line and column a Foundation message points at: "line L, column C",
    /// "character N" (a 0-based byte offset), or the literal of an unrepresentable number.
    static func sourceLocation(in message: String, data: Data) -> (line: Int, column: Int)? {
        if let line = number(after: "line ", in: message), let column = number(after: "column ", in: message) {
            return (line, column)
        }
        var offset = number(after: "character ", in: message)
        if offset == nil, let range = message.range(of: "Number "),
           let end = message.range(of: " is not representable", range: range.upperBound..<message.endIndex) {
            offset = firstByteOffset(of: Array(message[range.upperBound..<end.lowerBound].utf8), in: data)
        }
        guard let offset, offset <= data.count else { return nil }
        let prefix = String(decoding: data.prefix(offset), as: UTF8.self)
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, (lines.last?.count ?? 0) + 1)
    }

    private static func number(after label: String, in message: String) -> Int? {
        guard let range = message.range(of: label) else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    private static func firstByteOffset(of needle: [UInt8], in data: Data) -> Int? {
        let bytes = [UInt8](data)
        guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is [Any].Type: return "an array"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "an array" : "an object"
        }
    }

    /// "Expected to decode Double but found a string instead." -> "a string".
    private static func foundType(in description: String) -> String? {
        guard let start = description.range(of: "but found "),
              let end = description.range(of: " instead", range: start.upperBound..<description.endIndex)
        else { return nil }
        return String(description[start.upperBound..<end.lowerBound])
    }
}

/// A problem found while decoding, with its coding path; `decode(data:name:)` turns it into an `EventScriptError`.
struct FieldIssue: Error {
    let codingPath: [any CodingKey]
    let problem: EventScriptError.Problem
}

private struct FieldKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Throws `FieldIssue(.unknownField)` for the first (alphabetically) key not in `allowed`.
private func rejectUnknownFields(in decoder: any Decoder, allowed: [String]) throws {
    let keys = try decoder.container(keyedBy: FieldKey.self).allKeys.map(\.stringValue)
    if let unknown = keys.filter({ !allowed.contains($0) }).sorted().first {
        throw FieldIssue(codingPath: decoder.codingPath + [FieldKey(stringValue: unknown)], problem: .unknownField(allowed: allowed))
    }
}
