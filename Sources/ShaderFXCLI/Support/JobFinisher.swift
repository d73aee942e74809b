import Foundation

/// Finishes `shaderfx batch` jobs on a thread of its own, in the order they came, so the
/// thread that draws goes on to the next job while the last one is encoded and written.
///
/// A job is handed over as steps (`submit`): each frame's encoding and writing, then its
/// result line. Steps run one at a time, in order, on the finishing thread; at most `capacity`
/// are waiting or running, and `submit` blocks while that many are, so however many jobs come,
/// at most `capacity` frames are held. Each job's result line is printed once its steps ran;
/// after a failed job under `stopOnError`, the steps of later jobs are dropped unrun, as if
/// those jobs had never started.
///
/// A job that reads a file or folder an unfinished job writes must wait for it
/// (`mustWait(for:)` then `drain()`): the outputs of the jobs in flight are kept until their
/// result line is printed.
final class JobFinisher: @unchecked Sendable {
    /// Steps waiting or running at most.
    let capacity: Int
    private let stopOnError: Bool
    private let print: (BatchCommand.Result) throws -> Void
    private let condition = NSCondition()
    private var steps: [Step] = []
    /// Steps handed over and not yet done (waiting or running).
    private var inFlight = 0
    /// The most steps that were in flight at once (for tests: never past `capacity`).
    private(set) var mostInFlight = 0
    private var failedJobs = 0
    private var stopped = false
    /// Standard output could not be written: the first such error, thrown by `submit` and `finish`.
    private var printError: (any Error)?
    private var closed = false
    /// The outputs (standardised absolute paths) of jobs whose result line is not printed yet, each with its count.
    private var pendingOutputs: [String: Int] = [:]
    private var thread: Thread?

    /// One unit of work: a frame written, or a job's result line made (and its outputs no longer pending).
    private struct Step {
        let work: () -> BatchCommand.Result?
        /// The outputs to forget once a result step ran.
        let outputs: [String]
    }

    /// A finisher that prints each job's result with `print` (on its own thread) and keeps at
    /// most `capacity` steps in flight.
    init(capacity: Int = 2, stopOnError: Bool, print: @escaping (BatchCommand.Result) throws -> Void) {
        precondition(capacity >= 1, "a finisher holds at least one step")
        self.capacity = capacity
        self.stopOnError = stopOnError
        self.print = print
        let thread = Thread { [self] in run() }
        thread.name = "shaderfx.batch-finisher"
        self.thread = thread
        thread.start()
    }

    /// Whether a job failed under `stopOnError`: no more jobs should start.
    var isStopped: Bool { condition.withLock { stopped } }

    /// Jobs whose result said `ok: false` so far.
    var failed: Int { condition.withLock { failedJobs } }

    /// Notes `outputs` (paths) as written by a job in flight until its result step runs.
    func willWrite(_ outputs: [String]) {
        condition.withLock { for path in outputs { pendingOutputs[Self.standardised(path), default: 0] += 1 } }
    }

    /// Queues a step of a job that writes: `work` runs on the finishing thread after every step
    /// before it. Blocks while `capacity` steps are in flight.
    func submitStep(_ work: @escaping () -> Void) throws {
        try enqueue(Step(work: { work(); return nil }, outputs: []))
    }

    /// Queues a job's last step: `result` runs after the job's other steps and says its line;
    /// `outputs` (as given to `willWrite`) stop being pending then.
    func submitResult(outputs: [String] = [], _ result: @escaping () -> BatchCommand.Result) throws {
        try enqueue(Step(work: result, outputs: outputs.map(Self.standardised)))
    }

    private func enqueue(_ step: Step) throws {
        condition.lock()
        defer { condition.unlock() }
        while inFlight >= capacity && printError == nil { condition.wait() }
        if let printError { throw printError }
        steps.append(step)
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        condition.broadcast()
    }

    /// Waits until every step handed over has run.
    func drain() throws {
        condition.lock()
        defer { condition.unlock() }
        while inFlight > 0 && printError == nil { condition.wait() }
        if let printError { throw printError }
    }

    /// Runs what is left, stops the thread and gives the number of failed jobs.
    func finish() throws -> Int {
        try drain()
        condition.withLock {
            closed = true
            condition.broadcast()
        }
        return failed
    }

    /// Whether a job reading `paths` (files or folders, standardised by this call) would read
    /// what a job in flight is still writing: a path that is a pending output, a folder holding
    /// one (at any depth), or a file in the folder of one (a view file's own folder is where
    /// its pictures are found).
    func mustWait(for paths: [String]) -> Bool {
        let pending = condition.withLock { Array(pendingOutputs.keys) }
        guard !pending.isEmpty else { return false }
        let folders = Set(pending.map { ($0 as NSString).deletingLastPathComponent })
        for path in paths.map(Self.standardised) {
            if pending.contains(path) { return true }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            if folders.contains(where: { $0 == path || $0.hasPrefix(prefix) }) { return true }
            if folders.contains((path as NSString).deletingLastPathComponent) { return true }
        }
        return false
    }

    /// `path` made absolute (against the working directory) with `.` and `..` resolved.
    static func standardised(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private func run() {
        while true {
            condition.lock()
            while steps.isEmpty && !closed { condition.wait() }
            if steps.isEmpty {
                condition.unlock()
                return
            }
            let step = steps.removeFirst()
            let skip = stopped || printError != nil
            condition.unlock()
            // After a failure under stopOnError, later jobs end here unrun and unprinted.
            let result = skip ? nil : step.work()
            var error: (any Error)?
            if let result {
                do { try print(result) } catch let failure { error = failure }
            }
            condition.withLock {
                for path in step.outputs {
                    pendingOutputs[path, default: 1] -= 1
                    if pendingOutputs[path] == 0 { pendingOutputs[path] = nil }
                }
                if let result, !result.ok {
                    failedJobs += 1
                    if stopOnError { stopped = true }
                }
                if let error, printError == nil { printError = error }
                inFlight -= 1
                condition.broadcast()
            }
        }
    }
}
