import Foundation

/// Glyph bitmaps rasterised once per (face, glyph, pixel size) and kept within a byte bound:
/// past it, the least recently used quarter goes. Thread-safe (one lock; FreeType behind its own).
/// Pen positions are rounded to whole pixels before drawing, so there is no sub-pixel bucket
/// in the key.
public final class GlyphCache: @unchecked Sendable {
    /// The cache layouts draw through unless given another.
    public static let shared = GlyphCache()

    /// The most bytes of coverage (plus 64 per entry) the cache keeps.
    public let byteLimit: Int

    private struct Key: Hashable {
        let face: Int
        let glyph: UInt32
        let pixelSize26_6: Int
    }

    private struct Entry {
        let bitmap: GlyphBitmap?
        var lastUse: Int
        var bytes: Int { (bitmap?.coverage.count ?? 0) + 64 }
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var clock = 0
    private var bytes = 0
    private var counts = GlyphCacheCounts()

    /// A cache of at most `byteLimit` bytes (32 MiB by default).
    public init(byteLimit: Int = 32 << 20) {
        self.byteLimit = byteLimit
    }

    /// How often a look-up found its bitmap, rasterised it, and how many entries were dropped.
    package var statistics: GlyphCacheCounts {
        lock.lock()
        defer { lock.unlock() }
        var now = counts
        now.entries = entries.count
        now.bytes = bytes
        return now
    }

    /// `glyph` of `font`'s face at `pixelSize26_6` (pixels per em × 64), rasterised on first use.
    /// Nil where FreeType has no outline to draw.
    func bitmap(_ glyph: UInt32, of face: FontFace, pixelSize26_6: Int) -> GlyphBitmap? {
        let key = Key(face: face.serial, glyph: glyph, pixelSize26_6: pixelSize26_6)
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if var entry = entries[key] {
            counts.hits += 1
            entry.lastUse = clock
            entries[key] = entry
            return entry.bitmap
        }
        counts.misses += 1
        let bitmap = face.isColor ? face.rasteriseColor(glyph: glyph, pixelSize: Double(pixelSize26_6) / 64)
            : face.rasterise(glyph: glyph, pixelSize26_6: pixelSize26_6)
        let entry = Entry(bitmap: bitmap, lastUse: clock)
        entries[key] = entry
        bytes += entry.bytes
        if bytes > byteLimit { evict() }
        return entry.bitmap
    }

    /// Drops the least recently used entries until three quarters of the bound are left.
    private func evict() {
        let target = byteLimit / 4 * 3
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            if bytes <= target { break }
            entries[key] = nil
            bytes -= entry.bytes
            counts.evictions += 1
        }
    }
}

/// A glyph cache's counters.
package struct GlyphCacheCounts: Sendable, Equatable {
    package var hits = 0
    package var misses = 0
    package var evictions = 0
    package var entries = 0
    package var bytes = 0
}

/// Text as 8-bit coverage, for a caller to fill with a colour or a shader: `width` × `height`
/// pixels, row 0 at the top. The layout's frame starts at pixel (`originX`, `originY`); the
/// mask is the frame (its size in points × scale, rounded up) grown to hold every glyph's ink,
/// since glyphs may reach past the frame (italics, accents, descenders below the descender).
public struct TextMask: Sendable, Equatable {
    /// The mask's size in pixels.
    public let width: Int
    public let height: Int
    /// Where the layout's top-left corner lies in the mask, in pixels from its left...
    public let originX: Int
    /// ...and from its top.
    public let originY: Int
    /// Pixels per point.
    public let scale: Double
    /// Coverage, 0 (none) to 255 (full), `width` bytes a row.
    public let coverage: [UInt8]

    /// The coverage at pixel (x, y); 0 outside the mask.
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return coverage[y * width + x]
    }
}

/// A text's colour glyphs (emoji) as one premultiplied RGBA picture, placed as `TextMask` is:
/// the layout's top-left corner at pixel (`originX`, `originY`).
public struct ColorTextImage: Sendable, Equatable {
    /// The picture's size in pixels.
    public let width: Int
    public let height: Int
    /// Where the layout's top-left corner lies in the picture, in pixels from its left and top.
    public let originX: Int
    public let originY: Int
    /// Premultiplied RGBA, 4 bytes a pixel, `width` × 4 bytes a row.
    public let rgba: [UInt8]
}

extension TextLayout {
    /// Whether any glyph is drawn from a colour face.
    public var hasColorGlyphs: Bool { fonts.contains(where: \.isColor) && lines.contains { $0.glyphs.contains { fonts[$0.font].isColor } } }

    /// Rasterises the outline glyphs at each face's size × `scale` pixels per em (FreeType,
    /// unhinted, through `cache`) and composites their coverage into one mask, each glyph's pen
    /// position rounded to a whole pixel; overlapping glyphs combine as "over" (a + b − ab).
    /// Colour glyphs are left out (`renderColor` draws them).
    /// - Parameters:
    ///   - scale: pixels per point (1, 2, 3 for @1x, @2x, @3x).
    ///   - cache: the glyph cache; the shared one by default.
    ///   - runs: only the glyphs of these runs (one style's); nil: all.
    public func render(scale: Double, cache: GlyphCache = .shared, runs: Set<Int>? = nil) -> TextMask {
        let placed = place(scale: scale, cache: cache) { isOutline($0, runs: runs) }
        var coverage = [UInt8](repeating: 0, count: placed.width * placed.height)
        coverage.withUnsafeMutableBufferPointer { out in
            for glyph in placed.glyphs {
                let bitmap = glyph.bitmap
                bitmap.coverage.withUnsafeBufferPointer { source in
                    for row in 0..<bitmap.height {
                        let outRow = (glyph.y + row) * placed.width + glyph.x
                        for column in 0..<bitmap.width {
                            let a = UInt32(source[row * bitmap.width + column])
                            guard a > 0 else { continue }
                            let b = UInt32(out[outRow + column])
                            out[outRow + column] = UInt8(a + b - (a * b + 127) / 255)
                        }
                    }
                }
            }
        }
        return TextMask(width: placed.width, height: placed.height, originX: placed.originX, originY: placed.originY,
                        scale: scale, coverage: coverage)
    }

    /// The colour glyphs (emoji) in their own colours, resampled from the face's strike to
    /// the font's size × `scale`, composited premultiplied source-over; nil when there are none.
    public func renderColor(scale: Double, cache: GlyphCache = .shared) -> ColorTextImage? {
        let placed = place(scale: scale, cache: cache) { fonts[$0.font].isColor }
        guard !placed.glyphs.isEmpty else { return nil }
        var rgba = [UInt8](repeating: 0, count: placed.width * placed.height * 4)
        for glyph in placed.glyphs {
            let bitmap = glyph.bitmap
            for row in 0..<bitmap.height {
                for column in 0..<bitmap.width {
                    let s = (row * bitmap.width + column) * 4
                    let alpha = UInt32(bitmap.coverage[s + 3])
                    guard alpha > 0 || bitmap.coverage[s] > 0 else { continue }
                    let o = ((glyph.y + row) * placed.width + glyph.x + column) * 4
                    for k in 0..<4 {
                        let d = UInt32(rgba[o + k])
                        rgba[o + k] = UInt8(min(UInt32(bitmap.coverage[s + k]) + (d * (255 - alpha) + 127) / 255, 255))
                    }
                }
            }
        }
        return ColorTextImage(width: placed.width, height: placed.height, originX: placed.originX, originY: placed.originY, rgba: rgba)
    }

    private struct Placed {
        let bitmap: GlyphBitmap
        let x: Int
        let y: Int
    }

    /// The glyphs `include` keeps, rasterised and placed in a picture that holds the layout's
    /// frame (its size in points × scale, rounded up) and every glyph's ink, since glyphs may
    /// reach past the frame (italics, accents, descenders below the descender); glyph positions
    /// relative to the picture's top-left.
    private func place(scale: Double, cache: GlyphCache, include: (PositionedGlyph) -> Bool)
        -> (glyphs: [Placed], width: Int, height: Int, originX: Int, originY: Int) {
        var placed: [Placed] = []
        let frame = frameSize(scale: scale)
        var minX = 0, minY = 0, maxX = max(frame.x, 0), maxY = max(frame.y, 0)
        for pen in pens(scale: scale, include: include) {
            guard let bitmap = cache.bitmap(pen.glyph, of: fonts[pen.font].face, pixelSize26_6: pen.pixelSize26_6),
                  bitmap.width > 0, bitmap.height > 0 else { continue }
            let x = pen.x + bitmap.left
            let y = pen.y - bitmap.top
            placed.append(Placed(bitmap: bitmap, x: x, y: y))
            minX = min(minX, x); minY = min(minY, y)
            maxX = max(maxX, x + bitmap.width); maxY = max(maxY, y + bitmap.height)
        }
        let shifted = placed.map { Placed(bitmap: $0.bitmap, x: $0.x - minX, y: $0.y - minY) }
        return (shifted, maxX - minX, maxY - minY, -minX, -minY)
    }
}

/// Everything `TextLayout.render(scale:cache:runs:)` reads of a layout: the frame's size in
/// pixels and, for each glyph drawn, its face, glyph, pixel size and pen position rounded to
/// whole pixels. Glyph bitmaps are a function of face, glyph and size, so equal keys give equal
/// masks: a caller keeps a mask under its key and draws it again without compositing.
public struct TextMaskKey: Hashable, Sendable {
    struct Pen: Hashable, Sendable {
        let face: Int
        let glyph: UInt32
        let pixelSize26_6: Int
        let x: Int
        let y: Int
    }

    let frame: SIMD2<Int>
    let pens: [Pen]
}

extension TextLayout {
    /// The key of the mask `render(scale:cache:runs:)` gives (`TextMaskKey`).
    public func maskKey(scale: Double, runs: Set<Int>? = nil) -> TextMaskKey {
        TextMaskKey(frame: frameSize(scale: scale), pens: pens(scale: scale) { isOutline($0, runs: runs) }.map {
            TextMaskKey.Pen(face: fonts[$0.font].face.serial, glyph: $0.glyph, pixelSize26_6: $0.pixelSize26_6, x: $0.x, y: $0.y)
        })
    }

    /// Whether `glyph` is drawn by `render`: an outline glyph of one of `runs` (nil: any run).
    fileprivate func isOutline(_ glyph: PositionedGlyph, runs: Set<Int>?) -> Bool {
        !fonts[glyph.font].isColor && (runs?.contains(glyph.run) ?? true)
    }

    /// The frame's size in pixels (its size in points × scale, rounded up).
    fileprivate func frameSize(scale: Double) -> SIMD2<Int> {
        SIMD2(Int((width * scale - 1e-9).rounded(.up)), Int((height * scale - 1e-9).rounded(.up)))
    }

    /// The glyphs `include` keeps, each with its font, pixel size (pixels per em × 64) and pen
    /// position in pixels, rounded to a whole pixel.
    fileprivate func pens(scale: Double, include: (PositionedGlyph) -> Bool)
        -> [(glyph: UInt32, font: Int, pixelSize26_6: Int, x: Int, y: Int)] {
        let sizes = fonts.map { Int(($0.size * scale * 64).rounded()) }
        return lines.flatMap { line in
            line.glyphs.filter(include).map { glyph in
                (glyph.id, glyph.font, sizes[glyph.font], Int((glyph.x * scale).rounded()), Int((glyph.y * scale).rounded()))
            }
        }
    }
}
