/// One ripple of the ripple-refraction effect: where and when it starts, and how strong it is.
public struct RippleEvent: Sendable, Hashable {
    /// Horizontal position in points.
    public var x: Double
    /// Vertical position in points.
    public var y: Double
    /// Seconds since the start at which the ripple was added.
    public var birthTime: Double
    /// 0.8 for a ripple added while dragging, 1 for one added at lift-off.
    public var strength: Float

    /// A ripple at (`x`, `y`) born at `birthTime`.
    /// - Parameters:
    ///   - x: horizontal position in points.
    ///   - y: vertical position in points.
    ///   - birthTime: seconds since the start.
    ///   - strength: the ripple's strength.
    public init(x: Double, y: Double, birthTime: Double, strength: Float) {
        self.x = x
        self.y = y
        self.birthTime = birthTime
        self.strength = strength
    }
}

extension EventScript {
    /// The ripple-refraction seed's throttle: `onChanged` adds a ripple only when more than this
    /// many seconds have passed since the last ripple it added.
    public static let rippleThrottleInterval = 0.18
    /// The strength of a ripple added by `onChanged` while dragging.
    public static let dragRippleStrength: Float = 0.8
    /// The strength of the ripple added by `onEnded` at lift-off.
    public static let releaseRippleStrength: Float = 1

    /// The ripples the ripple-refraction seed's `DragGesture(minimumDistance: 0)` adds for `drags`.
    ///
    /// Every point of a drag is an `onChanged` report; the last point is also the `onEnded`.
    /// `onChanged` adds a ripple of strength 0.8 at the point only if more than 0.18 s passed
    /// since `lastMove`, and then sets `lastMove` to the point's time; `lastMove` is one variable
    /// for all drags, "long ago" at first, and only `onChanged` sets it. `onEnded` always adds a
    /// ripple of strength 1 at the last point. Reports of all drags are handled in time order
    /// (at equal times, in script order, a drag's `onEnded` after its last `onChanged`).
    /// The test is the seed's strict `>` on the script's times as Doubles, so a gap of exactly
    /// 0.18 s written in decimal may fall either way through rounding; keep scripted gaps clear of it.
    /// - Parameter drags: the drags, each with at least one point (empty drags add nothing).
    /// - Returns: the ripples in the order they are added.
    public static func rippleEvents(for drags: [Drag]) -> [RippleEvent] {
        struct Report {
            var touch: Touch
            var ended: Bool
        }
        var reports: [Report] = []
        for drag in drags {
            for point in drag.points { reports.append(Report(touch: point, ended: false)) }
            if let last = drag.points.last { reports.append(Report(touch: last, ended: true)) }
        }
        // Stable sort by time: equal times keep script order.
        let ordered = reports.indices.sorted {
            (reports[$0].touch.time, $0) < (reports[$1].touch.time, $1)
        }.map { reports[$0] }

        var ripples: [RippleEvent] = []
        var lastMove = -Double.infinity
        for report in ordered {
            let touch = report.touch
            if report.ended {
                ripples.append(RippleEvent(x: touch.x, y: touch.y, birthTime: touch.time, strength: releaseRippleStrength))
            } else if touch.time - lastMove > rippleThrottleInterval {
                lastMove = touch.time
                ripples.append(RippleEvent(x: touch.x, y: touch.y, birthTime: touch.time, strength: dragRippleStrength))
            }
        }
        return ripples
    }

    /// The ripples this script's touches add to the ripple-refraction effect.
    ///
    /// `DragGesture(minimumDistance: 0)` catches taps as well, so each tap counts as a drag of one
    /// point (an `onChanged` and an `onEnded` at the same place and time) unless `includingTaps` is false.
    /// - Parameter includingTaps: whether taps add ripples too.
    /// - Returns: the ripples in the order they are added.
    public func rippleEvents(includingTaps: Bool = true) -> [RippleEvent] {
        let tapDrags = includingTaps ? taps.map { Drag(points: [$0]) } : []
        return Self.rippleEvents(for: tapDrags + drags)
    }
}
