import Foundation
import Testing
@testable import ShaderFXUI

func near(_ a: CGPoint?, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

func nearRect(_ a: CGRect, _ b: CGRect, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// The path's length, measured here on its curves cut into 20000 equal parameter steps each.
func measuredLength(_ path: Path) -> Double {
    finePolygonsOpen(path).reduce(0) { total, line in
        zip(line, line.dropFirst()).reduce(total) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }
}

/// Subpaths as polylines (closed ones ending on their first point), curves sampled here.
func finePolygonsOpen(_ path: Path, pieces: Int = 20000) -> [[P2]] {
    var result: [[P2]] = [], current: [P2] = []
    var last = CGPoint.zero, start = CGPoint.zero
    path.forEach { element in
        switch element {
        case .move(let p):
            if current.count > 1 { result.append(current) }
            current = [(p.x, p.y)]; last = p; start = p
        case .line(let p): current.append((p.x, p.y)); last = p
        case .quadCurve(let p, let c):
            for i in 1...pieces {
                let s = Double(i) / Double(pieces), u = 1 - s
                current.append((u * u * last.x + 2 * u * s * c.x + s * s * p.x, u * u * last.y + 2 * u * s * c.y + s * s * p.y))
            }
            last = p
        case .curve(let p, let c1, let c2):
            for i in 1...pieces {
                let s = Double(i) / Double(pieces), u = 1 - s
                current.append((u * u * u * last.x + 3 * u * u * s * c1.x + 3 * u * s * s * c2.x + s * s * s * p.x,
                                u * u * u * last.y + 3 * u * u * s * c1.y + 3 * u * s * s * c2.y + s * s * s * p.y))
            }
            last = p
        case .closeSubpath:
            current.append((start.x, start.y)); last = start
        }
    }
    if current.count > 1 { result.append(current) }
    return result
}

@Suite struct PathTests {
    @Test func buildingFollowsCoreGraphics() {
        var path = Path()
        #expect(path.isEmpty && path.currentPoint == nil && path.boundingRect.isNull)
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 5, y: 2))
        path.addQuadCurve(to: CGPoint(x: 5, y: 8), control: CGPoint(x: 9, y: 5))
        path.closeSubpath()
        // After a close the current point is the subpath's start, and a line opens a new subpath.
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 0, y: 0))
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        #expect(elements == [.move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 5, y: 2)),
                             .quadCurve(to: CGPoint(x: 5, y: 8), control: CGPoint(x: 9, y: 5)), .closeSubpath,
                             .move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 0, y: 0))])
        let built = Path { p in
            p.addRect(CGRect(x: 0, y: 0, width: 2, height: 3))
        }
        #expect(built == Path(CGRect(x: 0, y: 0, width: 2, height: 3)))
        var rect: [Path.Element] = []
        built.forEach { rect.append($0) }
        #expect(rect == [.move(to: .zero), .line(to: CGPoint(x: 2, y: 0)), .line(to: CGPoint(x: 2, y: 3)),
                         .line(to: CGPoint(x: 0, y: 3)), .closeSubpath])
        var lines = Path()
        lines.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 4)])
        lines.addRects([CGRect(x: 10, y: 10, width: 1, height: 1), CGRect(x: 20, y: 20, width: 1, height: 1)])
        #expect(lines.boundingRect == CGRect(x: 0, y: 0, width: 21, height: 21))
        #expect(lines.offsetBy(dx: 5, dy: -1).boundingRect == CGRect(x: 5, y: -1, width: 21, height: 21))
        #expect(lines.applying(CGAffineTransform(scaleX: 2, y: 3)).boundingRect == CGRect(x: 0, y: 0, width: 42, height: 63))
        var added = Path()
        added.addPath(lines, transform: CGAffineTransform(translationX: 1, y: 1))
        #expect(added == lines.offsetBy(dx: 1, dy: 1))
    }

    @Test func arcsFollowSwiftUIsClockwiseConvention() {
        // Angles grow from +x towards +y, clockwise on screen. clockwise: false runs them up, so
        // 0° → 90° is the quarter from 3 o'clock down to 6 o'clock: one curve, through
        // (r/√2, r/√2) below the centre. clockwise: true runs them down: 0° → −270° → 90°, three
        // quarters through the top (12 o'clock, y = −r), counterclockwise on screen, as Apple's
        // page says ("specifying a clockwise arc results in a counterclockwise arc").
        var screenClockwise = Path()
        screenClockwise.addArc(center: .zero, radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        #expect(near(screenClockwise.currentPoint, CGPoint(x: 0, y: 10)))
        #expect(nearRect(screenClockwise.boundingRect, CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(screenClockwise.contains(CGPoint(x: 7, y: 6)))
        var count = 0
        screenClockwise.forEach { if case .curve = $0 { count += 1 } }
        #expect(count == 1)
        var flagged = Path()
        flagged.addArc(center: .zero, radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: true)
        #expect(near(flagged.currentPoint, CGPoint(x: 0, y: 10)))
        #expect(nearRect(flagged.boundingRect, CGRect(x: -10, y: -10, width: 20, height: 20)))
        count = 0
        flagged.forEach { if case .curve = $0 { count += 1 } }
        #expect(count == 3)
        // The midpoint of the short arc lies at 45°: (7.07, 7.07), the curve within 2.73e-4 r of the circle.
        let mid = screenClockwise.trimmedPath(from: 0, to: 0.5).currentPoint!
        #expect(abs(hypot(mid.x, mid.y) - 10) < 3e-3 && abs(mid.x - mid.y) < 1e-6 && mid.y > 0)
        // addRelativeArc: a positive delta is the same clockwise-on-screen arc.
        var relative = Path()
        relative.addRelativeArc(center: .zero, radius: 10, startAngle: .zero, delta: .degrees(90))
        #expect(relative == screenClockwise)
        // Every control point lies on the circle's tangents: with k = 4/3 tan(π/8), (10, 10k).
        var first: CGPoint?
        screenClockwise.forEach { if case .curve(_, let c1, _) = $0 { first = c1 } }
        #expect(near(first, CGPoint(x: 10, y: 10 * 4 / 3 * tan(Double.pi / 8))))
        // A whole turn either way.
        var full = Path()
        full.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        #expect(nearRect(full.boundingRect, CGRect(x: 3, y: 3, width: 4, height: 4)))
    }

    @Test func tangentArcsRoundACorner() {
        // From (0, 0) along +x to the corner (10, 0), then down to (10, 10), radius 3: a line to
        // (7, 0), then a quarter arc about (7, 3) to (10, 3).
        var path = Path()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 3)
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        #expect(elements.count == 3 && elements[1] == .line(to: CGPoint(x: 7, y: 0)))
        #expect(near(path.currentPoint, CGPoint(x: 10, y: 3)))
        #expect(nearRect(path.boundingRect, CGRect(x: 0, y: 0, width: 10, height: 3)))
        // Collinear points: just the line to the first tangent end.
        var straight = Path()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
        #expect(straight.currentPoint == CGPoint(x: 5, y: 0))
    }

    @Test func ellipsesStartAtTheRightAndRunClockwiseOnScreen() {
        let path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20))
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        #expect(elements.first == .move(to: CGPoint(x: 40, y: 10)))
        // A quarter of the way round: the bottom (20, 20), below the centre on screen.
        #expect(near(path.trimmedPath(from: 0, to: 0.25).currentPoint, CGPoint(x: 20, y: 20), 1e-6))
        #expect(path.boundingRect == CGRect(x: 0, y: 0, width: 40, height: 20))
    }

    @Test func boundingRectHoldsTheCurveNotItsControlPoints() {
        // A cubic from (0, 0) to (10, 0) with controls (0, 10) and (10, 10): its top is at
        // t = 1/2, y = 3/4 · 10 = 7.5; a quadratic from (0, 0) to (10, 0) with control (5, −8)
        // reaches y = −4.
        var path = Path()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        path.addQuadCurve(to: CGPoint(x: 0, y: 0), control: CGPoint(x: 5, y: -8))
        #expect(nearRect(path.boundingRect, CGRect(x: 0, y: -4, width: 10, height: 11.5)))
        // Against dense sampling of an asymmetric cubic.
        var s = Path()
        s.move(to: CGPoint(x: 1, y: 2))
        s.addCurve(to: CGPoint(x: 4, y: 3), control1: CGPoint(x: 9, y: -6), control2: CGPoint(x: -5, y: 8))
        let samples = finePolygonsOpen(s, pieces: 200000)[0]
        let xs = samples.map(\.x), ys = samples.map(\.y)
        let dense = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        #expect(nearRect(s.boundingRect, dense, 1e-6))
    }

    @Test func containsFollowsTheFillRule() {
        let (star, _, _) = RasterizerTests.star(center: (50, 50), radius: 40)
        #expect(star.contains(CGPoint(x: 50, y: 50)))
        #expect(!star.contains(CGPoint(x: 50, y: 50), eoFill: true))
        #expect(star.contains(CGPoint(x: 50, y: 15)) && star.contains(CGPoint(x: 50, y: 15), eoFill: true))
        #expect(!star.contains(CGPoint(x: 5, y: 5)))
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(circle.contains(CGPoint(x: 10 + 9.99 / 2.0.squareRoot(), y: 10 + 9.99 / 2.0.squareRoot())))
        #expect(!circle.contains(CGPoint(x: 10 + 10.01 / 2.0.squareRoot(), y: 10 + 10.01 / 2.0.squareRoot())))
        #expect(!circle.contains(CGPoint(x: 1, y: 1)))
    }

    @Test func trimmedPathsMeasureByArcLength() {
        // A 100 × 50 rectangle: perimeter 300; 0.25…0.75 is 150 long, from (75, 0) round the
        // top-right and bottom-right corners to (25, 50).
        let rect = Path(CGRect(x: 0, y: 0, width: 100, height: 50))
        let middle = rect.trimmedPath(from: 0.25, to: 0.75)
        #expect(abs(measuredLength(middle) - 150) < 1e-9)
        #expect(near(middle.currentPoint, CGPoint(x: 25, y: 50), 1e-9))
        #expect(rect.trimmedPath(from: 0, to: 1) == rect)
        #expect(rect.trimmedPath(from: 0.6, to: 0.6).isEmpty && rect.trimmedPath(from: 0.7, to: 0.2).isEmpty)
        // A circle: the length of a piece is its fraction of the whole curve's length (measured
        // here), the pieces keep their curves.
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60))
        let whole = measuredLength(circle)
        #expect(abs(whole - 60 * .pi) < 60 * .pi * 3e-4)
        for (a, b) in [(0.0, 0.5), (0.1, 0.35), (0.3, 0.95)] {
            let piece = circle.trimmedPath(from: a, to: b)
            #expect(abs(measuredLength(piece) - (b - a) * whole) < 1e-4, "trim \(a)…\(b)")
        }
        // Trimming crosses subpaths: two 10-long lines, 0.25…0.75 is the second half of the
        // first and the first half of the second.
        var two = Path()
        two.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        two.addLines([CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5)])
        var elements: [Path.Element] = []
        two.trimmedPath(from: 0.25, to: 0.75).forEach { elements.append($0) }
        #expect(elements == [.move(to: CGPoint(x: 5, y: 0)), .line(to: CGPoint(x: 10, y: 0)),
                             .move(to: CGPoint(x: 0, y: 5)), .line(to: CGPoint(x: 5, y: 5))])
    }

    @Test func continuousCornersUseThePublishedControlPoints() {
        // SWIFTUI-NOTES §4.1: the top-right corner of a W × H rectangle, radius r, in units of r.
        let w = 200.0, h = 120.0, r = 20.0
        let path = Path(roundedRect: CGRect(x: 0, y: 0, width: w, height: h), cornerRadius: r, style: .continuous)
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        func p(_ a: Double, _ b: Double) -> CGPoint { CGPoint(x: w - a * r, y: b * r) }
        let expected: [Path.Element] = [
            .line(to: p(1.52866, 0)),
            .curve(to: p(0.66993, 0.06550), control1: p(1.08849, 0), control2: p(0.86841, 0)),
            .line(to: p(0.63149, 0.07491)),
            .curve(to: p(0.07491, 0.63149), control1: p(0.37282, 0.16906), control2: p(0.16906, 0.37282)),
            .line(to: p(0.06550, 0.66993)),
            .curve(to: p(0, 1.52866), control1: p(0, 0.86841), control2: p(0, 1.08849)),
        ]
        #expect(Array(elements[1...6]) == expected)
        #expect(elements.first == .move(to: CGPoint(x: 1.52866 * r, y: 0)) && elements.last == .closeSubpath)
        // The other corners are mirror images: the path is symmetric about the centre lines.
        #expect(nearRect(path.boundingRect, CGRect(x: 0, y: 0, width: w, height: h)))
        let mirrored = path.applying(CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0))
        for y in stride(from: 0.5, to: h, by: 7.3) {
            for x in stride(from: 0.25, to: w, by: 3.1) {
                #expect(path.contains(CGPoint(x: x, y: y)) == mirrored.contains(CGPoint(x: x, y: y)))
            }
        }
        // Beyond the regime (1.52866 r > half the shorter side), corners are circular of the
        // clamped radius: a capsule.
        let big = Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 30, style: .continuous)
        #expect(big == Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 20, style: .circular))
    }

    @Test func circularCornersAreQuarterCircles() {
        let path = Path(roundedRect: CGRect(x: 0, y: 0, width: 50, height: 30), cornerRadius: 10, style: .circular)
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        let k = 10 * 4 / 3 * tan(Double.pi / 8)
        #expect(elements[0] == .move(to: CGPoint(x: 10, y: 0)))
        #expect(elements[1] == .line(to: CGPoint(x: 40, y: 0)))
        guard case .curve(let end, let c1, let c2) = elements[2] else { Issue.record("no curve"); return }
        #expect(near(end, CGPoint(x: 50, y: 10)) && near(c1, CGPoint(x: 40 + k, y: 0)) && near(c2, CGPoint(x: 50, y: 10 - k)))
        // Radii are clamped to half the sides; uneven radii too big for an edge scale together.
        #expect(Path(roundedRect: CGRect(x: 0, y: 0, width: 50, height: 30), cornerRadius: 99, style: .circular)
            == Path(roundedRect: CGRect(x: 0, y: 0, width: 50, height: 30), cornerRadius: 15, style: .circular))
        let uneven = Path(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 100),
                          cornerRadii: RectangleCornerRadii(topLeading: 30, bottomLeading: 0, bottomTrailing: 0, topTrailing: 50),
                          style: .circular)
        var first: Path.Element?
        uneven.forEach { if first == nil { first = $0 } }
        #expect(first == .move(to: CGPoint(x: 15, y: 0)))  // 30 · 40/80
    }
}
