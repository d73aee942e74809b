import Testing
import ShaderFX
@testable import ShaderFXCLI
@testable import ShaderFXCore

/// A `render`-like command used by most tests.
private let render = CommandDescription(
    name: "render",
    abstract: "Renders one frame of an effect to a PNG file.",
    discussion: "The effect runs on the input image, or on a transparent canvas of --size when no input is given.",
    arguments: [
        ArgumentDescription("effect", help: "The effect to render."),
        ArgumentDescription("inputs", help: "Input images.", optional: true, repeatable: true),
    ],
    options: [
        .value("output", short: "o", valueName: "FILE", help: "Where to write the PNG.", required: true),
        .value("fps", valueName: "N", help: "Frames per second.", default: "20"),
        .value("time", short: "t", valueName: "SECONDS", help: "Time of the frame."),
        .value("origin", valueName: "X,Y", help: "Effect origin."),
        .value("arg", valueName: "NAME=VALUE", help: "A shader argument.", repeatable: true),
        .flag("verbose", short: "v", help: "Print progress.", repeatable: true),
        .flag("quiet", short: "q", help: "Print nothing."),
    ],
    examples: [UsageExample("shaderfx render ripple -o out.png --time 0.5", explanation: "Render a ripple.")])

/// Parses `line` split at spaces with the `render` description.
private func parse(_ line: String, collecting: Bool = false) throws(UsageError) -> ParsedArguments {
    try render.parse(line.split(separator: " ").map(String.init), collectingUnknownOptions: collecting)
}

/// The error `body` throws, or `nil`.
private func usageError(_ body: () throws -> Void) -> UsageError? {
    do { try body() } catch { return error as? UsageError }
    return nil
}

/// A command with one value option `--v`, given as `--v=value` unless `nil`.
private func single(_ value: String?) throws -> ParsedArguments {
    let command = CommandDescription(name: "x", abstract: "", options: [.value("v", help: "")])
    return try command.parse(value.map { ["--v=\($0)"] } ?? [])
}

@Suite struct ArgumentParserTests {
    // MARK: Option forms

    @Test(arguments: [
        "ripple --output out.png", "ripple --output=out.png", "ripple -o out.png",
        "ripple -oout.png", "ripple -o=out.png", "--output out.png ripple",
    ])
    func valueForms(_ line: String) throws {
        let args = try parse(line)
        #expect(args.string("output") == "out.png")
        #expect(args.positional("effect") == "ripple")
    }

    @Test func equalsAndSpaceGiveTheSameValue() throws {
        #expect(try parse("e -o x --time=1.5").double("time") == 1.5)
        #expect(try parse("e -o x --time 1.5").double("time") == 1.5)
    }

    @Test func inlineValueMayContainEqualsOrBeEmpty() throws {
        #expect(try parse("e -o x --arg=a=b").string("arg") == "a=b")
        #expect(try parse("e --output=").string("output") == "")
        #expect(try parse("e -o=").string("output") == "")
    }

    @Test(arguments: [("--time -1", -1.0), ("--time=-1", -1.0), ("-t -0.5", -0.5), ("--time -.25", -0.25), ("-t-2", -2.0)])
    func negativeNumbersAreValues(_ option: String, _ expected: Double) throws {
        #expect(try parse("e -o x \(option)").double("time") == expected)
    }

    @Test func negativeVectorIsAValue() throws {
        #expect(try parse("e -o x --origin -5,10").float2("origin") == SIMD2(-5, 10))
    }

    @Test func negativeNumberIsAPositional() throws {
        #expect(try parse("-3 -o x").positional("effect") == "-3")
    }

    @Test func loneDashIsAPositional() throws {
        #expect(try parse("e - -o x").positionals("inputs") == ["-"])
    }

    @Test func shortFlagsCluster() throws {
        let args = try parse("e -vqo out.png")
        #expect(args.flag("verbose") && args.flag("quiet"))
        #expect(args.string("output") == "out.png")
    }

    @Test func repeatableFlagCounts() throws {
        let args = try parse("e -o x -v --verbose -vv")
        #expect(args.count("verbose") == 4)
        #expect(!args.flag("quiet"))
    }

    @Test func doubleDashEndsOptions() throws {
        let args = try parse("e -o x -- --time -h -v")
        #expect(args.positionals("inputs") == ["--time", "-h", "-v"])
        #expect(args.arguments == ["e", "--time", "-h", "-v"])
        #expect(!args.isHelpRequested)
        #expect(!args.isPresent("time"))
    }

    @Test func positionalsAreAssignedInOrder() throws {
        let args = try parse("ripple a.png -o x b.png c.png")
        #expect(args.positional("effect") == "ripple")
        #expect(args.positionals("inputs") == ["a.png", "b.png", "c.png"])
        #expect(try parse("ripple -o x").positionals("inputs") == [])
    }

    @Test func defaultsApplyWhenAbsent() throws {
        let args = try parse("e -o x")
        #expect(try args.int("fps") == 20)
        #expect(!args.isPresent("fps"))
        #expect(args.values("fps") == ["20"])
        #expect(try args.double("time") == nil)
        #expect(try parse("e -o x --fps 30").int("fps") == 30)
    }

    // MARK: Help requests

    @Test(arguments: ["-h", "--help", "e -o x -h", "--nonsense --help", "--output -h", "-h --fps abc"])
    func helpAnywhere(_ line: String) throws {
        #expect(try parse(line).isHelpRequested)
    }

    @Test func helpAfterDoubleDashIsAnArgument() throws {
        #expect(try !parse("e -o x -- -h").isHelpRequested)
    }

    // MARK: Errors

    @Test(arguments: [
        ("e -o x --ouput y", UsageError.unknownOption("--ouput", suggestion: "--output")),
        ("e -o x --fsp 3", .unknownOption("--fsp", suggestion: "--fps")),
        ("e -o x --verbos", .unknownOption("--verbos", suggestion: "--verbose")),
        ("e -o x --out y", .unknownOption("--out", suggestion: "--output")),
        ("e -o x --zzzzzz", .unknownOption("--zzzzzz", suggestion: nil)),
        ("e -o x --hlep", .unknownOption("--hlep", suggestion: "--help")),
        ("e -o x -fps 3", .unknownOption("-f", suggestion: "--fps")),
        ("e -o x -z", .unknownOption("-z", suggestion: nil)),
        ("e -o", .missingValue(option: "-o", valueName: "FILE")),
        ("e --output", .missingValue(option: "--output", valueName: "FILE")),
        ("e --output --fps 2", .missingValue(option: "--output", valueName: "FILE")),
        ("e --output -- a", .missingValue(option: "--output", valueName: "FILE")),
        ("e", .missingOption("--output <FILE>")),
        ("-o x", .missingArgument("<effect>")),
        ("e -o x --quiet=yes", .unexpectedValue(option: "--quiet", value: "yes")),
        ("e -o x --help=yes", .unexpectedValue(option: "--help", value: "yes")),
        ("e -o x -o y", .duplicateOption("--output")),
        ("e -o x --time 1 -t 2", .duplicateOption("--time")),
        ("e -o x -qq", .duplicateOption("--quiet")),
    ])
    func parseErrors(_ line: String, _ expected: UsageError) {
        #expect(usageError { _ = try parse(line) } == expected)
    }

    @Test func unexpectedArgument() {
        let command = CommandDescription(name: "list", abstract: "", arguments: [ArgumentDescription("what", help: "")])
        #expect(usageError { _ = try command.parse(["a", "b"]) } == .unexpectedArgument("b"))
        #expect(usageError { _ = try CommandDescription(name: "x", abstract: "").parse(["a"]) } == .unexpectedArgument("a"))
    }

    @Test(arguments: [
        (UsageError.unknownOption("--ouput", suggestion: "--output"), "unknown option '--ouput'; did you mean '--output'?"),
        (.unknownOption("-z", suggestion: nil), "unknown option '-z'"),
        (.unknownCommand("rendr", suggestion: "render"), "unknown command 'rendr'; did you mean 'render'?"),
        (.unknownCommand("zz", suggestion: nil), "unknown command 'zz'"),
        (.missingValue(option: "--output", valueName: "FILE"), "--output: missing value; expected --output <FILE>"),
        (.missingOption("--output <FILE>"), "missing required option '--output <FILE>'"),
        (.missingArgument("<effect>"), "missing required argument <effect>"),
        (.unexpectedArgument("b"), "unexpected argument 'b'"),
        (.unexpectedValue(option: "--quiet", value: "yes"), "--quiet: takes no value, got 'yes'"),
        (.invalidValue(option: "--fps", value: "abc", expected: "a positive integer"), "--fps: expected a positive integer, got 'abc'"),
        (.invalidColor(option: "--color", error: .invalidOpacity("2")),
         "--color: invalid opacity '2'; expected a number in 0...1 after '/', as in red/0.5"),
        (.duplicateOption("--output"), "--output: given more than once; give it only once"),
    ])
    func errorMessages(_ error: UsageError, _ message: String) {
        #expect(error.description == message)
    }

    // MARK: Collecting unknown options

    @Test func collectsUnknownOptions() throws {
        let args = try parse("ripple -o x --amplitude 2 --origin=-5,10 --speed=-1 in.png", collecting: true)
        #expect(args.collectedOptions == [CollectedOption(name: "amplitude", value: "2"), CollectedOption(name: "speed", value: "-1")])
        #expect(try args.double("amplitude") == 2)
        #expect(try args.double("speed") == -1)
        #expect(try args.double("absent") == nil)
        #expect(try args.float2("origin") == SIMD2(-5, 10))
        #expect(args.positionals("inputs") == ["in.png"])
        try args.checkCollectedOptions(allowed: ["amplitude", "speed", "frequency"])
    }

    @Test func checkCollectedOptionsSuggests() throws {
        let args = try parse("ripple -o x --amplitud 2", collecting: true)
        #expect(usageError { try args.checkCollectedOptions(allowed: ["amplitude"]) }
            == .unknownOption("--amplitud", suggestion: "--amplitude"))
        #expect(usageError { try args.checkCollectedOptions(allowed: ["speed"]) } == .unknownOption("--amplitud", suggestion: nil))
    }

    @Test(arguments: [
        ("e -o x --amplitude", UsageError.missingValue(option: "--amplitude", valueName: "VALUE")),
        ("e -o x --amplitude --fps 3", .missingValue(option: "--amplitude", valueName: "VALUE")),
        ("e -o x --a 1 --a 2", .duplicateOption("--a")),
        ("e -o x -z 1", .unknownOption("-z", suggestion: nil)),
        ("e -o x --help=1", .unexpectedValue(option: "--help", value: "1")),
    ])
    func collectingErrors(_ line: String, _ expected: UsageError) {
        #expect(usageError { _ = try parse(line, collecting: true) } == expected)
    }

    @Test func dynamicOptionsAreParsedStrictly() throws {
        let full = render.addingOptions([
            .value("amplitude", valueName: "NUMBER", help: "Wave height.", default: "1", section: "EFFECT PARAMETERS"),
        ])
        #expect(try full.parse(["e", "-o", "x", "--amplitude", "3"]).double("amplitude") == 3)
        #expect(try full.parse(["e", "-o", "x"]).double("amplitude") == 1)
        #expect(usageError { _ = try full.parse(["e", "-o", "x", "--amplitde", "3"]) }
            == .unknownOption("--amplitde", suggestion: "--amplitude"))
        let help = full.helpText()
        // Effect parameters get their own section, aligned with OPTIONS.
        #expect(help.contains("  -h, --help                Show this help.\n"))
        #expect(help.contains("EFFECT PARAMETERS:\n      --amplitude <NUMBER>  Wave height. (default: 1)\n"))
        var built = CommandDescription(name: "b", abstract: "")
        built.addOption(.flag("loop", help: "Loop."))
        #expect(try built.parse(["--loop"]).flag("loop"))
    }

    // MARK: Typed getters

    @Test(arguments: [
        ("30", nil as ClosedRange<Int>?, 30), (" 7 ", nil, 7), ("-4", nil, -4), ("1", 1...Int.max, 1), ("240", 1...240, 240),
    ])
    func intValues(_ text: String, _ range: ClosedRange<Int>?, _ expected: Int) throws {
        #expect(try single(text).int("v", in: range) == expected)
    }

    @Test(arguments: [
        ("abc", nil as ClosedRange<Int>?, "an integer"), ("1.5", nil, "an integer"), ("", nil, "an integer"),
        ("abc", 1...Int.max, "a positive integer"), ("0", 1...Int.max, "a positive integer"),
        ("-1", 0...Int.max, "a non-negative integer"), ("2", 3...Int.max, "an integer >= 3"),
        ("9", Int.min...8, "an integer <= 8"), ("241", 1...240, "an integer in 1...240"),
    ])
    func intErrors(_ text: String, _ range: ClosedRange<Int>?, _ expected: String) throws {
        let args = try single(text)
        #expect(usageError { _ = try args.int("v", in: range) } == .invalidValue(option: "--v", value: text, expected: expected))
    }

    @Test func fpsMessage() throws {
        let args = try parse("e -o x --fps abc")
        #expect(usageError { _ = try args.int("fps", in: 1...Int.max) }?.description
            == "--fps: expected a positive integer, got 'abc'")
    }

    @Test func doubleAndFloatValues() throws {
        #expect(try single("0.25").double("v") == 0.25)
        #expect(try single("1e3").double("v", in: 0...Double.infinity) == 1000)
        #expect(try single("-2").float("v") == -2)
        #expect(try single("1").float("v", in: 0...1) == 1)
        #expect(try single(nil).float("v") == nil)
    }

    @Test(arguments: [
        ("x", nil as ClosedRange<Double>?, "a finite number"), ("inf", nil, "a finite number"),
        ("nan", nil, "a finite number"), ("1.5", 0...1, "a number in 0...1"),
        ("-1", 0...Double.infinity, "a finite number >= 0"), ("3", -Double.infinity...2.5, "a finite number <= 2.5"),
    ])
    func doubleErrors(_ text: String, _ range: ClosedRange<Double>?, _ expected: String) throws {
        let args = try single(text)
        #expect(usageError { _ = try args.double("v", in: range) } == .invalidValue(option: "--v", value: text, expected: expected))
    }

    @Test func floatOverflowIsNotFinite() throws {
        let args = try single("1e39")
        #expect(try args.double("v") == 1e39)
        #expect(usageError { _ = try args.float("v") } == .invalidValue(option: "--v", value: "1e39", expected: "a finite number"))
        let unit = try single("2")
        #expect(usageError { _ = try unit.float("v", in: 0...1) } == .invalidValue(option: "--v", value: "2", expected: "a number in 0...1"))
    }

    @Test func float2Values() throws {
        #expect(try single("0.5, -1").float2("v") == SIMD2(0.5, -1))
    }

    @Test(arguments: ["1", "1,2,3", "a,b", "1,", ",1", "inf,0", ""])
    func float2Errors(_ text: String) throws {
        let args = try single(text)
        #expect(usageError { _ = try args.float2("v") } == .invalidValue(option: "--v", value: text, expected: "two numbers as x,y"))
    }

    @Test func listValues() throws {
        #expect(try single("a, b,c").list("v") == ["a", "b", "c"])
        #expect(try single("a").list("v") == ["a"])
        #expect(try single(nil).list("v") == nil)
        let command = CommandDescription(name: "x", abstract: "", options: [.value("in", help: "", repeatable: true)])
        #expect(try command.parse(["--in", "a,b", "--in=c"]).list("in") == ["a", "b", "c"])
    }

    @Test(arguments: ["a,,b", "a,", "", " "])
    func listErrors(_ text: String) throws {
        let args = try single(text)
        #expect(usageError { _ = try args.list("v") }
            == .invalidValue(option: "--v", value: text, expected: "a comma-separated list like a,b,c"))
    }

    @Test(arguments: [("0..9", 0...9), ("3..3", 3...3), ("5", 5...5), (" 2..4 ", 2...4)])
    func frameRanges(_ text: String, _ expected: ClosedRange<Int>) throws {
        #expect(try single(text).frameRange("v") == expected)
    }

    @Test(arguments: ["9..0", "-1..3", "1...3", "a..b", "1..", "..2", "1..2..3", ""])
    func frameRangeErrors(_ text: String) throws {
        let args = try single(text)
        #expect(usageError { _ = try args.frameRange("v") }
            == .invalidValue(option: "--v", value: text, expected: "a frame range A..B with 0 <= A <= B"))
    }

    @Test func frameRangeWithinBounds() throws {
        #expect(try single("0..59").frameRange("v", within: 0...59) == 0...59)
        let args = try single("0..60")
        #expect(usageError { _ = try args.frameRange("v", within: 0...59) }
            == .invalidValue(option: "--v", value: "0..60", expected: "a frame range A..B with 0 <= A <= B within 0..59"))
    }

    enum Fit: String, CaseIterable { case fill, fit, stretch }

    @Test func choices() throws {
        #expect(try single("fit").choice("v", from: ["fill", "fit"]) == "fit")
        #expect(try single("stretch").choice("v", as: Fit.self) == .stretch)
        #expect(try single(nil).choice("v", as: Fit.self) == nil)
        let args = try single("fil")
        let error = usageError { _ = try args.choice("v", as: Fit.self) }
        #expect(error == .invalidValue(option: "--v", value: "fil", expected: "one of fill, fit, stretch"))
        #expect(error?.description == "--v: expected one of fill, fit, stretch, got 'fil'")
    }

    @Test func keyValuePairs() throws {
        let args = try render.parse(["e", "-o", "x", "--arg", "amplitude=2", "--arg=name=a=b", "--arg", " empty="])
        #expect(try args.keyValuePairs("arg") == [
            KeyValuePair(key: "amplitude", value: "2"), KeyValuePair(key: "name", value: "a=b"), KeyValuePair(key: "empty", value: ""),
        ])
        #expect(try parse("e -o x").keyValuePairs("arg") == [])
    }

    @Test(arguments: [
        (["noequals"], "noequals", "name=value"), (["=1"], "=1", "name=value"),
        (["a=1", "a=2"], "a=2", "each name once ('a' was already given)"),
    ])
    func keyValueErrors(_ values: [String], _ bad: String, _ expected: String) throws {
        let args = try render.parse(["e", "-o", "x"] + values.flatMap { ["--arg", $0] })
        #expect(usageError { _ = try args.keyValuePairs("arg") } == .invalidValue(option: "--arg", value: bad, expected: expected))
    }

    @Test func customValue() throws {
        let size = try single("512x256").value("v", expected: "a size like 512x512") { text -> [Int]? in
            let parts = text.split(separator: "x").compactMap { Int($0) }
            return parts.count == 2 ? parts : nil
        }
        #expect(size == [512, 256])
        let args = try single("big")
        #expect(usageError { _ = try args.value("v", expected: "a size like 512x512") { Int($0) } }
            == .invalidValue(option: "--v", value: "big", expected: "a size like 512x512"))
    }

    @Test func colorValues() throws {
        #expect(try single("red").color("v") == RGBA(r: 1, g: 59 / 255, b: 48 / 255))
        #expect(try single("red,#000").colors("v") == [RGBA(r: 1, g: 59 / 255, b: 48 / 255), RGBA(r: 0, g: 0, b: 0)])
        #expect(try single(nil).color("v") == nil)
        let misspelt = try single("redd")
        let error = usageError { _ = try misspelt.color("v") }
        #expect(error == .invalidColor(option: "--v", error: .unknownName("redd", suggestion: "red")))
        #expect(error?.description.hasPrefix("--v: unknown colour 'redd'; did you mean 'red'?") == true)
        let list = try single("red,,blue")
        #expect(usageError { _ = try list.colors("v") } == .invalidColor(option: "--v", error: .empty))
    }

    // MARK: Help text

    @Test func commandHelpText() {
        #expect(render.helpText() == """
            OVERVIEW: Renders one frame of an effect to a PNG file.

            The effect runs on the input image, or on a transparent canvas of --size when no
            input is given.

            USAGE: shaderfx render --output <FILE> [<options>] <effect> [<inputs> ...]

            ARGUMENTS:
              <effect>                The effect to render.
              <inputs>                Input images.

            OPTIONS:
              -o, --output <FILE>     Where to write the PNG.
                  --fps <N>           Frames per second. (default: 20)
              -t, --time <SECONDS>    Time of the frame.
                  --origin <X,Y>      Effect origin.
                  --arg <NAME=VALUE>  A shader argument. (can be repeated)
              -v, --verbose           Print progress. (can be repeated)
              -q, --quiet             Print nothing.
              -h, --help              Show this help.

            EXAMPLES:
              Render a ripple.
                shaderfx render ripple -o out.png --time 0.5

            """)
    }

    @Test func helpWrapsLongTextAt80Columns() {
        let long = String(repeating: "word ", count: 40)
        let command = CommandDescription(
            name: "wrap", abstract: "Abstract.", discussion: long + "\n\n  - indented " + long,
            options: [
                .value("a-rather-long-option-name", valueName: "SOMETHING", help: long, default: "0"),
                .flag("b", help: long),
            ])
        let lines = command.helpText().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 })
        // A left column wider than 30 puts its help on the next lines, at column 30.
        let index = lines.firstIndex(of: "      --a-rather-long-option-name <SOMETHING>")
        #expect(index != nil)
        if let index { #expect(lines[index + 1].hasPrefix(String(repeating: " ", count: 30) + "word")) }
        #expect(lines.contains { $0.hasPrefix("      --b") && $0.hasSuffix("word") })
        // Notes are never split across lines.
        #expect(lines.contains { $0.hasSuffix(" (default: 0)") })
        #expect(!lines.contains { $0.hasSuffix("(default:") })
        // Continuation lines of an indented discussion line keep its indent.
        let indented = lines.firstIndex { $0.hasPrefix("  - indented") }
        #expect(indented.map { lines[$0 + 1].hasPrefix("  word") } == true)
        #expect(command.helpText(width: 60).split(separator: "\n").allSatisfy { $0.count <= 60 })
    }

    @Test func helpWithoutArgumentsOrOptions() {
        let text = CommandDescription(name: "list", abstract: "Lists effects.").helpText(toolName: "sfx")
        #expect(text == "OVERVIEW: Lists effects.\n\nUSAGE: sfx list\n\nOPTIONS:\n  -h, --help  Show this help.\n")
    }

    // MARK: Tool routing and help

    static let tool = ToolDescription(
        name: "shaderfx", abstract: "Renders SwiftUI-style shader effects without a window.", version: "1.2.3",
        commands: [render, CommandDescription(name: "list", abstract: "Lists the effects.")])

    @Test(arguments: [[], ["-h"], ["--help"], ["help"]])
    func routeToHelp(_ arguments: [String]) throws {
        guard case .help = try Self.tool.route(arguments) else { Issue.record("expected help"); return }
    }

    @Test func routeToCommand() throws {
        guard case let .command(command, rest) = try Self.tool.route(["render", "ripple", "-o", "x"]) else {
            Issue.record("expected a command"); return
        }
        #expect(command.name == "render" && rest == ["ripple", "-o", "x"])
        guard case let .command(helped, helpArguments) = try Self.tool.route(["help", "list"]) else {
            Issue.record("expected a command"); return
        }
        #expect(helped.name == "list" && helpArguments == ["--help"])
        guard case .version = try Self.tool.route(["--version"]) else { Issue.record("expected version"); return }
    }

    @Test(arguments: [
        (["rendr"], UsageError.unknownCommand("rendr", suggestion: "render")),
        (["help", "lst"], .unknownCommand("lst", suggestion: "list")),
        (["paint"], .unknownCommand("paint", suggestion: nil)),
        (["--verison"], .unknownOption("--verison", suggestion: "--version")),
        (["-x"], .unknownOption("-x", suggestion: nil)),
    ])
    func routeErrors(_ arguments: [String], _ expected: UsageError) {
        #expect(usageError { _ = try Self.tool.route(arguments) } == expected)
    }

    @Test func toolWithoutVersionRejectsVersion() {
        let tool = ToolDescription(name: "t", abstract: "", commands: [])
        #expect(usageError { _ = try tool.route(["--version"]) } == .unknownOption("--version", suggestion: nil))
        #expect(!tool.helpText().contains("--version"))
    }

    @Test func toolHelpText() {
        #expect(Self.tool.helpText() == """
            OVERVIEW: Renders SwiftUI-style shader effects without a window.

            USAGE: shaderfx <command> [<arguments>] [<options>]

            COMMANDS:
              render  Renders one frame of an effect to a PNG file.
              list    Lists the effects.

            OPTIONS:
              -h, --help     Show this help.
                  --version  Show the version.

              See 'shaderfx help <command>' or 'shaderfx <command> --help' for a command's
              options.

            """)
    }

    // MARK: Suggestions

    @Test(arguments: [("output", "ouput", 1), ("fps", "fsp", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("same", "same", 0)])
    func editDistance(_ a: String, _ b: String, _ distance: Int) {
        #expect(TextUtilities.editDistance(a, b) == distance)
    }

    @Test func suggestionPrefersAUniquePrefix() {
        #expect(TextUtilities.suggestion(for: "out", among: ["output", "origin"]) == "output")
        #expect(TextUtilities.suggestion(for: "o", among: ["output", "origin"]) == nil)
        #expect(TextUtilities.suggestion(for: "ORIGN", among: ["output", "origin"]) == "origin")
    }
}
