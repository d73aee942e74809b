import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXCLI
import ShaderFXGolden

/// The golden suite's and the shader library's errors carry values; `shaderfx test` and
/// `render` word them with their own options, the text their users have always read.
@Suite("The command line words the golden errors")
struct GoldenErrorWordingTests {
    @Test func aSuiteErrorIsWordedWithTheTestCommandsOptions() {
        let cases: [(GoldenSuiteError, String)] = [
            (.noCases(suite: "suite"), "suite: no cases: a suite holds <case>.json files (see 'shaderfx test --help')"),
            (.reportFolderIsAFile(path: "out"), "out: --report: a file is in the way; give a folder"),
            (.reportFolderOccupied(path: "out"), "out: --report: the folder holds other files and no report.json; give an empty or new folder"),
        ]
        for (error, text) in cases {
            #expect(ErrorWording.message(error) == text)
            #expect(ErrorWording.message(error as any Error) == text, "worded through the command line's error path")
        }
    }

    @Test func aMergeErrorIsWordedWithTheMergesOptions() {
        let shardRun = "give the --report folder of a 'shaderfx test --shard K/N' run"
        let cases: [(MergeError, String)] = [
            (.notAFolder(report: "r"), "r: not a folder; \(shardRun)"),
            (.noReportFile(report: "r"), "r: no report.json in it; \(shardRun)"),
            (.notAShard(report: "r"), "r/report.json: not the report of a --shard run (it records no shard); "
                + "merge the report folders of 'shaderfx test SUITE --shard K/N', one per shard"),
            (.differentRun(report: "r", field: .filter, found: "'a'", reference: "s", expected: "none"),
             "r is not from the same suite run as s: its --filter is 'a', s's is none; merge the shards of one run of one suite"),
            (.differentRun(report: "r", field: .family, found: "'a'", reference: "s", expected: "'b'"),
             "r is not from the same suite run as s: its renderer family is 'a', s's is 'b'; merge the shards of one run of one suite"),
            (.outputIsInput(output: "o", report: "r"), "--report o is the report r being merged; give another folder"),
            (.missingShards(missing: [2], count: 3, given: [1, 3]),
             "missing shard 2 of 3: the reports given are shards 1, 3 of 3; merge the report of every shard"),
        ]
        for (error, text) in cases {
            #expect(ErrorWording.message(error) == text)
            #expect(ErrorWording.message(error as any Error) == text)
        }
    }

    @Test func severalEffectFunctionsAreWordedWithFunction() {
        let error = ShaderError.functionNotChosen(file: "lib.glsl", candidates: ["tint (color)", "shift (distortion)"])
        #expect(ErrorWording.message(error as any Error) == "lib.glsl: several effect functions, choose one with --function: tint (color), shift (distortion)")
        #expect(Failure(error).message == ErrorWording.message(error), "the command line's error path words it")
        let none = ShaderError.functionNotChosen(file: "lib.glsl", candidates: [])
        #expect(ErrorWording.message(none) == none.description)
    }

    /// End to end: what `shaderfx test` prints for a suite error is the command line's wording.
    @Test func theTestCommandPrintsTheCommandLinesWording() throws {
        try withTemporaryFolder { (dir) throws in
            let empty = try CLIRun(["test", dir.path])
            #expect(empty.status == 2 && empty.stderr.contains("\(dir.path): no cases: a suite holds <case>.json files (see 'shaderfx test --help')"),
                    "\(empty.stderr)")
        }
    }
}
