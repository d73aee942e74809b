import Foundation

/// Coverage masks kept between renders, found by everything the rasteriser reads: the path,
/// its transform to device pixels, the fill rule, the clip paths and their transform, the
/// pixels the mask is clipped to. Rasterising is a pure function of those, so a kept mask is
/// the mask rasterising would give; the frames of an animated card (its shapes unmoved between
/// frames) rasterise each shape once.
///
/// Bounded: past `byteLimit` bytes of coverage or `entryLimit` masks the cache is emptied and
/// fills again from what the next frames draw.
final class CoverageCache {
    struct Key: Hashable {
        let path: Path
        let transform: CGAffineTransform
        let eoFill: Bool
        let clip: [Path]
        let clipTransform: CGAffineTransform
        let bounds: CGRect

        static func == (a: Key, b: Key) -> Bool {
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

    /// The most bytes of coverage kept.
    static let byteLimit = 32 << 20
    /// The most masks kept (empty ones take no bytes).
    static let entryLimit = 4096

    private var masks: [Key: CoverageMask] = [:]
    private var bytes = 0

    /// Masks held now (for tests).
    var count: Int { masks.count }
    /// Bytes of coverage held now (for tests).
    var byteCount: Int { bytes }
    /// Masks rasterised, and masks found kept, since the cache was made.
    private(set) var rasterised = 0
    private(set) var reused = 0

    /// The mask for `key`, made by `rasterise` when not kept.
    func mask(for key: Key, rasterise: () -> CoverageMask) -> CoverageMask {
        if let kept = masks[key] {
            reused += 1
            return kept
        }
        rasterised += 1
        let mask = rasterise()
        if bytes + mask.coverage.count > Self.byteLimit || masks.count >= Self.entryLimit {
            masks.removeAll()
            bytes = 0
        }
        if mask.coverage.count <= Self.byteLimit {
            masks[key] = mask
            bytes += mask.coverage.count
        }
        return mask
    }
}

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
