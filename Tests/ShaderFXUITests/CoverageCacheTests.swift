import Foundation
import Testing
@testable import ShaderFXUI

/// The compositor's cache of coverage masks: a kept mask is what rasterising gives, found
/// only by equal inputs, and the cache stays within its bounds.
@Suite struct CoverageCacheTests {
    static func key(_ path: Path, tx: CGFloat = 0, eoFill: Bool = false, clip: [Path] = []) -> CoverageCache.Key {
        CoverageCache.Key(path: path, transform: CGAffineTransform(translationX: tx, y: 0), eoFill: eoFill, clip: clip,
                          clipTransform: .identity, bounds: CGRect(x: 0, y: 0, width: 64, height: 64))
    }

    @Test func equalInputsFindTheKeptMaskAndAnyChangeRasterisesAgain() {
        let cache = CoverageCache()
        let circle = Path(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 20))
        var rasterised = 0
        func mask(_ key: CoverageCache.Key) -> CoverageMask {
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

    @Test func theCacheEmptiesPastItsEntryLimit() {
        let cache = CoverageCache()
        for i in 0...CoverageCache.entryLimit {
            _ = cache.mask(for: Self.key(Path(), tx: CGFloat(i))) { .empty }
        }
        #expect(cache.count == 1)
    }
}
