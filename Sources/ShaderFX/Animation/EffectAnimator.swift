/// A built-in effect that taps and drags drive, as the seeds' gestures drive theirs.
public protocol GestureDrivenEffect: BuiltInEffect {
    /// This value at `time`, given the gestures so far: the properties the gestures move are
    /// set, the rest kept.
    /// - Parameters:
    ///   - time: seconds on the event script's clock.
    ///   - events: the taps and drags.
    ///   - size: the picture's size in points.
    func animated(at time: Double, events: EventScript, size: SIMD2<Double>) -> Self

    /// How long the animation of this value runs by itself: until the last gesture's effect has died away.
    func naturalDuration(events: EventScript, size: SIMD2<Double>) -> Double
}

/// Computes a built-in effect's passes at any time: the frames of `shaderfx animate`.
///
/// The animator works on the effect's typed value, read once: each frame sets what the effect's
/// `motion` moves (its time property, its touch point, or the gestures' properties) and then the
/// parameters that follow keyframes, through their table rows' typed setters, and draws that
/// value. Nothing is read from text per frame, so an image parameter is the one decoded when the
/// value was read. Each frame is a pure function of its time, so any sub-range of frames renders
/// exactly as it would within the whole run.
public struct EffectAnimator: Sendable {
    /// The effect's type.
    public let effect: any BuiltInEffect.Type
    /// Taps and drags (empty for time-driven effects).
    public let events: EventScript
    /// The picture's size in points.
    public let size: SIMD2<Double>
    /// Parameters that follow keyframes, by name; they override what the effect's own
    /// animation and its value give them.
    public let keyframes: [String: KeyframedArgument]

    /// The frame function, built once from the typed value: the effect at a time.
    private let frame: FrameFunction
    /// The length of the effect's own animation.
    private let ownDuration: Double?

    /// The value at a time; it captures only immutable values (the effect's value, the events,
    /// key paths, keyframes and the rows' setters built from key paths), so it may cross threads.
    private struct FrameFunction: @unchecked Sendable {
        let value: (Double) throws(ParameterError) -> any BuiltInEffect
    }

    /// An animator of `effect`, a typed value (its parameters at what the user gave), with its
    /// gestures from `events` over a picture of `size` points and its parameters in `keyframes`
    /// (as `keyframes(_:of:base:)` reads and checks them) following them.
    /// - Throws: `ParameterError` for keyframes of a parameter that cannot follow them.
    public init<E: BuiltInEffect>(_ effect: E, events: EventScript = EventScript(), size: SIMD2<Double>,
                                  keyframes: [String: KeyframedArgument] = [:]) throws(ParameterError) {
        self.effect = E.self
        self.events = events
        self.size = size
        self.keyframes = keyframes

        // Each keyframed parameter's row, found once.
        var setters: [(set: (inout E, [Float]) throws(ParameterError) -> Void, argument: KeyframedArgument)] = []
        for (name, argument) in keyframes.sorted(by: { $0.key < $1.key }) {
            setters.append((try Self.keyframeSetter(E.self, name), argument))
        }
        let motion: (E, Double) -> E
        switch E.motion {
        case .still:
            motion = { value, _ in value }
            ownDuration = nil
        case let .time(keyPath, duration):
            motion = { value, time in value.with(keyPath, Float(time)) }
            ownDuration = duration
        case let .touch(keyPath):
            motion = { value, time in
                guard let point = Self.touch(at: time, events: events) else { return value }
                return value.with(keyPath, SIMD2(Float(point.x), Float(point.y)))
            }
            ownDuration = Self.lastEventTime(events).map { $0 + 1 }
        case .gesture:
            if let driven = effect as? any GestureDrivenEffect {
                motion = { value, time in
                    // E is a GestureDrivenEffect (as `effect` shows), whose animated value is an E.
                    (value as! any GestureDrivenEffect).animated(at: time, events: events, size: size) as! E
                }
                ownDuration = driven.naturalDuration(events: events, size: size)
            } else {
                motion = { value, _ in value }
                ownDuration = nil
            }
        }
        frame = FrameFunction { time throws(ParameterError) in
            var value = motion(effect, time)
            for (set, argument) in setters { try set(&value, argument.components(at: time)) }
            return value
        }
    }

    /// An animator of `effect` with the user's `base` values, read once into the effect's value
    /// (an image parameter decoded once, by `base.images`).
    /// - Throws: `ParameterError` for a value the effect refuses, or keyframes it cannot follow.
    public init(effect: any BuiltInEffect.Type, base: ParameterValues, events: EventScript, size: SIMD2<Double>,
                keyframes: [String: KeyframedArgument] = [:]) throws(ParameterError) {
        func read<E: BuiltInEffect>(_ type: E.Type) throws(ParameterError) -> EffectAnimator {
            try EffectAnimator(E(values: base), events: events, size: size, keyframes: keyframes)
        }
        self = try read(effect)
    }

    /// The setter of the row `name` of `E`, from keyframe components.
    private static func keyframeSetter<E: BuiltInEffect>(_ type: E.Type, _ name: String) throws(ParameterError)
        -> (inout E, [Float]) throws(ParameterError) -> Void {
        guard let row = E.table.first(where: { $0.name == name && $0.type != .boundingRect }) else {
            throw unknownParameter(name, of: E.self)
        }
        guard keyframeType(row.type) != nil, let set = row.keyframe else {
            throw ParameterError(parameter: name, reason: "a float, point or colour parameter (\(name) is a \(row.type.rawValue))")
        }
        return set
    }

    /// The error for keyframes of a parameter `effect` does not have.
    private static func unknownParameter(_ name: String, of effect: any BuiltInEffect.Type) -> ParameterError {
        let movable = effect.options.filter { keyframeType($0.type) != nil }.map(\.name)
        return ParameterError(parameter: name, reason: movable.isEmpty
            ? "a parameter to keyframe, but \(effect.name) has no float, point or colour parameters"
            : "one of \(effect.name)'s float, point and colour parameters (\(movable.joined(separator: ", ")))")
    }

    /// Reads keyframes of `effect`'s float, point and colour parameters by name (a value at
    /// each time, the curve leading into it, held before the first and after the last), as a
    /// `--shader`'s arguments have them; once, before any frame.
    /// - Throws: `ParameterError`, its reason saying what was expected: for a name the effect
    ///   does not have, a parameter of another type, a malformed keyframe, a keyframe value the
    ///   effect refuses (out of its range), or keyframes of a parameter that `base` also gives.
    public static func keyframes(_ keyframes: [String: [ArgumentKeyframe]], of effect: any BuiltInEffect.Type,
                                 base: ParameterValues) throws(ParameterError) -> [String: KeyframedArgument] {
        func read<E: BuiltInEffect>(_ type: E.Type) throws(ParameterError) -> [String: KeyframedArgument] {
            try readKeyframes(keyframes, of: type, base: base)
        }
        return try read(effect)
    }

    private static func readKeyframes<E: BuiltInEffect>(_ keyframes: [String: [ArgumentKeyframe]], of effect: E.Type,
                                                        base: ParameterValues) throws(ParameterError) -> [String: KeyframedArgument] {
        var read: [String: KeyframedArgument] = [:]
        for (name, list) in keyframes.sorted(by: { $0.key < $1.key }) {
            guard let parameter = E.options.first(where: { $0.name == name }) else { throw unknownParameter(name, of: E.self) }
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
            // Every keyframe's value must be one the effect takes, set as a frame sets it; values
            // between keyframes lie between them (or along a curve that may overshoot, checked
            // when the frame is drawn).
            let set = try keyframeSetter(E.self, name)
            var probe = E()
            for (index, time) in argument.times.enumerated() {
                do { try set(&probe, argument.components(at: time)) } catch {
                    throw ParameterError(parameter: name, reason: "values \(E.name) takes in keyframe \(index + 1) (at \(ValueForms.format(time)) s: \(error.reason))")
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

    /// The effect's value at `time` seconds: its own animation, then its keyframes.
    public func value(at time: Double) throws(ParameterError) -> any BuiltInEffect {
        try frame.value(time)
    }

    /// The passes to render at `time` seconds.
    public func passes(at time: Double) throws(ParameterError) -> [Effect] {
        try value(at: time).passes
    }

    /// The effect's own length in seconds, or nil when it has none (then a duration must be
    /// given): the longer of its animation's length and its last keyframe.
    public func naturalDuration() -> Double? {
        guard let last = keyframes.values.compactMap(\.times.last).max() else { return ownDuration }
        return max(ownDuration ?? 0, last)
    }

    /// The time of the last tap or drag point.
    static func lastEventTime(_ events: EventScript) -> Double? {
        (events.taps.map(\.time) + events.drags.flatMap { $0.points.map(\.time) }).max()
    }

    /// Where the touch is at `time`: the latest tap, or a drag's point interpolated in time.
    static func touch(at time: Double, events: EventScript) -> SIMD2<Double>? {
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
}

extension Ripple: GestureDrivenEffect {
    /// Seed 000's RippleEffect: each tap restarts a keyframe animation of `elapsedTime` from 0
    /// to 3 s (MoveKeyframe(0), LinearKeyframe(3, duration: 3)) at the tap's point; the effect is
    /// enabled only while 0 < elapsedTime < 3.
    public func animated(at time: Double, events: EventScript, size: SIMD2<Double>) -> Ripple {
        let taps = events.taps.sorted { $0.time < $1.time }
        let duration = Double(Self.duration)
        let timeline = TriggeredTimeline(initialValue: 0.0, triggerTimes: taps.map(\.time)) { _ in
            KeyframeTrack {
                MoveKeyframe(0.0)
                LinearKeyframe(duration, duration: duration)
            }
        }
        var value = self
        if let active = timeline.activeTrigger(at: time) {
            let tap = taps[active.index]
            value.origin = SIMD2(Float(tap.x), Float(tap.y))
            value.time = Float(timeline.value(time: time))
        } else {
            value.time = 0
        }
        return value
    }

    public func naturalDuration(events: EventScript, size: SIMD2<Double>) -> Double {
        (events.taps.map(\.time).max() ?? 0) + Double(Self.duration)
    }
}
