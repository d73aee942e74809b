import ShaderFXCore
/// The whole `shaderfx` tool: its subcommands, top-level help, and which command to run.
struct ToolDescription: Sendable {
    /// The executable name, e.g. `shaderfx`.
    let name: String
    /// One line on what the tool does.
    var abstract: String
    /// A longer explanation for the top-level help (may be empty).
    var discussion: String
    /// The version printed for `--version`; `nil` when the tool has no `--version`.
    var version: String?
    /// The subcommands, in help order.
    var commands: [CommandDescription]

    /// What the command line asks the tool to do.
    enum Invocation: Sendable {
        /// Print `helpText()` (no arguments, `-h`, `--help`, or `help`).
        case help
        /// Print the version (`--version`, when the tool has one).
        case version
        /// Run a subcommand with the words after its name; `help render` becomes
        /// `render` with `["--help"]`.
        case command(CommandDescription, arguments: [String])
    }

    /// Describes the tool.
    /// - Parameters:
    ///   - name: the executable name.
    ///   - abstract: a one-line summary.
    ///   - discussion: a longer explanation.
    ///   - version: the version string, or `nil`.
    ///   - commands: the subcommands; names must be unique.
    init(name: String, abstract: String, discussion: String = "", version: String? = nil,
                commands: [CommandDescription]) {
        precondition(Set(commands.map(\.name)).count == commands.count, "command names must be unique")
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.commands = commands
    }

    /// Decides what to do from the full argument list (without the executable name).
    /// - Parameter arguments: e.g. `["render", "ripple", "-o", "out.png"]`.
    /// - Returns: help, version, or the subcommand to run with its own arguments.
    /// - Throws: `UsageError.unknownCommand` (with a suggestion) for an unknown subcommand,
    ///   `UsageError.unknownOption` for an option before any subcommand.
    func route(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else { return .help }
        switch first {
        case "-h", "--help":
            return .help
        case "--version" where version != nil:
            return .version
        case "help":
            guard arguments.count > 1 else { return .help }
            return .command(try command(named: arguments[1]), arguments: ["--help"])
        default:
            if first.hasPrefix("-") {
                let known = ["help"] + (version == nil ? [] : ["version"])
                let typed = String(first.drop { $0 == "-" })
                throw .unknownOption(first, suggestion: TextUtilities.suggestion(for: typed, among: known).map { "--\($0)" })
            }
            return .command(try command(named: first), arguments: Array(arguments.dropFirst()))
        }
    }

    private func command(named name: String) throws(UsageError) -> CommandDescription {
        if let command = commands.first(where: { $0.name == name }) { return command }
        throw .unknownCommand(name, suggestion: TextUtilities.suggestion(for: name, among: commands.map(\.name)))
    }

    /// The top-level help: OVERVIEW, discussion, USAGE, COMMANDS with abstracts, OPTIONS.
    /// - Parameter width: the line width to wrap at.
    /// - Returns: the text, ending with a newline.
    func helpText(width: Int = 80) -> String {
        var lines = TextUtilities.wrap(words: words("OVERVIEW: " + abstract), width: width, hangingIndent: 2)
        if !discussion.isEmpty { lines += [""] + TextUtilities.wrap(discussion, width: width) }
        lines += ["", "USAGE: \(name) <command> [<arguments>] [<options>]"]
        lines += ["", "COMMANDS:"] + TextUtilities.columns(commands.map { ("  " + $0.name, words($0.abstract)) }, width: width)
        var options = [(left: "  -h, --help", right: words("Show this help."))]
        if version != nil { options.append(("      --version", words("Show the version."))) }
        lines += ["", "OPTIONS:"] + TextUtilities.columns(options, width: width)
        lines += [""] + TextUtilities.wrap(
            "  See '\(name) help <command>' or '\(name) <command> --help' for a command's options.", width: width)
        return lines.joined(separator: "\n") + "\n"
    }
}
