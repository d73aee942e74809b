import ShaderFXCore
extension CommandDescription {
    /// The `--help` text: OVERVIEW (abstract), discussion, USAGE, ARGUMENTS, one section per
    /// option section (OPTIONS first unless declared otherwise), EXAMPLES; wrapped at `width`.
    /// - Parameters:
    ///   - toolName: the executable name that starts the USAGE line.
    ///   - width: the line width to wrap at (example commands are never wrapped).
    /// - Returns: the text, ending with a newline.
    func helpText(toolName: String = "shaderfx", width: Int = 80) -> String {
        var lines = TextUtilities.wrap(words: words("OVERVIEW: " + abstract), width: width, hangingIndent: 2)
        if !discussion.isEmpty { lines += [""] + TextUtilities.wrap(discussion, width: width) }

        var usage = ["USAGE:", toolName, name] + options.filter(\.isRequired).map(\.usage)
        if options.contains(where: { !$0.isRequired }) { usage.append("[<options>]") }
        usage += arguments.map(\.usage)
        lines += [""] + TextUtilities.wrap(words: usage, width: width, hangingIndent: 2)

        // One help column for ARGUMENTS and every option section, so they line up.
        let argumentRows = arguments.map { (left: "  <\($0.name)>", right: words($0.help)) }
        let sections = optionSections().map { ($0.0, $0.1.map(Self.helpRow)) }
        let column = TextUtilities.helpColumn(for: (argumentRows + sections.flatMap(\.1)).map(\.left))
        if !argumentRows.isEmpty {
            lines += ["", "ARGUMENTS:"] + TextUtilities.columns(argumentRows, width: width, column: column)
        }
        for (section, rows) in sections {
            lines += ["", section + ":"] + TextUtilities.columns(rows, width: width, column: column)
        }
        if !examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for (index, example) in examples.enumerated() {
                if index > 0 && !example.explanation.isEmpty { lines.append("") }
                if !example.explanation.isEmpty {
                    lines += TextUtilities.wrap(words: words(example.explanation), width: width - 2).map { "  " + $0 }
                }
                lines.append("    " + example.command)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Options grouped by section in order of first appearance, with `--help` ending OPTIONS.
    private func optionSections() -> [(String, [OptionDescription?])] {
        var sections: [(String, [OptionDescription?])] = [("OPTIONS", [])]
        for option in options {
            if let index = sections.firstIndex(where: { $0.0 == option.section }) {
                sections[index].1.append(option)
            } else {
                sections.append((option.section, [option]))
            }
        }
        sections[0].1.append(nil)  // nil stands for the built-in --help
        return sections
    }

    /// `  -o, --output <FILE>` and its help words; the default and repeat notes are kept
    /// whole so they never break across lines. `nil` stands for `--help`.
    private static func helpRow(_ option: OptionDescription?) -> (left: String, right: [String]) {
        guard let option else { return ("  -h, --help", words("Show this help.")) }
        let short = option.shortName.map { "-\($0), " } ?? "    "
        var help = words(option.help)
        if let value = option.defaultValue { help.append("(default: \(value))") }
        if option.isRepeatable { help.append("(can be repeated)") }
        return ("  " + short + option.usage, help)
    }
}

/// The words of a text, for wrapping.
func words(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}
