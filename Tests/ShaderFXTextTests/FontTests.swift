import Foundation
import Testing
@testable import ShaderFXText

/// Fonts resolve to the faces fontconfig's own tool picks, and misses are said, not hidden.
@Suite struct FontTests {
    /// fontconfig's weight names for SwiftUI's weights, and Inter's file for each.
    static let weights: [(Font.Weight, String, String)] = [
        (.ultraLight, "thin", "Inter-Thin.otf"), (.thin, "extralight", "Inter-ExtraLight.otf"),
        (.light, "light", "Inter-Light.otf"), (.regular, "regular", "Inter-Regular.otf"),
        (.medium, "medium", "Inter-Medium.otf"), (.semibold, "semibold", "Inter-SemiBold.otf"),
        (.bold, "bold", "Inter-Bold.otf"), (.heavy, "extrabold", "Inter-ExtraBold.otf"),
        (.black, "black", "Inter-Black.otf"),
    ]

    @Test func everyWeightResolvesToTheFaceFcMatchPicks() throws {
        for (weight, name, file) in Self.weights {
            let resolved = try FontLibrary.shared.resolve(.system(size: 17, weight: weight))
            #expect(try resolved.file == fcMatchFile("Inter:\(name)"), "\(weight)")
            #expect((resolved.file as NSString).lastPathComponent == file, "\(weight)")
            #expect(resolved.weight == weight.openTypeWeight, "\(weight)")
            #expect(resolved.substitutions.isEmpty, "\(weight)")
        }
    }

    @Test func dynamicTypeStylesHaveIOSSizesAndWeights() throws {
        let expected: [(Font.TextStyle, Double, String)] = [
            (.largeTitle, 34, "regular"), (.title, 28, "regular"), (.title2, 22, "regular"), (.title3, 20, "regular"),
            (.headline, 17, "semibold"), (.body, 17, "regular"), (.callout, 16, "regular"),
            (.subheadline, 15, "regular"), (.footnote, 13, "regular"), (.caption, 12, "regular"), (.caption2, 11, "regular"),
        ]
        #expect(expected.map(\.0) == Font.TextStyle.allCases)
        for (style, size, weight) in expected {
            let resolved = try FontLibrary.shared.resolve(.system(style))
            #expect(resolved.size == size, "\(style)")
            #expect(try resolved.file == fcMatchFile("Inter:\(weight)"), "\(style)")
            #expect(resolved.family == "Inter", "\(style)")
        }
        #expect(Font.headline == .system(size: 17, weight: .semibold).withStyle(.headline))
        #expect(Font.body.size == 17 && Font.body.weight == .regular)
    }

    @Test func designsAndItalicsResolveAsFcMatchDoes() throws {
        for design in Font.Design.allCases {
            let resolved = try FontLibrary.shared.resolve(.system(size: 17, design: design))
            #expect(try resolved.file == fcMatchFile("\(design.family):regular"), "\(design)")
            #expect(resolved.family == design.family, "\(design)")
        }
        let italic = try FontLibrary.shared.resolve(.system(size: 17, weight: .semibold).italic())
        #expect(try italic.file == fcMatchFile("Inter:semibold:italic"))
        #expect(italic.isItalic && italic.substitutions.isEmpty)
        // Quicksand has no italic: the upright face, and the resolved font says so.
        let rounded = try FontLibrary.shared.resolve(Font.system(size: 17, design: .rounded).italic())
        #expect(rounded.family == "Quicksand" && !rounded.isItalic)
        #expect(rounded.substitutions == [.upright])
        // DejaVu Serif stops at Bold.
        let black = try FontLibrary.shared.resolve(.system(size: 17, weight: .black, design: .serif))
        #expect(try black.file == fcMatchFile("DejaVu Serif:black"))
        #expect(black.substitutions == [.weight(requested: 900, used: 700)])
    }

    @Test func aMissingDesignFamilyFallsBackToInterAndSaysSo() throws {
        let library = FontLibrary(designFamilies: [.rounded: "No Such Family 42"])
        let resolved = try library.resolve(.system(size: 20, weight: .bold, design: .rounded))
        #expect(resolved.family == "Inter")
        #expect(try resolved.file == fcMatchFile("Inter:bold"))
        #expect(resolved.substitutions == [.family(requested: "No Such Family 42", used: "Inter")])
    }

    @Test func customNamesResolveByFamilyFullOrPostScriptName() throws {
        #expect(try FontLibrary.shared.resolve(.custom("Inter", size: 12)).file == interRegular)
        #expect(try FontLibrary.shared.resolve(.custom("Inter-Bold", size: 12)).file == fcMatchFile("Inter:bold"))
        #expect(try FontLibrary.shared.resolve(.custom("Inter Semi Bold", size: 12)).file == fcMatchFile("Inter:semibold"))
        #expect(try FontLibrary.shared.resolve(.custom("JetBrains Mono", size: 12)).file == monoRegular)
    }

    @Test func anUnknownCustomNameIsAnError() {
        #expect(throws: FontError.notFound(name: "No Such Font 42")) {
            try FontLibrary.shared.resolve(.custom("No Such Font 42", size: 12))
        }
    }

    @Test func facesAreOpenedOncePerFile() throws {
        let library = FontLibrary()
        let a = try library.resolve(.system(size: 12))
        let b = try library.resolve(.system(size: 30))
        _ = try library.resolve(.custom("Inter", size: 9))
        #expect(a.face === b.face)
        #expect(library.openFaceCount == 1)
    }

    @Test func metricsAreHheaScaledToTheSize() throws {
        let font = try FontLibrary.shared.resolve(.body)
        let oracle = try FreeTypeOracle(file: font.file)
        let hhea = oracle.hhea()
        let perUnit = 17 / Double(oracle.unitsPerEm)
        let metrics = font.metrics
        #expect(abs(metrics.ascender - Double(hhea.ascender) * perUnit) < 1e-12)
        #expect(abs(metrics.descender - Double(hhea.descender) * perUnit) < 1e-12)
        #expect(abs(metrics.lineGap - Double(hhea.lineGap) * perUnit) < 1e-12)
        #expect(abs(metrics.lineHeight - Double(hhea.ascender - hhea.descender + hhea.lineGap) * perUnit) < 1e-12)
    }
}

private extension Font {
    func withStyle(_ style: TextStyle) -> Font {
        var font = self
        font.textStyle = style
        return font
    }
}
