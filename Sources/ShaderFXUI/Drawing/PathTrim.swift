import Foundation

extension Path {
    /// One drawn segment of a path, as a cubic (lines and quadratics raised to cubics), with its
    /// length and a table of lengths along it for finding the parameter at a distance.
    private struct Segment {
        var points: [CGPoint]
        var kind: Kind
        var length: Double
        /// Cumulative lengths at parameters i / (count − 1).
        var table: [Double]
        /// Whether this segment is the first of its subpath.
        var startsSubpath: Bool
        enum Kind { case line, quad, cubic, close }

        /// The parameter at which the length from the segment's start is `distance`.
        func parameter(at distance: Double) -> Double {
            guard kind != .line, kind != .close, table.count > 2 else { return length > 0 ? distance / length : 0 }
            var low = 0, high = table.count - 1
            while high - low > 1 {
                let mid = (low + high) / 2
                if table[mid] < distance { low = mid } else { high = mid }
            }
            let span = table[high] - table[low]
            let f = span > 0 ? (distance - table[low]) / span : 0
            return (Double(low) + f) / Double(table.count - 1)
        }
    }

    /// The drawn segments, closing lines included.
    private var segments: [Segment] {
        var result: [Segment] = []
        var last = CGPoint.zero, start = CGPoint.zero, first = true
        func line(_ a: CGPoint, _ b: CGPoint, _ kind: Segment.Kind) {
            let p = Bezier.cubic(fromQuad: a, CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), b)
            result.append(Segment(points: p, kind: kind, length: hypot(b.x - a.x, b.y - a.y), table: [], startsSubpath: first))
            first = false
        }
        func curve(_ p: [CGPoint], _ kind: Segment.Kind) {
            // Lengths of 256 equal parameter steps at least: chords within 10⁻⁶ of the curve.
            let n = max(256, Bezier.segmentCount(secondDifference: Bezier.cubicSecondDifference(p[0], p[1], p[2], p[3]),
                                                 degree: 3, tolerance: 1e-6, limit: 1 << 14))
            var table = [0.0], previous = p[0], total = 0.0
            for i in 1...n {
                let q = Bezier.cubicPoint(p[0], p[1], p[2], p[3], Double(i) / Double(n))
                total += hypot(q.x - previous.x, q.y - previous.y)
                table.append(total)
                previous = q
            }
            result.append(Segment(points: p, kind: kind, length: total, table: table, startsSubpath: first))
            first = false
        }
        for element in elements {
            switch element {
            case .move(let p): last = p; start = p; first = true
            case .line(let p): line(last, p, .line); last = p
            case .quadCurve(let p, let c): curve(Bezier.cubic(fromQuad: last, c, p), .quad); last = p
            case .curve(let p, let c1, let c2): curve([last, c1, c2, p], .cubic); last = p
            case .closeSubpath: line(last, start, .close); last = start
            }
        }
        return result
    }

    /// The part of the path between fractions `from` and `to` of its length (SwiftUI's `trim`):
    /// lengths are measured along the curves, closing lines included; curves are cut exactly
    /// at the parameters found, so the trimmed path keeps its curves. Fractions are clamped to
    /// 0…1; `from` ≥ `to` gives an empty path, 0…1 the path itself.
    /// - Parameters:
    ///   - from: where the trimmed part starts, as a fraction of the length.
    ///   - to: where it ends.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let a = max(0, min(1, from.isNaN ? 0 : from)), b = max(0, min(1, to.isNaN ? 0 : to))
        guard a < b else { return Path() }
        if a == 0, b == 1 { return self }
        let segments = self.segments
        let total = segments.reduce(0) { $0 + $1.length }
        guard total > 0, total.isFinite else { return Path() }
        let lo = a * total, hi = b * total
        var result = Path()
        var position = 0.0
        var connected = false  // whether the result's current point is where the next piece starts
        var wholeSubpath = false  // whether the result holds the current subpath from its start
        for segment in segments {
            let s0 = position, s1 = position + segment.length
            position = s1
            if segment.startsSubpath { connected = false; wholeSubpath = false }
            let d0 = max(lo, s0), d1 = min(hi, s1)
            guard d0 < d1 || (segment.length == 0 && s0 >= lo && s0 < hi) else { continue }
            let t0 = segment.parameter(at: d0 - s0), t1 = segment.parameter(at: d1 - s0)
            var piece = Bezier.cubicPart(segment.points, t0, t1)
            if d0 == s0 { piece[0] = segment.points[0] }
            if d1 == s1 { piece[3] = segment.points[3] }
            if !connected {
                result.move(to: piece[0])
                wholeSubpath = segment.startsSubpath && d0 == s0
                connected = true
            }
            let complete = d0 == s0 && d1 == s1
            switch segment.kind {
            case .close where complete && wholeSubpath: result.closeSubpath()
            case .line, .close: result.addLine(to: piece[3])
            case .quad, .cubic:
                if complete, segment.kind == .cubic {
                    result.addCurve(to: piece[3], control1: segment.points[1], control2: segment.points[2])
                } else {
                    result.addCurve(to: piece[3], control1: piece[1], control2: piece[2])
                }
            }
            if !complete { wholeSubpath = false }
        }
        return result
    }
}
