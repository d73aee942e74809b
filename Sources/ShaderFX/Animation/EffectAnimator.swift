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

    /// Parameters that follow keyframes, by name; they override what the effect's own
    /// animation and `base` give them.
    public let keyframes: [String: KeyframedArgument]

    /// An animator for `effect` with the user's `base` values, `events` and picture `size`,
    /// its parameters in `keyframes` (read by `keyframes(_:of:base:)`) following them.
    public init(effect: any BuiltInEffect.Type, base: ParameterValues, events: EventScript, size: SIMD2<Double>,
                keyframes: [String: KeyframedArgument] = [:]) {
        self.effect = effect
        self.base = base
        self.events = events
        self.size = size
        self.keyframes = keyframes
    }

    /// Reads keyframes of `effect`'s float, point and colour parameters by name (a value at
    /// each time, the curve leading into it, held before the first and after the last), as a
    /// `--shader`'s arguments have them; once, before any frame.
    /// - Throws: `ParameterError`, its reason saying what was expected: for a name the effect
    ///   does not have, a parameter of another type, a malformed keyframe, a keyframe value the
    ///   effect refuses (out of its range), or keyframes of a parameter that `base` also gives.
    public static func keyframes(_ keyframes: [String: [ArgumentKeyframe]], of effect: any BuiltInEffect.Type,
                                 base: ParameterValues) throws(ParameterError) -> [String: KeyframedArgument] {
        var read: [String: KeyframedArgument] = [:]
        for (name, list) in keyframes.sorted(by: { $0.key < $1.key }) {
            guard let parameter = effect.options.first(where: { $0.name == name }) else {
                let movable = effect.options.filter { keyframeType($0.type) != nil }.map(\.name)
                throw ParameterError(parameter: name, reason: movable.isEmpty
                    ? "a parameter to keyframe, but \(effect.name) has no float, point or colour parameters"
                    : "one of \(effect.name)'s float, point and colour parameters (\(movable.joined(separator: ", ")))")
            }
            guard let type = keyframeType(parameter.type) else {
                throw ParameterError(parameter: name, reason: "a float, point or colour parameter (\(name) is a \(parameter.type.rawValue))")
            }
            guard base.raw[name] == nil else {
                throw ParameterError(parameter: name, reason: "either --\(name) or keyframes for \(name), not both")
            }
            let argument: KeyframedArgument
            do { argument = try KeyframedArgument(list, type: type) } catch {
                let which = error.index.map { "keyframe \($0 + 1) (at \(ValueForms.format(list[$0].time)) s)" } ?? "the keyframes"
                throw ParameterError(parameter: name, reason: "\(error.expected) in \(which)")
            }
            // Every keyframe's value must be one the effect takes; values between keyframes lie
            // between them (or along a curve that may overshoot, checked when the frame is drawn).
            for (index, time) in argument.times.enumerated() {
                var values = base
                values.raw[name] = text(argument.components(at: time))
                do { _ = try effect.init(values: values) } catch {
                    throw ParameterError(parameter: name, reason: "values \(effect.name) takes in keyframe \(index + 1) (at \(ValueForms.format(time)) s: \(error.reason))")
                }
            }
            read[name] = argument
        }
        return read
    }

    /// The shader type a parameter's keyframes are read as, or nil when it cannot have any.
    static func keyframeType(_ type: ValueType) -> ParameterType? {
        switch type {
        case .float: .float
        case .point: .vec2
        case .color: .vec4
        default: nil
        }
    }

    /// Components as a parameter's text: `x`, `x,y`, or a colour's straight `r,g,b,a`.
    static func text(_ components: [Float]) -> String {
        components.map { "\($0)" }.joined(separator: ",")
    }

    /// The parameter values at `time` seconds.
    public func values(at time: Double) throws(ParameterError) -> ParameterValues {
        var values = try animatedValues(at: time)
        for (name, argument) in keyframes { values.raw[name] = Self.text(argument.components(at: time)) }
        return values
    }

    /// The values the effect's own animation gives at `time`.
    private func animatedValues(at time: Double) throws(ParameterError) -> ParameterValues {
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

    /// The effect's own length in seconds, or nil when it has none (then a duration must be
    /// given): the longer of its animation's length and its last keyframe.
    public func naturalDuration() throws(ParameterError) -> Double? {
        let own = try animationDuration()
        guard let last = keyframes.values.compactMap(\.times.last).max() else { return own }
        return max(own ?? 0, last)
    }

    /// The length of the effect's own animation.
    private func animationDuration() throws(ParameterError) -> Double? {
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
