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
/// - The watchdog is a thread that ends the process once its deadline passes, printing the
///   message it was armed with (`shaderfx: error: timed out after N s ...`) and exiting 1.
///   Being a thread, it also ends work that no signal would interrupt: a shader compiler in an
///   endless loop, a draw call that never returns.
///
/// The deadline is a number of seconds; reading it from a command line (`shaderfx --timeout`)
/// is the command-line tool's business.
///
/// The clean-up paths run in a signal handler or on the watchdog thread, so they are written in
/// C (`CProcessGuard`) with only async-signal-safe calls (`unlink`, `write`, `_exit`) over
/// strings prepared in advance.
public enum ProcessGuard {
    /// Installs the SIGINT / SIGTERM / SIGHUP handlers (once; later calls do nothing).
    public static func installSignalHandlers() {
        sfx_guard_install_signal_handlers("shaderfx: error: ")
    }

    /// Arms the watchdog `seconds` from now (replacing any earlier deadline); 0 or less
    /// disarms it.
    /// - Parameters:
    ///   - seconds: the time the process may still take.
    ///   - message: the line written to standard error when the deadline passes (default
    ///     `shaderfx: error: timed out after N s`); a newline is added.
    /// - Returns: false when the watchdog thread could not be started.
    @discardableResult
    public static func armWatchdog(seconds: Double, message: String? = nil) -> Bool {
        let line = (message ?? "shaderfx: error: timed out after \(formatSeconds(seconds)) s") + "\n"
        return sfx_guard_arm_watchdog(seconds, line, 1) == 0
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

    /// Everything a process needs before its work starts: installs the signal handlers and,
    /// when `seconds` > 0, arms the watchdog.
    /// - Parameters:
    ///   - seconds: the deadline from now; 0 for none.
    ///   - message: what the watchdog writes when the deadline passes (see `armWatchdog`).
    public static func start(timeout seconds: Double, message: String? = nil) {
        installSignalHandlers()
        if seconds > 0 { armWatchdog(seconds: seconds, message: message) }
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

    /// `3`, `2.5`: seconds as messages show them.
    public static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
