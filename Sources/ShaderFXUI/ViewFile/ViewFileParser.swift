import Foundation
import ShaderFXContract

/// Reads a view file, a SwiftUI view written in SwiftUI's own syntax, into its syntax tree.
///
/// The file holds imports, top-level `let`/`var` constants, `struct`/`class`/`enum`/`extension`
/// declarations, `#Preview` blocks and, last and optionally, an expression statement: the view
/// to render. Inside, it takes the subset of Swift that SwiftUI views are written in (see
/// `ViewFileSyntax` and its nodes), with Swift's rules for line breaks (a statement ends at a
/// line break unless the next line goes on with `.member` or a binary operator), for operator
/// whitespace (`a - b`, `-b`, `a!`), for trailing closures (none in an `if`/`guard`/`while`/`for`/
/// `switch` head) and its precedence groups.
///
/// Errors: parsing stops at the first error in the file and throws it, located, in the
/// compiler's format (`Card.swift:12:5: error: expected ...`, then the line and a caret). No
/// input crashes or hangs the parser: nesting deeper than `maximumDepth` (parentheses,
/// closures, blocks, types, string interpolations) is an error, and the parser runs on a thread
/// with a stack large enough for that depth.
package enum ViewFileParser {
    /// How deeply expressions, statements, types, patterns and strings may nest.
    package static let maximumDepth = 256

    /// Parses `source`, the text of the view file at `file` (the path errors name).
    /// - Parameters:
    ///   - source: the file's text.
    ///   - file: the path error messages start with (`Card.swift`).
    /// - Returns: the file's syntax tree.
    /// - Throws: `ViewFileError`, the first error in the file.
    package static func parse(source: String, file: String) throws(ViewFileError) -> ViewFileSyntax {
        let result = onLargeStack { () -> Result<ViewFileSyntax, ViewFileError> in
            var lexer = Lexer(bytes: Array(source.utf8), file: file)
            lexer.run()
            var parser = Parser(tokens: lexer.tokens, lexerError: lexer.error, bytes: lexer.bytes, file: file)
            do throws(ViewFileError) {
                return .success(try parser.parseFile())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Runs `body` on a thread whose stack holds `maximumDepth` levels of the recursive descent
    /// in a debug build, whatever the caller's thread (test runners' threads have small stacks).
    private static func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        LargeStack.run(stackSize: 64 << 20, body)
    }
}

/// The recursive-descent parser over the lexer's tokens (one `ViewFileParser.parse` call).
struct Parser {
    var tokens: [Token]
    let lexerError: ViewFileError?
    let bytes: [UInt8]
    let file: String
    var index = 0
    var depth = 0
    /// In an `if`/`guard`/`while`/`for`/`switch` head, where `{` opens the body, not a closure.
    var noTrailingClosure = false
    /// Tokens split for `>>`/`>?` in generic arguments, to undo when a guess is abandoned.
    var splits: [(index: Int, token: Token)] = []

    init(tokens: [Token], lexerError: ViewFileError?, bytes: [UInt8], file: String) {
        self.tokens = tokens
        self.lexerError = lexerError
        self.bytes = bytes
        self.file = file
    }

    // MARK: - Tokens

    var current: Token { tokens[index] }

    func peek(_ n: Int) -> Token { tokens[min(index + n, tokens.count - 1)] }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    /// The end of the last token read.
    var previousEnd: SourcePosition { index > 0 ? tokens[index - 1].end : current.start }

    func range(from start: SourcePosition) -> SourceRange {
        SourceRange(file: file, start: start, end: max(start, previousEnd))
    }

    func isPunct(_ text: String, _ token: Token? = nil) -> Bool {
        if case .punct(let p) = (token ?? current).kind { return p == text }
        return false
    }

    func isKeyword(_ text: String, _ token: Token? = nil) -> Bool {
        if case .keyword(let k) = (token ?? current).kind { return k == text }
        return false
    }

    func isIdentifier(_ text: String, _ token: Token? = nil) -> Bool {
        if case .identifier(let k) = (token ?? current).kind { return k == text }
        return false
    }

    func isOperator(_ text: String, _ token: Token? = nil) -> Bool {
        if case .op(let k) = (token ?? current).kind { return k == text }
        return false
    }

    var atEnd: Bool {
        switch current.kind {
        case .endOfFile, .error: true
        default: false
        }
    }

    /// A name: an identifier or a keyword (member names and argument labels may be keywords).
    func name(_ token: Token? = nil) -> String? {
        switch (token ?? current).kind {
        case .identifier(let n), .keyword(let n): n
        default: nil
        }
    }

    /// The current token as an error message names it: `'}'`, `'foo'`, `end of file`.
    func found(_ token: Token? = nil) -> String {
        let token = token ?? current
        switch token.kind {
        case .endOfFile, .error: return "end of file"
        case .stringBegin: return "a string literal"
        case .stringSegment, .stringEnd: return "the end of a string literal"
        case .interpolationEnd: return "')'"
        case .interpolationBegin: return "'\\('"
        default:
            let text = String(decoding: bytes[token.start.offset..<token.end.offset], as: UTF8.self)
            return "'" + (text.count > 24 ? text.prefix(24) + "…" : text) + "'"
        }
    }

    /// An error at `position` (the current token by default); where the current token is the
    /// lexer's error, that error instead, since it comes first in the file.
    func fail(_ message: String, at position: SourcePosition? = nil, kind: ViewFileError.Kind = .syntax) -> ViewFileError {
        if case .error = current.kind, let lexerError, position == nil || position! >= current.start { return lexerError }
        return ViewFileError(kind, message, at: position ?? current.start, file: file, source: bytes)
    }

    mutating func enter() throws(ViewFileError) {
        depth += 1
        if depth > ViewFileParser.maximumDepth {
            throw fail("the view file nests more than \(ViewFileParser.maximumDepth) levels deep", kind: .tooDeep)
        }
    }

    /// Reads the punctuation `text` or throws "expected `text` <context>, found ...".
    @discardableResult
    mutating func expect(_ text: String, _ context: @autoclosure () -> String) throws(ViewFileError) -> Token {
        guard isPunct(text) else { throw fail("expected '\(text)' \(context()), found \(found())") }
        return advance()
    }

    /// Reads the closing `text` of something opened at `open`.
    @discardableResult
    mutating func close(_ text: String, _ what: String, openedAt open: Token) throws(ViewFileError) -> Token {
        guard isPunct(text) else {
            throw fail("expected '\(text)' to close the \(what) opened at \(open.start), found \(found())")
        }
        return advance()
    }

    /// A statement ends at a line break, a `;`, a `}` or the end of the file.
    mutating func expectStatementEnd() throws(ViewFileError) {
        if isPunct(";") {
            while isPunct(";") { advance() }
            return
        }
        if isPunct("}") || atEnd || current.atLineStart { return }
        if case .interpolationEnd = current.kind { return }
        throw fail("consecutive statements on a line must be separated by a line break or ';', found \(found())")
    }

    mutating func skipSemicolons() {
        while isPunct(";") { advance() }
    }

    /// Replaces the current operator token by what follows its first `count` characters (`>>`
    /// read as two `>`), remembering the original so that a failed guess can put it back.
    mutating func splitCurrentOperator(keeping count: Int) {
        guard case .op(let text) = current.kind else { return }
        let original = current
        var first = original
        first.kind = .op(String(text.prefix(count)))
        first.end = SourcePosition(line: original.start.line, column: original.start.column + count, offset: original.start.offset + count)
        var rest = original
        rest.kind = .op(String(text.dropFirst(count)))
        rest.start = first.end
        rest.leftBound = true
        rest.atLineStart = false
        splits.append((index, original))
        tokens[index] = rest
        tokens.insert(first, at: index)
    }

    /// Undoes splits made since `count` entries of `splits`.
    mutating func undoSplits(to count: Int) {
        while splits.count > count {
            let entry = splits.removeLast()
            tokens.remove(at: entry.index)
            tokens[entry.index] = entry.token
        }
    }

    // MARK: - The file

    mutating func parseFile() throws(ViewFileError) -> ViewFileSyntax {
        var imports: [ImportDecl] = []
        var declarations: [Decl] = []
        var view: Expr?
        skipSemicolons()
        while !atEnd {
            if let view {
                throw fail("expected the end of the file after the view to render (the expression at \(view.range.start) must come last), found \(found())")
            }
            if isKeyword("import") {
                imports.append(try parseImport(attributes: [], start: current.start))
            } else if isDeclarationStart() {
                let decl = try parseDeclaration(in: .topLevel)
                if case .importDecl(let i) = decl.kind { imports.append(i) } else { declarations.append(decl) }
            } else if case .keyword(let k) = current.kind,
                      ["if", "guard", "for", "while", "repeat", "switch", "return", "break", "continue", "throw", "defer", "do", "fallthrough"].contains(k) {
                throw fail("expected a declaration or the view to render at the top level of a view file, found '\(k)' (statements belong in a body)")
            } else {
                view = try parseExpression()
            }
            try expectStatementEnd()
        }
        if case .error = current.kind, let lexerError { throw lexerError }
        let end = tokens[tokens.count - 1].end
        return ViewFileSyntax(file: file, imports: imports, declarations: declarations, view: view,
                              range: SourceRange(file: file, start: .start, end: end))
    }
}
