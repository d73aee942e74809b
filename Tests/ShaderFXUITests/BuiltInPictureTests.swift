import Foundation
import Testing
@testable import ShaderFXUI

private let pictureRenderer = Result { try Renderer() }

/// The built-in pictures, drawn as views, against their geometry and colours worked out here in
/// Double: exact areas of discs and segments, HSV by the textbook formula, the sky's gradient.
@Suite struct BuiltInPictureTests {
    static func draw(_ picture: BuiltInPicture, _ width: Int, _ height: Int) throws -> RGBAImage {
        try picture.draw(width: width, height: height, on: pictureRenderer.get())
    }

    /// HSV to RGB by the closed form f(n) = v − v·s·max(0, min(k, 4 − k, 1)), k = (n + 6h) mod 6
    /// (not the sector switch the library uses).
    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> SIMD3<Double> {
        func f(_ n: Double) -> Double {
            let k = (n + h * 6).truncatingRemainder(dividingBy: 6)
            return v - v * s * max(0, min(k, 4 - k, 1))
        }
        return SIMD3(f(5), f(3), f(1))
    }

    static func rgb(_ p: SIMD4<Float>) -> SIMD3<Double> { SIMD3(Double(p.x), Double(p.y), Double(p.z)) }

    static func far(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        max(Swift.abs(a.x - b.x), Swift.abs(a.y - b.y), Swift.abs(a.z - b.z))
    }

    /// The area of the disc (centre `cx`, `cy`, radius `r`) inside the unit pixel at `x`, `y`:
    /// the vertical chord clipped to the pixel, integrated over 2000 columns.
    static func discArea(_ cx: Double, _ cy: Double, _ r: Double, x: Int, y: Int) -> Double {
        let steps = 2000
        var area = 0.0
        for i in 0..<steps {
            let px = Double(x) + (Double(i) + 0.5) / Double(steps)
            let dx = px - cx
            guard abs(dx) < r else { continue }
            let half = (r * r - dx * dx).squareRoot()
            let top = max(cy - half, Double(y)), bottom = min(cy + half, Double(y + 1))
            area += max(bottom - top, 0) / Double(steps)
        }
        return area
    }

    /// SwiftUI's circle: four cubic Béziers, control points κ = 4/3·tan(π/8) of the radius along
    /// the tangents, sampled at 4 × 4096 points into a polygon, clockwise from (cx + r, cy).
    static func bezierCircle(_ cx: Double, _ cy: Double, _ r: Double) -> [SIMD2<Double>] {
        let kappa = 4.0 / 3.0 * tan(Double.pi / 8)
        var points: [SIMD2<Double>] = []
        for quarter in 0..<4 {
            let a0 = Double(quarter) * .pi / 2, a1 = a0 + .pi / 2
            let p0 = SIMD2(cos(a0), sin(a0)), p3 = SIMD2(cos(a1), sin(a1))
            let p1 = p0 + kappa * SIMD2(-sin(a0), cos(a0)), p2 = p3 - kappa * SIMD2(-sin(a1), cos(a1))
            for i in 0..<4096 {
                let t = Double(i) / 4096, u = 1 - t
                let b = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
                points.append(SIMD2(cx, cy) + r * b)
            }
        }
        return points
    }

    /// The polygon's part above the line `y` (Sutherland–Hodgman against one half-plane).
    static func clipped(_ polygon: [SIMD2<Double>], above y: Double) -> [SIMD2<Double>] {
        var out: [SIMD2<Double>] = []
        for (i, p) in polygon.enumerated() {
            let q = polygon[(i + 1) % polygon.count]
            if p.y <= y { out.append(p) }
            if (p.y < y) != (q.y < y) {
                let t = (y - p.y) / (q.y - p.y)
                out.append(p + t * (q - p))
            }
        }
        return out
    }

    /// The shoelace area of a simple polygon.
    static func area(_ polygon: [SIMD2<Double>]) -> Double {
        var twice = 0.0
        for (i, p) in polygon.enumerated() {
            let q = polygon[(i + 1) % polygon.count]
            twice += p.x * q.y - q.x * p.y
        }
        return Swift.abs(twice) / 2
    }

    @Test func theCircleIsAWhiteDiscOfExactAreaInsideSixteenPointsOfPadding() throws {
        let image = try Self.draw(.circle, 120, 100)
        #expect(image.width == 120 && image.height == 100)
        // Circle().padding(16): the frame 88 × 68 at (16, 16), the disc 68 across, centred.
        let cx = 60.0, cy = 50.0, r = 34.0
        var total = 0.0, worst = 0.0
        for y in 0..<100 {
            for x in 0..<120 {
                let p = image[x, y]
                #expect(p.x == p.w && p.y == p.w && p.z == p.w, "white, premultiplied, at \(x),\(y)")
                let expected = Self.discArea(cx, cy, r, x: x, y: y)
                worst = max(worst, abs(Double(p.w) - expected))
                total += Double(p.w)
            }
        }
        // The coverage adds up to the area of SwiftUI's Bézier circle (π r² + 0.03 %), less at most
        // the flattening's tolerance along its rim (chords within 1/2048 px of the curve)...
        let bezier = Self.area(Self.bezierCircle(cx, cy, r))
        #expect(total <= bezier && bezier - total < PathRasterizer.tolerance * 2 * .pi * r, "area \(total), the Bézier circle's \(bezier), π r² = \(Double.pi * r * r)")
        // ...and each pixel's is the true disc's to within the cubics' largest radial error,
        // 2.7e-4 r (0.0092 px here), along at most √2 px of rim, plus float rounding.
        #expect(worst < 2.7e-4 * r * 2.squareRoot() + 1e-3, "largest coverage error \(worst)")
    }

    @Test func thePoolsTilesAreSeedOnesColoursOnTheGrid() throws {
        let (w, h) = (140, 100)
        let image = try Self.draw(.pool, w, h)
        let background = Self.hsv(0.56, 0.8, 0.42)
        for row in 0..<2 {
            for column in 0..<3 {
                let shade = Double((row * 7 + column * 13) % 5) / 4
                let tile = Self.hsv(0.52 + 0.03 * shade, 0.7, 0.72 + 0.2 * shade)
                let left = column * 46, top = row * 46
                // Inside the tile, clear of the corners (continuous corners reach 6 × 1.53 pt along
                // each edge): the tile's colour. The inset's 2 points: the background.
                for y in top + 12..<min(top + 34, h) {
                    for x in left + 12..<min(left + 34, w) {
                        #expect(Self.far(Self.rgb(image[x, y]), tile) < 1e-5, "tile \(column),\(row) at \(x),\(y)")
                    }
                    // The tile's straight edges lie on pixel boundaries: whole pixels of each colour.
                    if left + 2 < w {
                        #expect(Self.far(Self.rgb(image[left + 2, y]), tile) < 1e-5, "left edge of tile \(column),\(row) at y \(y)")
                    }
                    for x in [left, left + 1, left + 44, left + 45] where x < w {
                        #expect(Self.far(Self.rgb(image[x, y]), background) < 1e-5, "gap at \(x),\(y)")
                    }
                }
            }
        }
        #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 1 }, "opaque")
    }

    @Test func theCoverIsASkyGradientWithAnExactSun() throws {
        let (w, h) = (200, 160)
        let image = try Self.draw(.cover, w, h)
        let top = SIMD3<Double>(0.16, 0.10, 0.42), bottom = SIMD3<Double>(0.98, 0.46, 0.38)
        let sun = SIMD3<Double>(1.0, 0.86, 0.32), sea = SIMD3<Double>(0.05, 0.32, 0.45)
        func sky(_ y: Int) -> SIMD3<Double> { top + (bottom - top) * ((Double(y) + 0.5) / Double(h)) }
        // The sky: a column far from the sun, above the sea.
        for y in 0..<90 {
            #expect(Self.far(Self.rgb(image[5, y]), sky(y)) < 2e-5, "sky at 5,\(y)")
        }
        // The sun (radius 32 about (100, 67.2)): its coverage, read back from the colour over the
        // sky, sums over rows 0..<90 to the disc's area above y = 90.
        let above = Self.area(Self.clipped(Self.bezierCircle(100, 67.2, 32), above: 90))
        var total = 0.0
        for y in 0..<90 {
            for x in 0..<w {
                let s = sky(y), p = Self.rgb(image[x, y])
                total += (p.x - s.x) / (sun.x - s.x)
            }
        }
        #expect(total <= above && above - total < PathRasterizer.tolerance * 2 * .pi * 32, "sun area \(total), expected \(above)")
        #expect(Self.far(Self.rgb(image[100, 67]), sun) < 1e-5)
        // Each band of sea is its colour along its middle, a sine wave.
        for (band, middle) in [0.66, 0.76, 0.86].enumerated() {
            for x in stride(from: 0, to: w, by: 7) {
                let y = Double(h) * middle + sin((Double(x) + 0.5) / 160 * 9 + Double(band) * 1.7) * 160 * 0.012
                #expect(Self.far(Self.rgb(image[x, Int(y)]), sea) < 1e-5, "band \(band) at \(x),\(Int(y))")
            }
        }
    }

    @Test func everyPictureIsTheSizeAskedEvenBelowItsViewsMinimum() throws {
        // Circle().padding(16) asks 32 × 32 at least; the picture stays the size asked, and a disc
        // with no room is no disc.
        for (width, height) in [(20, 10), (40, 30), (1, 1)] {
            for picture in BuiltInPicture.allCases {
                let image = try Self.draw(picture, width, height)
                #expect(image.width == width && image.height == height, "\(picture) \(width)x\(height)")
                if picture == .circle { #expect(image.pixels.allSatisfy { $0 == 0 }, "no room for the disc at \(width)x\(height)") }
            }
        }
    }

    @Test func anEmptySizeIsAnErrorNamingThePicture() throws {
        #expect { try Self.draw(.pool, 0, 10) } throws: { "\($0)".contains("pool picture is 0 × 10") }
    }
}
