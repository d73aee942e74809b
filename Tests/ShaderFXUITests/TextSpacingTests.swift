import Foundation
import Testing
@testable import ShaderFXUI
@testable import ShaderFXText

/// A font's own tables read from its file by the OpenType specification (the table directory,
/// `head`'s unitsPerEm, `hhea`'s ascender, descender and lineGap, `OS/2`'s sCapHeight): the
/// oracle for the spacing next to text, apart from FreeType and the text engine.
struct FontTables {
    let unitsPerEm: Int
    let ascender: Int
    let descender: Int
    let lineGap: Int
    let capHeight: Int

    init(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func s16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for i in 0..<u16(4) {
            let entry = 12 + 16 * i
            tables[String(decoding: bytes[entry..<entry + 4], as: UTF8.self)] = u32(entry + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"], let os2 = tables["OS/2"], u16(os2) >= 2 else {
            throw ViewError("\(file): no head, hhea or OS/2 (version 2 or later) table")
        }
        unitsPerEm = u16(head + 18)
        ascender = s16(hhea + 4)
        descender = s16(hhea + 6)
        lineGap = s16(hhea + 8)
        capHeight = s16(os2 + 88)
    }
}

/// Down a VStack with the default spacing, text is spaced by its font's metrics (SWIFTUI-NOTES
/// §1.3 [R54] [R55], OpenSwiftUI's reading, NOT CONFIRMED §8.3); across an HStack, and between
/// views that are not text, by 8 pt. Each expected gap is worked out here from the font file's
/// tables.
@Suite struct TextSpacingTests {
    /// Gaps of `Text / Text / 10-pt colour / Text` in the body font at `scale`: text above text,
    /// text above a view, a view above text.
    static func gaps(scale: CGFloat) throws -> (textText: CGFloat, textView: CGFloat, viewText: CGFloat) {
        let view = VStack {
            Text("Ab").layoutName("a")
            Text("Cd").layoutName("b")
            Color.red.frame(width: 10, height: 10).layoutName("c")
            Text("Ef").layoutName("d")
        }
        let result = try viewLayout(view, scale: scale)
        let (a, b, c, d) = try (exactFrame(result, "a"), exactFrame(result, "b"), exactFrame(result, "c"), exactFrame(result, "d"))
        return (b.minY - a.maxY, c.minY - b.maxY, d.minY - c.maxY)
    }

    @Test func aVStackSpacesTextByItsFontsTables() throws {
        let font = try FontLibrary.shared.resolve(.body)
        let tables = try FontTables(file: font.file)
        let points = 17 / Double(tables.unitsPerEm)
        let ascender = Double(tables.ascender) * points, descender = Double(tables.descender) * points
        let capHeight = Double(tables.capHeight) * points, lineGap = Double(tables.lineGap) * points
        let line = ascender - descender
        for scale in [1.0, 2.0, 3.0] {
            let d = (0.1 * line * scale).rounded(.up) / scale
            let gaps = try Self.gaps(scale: CGFloat(scale))
            // Text above text: the line gap, up to a pixel (Inter's is 0: the lines touch).
            #expect(abs(gaps.textText - (lineGap * scale).rounded(.up) / scale) < 1e-9, "scale \(scale)")
            // Text above a view: the next line's cap height would start there, or the descender and d.
            #expect(abs(gaps.textView - max(line + d - capHeight, d - descender)) < 1e-9, "scale \(scale): \(gaps.textView)")
            // A view above text: d and the descender.
            #expect(abs(gaps.viewText - (line + d - ascender)) < 1e-9, "scale \(scale): \(gaps.viewText)")
        }
        // At 1x with Inter (2816 units, ascender 2728, descender −680, cap height 2048, no gap) the
        // gaps are 0, 11.21 and 7.11 pt.
        let one = try Self.gaps(scale: 1)
        #expect(abs(one.textView - 11.2102) < 1e-4 && abs(one.viewText - 7.1051) < 1e-4, "\(one)")
    }

    @Test func textAcrossAStackAndViewsThatAreNotTextKeep8Points() throws {
        let row = try viewLayout(HStack {
            Text("Ab").layoutName("a")
            Color.red.frame(width: 10, height: 10).layoutName("b")
            Text("Cd").layoutName("c")
        })
        let (a, b, c) = try (exactFrame(row, "a"), exactFrame(row, "b"), exactFrame(row, "c"))
        #expect(b.minX - a.maxX == 8 && c.minX - b.maxX == 8)
        let column = try viewLayout(VStack {
            Color.red.frame(width: 10, height: 10).layoutName("a")
            Color.blue.frame(width: 10, height: 10).layoutName("b")
        })
        #expect(try exactFrame(column, "b").minY - exactFrame(column, "a").maxY == 8)
        // A spacing given is kept whatever the neighbours.
        let given = try viewLayout(VStack(spacing: 5) {
            Text("Ab").layoutName("a")
            Text("Cd").layoutName("b")
        })
        #expect(try exactFrame(given, "b").minY - exactFrame(given, "a").maxY == 5)
    }
}
