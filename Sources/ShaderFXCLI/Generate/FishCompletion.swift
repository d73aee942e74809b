/// The fish completions: commands with their abstracts, each command's options with their
/// help, the values of options (choices, files, folders), positional arguments, and the options a
/// word adds (a built-in effect's parameters once its name is on the line).
enum FishCompletion {
    /// The script.
    /// - Parameter reference: the tool and its commands.
    /// - Returns: fish source for `vendor_completions.d/shaderfx.fish`, ending with a newline.
    static func script(_ reference: ToolReference) -> String {
        let tool = reference.tool.name
        let complete = "complete -c \(tool)"
        var lines = [
            "# fish completion for \(tool) \(reference.tool.version ?? ""), written by '\(tool) generate fish' from the",
            "# options that --help lists. Install it as share/fish/vendor_completions.d/\(tool).fish.",
            "",
            "# Only the options and arguments below that take files complete file names.",
            "\(complete) -f",
            "\(complete) -n __fish_use_subcommand -s h -l help -d 'Show this help'",
        ]
        if reference.tool.version != nil { lines.append("\(complete) -n __fish_use_subcommand -l version -d 'Show the version'") }
        for command in reference.commands {
            lines.append("\(complete) -n __fish_use_subcommand -a \(command.name) -d \(quoted(ToolReference.shortHelp(command.description.abstract)))")
        }
        lines.append("\(complete) -n __fish_use_subcommand -a help -d 'Show the help of a command'")
        lines.append("\(complete) -n '__fish_seen_subcommand_from help' -a " + quoted(reference.commandNames.joined(separator: " ")))

        for command in reference.commands {
            let condition = "-n " + quoted("__fish_seen_subcommand_from \(command.name)")
            lines += ["", "# \(command.name)"]
            for option in command.description.options {
                lines.append("\(complete) \(condition) " + self.option(option))
            }
            lines.append("\(complete) \(condition) -s h -l help -d 'Show this help'")
            if command.acceptsEffectChain, let effects = command.description.arguments.first?.completion {
                lines.append("\(complete) \(condition) -l then \(values(effects)) -d 'Chain another built-in effect'")
            }
            for argument in command.description.arguments {
                switch argument.completion {
                case .none: break
                case .files: lines.append("\(complete) \(condition) -F")
                case .directories: lines.append("\(complete) \(condition) -a '(__fish_complete_directories)'")
                case let .choices(choices):
                    for choice in choices {
                        let summary = choice.summary.isEmpty ? "" : " -d " + quoted(ToolReference.shortHelp(choice.summary))
                        lines.append("\(complete) \(condition) -a \(quoted(choice.word))\(summary)")
                    }
                }
            }
            for group in command.addedOptions {
                let added = "-n " + quoted("__fish_seen_subcommand_from \(command.name); and __fish_seen_subcommand_from \(group.word)")
                for option in group.options {
                    lines.append("\(complete) \(added) " + self.option(option))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-s o -l output -r -F -d '...'`: an option's names, what its value completes, its help.
    private static func option(_ option: OptionDescription) -> String {
        var parts = option.shortName.map { ["-s", String($0)] } ?? []
        parts += ["-l", option.name]
        if option.kind == .value { parts.append(values(option.completion)) }
        parts += ["-d", quoted(ToolReference.shortHelp(option.help))]
        return parts.joined(separator: " ")
    }

    /// What a value completes: `-r -F` files, `-x -a '...'` choices or folders, `-x` nothing.
    private static func values(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: "-x"
        case .files: "-r -F"
        case .directories: "-x -a '(__fish_complete_directories)'"
        case .choices: "-x -a " + quoted(completion.words.joined(separator: " "))
        }
    }

    /// `text` in single quotes for fish: backslashes and quotes escaped.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
