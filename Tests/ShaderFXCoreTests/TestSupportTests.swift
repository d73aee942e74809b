import Foundation
import Testing
import ShaderFXTestSupport

/// The helpers every test target shares: they must not stall or leave folders behind.
@Suite struct TestSupportTests {
    @Test func aProcessFillingStandardErrorBeyondAPipesBufferDoesNotStall() throws {
        // 1 MiB on standard error before a word on standard output: a runner reading standard
        // output to its end first would wait for ever (a pipe holds 64 KiB). Run on a thread of
        // its own and given 30 s, so a stall fails the test instead of hanging the suite.
        let marker = "sfx-stall-\(UUID().uuidString)"
        let script = ": \(marker); head -c 1048576 /dev/zero >&2; echo done"
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<ProcessResult, any Error>?
        Thread {
            outcome = Result { try runProcess("/bin/sh", ["-c", script]) }
            finished.signal()
        }.start()
        guard finished.wait(timeout: .now() + 30) == .success, let result = try outcome?.get() else {
            _ = try? runProcess("/usr/bin/pkill", ["-f", marker])
            Issue.record("runProcess stalled on a process that fills standard error")
            return
        }
        #expect(result.status == 0)
        #expect(result.stdout == "done\n")
        #expect(result.stderrBytes.count == 1 << 20)
    }

    @Test func aTemporaryFolderIsRemovedWhateverTheBodyDoes() throws {
        struct Stop: Error {}
        var kept: TemporaryFolder?
        #expect(throws: Stop.self) {
            try withTemporaryFolder { folder in
                kept = folder
                try Data([1, 2, 3]).write(to: folder.appendingPathComponent("a.bin"))
                #expect(try folder.contents() == ["a.bin"])
                throw Stop()
            }
        }
        let path = try #require(kept).path
        #expect(!FileManager.default.fileExists(atPath: path))
        let second = try withTemporaryFolder { folder in folder.path }
        #expect(second != path && !FileManager.default.fileExists(atPath: second))
    }
}
