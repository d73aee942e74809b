import ShaderFXCore

/// The global `--timeout SECONDS`: read from the whole command line before any command is
/// parsed (it may stand anywhere before `--`, the last one winning), so the watchdog is armed
/// before any work starts; `LimitFlags` declares it for help and completions.
enum TimeoutOption {
    /// The option's spelling.
    static let spelling = "--timeout"

    /// 600 s per command: long enough for any render a CI job should do, short enough that a
    /// stuck job ends on its own. `--timeout 0` turns the watchdog off.
    static let defaultSeconds: Double = 600

    /// What the watchdog prints when the deadline passes.
    static func expiryMessage(seconds: Double) -> String {
        "shaderfx: error: timed out after \(ProcessGuard.formatSeconds(seconds)) s (\(spelling))"
    }

    /// Takes `--timeout SECONDS` (or `--timeout=SECONDS`) out of a command line.
    /// - Returns: the remaining arguments and the timeout (`defaultSeconds` when absent; 0 = none).
    /// - Throws: `TimeoutOptionError` when the value is not a number of seconds >= 0.
    static func extract(from arguments: [String]) throws(TimeoutOptionError) -> (arguments: [String], seconds: Double) {
        var rest: [String] = []
        var seconds = defaultSeconds
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
            if word == spelling {
                guard index < arguments.count else { throw TimeoutOptionError(value: "") }
                text = arguments[index]
                index += 1
            } else if word.hasPrefix(spelling + "=") {
                text = String(word.dropFirst(spelling.count + 1))
            } else {
                rest.append(word)
                continue
            }
            guard let value = ValueForms.duration(text), value <= 1e9 else { throw TimeoutOptionError(value: text) }
            seconds = value
        }
        return (rest, seconds)
    }
}

/// A `--timeout` value that is not a number of seconds.
struct TimeoutOptionError: Error, CustomStringConvertible, Equatable {
    /// The value given ("" when it was missing).
    let value: String

    var description: String {
        value.isEmpty
            ? "--timeout needs a value: seconds before the command is stopped (0 = no limit; default \(ProcessGuard.formatSeconds(TimeoutOption.defaultSeconds)))"
            : "--timeout: '\(value)' is not a number of seconds >= 0 (0 = no limit)"
    }
}
