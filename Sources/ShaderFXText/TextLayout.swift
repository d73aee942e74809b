/// How lines sit in the text's width (SwiftUI's `multilineTextAlignment`).
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case leading, center, trailing
}

/// What SwiftUI's text modifiers set, with SwiftUI's defaults.
public struct TextLayoutOptions: Sendable, Hashable {
    /// The most lines shown (`lineLimit`); nil: as many as needed. Values below 1 act as 1. The
    /// last line shown ends in "…" when text is cut (`truncationMode(.tail)`).
    public var lineLimit: Int?
    /// Alignment of the lines in the widest line's width; `.leading` by default.
    public var alignment: TextAlignment
    /// Extra points between one line's bottom and the next line's top (`lineSpacing`); 0 by default.
    public var lineSpacing: Double
    /// Extra points after every glyph (`tracking`), the last one included; 0 by default.
    public var tracking: Double

    /// Options; each left out takes SwiftUI's default.
    public init(lineLimit: Int? = nil, alignment: TextAlignment = .leading, lineSpacing: Double = 0, tracking: Double = 0) {
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.tracking = tracking
    }
}

/// A glyph placed in a layout: its pen position (with HarfBuzz's offset applied) in points from
/// the layout's top-left, y down, on its line's baseline.
public struct PositionedGlyph: Sendable, Equatable {
    /// The glyph id in the layout's face.
    public let id: UInt32
    /// Where the glyph's origin lies, in points, from the layout's left...
    public let x: Double
    /// ...and top (y down: on the line's baseline, less any GPOS offset).
    public let y: Double
    /// The UTF-8 offset in the laid-out string of the glyph's cluster; nil for the ellipsis.
    public let cluster: Int?
}

/// One line of a layout.
public struct TextLine: Sendable, Equatable {
    /// The line's left edge, after alignment, in points from the layout's left.
    public let x: Double
    /// Its baseline, in points from the layout's top.
    public let baseline: Double
    /// Its width: advances and tracking, without trailing spaces, with the ellipsis if any.
    public let width: Double
    /// Its glyphs, left to right, the ellipsis last if it has one.
    public let glyphs: [PositionedGlyph]
    /// The UTF-8 range of the string's text it shows (trailing spaces left out).
    public let textRange: Range<Int>
    /// Whether text was cut here and an ellipsis ends the line.
    public let isTruncated: Bool
}

/// Text shaped, broken into lines and placed: what a view measures and what it draws are both
/// read from this one value.
///
/// Each paragraph (the text between "\n"s) is shaped once as a whole, so kerning across spaces
/// is kept, then broken greedily at spaces: a line takes words while they fit the proposed width
/// (spaces at the end of a line do not count, and those at the start of a wrapped line are
/// dropped); a word wider than the width alone is broken between clusters. Lines are
/// `FontMetrics.lineHeight` apart plus `lineSpacing`; the first baseline is the ascender below
/// the top. Left-to-right text only.
public struct TextLayout: Sendable {
    /// The laid-out string.
    public let text: String
    /// The font it was shaped in.
    public let font: ResolvedFont
    /// Line limit, alignment, line spacing and tracking.
    public let options: TextLayoutOptions
    /// The width the text was laid out in; nil: unlimited (the ideal size: one line per paragraph).
    public let proposedWidth: Double?
    /// The lines, top to bottom.
    public let lines: [TextLine]
    /// The width in points: the widest line's.
    public let width: Double
    /// The height in points: lines × line height + (lines − 1) × line spacing.
    public let height: Double

    /// Whether the line limit cut the text.
    public var isTruncated: Bool { lines.contains { $0.isTruncated } }

    /// Lays out `text`.
    /// - Parameters:
    ///   - text: the string; "\n" breaks a line.
    ///   - font: the resolved font.
    ///   - width: the proposed width in points; nil for no limit.
    ///   - options: line limit, alignment, line spacing and tracking.
    public init(_ text: String, font: ResolvedFont, width: Double? = nil, options: TextLayoutOptions = TextLayoutOptions()) {
        self.text = text
        self.font = font
        self.options = options
        self.proposedWidth = width
        let metrics = font.metrics
        let maxWidth = width ?? .infinity

        // Break every paragraph into lines.
        var pieces: [Piece] = []
        let bytes = Array(text.utf8)
        var paragraphStart = 0
        var paragraphs: [Paragraph] = []
        for end in bytes.indices where bytes[end] == 0x0A {
            paragraphs.append(Paragraph(text: text, from: paragraphStart, to: end, font: font, tracking: options.tracking))
            paragraphStart = end + 1
        }
        paragraphs.append(Paragraph(text: text, from: paragraphStart, to: bytes.count, font: font, tracking: options.tracking))
        for (index, paragraph) in paragraphs.enumerated() {
            for range in paragraph.breakLines(maxWidth: maxWidth) {
                pieces.append(Piece(paragraph: index, glyphs: range, ellipsis: false))
            }
        }

        // The line limit: the last line kept shows the rest of its paragraph, cut to fit with "…".
        var ellipsis: [ShapedGlyph] = []
        if let limit = options.lineLimit, pieces.count > max(limit, 1) {
            let kept = max(limit, 1)
            pieces.removeLast(pieces.count - kept)
            let last = pieces[kept - 1]
            ellipsis = TextLayout.ellipsis(font)
            let room = maxWidth - ellipsis.reduce(0) { $0 + $1.advance + options.tracking }
            let cut = paragraphs[last.paragraph].truncate(from: last.glyphs.lowerBound, maxWidth: room)
            pieces[kept - 1] = Piece(paragraph: last.paragraph, glyphs: cut, ellipsis: true)
        }

        // Place the lines.
        let ellipsisWidth = ellipsis.reduce(0) { $0 + $1.advance + options.tracking }
        let widths = pieces.map { piece in
            paragraphs[piece.paragraph].width(piece.glyphs) + (piece.ellipsis ? ellipsisWidth : 0)
        }
        let layoutWidth = widths.max() ?? 0
        let factor: Double = switch options.alignment {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
        var lines: [TextLine] = []
        for (n, piece) in pieces.enumerated() {
            let paragraph = paragraphs[piece.paragraph]
            let x = (layoutWidth - widths[n]) * factor
            let baseline = Double(n) * (metrics.lineHeight + options.lineSpacing) + metrics.ascender
            var placed: [PositionedGlyph] = []
            let origin = paragraph.penX[piece.glyphs.lowerBound]
            for i in piece.glyphs {
                let glyph = paragraph.glyphs[i]
                placed.append(PositionedGlyph(id: glyph.id, x: x + paragraph.penX[i] - origin + glyph.offsetX,
                                              y: baseline - glyph.offsetY, cluster: paragraph.start + glyph.cluster))
            }
            if piece.ellipsis {
                var pen = x + paragraph.width(piece.glyphs)
                for glyph in ellipsis {
                    placed.append(PositionedGlyph(id: glyph.id, x: pen + glyph.offsetX, y: baseline - glyph.offsetY, cluster: nil))
                    pen += glyph.advance + options.tracking
                }
            }
            lines.append(TextLine(x: x, baseline: baseline, width: widths[n], glyphs: placed,
                                  textRange: paragraph.textRange(piece.glyphs), isTruncated: piece.ellipsis))
        }
        self.lines = lines
        self.width = layoutWidth
        self.height = lines.isEmpty ? 0
            : Double(lines.count) * metrics.lineHeight + Double(lines.count - 1) * options.lineSpacing
    }

    /// The ellipsis' glyphs: "…", or "..." where the face has no U+2026.
    static func ellipsis(_ font: ResolvedFont) -> [ShapedGlyph] {
        font.face.glyph(for: "\u{2026}") != nil ? font.shape("\u{2026}") : font.shape("...")
    }

    private struct Piece {
        let paragraph: Int
        let glyphs: Range<Int>
        let ellipsis: Bool
    }
}

/// One paragraph's shaped glyphs and the running pen position (advance plus tracking per glyph).
private struct Paragraph {
    /// The paragraph's UTF-8 range in the whole string.
    let start: Int
    let end: Int
    let glyphs: [ShapedGlyph]
    /// penX[i]: where glyph i starts; penX[glyphs.count]: the paragraph's width.
    let penX: [Double]
    /// Whether glyph i is a space (a break opportunity).
    let isSpace: [Bool]
    /// Whether a line may start or end before glyph i (a cluster boundary); true at the end.
    let isBoundary: [Bool]

    init(text: String, from start: Int, to end: Int, font: ResolvedFont, tracking: Double) {
        self.start = start
        self.end = end
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start), upper = utf8.index(utf8.startIndex, offsetBy: end)
        let bytes = Array(utf8[lower..<upper])
        let shaped = font.shape(text[lower..<upper])
        var pen = [0.0]
        pen.reserveCapacity(shaped.count + 1)
        for glyph in shaped { pen.append(pen[pen.count - 1] + glyph.advance + tracking) }
        glyphs = shaped
        penX = pen
        isSpace = shaped.map { bytes[$0.cluster] == 0x20 }
        isBoundary = shaped.indices.map { $0 == 0 || shaped[$0].cluster != shaped[$0 - 1].cluster } + [true]
    }

    func width(_ range: Range<Int>) -> Double { penX[range.upperBound] - penX[range.lowerBound] }

    /// The UTF-8 range of the string that glyphs `range` show.
    func textRange(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else {
            let at = range.lowerBound < glyphs.count ? start + glyphs[range.lowerBound].cluster : end
            return at..<at
        }
        let upper = range.upperBound < glyphs.count ? start + glyphs[range.upperBound].cluster : end
        return (start + glyphs[range.lowerBound].cluster)..<upper
    }

    /// Greedy lines: glyph ranges without the spaces that end them. An empty paragraph is one
    /// empty line.
    func breakLines(maxWidth: Double) -> [Range<Int>] {
        let n = glyphs.count
        let limit = maxWidth + 1e-9
        var lines: [Range<Int>] = []
        var lineStart = 0
        repeat {
            if !lines.isEmpty {
                while lineStart < n && isSpace[lineStart] { lineStart += 1 }
                if lineStart >= n { break }
            }
            var lineEnd = lineStart
            var scan = lineStart
            while true {
                var wordStart = scan
                while wordStart < n && isSpace[wordStart] { wordStart += 1 }
                if wordStart >= n { break }
                var wordEnd = wordStart
                while wordEnd < n && !isSpace[wordEnd] { wordEnd += 1 }
                if penX[wordEnd] - penX[lineStart] <= limit {
                    lineEnd = wordEnd
                    scan = wordEnd
                    continue
                }
                if lineEnd == lineStart {
                    // Nothing fits before this word: break inside it, one cluster at least.
                    var cut = wordStart + 1
                    while !isBoundary[cut] { cut += 1 }
                    var next = cut + 1
                    while next <= wordEnd {
                        if isBoundary[next] {
                            if penX[next] - penX[lineStart] > limit { break }
                            cut = next
                        }
                        next += 1
                    }
                    lineEnd = cut
                }
                break
            }
            lines.append(lineStart..<lineEnd)
            if lineEnd == lineStart { break }
            lineStart = lineEnd
        } while lineStart < n
        return lines.isEmpty ? [0..<0] : lines
    }

    /// The longest run of whole clusters from `from` to the paragraph's end that fits
    /// `maxWidth`, without the spaces that end it (the ellipsis follows it).
    func truncate(from lineStart: Int, maxWidth: Double) -> Range<Int> {
        let limit = maxWidth + 1e-9
        var cut = lineStart
        var next = lineStart + 1
        while next <= glyphs.count {
            if isBoundary[next] {
                if penX[next] - penX[lineStart] > limit { break }
                cut = next
            }
            next += 1
        }
        while cut > lineStart && isSpace[cut - 1] { cut -= 1 }
        return lineStart..<cut
    }
}
