import Foundation

/// The outline of a 2D shape (SwiftUI's `Path`): subpaths of lines and quadratic and cubic Bézier
/// curves, in points with y growing down. A value: building one never shares storage visibly.
///
/// Arcs, ellipses and rounded rectangles are stored as the cubic Béziers that approximate them
/// (at most a quarter turn each, with control distance 4/3·tan(θ/4)·r), as SwiftUI documents for
/// `addArc`. Filling closes every open subpath with a straight line.
public struct Path: Sendable, Equatable {
    /// One element of a path (SwiftUI's `Path.Element`).
    public enum Element: Sendable, Equatable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line from the current point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve from the current point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the subpath's first point, closing it.
        case closeSubpath
    }

    /// The elements in order.
    package private(set) var elements: [Element] = []
    /// The first point of the last subpath.
    private var subpathStart: CGPoint?
    /// The point the next segment starts from.
    private var current: CGPoint?
    /// Whether the last element closed its subpath (so the next segment opens a new one).
    private var closed = false

    /// An empty path.
    public init() {}

    /// A path holding one rectangle, drawn from its top-left corner clockwise on screen.
    /// - Parameter rect: the rectangle.
    public init(_ rect: CGRect) { addRect(rect) }

    /// A path holding a rounded rectangle with equal circular corners.
    /// - Parameters:
    ///   - rect: the rectangle.
    ///   - cornerRadius: the corners' radius.
    ///   - style: the corners' shape (default `.continuous`, SwiftUI's current default).
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A path holding a rounded rectangle whose corners have this width and height.
    /// - Parameters:
    ///   - rect: the rectangle.
    ///   - cornerSize: the corners' horizontal and vertical radii.
    ///   - style: the corners' shape (default `.continuous`).
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// A path holding a rounded rectangle whose corners may differ.
    /// - Parameters:
    ///   - rect: the rectangle.
    ///   - cornerRadii: the four corners' radii.
    ///   - style: the corners' shape (default `.continuous`).
    public init(roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerRadii: cornerRadii, style: style)
    }

    /// A path holding the ellipse inscribed in `rect`.
    /// - Parameter rect: the ellipse's bounds.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// An empty path that `build` then adds to.
    /// - Parameter build: adds the path's elements.
    public init(_ build: (inout Path) -> Void) { build(&self) }

    // MARK: Building

    /// Starts a new subpath at `point`.
    /// - Parameter point: the subpath's first point.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
        current = point
        closed = false
    }

    /// Opens a subpath at the current point after a close; false when there is no current point.
    private mutating func continueSubpath() -> Bool {
        guard let current else { return false }
        if closed { move(to: current) }
        return true
    }

    /// Adds a straight line from the current point to `point` (with no current point, the path only
    /// moves to `point`).
    /// - Parameter point: the line's end.
    public mutating func addLine(to point: CGPoint) {
        guard continueSubpath() else { return move(to: point) }
        elements.append(.line(to: point))
        current = point
    }

    /// Adds a subpath through `points`: a move to the first, then lines to the others.
    /// - Parameter points: the polyline's points.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Adds a quadratic Bézier curve from the current point to `end` (with no current point, the
    /// path only moves to `end`).
    /// - Parameters:
    ///   - end: the curve's end.
    ///   - control: its control point.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard continueSubpath() else { return move(to: end) }
        elements.append(.quadCurve(to: end, control: control))
        current = end
    }

    /// Adds a cubic Bézier curve from the current point to `end` (with no current point, the path
    /// only moves to `end`).
    /// - Parameters:
    ///   - end: the curve's end.
    ///   - control1: the control point near the start.
    ///   - control2: the control point near the end.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard continueSubpath() else { return move(to: end) }
        elements.append(.curve(to: end, control1: control1, control2: control2))
        current = end
    }

    /// Closes the current subpath with a line to its first point; the current point becomes that
    /// first point.
    public mutating func closeSubpath() {
        guard current != nil, !closed else { return }
        elements.append(.closeSubpath)
        current = subpathStart
        closed = true
    }

    /// Adds an arc of a circle, as SwiftUI's `addArc(center:radius:startAngle:endAngle:clockwise:transform:)`.
    ///
    /// Angles are measured from the positive x axis towards the positive y axis, which on screen
    /// (y down) is clockwise. `clockwise` names the direction in a y-up system, as Core Graphics
    /// does; SwiftUI documents that "because SwiftUI by default uses a vertically-flipped
    /// coordinate system (with the origin in the top-left of the view), specifying a clockwise arc
    /// results in a counterclockwise arc after the transformation is applied" (Apple's page for
    /// this method; pixeldock.com, "Clocks run backwards in a SwiftUI world"). So
    /// `clockwise: false` runs the angle up from `startAngle` to `endAngle` (clockwise on
    /// screen), `clockwise: true` runs it down (counterclockwise on screen); a sweep beyond a
    /// whole turn is one whole turn.
    ///
    /// A line joins the current point to the arc's start unless they coincide; with no open
    /// subpath the arc opens one.
    /// - Parameters:
    ///   - center: the circle's centre.
    ///   - radius: its radius.
    ///   - startAngle: where the arc starts.
    ///   - endAngle: where it ends.
    ///   - clockwise: the direction, as above.
    ///   - transform: applied to the arc's points before they are added.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle,
                                clockwise: Bool, transform: CGAffineTransform = .identity) {
        let turn = 2 * Double.pi
        var sweep = clockwise ? startAngle.radians - endAngle.radians : endAngle.radians - startAngle.radians
        if sweep < 0 {
            sweep = sweep.truncatingRemainder(dividingBy: turn) + turn
        }
        sweep = min(sweep, turn)
        if !sweep.isFinite { sweep = 0 }
        appendArc(center: center, radii: CGSize(width: radius, height: radius), start: startAngle.radians,
                  sweep: clockwise ? -sweep : sweep, transform: transform, connect: true)
    }

    /// Adds an arc of a circle given by its start and the angle it turns through (SwiftUI's
    /// `addRelativeArc`): a positive `delta` runs the angle up, clockwise on screen. A `delta` of
    /// more than a whole turn is one whole turn.
    /// - Parameters:
    ///   - center: the circle's centre.
    ///   - radius: its radius.
    ///   - startAngle: where the arc starts.
    ///   - delta: the signed angle it turns through.
    ///   - transform: applied to the arc's points before they are added.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        let turn = 2 * Double.pi
        var sweep = delta.radians
        if !sweep.isFinite { sweep = 0 }
        sweep = max(-turn, min(turn, sweep))
        appendArc(center: center, radii: CGSize(width: radius, height: radius), start: startAngle.radians,
                  sweep: sweep, transform: transform, connect: true)
    }

    /// Adds an arc of radius `radius` tangent to the line from the current point to `tangent1End`
    /// and to the line from there to `tangent2End` (Core Graphics' `addArc(tangent1End:tangent2End:radius:)`):
    /// a line to the first tangent point, then the arc. When the three points are collinear, or
    /// the radius is not positive, only the line to `tangent1End` is added; with no current point
    /// the path moves to `tangent1End`.
    /// - Parameters:
    ///   - tangent1End: the corner the two tangent lines meet at.
    ///   - tangent2End: a point on the second tangent line.
    ///   - radius: the arc's radius.
    ///   - transform: applied to the added points.
    public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard let current else { return move(to: tangent1End.applying(transform)) }
        // Work in the untransformed space, where the tangent points are given.
        let p0 = current.applying(transform.inverted())
        let p1 = tangent1End, p2 = tangent2End
        let u = (x: p0.x - p1.x, y: p0.y - p1.y), v = (x: p2.x - p1.x, y: p2.y - p1.y)
        let lu = hypot(u.x, u.y), lv = hypot(v.x, v.y)
        let cross = u.x * v.y - u.y * v.x
        guard radius > 0, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv, radius.isFinite else {
            return addLine(to: p1.applying(transform))
        }
        let d1 = (x: u.x / lu, y: u.y / lu), d2 = (x: v.x / lv, y: v.y / lv)
        let cosine = max(-1, min(1, d1.x * d2.x + d1.y * d2.y))
        let half = acos(cosine) / 2  // half the angle between the two lines at p1
        let along = radius / tan(half)
        let t1 = CGPoint(x: p1.x + d1.x * along, y: p1.y + d1.y * along)
        let t2 = CGPoint(x: p1.x + d2.x * along, y: p1.y + d2.y * along)
        let bx = d1.x + d2.x, by = d1.y + d2.y, lb = hypot(bx, by)
        let distance = radius / sin(half)
        let centre = CGPoint(x: p1.x + bx / lb * distance, y: p1.y + by / lb * distance)
        let a1 = atan2(t1.y - centre.y, t1.x - centre.x), a2 = atan2(t2.y - centre.y, t2.x - centre.x)
        var sweep = a2 - a1
        while sweep > .pi { sweep -= 2 * .pi }
        while sweep <= -.pi { sweep += 2 * .pi }
        appendArc(center: centre, radii: CGSize(width: radius, height: radius), start: a1, sweep: sweep,
                  transform: transform, connect: true)
    }

    /// Adds a rectangle as a closed subpath: from its top-left corner to the top-right, the
    /// bottom-right, the bottom-left (clockwise on screen), then closed.
    /// - Parameters:
    ///   - rect: the rectangle (standardised first).
    ///   - transform: applied to its corners.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY).applying(transform))
        addLine(to: CGPoint(x: r.minX, y: r.maxY).applying(transform))
        closeSubpath()
    }

    /// Adds each rectangle as its own closed subpath.
    /// - Parameters:
    ///   - rects: the rectangles.
    ///   - transform: applied to their corners.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic Béziers, starting at
    /// the rightmost point and running clockwise on screen (the angle increasing), as Core
    /// Graphics' `addEllipse(in:)` does.
    /// - Parameters:
    ///   - rect: the ellipse's bounds (standardised first).
    ///   - transform: applied to its points.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        appendArc(center: CGPoint(x: r.midX, y: r.midY), radii: CGSize(width: r.width / 2, height: r.height / 2),
                  start: 0, sweep: 2 * .pi, transform: transform, connect: false)
        closeSubpath()
    }

    /// Adds the elements of `path`, each point mapped by `transform`.
    /// - Parameters:
    ///   - path: the path to add.
    ///   - transform: applied to its points.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .move(let p): move(to: p.applying(transform))
            case .line(let p): addLine(to: p.applying(transform))
            case .quadCurve(let p, let c): addQuadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                addCurve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// Appends an elliptical arc as cubic Béziers of at most a quarter turn each. The point at
    /// angle a is centre + (rx·cos a, ry·sin a), mapped by `transform`. With `connect`, an open
    /// subpath is joined to the arc's start by a line (unless they coincide); otherwise, or with
    /// no open subpath, the arc starts a new subpath.
    mutating func appendArc(center: CGPoint, radii: CGSize, start: Double, sweep: Double,
                            transform: CGAffineTransform, connect: Bool) {
        func point(_ a: Double) -> CGPoint {
            CGPoint(x: center.x + radii.width * cos(a), y: center.y + radii.height * sin(a))
        }
        let first = point(start).applying(transform)
        if connect, let current, !closed {
            if current != first { addLine(to: first) }
        } else {
            move(to: first)
        }
        guard sweep != 0, sweep.isFinite else { return }
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<count {
            let a0 = start + step * Double(i), a1 = i == count - 1 ? start + sweep : a0 + step
            let p0 = point(a0), p3 = point(a1)
            let c1 = CGPoint(x: p0.x - k * radii.width * sin(a0), y: p0.y + k * radii.height * cos(a0))
            let c2 = CGPoint(x: p3.x + k * radii.width * sin(a1), y: p3.y - k * radii.height * cos(a1))
            addCurve(to: p3.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
        }
    }

    // MARK: Reading

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment would start from: the last element's end point (a closed
    /// subpath's first point after `closeSubpath`), or nil for an empty path.
    public var currentPoint: CGPoint? { current }

    /// Calls `body` with each element in order.
    /// - Parameter body: receives each element.
    public func forEach(_ body: (Element) -> Void) {
        for element in elements { body(element) }
    }

    /// The smallest rectangle holding every point of the path, curves included but not their
    /// control points (Core Graphics' `boundingBoxOfPath`); `CGRect.null` for an empty path.
    public var boundingRect: CGRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        var last = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                add(p); last = p
            case .quadCurve(let p, let c):
                add(p)
                for t in Bezier.quadExtrema(last, c, p) { add(Bezier.quadPoint(last, c, p, t)) }
                last = p
            case .curve(let p, let c1, let c2):
                add(p)
                for t in Bezier.cubicExtrema(last, c1, c2, p) { add(Bezier.cubicPoint(last, c1, c2, p, t)) }
                last = p
            case .closeSubpath:
                break
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The path with every point mapped by `transform`.
    /// - Parameter transform: the transform.
    public func applying(_ transform: CGAffineTransform) -> Path {
        if transform.isIdentity { return self }
        var result = Path()
        result.addPath(self, transform: transform)
        return result
    }

    /// The path moved by (`dx`, `dy`).
    /// - Parameters:
    ///   - dx: the horizontal offset.
    ///   - dy: the vertical offset.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        applying(CGAffineTransform(translationX: dx, y: dy))
    }

    /// Whether `point` is inside the path filled by the non-zero rule, or the even-odd rule with
    /// `eoFill`. Curves are flattened to within 10⁻⁴ points; points on an edge count as inside
    /// by the half-open rule of the crossing test.
    /// - Parameters:
    ///   - point: the point to test.
    ///   - eoFill: use the even-odd rule.
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        var winding = 0
        for subpath in flattened(tolerance: 1e-4) {
            let points = subpath.points
            guard points.count > 1 else { continue }
            var previous = points[points.count - 1]
            for p in points {
                if (previous.y <= point.y) != (p.y <= point.y) {
                    let x = previous.x + (point.y - previous.y) / (p.y - previous.y) * (p.x - previous.x)
                    if x > point.x { winding += p.y > previous.y ? 1 : -1 }
                }
                previous = p
            }
        }
        return eoFill ? winding & 1 != 0 : winding != 0
    }
}

extension Path: Shape {
    /// The path itself, whatever the rectangle.
    public func path(in rect: CGRect) -> Path { self }
}
