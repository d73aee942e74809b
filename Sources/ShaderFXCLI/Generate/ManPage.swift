/// The man page `shaderfx.1` (roff with the man macros): NAME, SYNOPSIS, DESCRIPTION, COMMANDS
/// (each with its arguments, options by help section, and examples), one section per argument
/// whose words add options (EFFECTS, TRANSITIONS), EXIT STATUS, ENVIRONMENT and SEE ALSO.
enum ManPage {
    /// The page.
    /// - Parameter reference: the tool and its commands.
    /// - Returns: roff source, ending with a newline.
    static func page(_ reference: ToolReference) -> String {
        let tool = reference.tool
        let name = tool.name
        var lines = [
            ".\\\" \(name).1, written by '\(name) generate man' from the declarations --help shows.",
            ".TH \(name.uppercased()) 1 \"\" \"\(name) \(tool.version ?? "")\" \"User Commands\"",
            ".SH NAME",
            "\(name) \\- " + text(lowercasingFirst(tool.abstract).replacingSuffix(".", with: "")),
            ".SH SYNOPSIS",
            "\\fB\(name)\\fR \\fIcommand\\fR [\\fIarguments\\fR] [\\fIoptions\\fR]",
            ".br",
            "\\fB\(name) help\\fR [\\fIcommand\\fR]",
        ]
        if tool.version != nil { lines += [".br", "\\fB\(name) \\-\\-version\\fR"] }
        lines += [".SH DESCRIPTION"] + paragraphs(tool.discussion)
        lines += [".PP", "Every command takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR; \\fB\(name) help\\fR \\fIcommand\\fR shows the same help."]

        lines.append(".SH COMMANDS")
        for command in reference.commands {
            lines += self.command(command, toolName: name)
        }
        lines += addedOptionSections(reference)

        lines += [
            ".SH \"EXIT STATUS\"",
            ".TP", "\\fB0\\fR", "Done.",
            ".TP", "\\fB1\\fR",
            "The work failed: a render, an unreadable or corrupt input, a shader that does not compile, an unwritable output, a limit reached (\\fB\\-\\-timeout\\fR, \\fB\\-\\-max\\-pixels\\fR), or a golden suite with failing cases.",
            ".TP", "\\fB2\\fR", "A usage or set\\-up error: a bad option or value, no EGL driver or GPU.",
            ".TP", "\\fB130\\fR, \\fB143\\fR", "Interrupted by SIGINT or SIGTERM (temporary files are removed).",
            ".SH ENVIRONMENT",
            ".TP", "\\fBSHADERFX_BACKEND\\fR",
            "The GPU backend when \\fB\\-\\-backend\\fR is not given: \\fBauto\\fR, \\fBsurfaceless\\fR, \\fBdevice\\fR or \\fBgbm\\fR, optionally with a device index (\\fBdevice:1\\fR).",
            ".TP", "\\fBSHADERFX_DEVICE\\fR", "The device index when \\fB\\-\\-device\\fR is not given.",
            ".TP", "\\fBSHADERFX_FFMPEG\\fR",
            "The ffmpeg used for GIF and video output (a path, or a name looked up on \\fBPATH\\fR); default \\fBffmpeg\\fR.",
            ".TP", "\\fBCI\\fR",
            "When set (to anything but empty, 0 or false), \\fB\(name) test\\fR records no missing references unless \\fB\\-\\-record\\fR says so.",
            ".TP", "\\fBGITHUB_ACTIONS\\fR",
            "When \\fBtrue\\fR, \\fB\(name) test\\fR also prints each failed case as a GitHub Actions error annotation.",
            ".SH NOTES",
            "Rendering needs an EGL driver and OpenGL ES 3: Mesa (Debian and Ubuntu packages \\fBlibegl1 libgles2 libegl\\-mesa0 libgl1\\-mesa\\-dri\\fR) renders on the CPU with llvmpipe where there is no GPU. PNG files are read with libpng (\\fBlibpng16\\-16\\fR).",
            ".SH \"SEE ALSO\"",
            ".BR ffmpeg (1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command: its synopsis, abstract, discussion, arguments, options and examples.
    private static func command(_ command: ToolReference.Command, toolName: String) -> [String] {
        let description = command.description
        var synopsis = ["\\fB\(toolName) \(description.name)\\fR"]
        synopsis += description.options.filter(\.isRequired).map(optionUsage)
        if description.options.contains(where: { !$0.isRequired }) { synopsis.append("[\\fIoptions\\fR]") }
        synopsis += description.arguments.map(argumentUsage)
        var lines = [".SS \(description.name)", synopsis.joined(separator: " "), ".PP", text(description.abstract)]
        if !description.discussion.isEmpty { lines += paragraphs(description.discussion) }

        if !description.arguments.isEmpty {
            lines += [".PP", "\\fBARGUMENTS:\\fR"]
            for argument in description.arguments {
                var help = text(argument.help)
                if !command.addedOptions.isEmpty && argument.name == description.arguments.first?.name {
                    help += " (see \(sectionTitle(for: argument)), below)"
                } else if case .choices = argument.completion, let missing = choiceNote(argument.completion, mentionedIn: argument.help) {
                    help += " " + missing
                }
                lines += [".TP", "\\fI\(text(argument.name))\\fR", help]
            }
        }
        var sections: [(String, [OptionDescription])] = [("OPTIONS", [])]
        for option in description.options {
            if let index = sections.firstIndex(where: { $0.0 == option.section }) {
                sections[index].1.append(option)
            } else {
                sections.append((option.section, [option]))
            }
        }
        for (index, (section, options)) in sections.enumerated() {
            lines += [".PP", "\\fB\(text(section)):\\fR"]
            for option in options { lines += self.option(option) }
            if index == 0 {
                lines += [".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Show the help of \\fB\(description.name)\\fR."]
                if command.acceptsEffectChain {
                    lines += [".TP", "\\fB\\-\\-then\\fR \\fINAME\\fR [\\fB\\-\\-\\fR\\fIPARAM VALUE\\fR ...]",
                              "Chain another built\\-in effect after the previous one, with its own parameters (see EFFECTS, below). Can be repeated."]
                }
            }
        }
        if !description.examples.isEmpty {
            lines += [".PP", "\\fBEXAMPLES:\\fR"]
            for example in description.examples {
                if !example.explanation.isEmpty { lines += [".PP", text(example.explanation)] }
                lines += [".RS 4", ".nf", text(example.command), ".fi", ".RE"]
            }
        }
        return lines
    }

    /// `.TP` entries for one option: tag, help, default, repetition, and its choices when the
    /// help does not name them all.
    private static func option(_ option: OptionDescription) -> [String] {
        var tag = option.shortName.map { "\\fB\\-\($0)\\fR, " } ?? ""
        tag += optionUsage(option)
        var help = text(option.help)
        if let value = option.defaultValue { help += " (default: \(text(value)))" }
        if option.isRepeatable { help += " Can be repeated." }
        if let missing = choiceNote(option.completion, mentionedIn: option.valueName + " " + option.help) {
            help += " " + missing
        }
        return [".TP", tag, help]
    }

    /// `One of: a, b.` when `completion` is a choice whose words `mentions` does not all hold.
    private static func choiceNote(_ completion: ValueCompletion, mentionedIn mentions: String) -> String? {
        let words = completion.words
        guard !words.isEmpty, words.contains(where: { !mentions.contains($0) }) else { return nil }
        return "One of: " + words.map { "\\fB\(text($0))\\fR" }.joined(separator: ", ") + "."
    }

    /// The sections that list what the choices of an argument add (EFFECTS, TRANSITIONS): one per
    /// argument name, from the first command that has it.
    private static func addedOptionSections(_ reference: ToolReference) -> [String] {
        var lines: [String] = []
        var done: Set<String> = []
        for command in reference.commands where !command.addedOptions.isEmpty {
            guard let argument = command.description.arguments.first, !done.contains(argument.name) else { continue }
            done.insert(argument.name)
            let users = reference.commands.filter { other in
                !other.addedOptions.isEmpty && other.description.arguments.first?.name == argument.name
            }
            let names = users.map { "\\fB\($0.name)\\fR" }
            var intro = "Each \\fI\(text(argument.name))\\fR of " + names.joined(separator: " and ")
                + ", with the options it adds"
            if users.contains(where: \.acceptsEffectChain) { intro += " (a stage chained with \\fB\\-\\-then\\fR takes the same)" }
            lines += [".SH \(sectionTitle(for: argument))", intro + ":"]
            for added in command.addedOptions {
                lines += [".TP", "\\fB\(text(added.word))\\fR", text(added.summary), ".RS"]
                for option in added.options { lines += self.option(option) }
                lines.append(".RE")
            }
        }
        return lines
    }

    /// `EFFECTS` for `<effect>`: the argument's name in capitals, in the plural.
    private static func sectionTitle(for argument: ArgumentDescription) -> String {
        text(argument.name.uppercased()) + "S"
    }

    /// `\fB--output\fR \fIFILE\fR` or `\fB--quiet\fR`.
    private static func optionUsage(_ option: OptionDescription) -> String {
        let name = "\\fB\\-\\-\(text(option.name))\\fR"
        return option.kind == .flag ? name : name + " \\fI\(text(option.valueName))\\fR"
    }

    /// `\fIeffect\fR`, bracketed when optional, with `...` when repeatable.
    private static func argumentUsage(_ argument: ArgumentDescription) -> String {
        let core = "\\fI\(text(argument.name))\\fR" + (argument.isRepeatable ? " ..." : "")
        return argument.isOptional ? "[\(core)]" : core
    }

    /// Each line of `discussion` as a paragraph.
    private static func paragraphs(_ discussion: String) -> [String] {
        discussion.split(separator: "\n").flatMap { [".PP", text(String($0))] }
    }

    /// Text as roff reads it literally: backslashes and minus signs escaped, a control character
    /// at the start of the line defused, anything beyond ASCII as a `\[uXXXX]` glyph (so the
    /// page renders the same whatever input encoding groff assumes).
    static func text(_ plain: String) -> String {
        var out = ""
        for scalar in plain.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    private static func lowercasingFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}

private extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
