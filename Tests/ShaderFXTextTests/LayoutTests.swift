import Foundation
import Testing
@testable import ShaderFXText

/// Line breaking, truncation and placement. The font is monospaced, so every glyph's width is
/// FreeType's advance for it (read by the oracle), and where each line must break follows from
/// counting characters.
@Suite struct LayoutTests {
    let font: ResolvedFont
    /// One character's advance in points, from FreeType directly (font units × size / em).
    let a: Double

    init() throws {
        font = try FontLibrary.shared.resolve(.system(size: 13, design: .monospaced))
        let oracle = try FreeTypeOracle(file: font.file)
        a = Double(oracle.advanceInFontUnits(oracle.glyph(for: "o"))) * 13 / Double(oracle.unitsPerEm)
    }

    func lines(_ layout: TextLayout) -> [String] {
        let bytes = Array(layout.text.utf8)
        return layout.lines.map { String(decoding: bytes[$0.textRange], as: UTF8.self) }
    }

    @Test func wrapsAtTheLastSpaceThatFits() {
        let text = "one two three four five"
        // "one two" is 7 characters: at exactly 7 advances it fits, a hair less and it does not.
        #expect(lines(TextLayout(text, font: font, width: 7 * a)) == ["one two", "three", "four", "five"])
        #expect(lines(TextLayout(text, font: font, width: 7 * a - 0.01)) == ["one", "two", "three", "four", "five"])
        #expect(lines(TextLayout(text, font: font, width: 10 * a)) == ["one two", "three four", "five"])
        #expect(lines(TextLayout(text, font: font, width: 14 * a)) == ["one two three", "four five"])
        #expect(lines(TextLayout(text, font: font)) == [text])
        let layout = TextLayout(text, font: font, width: 10 * a)
        #expect(abs(layout.width - 10 * a) < 1e-9)
        #expect(layout.lines.map(\.width).map { ($0 / a).rounded() } == [7, 10, 4])
    }

    @Test func hardBreaksAndEmptyLines() {
        let layout = TextLayout("ab\n\ncd e", font: font)
        #expect(lines(layout) == ["ab", "", "cd e"])
        #expect(abs(layout.height - 3 * font.metrics.lineHeight) < 1e-9)
        #expect(abs(layout.width - 4 * a) < 1e-9)
        #expect(lines(TextLayout("ab cd\nef", font: font, width: 2 * a)) == ["ab", "cd", "ef"])
    }

    @Test func aWordWiderThanTheWidthBreaksBetweenCharacters() {
        #expect(lines(TextLayout("abcdefghij xy", font: font, width: 4 * a)) == ["abcd", "efgh", "ij", "xy"])
        // Less than one character still takes one.
        #expect(lines(TextLayout("abc", font: font, width: 1)) == ["a", "b", "c"])
    }

    @Test func theLineLimitEndsTheLastLineInAnEllipsis() throws {
        let oracle = try FreeTypeOracle(file: font.file)
        let ellipsis = oracle.glyph(for: "\u{2026}")
        let text = "one two three four five"
        let layout = TextLayout(text, font: font, width: 10 * a, options: TextLayoutOptions(lineLimit: 2))
        // The second line shows as much of "three four five" as fits with the ellipsis: 9 of 10.
        #expect(lines(layout) == ["one two", "three fou"])
        #expect(layout.isTruncated && layout.lines[1].isTruncated && !layout.lines[0].isTruncated)
        #expect(layout.lines[1].glyphs.last?.id == ellipsis && layout.lines[1].glyphs.last?.cluster == nil)
        #expect(abs(layout.lines[1].width - 10 * a) < 1e-9)
        // A space before the ellipsis is dropped.
        #expect(lines(TextLayout(text, font: font, width: 7 * a, options: TextLayoutOptions(lineLimit: 2))) == ["one two", "three"])
        // One line, no width: the first paragraph whole, then the ellipsis.
        let single = TextLayout("first\nsecond", font: font, options: TextLayoutOptions(lineLimit: 0))
        #expect(lines(single) == ["first"] && single.isTruncated)
        #expect(abs(single.width - 6 * a) < 1e-9)
        // Text that fits is not cut.
        #expect(!TextLayout(text, font: font, width: 10 * a, options: TextLayoutOptions(lineLimit: 3)).isTruncated)
    }

    @Test func alignmentPlacesLinesInTheWidestLine() {
        let text = "aaaa bb"
        for (alignment, offset) in [(TextAlignment.leading, 0.0), (.center, 1.0), (.trailing, 2.0)] {
            let layout = TextLayout(text, font: font, width: 5 * a, options: TextLayoutOptions(alignment: alignment))
            #expect(layout.lines.map(\.x).map { ($0 / a * 1e6).rounded() / 1e6 } == [0, offset], "\(alignment)")
            #expect(abs(layout.lines[1].glyphs[0].x - offset * a) < 1e-9)
        }
    }

    @Test func baselinesLineHeightAndLineSpacing() {
        let metrics = font.metrics
        let layout = TextLayout("ab cd", font: font, width: 2 * a, options: TextLayoutOptions(lineSpacing: 5))
        #expect(layout.lines.count == 2)
        #expect(abs(layout.lines[0].baseline - metrics.ascender) < 1e-9)
        #expect(abs(layout.lines[1].baseline - (metrics.ascender + metrics.lineHeight + 5)) < 1e-9)
        #expect(abs(layout.height - (2 * metrics.lineHeight + 5)) < 1e-9)
        #expect(layout.lines[1].glyphs.allSatisfy { $0.y == layout.lines[1].baseline })
    }

    @Test func trackingWidensEveryGlyph() {
        let layout = TextLayout("abc de", font: font, width: 3 * (a + 1), options: TextLayoutOptions(tracking: 1))
        #expect(lines(layout) == ["abc", "de"])
        #expect(layout.lines[0].glyphs.map(\.x).map { ($0 * 1e6).rounded() } == [0, a + 1, 2 * (a + 1)].map { ($0 * 1e6).rounded() })
        #expect(abs(layout.width - 3 * (a + 1)) < 1e-9)
    }

    @Test func kerningIsKeptWithinALine() throws {
        let inter = try FontLibrary.shared.resolve(.body)
        let layout = TextLayout("AVA VAV", font: inter)
        let expected = try hbShape(file: inter.file, "AVA VAV")
        let perUnit = 17 / Double(inter.metrics.unitsPerEm)
        var pen = 0
        for (glyph, theirs) in zip(layout.lines[0].glyphs, expected) {
            #expect(abs(glyph.x - Double(pen + theirs.dx) * perUnit) < 1e-9)
            pen += theirs.advance
        }
        #expect(abs(layout.width - Double(pen) * perUnit) < 1e-9)
    }
}
