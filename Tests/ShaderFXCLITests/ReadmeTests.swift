import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI
@testable import ShaderFXCore
import ShaderFXUI

/// README.md as a user reads it: every command in it runs as written, in a scratch folder,
/// in document order, and every picture it shows is what the command above it writes.
///
/// What counts as a command:
/// - a fenced `sh` block runs whole in bash (`set -euo pipefail`) and must exit 0; its `make`
///   lines are the set-up that runs this very test, so they are left out; a block marked
///   `sh elsewhere` is for another machine (installing the tarball, Docker) and is counted, not run;
/// - a fenced `console` block's `$ COMMAND` lines run, and print what the block shows after them
///   (times, byte counts and the renderer masked; every line when the renderer is llvmpipe, as
///   the README shows, else the first);
/// - a fenced block with `file=NAME` in its info string is written to NAME first (the README
///   says "saved as NAME" beside it);
/// - an inline `shaderfx COMMAND ARGUMENT...` span (or `shaderfx --OPTION`) runs and must exit
///   0; a bare `shaderfx COMMAND` names a command, which must exist;
/// - a plain fenced block of `shaderfx ...` synopsis lines is not run, but every `--option`
///   in it must be in that command's `--help`.
/// The scratch folder holds the pictures the README calls yours (`photo.png`, `in.png`,
/// `a.png`, `b.png`, `cover.png`, drawn from the built-in pictures) and a copy of `examples/`;
/// `shaderfx` on PATH is the binary under test.
@Suite(.serialized) struct ReadmeTests {
    /// One thing the README asks a reader to do, in order.
    enum Step {
        case file(name: String, text: String, line: Int)
        case script(String, line: Int)
        case console(command: String, expected: [String], line: Int)
        case inline(String, line: Int)
        case synopsis(String, line: Int)
        case elsewhere(String, line: Int)
    }

    struct Document {
        var steps: [Step] = []
        /// `![...](path)` targets, with their lines.
        var images: [(path: String, line: Int)] = []
        /// Relative link targets (not http, not anchors), with their lines.
        var links: [(target: String, line: Int)] = []
    }

    static let readme = CLIRun.root.appendingPathComponent("README.md")

    /// Splits README.md into steps, pictures and links.
    static func parse(_ text: String) -> Document {
        var document = Document()
        let lines = text.components(separatedBy: "\n")
        var index = 0
        var paragraph: [(String, Int)] = []
        func flushParagraph() {
            guard let first = paragraph.first else { return }
            let joined = paragraph.map(\.0).joined(separator: " ")
            paragraph = []
            for span in inlineSpans(joined) where span.hasPrefix("shaderfx") {
                document.steps.append(.inline(span, line: first.1))
            }
            for match in joined.matches(of: /(!?)\[[^\]]*\]\(([^)\s]+)\)/) {
                let target = String(match.output.2)
                if match.output.1 == "!" { document.images.append((target, first.1)) }
                if !target.hasPrefix("http") && !target.hasPrefix("#") && !target.hasPrefix("mailto:") {
                    document.links.append((target, first.1))
                }
            }
        }
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                flushParagraph()
                let info = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                let start = index + 1
                var body: [String] = []
                index += 1
                while index < lines.count && !lines[index].hasPrefix("```") {
                    body.append(lines[index])
                    index += 1
                }
                index += 1
                let words = info.split(separator: " ").map(String.init)
                if let file = words.first(where: { $0.hasPrefix("file=") }) {
                    document.steps.append(.file(name: String(file.dropFirst(5)), text: body.joined(separator: "\n") + "\n", line: start))
                } else if words.first == "sh" && words.contains("elsewhere") {
                    document.steps.append(.elsewhere(body.joined(separator: "\n"), line: start))
                } else if words.first == "sh" {
                    let script = body.filter { !$0.hasPrefix("make ") }.joined(separator: "\n")
                    if !script.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                        document.steps.append(.script(script, line: start))
                    }
                } else if words.first == "console" {
                    var k = 0
                    while k < body.count {
                        guard body[k].hasPrefix("$ ") else { k += 1; continue }
                        let command = String(body[k].dropFirst(2))
                        var expected: [String] = []
                        k += 1
                        while k < body.count && !body[k].hasPrefix("$ ") { expected.append(body[k]); k += 1 }
                        document.steps.append(.console(command: command, expected: expected, line: start))
                    }
                } else if words.isEmpty {
                    for (offset, text) in body.enumerated() where text.hasPrefix("shaderfx ") {
                        document.steps.append(.synopsis(text, line: start + offset))
                    }
                }
                continue
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                flushParagraph()
            } else {
                paragraph.append((line, index + 1))
            }
            index += 1
        }
        flushParagraph()
        return document
    }

    /// The text of each `code span` of a paragraph.
    static func inlineSpans(_ text: String) -> [String] {
        text.matches(of: /`([^`]+)`/).map { String($0.output.1) }
    }

    /// Times, byte counts and the renderer's description replaced, for comparing status lines.
    static func masked(_ line: String) -> String {
        line.replacing(/\d+(\.\d+)? ms/, with: "# ms").replacing(/\(\d+ bytes\)/, with: "(# bytes)")
    }

    /// Runs `script` in bash in `folder` with the binary under test first on PATH.
    static func bash(_ script: String, in folder: URL, bin: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "set -euo pipefail\n" + script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SHADERFX_BACKEND")
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A scratch folder with the reader's pictures, a copy of examples/, and `shaderfx` on PATH.
    static func scratch() throws -> (folder: URL, bin: URL) {
        let folder = try TemporaryFolder.make().url
        let bin = folder.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("shaderfx"),
                                                   withDestinationURL: URL(fileURLWithPath: CLIRun.binary))
        let (from, to) = try BuiltInTransitions.samplePictures(on: TestGPU.get())
        for (name, picture) in [("photo.png", from), ("in.png", from), ("a.png", from), ("b.png", to),
                                ("cover.png", try BuiltInPicture.cover.draw(width: 384, height: 384, on: TestGPU.get()))] {
            try PNG.write(picture, to: folder.appendingPathComponent(name).path)
        }
        try FileManager.default.copyItem(at: CLIRun.root.appendingPathComponent("examples"),
                                         to: folder.appendingPathComponent("examples"))
        // The suite's own report folder, if a local run left one, is not part of the example.
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("examples/golden-suite/.report"))
        return (folder, bin)
    }

    @Test(.enabled(if: VideoOutputTests.ffmpeg != nil, "the README's commands write GIFs and videos through ffmpeg: make test installs Debian's ffmpeg package"))
    func everyCommandRunsAsWrittenAndEveryPictureIsWhatItsCommandWrites() throws {
        let document = Self.parse(try String(contentsOf: Self.readme, encoding: .utf8))
        let (folder, bin) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var helpTexts: [String: String] = [:]
        // The README shows llvmpipe's messages; on another renderer only their first lines are compared.
        let llvmpipe = try Self.bash("shaderfx info", in: folder, bin: bin).output.contains("llvmpipe")
        var ran = 0, elsewhere = 0
        for step in document.steps {
            switch step {
            case let .file(name, text, _):
                let url = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            case let .script(script, line):
                let run = try Self.bash(script, in: folder, bin: bin)
                #expect(run.status == 0, "README.md:\(line): the sh block exits \(run.status):\n\(script)\n\(run.output)")
                ran += 1
            case let .console(command, expected, line):
                let run = try Self.bash(command, in: folder, bin: bin)
                let actual = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let compared = llvmpipe ? expected.count : 1
                for (k, line0) in expected.prefix(compared).enumerated() {
                    var want = Self.masked(line0), got = k < actual.count ? Self.masked(actual[k]) : "(no line)"
                    if compared == 1, let cut = want.range(of: " on ") { want = String(want[..<cut.lowerBound]); got = String(got.prefix(want.count)) }
                    #expect(got == want, "README.md:\(line): `\(command)` line \(k + 1) prints\n\(got)\nbut the README shows\n\(want)")
                }
                ran += 1
            case .elsewhere:
                elsewhere += 1
            case let .inline(span, line):
                let words = span.split(separator: " ")
                if words.count >= 3 || (words.count == 2 && words[1].hasPrefix("-")) {
                    let run = try Self.bash(span, in: folder, bin: bin)
                    #expect(run.status == 0, "README.md:\(line): `\(span)` exits \(run.status):\n\(run.output)")
                } else if words.count == 2 {
                    let command = String(words[1])
                    #expect(ShaderFXCLI.commands.contains { $0.configuration.name == command }, "README.md:\(line): `\(span)` is not a command")
                }
                ran += 1
            case let .synopsis(text, line):
                let command = String(text.split(separator: " ")[1])
                if helpTexts[command] == nil {
                    helpTexts[command] = try Self.bash("shaderfx \(command) --help", in: folder, bin: bin).output
                }
                for option in text.matches(of: /--[a-z][a-z0-9-]*/).map({ String($0.output) }) {
                    #expect(helpTexts[command]!.contains(option), "README.md:\(line): `shaderfx \(command)` has no \(option)")
                }
            }
        }
        #expect(ran > 20, "only \(ran) commands found in README.md")
        // Only the install steps for another machine and the Docker build are not run here.
        #expect(elsewhere == 2, "\(elsewhere) blocks are marked `sh elsewhere`")

        // Each picture shown is what its command wrote here.
        #expect(!document.images.isEmpty)
        for (path, line) in document.images where path.hasPrefix("docs/images/") {
            let written = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
            guard FileManager.default.fileExists(atPath: written) else {
                Issue.record("README.md:\(line): no command in the README writes \(URL(fileURLWithPath: path).lastPathComponent), shown from \(path)")
                continue
            }
            let shown = try PNG.read(path: CLIRun.root.appendingPathComponent(path).path), made = try PNG.read(path: written)
            #expect(shown.width == made.width && shown.height == made.height,
                    "README.md:\(line): \(path) is \(shown.width)x\(shown.height), its command writes \(made.width)x\(made.height)")
            if shown.width == made.width && shown.height == made.height {
                let a = PNG.straight8(shown).rgba, b = PNG.straight8(made).rgba
                let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(worst <= 2, "README.md:\(line): \(path) differs from what its command writes by \(worst) levels")
            }
        }
    }

    @Test func everyLinkPointsIntoTheRepository() throws {
        let document = Self.parse(try String(contentsOf: Self.readme, encoding: .utf8))
        #expect(document.links.count > 10)
        for (target, line) in document.links {
            let path = target.split(separator: "#").first.map(String.init) ?? target
            let url = CLIRun.root.appendingPathComponent(path).standardizedFileURL
            #expect(url.path.hasPrefix(CLIRun.root.standardizedFileURL.path + "/"), "README.md:\(line): \(target) is outside the repository")
            #expect(FileManager.default.fileExists(atPath: url.path), "README.md:\(line): \(target) does not exist")
        }
    }

    @Test func theParserFindsWhatTheREADMEAsksFor() {
        let text = """
            Run `shaderfx render ripple -o a.png` or `shaderfx effects`; see [the docs](docs/GPU.md).

            ```sh
            make test
            shaderfx info
            ```

            ```metal file=My.metal
            half4 f(float2 p, half4 c) { return c; }
            ```

            ```console
            $ shaderfx render stripes -o s.png
            wrote s.png (512x384) in 12 ms on llvmpipe
            ```

            ```
            shaderfx render EFFECT --scale N
            ```

            ![a picture](docs/images/stripes.png)
            """
        let document = Self.parse(text)
        guard document.steps.count == 6 else {
            Issue.record("steps: \(document.steps)")
            return
        }
        if case let .inline(span, _) = document.steps[0] { #expect(span == "shaderfx render ripple -o a.png") } else { Issue.record("\(document.steps[0])") }
        if case let .inline(span, _) = document.steps[1] { #expect(span == "shaderfx effects") } else { Issue.record("\(document.steps[1])") }
        if case let .script(script, _) = document.steps[2] { #expect(script == "shaderfx info") } else { Issue.record("\(document.steps[2])") }
        if case let .file(name, body, _) = document.steps[3] { #expect(name == "My.metal" && body.hasPrefix("half4")) } else { Issue.record("\(document.steps[3])") }
        if case let .console(command, expected, _) = document.steps[4] {
            #expect(command == "shaderfx render stripes -o s.png" && expected.first == "wrote s.png (512x384) in 12 ms on llvmpipe")
        } else { Issue.record("\(document.steps[4])") }
        if case let .synopsis(line, _) = document.steps[5] { #expect(line == "shaderfx render EFFECT --scale N") } else { Issue.record("\(document.steps[5])") }
        #expect(document.images.map(\.path) == ["docs/images/stripes.png"])
        #expect(document.links.map(\.target) == ["docs/GPU.md", "docs/images/stripes.png"])
        #expect(Self.masked("in 461 ms, encode 12.5 ms (242137 bytes)") == "in # ms, encode # ms (# bytes)")
    }
}
