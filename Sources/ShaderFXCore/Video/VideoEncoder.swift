import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Streams RGBA frames into an ffmpeg child process that writes a GIF, MP4, WebM or MOV.
///
/// ```swift
/// let encoder = try VideoEncoder(output: "out.mp4", settings: settings)
/// for frame in frames { try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) } }
/// try encoder.finish()
/// ```
///
/// - ffmpeg writes to a hidden temporary file beside the output (same folder, so the final
///   `rename` is atomic); ``finish()`` renames it into place only when ffmpeg succeeded.
///   On any error, on ``cancel()``, and in `deinit` without `finish`, ffmpeg is stopped and
///   the temporary file removed: nothing is left behind.
/// - Frames go to ffmpeg's stdin (a Unix socket) with blocking writes, so a slow encoder
///   slows the caller down instead of frames queueing in memory. Writes use
///   `MSG_NOSIGNAL`: ffmpeg dying early gives ``VideoError/encoderFailed(status:stderr:)``,
///   never a `SIGPIPE`, and the process-wide signal disposition is left untouched.
/// - ffmpeg's stderr is drained on a background thread (so it can never fill and
///   deadlock); its last 20 lines are kept for error messages.
///
/// Not thread-safe: use one encoder from one thread at a time.
public final class VideoEncoder {
    private enum State {
        case running
        case finished
        case failed(VideoError)
        case cancelled
    }

    private let settings: VideoSettings
    private let command: FFmpegCommand
    private let outputPath: String
    private let tempPath: String
    /// The temporary file's registration with `ProcessGuard`: a signal or the watchdog removes it.
    private let tempToken: Int32?
    /// Where the finished file goes: the output path, or the file a link there names.
    private let targetPath: String
    private var pid: pid_t
    /// Our end of ffmpeg's stdin, or -1 once closed.
    private var stdinFD: Int32
    private let stderrReader: StderrReader
    private var state = State.running
    /// Staging buffer for frames that must be flattened and/or padded (allocated once).
    private var staging: [UInt8] = []
    private var framesAppended = 0

    /// Number of frames successfully handed to ffmpeg so far.
    public var frameCount: Int { framesAppended }

    /// The ffmpeg executable to use: `SHADERFX_FFMPEG` when set (a path, or a bare name looked
    /// up on `PATH`), otherwise `ffmpeg` on `PATH`. Returns `nil` when it is not an executable file.
    public static func ffmpegPath(environment: [String: String]) -> String? {
        let name = environment["SHADERFX_FFMPEG"].flatMap { $0.isEmpty ? nil : $0 } ?? "ffmpeg"
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (dir.isEmpty ? "." : String(dir)) + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// Validates `settings`, creates a temporary file beside `path` and starts ffmpeg writing
    /// to it. ffmpeg is looked up with ``ffmpegPath(environment:)`` in this process' environment.
    ///
    /// - Throws: ``VideoError/badSettings(_:)``, ``VideoError/ffmpegMissing``,
    ///   ``VideoError/writeFailed(path:reason:)`` when the folder is not writable,
    ///   ``VideoError/spawnFailed(path:errno:)``.
    public convenience init(output path: String, settings: VideoSettings) throws(VideoError) {
        try self.init(output: path, settings: settings, environment: ProcessInfo.processInfo.environment)
    }

    /// Same as the public initialiser, with an explicit environment for finding ffmpeg (tests).
    init(output path: String, settings: VideoSettings, environment: [String: String]) throws(VideoError) {
        guard !path.isEmpty else { throw .badSettings("empty output path") }
        guard let ffmpeg = Self.ffmpegPath(environment: environment) else { throw .ffmpegMissing }
        // As every output: a link is kept and the file it names replaced; a video goes to a
        // regular file only (ffmpeg seeks in most containers), never over a device or FIFO.
        let targetPath: String
        do {
            guard case let .replace(target, _) = try OutputFile.destination(of: path) else {
                throw VideoError.writeFailed(path: path, reason: "a video is written to a regular file, not to a device or FIFO")
            }
            targetPath = target
        } catch let error as VideoError {
            throw error
        } catch {
            throw .writeFailed(path: path, reason: "\(error)")
        }
        let (tempPath, tempToken) = try Self.makeTempFile(beside: targetPath, format: settings.format)
        let command: FFmpegCommand
        do {
            command = try FFmpegCommand(settings: settings, outputPath: tempPath)
        } catch {
            unlink(tempPath)
            ProcessGuard.unregister(tempToken)
            throw error
        }
        let spawned: (pid: pid_t, stdin: Int32, stderr: Int32)
        do {
            spawned = try Self.spawn(ffmpeg, arguments: command.arguments)
        } catch {
            unlink(tempPath)
            ProcessGuard.unregister(tempToken)
            throw error
        }
        self.settings = settings
        self.command = command
        self.outputPath = path
        self.tempPath = tempPath
        self.tempToken = tempToken
        self.targetPath = targetPath
        self.pid = spawned.pid
        self.stdinFD = spawned.stdin
        self.stderrReader = StderrReader(fd: spawned.stderr)
        let pixels = command.encodedWidth * command.encodedHeight * 4
        if command.flattenOnto != nil || command.encodedWidth != settings.width
            || command.encodedHeight != settings.height {
            staging = [UInt8](repeating: 0, count: pixels)
        }
    }

    deinit {
        if case .running = state { cancel() }
    }

    /// Sends one frame to ffmpeg: `width * height * 4` bytes of straight (not premultiplied)
    /// RGBA, top row first. Blocks while ffmpeg is busy (backpressure); never buffers frames.
    ///
    /// - Throws: ``VideoError/badSettings(_:)`` for a frame of the wrong size (the encoder keeps
    ///   running) or after `finish`/`cancel`; ``VideoError/encoderFailed(status:stderr:)`` when
    ///   ffmpeg has died (the encoder is then cleaned up and every later call rethrows this).
    public func append(straightRGBA frame: UnsafeRawBufferPointer) throws(VideoError) {
        try checkRunning()
        let expected = settings.width * settings.height * 4
        guard frame.count == expected else {
            throw .badSettings("frame has \(frame.count) bytes, expected \(expected) "
                               + "(\(settings.width)x\(settings.height) RGBA)")
        }
        if staging.isEmpty {
            try send(frame)
        } else {
            prepare(frame)
            let fd = stdinFD
            var result: Result<Void, VideoError> = .success(())
            staging.withUnsafeBytes { bytes in
                result = Result { () throws(VideoError) in try Self.sendAll(fd: fd, bytes) }
            }
            try handleSendResult(result)
        }
        framesAppended += 1
    }

    /// Closes ffmpeg's stdin, waits for it to finish encoding, checks its exit status and
    /// atomically renames the temporary file to the output path.
    ///
    /// - Throws: ``VideoError/encoderFailed(status:stderr:)``, ``VideoError/badSettings(_:)``
    ///   when no frame was appended (no empty videos), ``VideoError/writeFailed(path:reason:)``
    ///   when the rename fails. Nothing is left behind on error.
    public func finish() throws(VideoError) {
        try checkRunning()
        guard framesAppended > 0 else {
            try fail(.badSettings("no frames were appended; a video needs at least one"))
        }
        closeStdin()
        let status = waitForExit()
        let lines = stderrReader.waitForLastLines()
        guard status == 0 else {
            try fail(.encoderFailed(status: status, stderr: lines))
        }
        // ffmpeg does not fsync; make the data durable before the rename publishes it.
        let fd = open(tempPath, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            fchmod(fd, 0o666 & ~Self.currentUmask())
            close(fd)
        }
        guard rename(tempPath, targetPath) == 0 else {
            let reason = "cannot rename \(tempPath) into place: " + String(cString: strerror(errno))
            try fail(.writeFailed(path: outputPath, reason: reason))
        }
        ProcessGuard.unregister(tempToken)
        state = .finished
    }

    /// Stops ffmpeg (SIGKILL), waits for it and removes the temporary file. Safe to call
    /// at any time, any number of times; after ``finish()`` succeeded it does nothing.
    public func cancel() {
        guard case .running = state else { return }
        stop()
        state = .cancelled
    }

    // MARK: - Frame preparation

    /// Copies `frame` into `staging`, flattening alpha onto the background colour when there
    /// is one and padding the right column / bottom row with that colour (or transparency).
    private func prepare(_ frame: UnsafeRawBufferPointer) {
        let w = settings.width, h = settings.height
        let ew = command.encodedWidth, eh = command.encodedHeight
        let bg = command.flattenOnto
        let padPixel: (UInt8, UInt8, UInt8, UInt8) = bg.map { ($0.r, $0.g, $0.b, 255) } ?? (0, 0, 0, 0)
        staging.withUnsafeMutableBytes { out in
            let src = frame.bindMemory(to: UInt8.self)
            let dst = out.bindMemory(to: UInt8.self)
            for y in 0..<eh {
                for x in 0..<ew {
                    let o = (y * ew + x) * 4
                    guard x < w, y < h else {
                        dst[o] = padPixel.0; dst[o + 1] = padPixel.1
                        dst[o + 2] = padPixel.2; dst[o + 3] = padPixel.3
                        continue
                    }
                    let i = (y * w + x) * 4
                    if let bg {
                        let a = UInt32(src[i + 3]), na = 255 - a
                        dst[o] = UInt8((UInt32(src[i]) * a + UInt32(bg.r) * na + 127) / 255)
                        dst[o + 1] = UInt8((UInt32(src[i + 1]) * a + UInt32(bg.g) * na + 127) / 255)
                        dst[o + 2] = UInt8((UInt32(src[i + 2]) * a + UInt32(bg.b) * na + 127) / 255)
                        dst[o + 3] = 255
                    } else {
                        dst[o] = src[i]; dst[o + 1] = src[i + 1]
                        dst[o + 2] = src[i + 2]; dst[o + 3] = src[i + 3]
                    }
                }
            }
        }
    }

    // MARK: - Process plumbing

    private func checkRunning() throws(VideoError) {
        switch state {
        case .running: return
        case .failed(let error): throw error
        case .finished: throw .badSettings("the encoder has already finished")
        case .cancelled: throw .badSettings("the encoder was cancelled")
        }
    }

    private func send(_ bytes: UnsafeRawBufferPointer) throws(VideoError) {
        let result = Result { () throws(VideoError) in try Self.sendAll(fd: stdinFD, bytes) }
        try handleSendResult(result)
    }

    /// On a failed write, find out why from ffmpeg's exit status and clean up.
    private func handleSendResult(_ result: Result<Void, VideoError>) throws(VideoError) {
        guard case .failure(let writeError) = result else { return }
        closeStdin()
        // ffmpeg closed its stdin, so it is exiting: give it a moment to report why.
        let status = waitForExit(graceSeconds: 5)
        let lines = stderrReader.waitForLastLines()
        if status != 0 {
            try fail(.encoderFailed(status: status, stderr: lines))
        } else {
            try fail(writeError)
        }
    }

    /// Records `error`, removes the temp file (ffmpeg has exited or is killed) and throws.
    private func fail(_ error: VideoError) throws(VideoError) -> Never {
        stop()
        state = .failed(error)
        throw error
    }

    /// Kills ffmpeg if it is still running, reaps it, joins the stderr thread, removes the temp file.
    private func stop() {
        closeStdin()
        if pid > 0 {
            kill(pid, SIGKILL)
            _ = waitForExit()
        }
        _ = stderrReader.waitForLastLines()
        unlink(tempPath)
        ProcessGuard.unregister(tempToken)
    }

    private func closeStdin() {
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
    }

    /// Reaps ffmpeg and returns its exit status (128 + signal when killed by a signal).
    /// With a grace period, SIGKILLs it if it has not exited by then.
    private func waitForExit(graceSeconds: Double? = nil) -> Int32 {
        guard pid > 0 else { return lastStatus }
        var raw: Int32 = 0
        if let grace = graceSeconds {
            let deadline = Date().addingTimeInterval(grace)
            while true {
                let r = waitpid(pid, &raw, WNOHANG)
                if r == pid { break }
                if r < 0 && errno != EINTR { pid = -1; return lastStatus }
                if Date() >= deadline { kill(pid, SIGKILL) ; return waitForExit() }
                usleep(10_000)
            }
        } else {
            while waitpid(pid, &raw, 0) < 0 {
                if errno != EINTR { pid = -1; return lastStatus }
            }
        }
        pid = -1
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros; decode the wait status by hand.
        let signal = raw & 0x7f
        lastStatus = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        return lastStatus
    }
    private var lastStatus: Int32 = -1

    /// Writes all of `bytes` to the socket, retrying on EINTR and short writes.
    /// `MSG_NOSIGNAL` turns "ffmpeg is gone" into EPIPE instead of SIGPIPE.
    private static func sendAll(fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(VideoError) {
        guard fd >= 0 else { throw .writeFailed(path: "ffmpeg stdin", reason: "already closed") }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if n < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: "ffmpeg stdin", reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }

    /// Starts ffmpeg with stdin = one end of a socket pair, stdout = /dev/null and
    /// stderr = another socket pair. Our ends are close-on-exec, so other children never inherit them.
    private static func spawn(_ executable: String, arguments: [String])
        throws(VideoError) -> (pid: pid_t, stdin: Int32, stderr: Int32) {
        var sock: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sock) == 0 else {
            throw .spawnFailed(path: executable, errno: errno)
        }
        // ffmpeg only reads stdin; make the socket one-way so a stray write from it fails.
        shutdown(sock[1], Int32(SHUT_WR))
        // stderr is a socket pair too: SOCK_CLOEXEC is atomic (pipe2 is not exported to
        // Swift), so a process spawned concurrently by another thread cannot inherit it.
        var errPipe: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &errPipe) == 0 else {
            let e = errno
            close(sock[0]); close(sock[1])
            throw .spawnFailed(path: executable, errno: e)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sock[1], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

        // The child gets default signal handling and an empty mask, whatever ours are
        // (an ignored SIGPIPE or blocked signals would otherwise be inherited).
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, sig) }
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attr, argv, environ)
        close(sock[1])
        close(errPipe[1])
        guard rc == 0 else {
            close(sock[0]); close(errPipe[0])
            throw .spawnFailed(path: executable, errno: rc)
        }
        return (pid, sock[0], errPipe[0])
    }

    /// Creates a unique hidden file in the output's folder, `.NAME.RANDOM.part.EXT`,
    /// registered with `ProcessGuard` so that a signal or the watchdog removes it.
    private static func makeTempFile(beside path: String, format: VideoFormat) throws(VideoError) -> (String, Int32?) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var last: Int32 = 0
        for _ in 0..<16 {
            let unique = String(UInt64.random(in: .min ... .max) & 0xFFFF_FFFF_FFFF, radix: 36)
            let temp = dir + "." + String(name.prefix(200)) + "." + unique + ".part." + format.rawValue
            switch ProcessGuard.createTemporary(temp, mode: 0o600) {
            case let .success(created):
                close(created.descriptor)
                return (temp, created.token)
            case let .failure(error):
                last = error.code
                if error.code != EEXIST { break }
            }
            if last != EEXIST { break }
        }
        throw .writeFailed(path: path, reason: "cannot create a temporary file in "
                           + "\(dir.isEmpty ? "." : dir): " + String(cString: strerror(last)))
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    /// The process umask, read without changing it (Linux ≥ 4.7 reports it in /proc).
    private static func currentUmask() -> mode_t {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        return 0o022
    }
}

/// Drains a file descriptor (ffmpeg's stderr) on its own thread until EOF, keeping the
/// last `keep` lines. The pipe never fills, so ffmpeg never blocks on logging.
final class StderrReader: @unchecked Sendable {
    private let lock = NSCondition()
    private var lines: [String] = []
    private var partial: [UInt8] = []
    private var done = false
    private let keep: Int

    init(fd: Int32, keep: Int = 20) {
        self.keep = keep
        let thread = Thread { [self] in self.run(fd: fd) }
        thread.name = "ffmpeg-stderr"
        thread.start()
    }

    private func run(fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            lock.lock()
            for byte in buffer[..<n] {
                if byte == UInt8(ascii: "\n") { pushLine() } else { partial.append(byte) }
            }
            // Guard against an endless line without newline.
            if partial.count > 4096 { pushLine() }
            lock.unlock()
        }
        close(fd)
        lock.lock()
        if !partial.isEmpty { pushLine() }
        done = true
        lock.broadcast()
        lock.unlock()
    }

    /// Call with `lock` held.
    private func pushLine() {
        let line = String(decoding: partial, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        partial.removeAll(keepingCapacity: true)
        guard !line.isEmpty else { return }
        lines.append(line)
        if lines.count > keep { lines.removeFirst(lines.count - keep) }
    }

    /// Waits until the writer has closed the pipe (ffmpeg has exited) and returns the last lines.
    func waitForLastLines() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        while !done { lock.wait() }
        return lines
    }
}
