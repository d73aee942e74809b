import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore

@Suite struct EventScriptTests {
    /// Decodes `json` as "script.json", returning the error it throws (nil if none).
    private func error(decoding json: String) -> EventScriptError? {
        do {
            _ = try EventScript.decode(data: Data(json.utf8), name: "script.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesTapsAndDrags() throws {
        let json = """
        { "taps": [ { "time": 0.0, "x": 120, "y": 80 } ],
          "drags": [ { "points": [ { "time": 1.0, "x": 10, "y": 20 }, { "time": 1.25, "x": 12.5, "y": 22 } ] } ] }
        """
        let script = try EventScript.decode(data: Data(json.utf8), name: "script.json")
        #expect(script.taps == [EventScript.Touch(time: 0, x: 120, y: 80)])
        #expect(script.drags.count == 1)
        #expect(script.drags[0].points.map(\.time) == [1.0, 1.25])
        #expect(script.drags[0].points[1].x == 12.5)
        // Both lists are optional.
        #expect(try EventScript.decode(data: Data("{}".utf8), name: "empty.json") == EventScript())
        // Encoding and decoding again gives the same script.
        let again = try EventScript.decode(data: JSONEncoder().encode(script), name: "again")
        #expect(again == script)
    }

    @Test func loadsFromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("eventscript-\(UUID().uuidString).json")
        try Data(#"{ "taps": [ { "time": 2, "x": 1, "y": 2 } ] }"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try EventScript.load(path: url.path).taps.map(\.time) == [2])
    }

    @Test func unreadableFile() {
        do {
            _ = try EventScript.load(path: "/nonexistent/taps.json")
            Issue.record("loading a missing file succeeded")
        } catch {
            #expect(error.file == "/nonexistent/taps.json")
            guard case .unreadable = error.problem else { Issue.record("got \(error)"); return }
            #expect(error.description.hasPrefix("/nonexistent/taps.json: cannot read the event script: "))
        }
    }

    @Test func missingField() {
        let e = error(decoding: #"{ "drags": [ { "points": [ { "time": 1, "x": 1, "y": 1 }, { "time": 2, "y": 1 } ] } ] }"#)
        #expect(e == EventScriptError(file: "script.json", path: "drags[0].points[1].x", problem: .missingField))
        #expect(e?.description == "script.json: drags[0].points[1].x: missing field")
    }

    @Test func wrongTypes() {
        let string = error(decoding: #"{ "taps": [ { "time": "0", "x": 1, "y": 1 } ] }"#)
        #expect(string?.path == "taps[0].time")
        #expect(string?.problem == .wrongType(expected: "a number", found: "a string"))
        #expect(string?.description == "script.json: taps[0].time: expected a number, found a string")
        let null = error(decoding: #"{ "taps": [ { "time": 0, "x": null, "y": 1 } ] }"#)
        #expect(null == EventScriptError(file: "script.json", path: "taps[0].x", problem: .wrongType(expected: "a number", found: "null")))
        let notArray = error(decoding: #"{ "drags": { "points": [] } }"#)
        #expect(notArray?.path == "drags")
        if case .wrongType(let expected, _)? = notArray?.problem { #expect(expected == "an array") } else { Issue.record("got \(String(describing: notArray))") }
        let root = error(decoding: "[1, 2]")
        #expect(root?.path == "")
        if case .wrongType(let expected, _)? = root?.problem { #expect(expected == "an object") } else { Issue.record("got \(String(describing: root))") }
        #expect(root?.description.hasPrefix("script.json: top level: expected an object") == true)
    }

    @Test func unknownField() {
        let e = error(decoding: #"{ "taps": [ { "time": 0, "x": 1, "y": 1, "z": 3 } ] }"#)
        #expect(e == EventScriptError(file: "script.json", path: "taps[0].z", problem: .unknownField(allowed: ["time", "x", "y"])))
        #expect(e?.description == "script.json: taps[0].z: unknown field (expected one of: time, x, y)")
        #expect(error(decoding: #"{ "drag": [] }"#)?.path == "drag")
    }

    @Test func negativeTime() {
        let e = error(decoding: #"{ "taps": [ { "time": 0, "x": 1, "y": 1 }, { "time": -0.5, "x": 1, "y": 1 } ] }"#)
        #expect(e == EventScriptError(file: "script.json", path: "taps[1].time", problem: .negativeTime(-0.5)))
        #expect(e?.description == "script.json: taps[1].time: negative time -0.5 (times start at 0)")
    }

    @Test func timesMustIncreaseWithinADrag() {
        let e = error(decoding: """
        { "drags": [ { "points": [ { "time": 1, "x": 0, "y": 0 }, { "time": 1.5, "x": 0, "y": 0 },
                                   { "time": 2, "x": 0, "y": 0 }, { "time": 2, "x": 0, "y": 0 } ] } ] }
        """)
        #expect(e == EventScriptError(file: "script.json", path: "drags[0].points[3].time", problem: .timeNotIncreasing(time: 2, previous: 2)))
        #expect(e?.description == "script.json: drags[0].points[3].time: 2.0 does not come after the previous point's 2.0 (times must increase within a drag)")
    }

    @Test func emptyDrag() {
        let e = error(decoding: #"{ "drags": [ { "points": [ { "time": 1, "x": 0, "y": 0 } ] }, { "points": [] } ] }"#)
        #expect(e == EventScriptError(file: "script.json", path: "drags[1].points", problem: .emptyDrag))
        #expect(e?.description == "script.json: drags[1].points: a drag needs at least one point")
    }

    @Test func nonFiniteNumbers() {
        // JSON has no NaN or infinity; a script built in code can, and validate() rejects it.
        let script = EventScript(drags: [EventScript.Drag(points: [EventScript.Touch(time: 0, x: .infinity, y: 0)])])
        #expect(throws: EventScriptError(file: "event script", path: "drags[0].points[0].x", problem: .nonFinite)) {
            try script.validate()
        }
        // A JSON number too large for a Double is refused by Foundation's parser; the error says where.
        let e = error(decoding: "{ \"taps\": [\n  { \"time\": 1e999, \"x\": 1, \"y\": 1 } ] }")
        guard case .invalidJSON(let detail, let line, let column)? = e?.problem else { Issue.record("got \(String(describing: e))"); return }
        #expect(detail.contains("1e999"))
        #expect(line == 2 && column == 13)   // line 2 is `  { "time": 1e999, ...`, the number starts at its 13th character
    }

    @Test func syntaxErrorsKeepTheLineAndColumn() {
        // Line 3 is ` x }`: Foundation points at the `x`, byte 15 of the text, line 3, column 2.
        let e = error(decoding: "{\n \"taps\": [],\n x }")
        guard case .invalidJSON(_, let line, let column)? = e?.problem else { Issue.record("got \(String(describing: e))"); return }
        #expect(line == 3 && column == 2)
        #expect(e?.description.hasPrefix("script.json:3:2: invalid JSON: ") == true)
        // Truncated input: Foundation gives no place, and the message says what happened.
        let truncated = error(decoding: #"{ "taps": ["#)
        guard case .invalidJSON(let detail, _, _)? = truncated?.problem else { Issue.record("got \(String(describing: truncated))"); return }
        #expect(!detail.isEmpty)
    }
}
