import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// The man page, the completion scripts and the release tree: each command and option of the
/// registry appears in every generated file, bash completes from the script `shaderfx generate
/// bash` writes, and `scripts/dist.sh` packs exactly what the binary generates.
@Suite(.serialized) struct GeneratedFilesTests {
    /// Each command of the registry with every option it declares plus those its words add (a
    /// built-in effect's or transition's parameters), found here by asking the commands, not the
    /// generators.
    static let expected: [(name: String, options: [OptionDescription], arguments: [ArgumentDescription],
                           added: [(word: String, options: [OptionDescription])])] = ShaderFXCLI.commands.map { type in
        let description = type.commandDescription
        var added: [(String, [OptionDescription])] = []
        if type.hasDynamicOptions {
            for word in BuiltInEffects.all.map({ $0.name }) + BuiltInTransitions.all.map({ $0.name }) {
                let words = [word, "--help"]
                guard let first = try? description.parse(words, collectingUnknownOptions: true),
                      let options = try? type.dynamicOptions(first, words: words), !options.isEmpty else { continue }
                added.append((word, options))
            }
        }
        return (description.name, description.options, description.arguments, added)
    }

    /// What `shaderfx generate ARTIFACT` prints, checked to be what the generator makes in-process.
    static func generated(_ artifact: GenerateCommand.Artifact) throws -> String {
        let run = try CLIRun(["generate", artifact.rawValue])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == artifact.text(.shaderfx), "the binary's \(artifact) differs from the generator's: rebuild")
        return run.stdout
    }

    /// The lines of `text` from the first line holding `start` up to the next line, after it, that
    /// holds one of `ends` (that line included when `including`).
    static func block(_ text: String, from start: String, to ends: [String], including: Bool = false) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.contains(start) }) else { return "" }
        let rest = lines[(first + 1)...]
        var last = rest.firstIndex(where: { line in ends.contains { line.contains($0) } }) ?? lines.endIndex
        if including && last < lines.endIndex { last += 1 }
        return lines[first..<last].joined(separator: "\n")
    }

    /// The words of `text`, split at spaces, quotes and parentheses.
    static func shellWords(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { " \"'()\n".contains($0) }).map(String.init))
    }

    @Test func versionFileIsTheVersionTheBinaryReports() throws {
        let file = try String(contentsOf: CLIRun.root.appendingPathComponent("VERSION"), encoding: .utf8)
        let version = file.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(file == version + "\n", "VERSION holds one line")
        #expect(ShaderFXVersion.string == version, "ShaderFXVersion.string (CLI.swift) must equal the VERSION file")
        let run = try CLIRun(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "shaderfx \(version)\n")
        let man = try Self.generated(.man)
        #expect(man.contains(".TH SHADERFX 1 \"\" \"shaderfx \(version)\""))
    }

    @Test func manPageDocumentsEveryCommandOptionAndArgument() throws {
        let man = try Self.generated(.man)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EFFECTS", "TRANSITIONS", "\"EXIT STATUS\"", "ENVIRONMENT", "\"SEE ALSO\""] {
            #expect(man.contains("\n.SH \(section)\n"), "no \(section) section")
        }
        for command in Self.expected {
            let text = Self.block(man, from: ".SS \(command.name)", to: [".SS ", ".SH "])
            #expect(!text.isEmpty, "the man page has no section for \(command.name)")
            for option in command.options {
                #expect(text.contains("\\fB\\-\\-\(ManPage.text(option.name))\\fR"), "man: \(command.name) lacks --\(option.name)")
                if let short = option.shortName {
                    #expect(text.contains("\\fB\\-\(short)\\fR, \\fB\\-\\-\(ManPage.text(option.name))\\fR"), "man: \(command.name) lacks -\(short)")
                }
                if option.kind == .value {
                    #expect(text.contains("\\fI\(ManPage.text(option.valueName))\\fR"), "man: --\(option.name) lacks <\(option.valueName)>")
                }
            }
            for argument in command.arguments {
                #expect(text.contains("\\fI\(ManPage.text(argument.name))\\fR"), "man: \(command.name) lacks <\(argument.name)>")
            }
            for (word, options) in command.added {
                let title = command.arguments[0].name.uppercased() + "S"
                let section = Self.block(man, from: ".SH \(title)", to: [".SH "])
                let entry = Self.block(section, from: "\\fB\(ManPage.text(word))\\fR", to: [".RE"])
                for option in options {
                    #expect(entry.contains("\\fB\\-\\-\(ManPage.text(option.name))\\fR"), "man: \(title) \(word) lacks --\(option.name)")
                }
            }
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is missing (apt-get install groff-base)"))
    func manPageRendersWithoutWarnings() throws {
        try withTemporaryFolder { (folder) throws in
            let page = folder.appendingPathComponent("shaderfx.1")
            try Self.generated(.man).write(to: page, atomically: true, encoding: .utf8)
            let run = try CLIRun(["-man", "-Tutf8", "-ww", "-z", page.path], executable: "/usr/bin/groff")
            #expect(run.status == 0)
            #expect(run.stderr == "", "groff warns: \(run.stderr)")
        }
    }

    @Test func completionScriptsNameEveryCommandAndOption() throws {
        let bash = try Self.generated(.bash)
        let zsh = try Self.generated(.zsh)
        let fish = try Self.generated(.fish)
        let bashCommands = Self.shellWords(Self.block(bash, from: "    if (( COMP_CWORD == 1 )); then", to: ["return"]))
        for command in Self.expected {
            #expect(bashCommands.contains(command.name), "bash: no command \(command.name)")
            #expect(zsh.contains("'\(command.name):"), "zsh: no command \(command.name)")
            #expect(fish.contains("-n __fish_use_subcommand -a \(command.name) "), "fish: no command \(command.name)")

            let bashLists = Self.shellWords(Self.block(bash, from: "        \(command.name))", to: ["arguments="]))
            let zshFunction = Self.block(zsh, from: "_shaderfx_\(command.name)() {", to: ["_arguments -s -S"])
            let fishLines = fish.split(separator: "\n").filter { $0.contains("'__fish_seen_subcommand_from \(command.name)'") }
                .joined(separator: "\n")
            for option in command.options {
                let long = "--" + option.name
                #expect(bashLists.contains(long), "bash: \(command.name) lacks \(long)")
                #expect(["\(long)[", "\(long)=[", ",\(long)}", ",\(long)=}"].contains { zshFunction.contains($0) }, "zsh: \(command.name) lacks \(long)")
                #expect(fishLines.contains("-l \(option.name) "), "fish: \(command.name) lacks \(long)")
                if let short = option.shortName {
                    #expect(bashLists.contains("-\(short)"), "bash: \(command.name) lacks -\(short)")
                    #expect(zshFunction.contains("{-\(short),") || zshFunction.contains("{-\(short)+,"), "zsh: \(command.name) lacks -\(short)")
                    #expect(fishLines.contains("-s \(short) -l \(option.name) "), "fish: \(command.name) lacks -\(short)")
                }
            }
            for (word, options) in command.added {
                let bashArm = Self.block(bash, from: "\"\(command.name) \(word)\"", to: [";;"], including: true)
                let zshArm = zshFunction.split(separator: "\n").first { $0.contains("(\(word)) specs+=(") }.map(String.init) ?? ""
                let fishAdded = fish.split(separator: "\n")
                    .filter { $0.contains("'__fish_seen_subcommand_from \(command.name); and __fish_seen_subcommand_from \(word)'") }
                    .joined(separator: "\n")
                for option in options {
                    #expect(bashArm.contains(" --\(option.name)"), "bash: \(command.name) \(word) lacks --\(option.name)")
                    #expect(zshArm.contains("'--\(option.name)=["), "zsh: \(command.name) \(word) lacks --\(option.name)")
                    #expect(fishAdded.contains("-l \(option.name) "), "fish: \(command.name) \(word) lacks --\(option.name)")
                }
            }
        }
    }

    @Test func choiceWordsArePlainShellWords() {
        // The scripts list choices unquoted (compgen -W, zsh and fish word lists).
        for command in ToolReference.shaderfx.commands {
            let completions = command.description.options.map(\.completion) + command.description.arguments.map(\.completion)
            for word in completions.flatMap(\.words) {
                #expect(word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }, "\(command.name): '\(word)'")
            }
        }
    }

    @Test func valueNamesSayWhatAShellCompletes() {
        #expect(ValueCompletion(valueName: "FILE") == .files)
        #expect(ValueCompletion(valueName: "PATH") == .files)
        #expect(ValueCompletion(valueName: "DIR/|FILE.png|FILE.gif|-") == .files)
        #expect(ValueCompletion(valueName: "DIR") == .directories)
        #expect(ValueCompletion(valueName: "WxH") == .none)
        #expect(ValueCompletion(valueName: "N") == .none)
        let render = RenderCommand.commandDescription
        #expect(render.option(named: "region")?.completion == .words(["frame", "grown"]))
        #expect(render.option(named: "backend")?.completion == .words(["auto", "surfaceless", "device", "gbm"]))
        #expect(render.option(named: "library")?.completion == .directories)
        #expect(render.arguments.first?.completion.words == BuiltInEffects.all.map { $0.name })
        #expect(ToolReference.shortHelp("the picture (PNG; - reads it); more") == "the picture (PNG; - reads it)")
    }

    /// Runs the generated bash completion for `words` (the last one being completed) and returns
    /// the candidates.
    static func bashComplete(_ script: URL, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = "source '\(script.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _shaderfx; printf '%s\\n' \"${COMPREPLY[@]}\""
        let run = try CLIRun(["--norc", "-c", program], executable: "/bin/bash")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "", "bash: \(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsEffectsAndValues() throws {
        try withTemporaryFolder { (folder) throws in
            let script = folder.appendingPathComponent("shaderfx.bash")
            try Self.generated(.bash).write(to: script, atomically: true, encoding: .utf8)
            let effects = BuiltInEffects.all.map { $0.name }

            #expect(try Self.bashComplete(script, ["shaderfx", "ren"]) == ["render"])
            #expect(try Self.bashComplete(script, ["shaderfx", "render", "--sc"]) == ["--scale"])
            #expect(try Self.bashComplete(script, ["shaderfx", "render", ""]) == effects)
            #expect(try Self.bashComplete(script, ["shaderfx", "render", "-q", "-o", "x.png", "rip"]) == ["ripple", "ripple-wave", "ripple-refraction"])
            #expect(try Self.bashComplete(script, ["shaderfx", "render", "ripple", "--amp"]) == ["--amplitude"])
            #expect(try Self.bashComplete(script, ["shaderfx", "render", "ripple", "--then", "blur", "--rad"]) == ["--radius"])
            #expect(try Self.bashComplete(script, ["shaderfx", "render", "ripple", "--then", "bl"]) == ["blur"])
            #expect(try Self.bashComplete(script, ["shaderfx", "render", "--region", ""]) == ["frame", "grown"])
            #expect(try Self.bashComplete(script, ["shaderfx", "render", "--backend", "=", "s"]) == ["surfaceless"])
            #expect(try Self.bashComplete(script, ["shaderfx", "transition", "wi"]) == ["wind"])
            #expect(try Self.bashComplete(script, ["shaderfx", "help", "tr"]) == ["translate", "transition"])
            #expect(try Self.bashComplete(script, ["shaderfx", "compare", "Package.swift", "Package.sw"]) == ["Package.swift"])
            #expect(try Self.bashComplete(script, ["shaderfx", "render", "ripple", ""]) == [])
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is missing (apt-get install zsh)"))
    func zshScriptParses() throws {
        try withTemporaryFolder { (folder) throws in
            let script = folder.appendingPathComponent("_shaderfx")
            try Self.generated(.zsh).write(to: script, atomically: true, encoding: .utf8)
            let run = try CLIRun(["-n", script.path], executable: "/usr/bin/zsh")
            #expect(run.status == 0, "zsh -n: \(run.stderr)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is missing (apt-get install fish)"))
    func fishCompletesFromItsScript() throws {
        try withTemporaryFolder { (folder) throws in
            let script = folder.appendingPathComponent("shaderfx.fish")
            try Self.generated(.fish).write(to: script, atomically: true, encoding: .utf8)
            #expect(try CLIRun(["-n", script.path], executable: "/usr/bin/fish").status == 0)
            func complete(_ line: String) throws -> [String] {
                let run = try CLIRun(["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"], executable: "/usr/bin/fish")
                #expect(run.stderr == "", "fish: \(run.stderr)")
                return run.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
            }
            #expect(try complete("shaderfx ren") == ["render"])
            #expect(try complete("shaderfx render --sc") == ["--scale"])
            #expect(try complete("shaderfx render ripple --amp") == ["--amplitude"])
            #expect(try complete("shaderfx render --region ") == ["frame", "grown"])
        }
    }

    @Test func distributionTreeHoldsWhatTheBinaryGenerates() throws {
        try withTemporaryFolder { (folder) throws in
            let stage = try CLIRun(["--stage", CLIRun.binary, folder.path],
                                   executable: CLIRun.root.appendingPathComponent("scripts/dist.sh").path)
            #expect(stage.status == 0, "\(stage.stderr)")
            let version = ShaderFXVersion.string
            let tree = folder.appendingPathComponent("shaderfx-\(version)")
            #expect(stage.stdout == tree.path + "\n")

            let packed: [(path: String, artifact: GenerateCommand.Artifact)] = [
                ("share/man/man1/shaderfx.1", .man),
                ("share/bash-completion/completions/shaderfx", .bash),
                ("share/zsh/site-functions/_shaderfx", .zsh),
                ("share/fish/vendor_completions.d/shaderfx.fish", .fish),
            ]
            for (path, artifact) in packed {
                let text = try String(contentsOf: tree.appendingPathComponent(path), encoding: .utf8)
                #expect(text == artifact.text(.shaderfx), "\(path) is not what 'shaderfx generate \(artifact)' writes")
            }
            for (path, source) in [("LICENSE", "LICENSE"), ("README.md", "README.md"), ("install.sh", "scripts/install.sh")] {
                #expect(FileManager.default.contentsEqual(atPath: tree.appendingPathComponent(path).path,
                                                          andPath: CLIRun.root.appendingPathComponent(source).path), "\(path)")
            }
            #expect(FileManager.default.isExecutableFile(atPath: tree.appendingPathComponent("bin/shaderfx").path))

            // install.sh puts every file under the prefix, and the installed binary runs.
            let prefix = folder.appendingPathComponent("prefix")
            let install = try CLIRun([prefix.path], executable: tree.appendingPathComponent("install.sh").path)
            #expect(install.status == 0, "\(install.stderr)")
            #expect(install.stdout.hasPrefix("installed shaderfx \(version) into \(prefix.path)\n"))
            for path in ["bin/shaderfx", "share/doc/shaderfx/LICENSE", "share/doc/shaderfx/README.md"] + packed.map(\.path) {
                #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "not installed: \(path)")
            }
        }
    }

    @Test func dockerfileCopiesTheTarballDistWrites() throws {
        let dockerfile = try String(contentsOf: CLIRun.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let script = try String(contentsOf: CLIRun.root.appendingPathComponent("scripts/dist.sh"), encoding: .utf8)
        #expect(script.contains("tarball=$out/$name-linux-$arch.tar.gz"))
        let tarball = "dist/shaderfx-\(ShaderFXVersion.string)-linux-x86_64.tar.gz"
        let copy = dockerfile.split(separator: "\n").first { $0.hasPrefix("COPY ") }.map(String.init) ?? ""
        let pattern = copy.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        #expect(fnmatch(pattern, tarball, 0) == 0, "the Dockerfile's \(copy) does not match \(tarball)")
        #expect(dockerfile.contains("FROM debian:12-slim"))
        #expect(dockerfile.contains("ENTRYPOINT [\"shaderfx\"]"))
        let makefile = try String(contentsOf: CLIRun.root.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("scripts/dist.sh $(BIN) $(DIST)"))
        let testTarget = Self.block(makefile, from: "test: deps", to: ["bench:"])
        #expect(testTarget.hasPrefix("test: deps\n") && !testTarget.contains("dist"), "make test must not build the tarball")
    }
}
