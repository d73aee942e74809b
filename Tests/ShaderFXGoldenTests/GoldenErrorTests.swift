import Foundation
import Testing
import ShaderFXGolden
import ShaderFXTestSupport

/// The golden suite's errors carry what happened as values, and say it in the library's words:
/// no command-line option, which a Swift user could not give (`shaderfx test` words them itself).
@Suite("Golden errors in the library's words")
struct GoldenErrorTests {
    static let suiteErrors: [GoldenSuiteError] = [
        .noCases(suite: "suite"), .reportFolderIsAFile(path: "report"), .reportFolderOccupied(path: "report"),
    ]

    static let mergeErrors: [MergeError] = [
        .unreadable(report: "r", reason: "why"), .notAFolder(report: "r"), .noReportFile(report: "r"), .notAShard(report: "r"),
        .differentRun(report: "r", field: .suite, found: "'a'", reference: "s", expected: "'b'"),
        .differentRun(report: "r", field: .suiteCases, found: "2 cases", reference: "s", expected: "3 cases"),
        .differentRun(report: "r", field: .filter, found: "'a'", reference: "s", expected: "none"),
        .differentRun(report: "r", field: .family, found: "'a'", reference: "s", expected: "'b'"),
        .differentRun(report: "r", field: .recordMode, found: "'never'", reference: "s", expected: "'all'"),
        .differentCounts(report: "r", shard: "1/2", reference: "s", referenceShard: "1/3"),
        .duplicateShard(shard: "1/2", reports: ["r", "s"]), .missingShards(missing: [2], count: 2, given: [1]),
        .overlappingCase(name: "c", reports: ["r", "s"]), .unknownCase(name: "c", report: "r"), .uncoveredCases(["c"]),
        .picture(report: "r", path: "images/c.png", reason: "why"), .outputIsInput(output: "o", report: "r"),
    ]

    @Test(arguments: suiteErrors) func aSuiteErrorNamesNoOption(_ error: GoldenSuiteError) {
        #expect(!error.description.contains("--") && !error.description.contains("shaderfx"), "\(error)")
    }

    @Test(arguments: mergeErrors) func aMergeErrorNamesNoOption(_ error: MergeError) {
        #expect(!error.description.contains("--") && !error.description.contains("shaderfx"), "\(error)")
    }

    @Test func severalEffectFunctionsAreNamedWithoutAnOption() {
        let error = ShaderError.functionNotChosen(file: "lib.glsl", candidates: ["tint (color)", "shift (distortion)"])
        #expect(error.description == "lib.glsl: several effect functions, name the one to use: tint (color), shift (distortion)")
    }

    /// A Swift user gets the cause as a value to catch, from the public API.
    @Test func theRunThrowsEachCauseAsAValue() throws {
        try withTemporaryFolder { (directory) throws in
            let suite = directory.file("suite")
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: false)
            #expect(throws: GoldenSuiteError.noCases(suite: suite)) {
                try GoldenSuite.Run(suite: suite, options: .init(reportFolder: directory.file("report")))
            }
            try #"{"effect": "stripes", "size": "64x48"}"#.write(toFile: suite + "/stripes.json", atomically: true, encoding: .utf8)
            let file = directory.file("file")
            try "x".write(toFile: file, atomically: true, encoding: .utf8)
            #expect(throws: GoldenSuiteError.reportFolderIsAFile(path: file)) {
                try GoldenSuite.Run(suite: suite, options: .init(reportFolder: file))
            }
            #expect(throws: GoldenSuiteError.reportFolderOccupied(path: directory.path)) {
                try GoldenSuite.Run(suite: suite, options: .init(reportFolder: directory.path))
            }
        }
    }

    /// A frame's message is part of the report, which Swift and the command line both write: it
    /// names the record mode as a value, never an option.
    @Test func aMissingReferenceInNeverModeIsWordedByRecordMode() throws {
        try withTemporaryFolder { (directory) throws in
            let suite = directory.file("suite")
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: false)
            try #"{"effect": "stripes", "size": "64x48"}"#.write(toFile: suite + "/stripes.json", atomically: true, encoding: .utf8)
            let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
            let never = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .never, reportFolder: directory.file("report")))
            let message = try #require(never.cases.first?.frames.first?.message)
            // The family folder is the renderer's: llvmpipe here, nvidia on an NVIDIA GPU.
            #expect(message.hasPrefix("no reference: looked for stripes/") && message.contains("/still.png and stripes/still.png; "), "\(message)")
            #expect(message.contains("record mode missing") && !message.contains("--"), "\(message)")
            _ = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .missing, reportFolder: directory.file("report")))
            let all = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .all, reportFolder: directory.file("report")))
            let recorded = try #require(all.cases.first?.frames.first?.message)
            #expect(recorded.hasPrefix("record mode all: recorded ") && !recorded.contains("--"), "\(recorded)")
            let html = try String(contentsOfFile: directory.file("report") + "/index.html", encoding: .utf8)
            #expect(!html.contains("--record"), "the report names no option")
        }
    }
}
