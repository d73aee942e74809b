import Foundation
import Testing
@testable import ShaderFXUI

/// Rasterises a stroke's outline (non-zero) at `scale`.
func strokeMask(_ path: Path, _ style: StrokeStyle, scale: Double = 1) -> CoverageMask {
    PathRasterizer.coverage(of: path.strokedPath(style), transform: CGAffineTransform(scaleX: scale, y: scale), fillRule: false)
}

@Suite struct StrokeTests {
    @Test func defaultsAreSwiftUIs() {
        let style = StrokeStyle()
        #expect(style.lineWidth == 1 && style.lineCap == .butt && style.lineJoin == .miter && style.miterLimit == 10)
        #expect(style.dash.isEmpty && style.dashPhase == 0)
        #expect(FillStyle().isEOFilled == false && FillStyle().isAntialiased == true)
    }

    @Test(arguments: [CGLineJoin.miter, .round, .bevel])
    func strokedRectangleIsItsRingExactly(_ join: CGLineJoin) {
        // A rectangle 10.3…40.8 × 8.2…30.7 stroked 4 wide: the ring between the rectangles grown
        // and shrunk by 2 (miter joins keep square outer corners; round and bevel cut them, so
        // those are checked away from the corners and by their exact areas).
        let rect = CGRect(x: 10.3, y: 8.2, width: 30.5, height: 22.5)
        let mask = strokeMask(Path(rect), StrokeStyle(lineWidth: 4, lineJoin: join))
        let outer = OraclePolygon(points: [(8.3, 6.2), (42.8, 6.2), (42.8, 32.7), (8.3, 32.7)])
        let inner = OraclePolygon(points: [(12.3, 10.2), (38.8, 10.2), (38.8, 28.7), (12.3, 28.7)], weight: -1)
        let ring = polygonOracle([outer, inner], x0: 0, y0: 0, x1: 48, y1: 40)
        for y in 0..<40 {
            for x in 0..<48 {
                let nearCorner = [(8.3, 6.2), (42.8, 6.2), (42.8, 32.7), (8.3, 32.7)].contains { abs(Double(x) + 0.5 - $0.0) < 3 && abs(Double(y) + 0.5 - $0.1) < 3 }
                if join != .miter && nearCorner { continue }
                #expect(abs(Double(mask[x, y]) / 255 - ring[y][x]) <= quantum, "pixel (\(x), \(y))")
            }
        }
        // Areas: the ring 34.5 × 26.5 − 26.5 × 18.5; a round join cuts (4 − π) of each corner's
        // 2 × 2 square, a bevel half of it.
        let ringArea = 34.5 * 26.5 - 26.5 * 18.5
        let expected = join == .miter ? ringArea : join == .bevel ? ringArea - 4 * 2 : ringArea - (4 - .pi) * 4
        // Each of the ring's ~240 edge pixels rounds by up to 0.5/255.
        #expect(abs(maskSum(mask) - expected) < 240 * 0.5 / 255, "\(join)")
    }

    @Test func strokedCircleIsTheAnnulus() {
        // A circle of radius 20 about (30.3, 28.6) stroked 6 wide at @2x: the annulus 17…23.
        let path = Path(ellipseIn: CGRect(x: 10.3, y: 8.6, width: 40, height: 40))
        let mask = strokeMask(path, StrokeStyle(lineWidth: 6), scale: 2)
        // Errors: the Bézier circle (2.73e-4 · 40 px) and the stroke's and rasteriser's
        // flattening, on each of the annulus's two edges.
        let tolerance = quantum + 2 * 1.5 * (bezierCircleError * 40 + 0.001 * 2 + flatteningBudget)
        let worst = expectCoverage(mask, x0: 0, y0: 0, x1: 122, y1: 118, tolerance: tolerance) { x, y in
            let (a, b, c, d) = (Double(x), Double(y), Double(x + 1), Double(y + 1))
            return discArea(60.6, 57.2, 46, a, b, c, d) - discArea(60.6, 57.2, 34, a, b, c, d)
        }
        #expect(worst < tolerance)
        #expect(abs(maskSum(mask) - .pi * (46 * 46 - 34 * 34)) < 2)
    }

    @Test func capsEndTheLineWhereCoreGraphicsDoes() {
        // A horizontal line 10…50 at y = 20, 6 wide: butt 40 × 6, square 46 × 6, round 40 × 6 + π 3².
        var line = Path()
        line.move(to: CGPoint(x: 10, y: 20))
        line.addLine(to: CGPoint(x: 50, y: 20))
        let butt = line.strokedPath(StrokeStyle(lineWidth: 6, lineCap: .butt))
        let square = line.strokedPath(StrokeStyle(lineWidth: 6, lineCap: .square))
        let round = line.strokedPath(StrokeStyle(lineWidth: 6, lineCap: .round))
        #expect(butt.boundingRect == CGRect(x: 10, y: 17, width: 40, height: 6))
        #expect(square.boundingRect == CGRect(x: 7, y: 17, width: 46, height: 6))
        #expect(nearRect(round.boundingRect, CGRect(x: 7, y: 17, width: 46, height: 6), 1e-9))
        #expect(!butt.contains(CGPoint(x: 9.5, y: 20)) && square.contains(CGPoint(x: 7.5, y: 22.5)))
        #expect(round.contains(CGPoint(x: 50 + 2.9 / 2.0.squareRoot(), y: 20 + 2.9 / 2.0.squareRoot())))
        #expect(!round.contains(CGPoint(x: 50 + 3.1 / 2.0.squareRoot(), y: 20 + 3.1 / 2.0.squareRoot())))
        let buttMask = PathRasterizer.coverage(of: butt, transform: .identity, fillRule: false)
        let oracle = polygonOracle([OraclePolygon(points: [(10, 17), (50, 17), (50, 23), (10, 23)])], x0: 0, y0: 0, x1: 60, y1: 30)
        expectCoverage(buttMask, x0: 0, y0: 0, x1: 60, y1: 30, tolerance: quantum) { oracle[$1][$0] }
        #expect(abs(maskSum(PathRasterizer.coverage(of: square, transform: .identity, fillRule: false)) - 46 * 6) < 1e-6)
        #expect(abs(maskSum(PathRasterizer.coverage(of: round, transform: .identity, fillRule: false)) - (240 + 9 * .pi)) < 0.02)
    }

    @Test func joinsMeetAtTheirKnownPoints() {
        // An L from (10, 10) right to (40, 10), then down to (40, 40), 8 wide: the outer corner
        // is (44, 6). A miter reaches it; a bevel cuts the corner along x − y = 38 … the line
        // through (44, 10) and (40, 6); a round join is the disc of radius 4 about (40, 10).
        var l = Path()
        l.addLines([CGPoint(x: 10, y: 10), CGPoint(x: 40, y: 10), CGPoint(x: 40, y: 40)])
        let miter = l.strokedPath(StrokeStyle(lineWidth: 8, lineJoin: .miter))
        let bevel = l.strokedPath(StrokeStyle(lineWidth: 8, lineJoin: .bevel))
        let round = l.strokedPath(StrokeStyle(lineWidth: 8, lineJoin: .round))
        let corner = CGPoint(x: 43.8, y: 6.2)
        #expect(miter.contains(corner) && !bevel.contains(corner) && !round.contains(corner))
        #expect(bevel.contains(CGPoint(x: 41.9, y: 8.0)) && !bevel.contains(CGPoint(x: 42.1, y: 7.8)))
        let d = 3.95 / 2.0.squareRoot(), e = 4.05 / 2.0.squareRoot()
        #expect(round.contains(CGPoint(x: 40 + d, y: 10 - d)) && !round.contains(CGPoint(x: 40 + e, y: 10 - e)))
        // Areas, exactly: the two 30 × 8 arms overlap in their 4 × 4 inner corner…: the union of
        // the arms is 30·8 + 30·8 − 4·4 − … computed as two rectangles: (10…40) × (6…14) and
        // (36…44) × (10…40), their overlap (36…40) × (10…14); then the join's outer part.
        let arms = 30.0 * 8 + 8 * 30 - 4 * 4
        let areas = [(miter, arms + 16), (bevel, arms + 8), (round, arms + 4 * .pi)]
        for (path, area) in areas {
            #expect(abs(maskSum(PathRasterizer.coverage(of: path, transform: .identity, fillRule: false)) - area) < 0.03)
        }
        // A sharp turn: interior angle 20°, miter ratio 1/sin(10°) = 5.76: kept under the
        // default limit 10, bevelled under a limit of 5.
        let angle = 20.0 * .pi / 180
        var sharp = Path()
        sharp.addLines([CGPoint(x: 0, y: 50), CGPoint(x: 50, y: 50), CGPoint(x: 50 - 50 * cos(angle), y: 50 - 50 * sin(angle))])
        let tipDistance = 2 / sin(angle / 2)  // from the vertex, along the outer bisector
        let tip = CGPoint(x: 50 + (tipDistance - 0.5) * cos(angle / 2), y: 50 + (tipDistance - 0.5) * sin(angle / 2))
        #expect(sharp.strokedPath(StrokeStyle(lineWidth: 4)).contains(tip))
        #expect(!sharp.strokedPath(StrokeStyle(lineWidth: 4, miterLimit: 5)).contains(tip))
    }

    @Test func dashesFollowThePatternAndPhase() {
        var line = Path()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 100, y: 10))
        // [10, 5]: dashes at 0…10, 15…25, …, 90…100: 7 dashes.
        let dashed = line.strokedPath(StrokeStyle(lineWidth: 2, dash: [10, 5]))
        #expect(dashed.contains(CGPoint(x: 5, y: 10)) && !dashed.contains(CGPoint(x: 12, y: 10)) && dashed.contains(CGPoint(x: 16, y: 10)))
        #expect(abs(maskSum(PathRasterizer.coverage(of: dashed, transform: .identity, fillRule: false)) - 7 * 10 * 2) < 1e-6)
        // Phase 12 starts 2 into the first gap: dashes at 3…13, 18…28, …, 93…100.
        let shifted = line.strokedPath(StrokeStyle(lineWidth: 2, dash: [10, 5], dashPhase: 12))
        #expect(!shifted.contains(CGPoint(x: 1, y: 10)) && shifted.contains(CGPoint(x: 4, y: 10)) && !shifted.contains(CGPoint(x: 14, y: 10)))
        #expect(abs(maskSum(PathRasterizer.coverage(of: shifted, transform: .identity, fillRule: false)) - (6 * 10 + 7) * 2) < 1e-6)
        // An odd pattern repeats: [10] is 10 on, 10 off.
        let odd = line.strokedPath(StrokeStyle(lineWidth: 2, dash: [10]))
        #expect(odd.contains(CGPoint(x: 5, y: 10)) && !odd.contains(CGPoint(x: 15, y: 10)) && odd.contains(CGPoint(x: 25, y: 10)))
        // Invalid patterns draw solid.
        #expect(line.strokedPath(StrokeStyle(lineWidth: 2, dash: [-1, 4])) == line.strokedPath(StrokeStyle(lineWidth: 2)))
        #expect(line.strokedPath(StrokeStyle(lineWidth: 2, dash: [0, 0])) == line.strokedPath(StrokeStyle(lineWidth: 2)))
        // Zero-length dashes with round caps are dots.
        let dots = line.strokedPath(StrokeStyle(lineWidth: 2, lineCap: .round, dash: [0, 20]))
        #expect(dots.contains(CGPoint(x: 20, y: 10.9)) && !dots.contains(CGPoint(x: 10, y: 10)))
    }

    @Test func tightTurnsCoverTheUnionOfTheirPieces() {
        // A hook: a long arm, a 4.5-long segment back at a 153° turn, then down; 6 wide, bevel
        // joins (the turn's inner recess, 12.5, is longer than the short segment). The stroke is the union of one
        // rectangle per segment and one bevel triangle per join, sampled here 32 × 32 per pixel
        // with a point-in-convex-polygon test (error per pixel ≤ its edges' length / 32).
        let points: [P2] = [(4, 10), (44, 10), (40, 12), (40, 30)]
        var path = Path()
        path.addLines(points.map { CGPoint(x: $0.x, y: $0.y) })
        let mask = strokeMask(path, StrokeStyle(lineWidth: 6, lineJoin: .bevel))
        var pieces: [[P2]] = []
        func normal(_ a: P2, _ b: P2) -> P2 {
            let l = hypot(b.x - a.x, b.y - a.y); return (-(b.y - a.y) / l * 3, (b.x - a.x) / l * 3)
        }
        for i in 0..<(points.count - 1) {
            let a = points[i], b = points[i + 1], n = normal(a, b)
            pieces.append([(a.x + n.x, a.y + n.y), (b.x + n.x, b.y + n.y), (b.x - n.x, b.y - n.y), (a.x - n.x, a.y - n.y)])
        }
        for i in 1..<(points.count - 1) {
            let p = points[i], n1 = normal(points[i - 1], p), n2 = normal(p, points[i + 1])
            pieces.append([p, (p.x + n1.x, p.y + n1.y), (p.x + n2.x, p.y + n2.y)])
            pieces.append([p, (p.x - n1.x, p.y - n1.y), (p.x - n2.x, p.y - n2.y)])
        }
        func inside(_ q: P2, _ polygon: [P2]) -> Bool {
            var sign = 0.0
            for i in 0..<polygon.count {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let c = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
                if c != 0 { if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false } }
            }
            return true
        }
        var total = 0.0
        for y in 0..<36 {
            for x in 0..<52 {
                var hits = 0
                for j in 0..<32 {
                    for i in 0..<32 {
                        let q = (Double(x) + (Double(i) + 0.5) / 32, Double(y) + (Double(j) + 0.5) / 32)
                        if pieces.contains(where: { inside(q, $0) }) { hits += 1 }
                    }
                }
                let sampled = Double(hits) / 1024
                total += sampled
                #expect(abs(Double(mask[x, y]) / 255 - sampled) <= 0.1, "pixel (\(x), \(y))")
            }
        }
        #expect(abs(maskSum(mask) - total) < 1.5)
    }

    @Test func degenerateInputIsHandled() {
        // A zero-length subpath: a disc for round caps, a square for square caps, nothing for butt.
        var point = Path()
        point.move(to: CGPoint(x: 10, y: 10))
        point.addLine(to: CGPoint(x: 10, y: 10))
        #expect(point.strokedPath(StrokeStyle(lineWidth: 4)).isEmpty)
        #expect(abs(maskSum(strokeMask(point, StrokeStyle(lineWidth: 4, lineCap: .round))) - 4 * .pi) < 0.02)
        #expect(abs(maskSum(strokeMask(point, StrokeStyle(lineWidth: 4, lineCap: .square))) - 16) < 1e-6)
        // A U-turn: there and back covers exactly the one segment's stroke (the union, not twice).
        var back = Path()
        back.addLines([CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 10), CGPoint(x: 10, y: 10)])
        #expect(abs(maskSum(strokeMask(back, StrokeStyle(lineWidth: 4))) - 160) < 1e-6)
        // Repeated points and a tight zig-zag: still the exact union of the segments' pieces.
        var zig = Path()
        zig.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: 20, y: 2)])
        let zigMask = strokeMask(zig, StrokeStyle(lineWidth: 6, lineJoin: .bevel))
        #expect(zigMask.coverage.allSatisfy { $0 <= 255 } && maskSum(zigMask) > 20 * 6)
        // Widths that are not positive and finite stroke nothing; an empty path strokes nothing.
        #expect(back.strokedPath(StrokeStyle(lineWidth: 0)).isEmpty && back.strokedPath(StrokeStyle(lineWidth: .nan)).isEmpty)
        #expect(Path().strokedPath(StrokeStyle(lineWidth: 3)).isEmpty)
    }
}
