import Foundation
import Testing
@testable import ShaderFXCLI

/// Every example `--help` shows parses as the command it belongs to: an option renamed or a
/// value form changed cannot leave a stale example behind.
@Suite struct HelpExampleTests {
    /// The words of a command line as a shell splits them (single and double quotes, no
    /// expansion), from its `shaderfx` on, up to a pipe, a redirection or `&&`.
    static func words(_ line: String) -> [String] {
        guard let start = line.range(of: "shaderfx ") else { return [] }
        var words: [String] = [], word = "", quote: Character?, inWord = false
        for character in line[start.lowerBound...] {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            if character == "'" || character == "\"" { quote = character; inWord = true; continue }
            if character == " " {
                if inWord { words.append(word); word = ""; inWord = false }
                continue
            }
            word.append(character)
            inWord = true
        }
        if inWord { words.append(word) }
        let stop = words.firstIndex { ["|", ">", ">>", "&&", "2>"].contains($0) } ?? words.count
        return Array(words[..<stop])
    }

    static func parse<C: ParsableCommand>(_ type: C.Type, _ words: [String]) throws {
        _ = try CommandRunner.parse(type, words)
    }

    @Test func everyExampleParses() throws {
        var checked = 0
        for command in ShaderFXCLI.commands {
            let name = command.configuration.name
            for example in command.configuration.examples {
                let words = Self.words(example.command)
                #expect(words.count >= 2 && words[1] == name, "\(name): example '\(example.command)' is not a '\(name)' command")
                guard words.count >= 2, words[1] == name else { continue }
                do {
                    try Self.parse(command, Array(words.dropFirst(2)))
                    checked += 1
                } catch {
                    Issue.record("\(name): example '\(example.command)' does not parse: \(error)")
                }
            }
        }
        #expect(checked > 30, "only \(checked) examples found")
    }

    @Test func theSplitterSplitsAsAShellDoes() {
        #expect(Self.words(#"CI=1 shaderfx test suite --report "a b" | tee x"#) == ["shaderfx", "test", "suite", "--report", "a b"])
        #expect(Self.words(#"echo '{"a": 1}' | shaderfx batch"#) == ["shaderfx", "batch"])
        #expect(Self.words("shaderfx render stripes --colors '#ff8800,red' -o s.png") == ["shaderfx", "render", "stripes", "--colors", "#ff8800,red", "-o", "s.png"])
    }
}
