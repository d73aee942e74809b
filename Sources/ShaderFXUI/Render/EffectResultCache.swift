import Foundation

/// What a subtree draws, as a value, for the subtrees whose pixels are a function of that value
/// alone: a picture in a rectangle, possibly clipped by a shape. Two subtrees with equal
/// descriptions draw equal pixels into equal layers; a subtree of any other kind has none
/// (`ViewCompositor.drawnContent` gives nil) and its effects run every frame.
indirect enum DrawnContent: Equatable {
    /// A picture (the decoded picture itself, by identity) filling `rect` (root points).
    case image(PictureBox, rect: CGRect, interpolation: Image.Interpolation)
    /// `content` inside `clip` (root points, its fill rule), nothing outside `layerRect`.
    case clipped(DrawnContent, clip: Path, eoFill: Bool, layerRect: CGRect)
}

/// The results of effect chains kept between renders: an effect over a subtree whose drawing is
/// described by a `DrawnContent` equal to the last render's, with equal effects (functions,
/// arguments, offsets), over a layer of the same geometry, gives the same pixels, so the kept
/// copy is composited instead of drawing the subtree and running the chain again. A card whose
/// photo carries a ripple at a fixed time, drawn as the frames of an animation or as a thousand
/// jobs of one template, runs the ripple once.
///
/// Bounded: at most `entryLimit` results (4) and `byteLimit` bytes (128 MiB) of float texture; the least
/// recently used goes first.
final class EffectResultCache {
    struct Key: Equatable {
        let content: DrawnContent
        let effects: [Effect]
        /// The layer's device-pixel origin, its size in points, its margin in pixels, the scale.
        let origin: SIMD2<Int>
        let points: SIMD2<Int>
        let margin: SIMD2<Int>
        let scale: Int
    }

    /// A kept result: a copy of the chain's output and its margin in pixels.
    struct Entry {
        let key: Key
        let framebuffer: Framebuffer
        let grown: SIMD2<Int>
        var bytes: Int { framebuffer.width * framebuffer.height * 16 }
    }

    /// The most results kept (4 by default).
    let entryLimit: Int
    /// The most bytes of RGBA32F texture they may hold together (128 MiB by default).
    let byteLimit: Int

    /// Whether results are kept (off: every chain runs).
    var isEnabled = true
    /// Least recently used first.
    private var entries: [Entry] = []
    /// Results found kept since the cache was made (for tests).
    private(set) var hits = 0

    init(entryLimit: Int = 4, byteLimit: Int = 128 << 20) {
        self.entryLimit = entryLimit
        self.byteLimit = byteLimit
    }

    /// Results held now (for tests).
    var count: Int { entries.count }
    /// Bytes held now (for tests).
    var bytes: Int { entries.reduce(0) { $0 + $1.bytes } }

    /// The kept result for `key`, made the most recently used.
    func result(for key: Key) -> Entry? {
        guard isEnabled, let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        hits += 1
        return entry
    }

    /// Whether a result of `bytes` would be kept at all.
    func accepts(bytes: Int) -> Bool { isEnabled && bytes <= byteLimit }

    /// Keeps `entry`, dropping the least recently used past the bounds.
    func keep(_ entry: Entry) {
        guard accepts(bytes: entry.bytes) else { return }
        entries.removeAll { $0.key == entry.key }
        entries.append(entry)
        while entries.count > entryLimit || bytes > byteLimit { entries.removeFirst() }
    }
}

extension ViewCompositor {
    /// The description of what `node` draws when it is a picture, through layout nodes of one
    /// child and clips; nil for anything else.
    static func drawnContent(_ node: ViewNode, _ result: LayoutResult.Node, scale: Int) -> DrawnContent? {
        switch node.drawing {
        case .image(let image) where !image.isTemplate:
            return .image(image.picture, rect: result.frame, interpolation: image.interpolation)
        case .children where node.children.count == 1 && result.children.count == 1:
            return drawnContent(node.children[0], result.children[0], scale: scale)
        case .effect(.clip(let clip)) where node.children.count == 1 && result.children.count == 1:
            guard let inner = drawnContent(node.children[0], result.children[0], scale: scale) else { return nil }
            return .clipped(inner, clip: clip.shape.path(in: result.frame), eoFill: clip.eoFill,
                            layerRect: layerRect(result.frame, scale: scale))
        default:
            return nil
        }
    }

    /// The rectangle (root points) of the layer a modifier flattens `frame` into: its pixels
    /// rounded out to whole points.
    static func layerRect(_ frame: CGRect, scale: Int) -> CGRect {
        let s = CGFloat(scale)
        let x0 = Int((frame.minX * s).rounded()), y0 = Int((frame.minY * s).rounded())
        let x1 = Int((frame.maxX * s).rounded()), y1 = Int((frame.maxY * s).rounded())
        let points = SIMD2(max((max(x1 - x0, 0) + scale - 1) / scale, 1), max((max(y1 - y0, 0) + scale - 1) / scale, 1))
        return CGRect(x: CGFloat(x0) / s, y: CGFloat(y0) / s, width: CGFloat(points.x), height: CGFloat(points.y))
    }
}
