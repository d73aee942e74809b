import CFreeType
import Foundation
import Testing
@testable import ShaderFXText

/// Several runs in one text, fallback faces and colour emoji, against FreeType read directly.
@Suite struct RunTests {
    /// Each glyph's advance from FreeType in font units, scaled to the run's size.
    func advances(_ text: String, _ font: ResolvedFont) throws -> [Double] {
        let oracle = try FreeTypeOracle(file: font.file)
        return text.unicodeScalars.map { Double(oracle.advanceInFontUnits(oracle.glyph(for: $0))) * font.size / Double(oracle.unitsPerEm) }
    }

    @Test func eachRunIsShapedInItsOwnFont() throws {
        let regular = try FontLibrary.shared.resolve(.system(size: 17))
        let bold = try FontLibrary.shared.resolve(.system(size: 20, weight: .bold))
        let mono = try FontLibrary.shared.resolve(.system(size: 12, design: .monospaced))
        let runs = [TextRun("nnH", font: regular), TextRun("Hnn", font: bold, tracking: 1), TextRun("ll", font: mono)]
        let layout = TextLayout(runs: runs)
        #expect(layout.lines.count == 1)
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.map(\.run) == [0, 0, 0, 1, 1, 1, 2, 2])
        // Pen positions: the sum of FreeType's advances of the glyphs before, each run's own,
        // plus the bold run's tracking.
        let expected = try advances("nnH", regular) + advances("Hnn", bold).map { $0 + 1 } + advances("ll", mono)
        var pen = 0.0
        for (glyph, advance) in zip(glyphs, expected) {
            #expect(abs(glyph.x - pen) < 1e-6)
            pen += advance
        }
        #expect(abs(layout.width - pen) < 1e-6)
        // Glyph ids are each file's own.
        for (glyph, run) in zip(glyphs, [regular, regular, regular, bold, bold, bold, mono, mono]) {
            #expect(layout.fonts[glyph.font].file == run.file)
        }
        let oracle = try FreeTypeOracle(file: mono.file)
        #expect(glyphs[6].id == oracle.glyph(for: "l"))
    }

    /// hb-shape's advances of `text` in `font`'s file, in points at its size (the oracle: the
    /// HarfBuzz command-line tool, on the file, sharing nothing with the engine).
    func hbAdvances(_ text: String, _ font: ResolvedFont) throws -> [Double] {
        let upem = Double(try FreeTypeOracle(file: font.file).unitsPerEm)
        return try hbShape(file: font.file, text).map { Double($0.advance) * font.size / upem }
    }

    @Test func runsInOneFontKernAcrossTheirBoundary() throws {
        let font = try FontLibrary.shared.resolve(.system(size: 17))
        let pair = try hbAdvances("AV", font)
        let alone = try hbAdvances("A", font)
        // The font kerns the pair: A's advance before V is shorter than A's alone.
        #expect(pair[0] < alone[0] - 0.5, "\(pair) vs \(alone)")
        let runs = TextLayout(runs: [TextRun("A", font: font), TextRun("V", font: font)])
        let glyphs = runs.lines[0].glyphs
        #expect(glyphs.map(\.run) == [0, 1])
        #expect(abs(glyphs[0].x) < 1e-9 && abs(glyphs[1].x - pair[0]) < 1e-9, "\(glyphs.map(\.x)) vs \(pair)")
        #expect(abs(runs.width - (pair[0] + pair[1])) < 1e-9)
        // As Text("AV") lays out.
        #expect(abs(runs.width - TextLayout("AV", font: font).width) < 1e-9)
        // Each run keeps its own tracking after its glyphs: 2 after V only.
        let tracked = TextLayout(runs: [TextRun("A", font: font), TextRun("V", font: font, tracking: 2)])
        #expect(abs(tracked.lines[0].glyphs[1].x - pair[0]) < 1e-9)
        #expect(abs(tracked.width - (pair[0] + pair[1] + 2)) < 1e-9)
    }

    @Test func runsInOtherFontsOrSizesDoNotKernAgainstEachOther() throws {
        let regular = try FontLibrary.shared.resolve(.system(size: 17))
        for other in [try FontLibrary.shared.resolve(.system(size: 20)), try FontLibrary.shared.resolve(.system(size: 17, weight: .bold))] {
            let layout = TextLayout(runs: [TextRun("A", font: regular), TextRun("V", font: other)])
            let glyphs = layout.lines[0].glyphs
            // V starts at A's own advance, unkerned; each is shaped in its own font.
            let a = try hbAdvances("A", regular)[0], v = try hbAdvances("V", other)[0]
            #expect(abs(glyphs[1].x - a) < 1e-9, "\(other.font): \(glyphs.map(\.x)) vs \(a)")
            #expect(abs(layout.width - (a + v)) < 1e-9)
        }
    }

    @Test func aLineIsAsTallAsItsTallestRun() throws {
        let small = try FontLibrary.shared.resolve(.system(size: 12))
        let large = try FontLibrary.shared.resolve(.system(size: 34, design: .serif))
        let layout = TextLayout(runs: [TextRun("small ", font: small), TextRun("Large", font: large)])
        func hhea(_ font: ResolvedFont) throws -> (Double, Double, Double) {
            let oracle = try FreeTypeOracle(file: font.file)
            let (a, d, g) = oracle.hhea()
            let k = font.size / Double(oracle.unitsPerEm)
            return (Double(a) * k, -Double(d) * k, Double(g) * k)
        }
        let (a1, d1, g1) = try hhea(small), (a2, d2, g2) = try hhea(large)
        let line = layout.lines[0]
        #expect(abs(line.ascent - max(a1, a2)) < 1e-9 && abs(line.descent - max(d1, d2)) < 1e-9)
        #expect(abs(line.baseline - max(a1, a2)) < 1e-9)
        #expect(abs(layout.height - (max(a1, a2) + max(d1, d2) + max(g1, g2))) < 1e-9)
        // Every glyph sits on the one baseline.
        #expect(line.glyphs.allSatisfy { $0.y == line.baseline })
    }

    @Test func linesBreakAcrossRuns() throws {
        let regular = try FontLibrary.shared.resolve(.system(size: 13, design: .monospaced))
        let bold = try FontLibrary.shared.resolve(.system(size: 13, weight: .bold, design: .monospaced))
        let a = try advances("o", regular)[0]
        #expect(try advances("o", bold)[0] == a)
        let layout = TextLayout(runs: [TextRun("aaa bbb ", font: regular), TextRun("ccc ddd", font: bold)], width: 11 * a)
        let bytes = Array(layout.text.utf8)
        #expect(layout.lines.map { String(decoding: bytes[$0.textRange], as: UTF8.self) } == ["aaa bbb ccc", "ddd"])
        #expect(layout.lines[0].glyphs.last?.run == 1 && layout.lines[0].glyphs.first?.run == 0)
        // The second line is in the bold run alone: its height is the bold face's.
        #expect(abs(layout.lines[1].baseline - (layout.lines[0].height + bold.metrics.ascender)) < 1e-9)
    }

    @Test func aCharacterTheFontLacksComesFromAFallback() throws {
        let inter = try FontLibrary.shared.resolve(.system(size: 17))
        #expect(!inter.hasGlyph(for: "\u{10D0}"))
        let layout = TextLayout("a\u{10D0}b", font: inter)
        let glyphs = layout.lines[0].glyphs
        let fallback = layout.fonts[glyphs[1].font]
        #expect(fallback.file != inter.file && !fallback.isColor && layout.missing.isEmpty)
        #expect(glyphs[1].id == (try FreeTypeOracle(file: fallback.file).glyph(for: "\u{10D0}")))
        #expect(layout.fonts[glyphs[0].font].file == inter.file && layout.fonts[glyphs[2].font].file == inter.file)
    }

    static let emojiInstalled = (try? FontLibrary.shared.resolve(.system(size: 17))).flatMap {
        FontLibrary.shared.fallback(for: "\u{1F34E}", of: $0, color: true)
    }?.isColor ?? false

    /// The emoji font's bitmap for `scalar` as FreeType loads it: its rows with any ink, and the
    /// strike's pixels per em.
    func strikeRows(_ file: String, _ scalar: Unicode.Scalar) throws -> (rows: Int, ppem: Double) {
        var library: FT_Library?, face: FT_Face?
        guard FT_Init_FreeType(&library) == 0, FT_New_Face(library, file, 0, &face) == 0, let face else { throw OracleError.freeType("open") }
        defer { FT_Done_Face(face); FT_Done_FreeType(library) }
        FT_Select_Size(face, 0)
        FT_Load_Glyph(face, FT_Get_Char_Index(face, FT_ULong(scalar.value)), 1 << 20)
        let bitmap = face.pointee.glyph.pointee.bitmap
        let inked = (0..<Int(bitmap.rows)).filter { row in
            (0..<Int(bitmap.width)).contains { bitmap.buffer[row * Int(bitmap.pitch) + $0 * 4 + 3] > 0 }
        }
        return (inked.count, Double(face.pointee.available_sizes[0].y_ppem) / 64)
    }

    @Test(.enabled(if: emojiInstalled)) func anEmojiIsDrawnInItsColoursAtTheFontSize() throws {
        for size in [20.0, 40.0] {
            let font = try FontLibrary.shared.resolve(.system(size: size))
            let layout = TextLayout("\u{1F34E}", font: font)
            let emoji = layout.fonts[layout.lines[0].glyphs[0].font]
            #expect(emoji.isColor && layout.missing.isEmpty)
            #expect(layout.render(scale: 1).coverage.allSatisfy { $0 == 0 })
            let picture = try #require(layout.renderColor(scale: 2))
            // Red dominant: the apple's premultiplied red well above its green and blue.
            var sum = SIMD4<Double>()
            var rows = Set<Int>()
            for i in 0..<(picture.width * picture.height) where picture.rgba[i * 4 + 3] > 0 {
                rows.insert(i / picture.width)
                guard picture.rgba[i * 4 + 3] > 128 else { continue }
                sum += SIMD4(Double(picture.rgba[i * 4]), Double(picture.rgba[i * 4 + 1]), Double(picture.rgba[i * 4 + 2]), 1)
            }
            #expect(sum.x > 2 * sum.y && sum.x > 2 * sum.z, "\(sum)")
            // Its height: FreeType's inked rows at the strike, scaled to size × 2 pixels per em
            // (a row either way for the resampling's edges).
            let strike = try strikeRows(emoji.file, "\u{1F34E}")
            let expected = Double(strike.rows) * size * 2 / strike.ppem
            #expect(abs(Double(rows.max()! - rows.min()! + 1) - expected) <= 2, "size \(size): \(rows.count) rows, expected \(expected)")
        }
    }

    @Test func withoutAnEmojiFontTheCharacterIsMissing() throws {
        let library = FontLibrary(designFamilies: [:], unusedFallbacks: ["Noto Color Emoji"])
        let layout = TextLayout("a\u{1F34E}", font: try library.resolve(.system(size: 17)))
        #expect(layout.missing == ["\u{1F34E}"])
        #expect(layout.renderColor(scale: 1) == nil)
    }
}
