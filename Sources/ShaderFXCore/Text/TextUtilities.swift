/// Word wrapping and "did you mean" suggestions for help and errors.
package enum TextUtilities {
    /// Lays out `words` in lines of at most `width` characters; lines after the first start
    /// with `hangingIndent` spaces. A word longer than a line gets a line of its own.
    package static func wrap(words: [String], width: Int, hangingIndent: Int = 0) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty {
                line += word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(repeating: " ", count: hangingIndent) + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Wraps text at `width` columns, keeping its line breaks; a line's leading spaces are
    /// repeated on the lines it wraps into, so indented lists stay indented.
    package static func wrap(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let indent = line.prefix { $0 == " " }.count
            let words = line.split(separator: " ").map(String.init)
            if words.isEmpty { return [""] }
            let first = String(repeating: " ", count: indent) + words[0]
            return wrap(words: [first] + words.dropFirst(), width: width, hangingIndent: indent)
        }
    }

    /// The column where help starts for these left entries: after the longest one plus two
    /// spaces, but at most 30.
    package static func helpColumn(for lefts: [String]) -> Int {
        min((lefts.map(\.count).max() ?? 0) + 2, 30)
    }

    /// Two columns: each left entry, then its help words wrapped into the right column starting
    /// at `column`; a left entry too wide for the column puts its help on the following lines.
    package static func columns(_ rows: [(left: String, right: [String])], width: Int, column: Int? = nil) -> [String] {
        let column = column ?? helpColumn(for: rows.map(\.left))
        let pad = String(repeating: " ", count: column)
        var lines: [String] = []
        for row in rows {
            var help = wrap(words: row.right, width: max(width - column, 20))[...]
            if row.left.count + 2 <= column {
                let first = help.popFirst() ?? ""
                lines.append((row.left + String(repeating: " ", count: column - row.left.count) + first).trailingSpacesRemoved)
            } else {
                lines.append(row.left)
            }
            lines += help.map { pad + $0 }
        }
        return lines
    }

    /// The candidate nearest to `typed` when it is close enough to be a likely typo: a
    /// candidate that starts with `typed` (at least 2 characters, one such candidate), else the
    /// one with the smallest edit distance (transpositions count 1) within a length-based limit.
    package static func suggestion(for typed: String, among candidates: [String]) -> String? {
        let typed = typed.lowercased()
        if typed.count >= 2 {
            let prefixed = candidates.filter { $0.lowercased().hasPrefix(typed) }
            if prefixed.count == 1 { return prefixed[0] }
        }
        let limit = typed.count <= 3 ? 1 : (typed.count <= 6 ? 2 : 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The longest string `editDistance` compares: longer ones are never a typo of a name, and
    /// the comparison costs the product of the lengths (a 16 MiB name in a golden case or a
    /// flag would take gigabytes and minutes).
    package static let comparedLength = 256

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbouring characters each cost 1. When either string is longer than
    /// `comparedLength` characters, the longer length: no closer than any suggestion limit.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        if a.utf8.count > comparedLength * 4 || b.utf8.count > comparedLength * 4 { return max(a.utf8.count, b.utf8.count) }
        let a = Array(a), b = Array(b)
        if a.count > comparedLength || b.count > comparedLength { return max(a.count, b.count) }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

extension String {
    /// The string without spaces at its end.
    package var trailingSpacesRemoved: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }

    /// The string without whitespace at either end.
    package var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
