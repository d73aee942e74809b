import Foundation
import Testing
@testable import ShaderFXUI

/// The compositor's cache of coverage masks: a kept mask is what rasterising gives, found
/// only by equal inputs, and the cache stays within its bounds.
@Suite struct CoverageCacheTests {
    static func key(_ path: Path, tx: CGFloat = 0, eoFill: Bool = false, clip: [Path] = []) -> ShapeMaskKey {
        ShapeMaskKey(path: path, transform: CGAffineTransform(translationX: tx, y: 0), eoFill: eoFill, clip: clip,
                          clipTransform: .identity, bounds: CGRect(x: 0, y: 0, width: 64, height: 64))
    }

    @Test func equalInputsFindTheKeptMaskAndAnyChangeRasterisesAgain() {
        let cache = CoverageCache()
        let circle = Path(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 20))
        var rasterised = 0
        func mask(_ key: ShapeMaskKey) -> CoverageMask {
            cache.mask(for: key) {
                rasterised += 1
                return PathRasterizer.coverage(of: key.path, transform: key.transform, fillRule: key.eoFill, clip: key.bounds)
            }
        }
        let first = mask(Self.key(circle))
        #expect(mask(Self.key(circle)) == first && rasterised == 1)
        // A path rebuilt from the same elements is the same key.
        #expect(mask(Self.key(Path(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 20)))) == first && rasterised == 1)
        let moved = mask(Self.key(circle, tx: 0.5))
        #expect(rasterised == 2 && moved != first)
        #expect(moved == PathRasterizer.coverage(of: circle, transform: CGAffineTransform(translationX: 0.5, y: 0), fillRule: false,
                                                 clip: CGRect(x: 0, y: 0, width: 64, height: 64)))
        _ = mask(Self.key(circle, eoFill: true))
        _ = mask(Self.key(circle, clip: [Path(CGRect(x: 0, y: 0, width: 10, height: 10))]))
        _ = mask(Self.key(Path(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 21))))
        #expect(rasterised == 5 && cache.count == 5)
    }

    @Test func theCacheStaysWithinItsBoundsDroppingTheOldestFirst() {
        // Entries: 64 limit; each mask 10 × 10 bytes, the byte limit 40 masks' worth.
        let cache = CoverageCache(byteLimit: 4000, entryLimit: 64)
        func square(_ i: Int) -> CoverageMask {
            CoverageMask(originX: i, originY: 0, width: 10, height: 10, coverage: [UInt8](repeating: UInt8(i % 256), count: 100))
        }
        var made = 0
        for i in 0..<1000 {
            _ = cache.mask(for: Self.key(Path(), tx: CGFloat(i))) { made += 1; return square(i) }
            #expect(cache.byteCount <= 4000 && cache.count <= 64 && cache.byteCount == cache.count * 100)
            // The mask used first keeps being used, so it is never the oldest and stays.
            _ = cache.mask(for: Self.key(Path(), tx: -1)) { made += 1; return square(-1 & 255) }
        }
        #expect(made == 1001 && cache.rasterised == 1001 && cache.reused == 999)
        // The most recent masks are kept, the oldest are gone.
        _ = cache.mask(for: Self.key(Path(), tx: 999)) { made += 1; return square(999) }
        _ = cache.mask(for: Self.key(Path(), tx: 0)) { made += 1; return square(0) }
        #expect(made == 1002)
        // Empty masks count against the entry limit alone.
        let empties = CoverageCache(byteLimit: 100, entryLimit: 8)
        for i in 0..<100 { _ = empties.mask(for: Self.key(Path(), tx: CGFloat(i))) { .empty } }
        #expect(empties.count <= 8 && empties.byteCount == 0)
    }
}
