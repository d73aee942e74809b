import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXUI

/// The view files under ViewFiles/: the seeds' views and views in the style of public SwiftUI
/// code parse whole; mutated and truncated copies parse or fail with a located error, quickly.
@Suite struct ViewFileCorpusTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ShaderFXUITests/ViewFiles")

    static func files() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift.txt") }.sorted()
        return try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The names of the types a file declares at the top level.
    static func typeNames(_ file: ViewFileSyntax) -> [String] {
        file.declarations.compactMap { if case .type(let t) = $0.kind { t.name } else { nil } }
    }

    @Test func everyFileParses() throws {
        let files = try Self.files()
        #expect(files.count >= 10)
        for (name, text) in files {
            do {
                let tree = try ViewFileParser.parse(source: text, file: name)
                #expect(!tree.declarations.isEmpty || tree.view != nil, "\(name)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func theSeedsViewsHaveTheirDeclarations() throws {
        let files = Dictionary(uniqueKeysWithValues: try Self.files())
        func parse(_ name: String) throws -> ViewFileSyntax { try ViewFileParser.parse(source: files[name]!, file: name) }

        let stripes = try parse("Seed000Stripes.swift.txt")
        #expect(Self.typeNames(stripes) == ["StripesView"])
        #expect(stripes.imports.map(\.path) == [["SwiftUI"]])
        #expect(stripes.view?.description == "(call StripesView)")
        guard case .type(let view) = stripes.declarations[0].kind else { Issue.record("no struct"); return }
        #expect(view.inheritance.map(\.description) == ["View"])
        #expect(view.members[0].description
                == "(let stripes = (call (. ShaderLibrary Stripes) (call .float 20) (call .colorArray (array .red .orange .yellow .green .blue .purple))))")
        #expect(view.members[1].description.hasPrefix("(var body: some View (get (call VStack => (closure (call (. (call Text \"Stripes Modifier\") font) (call (. .title bold)))"))

        let ripple = try parse("Seed000Ripple.swift.txt")
        #expect(Self.typeNames(ripple) == ["SpatialPressingGesture", "SpatialPressingGestureModifier", "RippleEffectView",
                                           "RippleModifier", "RippleEffect", "ContentView"])
        #expect(ripple.previews.count == 1)
        #expect(ripple.description.contains("(switch (. recognizer state) (case (case .began) (do (= location (. (. context converter) localLocation)))) (case (case .ended) (case .cancelled) (case .failed) (do (= location nil))) (default (do (break))))"))
        #expect(ripple.description.contains("(struct RippleEffect<T: Equatable>: ViewModifier"))
        #expect(ripple.description.contains("=> keyframes: (closure _ in (call MoveKeyframe 0) (call LinearKeyframe duration duration: duration))"))
        #expect(ripple.description.contains("(if (let point) (then (= origin point) (+= counter 1)))"))

        let blocks = try parse("Seed001RippleShaderEffect.swift.txt")
        #expect(Self.typeNames(blocks) == ["RippleShaderEffectWave", "RippleShaderEffectMath", "RippleShaderEffect",
                                           "RippleShaderEffectOnTap", "RippleShaderEffectDemo", "RippleShaderEffectDemoTiles"])
        #expect(blocks.description.contains("(for row (..< 0 rows) (do (for column (..< 0 columns) (do (let tile = (call CGRect x: (* (call Double column) side)"))
        #expect(blocks.description.contains("(@State private var size = (. CGSize zero))"))
        #expect(blocks.description.contains("(@Environment((keypath .accessibilityReduceMotion)) private var reduceMotion)"))
        #expect(blocks.description.contains("(try? (await (call (. shader compile) as: .layerEffect)))"))

        let refraction = try parse("Seed002RippleRefraction.swift.txt")
        #expect(Self.typeNames(refraction) == ["RippleStore", "RippleRefractionView"])
        #expect(refraction.description.contains("(@Observable final class RippleStore (static let capacity = 12) (private static let stride = 4) (private(set) var packed = (call (array Float) repeating: 0 count: (* capacity stride)))"))
        #expect(refraction.description.contains("(guard (> (call (. (call Date) timeIntervalSince) lastMove) 0.18) (else (return)))"))

        let modifiers = try parse("Seed003ShaderModifiers.swift.txt")
        #expect(modifiers.previews.map(\.name) == ["Wave"])

        let lyrics = try parse("Seed004Lyrics.swift.txt")
        #expect(lyrics.description.contains("(call (. (call Text (. line formattedTimestamp)) alignmentGuide) .bottom => (closure (subscript $0 .top)))"))
        #expect(lyrics.view?.description == "(call ZStack => (closure (call WarpedCover) (call Transcript)))")
    }

    /// A fixed-seed generator (SplitMix64), so that every run feeds the same mutations.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func mutatedAndTruncatedFilesParseOrFailWithALocatedError() throws {
        var random = SplitMix(state: 0x5EED_F11E)
        let pieces = ["(", ")", "{", "}", "[", "]", "\"", "\"\"\"", "\\(", ".", ",", ":", "?", "!", "-", "+ ", " = ", "#", "@",
                      "/*", "*/", "//", "$", "`", "0x", "1e", "in ", "let ", "if ", "case ", "\n", " ", "'", "\u{201C}", "é"]
        var parsed = 0
        var failed = 0
        let clock = ContinuousClock()
        let start = clock.now
        for (name, text) in try Self.files() {
            let bytes = Array(text.utf8)
            for _ in 0..<400 {
                var mutated = bytes
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    mutated = Array(mutated.prefix(Int.random(in: 0...mutated.count, using: &random)))
                case 1:
                    for _ in 0..<Int.random(in: 1...4, using: &random) where !mutated.isEmpty {
                        mutated.remove(at: Int.random(in: 0..<mutated.count, using: &random))
                    }
                case 2:
                    for _ in 0..<Int.random(in: 1...4, using: &random) {
                        let piece = pieces.randomElement(using: &random)!
                        mutated.insert(contentsOf: piece.utf8, at: Int.random(in: 0...mutated.count, using: &random))
                    }
                default:
                    let from = Int.random(in: 0...mutated.count, using: &random)
                    let to = min(mutated.count, from + Int.random(in: 0...40, using: &random))
                    let cut = Array(mutated[from..<to])
                    mutated.removeSubrange(from..<to)
                    mutated.insert(contentsOf: cut, at: Int.random(in: 0...mutated.count, using: &random))
                }
                let source = String(decoding: mutated, as: UTF8.self)
                let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                do {
                    _ = try ViewFileParser.parse(source: source, file: name)
                    parsed += 1
                } catch {
                    failed += 1
                    let line = error.position.line
                    let inside = line >= 1 && line <= max(lines.count, 1)
                        && error.position.column >= 1 && error.position.column <= lines[line - 1].utf8.count + 1
                    #expect(inside, "\(error) is outside the file (\(lines.count) lines)")
                    #expect(error.description.hasPrefix("\(name):\(line):\(error.position.column): error: "))
                    #expect(!error.message.isEmpty)
                    if !inside { return }
                }
            }
        }
        #expect(parsed + failed >= 4000)
        #expect(failed > parsed / 4, "most mutations should break the file (\(failed) failed, \(parsed) parsed)")
        // Thousands of parses of ~100-line files: well under a second each in a debug build.
        #expect(clock.now - start < .seconds(120))
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        for (open, close) in [("(", ")"), ("[", "]"), ("{", "}"), ("\"\\(", ")\"")] {
            let deep = String(repeating: open, count: 5000) + "1" + String(repeating: close, count: 5000)
            let error = viewFileError(deep)
            #expect(error?.kind == .tooDeep, "\(open): \(String(describing: error))")
            #expect(error?.message.contains("nests more than 256 levels") == true || error?.message.contains("nested more than 256") == true)
        }
        #expect(viewFileError(String(repeating: "try ", count: 5000) + "x")?.kind == .tooDeep)
        #expect(viewFileError("func f() {\n" + String(repeating: "if a {\n", count: 3000))?.kind == .tooDeep)
        #expect(viewFileError("let t: " + String(repeating: "[", count: 3000) + "Int" + String(repeating: "]", count: 3000))?.kind == .tooDeep)
        // Within the limit, deep nesting parses.
        let fine = String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
        #expect(viewFileError(fine) == nil)
    }

    @Test func aFiveHundredLineFileParsesQuickly() throws {
        let card = try String(contentsOf: Self.folder.appendingPathComponent("Card.swift.txt"), encoding: .utf8)
        let body = card.components(separatedBy: "\nCard()")[0]
        var source = ""
        var copy = 0
        while source.split(separator: "\n").count < 500 {
            source += body.replacingOccurrences(of: "struct Card", with: "struct Card\(copy)")
                .replacingOccurrences(of: "struct Badge", with: "struct Badge\(copy)") + "\n"
            copy += 1
        }
        let clock = ContinuousClock()
        _ = try ViewFileParser.parse(source: source, file: "Big.swift")
        var best = Duration.seconds(1000)
        for _ in 0..<5 {
            let start = clock.now
            _ = try ViewFileParser.parse(source: source, file: "Big.swift")
            best = min(best, clock.now - start)
        }
        // A debug build is several times slower than release (which is under 10 ms): this bound
        // catches a quadratic turn, not a few per cent.
        #expect(best < .milliseconds(250), "\(source.split(separator: "\n").count) lines took \(best)")
        print("ViewFileParser: \(source.split(separator: "\n").count) lines (\(source.utf8.count) bytes) in \(best)")
    }
}
