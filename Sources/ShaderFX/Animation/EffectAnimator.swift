/// A built-in effect that taps and drags drive, as the seeds' gestures drive theirs.
public protocol GestureDrivenEffect: BuiltInEffect {
    /// The parameter values at `time`, given the gestures so far.
    /// - Parameters:
    ///   - time: seconds on the event script's clock.
    ///   - events: the taps and drags.
    ///   - size: the picture's size in points.
    ///   - base: the values given on the command line (defaults for the rest).
    static func values(at time: Double, events: EventScript, size: SIMD2<Double>, base: ParameterValues) throws(ParameterError) -> ParameterValues

    /// How long the animation runs by itself: until the last gesture's effect has died away.
    static func naturalDuration(events: EventScript, size: SIMD2<Double>, base: ParameterValues) throws(ParameterError) -> Double
}

/// Computes a built-in effect's passes at any time: the frames of `shaderfx animate`.
///
/// Each frame is a pure function of its time, so any sub-range of frames renders exactly as
/// it would within the whole run.
public struct EffectAnimator: Sendable {
    /// The effect.
    public let effect: any BuiltInEffect.Type
    /// The values given by the user; the animation overrides the ones it drives.
    public let base: ParameterValues
    /// Taps and drags (empty for time-driven effects).
    public let events: EventScript
    /// The picture's size in points.
    public let size: SIMD2<Double>

    /// An animator for `effect` with the user's `base` values, `events` and picture `size`.
    public init(effect: any BuiltInEffect.Type, base: ParameterValues, events: EventScript, size: SIMD2<Double>) {
        self.effect = effect
        self.base = base
        self.events = events
        self.size = size
    }

    /// The parameter values at `time` seconds.
    public func values(at time: Double) throws(ParameterError) -> ParameterValues {
        switch effect.animation {
        case .still:
            return base
        case let .time(parameter, _):
            var values = base
            values.raw[parameter] = format(time)
            return values
        case let .touch(parameter):
            var values = base
            if let point = touch(at: time) { values.raw[parameter] = "\(format(point.x)),\(format(point.y))" }
            return values
        case .gesture:
            guard let driven = effect as? any GestureDrivenEffect.Type else { return base }
            return try driven.values(at: time, events: events, size: size, base: base)
        }
    }

    /// The passes to render at `time` seconds.
    public func passes(at time: Double) throws(ParameterError) -> [Effect] {
        try effect.init(values: values(at: time)).passes
    }

    /// The effect's own length in seconds, or nil when it has none (then a duration must be given).
    public func naturalDuration() throws(ParameterError) -> Double? {
        switch effect.animation {
        case .still: return nil
        case let .time(_, duration): return duration
        case .touch: return lastEventTime.map { $0 + 1 }
        case .gesture:
            guard let driven = effect as? any GestureDrivenEffect.Type else { return nil }
            return try driven.naturalDuration(events: events, size: size, base: base)
        }
    }

    /// The time of the last tap or drag point.
    var lastEventTime: Double? {
        (events.taps.map(\.time) + events.drags.flatMap { $0.points.map(\.time) }).max()
    }

    /// Where the touch is at `time`: the latest tap, or a drag's point interpolated in time.
    func touch(at time: Double) -> SIMD2<Double>? {
        var best: (time: Double, point: SIMD2<Double>)?
        func consider(_ t: Double, _ p: SIMD2<Double>) {
            if t <= time, t >= (best?.time ?? -.infinity) { best = (t, p) }
        }
        for tap in events.taps { consider(tap.time, SIMD2(tap.x, tap.y)) }
        for drag in events.drags {
            let points = drag.points
            for (a, b) in zip(points, points.dropFirst()) where a.time <= time && time < b.time {
                let f = (time - a.time) / (b.time - a.time)
                consider(time, SIMD2(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f))
            }
            if let last = points.last { consider(last.time, SIMD2(last.x, last.y)) }
        }
        return best?.point
    }

    private func format(_ value: Double) -> String {
        // Full precision, so the effect sees exactly this frame's time.
        "\(value)"
    }
}

extension Ripple: GestureDrivenEffect {
    /// Seed 000's RippleEffect: each tap restarts a keyframe animation of `elapsedTime` from 0
    /// to 3 s (MoveKeyframe(0), LinearKeyframe(3, duration: 3)) at the tap's point; the effect is
    /// enabled only while 0 < elapsedTime < 3.
    public static func values(at time: Double, events: EventScript, size: SIMD2<Double>, base: ParameterValues) throws(ParameterError) -> ParameterValues {
        let taps = events.taps.sorted { $0.time < $1.time }
        let duration = Double(Self.duration)
        let timeline = TriggeredTimeline(initialValue: 0.0, triggerTimes: taps.map(\.time)) { _ in
            KeyframeTrack {
                MoveKeyframe(0.0)
                LinearKeyframe(duration, duration: duration)
            }
        }
        var values = base
        if let active = timeline.activeTrigger(at: time) {
            let tap = taps[active.index]
            values.raw["origin"] = "\(tap.x),\(tap.y)"
            values.raw["time"] = "\(timeline.value(time: time))"
        } else {
            values.raw["time"] = "0"
        }
        return values
    }

    public static func naturalDuration(events: EventScript, size: SIMD2<Double>, base: ParameterValues) throws(ParameterError) -> Double {
        (events.taps.map(\.time).max() ?? 0) + Double(duration)
    }
}
