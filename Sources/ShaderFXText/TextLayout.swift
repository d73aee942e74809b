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

/// One styled run of a text: its string, the font it is shaped in, and its tracking. A layout
/// of several runs (SwiftUI's `Text + Text`) shapes each in its own font and breaks lines
/// across them.
public struct TextRun: Sendable {
    /// The run's characters.
    public var text: String
    /// The font the run asks for (characters it lacks are drawn from a fallback face).
    public var font: ResolvedFont
    /// Extra points after each of the run's glyphs.
    public var tracking: Double

    /// A run of `text` in `font`.
    public init(_ text: String, font: ResolvedFont, tracking: Double = 0) {
        self.text = text
        self.font = font
        self.tracking = tracking
    }
}

/// A glyph placed in a layout: its pen position (with HarfBuzz's offset applied) in points from
/// the layout's top-left, y down, on its line's baseline.
public struct PositionedGlyph: Sendable, Equatable {
    /// The glyph id in its face (`TextLayout.fonts[font]`).
    public let id: UInt32
    /// Where the glyph's origin lies, in points, from the layout's left...
    public let x: Double
    /// ...and top (y down: on the line's baseline, less any GPOS offset).
    public let y: Double
    /// The UTF-8 offset in the laid-out string of the glyph's cluster; nil for the ellipsis.
    public let cluster: Int?
    /// The run the glyph belongs to (its style), an index into `TextLayout.runs`.
    public let run: Int
    /// The face it is drawn from, an index into `TextLayout.fonts`.
    public let font: Int
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
    /// The largest ascender (up, positive) and descender (down, positive) of the faces on the
    /// line, and its height: ascent + descent + the largest line gap.
    public let ascent: Double
    public let descent: Double
    public let height: Double
}

/// Text shaped, broken into lines and placed: what a view measures and what it draws are both
/// read from this one value.
///
/// The text is one or more runs, each with its font and tracking. Each character is drawn from
/// its run's face, or, where that face has no glyph for it, from the face fontconfig prefers
/// for it (`FontLibrary.fallback`): an emoji from a colour emoji font, another script from a
/// font that has it. Each stretch of one face in a paragraph (the text between "\n"s) is
/// shaped as a whole, across runs in the same font, so kerning inside it is kept (`Text("A") +
/// Text("V")` in one font kerns as "AV"; runs in different fonts or sizes do not kern against
/// each other), each glyph keeping the style of its run, then the paragraph is broken
/// greedily at spaces across the stretches: a line takes words while they fit the proposed
/// width (spaces at the end of a line do not count, and those at the start of a wrapped line
/// are dropped); a word wider than the width alone is broken between clusters. Each line is as
/// tall as its tallest face (ascent and descent the largest of its faces', SwiftUI's baselines
/// aligned on the line), lines follow each other plus `lineSpacing`, and a line's baseline is
/// its ascent below its top. Left-to-right text only.
public struct TextLayout: Sendable {
    /// The laid-out string: the runs' strings joined.
    public let text: String
    /// The first run's font.
    public let font: ResolvedFont
    /// The runs, in order.
    public let runs: [TextRun]
    /// Every face a glyph is drawn from: the runs' and the fallbacks'.
    public let fonts: [ResolvedFont]
    /// Characters no installed font has, drawn as their run font's missing glyph.
    public let missing: [Unicode.Scalar]
    /// Line limit, alignment and line spacing (each run carries its own tracking).
    public let options: TextLayoutOptions
    /// The width the text was laid out in; nil: unlimited (the ideal size: one line per paragraph).
    public let proposedWidth: Double?
    /// The lines, top to bottom.
    public let lines: [TextLine]
    /// The width in points: the widest line's.
    public let width: Double
    /// The height in points: the lines' heights plus `lineSpacing` between them.
    public let height: Double

    /// Whether the line limit cut the text.
    public var isTruncated: Bool { lines.contains { $0.isTruncated } }

    /// Lays out `text` in one font.
    /// - Parameters:
    ///   - text: the string; "\n" breaks a line.
    ///   - font: the resolved font.
    ///   - width: the proposed width in points; nil for no limit.
    ///   - options: line limit, alignment, line spacing and tracking.
    public init(_ text: String, font: ResolvedFont, width: Double? = nil, options: TextLayoutOptions = TextLayoutOptions()) {
        self.init(runs: [TextRun(text, font: font, tracking: options.tracking)], width: width, options: options)
    }

    /// Lays out `runs` as one text (`options.tracking` is not used: each run has its own).
    /// - Parameters:
    ///   - runs: the runs, at least one.
    ///   - width: the proposed width in points; nil for no limit.
    ///   - options: line limit, alignment and line spacing.
    public init(runs: [TextRun], width: Double? = nil, options: TextLayoutOptions = TextLayoutOptions()) {
        precondition(!runs.isEmpty, "a text layout needs a run")
        self.runs = runs
        self.font = runs[0].font
        self.options = options
        self.proposedWidth = width
        let text = runs.map(\.text).joined()
        self.text = text
        let maxWidth = width ?? .infinity
        let items = Itemisation(runs: runs)
        let fonts = items.fonts
        self.fonts = fonts
        self.missing = items.missing

        // Break every paragraph into lines.
        let bytes = Array(text.utf8)
        var paragraphs: [Paragraph] = []
        var paragraphStart = 0
        for end in bytes.indices where bytes[end] == 0x0A {
            paragraphs.append(Paragraph(text: text, bytes: bytes, from: paragraphStart, to: end, items: items, runs: runs))
            paragraphStart = end + 1
        }
        paragraphs.append(Paragraph(text: text, bytes: bytes, from: paragraphStart, to: bytes.count, items: items, runs: runs))
        var pieces: [Piece] = []
        for (index, paragraph) in paragraphs.enumerated() {
            for range in paragraph.breakLines(maxWidth: maxWidth) {
                pieces.append(Piece(paragraph: index, glyphs: range, ellipsis: nil))
            }
        }

        // The line limit: the last line kept shows the rest of its paragraph, cut to fit with
        // "…" in the font and run where the cut falls.
        if let limit = options.lineLimit, pieces.count > max(limit, 1) {
            let kept = max(limit, 1)
            pieces.removeLast(pieces.count - kept)
            let last = pieces[kept - 1]
            let paragraph = paragraphs[last.paragraph]
            let (run, fontIndex) = paragraph.style(at: last.glyphs.lowerBound)
            let shaped = TextLayout.ellipsis(fonts[fontIndex])
            let room = maxWidth - shaped.reduce(0) { $0 + $1.advance + runs[run].tracking }
            let cut = paragraph.truncate(from: last.glyphs.lowerBound, maxWidth: room)
            var (cutRun, cutFont) = paragraph.style(at: max(cut.upperBound - 1, cut.lowerBound))
            // An emoji face has no full stop: the ellipsis after an emoji is in its run's font.
            if fonts[cutFont].isColor { cutFont = fonts.firstIndex(of: runs[cutRun].font) ?? 0 }
            let glyphs = cutRun == run && cutFont == fontIndex ? shaped : TextLayout.ellipsis(fonts[cutFont])
            pieces[kept - 1] = Piece(paragraph: last.paragraph, glyphs: cut, ellipsis: Ellipsis(glyphs: glyphs, run: cutRun, font: cutFont))
        }

        // Place the lines.
        let widths = pieces.map { piece in
            paragraphs[piece.paragraph].width(piece.glyphs) + (piece.ellipsis.map { $0.width(tracking: runs[$0.run].tracking) } ?? 0)
        }
        let layoutWidth = widths.max() ?? 0
        let factor: Double = switch options.alignment {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
        var lines: [TextLine] = []
        var top = 0.0
        for (n, piece) in pieces.enumerated() {
            let paragraph = paragraphs[piece.paragraph]
            var used = Set(piece.glyphs.map { paragraph.fontIndex[$0] })
            if let ellipsis = piece.ellipsis { used.insert(ellipsis.font) }
            if used.isEmpty { used.insert(paragraph.style(at: piece.glyphs.lowerBound).font) }
            let metrics = used.map { fonts[$0].metrics }
            let ascent = metrics.map(\.ascender).max()!, descent = metrics.map { -$0.descender }.max()!
            let lineHeight = ascent + descent + metrics.map(\.lineGap).max()!
            if n > 0 { top += options.lineSpacing }
            let x = (layoutWidth - widths[n]) * factor
            let baseline = top + ascent
            var placed: [PositionedGlyph] = []
            let origin = paragraph.penX[piece.glyphs.lowerBound]
            for i in piece.glyphs {
                let glyph = paragraph.glyphs[i]
                placed.append(PositionedGlyph(id: glyph.id, x: x + paragraph.penX[i] - origin + glyph.offsetX,
                                              y: baseline - glyph.offsetY, cluster: glyph.cluster,
                                              run: paragraph.run[i], font: paragraph.fontIndex[i]))
            }
            if let ellipsis = piece.ellipsis {
                var pen = x + paragraph.width(piece.glyphs)
                for glyph in ellipsis.glyphs {
                    placed.append(PositionedGlyph(id: glyph.id, x: pen + glyph.offsetX, y: baseline - glyph.offsetY, cluster: nil,
                                                  run: ellipsis.run, font: ellipsis.font))
                    pen += glyph.advance + runs[ellipsis.run].tracking
                }
            }
            lines.append(TextLine(x: x, baseline: baseline, width: widths[n], glyphs: placed,
                                  textRange: paragraph.textRange(piece.glyphs), isTruncated: piece.ellipsis != nil,
                                  ascent: ascent, descent: descent, height: lineHeight))
            top += lineHeight
        }
        self.lines = lines
        self.width = layoutWidth
        self.height = lines.isEmpty ? 0 : top
    }

    /// The ellipsis' glyphs: "…", or "..." where the face has no U+2026.
    static func ellipsis(_ font: ResolvedFont) -> [ShapedGlyph] {
        font.face.glyph(for: "\u{2026}") != nil ? font.shape("\u{2026}") : font.shape("...")
    }

    private struct Ellipsis {
        let glyphs: [ShapedGlyph]
        let run: Int
        let font: Int
        func width(tracking: Double) -> Double { glyphs.reduce(0) { $0 + $1.advance + tracking } }
    }

    private struct Piece {
        let paragraph: Int
        let glyphs: Range<Int>
        let ellipsis: Ellipsis?
    }
}

/// Which run and which face draws each character of the runs' joined string: a stretch for
/// each change of either, by UTF-8 offset.
private struct Itemisation {
    struct Stretch {
        let range: Range<Int>
        let run: Int
        let font: Int
    }
    private(set) var fonts: [ResolvedFont] = []
    private(set) var stretches: [Stretch] = []
    private(set) var missing: [Unicode.Scalar] = []

    init(runs: [TextRun]) {
        var offset = 0
        for (index, run) in runs.enumerated() {
            let primary = self.index(of: run.font)
            for character in run.text {
                let length = character.utf8.count
                let font = character == "\n" ? primary : choose(character, primary: run.font, primaryIndex: primary)
                if let last = stretches.last, last.run == index, last.font == font, last.range.upperBound == offset {
                    stretches[stretches.count - 1] = Stretch(range: last.range.lowerBound..<(offset + length), run: index, font: font)
                } else {
                    stretches.append(Stretch(range: offset..<(offset + length), run: index, font: font))
                }
                offset += length
            }
        }
    }

    /// The run and face of the text at UTF-8 offset `offset` (the last stretch's past the end).
    func style(at offset: Int) -> (run: Int, font: Int) {
        guard let stretch = stretches.first(where: { $0.range.contains(offset) }) ?? stretches.last else { return (0, 0) }
        return (stretch.run, stretch.font)
    }

    private mutating func index(of font: ResolvedFont) -> Int {
        if let known = fonts.firstIndex(of: font) { return known }
        fonts.append(font)
        return fonts.count - 1
    }

    /// The face for one character: the run's when it has every scalar (joiners and variation
    /// selectors aside) and the character is not an emoji asked for in colour; otherwise the
    /// fallback fontconfig gives for it, colour first for an emoji.
    private mutating func choose(_ character: Character, primary: ResolvedFont, primaryIndex: Int) -> Int {
        if character.isASCII, let scalar = character.unicodeScalars.first, primary.hasGlyph(for: scalar) || scalar.value < 0x20 {
            return primaryIndex
        }
        let scalars = character.unicodeScalars.filter { !Self.ignorable.contains($0.value) }
        guard let first = scalars.first else { return primaryIndex }
        let wantsColor = character.unicodeScalars.contains { $0.value == 0xFE0F }
            || (first.properties.isEmojiPresentation && !character.unicodeScalars.contains { $0.value == 0xFE0E })
        let hasAll = scalars.allSatisfy(primary.hasGlyph(for:))
        if hasAll && (!wantsColor || primary.isColor) { return primaryIndex }
        if let fallback = primary.library.fallback(for: first, of: primary, color: wantsColor),
           scalars.allSatisfy(fallback.hasGlyph(for:)) || !hasAll {
            return index(of: fallback)
        }
        if !hasAll { missing.append(scalars.first { !primary.hasGlyph(for: $0) } ?? first) }
        return primaryIndex
    }

    /// Scalars a font need not have a glyph of its own for: the zero-width joiner and
    /// non-joiner, and the text and emoji variation selectors.
    private static let ignorable: Set<UInt32> = [0x200C, 0x200D, 0xFE0E, 0xFE0F]
}

/// One paragraph's shaped glyphs, stretch by stretch, and the running pen position (advance
/// plus the run's tracking per glyph).
private struct Paragraph {
    /// The paragraph's UTF-8 range in the whole string.
    let start: Int
    let end: Int
    /// The glyphs, their clusters as UTF-8 offsets in the whole string.
    let glyphs: [ShapedGlyph]
    /// Each glyph's run and face.
    let run: [Int]
    let fontIndex: [Int]
    /// penX[i]: where glyph i starts; penX[glyphs.count]: the paragraph's width.
    let penX: [Double]
    /// Whether glyph i is a space (a break opportunity).
    let isSpace: [Bool]
    /// Whether a line may start or end before glyph i (a cluster boundary); true at the end.
    let isBoundary: [Bool]
    private let items: Itemisation

    init(text: String, bytes: [UInt8], from start: Int, to end: Int, items: Itemisation, runs: [TextRun]) {
        self.start = start
        self.end = end
        self.items = items
        let utf8 = text.utf8
        var glyphs: [ShapedGlyph] = [], run: [Int] = [], fontIndex: [Int] = []
        // Stretches next to each other in one face are shaped as one piece of text, whatever
        // their runs: "A" + "V" in one font kern as "AV" does. Each glyph then takes the run of
        // the character its cluster starts at (its style and tracking).
        var pieces: [(range: Range<Int>, font: Int, stretches: [Itemisation.Stretch])] = []
        for stretch in items.stretches {
            let lowerOffset = max(stretch.range.lowerBound, start), upperOffset = min(stretch.range.upperBound, end)
            guard upperOffset > lowerOffset else { continue }
            let clipped = Itemisation.Stretch(range: lowerOffset..<upperOffset, run: stretch.run, font: stretch.font)
            if let last = pieces.last, last.font == stretch.font, last.range.upperBound == lowerOffset {
                pieces[pieces.count - 1] = (last.range.lowerBound..<upperOffset, last.font, last.stretches + [clipped])
            } else {
                pieces.append((clipped.range, stretch.font, [clipped]))
            }
        }
        for piece in pieces {
            let lower = utf8.index(utf8.startIndex, offsetBy: piece.range.lowerBound)
            let upper = utf8.index(utf8.startIndex, offsetBy: piece.range.upperBound)
            var owner = 0
            for glyph in items.fonts[piece.font].shape(text[lower..<upper]) {
                let cluster = piece.range.lowerBound + glyph.cluster
                if !piece.stretches[owner].range.contains(cluster) {
                    owner = piece.stretches.firstIndex { $0.range.contains(cluster) } ?? owner
                }
                glyphs.append(ShapedGlyph(id: glyph.id, cluster: cluster, advance: glyph.advance,
                                          offsetX: glyph.offsetX, offsetY: glyph.offsetY))
                run.append(piece.stretches[owner].run)
                fontIndex.append(piece.font)
            }
        }
        var pen = [0.0]
        pen.reserveCapacity(glyphs.count + 1)
        for (i, glyph) in glyphs.enumerated() { pen.append(pen[pen.count - 1] + glyph.advance + runs[run[i]].tracking) }
        self.glyphs = glyphs
        self.run = run
        self.fontIndex = fontIndex
        penX = pen
        isSpace = glyphs.map { bytes[$0.cluster] == 0x20 }
        isBoundary = glyphs.indices.map { $0 == 0 || glyphs[$0].cluster != glyphs[$0 - 1].cluster } + [true]
    }

    /// The run and face of glyph `i`, or of the text where a glyph-less position lies.
    func style(at i: Int) -> (run: Int, font: Int) {
        if i < glyphs.count { return (run[i], fontIndex[i]) }
        if let last = glyphs.indices.last { return (run[last], fontIndex[last]) }
        return items.style(at: start)
    }

    func width(_ range: Range<Int>) -> Double { penX[range.upperBound] - penX[range.lowerBound] }

    /// The UTF-8 range of the string that glyphs `range` show.
    func textRange(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else {
            let at = range.lowerBound < glyphs.count ? glyphs[range.lowerBound].cluster : end
            return at..<at
        }
        let upper = range.upperBound < glyphs.count ? glyphs[range.upperBound].cluster : end
        return glyphs[range.lowerBound].cluster..<upper
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
