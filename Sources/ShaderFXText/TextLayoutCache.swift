import Foundation

/// Text layouts kept by everything a layout is computed from: each run's string, resolved font
/// (the font and its open face) and tracking, the proposed width and the options. Laying out is
/// a function of those, so a kept layout is the layout `TextLayout(runs:width:options:)` would
/// give; a card's text, measured for several proposals during layout and again for drawing, and
/// the same on every frame of an animation or job of a template, is shaped once per width.
///
/// Bounded: past `entryLimit` layouts (4096 for `shared`) or `byteLimit` bytes (4 MiB) of kept strings (glyphs take a
/// bounded multiple of their text) the cache is emptied and fills again from what is laid out
/// next. Thread-safe: behind its own lock.
public final class TextLayoutCache: @unchecked Sendable {
    /// The cache text views share.
    public static let shared = TextLayoutCache()

    struct Run: Hashable {
        let text: String
        let font: ResolvedFont
        let tracking: Double
    }

    struct Key: Hashable {
        let runs: [Run]
        let width: Double?
        let options: TextLayoutOptions
    }

    /// The most layouts kept.
    public let entryLimit: Int
    /// The most UTF-8 bytes of text the kept layouts may hold together.
    public let byteLimit: Int

    private let lock = NSLock()
    private var layouts: [Key: TextLayout] = [:]
    private var bytes = 0
    private var counts = (hits: 0, misses: 0)

    /// A cache of its own (`shared` is the one text views use), keeping at most `entryLimit`
    /// layouts of `byteLimit` bytes of text together.
    public init(entryLimit: Int = 4096, byteLimit: Int = 4 << 20) {
        self.entryLimit = entryLimit
        self.byteLimit = byteLimit
    }

    /// Layouts held now.
    public var count: Int { lock.withLock { layouts.count } }
    /// Layouts found kept, and layouts computed, since the cache was made.
    public var statistics: (hits: Int, misses: Int) { lock.withLock { counts } }

    /// The layout of `runs` in `width` with `options`: the kept one when these inputs were laid
    /// out before, else laid out now (outside the lock) and kept.
    public func layout(runs: [TextRun], width: Double?, options: TextLayoutOptions) -> TextLayout {
        let key = Key(runs: runs.map { Run(text: $0.text, font: $0.font, tracking: $0.tracking) }, width: width, options: options)
        if let kept = lock.withLock({ () -> TextLayout? in
            let kept = layouts[key]
            if kept != nil { counts.hits += 1 }
            return kept
        }) { return kept }
        let layout = TextLayout(runs: runs, width: width, options: options)
        let size = runs.reduce(0) { $0 + $1.text.utf8.count }
        lock.withLock {
            counts.misses += 1
            if layouts.count >= entryLimit || bytes + size > byteLimit {
                layouts.removeAll()
                bytes = 0
            }
            if size <= byteLimit {
                layouts[key] = layout
                bytes += size
            }
        }
        return layout
    }
}
