import Foundation
import Testing
@testable import ShaderFXText

/// The cache of text layouts: a kept layout is the layout laying out again gives, found only by
/// equal inputs (string, font, tracking, width, options), and the cache stays within its bounds.
@Suite struct TextLayoutCacheTests {
    static func same(_ a: TextLayout, _ b: TextLayout) -> Bool {
        a.lines == b.lines && a.width == b.width && a.height == b.height && a.fonts == b.fonts && a.missing == b.missing
            && a.text == b.text && a.proposedWidth == b.proposedWidth
    }

    @Test func aKeptLayoutIsTheLayoutAndEveryInputIsPartOfTheKey() throws {
        let cache = TextLayoutCache()
        let body = try FontLibrary.shared.resolve(.system(size: 17))
        let bold = try FontLibrary.shared.resolve(.system(size: 17, weight: .bold))
        let large = try FontLibrary.shared.resolve(.system(size: 24))
        let text = "Line 1: every modifier is a stage, and the pixels follow the time."
        // Each variation changes one input; each must give the layout computed afresh.
        let cases: [([TextRun], Double?, TextLayoutOptions)] = [
            ([TextRun(text, font: body)], 200, TextLayoutOptions()),
            ([TextRun(text, font: body)], 120, TextLayoutOptions()),
            ([TextRun(text, font: body)], nil, TextLayoutOptions()),
            ([TextRun(text, font: bold)], 200, TextLayoutOptions()),
            ([TextRun(text, font: large)], 200, TextLayoutOptions()),
            ([TextRun(text, font: body, tracking: 2)], 200, TextLayoutOptions()),
            ([TextRun(text, font: body)], 200, TextLayoutOptions(lineLimit: 2)),
            ([TextRun(text, font: body)], 200, TextLayoutOptions(alignment: .trailing)),
            ([TextRun(text, font: body)], 200, TextLayoutOptions(lineSpacing: 5)),
            ([TextRun(text + "!", font: body)], 200, TextLayoutOptions()),
            ([TextRun("Line 1: ", font: body), TextRun(String(text.dropFirst(8)), font: bold)], 200, TextLayoutOptions()),
        ]
        for (runs, width, options) in cases {
            let fresh = TextLayout(runs: runs, width: width, options: options)
            #expect(Self.same(cache.layout(runs: runs, width: width, options: options), fresh))
        }
        #expect(cache.statistics.misses == cases.count && cache.statistics.hits == 0 && cache.count == cases.count)
        // Asked again, in reverse order: every one found, each still its own layout.
        for (runs, width, options) in cases.reversed() {
            #expect(Self.same(cache.layout(runs: runs, width: width, options: options), TextLayout(runs: runs, width: width, options: options)))
        }
        #expect(cache.statistics.hits == cases.count && cache.statistics.misses == cases.count)
    }

    @Test func theCacheEmptiesPastItsEntryLimit() throws {
        let cache = TextLayoutCache(entryLimit: 8)
        let body = try FontLibrary.shared.resolve(.system(size: 12))
        for i in 0...8 {
            _ = cache.layout(runs: [TextRun("n", font: body)], width: Double(i), options: TextLayoutOptions())
        }
        #expect(cache.count == 1)
    }

    @Test func theCacheEmptiesPastItsByteLimit() throws {
        let cache = TextLayoutCache(byteLimit: 300)
        let body = try FontLibrary.shared.resolve(.system(size: 12))
        let long = String(repeating: "n", count: 100)
        for i in 0..<4 {
            _ = cache.layout(runs: [TextRun(long, font: body)], width: Double(i + 1), options: TextLayoutOptions())
        }
        // Three fit; the fourth empties the cache first.
        #expect(cache.count == 1)
        #expect(TextLayoutCache.shared.entryLimit == 4096 && TextLayoutCache.shared.byteLimit == 4 << 20)
    }
}
