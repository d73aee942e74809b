import Foundation
import Testing
import ShaderFX
import ShaderFXCore
import ShaderFXGolden
import ShaderFXTestSupport
@testable import ShaderFXCLI

/// The limits a fuzzer reaches in the JSON schemas (docs/FUZZING.md, Limits): event scripts,
/// golden cases and batch jobs each end in an error naming the file, quickly, never a crash.
@Suite struct SchemaLimitsTests {
    /// 100,000 levels of arrays inside a field, past Foundation's reader's nesting limit.
    static func deep(_ field: String) -> String {
        #"{"\#(field)": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    }

    @Test func anEventScriptNestedTooDeeplyIsAnError() {
        #expect(throws: EventScriptError.self) {
            try EventScript.decode(data: Data(Self.deep("taps").utf8), name: "events.json")
        }
    }

    @Test func aGoldenCaseNestedTooDeeplyIsAnError() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("deep.json")
            try Data(Self.deep("frames").utf8).write(to: URL(fileURLWithPath: path))
            #expect {
                try GoldenCase.load(path: path, name: "deep", folder: folder.path)
            } throws: { "\($0)".contains("deep.json") && "\($0)".contains("JSON") }
        }
    }

    @Test func aBatchJobNestedTooDeeplyIsAnError() {
        #expect(throws: JSONError.self) { try BatchJob.parse(Self.deep("parameters"), file: "jobs.jsonl:1") }
    }

    /// A name of 4 MiB where a built-in effect's or a field's name goes: no suggestion is
    /// computed for it (the comparison costs the product of the lengths), the error comes at once.
    @Test func hugeNamesAreRefusedAtOnce() throws {
        let huge = String(repeating: "r", count: 4 << 20)
        for document in [#"{"effect": "\#(huge)", "output": "a.png"}"#, #"{"\#(huge)": 1, "output": "a.png"}"#] {
            let json = try BatchJob.parse(document, file: "jobs.jsonl:1")
            let started = ContinuousClock.now
            #expect(throws: (any Error).self) {
                try BatchJob(json: json, file: "jobs.jsonl:1", folder: "", images: ImageStore())
            }
            #expect(ContinuousClock.now - started < .seconds(3))
        }
        #expect(TextUtilities.editDistance(huge, "ripple") == huge.count)
        #expect(TextUtilities.editDistance("ripple", "rippel") == 1)
    }
}
