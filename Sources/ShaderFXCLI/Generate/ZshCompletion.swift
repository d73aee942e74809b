/// The zsh completion function `_shaderfx`: commands with their abstracts, each command's
/// options with their help for `_arguments`, the values of options (choices, files, folders),
/// positional arguments, and the options a word adds (a built-in effect's parameters).
enum ZshCompletion {
    /// The script.
    /// - Parameter reference: the tool and its commands.
    /// - Returns: zsh source for a file `_shaderfx` on `$fpath`, ending with a newline.
    static func script(_ reference: ToolReference) -> String {
        let tool = reference.tool.name
        let function = "_" + String(tool.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        var lines = [
            "#compdef \(tool)",
            "# zsh completion for \(tool) \(reference.tool.version ?? ""), written by '\(tool) generate zsh' from the",
            "# options that --help lists. Install it as _\(tool) in a folder on $fpath (share/zsh/site-functions).",
            "",
        ]
        for command in reference.commands {
            lines += commandFunction(command, function: function)
        }

        let commandList = reference.commands.map { quoted(describeItem($0.name, $0.description.abstract)) }
            + [quoted(describeItem("help", "Show the help of a command."))]
        var top = ["'(- *)'{-h,--help}'[Show this help.]'"]
        if reference.tool.version != nil { top.append("'(- *)--version[Show the version.]'") }
        lines += [
            "\(function)() {",
            "    local curcontext=$curcontext state state_descr line ret=1",
            "    typeset -A opt_args",
            "    _arguments -C \\",
        ]
        lines += top.map { "        \($0) \\" }
        lines += [
            "        '1: :->command' \\",
            "        '*:: :->argument' && ret=0",
            "    case $state in",
            "        (command)",
            "            local -a commands=(",
        ]
        lines += commandList.map { "                \($0)" }
        lines += [
            "            )",
            "            _describe -t commands '\(tool) command' commands && ret=0 ;;",
            "        (argument)",
            "            curcontext=${curcontext%:*:*}:\(tool)-$words[1]:",
            "            case $words[1] in",
            "                (help) _arguments '1:command:(\(reference.commandNames.joined(separator: " ")))' && ret=0 ;;",
        ]
        lines += reference.commands.map { "                (\($0.name)) \(function)_\(identifier($0.name)) && ret=0 ;;" }
        lines += [
            "            esac ;;",
            "    esac",
            "    return ret",
            "}",
            "",
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            "    \(function) \"$@\"",
            "else",
            "    compdef \(function) \(tool)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `_shaderfx_render`: the `_arguments` specs of one command, plus those its words add.
    private static func commandFunction(_ command: ToolReference.Command, function: String) -> [String] {
        var specs = command.description.options.map(spec)
        specs.append("'(- *)'{-h,--help}'[Show this help.]'")
        if command.acceptsEffectChain, let effects = command.description.arguments.first?.completion {
            specs.append(quoted("*--then[chain another built-in effect, with its own parameters]:effect:" + action(effects)))
        }
        for (index, argument) in command.description.arguments.enumerated() {
            let position = argument.isRepeatable ? "*" : "\(index + 1)"
            let optional = argument.isOptional ? ":" : ""
            specs.append(quoted("\(position)\(optional):\(message(argument.name)):" + action(argument.completion)))
        }
        var lines = ["\(function)_\(identifier(command.name))() {", "    local -a specs=("]
        lines += specs.map { "        \($0)" }
        lines.append("    )")
        if !command.addedOptions.isEmpty {
            lines += ["    local word", "    for word in $words[2,-1]; do", "        case $word in"]
            for group in command.addedOptions {
                lines.append("            (\(group.word)) specs+=(" + group.options.map(spec).joined(separator: " ") + ") ;;")
            }
            lines += ["        esac", "    done", "    typeset -U specs"]
        }
        lines += ["    _arguments -s -S : $specs", "}", ""]
        return lines
    }

    /// One option as an `_arguments` spec: `'(-o --output)'{-o+,--output=}'[help]:FILE:_files'`.
    private static func spec(_ option: OptionDescription) -> String {
        let help = "[" + bracketed(ToolReference.shortHelp(option.help)) + "]"
        let value = option.kind == .flag ? "" : ":" + message(option.valueName) + ":" + action(option.completion)
        let long = "--" + option.name + (option.kind == .flag ? "" : "=")
        let repeated = option.isRepeatable ? "*" : ""
        guard let short = option.shortName else { return quoted(repeated + long + help + value) }
        let shortForm = "-\(short)" + (option.kind == .flag ? "" : "+")
        let exclusion = option.isRepeatable ? "'*'" : quoted("(-\(short) --\(option.name))")
        return exclusion + "{\(shortForm),\(long)}" + quoted(help + value)
    }

    /// What `_arguments` runs to complete a value.
    private static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: " "
        case .files: "_files"
        case .directories: "_files -/"
        case let .choices(choices) where choices.contains(where: { !$0.summary.isEmpty }):
            "((" + choices.map { describeItem($0.word, $0.summary, inAction: true) }.joined(separator: " ") + "))"
        case .choices: "(" + completion.words.joined(separator: " ") + ")"
        }
    }

    /// `word:summary` for `_describe`, or `word\:"summary"` inside a `((...))` action, where
    /// every colon is escaped too (`_arguments` reads one as the start of a further argument).
    private static func describeItem(_ word: String, _ summary: String, inAction: Bool = false) -> String {
        let short = ToolReference.shortHelp(summary)
        guard inAction else { return word + ":" + short }
        let escaped = short.reduce(into: "") { out, c in
            if "\\\"$`:".contains(c) { out.append("\\") }
            out.append(c)
        }
        return word + "\\:\"" + escaped + "\""
    }

    /// A message after `:` in a spec: colons escaped.
    private static func message(_ text: String) -> String {
        text.replacingOccurrences(of: ":", with: "\\:")
    }

    /// Help inside `[...]`: backslashes and brackets escaped.
    private static func bracketed(_ text: String) -> String {
        text.reduce(into: "") { out, c in
            if "\\[]".contains(c) { out.append("\\") }
            out.append(c)
        }
    }

    /// `text` in single quotes for the shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A command name as part of a function name.
    private static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
