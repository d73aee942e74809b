/// An error in a view file, located at a line and column: what the lexer or the parser
/// expected and what it found there.
///
/// `description` is the compiler's format, the message line followed by the source line and a
/// caret under the column, as swiftc prints it:
///
///     Card.swift:3:20: error: expected ')' to close the call opened at 3:14, found '}'
///         Text("a", size: }
///                         ^
///
/// The parser stops at the first error in the file (see `ViewFileParser`).
package struct ViewFileError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What kind of mistake the file makes.
    package enum Kind: Sendable, Equatable {
        /// A character, literal, comment or string the lexer cannot read.
        case lexical
        /// Tokens that do not form the subset of Swift a view file is written in.
        case syntax
        /// A construct ShaderFX does not take in view files (`#if`, `#selector`).
        case unsupported
        /// Nesting deeper than `ViewFileParser.maximumDepth`.
        case tooDeep
        /// A mistake found running the file: an unknown name, a wrong argument, a value of the
        /// wrong type, division by zero, overflow, a loop that does not end.
        case evaluation
    }

    /// What kind of mistake this is.
    package var kind: Kind
    /// The file's path, as given to the parser.
    package var file: String
    /// Where the error is.
    package var position: SourcePosition
    /// What was expected and what was found (`expected ']' to close the array opened at 2:9, found ')'`).
    package var message: String
    /// The text of the line the error is on, without its line break.
    package var sourceLine: String

    /// An error of `kind` at `position` in `file`, whose text is `source`.
    package init(_ kind: Kind, _ message: String, at position: SourcePosition, file: String, source: [UInt8]) {
        self.kind = kind
        self.file = file
        self.position = position
        self.message = message
        self.sourceLine = Self.line(containing: position.offset, in: source)
    }

    /// `PATH:LINE:COL: error: MESSAGE`, without the source line.
    package var summary: String { "\(file):\(position.line):\(position.column): error: \(message)" }

    /// `PATH:LINE:COL: error: MESSAGE`, then the source line and a caret under the column.
    package var description: String {
        // The caret goes under the column's character: what precedes it on the line becomes
        // spaces, tabs staying tabs so that the caret lines up however tabs are shown.
        let bytes = Array(sourceLine.utf8)
        let prefix = String(decoding: bytes.prefix(max(0, position.column - 1)), as: UTF8.self)
        let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
        return "\(summary)\n\(sourceLine)\n\(padding)^"
    }

    /// The line of `source` that holds `offset` (an offset at a line break belongs to the line it ends).
    static func line(containing offset: Int, in source: [UInt8]) -> String {
        let offset = min(max(offset, 0), source.count)
        var start = offset
        while start > 0, source[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = offset
        while end < source.count, source[end] != UInt8(ascii: "\n"), source[end] != UInt8(ascii: "\r") { end += 1 }
        return String(decoding: source[start..<end], as: UTF8.self)
    }
}
