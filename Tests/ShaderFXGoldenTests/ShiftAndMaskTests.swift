import Foundation
import Testing
@testable import ShaderFXCore
@testable import ShaderFXGolden

/// Shift tolerance, ignored rectangles and masks: each pixel count follows from the pictures'
/// geometry, worked out by hand.
@Suite struct ShiftAndMaskTests {
    static let white = CompareFixtures.solid(40, 30, SIMD3(1, 1, 1))
    static func square(at x: Int, size: Int = 8) -> RGBAImage {
        CompareFixtures.square(on: white, x: x, y: 10, size: size, color: SIMD4(0, 0, 0, 1))
    }

    /// A black bar 8 pixels wide and the picture's full height at `x`.
    static func bar(at x: Int) -> RGBAImage {
        var out = white
        for y in 0..<30 { for xx in x..<(x + 8) { out[xx, y] = SIMD4(0, 0, 0, 1) } }
        return out
    }

    @Test func aBarMovedByAPixelIsExcusedByAShiftOfOne() throws {
        // A full-height bar moved right by one pixel changes two columns of 30: 60 pixels. Each
        // has its colour one pixel away in the other picture, both ways round: all excused.
        var options = ComparisonOptions(ignoreAntialiasing: false)
        let moved = try ImageComparison.compare(expected: Self.bar(at: 10), actual: Self.bar(at: 11), options: options)
        #expect(moved.differentPixels == 60 && !moved.passed)
        options.shiftTolerance = 1
        let excused = try ImageComparison.compare(expected: Self.bar(at: 10), actual: Self.bar(at: 11), options: options)
        #expect(excused.differentPixels == 0 && excused.shiftedPixels == 60 && excused.passed)
        // Moved by three, six columns change; in each, one picture's colour is more than a pixel
        // away in the other (the bar's black, or the white beside it): none is excused.
        let far = try ImageComparison.compare(expected: Self.bar(at: 10), actual: Self.bar(at: 13), options: options)
        #expect(far.differentPixels == 180 && far.shiftedPixels == 0, "\(far)")
        options.shiftTolerance = 3
        let wide = try ImageComparison.compare(expected: Self.bar(at: 10), actual: Self.bar(at: 13), options: options)
        #expect(wide.differentPixels == 0 && wide.shiftedPixels == 180, "\(wide)")
    }

    @Test func aMissingLineIsNotAShift() throws {
        // A one-pixel line the actual picture lacks: white is found next to every line pixel in the
        // actual picture, but the line's black is nowhere near in it, so both-ways matching fails.
        var line = Self.white
        for y in 0..<30 { line[20, y] = SIMD4(0, 0, 0, 1) }
        var options = ComparisonOptions(ignoreAntialiasing: false)
        options.shiftTolerance = 2
        let report = try ImageComparison.compare(expected: line, actual: Self.white, options: options)
        #expect(report.differentPixels == 30 && report.shiftedPixels == 0)
        let extra = try ImageComparison.compare(expected: Self.white, actual: line, options: options)
        #expect(extra.differentPixels == 30)
    }

    @Test func ignoredRectanglesAndMasksAreLeftOut() throws {
        // The square at (10, 10) is the only difference; a rectangle over it leaves its 64 pixels
        // (and the 8×2 strip beside it the rectangle also covers) out.
        var options = ComparisonOptions(ignoreAntialiasing: false)
        options.ignore = [PixelRect(x: 10, y: 10, width: 8, height: 10)]
        let report = try ImageComparison.compare(expected: Self.white, actual: Self.square(at: 10), options: options)
        #expect(report.differentPixels == 0 && report.ignoredPixels == 80 && report.passed)
        // A mask transparent over the left half leaves 20 × 30 pixels out; the square is in it.
        var maskPicture = CompareFixtures.solid(40, 30, SIMD3(1, 1, 1))
        for y in 0..<30 { for x in 0..<20 { maskPicture[x, y] = .zero } }
        var masked = ComparisonOptions(ignoreAntialiasing: false)
        masked.mask = IgnoreMask(maskPicture)
        let maskReport = try ImageComparison.compare(expected: Self.white, actual: Self.square(at: 10), options: masked)
        #expect(maskReport.differentPixels == 0 && maskReport.ignoredPixels == 600)
        let outside = try ImageComparison.compare(expected: Self.white, actual: Self.square(at: 24), options: masked)
        #expect(outside.differentPixels == 64)
    }

    @Test func theOptionsJSONCarriesShiftAndRegions() throws {
        let json = #"{"threshold": 0.05, "shiftTolerance": 1, "ignore": [[1, 2, 3, 4]]}"#
        let options = try JSONDecoder().decode(ComparisonOptions.self, from: Data(json.utf8))
        #expect(options.shiftTolerance == 1 && options.ignore == [PixelRect(x: 1, y: 2, width: 3, height: 4)])
        let again = try JSONDecoder().decode(ComparisonOptions.self, from: JSONEncoder().encode(options))
        #expect(again == options)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(ComparisonOptions.self, from: Data(#"{"ignore": [[1, 2, -3, 4]]}"#.utf8)) }
    }

    @Test func aRegionHasItsOwnThreshold() throws {
        // A 10×10 block 10 grey levels darker: its delta (about 0.038) is over 0.01, under 0.1. A
        // region over it with threshold 0.1 lets it through; one elsewhere does not.
        var darker = Self.white
        for y in 5..<15 { for x in 5..<15 { darker[x, y] = SIMD4(repeating: 245.0 / 255) } }
        darker = RGBAImage(width: 40, height: 30, pixels: darker.pixels.enumerated().map { $0.offset % 4 == 3 ? 1 : $0.element })
        var options = ComparisonOptions(threshold: 0.01, ignoreAntialiasing: false)
        #expect(try ImageComparison.compare(expected: Self.white, actual: darker, options: options).differentPixels == 100)
        options.regions = [RegionThreshold(rect: PixelRect(x: 0, y: 0, width: 20, height: 20), threshold: 0.1)]
        #expect(try ImageComparison.compare(expected: Self.white, actual: darker, options: options).differentPixels == 0)
        options.regions = [RegionThreshold(rect: PixelRect(x: 20, y: 0, width: 20, height: 30), threshold: 0.1)]
        #expect(try ImageComparison.compare(expected: Self.white, actual: darker, options: options).differentPixels == 100)
        let json = #"{"threshold": 0.01, "regions": [{"rect": [0, 0, 20, 20], "threshold": 0.1}]}"#
        let decoded = try JSONDecoder().decode(ComparisonOptions.self, from: Data(json.utf8))
        #expect(decoded.regions == [RegionThreshold(rect: PixelRect(x: 0, y: 0, width: 20, height: 20), threshold: 0.1)])
    }
}
