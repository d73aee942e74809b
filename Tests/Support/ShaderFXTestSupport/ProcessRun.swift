import Foundation

/// What a process printed and how it ended.
public struct ProcessResult: Sendable {
    /// The exit status (128 + N after signal N).
    public let status: Int32
    /// Standard output, as bytes.
    public let stdoutBytes: Data
    /// Standard error, as bytes.
    public let stderrBytes: Data

    /// Standard output as UTF-8 text.
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
}

/// Runs `executable` and collects both its outputs. Standard error is drained on a thread of its
/// own while standard output is read here, so a process that fills one pipe's buffer while the
/// other is being read cannot stall.
/// - Parameters:
///   - executable: the program's path.
///   - arguments: its arguments.
///   - environment: its whole environment (nil: this process's).
///   - directory: its working folder (nil: this process's).
///   - input: what it reads on standard input (nil: /dev/null).
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                       directory: URL? = nil, input: FileHandle? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
    let errors = DrainedPipe(err)
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errorBytes = errors.wait()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdoutBytes: output, stderrBytes: errorBytes)
}

/// A pipe read to its end on a thread of its own.
private final class DrainedPipe: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            let bytes = handle.readDataToEndOfFile()
            condition.lock()
            data = bytes
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// Everything the pipe delivered, once its writers closed it.
    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data!
    }
}

/// The package's root folder (Tests/Support/ShaderFXTestSupport/../../..).
public let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
