import CProcessGuard

#if canImport(Glibc)
import Glibc
#endif

/// Keeps an unattended `shaderfx` (CI, servers) from hanging or leaving files behind.
///
/// - Temporary files (an output's `.name.tmp-...` before it is renamed into place) are
///   registered while they exist, so every way out of the process removes them: a thrown
///   error (the writer's own clean-up), SIGINT / SIGTERM / SIGHUP (the handlers, exit 130 /
///   143 / 129), and the watchdog.
/// - The watchdog is a thread that ends the process once its deadline passes, printing
///   `shaderfx: error: timed out after N s (--timeout)` and exiting 1. Being a thread, it also
///   ends work that no signal would interrupt: a shader compiler in an endless loop, a draw
///   call that never returns.
///
/// The clean-up paths run in a signal handler or on the watchdog thread, so they are written in
/// C (`CProcessGuard`) with only async-signal-safe calls (`unlink`, `write`, `_exit`) over
/// strings prepared in advance.
public enum ProcessGuard {
    /// The watchdog's default: 600 s per command, long enough for any render a CI job should
    /// do, short enough that a stuck job ends on its own. `--timeout 0` turns it off.
    public static let defaultTimeout: Double = 600

    /// The option that sets the watchdog, named in its message.
    public static let timeoutOption = "--timeout"

    /// Installs the SIGINT / SIGTERM / SIGHUP handlers (once; later calls do nothing).
    public static func installSignalHandlers() {
        sfx_guard_install_signal_handlers("shaderfx: error: ")
    }

    /// Arms the watchdog `seconds` from now (replacing any earlier deadline); 0 or less
    /// disarms it.
    /// - Returns: false when the watchdog thread could not be started.
    @discardableResult
    public static func armWatchdog(seconds: Double) -> Bool {
        let message = "shaderfx: error: timed out after \(formatSeconds(seconds)) s (\(timeoutOption))\n"
        return sfx_guard_arm_watchdog(seconds, message, 1) == 0
    }

    /// Disarms the watchdog.
    public static func disarmWatchdog() {
        sfx_guard_disarm_watchdog()
    }

    /// Registers a temporary file for removal on a signal or a watchdog expiry.
    /// - Returns: the token to pass to `unregister` once the file is gone or renamed, or nil
    ///   when the registry is full or the path too long (the file is then only removed by the
    ///   writer's own clean-up).
    public static func register(temporaryFile path: String) -> Int32? {
        let slot = sfx_guard_register(path)
        return slot >= 0 ? slot : nil
    }

    /// Creates and registers a temporary file in one step a signal cannot split (the handler
    /// removes it, or it is never made): its descriptor and registration, or the errno.
    /// - Parameters:
    ///   - path: the temporary file to create (it must not exist).
    ///   - mode: its permissions.
    public static func createTemporary(_ path: String, mode: mode_t) -> Result<(descriptor: Int32, token: Int32?), Errno> {
        var slot: Int32 = -1
        let fd = sfx_guard_create_temporary(path, UInt32(mode), &slot)
        guard fd >= 0 else { return .failure(Errno(code: errno)) }
        return .success((fd, slot >= 0 ? slot : nil))
    }

    /// A system error number.
    public struct Errno: Error, Sendable {
        /// The number.
        public let code: Int32
    }

    /// Forgets a registered temporary file.
    public static func unregister(_ token: Int32?) {
        if let token { sfx_guard_unregister(token) }
    }

    /// The number of temporary files registered now.
    public static var registeredCount: Int { Int(sfx_guard_count()) }

    /// Removes every registered temporary file now, as a signal would.
    public static func removeRegisteredFiles() {
        sfx_guard_remove_all()
    }

    /// Takes the global `--timeout SECONDS` (or `--timeout=SECONDS`) out of a command line.
    ///
    /// The option may stand anywhere before a `--` terminator; the last one wins.
    /// - Returns: the remaining arguments and the timeout (`defaultTimeout` when absent; 0 = none).
    /// - Throws: `TimeoutOptionError` when the value is not a number of seconds >= 0.
    public static func extractTimeout(from arguments: [String]) throws(TimeoutOptionError) -> (arguments: [String], seconds: Double) {
        var rest: [String] = []
        var seconds = defaultTimeout
        var index = 0
        var terminated = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if terminated || word == "--" {
                terminated = true
                rest.append(word)
                continue
            }
            let text: String
            if word == timeoutOption {
                guard index < arguments.count else { throw TimeoutOptionError(value: "") }
                text = arguments[index]
                index += 1
            } else if word.hasPrefix(timeoutOption + "=") {
                text = String(word.dropFirst(timeoutOption.count + 1))
            } else {
                rest.append(word)
                continue
            }
            guard let value = Double(text), value.isFinite, value >= 0, value <= 1e9 else {
                throw TimeoutOptionError(value: text)
            }
            seconds = value
        }
        return (rest, seconds)
    }

    /// Everything `main` needs: removes `--timeout` from `arguments`, installs the signal
    /// handlers and arms the watchdog.
    /// - Returns: the arguments for the command parser.
    public static func start(_ arguments: [String]) throws(TimeoutOptionError) -> [String] {
        let (rest, seconds) = try extractTimeout(from: arguments)
        installSignalHandlers()
        if seconds > 0 { armWatchdog(seconds: seconds) }
        return rest
    }

    /// Writes `shaderfx: error: MESSAGE` to standard error (for `main`, before the CLI runs).
    public static func printError(_ message: String) {
        let bytes = Array("shaderfx: error: \(message)\n".utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    /// `3`, `2.5`: seconds as the message shows them.
    package static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

/// A `--timeout` value that is not a number of seconds.
public struct TimeoutOptionError: Error, CustomStringConvertible, Equatable {
    /// The value given ("" when it was missing).
    public let value: String

    public var description: String {
        value.isEmpty
            ? "--timeout needs a value: seconds before the command is stopped (0 = no limit; default \(ProcessGuard.formatSeconds(ProcessGuard.defaultTimeout)))"
            : "--timeout: '\(value)' is not a number of seconds >= 0 (0 = no limit)"
    }
}
