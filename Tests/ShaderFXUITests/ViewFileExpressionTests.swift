import Foundation
import Testing
@testable import ShaderFXUI

/// The tree of `source`, a whole view file, as its S-expression.
func viewFileTree(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        return try ViewFileParser.parse(source: source, file: "Test.swift").description
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return "<error>"
    }
}

/// The view expression `source` (the last line of a file) as its S-expression.
func expressionTree(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        let file = try ViewFileParser.parse(source: source, file: "Test.swift")
        guard let view = file.view else {
            Issue.record("no view expression in \(file)", sourceLocation: sourceLocation)
            return "<none>"
        }
        return view.description
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return "<error>"
    }
}

/// The statements of the body of `var body` in `struct V { var body: some View { source } }`.
func bodyTree(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    do {
        let file = try ViewFileParser.parse(source: "struct V: View {\n var body: some View {\n\(source)\n }\n}\n", file: "Test.swift")
        guard case .type(let type) = file.declarations.first?.kind, case .variable(let body) = type.members.first?.kind,
              let statements = body.bindings.first?.accessors.first?.body else {
            Issue.record("no body in \(file)", sourceLocation: sourceLocation)
            return []
        }
        return statements.map(\.description)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return ["<error>"]
    }
}

/// The error parsing `source` gives, or nil.
func viewFileError(_ source: String, file: String = "Card.swift") -> ViewFileError? {
    do {
        _ = try ViewFileParser.parse(source: source, file: file)
        return nil
    } catch {
        return error
    }
}

/// Expressions: the expected trees follow Swift's grammar and its standard library's
/// precedence groups (The Swift Programming Language, "Expressions" and "Operator Declarations").
@Suite struct ViewFileExpressionTests {
    @Test func precedenceGroupsFoldAsSwiftsStandardLibraryDeclaresThem() {
        // Multiplication (150) over addition (140) over range formation (135) over casting
        // (132) over nil-coalescing (131) over comparison (130) over && (120) over || (110)
        // over the ternary (100) over assignment (90).
        #expect(expressionTree("1 + 2 * 3") == "(+ 1 (* 2 3))")
        #expect(expressionTree("1 * 2 + 3") == "(+ (* 1 2) 3)")
        #expect(expressionTree("(1 + 2) * 3") == "(* (+ 1 2) 3)")
        #expect(expressionTree("a - b - c") == "(- (- a b) c)")
        #expect(expressionTree("a / b * c % d") == "(% (* (/ a b) c) d)")
        #expect(expressionTree("0..<n + 1") == "(..< 0 (+ n 1))")
        #expect(expressionTree("a ?? b ?? c") == "(?? a (?? b c))")
        #expect(expressionTree("x as? Int ?? 0") == "(?? (as? x Int) 0)")
        #expect(expressionTree("a ?? b == c") == "(== (?? a b) c)")
        #expect(expressionTree("a < b && c || d && !e") == "(|| (&& (< a b) c) (&& d (! e)))")
        #expect(expressionTree("a || b ? c : d") == "(?: (|| a b) c d)")
        #expect(expressionTree("a ? b : c ? d : e") == "(?: a b (?: c d e))")
        #expect(expressionTree("x = y = 1 + 2") == "(= x (= y (+ 1 2)))")
        #expect(expressionTree("x += c ? 1 : 2") == "(+= x (?: c 1 2))")
        #expect(expressionTree("1 << 2 * 3") == "(* (<< 1 2) 3)")
        #expect(expressionTree("a == b || c != d") == "(|| (== a b) (!= c d))")
        #expect(expressionTree("-a * b") == "(* (- a) b)")
        #expect(expressionTree("-a.b") == "(- (. a b))")
        #expect(expressionTree("!x.isEmpty && y") == "(&& (! (. x isEmpty)) y)")
        #expect(expressionTree("x is Int && y") == "(&& (is x Int) y)")
        #expect(expressionTree("a + b as Double") == "(as (+ a b) Double)")
    }

    @Test func tryAndAwaitCoverEverythingToTheirRight() {
        #expect(expressionTree("try a + b") == "(try (+ a b))")
        #expect(expressionTree("x = try? f() ?? 0") == "(= x (try? (?? (call f) 0)))")
        #expect(expressionTree("try! await g()") == "(try! (await (call g)))")
    }

    @Test func operatorWhitespaceDecidesPrefixPostfixAndInfix() {
        #expect(expressionTree("a-b") == "(- a b)")
        #expect(expressionTree("a - -b") == "(- a (- b))")
        #expect(expressionTree("f(-1, -x)") == "(call f (- 1) (- x))")
        #expect(expressionTree("a!") == "(force a)")
        #expect(expressionTree("a!.b") == "(. (force a) b)")
        #expect(expressionTree("a?.b?.c") == "(. (? (. (? a) b)) c)")
        #expect(expressionTree("a! + b") == "(+ (force a) b)")
        #expect(expressionTree("x[1...]") == "(subscript x (postfix... 1))")
        #expect(expressionTree("x[..<3]") == "(subscript x (..< 3))")
        #expect(expressionTree("0...5") == "(... 0 5)")
        #expect(expressionTree("swap(&a, &b)") == "(call swap (& a) (& b))")
        #expect(expressionTree("xs.reduce(0, +)") == "(call (. xs reduce) 0 (operator +))")
    }

    @Test func membersCallsAndSubscripts() {
        #expect(expressionTree(".red") == ".red")
        #expect(expressionTree(".system(size: 12)") == "(call .system size: 12)")
        #expect(expressionTree(".init(x: 1, y: 0)") == "(call .init x: 1 y: 0)")
        #expect(expressionTree("Color.red.opacity(0.5)") == "(call (. (. Color red) opacity) 0.5)")
        #expect(expressionTree("$0[.top]") == "(subscript $0 .top)")
        #expect(expressionTree("$state.wrappedValue") == "(. $state wrappedValue)")
        #expect(expressionTree("CGSize.self") == "(. CGSize self)")
        #expect(expressionTree("pair.0") == "(. pair 0)")
        #expect(expressionTree("f(for: x, in: y, default: z)") == "(call f for: x in: y default: z)")
        #expect(expressionTree("f(a,)") == "(call f a)")
        #expect(expressionTree("Array<Int>(repeating: 0, count: 3)") == "(call (specialize Array Int) repeating: 0 count: 3)")
        #expect(expressionTree("[Float](repeating: 0, count: n)") == "(call (array Float) repeating: 0 count: n)")
        #expect(expressionTree("a < b") == "(< a b)")
        #expect(expressionTree("a<b") == "(< a b)")
    }

    @Test func trailingClosuresSingleAndMultiple() {
        #expect(expressionTree("VStack { Text(\"a\") }") == "(call VStack => (closure (call Text \"a\")))")
        #expect(expressionTree("VStack(spacing: 8) { Text(\"a\") }") == "(call VStack spacing: 8 => (closure (call Text \"a\")))")
        #expect(expressionTree("Button { go() } label: { Text(\"Go\") }")
                == "(call Button => (closure (call go)) => label: (closure (call Text \"Go\")))")
        #expect(expressionTree("x.onGeometryChange(for: CGSize.self) { $0.size } action: { size = $0 }")
                == "(call (. x onGeometryChange) for: (. CGSize self) => (closure (. $0 size)) => action: (closure (= size $0)))")
        // A labelled trailing closure may begin on the line after the `}`.
        #expect(expressionTree("Button {\n  go()\n}\nlabel: {\n  Text(\"Go\")\n}")
                == "(call Button => (closure (call go)) => label: (closure (call Text \"Go\")))")
    }

    @Test func aBraceInAStatementHeadIsTheBodyNotATrailingClosure() {
        #expect(bodyTree("if items.isEmpty { Text(\"none\") }") == ["(if (. items isEmpty) (then (call Text \"none\")))"])
        #expect(bodyTree("for x in xs { Text(x) }") == ["(for x xs (do (call Text x)))"])
        #expect(bodyTree("while i < n { i += 1 }") == ["(while (< i n) (do (+= i 1)))"])
        #expect(bodyTree("guard let v = value else { return }") == ["(guard (let v = value) (else (return)))"])
        #expect(bodyTree("switch mode { case .a: A()\ndefault: B() }")
                == ["(switch mode (case (case .a) (do (call A))) (default (do (call B))))"])
        // In parentheses the rule is lifted again: `contains(where:)`'s closure is an argument.
        #expect(bodyTree("if xs.contains(where: { $0 > 1 }) { Text(\"big\") }")
                == ["(if (call (. xs contains) where: (closure (> $0 1))) (then (call Text \"big\")))"])
    }

    @Test func lineBreaksEndStatementsUnlessAMemberOrABinaryOperatorFollows() {
        #expect(bodyTree("Text(\"a\")\n    .font(.title)\n    .bold()") == ["(call (. (call (. (call Text \"a\") font) .title) bold))"])
        #expect(bodyTree("Text(\"a\")\nText(\"b\")") == ["(call Text \"a\")", "(call Text \"b\")"])
        #expect(bodyTree("let x = a\n    + b\nlet y = 1") == ["(let x = (+ a b))", "(let y = 1)"])
        #expect(bodyTree("let x = a +\n    b") == ["(let x = (+ a b))"])
        // A prefix operator at the start of a line begins a new statement.
        #expect(bodyTree("f()\n-x") == ["(call f)", "(- x)"])
        // `(` and `[` at the start of a line do not call or subscript the line before.
        #expect(bodyTree("f\n(x)") == ["f", "x"])
        #expect(bodyTree("f\n[1]") == ["f", "(array 1)"])
        // `{` on the next line is not a trailing closure.
        #expect(bodyTree("let g = f\n{ x }()").count == 2)
        #expect(bodyTree("a; b") == ["a", "b"])
    }

    @Test func literals() {
        #expect(expressionTree("1_000_000") == "1000000")
        #expect(expressionTree("0xFF") == "255")
        #expect(expressionTree("0b1010") == "10")
        #expect(expressionTree("0o17") == "15")
        #expect(expressionTree("1.5e3") == "1500.0")
        #expect(expressionTree("2E-2") == "0.02")
        #expect(expressionTree("0x1p4") == "16.0")
        #expect(expressionTree("0x1.8p1") == "3.0")
        #expect(expressionTree("true") == "true")
        #expect(expressionTree("nil") == "nil")
        #expect(expressionTree("[1, 2, 3,]") == "(array 1 2 3)")
        #expect(expressionTree("[]") == "(array)")
        #expect(expressionTree("[:]") == "(dictionary)")
        #expect(expressionTree("[\"a\": 1, \"b\": 2]") == "(dictionary (\"a\" 1) (\"b\" 2))")
        #expect(expressionTree("(1, y: 2)") == "(tuple 1 y: 2)")
        #expect(expressionTree("()") == "(tuple)")
    }

    @Test func stringsEscapesAndInterpolation() {
        #expect(expressionTree(#""a\tb\n\"q\" \\ \u{1F600} \0""#) == #""a\tb\n\"q\" \\ 😀 \u{0}""#)
        #expect(expressionTree(#""n = \(n)""#) == #"(string "n = " \(n))"#)
        #expect(expressionTree(#""\(value, specifier: "%.1f") pt""#) == #"(string \(value, specifier: "%.1f") " pt")"#)
        // Interpolations nest: a string inside an interpolation inside a string.
        #expect(expressionTree(#""a\("b\(c + 1)d")e""#) == #"(string "a" \((string "b" \((+ c 1)) "d")) "e")"#)
        #expect(expressionTree(#""\(f(x: (1)))""#) == #"(string \((call f x: 1)))"#)
        #expect(expressionTree(##"#"raw \n "quoted" \#(x)"#"##) == #"(string "raw \\n \"quoted\" " \(x))"#)
        #expect(expressionTree("\"\"") == "\"\"")
    }

    @Test func multiLineStringsLoseTheClosingDelimitersIndentation() {
        let source = "let s = \"\"\"\n    Hello,\n      \\(name)!\n\n    Bye \\\n    now\n    \"\"\"\n"
        #expect(viewFileTree(source) == #"(file (let s = (string "Hello,\n  " \(name) "!\n\nBye now")))"#)
        #expect(viewFileTree("let s = \"\"\"\n  \"\"\"\n") == #"(file (let s = ""))"#)
        #expect(viewFileTree("let s = \"\"\"\n  \"quoted\"\n  \"\"\"\n") == #"(file (let s = "\"quoted\""))"#)
    }

    @Test func keyPaths() {
        #expect(expressionTree(#"ForEach(items, id: \.self)"#) == "(call ForEach items id: (keypath .self))")
        #expect(expressionTree(#"\.id"#) == "(keypath .id)")
        #expect(expressionTree(#"\Item.name.count"#) == "(keypath Item .name.count)")
        #expect(expressionTree(#"\.a?.b"#) == "(keypath .a?.b)")
        #expect(expressionTree(#"KeyframeTrack(\.radius) { MoveKeyframe(0) }"#)
                == "(call KeyframeTrack (keypath .radius) => (closure (call MoveKeyframe 0)))")
    }

    @Test func closures() {
        #expect(expressionTree("{ $0 * 2 }") == "(closure (* $0 2))")
        #expect(expressionTree("{ a, b in a < b }") == "(closure a b in (< a b))")
        #expect(expressionTree("{ _ in }") == "(closure _ in)")
        #expect(expressionTree("{ (a: Int, b) -> Int in a + b }") == "(closure (a: Int, b) -> Int in (+ a b))")
        #expect(expressionTree("{ [weak self, x = y] in self?.go(x) }")
                == "(closure [weak self, x = y] in (call (. (? self) go) x))")
        #expect(expressionTree("{ context, size in\n let side = 46.0\n context.fill(p)\n }")
                == "(closure context size in (let side = 46.0) (call (. context fill) p))")
        #expect(expressionTree("{}") == "(closure)")
        // `in` inside an argument list is a label, not the end of a signature.
        #expect(expressionTree("{ store.add(at: $0.location, in: size) }")
                == "(closure (call (. store add) at: (. $0 location) in: size))")
    }

    @Test func castsAndTry() {
        #expect(expressionTree("x as! String") == "(as! x String)")
        #expect(expressionTree("x as [String: Int]") == "(as x [String: Int])")
        #expect(expressionTree("try? await shader.compile(as: .layerEffect)")
                == "(try? (await (call (. shader compile) as: .layerEffect)))")
    }
}
