/// A preprocessing token with its source location.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case identifier
        /// A pp-number: digits, letters, dots and exponent signs (`1.5e-3f`, `0x1F`, `2u`).
        case number
        case string
        case char
        case punct
        case eof
    }
    var kind: Kind
    var text: String
    var loc: MetalSourceLocation
    /// First token on its (logical) line: where preprocessor directives start.
    var atLineStart: Bool = false
    /// Whitespace precedes it (for function-like macro definitions and stringizing).
    var spaceBefore: Bool = false

    func isPunct(_ p: String) -> Bool { kind == .punct && text == p }
    func isIdent(_ s: String) -> Bool { kind == .identifier && text == s }
}

/// Splits Metal source text into tokens, tracking line and column; removes comments and
/// backslash-newline continuations.
struct Lexer {
    private static let puncts3: Set<String> = ["<<=", ">>=", "...", "->*"]
    private static let puncts2: Set<String> = ["->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
                                               "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", "##"]
    private static let puncts1: Set<Character> = ["{", "}", "[", "]", "(", ")", ";", ":", ",", ".", "?", "+", "-", "*",
                                                  "/", "%", "&", "|", "^", "~", "!", "=", "<", ">", "#"]

    static func tokenize(_ text: String, file: String) throws(MetalError) -> [Token] {
        let chars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        var line = 1
        var col = 1
        var atLineStart = true
        var space = false

        func peek(_ k: Int) -> Unicode.Scalar? {
            // Skips backslash-newline continuations.
            var j = i
            var n = k
            while j < chars.count {
                if chars[j] == "\\", j + 1 < chars.count, chars[j + 1] == "\n" { j += 2; continue }
                if chars[j] == "\\", j + 2 < chars.count, chars[j + 1] == "\r", chars[j + 2] == "\n" { j += 3; continue }
                if n == 0 { return chars[j] }
                n -= 1
                j += 1
            }
            return nil
        }
        func advance() {
            while i < chars.count, chars[i] == "\\",
                  (i + 1 < chars.count && chars[i + 1] == "\n") || (i + 2 < chars.count && chars[i + 1] == "\r" && chars[i + 2] == "\n") {
                i += chars[i + 1] == "\n" ? 2 : 3
                line += 1
                col = 1
            }
            guard i < chars.count else { return }
            if chars[i] == "\n" { line += 1; col = 1 } else { col += 1 }
            i += 1
            while i < chars.count, chars[i] == "\\",
                  (i + 1 < chars.count && chars[i + 1] == "\n") || (i + 2 < chars.count && chars[i + 1] == "\r" && chars[i + 2] == "\n") {
                i += chars[i + 1] == "\n" ? 2 : 3
                line += 1
                col = 1
            }
        }
        func isIdentStart(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic && c.isASCII }
        func isIdentChar(_ c: Unicode.Scalar) -> Bool { isIdentStart(c) || ("0"..."9").contains(c) }
        func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }

        while let c = peek(0) {
            let loc = MetalSourceLocation(file: file, line: line, column: col)
            if c == "\n" { advance(); atLineStart = true; space = false; continue }
            if c == " " || c == "\t" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" { advance(); space = true; continue }
            if c == "/", peek(1) == "/" {
                while let d = peek(0), d != "\n" { advance() }
                space = true
                continue
            }
            if c == "/", peek(1) == "*" {
                advance(); advance()
                var closed = false
                while let d = peek(0) {
                    if d == "*", peek(1) == "/" { advance(); advance(); closed = true; break }
                    advance()
                }
                if !closed { throw MetalError(.lexical, location: loc, message: "unterminated /* comment") }
                space = true
                continue
            }
            var tok = Token(kind: .punct, text: "", loc: loc, atLineStart: atLineStart, spaceBefore: space)
            atLineStart = false
            space = false
            if isIdentStart(c) {
                var s = ""
                while let d = peek(0), isIdentChar(d) { s.unicodeScalars.append(d); advance() }
                tok.kind = .identifier
                tok.text = s
            } else if isDigit(c) || (c == "." && isDigit(peek(1))) {
                var s = ""
                while let d = peek(0) {
                    if isIdentChar(d) || d == "." {
                        s.unicodeScalars.append(d); advance()
                        if (d == "e" || d == "E" || d == "p" || d == "P"), let sign = peek(0), sign == "+" || sign == "-",
                           !s.lowercased().hasPrefix("0x") || d == "p" || d == "P" {
                            s.unicodeScalars.append(sign); advance()
                        }
                    } else { break }
                }
                tok.kind = .number
                tok.text = s
            } else if c == "\"" || c == "'" {
                var s = String(c)
                advance()
                var closed = false
                while let d = peek(0), d != "\n" {
                    s.unicodeScalars.append(d); advance()
                    if d == "\\", let e = peek(0) { s.unicodeScalars.append(e); advance(); continue }
                    if d == c { closed = true; break }
                }
                if !closed { throw MetalError(.lexical, location: loc, message: "missing terminating \(c) character") }
                tok.kind = c == "\"" ? .string : .char
                tok.text = s
            } else {
                var s3 = ""
                for k in 0..<3 { if let d = peek(k) { s3.unicodeScalars.append(d) } }
                if s3.count == 3, puncts3.contains(s3) {
                    tok.text = s3; advance(); advance(); advance()
                } else if s3.count >= 2, puncts2.contains(String(s3.prefix(2))) {
                    tok.text = String(s3.prefix(2)); advance(); advance()
                } else if puncts1.contains(Character(c)) {
                    tok.text = String(c); advance()
                } else {
                    throw MetalError(.lexical, location: loc, message: "unexpected character '\(c)'")
                }
            }
            tokens.append(tok)
        }
        tokens.append(Token(kind: .eof, text: "", loc: MetalSourceLocation(file: file, line: line, column: col), atLineStart: true))
        return tokens
    }
}
