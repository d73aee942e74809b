import Foundation

/// Coverage masks kept between renders under a key that holds everything the mask is made
/// from: making a mask is a pure function of its key, so a kept mask is the mask making it
/// again would give, and the frames of an animated card (its shapes and text unmoved between
/// frames) make each mask once.
///
/// Bounded: past `byteLimit` bytes of coverage or `entryLimit` masks, the least recently used
/// masks go (oldest first) until three quarters of each bound are left.
final class KeptMasks<Key: Hashable> {
    /// The most bytes of coverage kept.
    let byteLimit: Int
    /// The most masks kept (empty ones take no bytes).
    let entryLimit: Int

    private struct Entry {
        let mask: CoverageMask
        var lastUse: Int
    }

    private var masks: [Key: Entry] = [:]
    private var bytes = 0
    private var clock = 0

    init(byteLimit: Int = 32 << 20, entryLimit: Int = 4096) {
        precondition(byteLimit > 0 && entryLimit > 0)
        self.byteLimit = byteLimit
        self.entryLimit = entryLimit
    }

    /// Masks held now (for tests).
    var count: Int { masks.count }
    /// Bytes of coverage held now (for tests).
    var byteCount: Int { bytes }
    /// Masks made, and masks found kept, since the cache was made.
    private(set) var rasterised = 0
    private(set) var reused = 0

    /// The mask for `key`, made by `make` when not kept.
    func mask(for key: Key, make: () -> CoverageMask) -> CoverageMask {
        clock += 1
        if let kept = masks[key] {
            reused += 1
            masks[key]?.lastUse = clock
            return kept.mask
        }
        rasterised += 1
        let mask = make()
        guard mask.coverage.count <= byteLimit else { return mask }
        masks[key] = Entry(mask: mask, lastUse: clock)
        bytes += mask.coverage.count
        if bytes > byteLimit || masks.count > entryLimit { evict() }
        return mask
    }

    /// Drops the least recently used masks until three quarters of each bound are left.
    private func evict() {
        let bytesLeft = byteLimit / 4 * 3, entriesLeft = entryLimit / 4 * 3
        for (key, entry) in masks.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            if bytes <= bytesLeft && masks.count <= entriesLeft { break }
            masks[key] = nil
            bytes -= entry.mask.coverage.count
        }
    }
}

/// What a shape's coverage is rasterised from: the path, its transform to device pixels, the
/// fill rule, the clip paths and their transform, the pixels the mask is clipped to.
struct ShapeMaskKey: Hashable {
    let path: Path
    let transform: CGAffineTransform
    let eoFill: Bool
    let clip: [Path]
    let clipTransform: CGAffineTransform
    let bounds: CGRect

    static func == (a: ShapeMaskKey, b: ShapeMaskKey) -> Bool {
        a.eoFill == b.eoFill && a.transform == b.transform && a.clipTransform == b.clipTransform
            && a.bounds == b.bounds && a.path == b.path && a.clip == b.clip
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(eoFill)
        for t in [transform, clipTransform] { for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { hasher.combine(v) } }
        for v in [bounds.minX, bounds.minY, bounds.width, bounds.height] { hasher.combine(v) }
        for p in [path] + clip {
            hasher.combine(p.elements.count)
            for element in p.elements { element.hashPoints(into: &hasher) }
        }
    }
}

/// Shapes' coverage masks kept between renders.
typealias CoverageCache = KeptMasks<ShapeMaskKey>

private extension Path.Element {
    func hashPoints(into hasher: inout Hasher) {
        switch self {
        case .move(let p): hasher.combine(0); hasher.combine(p.x); hasher.combine(p.y)
        case .line(let p): hasher.combine(1); hasher.combine(p.x); hasher.combine(p.y)
        case .quadCurve(let p, let c):
            hasher.combine(2)
            for v in [p.x, p.y, c.x, c.y] { hasher.combine(v) }
        case .curve(let p, let c1, let c2):
            hasher.combine(3)
            for v in [p.x, p.y, c1.x, c1.y, c2.x, c2.y] { hasher.combine(v) }
        case .closeSubpath: hasher.combine(4)
        }
    }
}
