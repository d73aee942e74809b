/// One positional argument of a command, such as the effect name of `render`.
struct ArgumentDescription: Sendable, Equatable {
    /// The name shown in help and errors as `<name>`.
    let name: String
    /// One or two sentences for the ARGUMENTS section of the help.
    let help: String
    /// True when the argument may be left out.
    let isOptional: Bool
    /// True when the argument takes all remaining positional values (only the last may be).
    let isRepeatable: Bool
    /// What a shell offers for it.
    let completion: ValueCompletion

    /// Describes a positional argument.
    /// - Parameters:
    ///   - name: the name shown as `<name>`, e.g. `effect`.
    ///   - help: the help text.
    ///   - optional: whether it may be left out; a repeatable optional argument takes zero or more values.
    ///   - repeatable: whether it takes every remaining positional value; only the last argument may.
    ///   - completion: what a shell offers for it (file names, folders, the effect names, ...).
    init(_ name: String, help: String, optional: Bool = false, repeatable: Bool = false,
         completion: ValueCompletion = .none) {
        precondition(!name.isEmpty, "an argument needs a name")
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeatable = repeatable
        self.completion = completion
    }

    /// The usage form: `<name>`, `[<name>]`, `<name> ...` or `[<name> ...]`.
    var usage: String {
        let core = "<\(name)>" + (isRepeatable ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}

/// One `--long` option of a command: a flag, or an option that takes a value.
struct OptionDescription: Sendable, Equatable {
    /// Whether the option takes a value.
    enum Kind: Sendable, Equatable {
        /// Present or absent; takes no value (`--verbose`).
        case flag
        /// Takes one value per occurrence (`--output FILE`, `--output=FILE`, `-o FILE`).
        case value
    }

    /// The long name without dashes: `output` for `--output`.
    let name: String
    /// The optional one-letter alias: `o` for `-o`.
    let shortName: Character?
    /// Flag or value.
    let kind: Kind
    /// What the value is, shown as `<FILE>` in help; empty for flags.
    let valueName: String
    /// One or two sentences for the help.
    let help: String
    /// The value used when the option is absent, also shown in help as `(default: 20)`.
    let defaultValue: String?
    /// True when the option may be given more than once (`--arg a=1 --arg b=2`).
    let isRepeatable: Bool
    /// True when parsing fails without this option.
    let isRequired: Bool
    /// The help section that lists it, `OPTIONS` unless set (e.g. `EFFECT PARAMETERS`).
    let section: String
    /// What a shell offers for the value; `.none` for flags.
    let completion: ValueCompletion

    /// Describes a flag, an option without a value.
    /// - Parameters:
    ///   - name: the long name without dashes, e.g. `verbose`.
    ///   - short: an optional one-letter alias (a letter other than `h`).
    ///   - help: the help text.
    ///   - repeatable: whether it may be given more than once (see `ParsedArguments.count(_:)`).
    ///   - section: the help section that lists it.
    static func flag(
        _ name: String, short: Character? = nil, help: String,
        repeatable: Bool = false, section: String = "OPTIONS"
    ) -> OptionDescription {
        OptionDescription(
            name: name, shortName: short, kind: .flag, valueName: "", help: help,
            defaultValue: nil, isRepeatable: repeatable, isRequired: false, section: section, completion: .none)
    }

    /// Describes an option that takes a value.
    /// - Parameters:
    ///   - name: the long name without dashes, e.g. `output`.
    ///   - short: an optional one-letter alias (a letter other than `h`).
    ///   - valueName: what the value is, shown as `<FILE>`.
    ///   - help: the help text.
    ///   - default: the value used when the option is absent; shown in help.
    ///   - required: whether parsing fails without it (then it has no default).
    ///   - repeatable: whether it may be given more than once.
    ///   - section: the help section that lists it.
    ///   - completion: what a shell offers for the value; by default what `valueName` says
    ///     (`FILE` and `PATH` complete file names, `DIR` folders).
    static func value(
        _ name: String, short: Character? = nil, valueName: String = "VALUE", help: String,
        default defaultValue: String? = nil, required: Bool = false, repeatable: Bool = false,
        section: String = "OPTIONS", completion: ValueCompletion? = nil
    ) -> OptionDescription {
        precondition(!(required && defaultValue != nil), "--\(name): a required option has no default")
        return OptionDescription(
            name: name, shortName: short, kind: .value, valueName: valueName, help: help,
            defaultValue: defaultValue, isRepeatable: repeatable, isRequired: required, section: section,
            completion: completion ?? ValueCompletion(valueName: valueName))
    }

    private init(
        name: String, shortName: Character?, kind: Kind, valueName: String, help: String,
        defaultValue: String?, isRepeatable: Bool, isRequired: Bool, section: String, completion: ValueCompletion
    ) {
        precondition(Self.isValidName(name), "invalid option name '\(name)'")
        precondition(name != "help", "--help is built in")
        if let shortName {
            precondition(shortName.isLetter && shortName.isASCII && shortName != "h",
                         "-\(shortName): a short alias is one ASCII letter other than h")
        }
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.section = section
        self.completion = completion
    }

    /// True for names an option can have: not empty, no leading dash, no `=` or spaces.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("-") && !name.contains("=") && !name.contains(where: \.isWhitespace)
    }

    /// The usage form: `--output <FILE>` or `--verbose`.
    var usage: String {
        kind == .flag ? "--\(name)" : "--\(name) <\(valueName)>"
    }
}

/// What a shell offers when completing a value or a positional argument; the completion
/// scripts of `shaderfx generate` are written from it.
enum ValueCompletion: Sendable, Equatable {
    /// Nothing to offer (a number, a size, a colour).
    case none
    /// File names (and folders on the way to them).
    case files
    /// Folder names.
    case directories
    /// One of these words.
    case choices([Choice])

    /// One word a value may be, with a line on what it is (empty when the word says it all).
    struct Choice: Sendable, Equatable {
        let word: String
        let summary: String
    }

    /// One of `words`, without summaries.
    static func words(_ words: [String]) -> ValueCompletion {
        .choices(words.map { Choice(word: $0, summary: "") })
    }

    /// What a value called `valueName` in help is: `FILE`, `PATH` or `DIR/|FILE.png` name files,
    /// `DIR` folders, anything else nothing a shell can list.
    init(valueName: String) {
        let parts = Set(valueName.split(whereSeparator: { !$0.isLetter }).map(String.init))
        if !parts.isDisjoint(with: ["FILE", "PATH"]) {
            self = .files
        } else if parts.contains("DIR") {
            self = .directories
        } else {
            self = .none
        }
    }

    /// The words of a choice, or none.
    var words: [String] {
        if case let .choices(choices) = self { choices.map(\.word) } else { [] }
    }
}

/// An example invocation for the EXAMPLES section of the help.
struct UsageExample: Sendable, Equatable {
    /// The command line, shown as is (never wrapped, so it can be copied).
    let command: String
    /// What it does, shown above the command; may be empty.
    let explanation: String

    /// Describes an example.
    /// - Parameters:
    ///   - command: the full command line, e.g. `shaderfx render ripple -o out.png`.
    ///   - explanation: one line on what it does.
    init(_ command: String, explanation: String = "") {
        self.command = command
        self.explanation = explanation
    }
}
