import Foundation
import Testing
@testable import ShaderFXUI

/// Every evaluation error is located at the node that caused it, with its exact message; no
/// input crashes or hangs the evaluator. Each expected location is found in the source text here.
@Suite struct ViewFileEvaluatorErrorTests {
    /// The summary of the error `source` throws, or a note that it threw none.
    func summary(_ source: String, file: String = "Card.swift", settings: ViewFileSettings = ViewFileSettings()) -> String {
        evaluationError(source, file: file, settings: settings)?.summary ?? "no error"
    }

    @Test func unknownNamesListTheNearestKnownOnes() {
        let source = """
        struct Card: View {
            var title = "A"
            var body: some View {
                Text(titel)
            }
        }
        """
        #expect(summary(source) == "Card.swift:\(place(of: "titel", in: source)): error: unknown name 'titel'; did you mean 'title'?")

        let view = "VStack {\n    Txet(\"a\")\n}"
        #expect(summary(view) == "Card.swift:2:5: error: unknown name 'Txet'; did you mean 'Text'?")

        let modifier = "Text(\"a\")\n    .paddin(4)"
        #expect(summary(modifier) == "Card.swift:\(place(of: ".paddin", in: modifier)): error: unknown method 'paddin' of Text; did you mean 'padding'?")

        let colour = "Color.redd"
        #expect(summary(colour) == "Card.swift:\(place(of: ".redd", in: colour)): error: unknown colour 'redd'; did you mean 'red'?")

        let label = "Color.red.frame(widht: 10)"
        #expect(summary(label) == "Card.swift:\(place(of: "widht", in: label)): error: unknown argument 'widht' for 'frame'; did you mean 'width'?")

        let shader = "Color.red.colorEffect(ShaderLibrary.rippel(.float(1)))"
        #expect(summary(shader).hasPrefix("Card.swift:\(place(of: ".rippel", in: shader)): error: unknown shader function 'rippel' (give the app's shaders with --shader FILE or --library DIR); did you mean 'ripple'"))
    }

    @Test func arithmeticMistakesAreErrorsNotTraps() {
        let division = "let n = 0\nColor.red.frame(width: Double(10 / n))"
        #expect(summary(division) == "Card.swift:\(place(of: "10 / n", in: division)): error: division by zero: 10 / 0")
        let remainder = "let n = 0\nlet r = 7 % n\nColor.red"
        #expect(summary(remainder) == "Card.swift:2:9: error: division by zero: 7 % 0")
        let overflow = "let big = Int.max\nlet more = big + 1\nColor.red"
        #expect(summary(overflow) == "Card.swift:2:12: error: integer overflow: 9223372036854775807 + 1 does not fit in an Int")
        let product = "let big = 4611686018427387904\nlet more = big * 2\nColor.red"
        #expect(summary(product) == "Card.swift:2:12: error: integer overflow: 4611686018427387904 * 2 does not fit in an Int")
        let index = "let a = [1, 2]\nlet b = a[2]\nColor.red"
        #expect(summary(index) == "Card.swift:2:11: error: index 2 out of range (the array has 2 elements)")
        let unwrap = "let a: Int? = nil\nlet b = a!\nColor.red"
        #expect(summary(unwrap) == "Card.swift:2:9: error: unexpectedly found nil while unwrapping an optional value")
        let conversion = "let d = Double.infinity\nlet i = Int(d)\nColor.red"
        #expect(summary(conversion) == "Card.swift:2:13: error: inf cannot be converted to an Int")
    }

    @Test func recursionAndLoopsAreBounded() {
        let recursive = """
        struct Nest: View {
            var depth: Int
            var body: some View {
                Nest(depth: depth + 1)
            }
        }
        Nest(depth: 0)
        """
        let error = evaluationError(recursive)
        #expect(error?.kind == .tooDeep)
        #expect(error?.message == "calls nest more than 200 deep (a view or function that calls itself without end?)")

        let function = "func f(_ n: Int) -> Int { f(n + 1) }\nlet x = f(0)\nColor.red"
        #expect(evaluationError(function)?.kind == .tooDeep)
        #expect(summary(function) == "Card.swift:\(place(of: "f(n + 1)", in: function)): error: calls nest more than 200 deep (a view or function that calls itself without end?)")

        let loop = """
        func spin() -> Int {
            var n = 0
            while true {
                n += 1
            }
            return n
        }
        let x = spin()
        Color.red
        """
        #expect(summary(loop) == "Card.swift:\(place(of: "while", in: loop)): error: the loop ran more than 100000 times: stopped")

        let range = "func count() -> Int {\n    var n = 0\n    for i in 0..<1_000_000 { n += i }\n    return n\n}\nlet x = count()\nColor.red"
        #expect(summary(range) == "Card.swift:3:14: error: the range 0..<1000000 has more than 100000 elements")
    }

    @Test func wrongArgumentsAndTypes() {
        let missing = """
        struct Row: View {
            var title: String
            var body: some View { Text(title) }
        }
        Row()
        """
        #expect(summary(missing) == "Card.swift:5:1: error: missing argument for parameter 'title' in call to 'Row'")

        let extra = "struct Row: View {\n    var title: String\n    var body: some View { Text(title) }\n}\nRow(title: \"a\", size: 3)"
        #expect(summary(extra) == "Card.swift:\(place(of: "size: 3", in: extra)): error: unknown argument 'size' for Row's memberwise initialiser (or one out of order)")

        let type = "let x: Int = \"a\"\nColor.red"
        #expect(summary(type) == "Card.swift:1:14: error: cannot use a value of type String as Int")

        let condition = "let n = 3\nlet v = n ? 1 : 2\nColor.red"
        #expect(summary(condition) == "Card.swift:2:9: error: expected a Bool, found Int")

        let notView = "let n = 3\nVStack {\n    n\n}"
        #expect(summary(notView) == "Card.swift:\(place(of: "{\n    n", in: notView)): error: Int is not a view")

        let assign = "func f() -> Int {\n    let a = 1\n    a = 2\n    return a\n}\nlet b = f()\nColor.red"
        #expect(summary(assign) == "Card.swift:3:5: error: cannot assign to 'a': it is a 'let' constant")

        let specifier = "let d = 1.5\nText(\"\\(d, specifier: \"%s\")\")"
        #expect(summary(specifier) == "Card.swift:2:7: error: the specifier \"%s\" is not one number format (like \"%.1f\" or \"%d\")")
    }

    @Test func parseErrorsComeThroughUnchanged() {
        let error = evaluationError("VStack {\n    Text(\"a\"\n}", file: "Card.swift")
        #expect(error?.kind == .syntax)
        #expect(error?.summary == "Card.swift:3:1: error: expected ')' to close the call opened at 2:9, found '}'")
    }

    @Test func errorsInClosuresTheAPIRunsLaterFailTheRender() throws {
        let source = "GeometryReader { proxy in\n    Color.red.frame(width: proxy.size.widht)\n}"
        let view = try evaluated(source, file: "Later.swift")
        #expect(throws: ViewFileError.self) { try viewLayout(view, ProposedViewSize(width: 100, height: 100)) }
        do {
            _ = try viewLayout(view, ProposedViewSize(width: 100, height: 100))
        } catch let error as ViewFileError {
            #expect(error.summary == "Later.swift:\(place(of: ".widht", in: source)): error: value of type CGSize has no member 'widht'")
        }
    }

    @Test func errorsInCanvasClosuresAreKeptForTheCaller() throws {
        let source = "Canvas { context, size in\n    context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .colour(.red))\n}\n.frame(width: 8, height: 8)"
        let program = try ViewFileProgram(source: source, file: "Canvas.swift")
        let view = try program.makeView()
        _ = try ViewRenderer(content: view).render(proposedSize: ProposedViewSize(width: 8, height: 8))
        let error = try #require(program.drawingError)
        #expect(error.summary == "Canvas.swift:\(place(of: ".colour", in: source)): error: unknown shading '.colour'; did you mean 'color'?")
    }
}

/// Mutated copies of the view files evaluate or fail with a located error: no crash, no hang.
@Suite struct ViewFileEvaluatorFuzzTests {
    @Test func mutatedFilesFailWithLocatedErrors() throws {
        let files = try ViewFileCorpusTests.files()
        var generator = ViewFileCorpusTests.SplitMix(state: 0x5EED_0FF1_1E)
        let replacements = ["0", "-1", "nil", ".red", "\"x\"", "Int.max", "true", "(", "}", "self", "$0", "1 / 0", "[]", ".zero"]
        var evaluatedCount = 0, failed = 0
        for (name, text) in files {
            let bytes = Array(text.utf8)
            for _ in 0..<20 {
                var mutated = bytes
                let position = Int(generator.next() % UInt64(max(mutated.count, 1)))
                switch generator.next() % 3 {
                case 0:
                    mutated.removeSubrange(position..<min(mutated.count, position + Int(generator.next() % 12)))
                case 1:
                    let word = Array(replacements[Int(generator.next() % UInt64(replacements.count))].utf8)
                    let end = min(mutated.count, position + Int(generator.next() % 6))
                    mutated.replaceSubrange(position..<end, with: word)
                default:
                    let other = Int(generator.next() % UInt64(max(mutated.count, 1)))
                    if other < mutated.count, position < mutated.count { mutated.swapAt(position, other) }
                }
                let source = String(decoding: mutated, as: UTF8.self)
                let lineCount = source.split(separator: "\n", omittingEmptySubsequences: false).count
                do throws(ViewFileError) {
                    let program = try ViewFileProgram(source: source, file: name)
                    _ = try program.makeView()
                    evaluatedCount += 1
                } catch {
                    failed += 1
                    #expect(error.file == name)
                    #expect(error.position.line >= 1 && error.position.line <= lineCount, "\(error.summary)")
                    #expect(error.position.column >= 1)
                    #expect(!error.message.isEmpty)
                }
            }
        }
        #expect(evaluatedCount + failed == files.count * 20)
        #expect(failed > 0)
    }
}
