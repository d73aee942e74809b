import Foundation
import Testing
@testable import ShaderFXText

/// Glyph bitmaps are FreeType's, land where the layout puts them, and are rasterised once.
@Suite struct RasterTests {
    @Test func aGlyphBitmapIsFreeTypesRendering() throws {
        let font = try FontLibrary.shared.resolve(.system(size: 17, weight: .semibold))
        let oracle = try FreeTypeOracle(file: font.file)
        for (scalar, scale) in [("g" as Unicode.Scalar, 1.0), ("g", 2), ("Q", 3), ("@", 2)] {
            let glyph = oracle.glyph(for: scalar)
            let expected = oracle.render(glyph, pixels: 17 * scale)
            let ours = try #require(GlyphCache().bitmap(glyph, of: font.face, pixelSize26_6: Int(17 * scale * 64)))
            #expect(ours.width == expected.width && ours.height == expected.height)
            #expect(ours.left == expected.left && ours.top == expected.top)
            #expect(ours.coverage == expected.bytes, "\(scalar) @\(scale)x")
        }
    }

    @Test func theMaskHoldsEachGlyphAtItsRoundedPenPosition() throws {
        let font = try FontLibrary.shared.resolve(.body)
        let oracle = try FreeTypeOracle(file: font.file)
        let layout = TextLayout("Hg", font: font)
        let mask = layout.render(scale: 2, cache: GlyphCache())
        // The frame's pixel size, rounded up; the mask may be larger (ink past the frame).
        #expect(mask.width >= Int((layout.width * 2).rounded(.up)))
        #expect(mask.height >= Int((layout.height * 2).rounded(.up)))
        for placed in layout.lines[0].glyphs {
            let bitmap = oracle.render(placed.id, pixels: 34)
            let x0 = mask.originX + Int((placed.x * 2).rounded()) + bitmap.left
            let y0 = mask.originY + Int((placed.y * 2).rounded()) - bitmap.top
            // H and g do not overlap, so each glyph's coverage is in the mask unchanged.
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width where mask[x0 + x, y0 + y] != bitmap.bytes[y * bitmap.width + x] {
                    Issue.record("glyph \(placed.id) pixel (\(x), \(y)): \(mask[x0 + x, y0 + y]) != \(bitmap.bytes[y * bitmap.width + x])")
                    return
                }
            }
        }
        let total = mask.coverage.reduce(0) { $0 + Int($1) }
        let glyphs = layout.lines[0].glyphs.reduce(0) { $0 + oracle.render($1.id, pixels: 34).bytes.reduce(0) { $0 + Int($1) } }
        #expect(total == glyphs)
    }

    @Test func theCacheRasterisesEachGlyphOncePerSize() throws {
        let font = try FontLibrary.shared.resolve(.body)
        let cache = GlyphCache()
        let layout = TextLayout("hello world, hello glyphs", font: font, width: 80)
        let glyphs = layout.lines.flatMap(\.glyphs)
        let distinct = Set(glyphs.map(\.id)).count
        let first = layout.render(scale: 2, cache: cache)
        #expect(cache.statistics.misses == distinct)
        #expect(cache.statistics.hits == glyphs.count - distinct)
        let second = layout.render(scale: 2, cache: cache)
        #expect(second == first)
        #expect(cache.statistics.misses == distinct)
        #expect(cache.statistics.hits == 2 * glyphs.count - distinct)
        // Another scale is another pixel size: rasterised anew, once.
        _ = layout.render(scale: 3, cache: cache)
        _ = layout.render(scale: 3, cache: cache)
        #expect(cache.statistics.misses == 2 * distinct)
        #expect(cache.statistics.entries == 2 * distinct)
    }

    @Test func theCacheStaysWithinItsByteBound() throws {
        let font = try FontLibrary.shared.resolve(.largeTitle)
        let cache = GlyphCache(byteLimit: 4096)
        let layout = TextLayout("The quick brown fox jumps over the lazy dog", font: font)
        let bounded = layout.render(scale: 3, cache: cache)
        #expect(cache.statistics.evictions > 0)
        #expect(cache.statistics.bytes <= 4096 + 3 * 34 * 3 * 34 + 64)
        #expect(bounded == layout.render(scale: 3, cache: GlyphCache()))
    }

    @Test func layoutsAndRendersFromManyThreadsAgree() async throws {
        let fonts = try [Font.body, .headline, .system(size: 13, design: .monospaced), .largeTitle.italic()]
            .map { try FontLibrary.shared.resolve($0) }
        let cache = GlyphCache()
        let expected = fonts.map { TextLayout("Shaders run over text, kerned: AVA Ty.", font: $0, width: 120).render(scale: 2, cache: GlyphCache()) }
        let masks = await withTaskGroup(of: (Int, TextMask).self) { group in
            for n in 0..<32 {
                group.addTask {
                    let font = fonts[n % fonts.count]
                    return (n % fonts.count, TextLayout("Shaders run over text, kerned: AVA Ty.", font: font, width: 120).render(scale: 2, cache: cache))
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(masks.count == 32)
        for (index, mask) in masks { #expect(mask == expected[index]) }
    }

    @Test func aParagraphOfTwentyLines() throws {
        let font = try FontLibrary.shared.resolve(.body)
        let words = "the quick brown fox jumps over a lazy dog while shaders run over text".split(separator: " ")
        let text = (0..<150).map { String(words[$0 % words.count]) }.joined(separator: " ")
        let cache = GlyphCache()
        let start = Date()
        let layout = TextLayout(text, font: font, width: 320)
        let laidOut = Date()
        let mask = layout.render(scale: 2, cache: cache)
        let drawn = Date()
        _ = layout.render(scale: 2, cache: cache)
        let again = Date()
        #expect(layout.lines.count >= 18 && layout.lines.count <= 24)
        #expect(layout.lines.allSatisfy { $0.width <= 320 })
        #expect(mask.width >= Int((layout.width * 2).rounded(.up)))
        if ProcessInfo.processInfo.environment["SHADERFX_TEXT_TIMING"] != nil {
            let ms = { (a: Date, b: Date) in String(format: "%.2f ms", b.timeIntervalSince(a) * 1000) }
            print("\(layout.lines.count) lines, \(text.count) characters: layout \(ms(start, laidOut)), first render @2x \(ms(laidOut, drawn)), second \(ms(drawn, again)); cache \(cache.statistics)")
        }
    }
}
