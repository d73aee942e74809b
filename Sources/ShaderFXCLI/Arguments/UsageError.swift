import ShaderFXGolden

/// A mistake on the command line, described so that the user can fix it.
///
/// Option names are carried as the user should type them (`--output`, `-o`); `description`
/// is the message to print, e.g. `--fps: expected a positive integer, got 'abc'`.
enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option the command does not know, as typed, and the nearest known one if any is close.
    case unknownOption(String, suggestion: String?)
    /// A subcommand the tool does not know, and the nearest known one if any is close.
    case unknownCommand(String, suggestion: String?)
    /// An option that takes a value was given none; `valueName` names what it takes (`FILE`).
    case missingValue(option: String, valueName: String)
    /// A required option is absent; the payload is its usage form, e.g. `--output <FILE>`.
    case missingOption(String)
    /// A required positional argument is absent; the payload is its usage form, e.g. `<effect>`.
    case missingArgument(String)
    /// A positional argument beyond those the command takes.
    case unexpectedArgument(String)
    /// A flag was given a value (`--verbose=yes`).
    case unexpectedValue(option: String, value: String)
    /// A value that does not have the expected form; `expected` reads like "a positive integer".
    case invalidValue(option: String, value: String, expected: String)
    /// A colour value that does not parse; the colour error says what is accepted.
    case invalidColor(option: String, error: ColorParseError)
    /// An option that is not repeatable was given more than once.
    case duplicateOption(String)

    /// The message for the user: what is wrong and, where possible, what to type instead.
    var description: String {
        switch self {
        case let .unknownOption(name, suggestion):
            return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .unknownCommand(name, suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .missingValue(option, valueName):
            return "\(option): missing value; expected \(option) <\(valueName)>"
        case let .missingOption(usage):
            return "missing required option '\(usage)'"
        case let .missingArgument(usage):
            return "missing required argument \(usage)"
        case let .unexpectedArgument(value):
            return "unexpected argument '\(value)'"
        case let .unexpectedValue(option, value):
            return "\(option): takes no value, got '\(value)'"
        case let .invalidValue(option, value, expected):
            return "\(option): expected \(expected), got '\(value)'"
        case let .invalidColor(option, error):
            return "\(option): \(error)"
        case let .duplicateOption(option):
            return "\(option): given more than once; give it only once"
        }
    }
}
