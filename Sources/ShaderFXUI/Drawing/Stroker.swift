import Foundation

// The stroker: a path's stroke as an outline to fill with the non-zero rule.
//
// Each subpath is flattened (curves to chords within `Path.strokeTolerance`), dashed if asked,
// and outlined as one contour per open polyline (one side forward, the end cap, the other side
// back, the start cap) or two per closed one (each side as a loop). That contour is, as a sum of
// edges, exactly the sum of the boundaries of simpler pieces all turning the same way: one
// rectangle per segment, one wedge per join on the outer side of each turn, one cap per end.
// Edges that two pieces share cancel, so the contour's winding number at every point is the
// number of pieces covering it, and the non-zero rule fills exactly their union, however the
// pieces overlap (tight curves, short segments, U-turns). On the inner side of a turn the contour
// passes through the vertex itself, except where the two inner offset edges meet well inside
// both segments (the turn's inner recess, w/2 · tan(θ/2), at most half of each segment's length,
// and the turn under 90°): there it takes the meeting point, which changes the winding only
// where both segments' rectangles already cover, by one.
//
// Joins: `.miter` extends the outer edges to their meeting point unless the miter length over
// the line width, 1 / cos(θ/2) for a turn of θ, exceeds `miterLimit` (then a bevel); `.round` adds
// an arc of the half width about the vertex; `.bevel` joins the outer corners. Inside flattened
// curves the joins are miters for turns under 10° (within 0.4 % of the half width of the true
// offset) and round otherwise. Caps: `.butt` ends at the end point; `.square` runs on by half the
// width; `.round` adds a half disc. A zero-length subpath (or dash) gets a disc for round caps, an
// axis-aligned square for square caps, nothing for butt caps, as Core Graphics draws them.
// Dashes follow Core Graphics: lengths alternate dash and gap from the subpath's start offset
// by `dashPhase`; an odd count repeats; negative, non-finite or all-zero patterns are solid.
// Dashes do not wrap around a closed subpath's start.

extension Path {
    /// The flattening tolerance of `strokedPath`, in the path's own units (points): every chord
    /// lies within this distance of its curve, so at @3x within 0.003 px.
    public static let strokeTolerance: CGFloat = 0.001

    /// The outline of the path stroked with `style`, as a closed path to fill with the non-zero
    /// rule (the stroker's method and guarantees are in `Stroker.swift`'s header). A line width
    /// that is not positive and finite gives an empty path.
    /// - Parameter style: the stroke's width, caps, joins and dashes.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        let half = style.lineWidth / 2
        guard half > 0, half.isFinite else { return Path() }
        var stroker = Stroker(style: style, half: half)
        var subpaths = flattened(tolerance: Path.strokeTolerance).map { $0.withoutRepeats() }
        if let pattern = Stroker.dashPattern(style) {
            subpaths = subpaths.flatMap { Stroker.dash($0, pattern: pattern, phase: style.dashPhase) }.map { $0.withoutRepeats() }
        }
        for subpath in subpaths { stroker.stroke(subpath) }
        return stroker.path
    }
}

extension FlatSubpath {
    /// The polyline with consecutive repeated points (and a closed one's final repeat of its
    /// first point) removed; a dropped point's corner flag passes to the point it repeats.
    func withoutRepeats() -> FlatSubpath {
        var result = FlatSubpath(closed: closed)
        for (p, corner) in zip(points, isCorner) where p.x.isFinite && p.y.isFinite {
            if let last = result.points.last, last == p {
                result.isCorner[result.isCorner.count - 1] = result.isCorner[result.isCorner.count - 1] || corner
            } else {
                result.append(p, corner: corner)
            }
        }
        if closed, result.points.count > 1, result.points.first == result.points.last {
            result.points.removeLast()
            result.isCorner.removeLast()
            result.isCorner[0] = true
        }
        return result
    }
}

/// Builds a stroke's outline into a path.
struct Stroker {
    let style: StrokeStyle
    let half: Double
    var path = Path()

    init(style: StrokeStyle, half: Double) {
        self.style = style
        self.half = half
    }

    /// One part of a side of the outline: a point, or an arc about a centre from one angle
    /// through a signed sweep (its start is the point before it, its end the point after it).
    enum Step {
        case point(CGPoint)
        case arc(center: CGPoint, start: Double, sweep: Double)

        var reversed: Step {
            switch self {
            case .point: return self
            case .arc(let c, let start, let sweep): return .arc(center: c, start: start + sweep, sweep: -sweep)
            }
        }
    }

    /// The dash pattern to use, or nil for a solid line.
    static func dashPattern(_ style: StrokeStyle) -> [Double]? {
        let dash = style.dash.map { Double($0) }
        guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }), dash.reduce(0, +) > 0,
              style.dashPhase.isFinite else { return nil }
        return dash.count % 2 == 1 ? dash + dash : dash
    }

    /// The dashes of one polyline: open polylines, each point keeping its corner flag.
    static func dash(_ subpath: FlatSubpath, pattern: [Double], phase: Double) -> [FlatSubpath] {
        var points = subpath.points, corners = subpath.isCorner
        guard let first = points.first else { return [] }
        if subpath.closed { points.append(first); corners.append(true) }
        let period = pattern.reduce(0, +)
        var offset = phase.truncatingRemainder(dividingBy: period)
        if offset < 0 { offset += period }
        // Where in the pattern the start lies.
        var index = 0
        while offset >= pattern[index] {
            offset -= pattern[index]
            index = (index + 1) % pattern.count
        }
        var remaining = pattern[index] - offset  // of the current dash or gap
        var on = index % 2 == 0
        var result: [FlatSubpath] = []
        var current = FlatSubpath()
        if on { current.append(first, corner: true) }
        func flip(at p: CGPoint) {
            if on {
                current.append(p, corner: true)
                result.append(current)
                current = FlatSubpath()
            } else {
                current.append(p, corner: true)
            }
            on.toggle()
            index = (index + 1) % pattern.count
            remaining = pattern[index]
        }
        var flips = 0  // bounded, so a tiny pattern over a long path cannot run away
        for i in 1..<max(1, points.count) where points.count > 1 {
            let a = points[i - 1], b = points[i]
            let length = hypot(b.x - a.x, b.y - a.y)
            var travelled = 0.0
            while length - travelled > remaining, flips < 1 << 20 {
                flips += 1
                travelled += remaining
                let t = travelled / length
                flip(at: CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
            remaining -= length - travelled
            if on { current.append(b, corner: corners[i]) }
        }
        if on, !current.points.isEmpty { result.append(current) }
        return result
    }

    mutating func stroke(_ subpath: FlatSubpath) {
        let points = subpath.points
        guard let first = points.first else { return }
        if points.count == 1 { return dot(first) }
        let closed = subpath.closed
        let count = points.count
        let segmentCount = closed ? count : count - 1
        var directions: [(Double, Double)] = [], lengths: [Double] = []
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % count]
            let length = hypot(b.x - a.x, b.y - a.y)
            directions.append(((b.x - a.x) / length, (b.y - a.y) / length))
            lengths.append(length)
        }
        // Side P is p − n·w/2 and side N is p + n·w/2, n the direction turned by +90° (−dy, dx):
        // P forward then N backward turns positively, as arcs with a rising angle do.
        var sideP: [Step] = [], sideN: [Step] = []
        func offset(_ p: CGPoint, _ d: (Double, Double), _ sign: Double) -> CGPoint {
            CGPoint(x: p.x + sign * -d.1 * half, y: p.y + sign * d.0 * half)
        }
        let vertices = closed ? Array(0..<count) : Array(1..<(count - 1))
        if !closed {
            sideP.append(.point(offset(points[0], directions[0], -1)))
            sideN.append(.point(offset(points[0], directions[0], 1)))
        }
        for v in vertices {
            let before = (v - 1 + segmentCount) % segmentCount, after = v % segmentCount
            let d1 = directions[before], d2 = directions[after]
            let p = points[v]
            let cross = d1.0 * d2.1 - d1.1 * d2.0, dot = d1.0 * d2.0 + d1.1 * d2.1
            let turn = atan2(abs(cross), dot)  // 0 straight on, π a U-turn
            // Turning towards +n puts +n inside: P is the outer side.
            let outerSign: Double = cross > 0 ? -1 : 1
            let outer = join(at: p, d1, d2, sign: outerSign, turn: turn, corner: subpath.isCorner[v])
            let inner = innerJoin(at: p, d1, d2, sign: -outerSign, turn: turn,
                                  room: min(lengths[before], lengths[after]))
            if outerSign < 0 { sideP += outer; sideN += inner } else { sideN += outer; sideP += inner }
        }
        if closed {
            emitLoop(sideP)
            emitLoop(sideN.reversed().map(\.reversed))
            return
        }
        let last = points[count - 1], dEnd = directions[segmentCount - 1], dStart = directions[0]
        sideP.append(.point(offset(last, dEnd, -1)))
        sideN.append(.point(offset(last, dEnd, 1)))
        var contour = sideP
        contour += cap(at: last, direction: dEnd, from: -1)
        contour += sideN.reversed().map(\.reversed)
        contour += cap(at: points[0], direction: (-dStart.0, -dStart.1), from: -1)
        emitLoop(contour)
    }

    /// The outer side of a join at `p`, from the offset of the segment before to that of the one after.
    private func join(at p: CGPoint, _ d1: (Double, Double), _ d2: (Double, Double), sign: Double,
                      turn: Double, corner: Bool) -> [Step] {
        let o1 = CGPoint(x: p.x + sign * -d1.1 * half, y: p.y + sign * d1.0 * half)
        let o2 = CGPoint(x: p.x + sign * -d2.1 * half, y: p.y + sign * d2.0 * half)
        if turn < 1e-9 { return [.point(o1), .point(o2)] }
        var kind = style.lineJoin
        if !corner { kind = turn < 10 * .pi / 180 ? .miter : .round }
        switch kind {
        case .miter:
            let ratio = 1 / cos(turn / 2)
            if (corner && ratio > style.miterLimit) || !ratio.isFinite || turn > .pi - 1e-9 { return [.point(o1), .point(o2)] }
            let bx = o1.x + o2.x - 2 * p.x, by = o1.y + o2.y - 2 * p.y, lb = hypot(bx, by)
            let tip = CGPoint(x: p.x + bx / lb * half * ratio, y: p.y + by / lb * half * ratio)
            return [.point(o1), .point(tip), .point(o2)]
        case .bevel:
            return [.point(o1), .point(o2)]
        case .round:
            let a1 = atan2(o1.y - p.y, o1.x - p.x)
            // The arc turns through the turn's angle, bulging forward along d1.
            var sweep = turn
            let mid = a1 + sweep / 2
            if cos(mid) * d1.0 + sin(mid) * d1.1 < 0 { sweep = -sweep }
            return [.point(o1), .arc(center: p, start: a1, sweep: sweep), .point(o2)]
        }
    }

    /// The inner side of a join: the inner offset edges' meeting point where that is safe (see
    /// the file's header), otherwise through the vertex.
    private func innerJoin(at p: CGPoint, _ d1: (Double, Double), _ d2: (Double, Double), sign: Double,
                           turn: Double, room: Double) -> [Step] {
        let i1 = CGPoint(x: p.x + sign * -d1.1 * half, y: p.y + sign * d1.0 * half)
        let i2 = CGPoint(x: p.x + sign * -d2.1 * half, y: p.y + sign * d2.0 * half)
        if turn < 1e-9 { return [.point(i1), .point(i2)] }
        if turn < .pi / 2, half * tan(turn / 2) <= room / 2 {
            let bx = i1.x + i2.x - 2 * p.x, by = i1.y + i2.y - 2 * p.y, lb = hypot(bx, by)
            let ratio = 1 / cos(turn / 2)
            return [.point(CGPoint(x: p.x + bx / lb * half * ratio, y: p.y + by / lb * half * ratio))]
        }
        return [.point(i1), .point(p), .point(i2)]
    }

    /// An end cap at `p` for a line leaving in `direction`, from the side p + from·n·w/2 (n the
    /// direction turned by +90°) round to the other side. At the start the direction is reversed,
    /// so its n is the line's −n and `from: -1` is again the side the contour arrives on.
    private func cap(at p: CGPoint, direction d: (Double, Double), from sign: Double) -> [Step] {
        let a = CGPoint(x: p.x + sign * -d.1 * half, y: p.y + sign * d.0 * half)
        let b = CGPoint(x: p.x - sign * -d.1 * half, y: p.y - sign * d.0 * half)
        switch style.lineCap {
        case .butt:
            return []
        case .square:
            return [.point(CGPoint(x: a.x + d.0 * half, y: a.y + d.1 * half)),
                    .point(CGPoint(x: b.x + d.0 * half, y: b.y + d.1 * half))]
        case .round:
            return [.arc(center: p, start: atan2(a.y - p.y, a.x - p.x), sweep: .pi), .point(b)]
        }
    }

    /// A zero-length subpath's mark.
    private mutating func dot(_ p: CGPoint) {
        switch style.lineCap {
        case .butt: return
        case .round: path.addEllipse(in: CGRect(x: p.x - half, y: p.y - half, width: 2 * half, height: 2 * half))
        case .square: path.addRect(CGRect(x: p.x - half, y: p.y - half, width: 2 * half, height: 2 * half))
        }
    }

    /// Adds one closed contour.
    private mutating func emitLoop(_ steps: [Step]) {
        var started = false
        for step in steps {
            switch step {
            case .point(let p):
                if !started { path.move(to: p); started = true } else if path.currentPoint != p { path.addLine(to: p) }
            case .arc(let c, let start, let sweep):
                if !started { path.move(to: CGPoint(x: c.x + half * cos(start), y: c.y + half * sin(start))); started = true }
                path.appendArc(center: c, radii: CGSize(width: half, height: half), start: start, sweep: sweep,
                               transform: .identity, connect: true)
            }
        }
        if started { path.closeSubpath() }
    }
}
