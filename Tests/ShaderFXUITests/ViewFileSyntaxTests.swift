import Foundation
import Testing
@testable import ShaderFXUI

/// Declarations and statements, and the errors of bad files: each message exactly, at its
/// line and column (counted by hand from the source), in swiftc's format.
@Suite struct ViewFileSyntaxTests {
    @Test func topLevelDeclarationsAndTheViewToRender() {
        let tree = viewFileTree("""
            import SwiftUI
            import ShaderFXUI
            let size = 12.0
            var name: String = "x"
            let (a, b) = (1, 2)
            struct Card: View {
                var body: some View { Text(name) }
            }
            #Preview("Card") { Card() }
            Card().padding()
            """)
        #expect(tree == "(file (import SwiftUI) (import ShaderFXUI) (let size = 12.0) (var name: String = \"x\") (let (tuple a b) = (tuple 1 2)) "
                + "(struct Card: View (var body: some View (get (call Text name)))) (#Preview \"Card\" (body (call Card))) (view (call (. (call Card) padding))))")
    }

    @Test func propertiesMethodsInitialisersAndNestedTypes() {
        let tree = viewFileTree("""
            struct Row: View, Equatable {
                @State private var count = 0
                @Binding var isOn: Bool
                @Environment(\\.colorScheme) var scheme
                private(set) var names: [String] = []
                static let shared = Row()
                var title: String { "t" }
                var value: Int {
                    get { count }
                    set(v) { count = v }
                }
                var observed = 1 { didSet { print(observed) } }
                init(isOn: Binding<Bool>) { self._isOn = isOn }
                func label(_ a: Int, b: Double = 1) -> some View { Text("\\(a)") }
                mutating func bump() async throws { count += 1 }
                enum Mode: Int { case a = 1, b
                    indirect case c(Mode, label: String) }
            }
            """)
        #expect(tree == "(file (struct Row: View, Equatable (@State private var count = 0) (@Binding var isOn: Bool) "
                + "(@Environment((keypath .colorScheme)) var scheme) (private(set) var names: [String] = (array)) (static let shared = (call Row)) "
                + "(var title: String (get \"t\")) (var value: Int (get count) (set(v) (= count v))) (var observed = 1 (didSet (call print observed))) "
                + "(init (isOn: Binding<Bool>) (body (= (. self _isOn) isOn))) "
                + "(func label (_ a: Int, b: Double = 1) -> some View (body (call Text (string \\(a))))) "
                + "(mutating func bump () async throws (body (+= count 1))) "
                + "(enum Mode: Int (case a = 1 b) (indirect case c(Mode, label: String)))))")
    }

    @Test func typesAsWritten() {
        #expect(viewFileTree("var f: (CGPoint?) -> Void = g") == "(file (var f: (CGPoint?) -> Void = g))")
        #expect(viewFileTree("var f: @escaping @Sendable (Int, label: String) async throws -> [String: Int]? = g")
                == "(file (var f: @escaping @Sendable (Int, label: String) async throws -> [String: Int]? = g))")
        #expect(viewFileTree("var b: Binding<Array<Int>>? = nil") == "(file (var b: Binding<Array<Int>>? = nil))")
        #expect(viewFileTree("var t: some Equatable & Sendable = 1") == "(file (var t: some Equatable & Sendable = 1))")
        #expect(viewFileTree("var m: Shader.Argument.Type = x") == "(file (var m: Shader.Argument.Type = x))")
        #expect(viewFileTree("extension View where Self: Equatable { }") == "(file (extension View (where Self : Equatable)))")
        #expect(viewFileTree("typealias Pair<T> = (T, T)") == "(file (typealias Pair<T> = (T, T)))")
    }

    @Test func statementsInBodies() {
        #expect(bodyTree("if let x = y, let z, x > 0 { A() } else if case .b(let v) = m { B(v) } else { C() }")
                == ["(if (let x = y) (let z) (> x 0) (then (call A)) (else (if (case (case .b (let v)) = m) (then (call B v)) (else (call C)))))"])
        #expect(bodyTree("for (i, x) in xs.enumerated() where i % 2 == 0 { Text(x) }")
                == ["(for (tuple i x) (call (. xs enumerated)) (where (== (% i 2) 0)) (do (call Text x)))"])
        #expect(bodyTree("switch v {\ncase let .x(a), .y(a):\n  A(a)\ncase 1...5 where v > 2:\n  fallthrough\ncase is Int, let n as Double:\n  break\n@unknown default:\n  return\n}")
                == ["(switch v (case (let (case .x a)) (case .y a) (do (call A a))) (case (... 1 5) (where (> v 2)) (do (fallthrough))) "
                    + "(case (is Int) (let (as n Double)) (do (break))) (default (do (return))))"])
        #expect(bodyTree("repeat { i -= 1 } while i > 0") == ["(repeat (do (-= i 1)) (> i 0))"])
        #expect(bodyTree("let (w, h) = (size.width, size.height)\nvar total = 0; total += w * h\n_ = total")
                == ["(let (tuple w h) = (tuple (. size width) (. size height)))", "(var total = 0)", "(+= total (* w h))", "(= _ total)"])
        #expect(bodyTree("do { try f() } catch let e as MyError { g(e) } catch { h() }")
                == ["(do (try (call f)) (catch (let (as e MyError)) (call g e)) (catch (call h)))"])
        #expect(bodyTree("defer { done() }\nthrow Failure.bad") == ["(defer (call done))", "(throw (. Failure bad))"])
    }

    /// The message, line and column of the error `source` gives.
    func located(_ source: String) -> String {
        guard let error = viewFileError(source) else { return "no error" }
        return error.summary
    }

    @Test func errorsSayWhatWasExpectedAndWhatWasFoundWhere() {
        #expect(located("VStack {\n  Text(\"a\", size: }\n}")
                == "Card.swift:2:19: error: expected ')' to close the call opened at 2:7, found '}'")
        #expect(located("let a = [1, 2\nlet b = 3")
                == "Card.swift:2:1: error: expected ']' to close the array literal opened at 1:9, found 'let'")
        #expect(located("struct A: View {\n  var body: some View {\n    Text(\"a\")\n")
                == "Card.swift:3:14: error: expected '}' to close the body of the computed property opened at 2:23, found end of file")
        #expect(located("let x = \"abc\nlet y = 1") == "Card.swift:1:9: error: unterminated string literal")
        #expect(located("let x = 1 +") == "Card.swift:1:12: error: expected an expression, found end of file")
        #expect(located("let x = a < b < c")
                == "Card.swift:1:15: error: adjacent operators are in non-associative precedence group 'ComparisonPrecedence': add parentheses around one of them")
        #expect(located("let x = a -b") == "Card.swift:1:11: error: '-' must have consistent whitespace on both sides to be a binary operator (as in 'a - b'), found it attached on one side only")
        #expect(located("let x = a =b") == "Card.swift:1:11: error: '=' must have consistent whitespace on both sides to be a binary operator (as in 'a = b'), found it attached on one side only")
        #expect(located("let x = - b") == "Card.swift:1:9: error: unary operator '-' cannot be separated from its operand")
        #expect(located("let x = a <> b") == "Card.swift:1:11: error: unknown binary operator '<>'")
        #expect(located("Text(\"a\") Text(\"b\")") == "Card.swift:1:11: error: consecutive statements on a line must be separated by a line break or ';', found 'Text'")
        #expect(located("#if DEBUG\nText(\"a\")\n#endif") == "Card.swift:1:1: error: conditional compilation blocks ('#if') are not supported in view files")
        #expect(located("let s = \"\\q\"") == "Card.swift:1:10: error: invalid escape sequence in literal")
        #expect(located("/* never closed") == "Card.swift:1:1: error: unterminated '/*' comment")
        #expect(located("let x = 12abc") == "Card.swift:1:11: error: 'a' is not a valid digit in integer literal")
        #expect(located("let x = 99999999999999999999") == "Card.swift:1:9: error: integer literal '99999999999999999999' overflows when stored into 'Int'")
        #expect(located("Text(\u{201C}Hi\u{201D})") == "Card.swift:1:6: error: unicode curly quote found; replace it with '\"'")
        #expect(located("let c = 'a'") == "Card.swift:1:9: error: single-quoted string literal found; use '\"'")
        #expect(located("let s = \"\"\"\n  a\n b\n  \"\"\"")
                == "Card.swift:3:1: error: insufficient indentation of line in multi-line string literal (the closing delimiter is indented 2 characters)")
        #expect(located("let s = \"\"\"a\n\"\"\"") == "Card.swift:1:12: error: multi-line string literal content must begin on a new line")
        #expect(located("Text(\"a\")\nstruct A {}") == "Card.swift:2:1: error: expected the end of the file after the view to render (the expression at 1:1 must come last), found 'struct'")
        #expect(located("if x { }") == "Card.swift:1:1: error: expected a declaration or the view to render at the top level of a view file, found 'if' (statements belong in a body)")
        #expect(located("func f() {\n  if x == 1 Text(\"a\")\n}") == "Card.swift:2:13: error: expected '{' to begin the body of the 'if' statement, found 'Text'")
        #expect(located("func f() {\n  guard x { }\n}") == "Card.swift:2:11: error: expected 'else' after the 'guard' condition, found '{'")
        #expect(located("func f() {\n  switch x {\n  case .a:\n  case .b: g()\n  }\n}")
                == "Card.swift:3:3: error: 'case' label in a 'switch' must have at least one executable statement")
        #expect(located("struct A: View {\n  Text(\"a\")\n}") == "Card.swift:2:3: error: expected a declaration in the body of struct 'A', found 'Text'")
        #expect(located("func f(a Int) {}") == "Card.swift:1:13: error: expected ':' and a type after the parameter 'Int', found ')'")
        #expect(located("let t = \"\\(a, b\"") == "Card.swift:1:16: error: expected ')' to close the string interpolation opened at 1:10, found a string literal")
        #expect(located("let k = \\") == "Card.swift:1:10: error: expected a key path such as '\\.name' or '\\Type.name' after '\\', found end of file")
        #expect(located("let x = #selector(f)") == "Card.swift:1:9: error: '#selector' is not supported in view files")
        #expect(located("let x = c ? a") == "Card.swift:1:14: error: expected ':' after the '?' at 1:11 of the ternary expression, found end of file")
        #expect(located("let x: = 1") == "Card.swift:1:8: error: expected a type, found '='")
        #expect(located("let x") == "Card.swift:1:6: error: expected ':' and a type, or '=' and a value, after 'let x', found end of file")
    }

    @Test func theDescriptionIsTheCompilersFormatWithTheLineAndACaret() throws {
        let error = try #require(viewFileError("VStack {\n\tText(\"a\", size: }\n}", file: "Views/Card.swift"))
        #expect(error.description == "Views/Card.swift:2:18: error: expected ')' to close the call opened at 2:6, found '}'\n\tText(\"a\", size: }\n\t                ^")
        #expect(error.position == SourcePosition(line: 2, column: 18, offset: 26))
        #expect(error.kind == .syntax)
        // A column counts UTF-8 bytes, as swiftc's do; the caret still stands under the character.
        let wide = try #require(viewFileError("Text(\"é\") )"))
        #expect(wide.summary == "Card.swift:1:12: error: consecutive statements on a line must be separated by a line break or ';', found ')'")
        #expect(wide.description.hasSuffix("\nText(\"é\") )\n          ^"))
    }

    @Test func nodesCarryTheirRanges() throws {
        let file = try ViewFileParser.parse(source: "import SwiftUI\n\nText(\"a\")\n    .bold()\n", file: "R.swift")
        let view = try #require(file.view)
        #expect(view.range.file == "R.swift")
        #expect(view.range.start == SourcePosition(line: 3, column: 1, offset: 16))
        #expect(view.range.end == SourcePosition(line: 4, column: 12, offset: 37))
        guard case .call(let member, _, _) = view.kind, case .member(let text, "bold") = member.kind else {
            Issue.record("\(view)")
            return
        }
        #expect(text.range.start.line == 3 && text.range.end == SourcePosition(line: 3, column: 10, offset: 25))
        #expect(file.imports[0].range.end.column == 15)
    }
}

