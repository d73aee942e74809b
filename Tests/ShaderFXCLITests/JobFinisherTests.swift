import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// `batch`'s finishing thread: jobs finished in order, never more than its capacity held,
/// nothing after a failure under --stop-on-error, and a job that reads what one in flight
/// writes made to wait.
@Suite struct JobFinisherTests {
    /// The lines printed, in the order printed (the finisher's thread appends).
    final class Printed: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [Int] = []
        func append(_ line: Int) { lock.withLock { lines.append(line) } }
        var all: [Int] { lock.withLock { lines } }
    }

    @Test func resultsComeInOrderAndSubmitWaitsWhileTheFinisherIsFull() throws {
        let printed = Printed()
        let finisher = JobFinisher(capacity: 2, stopOnError: false) { printed.append($0.line) }
        // The first step holds the finishing thread until released.
        let release = DispatchSemaphore(value: 0)
        try finisher.submitStep { release.wait() }
        try finisher.submitResult { BatchCommand.Result(line: 1, ok: true) }
        // A third step must wait for room: the finisher is full.
        let accepted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? finisher.submitResult { BatchCommand.Result(line: 2, ok: true) }
            accepted.signal()
        }
        #expect(accepted.wait(timeout: .now() + 0.3) == .timedOut, "a submit past the capacity returned at once")
        release.signal()
        #expect(accepted.wait(timeout: .now() + 10) == .success)
        for line in 3...40 {
            // Later steps take longer than earlier ones' submits: the order is still the submits'.
            try finisher.submitResult { usleep(UInt32(line % 3 * 200)); return BatchCommand.Result(line: line, ok: line % 7 != 0) }
        }
        let failed = try finisher.finish()
        #expect(printed.all == Array(1...40))
        #expect(failed == 5)  // 7, 14, 21, 28, 35
        #expect(finisher.mostInFlight == 2)
    }

    @Test func afterAFailureUnderStopOnErrorLaterJobsNeitherRunNorPrint() throws {
        let printed = Printed()
        let finisher = JobFinisher(capacity: 4, stopOnError: true) { printed.append($0.line) }
        let hold = DispatchSemaphore(value: 0)
        let ran = Printed()
        try finisher.submitStep { hold.wait() }
        try finisher.submitResult { BatchCommand.Result(line: 1, ok: false, error: "bad") }
        try finisher.submitStep { ran.append(2) }
        try finisher.submitResult { ran.append(2); return BatchCommand.Result(line: 2, ok: true) }
        hold.signal()
        #expect(try finisher.finish() == 1)
        #expect(finisher.isStopped)
        #expect(printed.all == [1])
        #expect(ran.all.isEmpty)
    }

    @Test func aJobReadingWhatAJobInFlightWritesMustWait() throws {
        let finisher = JobFinisher(capacity: 2, stopOnError: false) { _ in }
        let hold = DispatchSemaphore(value: 0)
        finisher.willWrite(["/jobs/out/../out/a.png"])
        try finisher.submitStep { hold.wait() }
        try finisher.submitResult(outputs: ["/jobs/out/a.png"]) { BatchCommand.Result(line: 1, ok: true) }
        #expect(finisher.mustWait(for: ["/jobs/out/a.png"]))          // the file itself
        #expect(finisher.mustWait(for: ["/jobs/./out/a.png"]))        // spelled otherwise
        #expect(finisher.mustWait(for: ["/jobs/out"]))                // its folder, as asset folder
        #expect(finisher.mustWait(for: ["/jobs"]))                    // a folder above it
        #expect(finisher.mustWait(for: ["/jobs/out/Card.swift"]))     // a view file beside it finds pictures there
        #expect(!finisher.mustWait(for: ["/jobs/Card.swift", "/jobs/art", "/jobs/outside/a.png", "/elsewhere"]))
        hold.signal()
        try finisher.drain()
        #expect(!finisher.mustWait(for: ["/jobs/out/a.png", "/jobs/out"]))
        _ = try finisher.finish()
    }

    @Test func aJobsStringsAreItsPathsButNotItsOutputOrID() throws {
        let json = try BatchJob.parse(#"{"view": "Card.swift", "assets": ["art", "/abs"], "set": {"title": "Hi"}, "id": "x", "output": "out/a.png"}"#, file: "j:1")
        #expect(Set(BatchJob.paths(in: json, folder: "/jobs")) == ["/jobs/Card.swift", "/jobs/art", "/abs", "/jobs/Hi"])
    }
}
