/// A place in a view file: 1-based line and column, as the compiler counts them (the column in
/// UTF-8 bytes from the start of the line), and the 0-based UTF-8 offset from the start of the file.
package struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column in UTF-8 bytes, from 1.
    package var column: Int
    /// The UTF-8 offset from the start of the file, from 0.
    package var offset: Int

    /// A position from its three coordinates.
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The start of a file.
    package static let start = SourcePosition(line: 1, column: 1, offset: 0)

    package static func < (a: SourcePosition, b: SourcePosition) -> Bool { a.offset < b.offset }

    /// `LINE:COLUMN`, as error messages name an earlier place (`opened at 3:14`).
    package var description: String { "\(line):\(column)" }
}

/// The stretch of a view file a token or a syntax node covers: from `start` up to, not
/// including, `end`.
package struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// The file's path, as given to the parser (`Card.swift`).
    package var file: String
    /// The first byte covered.
    package var start: SourcePosition
    /// The position just after the last byte covered.
    package var end: SourcePosition

    /// A range of `file` from `start` to `end`.
    package init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// The smallest range covering both `self` and `other`.
    package func union(_ other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// `PATH:LINE:COLUMN` of the start, the compiler's way of naming a place.
    package var description: String { "\(file):\(start.line):\(start.column)" }
}
