import Foundation
import ShaderFXCore

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
public struct EventScript: Encodable, Sendable, Equatable {
    /// A touch location at a time: a tap, or one position report of a drag.
    public struct Touch: Encodable, Sendable, Equatable {
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

    }

    /// One continuous touch: position reports from touch-down to lift-off.
    public struct Drag: Encodable, Sendable, Equatable {
        /// The positions in time order; the last is where the finger lifts.
        public var points: [Touch]

        /// A drag through `points`.
        /// - Parameter points: the positions, times strictly increasing.
        public init(points: [Touch]) {
            self.points = points
        }

    }

    /// Taps, each a touch-down and lift-off at one place and time.
    public var taps: [Touch]
    /// Drags.
    public var drags: [Drag]
    /// Keyframes by parameter name (a custom shader's arguments, or a built-in effect's float,
    /// point and colour parameters): each moves from value to value over time (`"keyframes": {"amplitude": [{"time": 0, "value": 12},
    /// {"time": 2, "value": 0, "curve": "easeOut"}]}`).
    public var keyframes: [String: [ArgumentKeyframe]]

    /// A script from its taps, drags and keyframes.
    /// - Parameters:
    ///   - taps: the taps.
    ///   - drags: the drags.
    ///   - keyframes: keyframes by parameter name.
    public init(taps: [Touch] = [], drags: [Drag] = [], keyframes: [String: [ArgumentKeyframe]] = [:]) {
        self.taps = taps
        self.drags = drags
        self.keyframes = keyframes
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
            script = try read(JSONValue.parse(data, file: name), name: name)
        } catch {
            throw EventScriptError(error)
        }
        try script.validate(name: name)
        return script
    }

    /// The script in a parsed document: `{"taps": [TOUCH...], "drags": [{"points": [TOUCH...]}]}`.
    private static func read(_ document: JSONValue, name: String) throws(JSONError) -> EventScript {
        func touch(_ value: JSONValue, at path: String) throws(JSONError) -> Touch {
            let fields = try JSONFields(value, file: name, path: path, allowed: ["time", "x", "y"])
            return Touch(time: try fields.requiredNumber("time"), x: try fields.requiredNumber("x"), y: try fields.requiredNumber("y"))
        }
        let root = try JSONFields(document, file: name, path: "", allowed: ["taps", "drags", "keyframes"])
        var script = EventScript()
        for (index, value) in (try root.array("taps") ?? []).enumerated() {
            script.taps.append(try touch(value, at: "taps[\(index)]"))
        }
        for (index, value) in (try root.array("drags") ?? []).enumerated() {
            let drag = try JSONFields(value, file: name, path: "drags[\(index)]", allowed: ["points"])
            var points: [Touch] = []
            for (pointIndex, point) in try drag.array("points", required: true)!.enumerated() {
                points.append(try touch(point, at: "drags[\(index)].points[\(pointIndex)]"))
            }
            script.drags.append(Drag(points: points))
        }
        if let value = root.fields["keyframes"], value != .null {
            guard case let .object(tracks) = value else {
                throw JSONError(file: name, path: "keyframes", problem: .wrongType(expected: "an object of parameter names", found: value.typeName))
            }
            for (parameter, list) in tracks {
                let path = "keyframes.\(parameter)"
                guard case let .array(items) = list else {
                    throw JSONError(file: name, path: path, problem: .wrongType(expected: "an array of keyframes", found: list.typeName))
                }
                script.keyframes[parameter] = try items.enumerated().map { (index, item) throws(JSONError) in
                    try keyframe(item, at: "\(path)[\(index)]")
                }
            }
        }
        return script

        func keyframe(_ value: JSONValue, at path: String) throws(JSONError) -> ArgumentKeyframe {
            let fields = try JSONFields(value, file: name, path: path, allowed: ["time", "value", "curve"])
            let time = try fields.requiredNumber("time")
            let written: ArgumentKeyframe.Value
            switch fields.fields["value"] {
            case let .number(x)?: written = .numbers([x])
            case let .string(text)?: written = .text(text)
            case let .array(items)?:
                var numbers: [Double] = []
                for item in items {
                    guard case let .number(x) = item else {
                        throw fields.error("value", "expected numbers in the array, found \(item.typeName)")
                    }
                    numbers.append(x)
                }
                written = .numbers(numbers)
            case nil, .null?: throw JSONError(file: name, path: fields.path("value"), problem: .missingField)
            case let other?: throw JSONError(file: name, path: fields.path("value"), problem: .wrongType(expected: "a number, an array of numbers or a colour", found: other.typeName))
            }
            var curve = TransitionCurve.linear
            if let text = try fields.string("curve") {
                guard let parsed = TransitionCurve(rawValue: text) else {
                    throw fields.error("curve", "expected \(TransitionCurve.allCases.map(\.rawValue).joined(separator: ", ")), found '\(text)'")
                }
                curve = parsed
            }
            return ArgumentKeyframe(time: time, value: written, curve: curve)
        }
    }

    /// The farthest a touch may be from the origin, in points: far beyond any picture, and
    /// exact in the 32-bit floats the shaders use.
    public static let positionLimit: Double = 1_000_000

    /// Checks the values: finite numbers, times at least 0, drags non-empty with increasing times.
    /// - Parameter name: what errors call the source.
    /// - Throws: `EventScriptError` for the first problem, in document order.
    public func validate(name: String = "event script") throws(EventScriptError) {
        func check(_ touch: Touch, at path: String) throws(EventScriptError) {
            for (field, value) in [("time", touch.time), ("x", touch.x), ("y", touch.y)] where !value.isFinite {
                throw EventScriptError(file: name, path: "\(path).\(field)", problem: .nonFinite)
            }
            for (field, value) in [("x", touch.x), ("y", touch.y)] where abs(value) > Self.positionLimit {
                throw EventScriptError(file: name, path: "\(path).\(field)", problem: .outOfRange(limit: Self.positionLimit))
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
}
