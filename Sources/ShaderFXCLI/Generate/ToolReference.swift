/// The whole command line as the man page and the completion scripts describe it: every
/// command of the registry with the options it declares, and the options a positional word adds
/// (a built-in effect's or transition's parameters). It is read from the same declarations as
/// `--help` and the parser, so no generated file can list an option the binary does not take.
struct ToolReference {
    /// One command and what may be typed after it.
    struct Command {
        /// The command as the parser and `--help` see it.
        let description: CommandDescription
        /// For each choice of the first argument that adds options, those options, in the
        /// choices' order (`ripple` adds `--origin`, `--time`, ...); empty for most commands.
        let addedOptions: [AddedOptions]
        /// Whether `--then NAME [--PARAM VALUE ...]` chains more built-in effects (each adding
        /// its own options, the same as in `addedOptions`).
        let acceptsEffectChain: Bool

        /// The name, e.g. `render`.
        var name: String { description.name }

        /// The options `word` adds, or none.
        func options(addedBy word: String) -> [OptionDescription] {
            addedOptions.first { $0.word == word }?.options ?? []
        }
    }

    /// The options one positional word adds to a command.
    struct AddedOptions {
        /// The word, e.g. `ripple`.
        let word: String
        /// What the word is (the effect's summary), or empty.
        let summary: String
        /// The options, e.g. `--amplitude`.
        let options: [OptionDescription]
    }

    /// The tool: name, abstract, discussion, version.
    let tool: ToolDescription
    /// The commands, in help order.
    let commands: [Command]

    /// The reference of `tool`, whose commands are `types` (in the same order).
    /// - Parameters:
    ///   - tool: the tool's description.
    ///   - types: the command types of the registry.
    init(tool: ToolDescription, types: [any ParsableCommand.Type]) {
        self.tool = tool
        commands = types.map { type in
            let description = type.commandDescription
            return Command(description: description, addedOptions: Self.addedOptions(type, description),
                           acceptsEffectChain: type.acceptsEffectChain)
        }
    }

    /// `shaderfx` itself, from `ShaderFXCLI.commands`.
    static var shaderfx: ToolReference {
        ToolReference(tool: ShaderFXCLI.tool, types: ShaderFXCLI.commands)
    }

    /// The command names, in help order.
    var commandNames: [String] { commands.map(\.name) }

    /// Asks a command with dynamic options what each choice of its first argument adds, as
    /// `shaderfx render ripple --help` does.
    private static func addedOptions(_ type: any ParsableCommand.Type, _ description: CommandDescription) -> [AddedOptions] {
        guard type.hasDynamicOptions, case let .choices(choices)? = description.arguments.first?.completion else { return [] }
        return choices.compactMap { choice in
            let words = [choice.word, "--help"]
            guard let first = try? description.parse(words, collectingUnknownOptions: true),
                  let options = try? type.dynamicOptions(first, words: words), !options.isEmpty else { return nil }
            return AddedOptions(word: choice.word, summary: choice.summary, options: options)
        }
    }

    /// A help text cut to its first clause (up to a `; ` outside brackets) and about `limit`
    /// characters, for the one-line descriptions of completion menus.
    /// - Parameters:
    ///   - help: the option's help.
    ///   - limit: the most characters to keep before cutting at a word.
    /// - Returns: the short form, ending in `...` when cut.
    static func shortHelp(_ help: String, limit: Int = 70) -> String {
        var clause = ""
        var depth = 0
        var previous: Character = " "
        for character in words(help).joined(separator: " ") {
            if character == " " && previous == ";" && depth == 0 {
                clause.removeLast()
                break
            }
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth = max(0, depth - 1) }
            clause.append(character)
            previous = character
        }
        guard clause.count > limit else { return clause }
        var kept = ""
        for word in words(clause) {
            if kept.count + word.count + 1 > limit { break }
            kept += kept.isEmpty ? word : " " + word
        }
        return kept + "..."
    }
}
