import ShaderFXCore

/// `shaderfx generate`: the man page and the shell completion scripts, written from the same
/// declarations as `--help`, so they list exactly the commands and options this binary takes.
struct GenerateCommand: ParsableCommand {
    /// What can be written.
    enum Artifact: String, CaseIterable {
        /// The man page, `shaderfx.1`.
        case man
        /// The bash completion script.
        case bash
        /// The zsh completion function `_shaderfx`.
        case zsh
        /// The fish completions, `shaderfx.fish`.
        case fish

        /// The text of the artifact for `reference`.
        func text(_ reference: ToolReference) -> String {
            switch self {
            case .man: ManPage.page(reference)
            case .bash: BashCompletion.script(reference)
            case .zsh: ZshCompletion.script(reference)
            case .fish: FishCompletion.script(reference)
            }
        }
    }

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "generate",
            abstract: "Write the man page or a shell completion script (bash, zsh, fish).",
            discussion: """
                Both come from the declarations --help is written from: every command, every option with its \
                help, value name and default, the choices of an option, and each built-in effect's and \
                transition's parameters. 'make dist' puts them in the release tarball under share/.
                """,
            examples: [
                UsageExample("shaderfx generate man -o shaderfx.1 && man -l shaderfx.1"),
                UsageExample("source <(shaderfx generate bash)", explanation: "completion in the running bash"),
                UsageExample("shaderfx generate zsh -o ~/.zfunc/_shaderfx",
                             explanation: "for zsh, in a folder on $fpath"),
                UsageExample("shaderfx generate fish -o ~/.config/fish/completions/shaderfx.fish"),
            ])
    }

    @Argument(help: "what to write: man (the man page, roff), or the completion script for bash, zsh or fish",
              completion: .words(Artifact.allCases.map(\.rawValue)))
    var artifact: String
    @Option(short: "o", valueName: "FILE", help: "write it to FILE instead of standard output")
    var output: String?

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        guard let artifact = Artifact(rawValue: artifact) else {
            throw UsageError.invalidValue(option: "artifact", value: artifact,
                                          expected: Artifact.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let text = artifact.text(.shaderfx)
        if let output {
            try OutputFile.write(Array(text.utf8), to: output)
        } else {
            out.print(String(text.dropLast()))
        }
        return 0
    }
}
