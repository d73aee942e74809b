import Foundation
import Testing
@testable import ShaderFXUI

// Oracles for coverage, computed in Double here, independently of the rasteriser: polygons
// clipped to each pixel by Sutherland–Hodgman (exact for polygons), discs by analytic
// integration of √(r² − t²), and curves by flattening them here 4096 times finer than needed.

typealias P2 = (x: Double, y: Double)

/// A weighted polygon: its area inside a pixel counts `weight` times.
struct OraclePolygon {
    var points: [P2]
    var weight = 1.0
}

/// The polygon clipped to the half-plane where `keep` holds, its new vertices on the line.
func clipPolygon(_ points: [P2], keep: (P2) -> Bool, cross: (P2, P2) -> P2) -> [P2] {
    guard !points.isEmpty else { return [] }
    var result: [P2] = []
    var previous = points[points.count - 1]
    for p in points {
        let inP = keep(p), inPrevious = keep(previous)
        if inP {
            if !inPrevious { result.append(cross(previous, p)) }
            result.append(p)
        } else if inPrevious {
            result.append(cross(previous, p))
        }
        previous = p
    }
    return result
}

func clipToRows(_ points: [P2], _ y0: Double, _ y1: Double) -> [P2] {
    let top = clipPolygon(points, keep: { $0.y >= y0 }) { a, b in
        let t = (y0 - a.y) / (b.y - a.y); return (a.x + (b.x - a.x) * t, y0)
    }
    return clipPolygon(top, keep: { $0.y <= y1 }) { a, b in
        let t = (y1 - a.y) / (b.y - a.y); return (a.x + (b.x - a.x) * t, y1)
    }
}

func clipToColumns(_ points: [P2], _ x0: Double, _ x1: Double) -> [P2] {
    let left = clipPolygon(points, keep: { $0.x >= x0 }) { a, b in
        let t = (x0 - a.x) / (b.x - a.x); return (x0, a.y + (b.y - a.y) * t)
    }
    return clipPolygon(left, keep: { $0.x <= x1 }) { a, b in
        let t = (x1 - a.x) / (b.x - a.x); return (x1, a.y + (b.y - a.y) * t)
    }
}

func shoelace(_ points: [P2]) -> Double {
    guard points.count > 2 else { return 0 }
    var sum = 0.0
    var previous = points[points.count - 1]
    for p in points { sum += previous.x * p.y - p.x * previous.y; previous = p }
    return sum / 2
}

/// Exact coverage of pixel rows y0..<y1 and columns x0..<x1 by the weighted polygons.
func polygonOracle(_ polygons: [OraclePolygon], x0: Int, y0: Int, x1: Int, y1: Int) -> [[Double]] {
    var result = [[Double]](repeating: [Double](repeating: 0, count: x1 - x0), count: y1 - y0)
    for polygon in polygons {
        for y in y0..<y1 {
            let row = clipToRows(polygon.points, Double(y), Double(y + 1))
            guard row.count > 2 else { continue }
            for x in x0..<x1 {
                let cell = clipToColumns(row, Double(x), Double(x + 1))
                result[y - y0][x - x0] += polygon.weight * abs(shoelace(cell))
            }
        }
    }
    return result
}

/// ∫ √(r² − t²) dt.
func circleIntegral(_ t: Double, _ r: Double) -> Double {
    let c = max(-r, min(r, t))
    return (c * (r * r - c * c).squareRoot() + r * r * asin(c / r)) / 2
}

/// The area of the disc of radius r about the origin with X ≤ x and Y ≤ y, integrated exactly.
func discQuadrant(_ x: Double, _ y: Double, _ r: Double) -> Double {
    let xc = max(-r, min(r, x))
    if xc <= -r || y <= -r { return 0 }
    func s(_ t: Double) -> Double { circleIntegral(t, r) }
    if y >= r { return 2 * (s(xc) - s(-r)) }
    let a = (r * r - y * y).squareRoot()
    var total = 0.0
    // |t| > a: the whole chord lies below y when y > 0, none of it when y < 0.
    if y > 0 { total += 2 * (s(min(xc, -a)) - s(-r)) }
    // |t| ≤ a: the chord from −s to s cut at y, length y + s.
    if xc > -a {
        let u = min(xc, a)
        total += y * (u + a) + s(u) - s(-a)
    }
    if y > 0, xc > a { total += 2 * (s(xc) - s(a)) }
    return total
}

/// The exact area of the disc (cx, cy, r) inside the rectangle [x0, x1] × [y0, y1].
func discArea(_ cx: Double, _ cy: Double, _ r: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
    guard x1 > x0, y1 > y0, r > 0 else { return 0 }
    return discQuadrant(x1 - cx, y1 - cy, r) - discQuadrant(x0 - cx, y1 - cy, r)
        - discQuadrant(x1 - cx, y0 - cy, r) + discQuadrant(x0 - cx, y0 - cy, r)
}

/// The exact area of the axis-aligned ellipse (cx, cy, a, b) inside a rectangle: the unit disc's
/// area in the rectangle scaled by 1/a and 1/b, times a·b.
func ellipseArea(_ cx: Double, _ cy: Double, _ a: Double, _ b: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
    a * b * discArea(0, 0, 1, (x0 - cx) / a, (y0 - cy) / b, (x1 - cx) / a, (y1 - cy) / b)
}

/// The exact area of a rounded rectangle with circular corners of radius r inside a rectangle:
/// the rectangle's area, less each corner square's area outside its quarter disc.
func roundedRectArea(_ rx: Double, _ ry: Double, _ w: Double, _ h: Double, _ r: Double,
                     _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
    func box(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> (Double, Double, Double, Double) {
        (max(ax, x0), max(ay, y0), min(bx, x1), min(by, y1))
    }
    let (ix0, iy0, ix1, iy1) = box(rx, ry, rx + w, ry + h)
    var area = max(0, ix1 - ix0) * max(0, iy1 - iy0)
    for (sx, sy, cx, cy) in [(rx, ry, rx + r, ry + r), (rx + w - r, ry, rx + w - r, ry + r),
                             (rx, ry + h - r, rx + r, ry + h - r), (rx + w - r, ry + h - r, rx + w - r, ry + h - r)] {
        let (a0, b0, a1, b1) = box(sx, sy, sx + r, sy + r)
        guard a1 > a0, b1 > b0 else { continue }
        area -= (a1 - a0) * (b1 - b0) - discArea(cx, cy, r, a0, b0, a1, b1)
    }
    return area
}

/// The path's subpaths as polygons, mapped by `t`, each curve cut into `pieces` equal parameter
/// steps evaluated here (Bernstein form), independently of the path's own flattening.
func finePolygons(_ path: Path, _ t: CGAffineTransform = .identity, pieces: Int = 4096) -> [[P2]] {
    var result: [[P2]] = []
    var current: [P2] = []
    var last = CGPoint.zero
    func map(_ p: CGPoint) -> P2 { let q = p.applying(t); return (q.x, q.y) }
    path.forEach { element in
        switch element {
        case .move(let p):
            if current.count > 2 { result.append(current) }
            current = [map(p)]; last = p
        case .line(let p):
            current.append(map(p)); last = p
        case .quadCurve(let p, let c):
            for i in 1...pieces {
                let s = Double(i) / Double(pieces), u = 1 - s
                current.append(map(CGPoint(x: u * u * last.x + 2 * u * s * c.x + s * s * p.x,
                                           y: u * u * last.y + 2 * u * s * c.y + s * s * p.y)))
            }
            last = p
        case .curve(let p, let c1, let c2):
            for i in 1...pieces {
                let s = Double(i) / Double(pieces), u = 1 - s
                let x = u * u * u * last.x + 3 * u * u * s * c1.x + 3 * u * s * s * c2.x + s * s * s * p.x
                let y = u * u * u * last.y + 3 * u * u * s * c1.y + 3 * u * s * s * c2.y + s * s * s * p.y
                current.append(map(CGPoint(x: x, y: y)))
            }
            last = p
        case .closeSubpath:
            if current.count > 2 { result.append(current) }
            current = []
        }
    }
    if current.count > 2 { result.append(current) }
    return result
}

/// Checks every pixel of `mask` and of the region around it against `expected`: the 8-bit
/// coverage within `tolerance` of the exact coverage. Returns the largest error seen.
@discardableResult
func expectCoverage(_ mask: CoverageMask, x0: Int, y0: Int, x1: Int, y1: Int, tolerance: Double,
                    sourceLocation: SourceLocation = #_sourceLocation, expected: (Int, Int) -> Double) -> Double {
    var worst = 0.0, failures = 0
    // Nothing may be covered outside the region.
    for my in 0..<mask.height {
        for mx in 0..<mask.width where mask.coverage[my * mask.width + mx] != 0 {
            let x = mask.originX + mx, y = mask.originY + my
            if x < x0 || x >= x1 || y < y0 || y >= y1 {
                failures += 1
                if failures < 5 { Issue.record("pixel (\(x), \(y)) covered outside the shape's region", sourceLocation: sourceLocation) }
            }
        }
    }
    for y in y0..<y1 {
        for x in x0..<x1 {
            let exact = expected(x, y), got = Double(mask[x, y]) / 255
            let error = abs(got - exact)
            worst = max(worst, error)
            if error > tolerance {
                failures += 1
                if failures < 5 {
                    Issue.record("pixel (\(x), \(y)): coverage \(got) (\(mask[x, y])/255), exact \(exact), error \(error) > \(tolerance)",
                                 sourceLocation: sourceLocation)
                }
            }
        }
    }
    return worst
}

func maskSum(_ mask: CoverageMask) -> Double { mask.coverage.reduce(0.0) { $0 + Double($1) } / 255 }

/// The 8-bit rounding error: an exact coverage rounded to the nearest 1/255.
let quantum = 0.5 / 255 + 1e-6
/// The flattening budget the rasteriser must meet, in device pixels (fixed here, not read from
/// the rasteriser): a pixel's coverage error is rounding plus √2 pixels of curve at most, each
/// within that distance.
let flatteningBudget = 1.0 / 2048
let curveTolerance = quantum + 1.5 * flatteningBudget
/// The standard four-cubic circle's largest radial error, as a fraction of the radius
/// (the quarter arc with k = 4/3·tan(π/8) strays outward by at most 2.73·10⁻⁴ r).
let bezierCircleError = 2.73e-4

@Suite struct RasterizerTests {
    @Test(arguments: [(10.0, 20.0, 30.0, 15.0), (10.25, 3.5, 7.125, 9.75), (0.3, 0.6, 0.2, 0.1), (-4.6, -2.2, 12.9, 5.05)])
    func rectanglesAtFractionalOffsetsHaveExactCoverage(_ r: (Double, Double, Double, Double)) {
        let (x, y, w, h) = r
        let mask = PathRasterizer.coverage(of: Path(CGRect(x: x, y: y, width: w, height: h)), transform: .identity, fillRule: false)
        let polygon = OraclePolygon(points: [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        let bx0 = Int(floor(x)) - 1, by0 = Int(floor(y)) - 1, bx1 = Int(ceil(x + w)) + 1, by1 = Int(ceil(y + h)) + 1
        let oracle = polygonOracle([polygon], x0: bx0, y0: by0, x1: bx1, y1: by1)
        expectCoverage(mask, x0: bx0, y0: by0, x1: bx1, y1: by1, tolerance: quantum) { oracle[$1 - by0][$0 - bx0] }
        #expect(abs(maskSum(mask) - w * h) <= Double(2 * (bx1 - bx0 + by1 - by0)) * 0.5 / 255)
    }

    @Test(arguments: [0.0, 17.0, 30.0, 45.0, 90.0, 133.7])
    func rotatedRectanglesHaveExactCoverage(_ degrees: Double) {
        // A 23.3 × 9.6 rectangle turned about its centre (13.1, 12.7), scaled by 2 into pixels.
        let rect = CGRect(x: 1.45, y: 7.9, width: 23.3, height: 9.6)
        let a = degrees * .pi / 180
        let t = CGAffineTransform(translationX: -13.1, y: -12.7)
            .concatenating(CGAffineTransform(rotationAngle: a))
            .concatenating(CGAffineTransform(scaleX: 2, y: 2))
            .concatenating(CGAffineTransform(translationX: 40.3, y: 38.6))
        let corners: [P2] = ([(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)] as [P2]).map { p in
            let x = p.x - 13.1, y = p.y - 12.7
            return (2 * (x * cos(a) - y * sin(a)) + 40.3, 2 * (x * sin(a) + y * cos(a)) + 38.6)
        }
        let mask = PathRasterizer.coverage(of: Path(rect), transform: t, fillRule: false)
        let oracle = polygonOracle([OraclePolygon(points: corners)], x0: 0, y0: 0, x1: 80, y1: 80)
        expectCoverage(mask, x0: 0, y0: 0, x1: 80, y1: 80, tolerance: quantum) { oracle[$1][$0] }
        #expect(abs(maskSum(mask) - 4 * 23.3 * 9.6) < 0.5)
    }

    @Test func trianglesHaveExactCoverage() {
        let triangles: [[P2]] = [[(1.2, 1.7), (30.9, 4.1), (12.3, 27.6)], [(40.5, 2.25), (41.0, 30.0), (33.3, 29.9)],
                                 [(3, 40), (60, 41), (3, 42.5)]]
        for triangle in triangles {
            var path = Path()
            path.addLines(triangle.map { CGPoint(x: $0.x, y: $0.y) })
            path.closeSubpath()
            let mask = PathRasterizer.coverage(of: path, transform: .identity, fillRule: false)
            let oracle = polygonOracle([OraclePolygon(points: triangle)], x0: 0, y0: 0, x1: 64, y1: 48)
            expectCoverage(mask, x0: 0, y0: 0, x1: 64, y1: 48, tolerance: quantum) { oracle[$1][$0] }
        }
    }

    /// A five-pointed star drawn as one self-intersecting pentagram (each tip joined to the tip
    /// two along), its pentagon centre wound twice.
    static func star(center: P2, radius: Double) -> (path: Path, tips: [P2], inner: [P2]) {
        let tips: [P2] = (0..<5).map { i in
            let a = -Double.pi / 2 + Double(i) * 2 * .pi / 5
            return (center.x + radius * cos(a), center.y + radius * sin(a))
        }
        var path = Path()
        path.addLines((0..<5).map { i in CGPoint(x: tips[(2 * i) % 5].x, y: tips[(2 * i) % 5].y) })
        path.closeSubpath()
        // The inner vertices: where the edge tip i → tip i+2 crosses tip i+1 → tip i+4 (i−1),
        // found here by intersecting the two lines.
        func meet(_ p: P2, _ q: P2, _ r: P2, _ s: P2) -> P2 {
            let d1 = (q.x - p.x, q.y - p.y), d2 = (s.x - r.x, s.y - r.y)
            let det = d1.0 * d2.1 - d1.1 * d2.0
            let t = ((r.x - p.x) * d2.1 - (r.y - p.y) * d2.0) / det
            return (p.x + d1.0 * t, p.y + d1.1 * t)
        }
        let inner: [P2] = (0..<5).map { i in
            // Between tip i and tip i+1: the edges tip i → tip i+2 and tip i+1 → tip i−1.
            meet(tips[i], tips[(i + 2) % 5], tips[(i + 1) % 5], tips[(i + 4) % 5])
        }
        return (path, tips, inner)
    }

    @Test func selfIntersectingStarFollowsBothFillRules() {
        let (path, tips, inner) = Self.star(center: (32.3, 31.7), radius: 28.4)
        // Non-zero: the whole star, the decagon tip, inner, tip, …; even-odd: only its five
        // points, triangles of a tip and the inner vertices either side.
        var outline: [P2] = []
        for i in 0..<5 { outline.append(tips[i]); outline.append(inner[i]) }
        let points = (0..<5).map { i in OraclePolygon(points: [tips[i], inner[i], inner[(i + 4) % 5]]) }
        let nonZero = polygonOracle([OraclePolygon(points: outline)], x0: 0, y0: 0, x1: 64, y1: 64)
        let evenOdd = polygonOracle(points, x0: 0, y0: 0, x1: 64, y1: 64)
        let nz = PathRasterizer.coverage(of: path, transform: .identity, fillRule: false)
        let eo = PathRasterizer.coverage(of: path, transform: .identity, fillRule: true)
        expectCoverage(nz, x0: 0, y0: 0, x1: 64, y1: 64, tolerance: quantum) { nonZero[$1][$0] }
        expectCoverage(eo, x0: 0, y0: 0, x1: 64, y1: 64, tolerance: quantum) { evenOdd[$1][$0] }
        // The two differ by the pentagon.
        let pentagon = abs(shoelace(inner))
        #expect(abs(maskSum(nz) - maskSum(eo) - pentagon) < 0.5)
    }

    @Test func nestedSubpathsFollowTheirWindings() {
        // Two squares wound the same way: non-zero fills the inner one, even-odd leaves a hole;
        // wound oppositely, both leave the hole.
        var same = Path(CGRect(x: 2.5, y: 2.5, width: 20, height: 20))
        same.addRect(CGRect(x: 7.25, y: 7.75, width: 8.5, height: 9))
        var opposite = Path(CGRect(x: 2.5, y: 2.5, width: 20, height: 20))
        opposite.addLines([CGPoint(x: 7.25, y: 7.75), CGPoint(x: 7.25, y: 16.75), CGPoint(x: 15.75, y: 16.75), CGPoint(x: 15.75, y: 7.75)])
        opposite.closeSubpath()
        let outer = OraclePolygon(points: [(2.5, 2.5), (22.5, 2.5), (22.5, 22.5), (2.5, 22.5)])
        let hole = OraclePolygon(points: [(7.25, 7.75), (15.75, 7.75), (15.75, 16.75), (7.25, 16.75)], weight: -1)
        let full = polygonOracle([outer], x0: 0, y0: 0, x1: 25, y1: 25)
        let ring = polygonOracle([outer, hole], x0: 0, y0: 0, x1: 25, y1: 25)
        for (path, eo, expected) in [(same, false, full), (same, true, ring), (opposite, false, ring), (opposite, true, ring)] {
            let mask = PathRasterizer.coverage(of: path, transform: .identity, fillRule: eo)
            expectCoverage(mask, x0: 0, y0: 0, x1: 25, y1: 25, tolerance: quantum) { expected[$1][$0] }
        }
    }

    @Test(arguments: [(20.0, 20.0, 17.3, 1.0), (7.4, 9.1, 5.05, 2.0), (60.25, 50.5, 45.0, 1.0)])
    func circlesMatchTheirCurvesAndTheTrueDisc(_ c: (Double, Double, Double, Double)) {
        let (cx, cy, r, scale) = c
        let path = Path(ellipseIn: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        let t = CGAffineTransform(scaleX: scale, y: scale)
        let mask = PathRasterizer.coverage(of: path, transform: t, fillRule: false)
        let R = r * scale, X = cx * scale, Y = cy * scale
        let x0 = Int(floor(X - R)) - 1, x1 = Int(ceil(X + R)) + 1, y0 = Int(floor(Y - R)) - 1, y1 = Int(ceil(Y + R)) + 1
        // Against the Bézier curves themselves (flattened here 4096 pieces a quarter: within
        // R·(π/2/4096)²/8 < 10⁻⁶ px): only the rasteriser's flattening and rounding remain.
        let fine = polygonOracle(finePolygons(path, t).map { OraclePolygon(points: $0) }, x0: x0, y0: y0, x1: x1, y1: y1)
        expectCoverage(mask, x0: x0, y0: y0, x1: x1, y1: y1, tolerance: curveTolerance + 1e-5) { fine[$1 - y0][$0 - x0] }
        // Against the true disc, analytically: the Bézier circle's own error adds 1.5 · 2.73·10⁻⁴ R.
        let discTolerance = curveTolerance + 1.5 * bezierCircleError * R
        expectCoverage(mask, x0: x0, y0: y0, x1: x1, y1: y1, tolerance: discTolerance) { x, y in
            discArea(X, Y, R, Double(x), Double(y), Double(x + 1), Double(y + 1))
        }
        // The total against π R²: within the rounding of the edge pixels and the curve's error
        // along the circumference.
        let edgePixels = 4 * 2 * R + 8
        #expect(abs(maskSum(mask) - Double.pi * R * R) <= edgePixels * 0.5 / 255 + 2 * .pi * R * (bezierCircleError * R + flatteningBudget))
    }

    @Test func ellipsesMatchTheTrueEllipse() {
        let rect = CGRect(x: 3.3, y: 5.1, width: 41.7, height: 19.4)
        let mask = PathRasterizer.coverage(of: Path(ellipseIn: rect), transform: .identity, fillRule: false)
        let a = rect.width / 2, b = rect.height / 2
        // The scaled Bézier circle strays at most 2.73·10⁻⁴ of the larger radius.
        let tolerance = curveTolerance + 1.5 * bezierCircleError * max(a, b)
        let worst = expectCoverage(mask, x0: 2, y0: 4, x1: 47, y1: 26, tolerance: tolerance) { x, y in
            ellipseArea(rect.midX, rect.midY, a, b, Double(x), Double(y), Double(x + 1), Double(y + 1))
        }
        #expect(worst > 0)
        #expect(abs(maskSum(mask) - .pi * a * b) < 0.5)
    }

    @Test func circularRoundedRectanglesMatchTheTrueShape() {
        let rect = CGRect(x: 4.6, y: 2.3, width: 50.2, height: 31.5), r = 9.7
        let path = Path(roundedRect: rect, cornerRadius: r, style: .circular)
        let mask = PathRasterizer.coverage(of: path, transform: .identity, fillRule: false)
        let tolerance = curveTolerance + 1.5 * bezierCircleError * r
        expectCoverage(mask, x0: 3, y0: 1, x1: 57, y1: 36, tolerance: tolerance) { x, y in
            roundedRectArea(rect.minX, rect.minY, rect.width, rect.height, r, Double(x), Double(y), Double(x + 1), Double(y + 1))
        }
        #expect(abs(maskSum(mask) - (rect.width * rect.height - (4 - .pi) * r * r)) < 0.3)
    }

    @Test func continuousRoundedRectanglesMatchTheirCurves() {
        let rect = CGRect(x: 2.2, y: 3.4, width: 60.1, height: 40.3)
        let path = Path(roundedRect: rect, cornerRadius: 12, style: .continuous)
        let mask = PathRasterizer.coverage(of: path, transform: .identity, fillRule: false)
        let fine = polygonOracle(finePolygons(path, pieces: 512).map { OraclePolygon(points: $0) }, x0: 1, y0: 2, x1: 64, y1: 45)
        expectCoverage(mask, x0: 1, y0: 2, x1: 64, y1: 45, tolerance: curveTolerance + 1e-5) { fine[$1 - 2][$0 - 1] }
    }

    @Test func clipLimitsTheMaskToExactPartsOfPixels() {
        // A rectangle 0…40 × 0…30 clipped to (10.5, 5.25)…(25.75, 40): exactly their intersection.
        let clip = CGRect(x: 10.5, y: 5.25, width: 15.25, height: 34.75)
        let mask = PathRasterizer.coverage(of: Path(CGRect(x: 0, y: 0, width: 40, height: 30)), transform: .identity,
                                           fillRule: false, clip: clip)
        #expect(mask.originX == 10 && mask.originY == 5 && mask.width == 16 && mask.height == 25)
        let oracle = polygonOracle([OraclePolygon(points: [(10.5, 5.25), (25.75, 5.25), (25.75, 30), (10.5, 30)])], x0: 0, y0: 0, x1: 42, y1: 42)
        expectCoverage(mask, x0: 0, y0: 0, x1: 42, y1: 42, tolerance: quantum) { oracle[$1][$0] }
        // A clipped star keeps its winding: only the part inside the clip, by both rules.
        let (star, _, _) = Self.star(center: (32, 32), radius: 30)
        let window = CGRect(x: 20.5, y: 10, width: 25, height: 30.5)
        for eo in [false, true] {
            let whole = PathRasterizer.coverage(of: star, transform: .identity, fillRule: eo)
            let clipped = PathRasterizer.coverage(of: star, transform: .identity, fillRule: eo, clip: window)
            for y in 10..<40 {
                for x in 21..<45 {
                    #expect(clipped[x, y] == whole[x, y], "pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test func hugeAndNonFiniteCoordinatesStayBounded() {
        // A rectangle of 10³⁰⁰: its mask is the clip, fully covered.
        let huge = Path(CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        let clip = CGRect(x: 0, y: 0, width: 64, height: 32)
        let mask = PathRasterizer.coverage(of: huge, transform: .identity, fillRule: false, clip: clip)
        #expect(mask.width == 64 && mask.height == 32 && mask.coverage.allSatisfy { $0 == 255 })
        // Without a clip, the mask stays within the device bounds.
        var thin = Path()
        thin.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 1e308, y: 1), CGPoint(x: 1e308, y: 2)])
        thin.closeSubpath()
        let unclipped = PathRasterizer.coverage(of: thin, transform: .identity, fillRule: false)
        #expect(CGFloat(unclipped.width) <= PathRasterizer.deviceBounds.width && unclipped.height <= 3)
        // A curve with huge control points through the clip flattens in bounded time.
        var curve = Path()
        curve.move(to: CGPoint(x: 10, y: 10))
        curve.addCurve(to: CGPoint(x: 20, y: 30), control1: CGPoint(x: 1e200, y: -1e200), control2: CGPoint(x: -1e200, y: 1e200))
        curve.closeSubpath()
        _ = PathRasterizer.coverage(of: curve, transform: .identity, fillRule: false, clip: clip)
        // NaN and infinite points are dropped: the triangle without them is what is filled.
        var broken = Path()
        broken.addLines([CGPoint(x: 2, y: 2), CGPoint(x: CGFloat.nan, y: 5), CGPoint(x: 20, y: 2), CGPoint(x: CGFloat.infinity, y: 3), CGPoint(x: 2, y: 20)])
        broken.closeSubpath()
        var clean = Path()
        clean.addLines([CGPoint(x: 2, y: 2), CGPoint(x: 20, y: 2), CGPoint(x: 2, y: 20)])
        clean.closeSubpath()
        #expect(PathRasterizer.coverage(of: broken, transform: .identity, fillRule: false)
            == PathRasterizer.coverage(of: clean, transform: .identity, fillRule: false))
        #expect(PathRasterizer.coverage(of: Path(), transform: .identity, fillRule: false).isEmpty)
        #expect(PathRasterizer.coverage(of: clean, transform: .identity, fillRule: false,
                                        clip: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)).isEmpty)
    }

    /// 50 shapes of a 1080 × 1920 card at @2x, timed; printed, not asserted (a debug build is
    /// many times slower than a release one).
    @Test func cardOfFiftyShapesTiming() {
        let shapes = Self.cardShapes()
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let clip = CGRect(x: 0, y: 0, width: 2160, height: 3840)
        var best = Double.infinity, covered = 0
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            covered = 0
            for path in shapes {
                covered += PathRasterizer.coverage(of: path, transform: scale, fillRule: false, clip: clip).coverage.count
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        print("PathRasterizer: 50 card shapes at @2x (\(covered) mask pixels) in \(best) ms")
        #expect(covered > 0)
    }

    /// A card's shapes: its background, a photo frame, avatars, badges, buttons, icons, dividers.
    static func cardShapes() -> [Path] {
        var shapes: [Path] = [Path(roundedRect: CGRect(x: 0, y: 0, width: 1080, height: 1920), cornerRadius: 48),
                              Path(roundedRect: CGRect(x: 40, y: 40, width: 1000, height: 700), cornerRadius: 32)]
        for i in 0..<12 {
            let x = 60 + Double(i % 4) * 250, y = 800 + Double(i / 4) * 120
            shapes.append(Path(ellipseIn: CGRect(x: x, y: y, width: 88, height: 88)))
            shapes.append(Path(roundedRect: CGRect(x: x + 100, y: y + 10, width: 120, height: 36), cornerRadius: 18, style: .circular))
        }
        for i in 0..<12 {
            let y = 1200 + Double(i) * 56
            shapes.append(Path(roundedRect: CGRect(x: 60, y: y, width: 960, height: 44), cornerRadius: 12))
            if shapes.count == 50 { break }
        }
        while shapes.count < 50 {
            let k = Double(shapes.count)
            shapes.append(Path(CGRect(x: 40, y: 1100 + k, width: 1000, height: 1.5)))
        }
        return Array(shapes.prefix(50))
    }
}
