import Foundation

/// Points of quadratic and cubic Béziers, their extrema, splitting, and the number of chords that
/// keep a flattened curve within a tolerance of it.
enum Bezier {
    static func quadPoint(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: Double) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
                       y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// Parameters in (0, 1) where a quadratic's x or y derivative vanishes.
    static func quadExtrema(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [Double] {
        var result: [Double] = []
        for (a, b, e) in [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)] {
            let denominator = a - 2 * b + e
            if denominator != 0 {
                let t = (a - b) / denominator
                if t > 0, t < 1 { result.append(t) }
            }
        }
        return result
    }

    /// Parameters in (0, 1) where a cubic's x or y derivative vanishes.
    static func cubicExtrema(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint) -> [Double] {
        var result: [Double] = []
        for (a, b, c, d) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
            // B'(t)/3 = (b−a)(1−t)² + 2(c−b)(1−t)t + (d−c)t² = A t² + B t + C.
            let qa = (b - a) - 2 * (c - b) + (d - c), qb = 2 * ((c - b) - (b - a)), qc = b - a
            if abs(qa) < 1e-12 * max(1, abs(qb), abs(qc)) {
                if qb != 0 { result.append(-qc / qb) }
            } else {
                let discriminant = qb * qb - 4 * qa * qc
                if discriminant >= 0 {
                    let root = discriminant.squareRoot()
                    result.append((-qb + root) / (2 * qa))
                    result.append((-qb - root) / (2 * qa))
                }
            }
        }
        return result.filter { $0 > 0 && $0 < 1 }
    }

    /// The number of equal parameter steps whose chords stay within `tolerance` of the curve
    /// (Wang's formula: n = √(d(d−1)/8 · max‖second difference‖ / tolerance) for degree d),
    /// at least 1 and at most `limit`; `limit` for non-finite input.
    static func segmentCount(secondDifference m: Double, degree: Int, tolerance: Double, limit: Int) -> Int {
        let factor = degree == 2 ? 0.25 : 0.75
        let n = (factor * m / tolerance).squareRoot().rounded(.up)
        guard !n.isNaN else { return 1 }
        return max(1, Int(min(Double(limit), n)))
    }

    static func quadSecondDifference(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> Double {
        hypot(p0.x - 2 * c.x + p1.x, p0.y - 2 * c.y + p1.y)
    }

    static func cubicSecondDifference(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint) -> Double {
        max(hypot(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y), hypot(c1.x - 2 * c2.x + p1.x, c1.y - 2 * c2.y + p1.y))
    }

    /// The part of a cubic between parameters `t0` and `t1` (as four control points).
    static func cubicPart(_ p: [CGPoint], _ t0: Double, _ t1: Double) -> [CGPoint] {
        let right = splitCubic(p, t0).1
        guard t0 < 1 else { return [p[3], p[3], p[3], p[3]] }
        return splitCubic(right, (t1 - t0) / (1 - t0)).0
    }

    /// De Casteljau's split of a cubic at `t`.
    static func splitCubic(_ p: [CGPoint], _ t: Double) -> ([CGPoint], [CGPoint]) {
        func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let a = lerp(p[0], p[1]), b = lerp(p[1], p[2]), c = lerp(p[2], p[3])
        let d = lerp(a, b), e = lerp(b, c), f = lerp(d, e)
        return ([p[0], a, d, f], [f, e, c, p[3]])
    }

    /// A quadratic as the cubic with the same curve.
    static func cubic(fromQuad p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [CGPoint] {
        [p0, CGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y)),
         CGPoint(x: p1.x + 2 / 3 * (c.x - p1.x), y: p1.y + 2 / 3 * (c.y - p1.y)), p1]
    }
}

/// A subpath flattened into a polyline.
struct FlatSubpath {
    /// The polyline's points, the subpath's first point first.
    var points: [CGPoint] = []
    /// Whether each point ends an element (a corner where a join is drawn) rather than lying
    /// inside a flattened curve.
    var isCorner: [Bool] = []
    /// Whether the subpath was closed by `closeSubpath`.
    var closed = false

    mutating func append(_ p: CGPoint, corner: Bool) {
        points.append(p)
        isCorner.append(corner)
    }
}

extension Path {
    /// The path flattened into polylines, each point mapped by `transform` first and every curve
    /// replaced by chords within `tolerance` of it (in the transformed space). A curve whose
    /// control points all lie on one side outside `cull` is replaced by its chord: inside `cull`
    /// neither coverage nor winding changes (the chord stays within the curve's convex hull, on
    /// that side). Each curve gives at most `limit` chords, so huge coordinates cannot exhaust
    /// time or memory.
    func flattened(tolerance: Double, transform: CGAffineTransform = .identity, cull: CGRect? = nil,
                   limit: Int = 1 << 14) -> [FlatSubpath] {
        var result: [FlatSubpath] = []
        var subpath = FlatSubpath()
        var last = CGPoint.zero
        func finish() {
            if !subpath.points.isEmpty { result.append(subpath) }
            subpath = FlatSubpath()
        }
        func outside(_ points: [CGPoint]) -> Bool {
            guard let cull else { return false }
            return points.allSatisfy { $0.x < cull.minX } || points.allSatisfy { $0.x > cull.maxX }
                || points.allSatisfy { $0.y < cull.minY } || points.allSatisfy { $0.y > cull.maxY }
        }
        func cubic(_ p: [CGPoint], depth: Int) {
            if outside(p) { return subpath.append(p[3], corner: false) }
            let n = Bezier.segmentCount(secondDifference: Bezier.cubicSecondDifference(p[0], p[1], p[2], p[3]),
                                        degree: 3, tolerance: tolerance, limit: limit)
            if n > 64, depth < 24, cull != nil {
                let (a, b) = Bezier.splitCubic(p, 0.5)
                cubic(a, depth: depth + 1)
                cubic(b, depth: depth + 1)
                return
            }
            for i in 1..<n { subpath.append(Bezier.cubicPoint(p[0], p[1], p[2], p[3], Double(i) / Double(n)), corner: false) }
            subpath.append(p[3], corner: false)
        }
        let identity = transform.isIdentity
        func map(_ p: CGPoint) -> CGPoint { identity ? p : p.applying(transform) }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                last = map(p)
                subpath.append(last, corner: true)
            case .line(let p):
                last = map(p)
                subpath.append(last, corner: true)
            case .quadCurve(let p, let c):
                let end = map(p), control = map(c)
                if outside([last, control, end]) {
                    subpath.append(end, corner: true)
                } else {
                    let n = Bezier.segmentCount(secondDifference: Bezier.quadSecondDifference(last, control, end),
                                                degree: 2, tolerance: tolerance, limit: limit)
                    if n > 64, cull != nil {
                        cubic(Bezier.cubic(fromQuad: last, control, end), depth: 0)
                    } else {
                        for i in 1..<n { subpath.append(Bezier.quadPoint(last, control, end, Double(i) / Double(n)), corner: false) }
                        subpath.append(end, corner: false)
                    }
                    subpath.isCorner[subpath.isCorner.count - 1] = true
                }
                last = end
            case .curve(let p, let c1, let c2):
                let end = map(p)
                cubic([last, map(c1), map(c2), end], depth: 0)
                subpath.isCorner[subpath.isCorner.count - 1] = true
                last = end
            case .closeSubpath:
                subpath.closed = true
                if let first = subpath.points.first { last = first }
                finish()
                // A segment after a close opens a subpath of its own with a move, so nothing
                // continues this one.
            }
        }
        finish()
        return result
    }
}
