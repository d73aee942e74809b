import ShaderFXCore

/// A set of command-line inputs declared as wrapped properties (`@Option`, `@Flag`,
/// `@Argument`, `@OptionGroup`): a whole command, or a group shared by several.
///
/// The property's name is the option's name (`maxSampleOffset` is `--max-sample-offset`), so
/// command code reads typed properties and never looks an option up by a string.
protocol ParsableArguments {
    /// A value whose properties hold their defaults, before parsing.
    init()
}

/// A `shaderfx` subcommand: its inputs are its wrapped properties, parsed once by
/// `CommandRunner`; `run` does the work.
protocol ParsableCommand: ParsableArguments, SendableMetatype {
    /// The name, one-line summary, discussion and examples for dispatch and `--help`.
    static var configuration: CommandConfiguration { get }

    /// Options that exist only once the positional words are known, such as a built-in
    /// effect's parameters. The default is none.
    /// - Parameters:
    ///   - first: a first, lenient parse of the words (unknown `--name value` pairs kept; with
    ///     `--help` it stops early and holds no positional words).
    ///   - words: the words themselves, for finding a name when help was asked for.
    static func dynamicOptions(_ first: ParsedArguments, words: [String]) throws(UsageError) -> [OptionDescription]

    /// Whether `--then NAME [--PARAM VALUE ...]` chains further built-in effects (default: no).
    static var acceptsEffectChain: Bool { get }

    /// Whether a chained `--then --shader` stage takes `--time-arg` and `--keyframe` (default: no).
    static var animatesEffectChain: Bool { get }

    /// Does the work and returns the exit code.
    /// - Parameters:
    ///   - context: the dynamic option values and any chained effects.
    ///   - output: standard output and error.
    func run(_ context: CommandContext, output: inout Output) throws -> Int32
}

extension ParsableCommand {
    static func dynamicOptions(_ first: ParsedArguments, words: [String]) throws(UsageError) -> [OptionDescription] { [] }
    static var acceptsEffectChain: Bool { false }
    static var animatesEffectChain: Bool { false }
    /// Whether the command declares `dynamicOptions` (then parsing takes two passes).
    static var hasDynamicOptions: Bool { self is any DynamicOptionsCommand.Type }
}

/// Marks a command whose options depend on its positional words (parsed in two passes).
protocol DynamicOptionsCommand: ParsableCommand {}

/// What a command says of itself for dispatch and `--help`.
struct CommandConfiguration {
    /// The subcommand name, e.g. `render`.
    let name: String
    /// One line for the tool's command list and the top of the help.
    let abstract: String
    /// Longer explanation after the abstract; line breaks are kept.
    var discussion: String = ""
    /// Example invocations.
    var examples: [UsageExample] = []
}

/// What a running command gets beside its own properties.
struct CommandContext {
    /// The whole parse, for options added by `dynamicOptions` (looked up by the names the
    /// command itself generated from an effect's parameter table).
    let parsed: ParsedArguments
    /// Effects chained with `--then`, in order (empty unless the command accepts chains).
    let chain: [EffectChain.Stage]
}

extension ParsableArguments {
    /// Every wrapped property with its name, in declaration order (groups included as groups).
    func parsedProperties() -> [(label: String, property: any ParsedProperty)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label, let property = child.value as? any ParsedProperty else { return nil }
            return (label, property)
        }
    }

    /// The options and positional arguments the properties declare.
    static func declarations() -> [DeclaredInput] {
        Self().parsedProperties().flatMap { $0.property.declarations(label: $0.label) }
    }

    /// Fills every property from `parsed`.
    func bind(from parsed: ParsedArguments) throws(UsageError) {
        for (label, property) in parsedProperties() { try property.bind(label: label, from: parsed) }
    }
}

extension ParsableCommand {
    /// The command as the parser and the help see it: configuration plus declared inputs.
    static var commandDescription: CommandDescription {
        let declared = declarations()
        var description = CommandDescription(
            name: configuration.name, abstract: configuration.abstract, discussion: configuration.discussion,
            arguments: declared.compactMap { if case let .argument(a) = $0 { a } else { nil } },
            options: declared.compactMap { if case let .option(o) = $0 { o } else { nil } },
            examples: configuration.examples)
        description.commandType = self
        return description
    }
}

/// Parses a command's words into a command value and runs it: the one path every command
/// takes, so help, two-pass parsing for dynamic options, `--then` chains and errors behave
/// alike everywhere.
enum CommandRunner {
    /// What the words ask for: the help text, or a command ready to run.
    enum Parsed<C: ParsableCommand> {
        case help(String)
        case command(C, CommandContext)
    }

    /// Parses `words` (after the subcommand name) for `type` and runs it.
    static func run<C: ParsableCommand>(_ type: C.Type, _ words: [String], output: inout Output) throws -> Int32 {
        switch try parse(type, words) {
        case let .help(text):
            output.print(text)
            return 0
        case let .command(command, context):
            return try command.run(context, output: &output)
        }
    }

    /// Parses `words` into a command value with every property bound, or a help request.
    static func parse<C: ParsableCommand>(_ type: C.Type, _ words: [String]) throws -> Parsed<C> {
        let base = C.commandDescription
        var words = words
        var stages: [EffectChain.Stage] = []
        if C.acceptsEffectChain {
            let chain = try EffectChain(words, command: base, animates: C.animatesEffectChain)
            words = chain.arguments
            stages = chain.stages
        }
        var description = base
        if C.hasDynamicOptions {
            // A first pass finds the positional words, whose options are then added.
            let first = try base.parse(words, collectingUnknownOptions: true)
            let extra = try C.dynamicOptions(first, words: words)
            description = base.addingOptions(extra)
            if first.isHelpRequested { return .help(description.helpText()) }
            // A misspelt option is reported before anything it may have caused, such as a missing --output.
            try first.checkCollectedOptions(allowed: extra.map(\.name))
        }
        let parsed = try description.parse(words)
        if parsed.isHelpRequested { return .help(description.helpText()) }
        let command = C()
        try command.bind(from: parsed)
        return .command(command, CommandContext(parsed: parsed, chain: stages))
    }
}
