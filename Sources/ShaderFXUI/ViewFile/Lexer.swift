/// One token of a view file, with where it is and how whitespace binds it.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        /// A name: `foo`, `$0`, `$binding`, a backticked keyword.
        case identifier(String)
        /// A reserved word (`let`, `if`, `self`, `_`, ...).
        case keyword(String)
        case integer(Int)
        case float(Double)
        /// The opening quote (or `"""`, or `#"`) of a string literal.
        case stringBegin(multiline: Bool)
        /// Literal text of a string, escapes decoded, a multi-line string's indentation removed.
        case stringSegment(String)
        /// `\(` in a string.
        case interpolationBegin
        /// The `)` closing an interpolation.
        case interpolationEnd
        /// The closing quote of a string literal.
        case stringEnd
        /// An operator: `+`, `..<`, `?`, `!`, `=`, `&&`.
        case op(String)
        /// Punctuation: `(`, `)`, `[`, `]`, `{`, `}`, `,`, `:`, `;`, `.`, `@`, `\`, `->`.
        case punct(String)
        /// `#name`, such as `#Preview`.
        case pound(String)
        /// Where the lexer stopped at an error: reading this token throws `Lexer.error`.
        case error
        case endOfFile
    }

    var kind: Kind
    var start: SourcePosition
    var end: SourcePosition
    /// Whether a line break comes between this token and the one before.
    var atLineStart: Bool
    /// An operator with no whitespace (or opening bracket) before it.
    var leftBound: Bool
    /// An operator with no whitespace (or closing bracket) after it.
    var rightBound: Bool
}

/// Turns a view file's UTF-8 bytes into tokens, with their positions and the whitespace around
/// operators that decides whether an operator is prefix, postfix or infix (Swift's rule).
///
/// Comments (`//`, nested `/* */`) and whitespace are skipped; line breaks are kept as the
/// `atLineStart` of the next token. A string literal becomes `stringBegin`, its segments and
/// interpolations (whose tokens are lexed as any others, so strings nest), and `stringEnd`.
/// At the first error the lexer stops and ends the tokens with an `.error` token there.
struct Lexer {
    static let keywords: Set<String> = [
        "let", "var", "func", "struct", "class", "enum", "protocol", "extension", "import", "init",
        "deinit", "subscript", "typealias", "associatedtype", "case", "default", "if", "else", "guard",
        "for", "in", "while", "repeat", "switch", "return", "break", "continue", "fallthrough", "throw",
        "throws", "rethrows", "try", "await", "as", "is", "nil", "true", "false", "self", "Self", "super",
        "where", "do", "catch", "defer", "inout", "operator", "static", "_",
    ]

    /// An open string literal, while its interpolation's tokens are being read.
    private struct OpenString {
        var hashes: Int
        var multiline: Bool
        var open: SourcePosition
        /// The segment tokens so far, with their undecoded text (line breaks as `\n`).
        var segments: [(token: Int, raw: [UInt8], start: SourcePosition, atLineStart: Bool)] = []
        /// Parentheses open inside the current interpolation.
        var depth = 0
    }

    let bytes: [UInt8]
    let file: String
    private(set) var tokens: [Token] = []
    /// The error the lexer stopped at, if any.
    private(set) var error: ViewFileError?

    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var sawNewline = true
    private var sawTrivia = true
    private var open: [OpenString] = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Lexes the whole file; the last token is `.endOfFile` (or `.error`).
    mutating func run() {
        tokens.reserveCapacity(bytes.count / 3)
        do {
            try lexAll()
            var end = endPosition()
            if let last = tokens.last, last.end > end { end = last.end }
            tokens.append(Token(kind: .endOfFile, start: end, end: end, atLineStart: true, leftBound: false, rightBound: false))
        } catch {
            self.error = error
            tokens.append(Token(kind: .error, start: error.position, end: error.position, atLineStart: true, leftBound: false, rightBound: false))
        }
    }

    /// Just after the last character of the file that is not whitespace: where an error about a
    /// missing `}` at the end of the file points, on its last line rather than below it.
    private func endPosition() -> SourcePosition {
        var end = bytes.count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        let line = 1 + bytes[0..<start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return SourcePosition(line: line, column: end - start + 1, offset: end)
    }

    // MARK: - Helpers

    private var position: SourcePosition { SourcePosition(line: line, column: i - lineStart + 1, offset: i) }

    private func byte(_ k: Int) -> UInt8? { k < bytes.count ? bytes[k] : nil }

    private func fail(_ message: String, at position: SourcePosition, kind: ViewFileError.Kind = .lexical) -> ViewFileError {
        ViewFileError(kind, message, at: position, file: file, source: bytes)
    }

    private mutating func newline() {
        line += 1
        lineStart = i
    }

    private static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func isIdentifierContinue(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }

    private static let operatorBytes: Set<UInt8> = Set("/=-+!*%<>&|^~?".utf8)

    private static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C }

    /// A non-ASCII character at `k` that Swift refuses with a message of its own (curly quotes
    /// pasted from a document, a non-breaking space).
    private func lookalike(at k: Int) -> String? {
        guard let c = byte(k), c >= 0x80 else { return nil }
        if c == 0xE2, byte(k + 1) == 0x80, let d = byte(k + 2) {
            if d == 0x9C || d == 0x9D { return "unicode curly quote found; replace it with '\"'" }
            if d == 0x98 || d == 0x99 { return "unicode curly quote found; replace it with '\\''" }
        }
        if c == 0xC2, byte(k + 1) == 0xA0 { return "non-breaking space found; replace it with a space" }
        return nil
    }

    private mutating func append(_ kind: Token.Kind, from start: SourcePosition, leftBound: Bool = false, rightBound: Bool = false) {
        tokens.append(Token(kind: kind, start: start, end: position, atLineStart: sawNewline, leftBound: leftBound, rightBound: rightBound))
        sawNewline = false
        sawTrivia = false
    }

    // MARK: - The main loop

    private mutating func lexAll() throws(ViewFileError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
        if byte(i) == UInt8(ascii: "#"), byte(i + 1) == UInt8(ascii: "!") {
            while let c = byte(i), c != 0x0A { i += 1 }
        }
        while true {
            try skipTrivia()
            guard let c = byte(i) else {
                if let string = open.last { throw fail("unterminated string literal", at: string.open) }
                return
            }
            let start = position
            switch c {
            case UInt8(ascii: "\""):
                try lexString(hashes: 0, start: start)
            case UInt8(ascii: "#"):
                var k = i
                while byte(k) == UInt8(ascii: "#") { k += 1 }
                if byte(k) == UInt8(ascii: "\"") {
                    let hashes = k - i
                    i = k
                    try lexString(hashes: hashes, start: start)
                } else if k == i + 1, let d = byte(k), Self.isIdentifierStart(d), lookalike(at: k) == nil {
                    i += 1
                    let name = identifierText()
                    if ["if", "elseif", "else", "endif"].contains(name) {
                        throw fail("conditional compilation blocks ('#\(name)') are not supported in view files", at: start, kind: .unsupported)
                    }
                    append(.pound(name), from: start)
                } else {
                    throw fail("expected a name after '#', found \(describe(at: i + 1))", at: start)
                }
            case UInt8(ascii: "$"):
                i += 1
                guard let d = byte(i), Self.isIdentifierContinue(d), lookalike(at: i) == nil else {
                    throw fail("expected a name or a number after '$'", at: start)
                }
                append(.identifier("$" + identifierText()), from: start)
            case UInt8(ascii: "`"):
                i += 1
                guard let d = byte(i), Self.isIdentifierStart(d), lookalike(at: i) == nil else {
                    throw fail("expected a name after '`'", at: start)
                }
                let name = identifierText()
                guard byte(i) == UInt8(ascii: "`") else {
                    throw fail("expected '`' to close the escaped name '\(name)'", at: position)
                }
                i += 1
                append(.identifier(name), from: start)
            case _ where Self.isDigit(c):
                try lexNumber(start: start)
            case _ where Self.isIdentifierStart(c):
                if let message = lookalike(at: i) { throw fail(message, at: start) }
                let name = identifierText()
                append(Self.keywords.contains(name) ? .keyword(name) : .identifier(name), from: start)
            case UInt8(ascii: "("):
                if !open.isEmpty { open[open.count - 1].depth += 1 }
                i += 1
                append(.punct("("), from: start)
            case UInt8(ascii: ")"):
                i += 1
                if !open.isEmpty {
                    if open[open.count - 1].depth == 0 {
                        append(.interpolationEnd, from: start)
                        var string = open.removeLast()
                        try scanString(&string)
                        continue
                    }
                    open[open.count - 1].depth -= 1
                }
                append(.punct(")"), from: start)
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","),
                 UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "\\"):
                i += 1
                append(.punct(String(UnicodeScalar(c))), from: start)
            case UInt8(ascii: "."):
                if byte(i + 1) == UInt8(ascii: ".") {
                    lexOperator(start: start, dotted: true)
                } else {
                    i += 1
                    append(.punct("."), from: start)
                }
            case _ where Self.operatorBytes.contains(c):
                lexOperator(start: start, dotted: false)
            case UInt8(ascii: "'"):
                throw fail("single-quoted string literal found; use '\"'", at: start)
            default:
                throw fail("invalid character \(describe(at: i)) in source file", at: start)
            }
        }
    }

    /// The character at `k`, quoted, for a message (`'~'`, `U+0007`, `end of file`).
    private func describe(at k: Int) -> String {
        guard let c = byte(k) else { return "end of file" }
        if c < 0x20 || c == 0x7F { return "U+" + String(c, radix: 16, uppercase: true).leftPadded(to: 4) }
        var end = k + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[k..<end], as: UTF8.self) + "'"
    }

    private mutating func identifierText() -> String {
        let start = i
        while let c = byte(i), Self.isIdentifierContinue(c), lookalike(at: i) == nil { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func skipTrivia() throws(ViewFileError) {
        while let c = byte(i) {
            if c == 0x0A {
                i += 1
                newline()
                sawNewline = true
                sawTrivia = true
            } else if Self.isWhitespace(c) {
                i += 1
                sawTrivia = true
            } else if c == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "/") {
                while let d = byte(i), d != 0x0A { i += 1 }
                sawTrivia = true
            } else if c == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "*") {
                let start = position
                var depth = 0
                repeat {
                    guard let d = byte(i) else { throw fail("unterminated '/*' comment", at: start) }
                    if d == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "*") {
                        depth += 1
                        i += 2
                    } else if d == UInt8(ascii: "*"), byte(i + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                        if d == 0x0A { newline(); sawNewline = true }
                    }
                } while depth > 0
                sawTrivia = true
            } else if let message = lookalike(at: i), message.hasPrefix("non-breaking") {
                throw fail(message, at: position)
            } else {
                return
            }
        }
    }

    // MARK: - Numbers

    private mutating func lexNumber(start: SourcePosition) throws(ViewFileError) {
        let first = i
        var isFloat = false
        var radix = 10
        func digits(_ radix: Int) -> Int {
            var count = 0
            while let c = byte(i) {
                if c == UInt8(ascii: "_") { i += 1; continue }
                guard let value = Self.digitValue(c), value < radix else { break }
                i += 1
                count += 1
            }
            return count
        }
        if bytes[i] == UInt8(ascii: "0"), let p = byte(i + 1), [UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b")].contains(p) {
            radix = p == UInt8(ascii: "x") ? 16 : p == UInt8(ascii: "o") ? 8 : 2
            i += 2
            guard digits(radix) > 0 else {
                throw fail("expected a digit after '0\(UnicodeScalar(p))' in the integer literal", at: position)
            }
            if radix == 16 {
                if byte(i) == UInt8(ascii: "."), let d = byte(i + 1), Self.digitValue(d).map({ $0 < 16 }) == true {
                    i += 1
                    _ = digits(16)
                    isFloat = true
                    guard byte(i) == UInt8(ascii: "p") || byte(i) == UInt8(ascii: "P") else {
                        throw fail("a hexadecimal floating-point literal needs an exponent ('p')", at: position)
                    }
                }
                if byte(i) == UInt8(ascii: "p") || byte(i) == UInt8(ascii: "P") {
                    isFloat = true
                    try exponent()
                }
            }
        } else {
            _ = digits(10)
            if byte(i) == UInt8(ascii: "."), let d = byte(i + 1), Self.isDigit(d) {
                i += 1
                _ = digits(10)
                isFloat = true
            }
            if byte(i) == UInt8(ascii: "e") || byte(i) == UInt8(ascii: "E") {
                isFloat = true
                try exponent()
            }
        }
        if let c = byte(i), Self.isIdentifierContinue(c) {
            let kind = isFloat ? "floating-point" : "integer"
            throw fail("\(describe(at: i)) is not a valid digit in \(kind) literal", at: position)
        }
        let text = String(decoding: bytes[first..<i].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        if isFloat {
            guard let value = Double(text) else { throw fail("invalid floating-point literal '\(text)'", at: start) }
            append(.float(value), from: start)
        } else {
            let digitsText = radix == 10 ? text : String(text.dropFirst(2))
            guard let value = Int(digitsText, radix: radix) else {
                throw fail("integer literal '\(text)' overflows when stored into 'Int'", at: start)
            }
            append(.integer(value), from: start)
        }
    }

    private mutating func exponent() throws(ViewFileError) {
        i += 1
        if byte(i) == UInt8(ascii: "+") || byte(i) == UInt8(ascii: "-") { i += 1 }
        guard let c = byte(i), Self.isDigit(c) else {
            throw fail("expected a digit in the floating-point exponent", at: position)
        }
        while let c = byte(i), Self.isDigit(c) || c == UInt8(ascii: "_") { i += 1 }
    }

    private static func digitValue(_ c: UInt8) -> Int? {
        switch c {
        case 0x30...0x39: Int(c - 0x30)
        case 0x61...0x66: Int(c - 0x61 + 10)
        case 0x41...0x46: Int(c - 0x41 + 10)
        default: nil
        }
    }

    // MARK: - Operators

    private mutating func lexOperator(start: SourcePosition, dotted: Bool) {
        let first = i
        let previous: UInt8? = first > 0 ? bytes[first - 1] : nil
        let leftBound = !sawTrivia && !tokens.isEmpty && previous.map { !"([{,;:".utf8.contains($0) } ?? false
        let c = bytes[i]
        if leftBound, c == UInt8(ascii: "?") || (c == UInt8(ascii: "!") && byte(i + 1) != UInt8(ascii: "=")) {
            i += 1   // a postfix `?` or `!` stands alone: `a?.b`, `a!`, `Int?>`
        } else {
            while let d = byte(i), Self.operatorBytes.contains(d) || (dotted && d == UInt8(ascii: ".")) {
                if i > first, d == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "/") || byte(i + 1) == UInt8(ascii: "*") { break }
                i += 1
            }
        }
        var rightBound = false
        if let next = byte(i), !Self.isWhitespace(next), !")]},;:".utf8.contains(next) {
            let comment = next == UInt8(ascii: "/") && (byte(i + 1) == UInt8(ascii: "/") || byte(i + 1) == UInt8(ascii: "*"))
            rightBound = !comment && !(leftBound && next == UInt8(ascii: "."))
        }
        let text = String(decoding: bytes[first..<i], as: UTF8.self)
        append(text == "->" ? .punct("->") : .op(text), from: start, leftBound: leftBound, rightBound: rightBound)
    }

    // MARK: - Strings

    private mutating func lexString(hashes: Int, start: SourcePosition) throws(ViewFileError) {
        if open.count >= ViewFileParser.maximumDepth {
            throw fail("string literals nested more than \(ViewFileParser.maximumDepth) levels deep", at: start, kind: .tooDeep)
        }
        let multiline = byte(i + 1) == UInt8(ascii: "\"") && byte(i + 2) == UInt8(ascii: "\"")
        i += multiline ? 3 : 1
        append(.stringBegin(multiline: multiline), from: start)
        if multiline {
            while let c = byte(i), c == 0x20 || c == 0x09 { i += 1 }
            if byte(i) == 0x0D, byte(i + 1) == 0x0A { i += 1 }
            guard byte(i) == 0x0A else {
                throw fail("multi-line string literal content must begin on a new line", at: position)
            }
            i += 1
            newline()
        }
        var string = OpenString(hashes: hashes, multiline: multiline, open: start)
        try scanString(&string)
    }

    /// Reads a string's text from `i` up to its end or its next interpolation (then the string
    /// waits in `open` for the interpolation's `)`).
    private mutating func scanString(_ string: inout OpenString) throws(ViewFileError) {
        let segmentStart = position
        let atLineStart = string.multiline && (string.segments.isEmpty
            || bytes[segmentStart.offset - 1] == 0x0A)
        var raw: [UInt8] = []
        func closes(at k: Int) -> Bool {
            let quotes = string.multiline ? 3 : 1
            for q in 0..<quotes where byte(k + q) != UInt8(ascii: "\"") { return false }
            for h in 0..<string.hashes where byte(k + quotes + h) != UInt8(ascii: "#") { return false }
            return true
        }
        func escapes(at k: Int) -> Bool {
            guard byte(k) == UInt8(ascii: "\\") else { return false }
            for h in 0..<string.hashes where byte(k + 1 + h) != UInt8(ascii: "#") { return false }
            return true
        }
        while true {
            guard let c = byte(i) else { throw fail("unterminated string literal", at: string.open) }
            if c == 0x0A || c == 0x0D {
                guard string.multiline else { throw fail("unterminated string literal", at: string.open) }
                if c == 0x0D, byte(i + 1) == 0x0A { i += 1 }
                raw.append(0x0A)
                i += 1
                newline()
            } else if c == UInt8(ascii: "\""), closes(at: i) {
                let segment = tokens.count
                append(.stringSegment(""), from: segmentStart)
                string.segments.append((segment, raw, segmentStart, atLineStart))
                let end = position
                i += (string.multiline ? 3 : 1) + string.hashes
                if string.multiline { try stripIndentation(&string, closing: end) }
                for s in string.segments {
                    tokens[s.token].kind = .stringSegment(Self.decode(s.raw, hashes: string.hashes))
                }
                append(.stringEnd, from: end)
                return
            } else if escapes(at: i) {
                let escapeStart = position
                let k = i + 1 + string.hashes
                guard let e = byte(k) else { throw fail("unterminated string literal", at: string.open) }
                switch e {
                case UInt8(ascii: "("):
                    if open.count >= ViewFileParser.maximumDepth {
                        throw fail("string interpolations nested more than \(ViewFileParser.maximumDepth) levels deep", at: escapeStart, kind: .tooDeep)
                    }
                    let segment = tokens.count
                    append(.stringSegment(""), from: segmentStart)
                    string.segments.append((segment, raw, segmentStart, atLineStart))
                    i = k + 1
                    append(.interpolationBegin, from: escapeStart)
                    string.depth = 0
                    open.append(string)
                    return
                case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "0"), UInt8(ascii: "\\"),
                     UInt8(ascii: "\""), UInt8(ascii: "'"):
                    raw.append(contentsOf: bytes[i...k])
                    i = k + 1
                case UInt8(ascii: "u"):
                    var m = k + 1
                    guard byte(m) == UInt8(ascii: "{") else {
                        throw fail("expected '{' after '\\u' in the string literal", at: escapeStart)
                    }
                    m += 1
                    var value: UInt32 = 0
                    var count = 0
                    while let d = byte(m), let v = Self.digitValue(d), count < 8 {
                        value = value &* 16 &+ UInt32(v)
                        count += 1
                        m += 1
                    }
                    guard count > 0, byte(m) == UInt8(ascii: "}"), UnicodeScalar(value) != nil else {
                        throw fail("invalid unicode scalar in '\\u{...}': expected 1 to 8 hexadecimal digits of a code point and '}'", at: escapeStart)
                    }
                    raw.append(contentsOf: bytes[i...m])
                    i = m + 1
                case 0x20, 0x09, 0x0A, 0x0D:
                    // A line continuation: `\` and trailing spaces, then the line break.
                    guard string.multiline else { throw fail("invalid escape sequence in literal", at: escapeStart) }
                    var m = k
                    while let d = byte(m), d == 0x20 || d == 0x09 { m += 1 }
                    if byte(m) == 0x0D { m += 1 }
                    guard byte(m) == 0x0A else { throw fail("invalid escape sequence in literal", at: escapeStart) }
                    raw.append(contentsOf: bytes[i..<k])
                    raw.append(0x0A)
                    i = m + 1
                    newline()
                default:
                    throw fail("invalid escape sequence in literal", at: escapeStart)
                }
            } else {
                raw.append(c)
                i += 1
            }
        }
    }

    /// A multi-line string's lines lose the indentation of its closing `"""`, and its last line
    /// break goes (Swift's rules); a line indented less than the delimiter is an error.
    private mutating func stripIndentation(_ string: inout OpenString, closing: SourcePosition) throws(ViewFileError) {
        var last = string.segments[string.segments.count - 1]
        let lineBreak = last.raw.lastIndex(of: 0x0A)
        let indentStart = lineBreak.map { $0 + 1 } ?? 0
        let indentation = Array(last.raw[indentStart...])
        guard indentation.allSatisfy({ $0 == 0x20 || $0 == 0x09 }), lineBreak != nil || last.atLineStart else {
            throw fail("multi-line string literal closing delimiter must begin on a new line", at: closing)
        }
        last.raw.removeSubrange((lineBreak ?? indentStart)...)
        string.segments[string.segments.count - 1] = last
        for s in string.segments.indices {
            let segment = string.segments[s]
            var out: [UInt8] = []
            out.reserveCapacity(segment.raw.count)
            var k = 0
            var lineNumber = segment.start.line
            var atLineStart = segment.atLineStart
            while k <= segment.raw.count {
                if atLineStart {
                    atLineStart = false
                    if segment.raw[k...].starts(with: indentation) {
                        k += indentation.count
                    } else {
                        var m = k
                        while m < segment.raw.count, segment.raw[m] == 0x20 || segment.raw[m] == 0x09 { m += 1 }
                        let blank = m < segment.raw.count ? segment.raw[m] == 0x0A : s == string.segments.count - 1
                        guard blank else {
                            throw fail("insufficient indentation of line in multi-line string literal (the closing delimiter is indented \(indentation.count) characters)",
                                       at: lineStartPosition(lineNumber))
                        }
                        k = m
                    }
                }
                guard k < segment.raw.count else { break }
                let c = segment.raw[k]
                out.append(c)
                k += 1
                if c == 0x0A {
                    lineNumber += 1
                    atLineStart = true
                }
            }
            string.segments[s].raw = out
        }
    }

    /// The start of line `number` (counted from 1), for an error on a line already passed.
    private func lineStartPosition(_ number: Int) -> SourcePosition {
        var lineNumber = 1
        var k = 0
        while lineNumber < number, k < bytes.count {
            if bytes[k] == 0x0A { lineNumber += 1 }
            k += 1
        }
        return SourcePosition(line: number, column: 1, offset: k)
    }

    /// A string segment's text with its (already checked) escapes replaced.
    private static func decode(_ raw: [UInt8], hashes: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        while k < raw.count {
            var isEscape = raw[k] == UInt8(ascii: "\\") && k + 1 + hashes < raw.count
            if isEscape { for h in 0..<hashes where raw[k + 1 + h] != UInt8(ascii: "#") { isEscape = false } }
            guard isEscape else {
                out.append(raw[k])
                k += 1
                continue
            }
            let e = raw[k + 1 + hashes]
            k += 2 + hashes
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0"): out.append(0)
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                k += 1   // `{`
                while k < raw.count, raw[k] != UInt8(ascii: "}") {
                    value = value &* 16 &+ UInt32(digitValue(raw[k]) ?? 0)
                    k += 1
                }
                k += 1   // `}`
                out.append(contentsOf: String(Character(UnicodeScalar(value) ?? "\u{FFFD}")).utf8)
            case 0x0A:
                break    // a line continuation (its spaces were dropped when it was read)
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
