import ShaderFXCore
/// What a subcommand accepts and how it explains itself: the input of parsing and of `--help`.
///
/// Build one per command; options may be added at run time (e.g. one option per effect
/// parameter) with `addOption(_:)` or `addingOptions(_:)`. `-h`/`--help` is built in.
struct CommandDescription: Sendable {
    /// The subcommand name, e.g. `render`.
    let name: String
    /// One line shown in the tool's command list and at the top of the help.
    var abstract: String
    /// Longer explanation shown after the abstract; line breaks are kept, lines are wrapped.
    var discussion: String
    /// Example invocations for the EXAMPLES section.
    var examples: [UsageExample]
    /// The positional arguments, in order.
    let arguments: [ArgumentDescription]
    /// The options, in help order.
    private(set) var options: [OptionDescription] = []
    /// The command type the description was made from (`ParsableCommand.commandDescription`),
    /// which dispatch runs; nil for a description written by hand.
    var commandType: (any ParsableCommand.Type)?

    /// Describes a command.
    /// - Parameters:
    ///   - name: the subcommand name.
    ///   - abstract: a one-line summary.
    ///   - discussion: a longer explanation (may be empty).
    ///   - arguments: the positional arguments: required ones first, only the last repeatable.
    ///   - options: the options; names and short aliases must be unique.
    ///   - examples: example invocations.
    init(
        name: String, abstract: String, discussion: String = "",
        arguments: [ArgumentDescription] = [], options: [OptionDescription] = [],
        examples: [UsageExample] = []
    ) {
        for (index, argument) in arguments.enumerated() {
            precondition(!argument.isRepeatable || index == arguments.count - 1,
                         "<\(argument.name)>: only the last argument may be repeatable")
            precondition(argument.isOptional || index == 0 || !arguments[index - 1].isOptional,
                         "<\(argument.name)>: a required argument cannot follow an optional one")
        }
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.examples = examples
        for option in options { addOption(option) }
    }

    /// Adds an option at the end of the list.
    /// - Parameter option: the option; its name and short alias must not be taken.
    mutating func addOption(_ option: OptionDescription) {
        precondition(self.option(named: option.name) == nil, "--\(option.name) is declared twice")
        if let short = option.shortName {
            precondition(self.option(short: short) == nil, "-\(short) is declared twice")
        }
        options.append(option)
    }

    /// A copy with more options added at the end.
    /// - Parameter options: the options to add, e.g. one per effect parameter.
    /// - Returns: the extended description.
    func addingOptions(_ options: [OptionDescription]) -> CommandDescription {
        var copy = self
        for option in options { copy.addOption(option) }
        return copy
    }

    /// The option with this long name, if declared.
    /// - Parameter name: the long name without dashes.
    func option(named name: String) -> OptionDescription? {
        options.first { $0.name == name }
    }

    /// The option with this short alias, if declared.
    /// - Parameter short: the letter after `-`.
    func option(short: Character) -> OptionDescription? {
        options.first { $0.shortName == short }
    }

    /// Parses the arguments that follow the subcommand name.
    ///
    /// Accepts `--name value`, `--name=value`, `-x value`, `-xvalue`, clustered short flags
    /// (`-vq`), and `--` to end options. A value may start with `-` when it looks like a
    /// number (`--time -1`, `--origin -5,10`); otherwise write `--name=-value`. A `-h` or
    /// `--help` anywhere before `--` makes the result a help request and skips all checks.
    /// - Parameters:
    ///   - arguments: the command-line words after the subcommand name.
    ///   - collectingUnknownOptions: when true, an undeclared `--name value` (or `--name=value`)
    ///     is kept in `collectedOptions` instead of failing, for a second stage to check with
    ///     `ParsedArguments.checkCollectedOptions(allowed:)`; unknown short options still fail.
    ///     Required options are not checked when any option was collected: parse again strictly.
    /// - Returns: the parsed arguments, or a help request.
    /// - Throws: `UsageError` for the first mistake found.
    func parse(
        _ arguments: [String], collectingUnknownOptions: Bool = false
    ) throws(UsageError) -> ParsedArguments {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains(where: { $0 == "-h" || $0 == "--help" }) {
            return ParsedArguments(command: self, helpRequested: true, collecting: collectingUnknownOptions)
        }
        var scanner = ArgumentScanner(command: self, tokens: arguments, collecting: collectingUnknownOptions)
        try scanner.scan()
        let positionals = try assignPositionals(scanner.positionals)
        // A collected unknown option may be a misspelt required one: leave the required check
        // to the second stage, so the user hears "did you mean --output?" rather than "missing --output".
        if scanner.collected.isEmpty,
           let missing = options.first(where: { $0.isRequired && scanner.occurrences[$0.name] == nil }) {
            throw .missingOption(missing.usage)
        }
        return ParsedArguments(
            command: self, helpRequested: false, collecting: collectingUnknownOptions,
            arguments: scanner.positionals, positionalValues: positionals,
            occurrences: scanner.occurrences, collectedOptions: scanner.collected)
    }

    /// Parses one stage of a chain (the words after `--then NAME`) with the same tokeniser:
    /// the stage's own options are parsed here, and options of `fallback` (the command's own,
    /// such as `-o`, which may stand anywhere) are handed back as typed, with their values.
    /// - Parameters:
    ///   - arguments: the stage's words.
    ///   - fallback: the command whose options may appear among them.
    /// - Returns: the stage's parse, and the words that belong to the command.
    /// - Throws: `UsageError` for an option neither declares, and for the stage's own mistakes.
    func parse(_ arguments: [String], handingBackOptionsOf fallback: CommandDescription) throws(UsageError)
        -> (parsed: ParsedArguments, handedBack: [String])
    {
        var scanner = ArgumentScanner(command: self, tokens: arguments, collecting: false, fallback: fallback)
        try scanner.scan()
        let positionals = try assignPositionals(scanner.positionals)
        if let missing = options.first(where: { $0.isRequired && scanner.occurrences[$0.name] == nil }) {
            throw .missingOption(missing.usage)
        }
        let parsed = ParsedArguments(command: self, helpRequested: false, collecting: false, arguments: scanner.positionals,
                                     positionalValues: positionals, occurrences: scanner.occurrences)
        return (parsed, scanner.handedBack)
    }

    /// Hands the positional words to the declared arguments in order.
    private func assignPositionals(_ words: [String]) throws(UsageError) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var next = 0
        for argument in arguments {
            let taken = argument.isRepeatable ? words.count - next : min(1, words.count - next)
            values[argument.name] = Array(words[next..<(next + taken)])
            next += taken
            if taken == 0 && !argument.isOptional { throw .missingArgument("<\(argument.name)>") }
        }
        if next < words.count { throw .unexpectedArgument(words[next]) }
        return values
    }
}

/// Walks the command-line words once, sorting them into options and positional words.
private struct ArgumentScanner {
    let command: CommandDescription
    let tokens: [String]
    let collecting: Bool
    /// Whose options are handed back, words as typed, rather than parsed (a chain's command).
    let fallback: CommandDescription?
    var index = 0
    var occurrences: [String: [String]] = [:]
    var positionals: [String] = []
    var collected: [CollectedOption] = []
    /// The words of `fallback`'s options, in order.
    var handedBack: [String] = []

    init(command: CommandDescription, tokens: [String], collecting: Bool, fallback: CommandDescription? = nil) {
        self.command = command
        self.tokens = tokens
        self.collecting = collecting
        self.fallback = fallback
    }

    /// Hands `word` back to the fallback command, with the next word when `option` takes a
    /// value that `word` does not hold.
    private mutating func handBack(_ word: String, _ option: OptionDescription, holdsValue: Bool) {
        handedBack.append(word)
        if option.kind == .value, !holdsValue, let value = takeValue() { handedBack.append(value) }
    }

    mutating func scan() throws(UsageError) {
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if optionsEnded || !Self.isOptionLike(token) {
                positionals.append(token)
            } else if token == "--" {
                optionsEnded = true
            } else if token.hasPrefix("--") {
                try scanLong(token.dropFirst(2))
            } else {
                try scanShort(token.dropFirst())
            }
        }
    }

    /// `--name`, `--name value` or `--name=value`.
    private mutating func scanLong(_ body: Substring) throws(UsageError) {
        let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let inline = parts.count > 1 ? String(parts[1]) : nil
        if name == "help", let inline { throw .unexpectedValue(option: "--help", value: inline) }
        if command.option(named: name) == nil, let option = fallback?.option(named: name) {
            handBack("--" + body, option, holdsValue: inline != nil)
        } else if let option = command.option(named: name) {
            switch option.kind {
            case .flag:
                if let inline { throw .unexpectedValue(option: "--\(name)", value: inline) }
                try record(option, value: "")
            case .value:
                guard let value = inline ?? takeValue() else {
                    throw .missingValue(option: "--\(name)", valueName: option.valueName)
                }
                try record(option, value: value)
            }
        } else if collecting && OptionDescription.isValidName(name) {
            guard let value = inline ?? takeValue() else {
                throw .missingValue(option: "--\(name)", valueName: "VALUE")
            }
            if collected.contains(where: { $0.name == name }) { throw .duplicateOption("--\(name)") }
            collected.append(CollectedOption(name: name, value: value))
        } else {
            let known = command.options.map(\.name) + ["help"]
            throw .unknownOption("--\(name)", suggestion: TextUtilities.suggestion(for: name, among: known).map { "--\($0)" })
        }
    }

    /// `-x`, `-x value`, `-xvalue`, `-x=value` or a cluster of flags `-abc`.
    private mutating func scanShort(_ body: Substring) throws(UsageError) {
        if let letter = body.first, command.option(short: letter) == nil, let option = fallback?.option(short: letter) {
            handBack("-" + body, option, holdsValue: body.count > 1)
            return
        }
        var rest = body
        while let letter = rest.first {
            rest = rest.dropFirst()
            guard let option = command.option(short: letter) else {
                // `-output` is likely a mistyped `--output`.
                let long = command.option(named: String(body)) != nil ? "--\(body)" : nil
                throw .unknownOption("-\(letter)", suggestion: long)
            }
            if option.kind == .flag {
                try record(option, value: "")
                continue
            }
            let attached: String? = rest.hasPrefix("=") ? String(rest.dropFirst()) : rest.isEmpty ? nil : String(rest)
            guard let value = attached ?? takeValue() else {
                throw .missingValue(option: "-\(letter)", valueName: option.valueName)
            }
            try record(option, value: value)
            return
        }
    }

    /// The next word when it can be a value: anything that is not an option or `--`.
    private mutating func takeValue() -> String? {
        guard index < tokens.count, !Self.isOptionLike(tokens[index]) else { return nil }
        index += 1
        return tokens[index - 1]
    }

    private mutating func record(_ option: OptionDescription, value: String) throws(UsageError) {
        if !option.isRepeatable && occurrences[option.name] != nil { throw .duplicateOption("--\(option.name)") }
        occurrences[option.name, default: []].append(value)
    }

    /// True for words that start an option: `-` then more, but not a negative number
    /// (`-1`, `-.5`, `-5,10`). A lone `-` (standard input) is a value.
    static func isOptionLike(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        let body = token.dropFirst()
        let digits = body.first == "." ? body.dropFirst() : body
        return !(digits.first.map { $0.isASCII && $0.isNumber } ?? false)
    }
}
