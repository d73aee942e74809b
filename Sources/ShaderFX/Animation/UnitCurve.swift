/// A point in a unit coordinate space, as SwiftUI's `UnitPoint`: (0, 0) and (1, 1) are the
/// corners of the unit square; in a view's own square (0, 0) is its top-leading corner and
/// (1, 1) its bottom-trailing one. The control points of a `UnitCurve`, a placement's anchor, a
/// gradient's start and end.
public struct UnitPoint: Sendable, Hashable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// A point from its coordinates.
    /// - Parameters:
    ///   - x: the horizontal coordinate.
    ///   - y: the vertical coordinate.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A function from progress in 0...1 to a fraction of the change, as SwiftUI's `UnitCurve`:
/// a cubic Bézier from (0, 0) to (1, 1) with two control points, solved for y at a given x.
///
/// The named curves use the CSS/SwiftUI control points. `value(at:)` solves x(s) = progress for
/// the curve parameter s with Newton's method, falling back to bisection (the curve's x is
/// monotonic because control x coordinates are kept in 0...1), to within 1e-12.
public struct UnitCurve: Sendable, Hashable {
    /// The first control point (x clamped to 0...1).
    public let startControlPoint: UnitPoint
    /// The second control point (x clamped to 0...1).
    public let endControlPoint: UnitPoint

    private init(_ start: UnitPoint, _ end: UnitPoint) {
        // x outside 0...1 would make x(s) non-monotonic and the curve not a function of x (CSS forbids it).
        startControlPoint = UnitPoint(x: min(max(start.x, 0), 1), y: start.y)
        endControlPoint = UnitPoint(x: min(max(end.x, 0), 1), y: end.y)
    }

    /// Constant speed: y = x. Control points (0, 0) and (1, 1).
    public static let linear = UnitCurve(UnitPoint(x: 0, y: 0), UnitPoint(x: 1, y: 1))
    /// Starts slowly, ends at full speed. Control points (0.42, 0) and (1, 1).
    public static let easeIn = UnitCurve(UnitPoint(x: 0.42, y: 0), UnitPoint(x: 1, y: 1))
    /// Starts at full speed, ends slowly. Control points (0, 0) and (0.58, 1).
    public static let easeOut = UnitCurve(UnitPoint(x: 0, y: 0), UnitPoint(x: 0.58, y: 1))
    /// Slow at both ends. Control points (0.42, 0) and (0.58, 1).
    public static let easeInOut = UnitCurve(UnitPoint(x: 0.42, y: 0), UnitPoint(x: 0.58, y: 1))

    /// A cubic Bézier curve from (0, 0) to (1, 1) through two control points.
    /// - Parameters:
    ///   - startControlPoint: the first control point; its x is clamped to 0...1.
    ///   - endControlPoint: the second control point; its x is clamped to 0...1.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(startControlPoint, endControlPoint)
    }

    /// The fraction of the change reached at `progress` (clamped to 0...1).
    /// - Parameter progress: the fraction of the duration elapsed.
    public func value(at progress: Double) -> Double {
        let x = clampedProgress(progress)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return bezier(startControlPoint.y, endControlPoint.y, at: parameter(forX: x))
    }

    /// The slope dy/dx at `progress` (clamped to 0...1): the rate of change per unit of progress.
    /// - Parameter progress: the fraction of the duration elapsed.
    public func velocity(at progress: Double) -> Double {
        let x = clampedProgress(progress)
        let p1 = startControlPoint, p2 = endControlPoint
        // At the ends the Bézier's tangent points at the nearest control point that differs from the end.
        if x == 0 {
            if p1.x != 0 || p1.y != 0 { return p1.y / p1.x }
            if p2.x != 0 || p2.y != 0 { return p2.y / p2.x }
            return 1
        }
        if x == 1 {
            if p2.x != 1 || p2.y != 1 { return (1 - p2.y) / (1 - p2.x) }
            if p1.x != 1 || p1.y != 1 { return (1 - p1.y) / (1 - p1.x) }
            return 1
        }
        let s = parameter(forX: x)
        let dx = derivative(p1.x, p2.x, at: s)
        if dx > 1e-9 { return derivative(p1.y, p2.y, at: s) / dx }
        // A cusp in x(s) (control x at 1 and 0): fall back to a central difference in x.
        let h = 1e-6
        return (value(at: x + h) - value(at: x - h)) / (min(x + h, 1) - max(x - h, 0))
    }

    private func clampedProgress(_ progress: Double) -> Double {
        progress.isNaN ? 0 : min(max(progress, 0), 1)
    }

    /// One coordinate of the Bézier (0, c1, c2, 1) at parameter s.
    private func bezier(_ c1: Double, _ c2: Double, at s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }

    /// d/ds of `bezier(c1, c2, at: s)`.
    private func derivative(_ c1: Double, _ c2: Double, at s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }

    /// The curve parameter s in 0...1 where x(s) = x: Newton steps, then bisection if they fail.
    private func parameter(forX x: Double) -> Double {
        let c1 = startControlPoint.x, c2 = endControlPoint.x
        var s = x
        for _ in 0..<8 {
            let error = bezier(c1, c2, at: s) - x
            if abs(error) < 1e-12 { return s }
            let slope = derivative(c1, c2, at: s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
            if s < 0 || s > 1 { break }
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<100 {
            let value = bezier(c1, c2, at: s)
            if abs(value - x) < 1e-12 { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
