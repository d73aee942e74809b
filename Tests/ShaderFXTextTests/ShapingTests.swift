import Foundation
import Testing
@testable import ShaderFXText

/// Shaping agrees with FreeType's own advances and with the hb-shape tool, kerning included.
@Suite struct ShapingTests {
    @Test func advancesAreFreeTypesUnhintedAdvances() throws {
        let font = try FontLibrary.shared.resolve(.system(size: 17))
        let oracle = try FreeTypeOracle(file: font.file)
        for scalar in "Hamburgefonstiv AWQ,.".unicodeScalars {
            let shaped = font.shape(String(scalar))
            #expect(shaped.count == 1)
            #expect(shaped[0].id == oracle.glyph(for: scalar))
            let advance = oracle.advance(shaped[0].id, size: 17)
            // linearHoriAdvance goes through FreeType's 16.16 scale factor, itself rounded: a
            // thousandth of a point apart at most here.
            #expect(abs(shaped[0].advance - advance.linear) < 1e-3, "\(scalar)")
            #expect(abs(shaped[0].advance * 64 - Double(advance.fixed26_6)) <= 1, "\(scalar)")
        }
    }

    @Test func glyphsAdvancesAndOffsetsMatchHbShape() throws {
        for (name, size) in [("Inter", 17.0), ("JetBrains Mono", 13)] {
            let font = try FontLibrary.shared.resolve(.custom(name, size: size))
            let text = "AVATAR Wolf, office: To be, Ty. -> fi"
            let expected = try hbShape(file: font.file, text)
            let shaped = font.shape(text)
            let toUnits = Double(font.metrics.unitsPerEm) / size
            #expect(shaped.count == expected.count)
            for (ours, theirs) in zip(shaped, expected) {
                #expect(ours.id == theirs.id)
                #expect(ours.cluster == theirs.cluster)
                #expect((ours.advance * toUnits).rounded() == Double(theirs.advance))
                #expect((ours.offsetX * toUnits).rounded() == Double(theirs.dx))
                #expect((ours.offsetY * toUnits).rounded() == Double(theirs.dy))
            }
        }
    }

    @Test func kerningNarrowsAPair() throws {
        let font = try FontLibrary.shared.resolve(.body)
        let pair = try hbShape(file: font.file, "VA").reduce(0) { $0 + $1.advance }
        let apart = try hbShape(file: font.file, "V")[0].advance + hbShape(file: font.file, "A")[0].advance
        #expect(pair < apart)
        let perUnit = 17 / Double(font.metrics.unitsPerEm)
        #expect(abs(font.width(of: "VA") - Double(pair) * perUnit) < 1e-9)
    }

    @Test func trackingAddsAfterEveryGlyph() throws {
        let font = try FontLibrary.shared.resolve(.body)
        #expect(abs(font.width(of: "Hello", tracking: 2) - (font.width(of: "Hello") + 10)) < 1e-9)
    }
}
