/// The bash completion script: command names, each command's options, the values of options
/// that have choices, files or folders, positional arguments (the effect names after `render`),
/// and the options a word adds (a built-in effect's parameters once its name is on the line).
/// Self-contained: it needs bash 4, not the bash-completion package.
enum BashCompletion {
    /// The script.
    /// - Parameter reference: the tool and its commands.
    /// - Returns: bash source, ending with a newline.
    static func script(_ reference: ToolReference) -> String {
        let tool = reference.tool.name
        let function = "_" + identifier(tool)
        let commands = reference.commandNames.joined(separator: " ")
        var topLevel = reference.commandNames + ["help", "-h", "--help"]
        if reference.tool.version != nil { topLevel.append("--version") }

        var added = Cases()
        var values = Cases()
        var arguments = Cases()
        var commandCases: [String] = []
        for command in reference.commands {
            let name = command.name
            let options = command.description.options
            var flags = ["-h", "--help"]
            var valued: [String] = []
            for option in options {
                let spellings = ["--" + option.name] + (option.shortName.map { ["-\($0)"] } ?? [])
                if option.kind == .flag {
                    flags += spellings
                } else {
                    valued += spellings
                    for spelling in spellings { values.add("\(name) \(spelling)", action(option.completion, function)) }
                }
            }
            if command.acceptsEffectChain, let effects = command.description.arguments.first?.completion {
                valued.append("--then")
                values.add("\(name) --then", action(effects, function))
            }
            for group in command.addedOptions {
                added.add("\(name) \(group.word)", "values+=\" \(group.options.map { "--" + $0.name }.joined(separator: " "))\"")
                for option in group.options where option.kind == .value {
                    values.add("\(name) --\(option.name)", action(option.completion, function))
                }
            }
            let declared = command.description.arguments
            for (index, argument) in declared.enumerated() {
                arguments.add("\(name) \(index)", action(argument.completion, function))
            }
            let repeats = declared.last?.isRepeatable == true ? 1 : 0
            commandCases += [
                "        \(name))",
                "            flags=\"\(flags.joined(separator: " "))\"",
                "            values=\"\(valued.joined(separator: " "))\"",
                "            arguments=\(declared.count) repeats=\(repeats) ;;",
            ]
        }

        return """
            # bash completion for \(tool) \(reference.tool.version ?? ""), written by '\(tool) generate bash' from the
            # options that --help lists. Install it as share/bash-completion/completions/\(tool), or source it.

            # Sets COMPREPLY to what `compgen "$@"` prints, one word a line (file names may hold spaces).
            \(function)_reply() {
                local line
                COMPREPLY=()
                while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen "$@")
            }

            # Completes file names ($1: files or directories) from $2, shown and quoted as file names.
            \(function)_paths() {
                compopt -o filenames 2>/dev/null
                if [[ $1 == directories ]]; then \(function)_reply -d -- "$2"; else \(function)_reply -f -- "$2"; fi
            }

            # Adds to $values the options that word $2 adds to command $1 (a built-in effect's parameters).
            \(function)_added_options() {
                case "$1 $2" in
            \(added.rendered(indent: 8))
                esac
            }

            # Completes the value of option $2 of command $1 from $3.
            \(function)_value() {
                case "$1 $2" in
            \(values.rendered(indent: 8))
                    *) COMPREPLY=() ;;
                esac
            }

            # Completes positional argument $2 (0, 1, ...) of command $1 from $3.
            \(function)_argument() {
                case "$1 $2" in
            \(arguments.rendered(indent: 8))
                    *) COMPREPLY=() ;;
                esac
            }

            \(function)() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                # bash splits --name=value at the =: complete the value of --name.
                if [[ $cur == = ]]; then
                    cur=""
                elif [[ $prev == = ]] && (( COMP_CWORD > 2 )); then
                    prev=${COMP_WORDS[COMP_CWORD-2]}
                fi
                if (( COMP_CWORD == 1 )); then
                    \(function)_reply -W "\(topLevel.joined(separator: " "))" -- "$cur"
                    return 0
                fi
                local command=${COMP_WORDS[1]} flags values arguments repeats
                case $command in
                    help)
                        (( COMP_CWORD == 2 )) && \(function)_reply -W "\(commands)" -- "$cur"
                        return 0 ;;
            \(commandCases.joined(separator: "\n"))
                    *) return 0 ;;
                esac
                local i word
                for (( i = 2; i < COMP_CWORD; i++ )); do
                    \(function)_added_options "$command" "${COMP_WORDS[i]}"
                done
                if [[ $prev == -?* && " $values " == *" $prev "* ]]; then
                    \(function)_value "$command" "$prev" "$cur"
                    return 0
                fi
                if [[ $cur == -* ]]; then
                    \(function)_reply -W "$flags $values" -- "$cur"
                    return 0
                fi
                # Which positional argument this is: the words before it, less options and their values.
                local count=0 skip=0
                for (( i = 2; i < COMP_CWORD; i++ )); do
                    word=${COMP_WORDS[i]}
                    if [[ $word == [=:] ]]; then skip=1; continue; fi
                    if (( skip )); then skip=0; continue; fi
                    if [[ $word == -?* ]]; then
                        [[ $word != *=* && " $flags " != *" $word "* ]] && skip=1
                        continue
                    fi
                    count=$((count + 1))
                done
                (( repeats && count >= arguments )) && count=$((arguments - 1))
                \(function)_argument "$command" "$count" "$cur"
                return 0
            }

            complete -F \(function) \(tool)

            """
    }

    /// The shell code that completes a value of this kind from `$3`, or nil for nothing.
    /// - Parameters:
    ///   - completion: what the value is.
    ///   - function: the completion function, whose helpers the code calls.
    private static func action(_ completion: ValueCompletion, _ function: String) -> String? {
        switch completion {
        case .none: nil
        case .files: "\(function)_paths files \"$3\""
        case .directories: "\(function)_paths directories \"$3\""
        case .choices: "\(function)_reply -W \"\(completion.words.joined(separator: " "))\" -- \"$3\""
        }
    }

    /// `shaderfx` as a shell identifier.
    private static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The arms of a `case "$1 $2"`: patterns that share an action share an arm, in order of
    /// first appearance; the first action given for a pattern wins.
    private struct Cases {
        private var arms: [(action: String, patterns: [String])] = []
        private var seen: Set<String> = []

        mutating func add(_ pattern: String, _ action: String?) {
            guard let action, seen.insert(pattern).inserted else { return }
            if let index = arms.firstIndex(where: { $0.action == action }) {
                arms[index].patterns.append(pattern)
            } else {
                arms.append((action, [pattern]))
            }
        }

        func rendered(indent: Int) -> String {
            let pad = String(repeating: " ", count: indent)
            return arms.map { arm in
                pad + arm.patterns.map { "\"\($0)\"" }.joined(separator: "|") + ")\n" + pad + "    " + arm.action + " ;;"
            }.joined(separator: "\n")
        }
    }
}
