/// One track's keyframes laid out in time: segments with their start values and velocities resolved.
///
/// Rules (SwiftUI's, see `CubicKeyframe` and `SpringKeyframe`):
/// - the track starts at time 0 from `initial`, moving with `initialVelocity` (zero unless the
///   animation was restarted while moving);
/// - a `MoveKeyframe`, or any keyframe of zero duration, jumps and leaves the value at rest;
/// - a cubic keyframe's unspecified start velocity is the velocity at the end of what precedes it;
///   its unspecified end velocity is the start velocity of what follows: for a linear keyframe,
///   that keyframe's velocity; for a cubic or spring keyframe without an explicit start velocity,
///   the Catmull-Rom tangent (next target − this start) / (next end time − this start time);
///   zero at the end of the track and before a jump;
/// - after its last keyframe the track holds its last value.
struct KeyframeCurve<V: KeyframeValue>: Sendable {
    enum Motion: Sendable {
        case jump
        case linear(UnitCurve)
        case cubic(startVelocity: V, endVelocity: V)
        case spring(Spring, target: V, startVelocity: V)
    }

    struct Segment: Sendable {
        /// Track time at which the segment starts.
        var start: Double
        /// Its length in seconds (0 for a jump; may be infinite).
        var duration: Double
        /// The value at its start.
        var from: V
        /// The value at its end (for a spring, the value reached, not the target).
        var to: V
        var motion: Motion
        /// The velocity at its end, handed to the next segment.
        var endVelocity: V
    }

    let initial: V
    let segments: [Segment]
    /// The time at which the last segment ends.
    let duration: Double

    init(keyframes: [Keyframe<V>], initial: V, initialVelocity: V) {
        var segments: [Segment] = []
        var time = 0.0, value = initial, velocity = initialVelocity

        func append(_ segment: Segment) {
            segments.append(segment)
            time += segment.duration
            value = segment.to
            velocity = segment.endVelocity
        }
        func jump(to target: V) {
            append(Segment(start: time, duration: 0, from: value, to: target, motion: .jump, endVelocity: .zero))
        }

        for index in keyframes.indices {
            let next = index + 1 < keyframes.count ? keyframes[index + 1] : nil
            switch keyframes[index] {
            case .move(let keyframe):
                jump(to: keyframe.value)
            case .linear(let keyframe):
                let d = Self.sanitized(keyframe.duration)
                guard d > 0 else { jump(to: keyframe.value); continue }
                let endVelocity = (keyframe.value - value).scaled(by: keyframe.timingCurve.velocity(at: 1) / d)
                append(Segment(start: time, duration: d, from: value, to: keyframe.value,
                               motion: .linear(keyframe.timingCurve), endVelocity: endVelocity))
            case .cubic(let keyframe):
                let d = Self.sanitized(keyframe.duration)
                guard d > 0 else { jump(to: keyframe.value); continue }
                let startVelocity = keyframe.startVelocity ?? velocity
                let endVelocity = keyframe.endVelocity
                    ?? Self.startVelocity(of: next, from: keyframe.value, at: time + d, previous: value, previousTime: time)
                append(Segment(start: time, duration: d, from: value, to: keyframe.value,
                               motion: .cubic(startVelocity: startVelocity, endVelocity: endVelocity),
                               endVelocity: endVelocity))
            case .spring(let keyframe):
                let d = Self.sanitized(keyframe.duration ?? keyframe.spring.settlingDuration)
                let startVelocity = keyframe.startVelocity ?? velocity
                let spring = keyframe.spring
                let reached = d.isFinite
                    ? spring.value(fromValue: value, toValue: keyframe.value, initialVelocity: startVelocity, time: d)
                    : keyframe.value
                let endVelocity = d.isFinite
                    ? spring.velocity(fromValue: value, toValue: keyframe.value, initialVelocity: startVelocity, time: d)
                    : .zero
                append(Segment(start: time, duration: d, from: value, to: reached,
                               motion: .spring(spring, target: keyframe.value, startVelocity: startVelocity),
                               endVelocity: endVelocity))
            }
        }
        self.initial = initial
        self.segments = segments
        self.duration = time
    }

    /// Negative and NaN durations count as 0; +infinity stays (the keyframe never arrives).
    static func sanitized(_ duration: Double) -> Double {
        duration > 0 ? duration : 0
    }

    /// The velocity with which `next` starts from `value` at `time`, for the end of a cubic keyframe
    /// that started from `previous` at `previousTime`.
    private static func startVelocity(of next: Keyframe<V>?, from value: V, at time: Double,
                                      previous: V, previousTime: Double) -> V {
        func catmullRom(to target: V, duration: Double) -> V {
            guard duration > 0, duration.isFinite else { return .zero }
            return (target - previous).scaled(by: 1 / (time + duration - previousTime))
        }
        switch next {
        case nil, .move:
            return .zero
        case .linear(let keyframe):
            let d = sanitized(keyframe.duration)
            guard d > 0, d.isFinite else { return .zero }
            return (keyframe.value - value).scaled(by: keyframe.timingCurve.velocity(at: 0) / d)
        case .cubic(let keyframe):
            return keyframe.startVelocity ?? catmullRom(to: keyframe.value, duration: sanitized(keyframe.duration))
        case .spring(let keyframe):
            return keyframe.startVelocity
                ?? catmullRom(to: keyframe.value, duration: sanitized(keyframe.duration ?? keyframe.spring.settlingDuration))
        }
    }

    /// The segment playing at `time`: the last one started at or before it (so a jump at the end of a
    /// segment wins at that instant), or nil before the first.
    private func segment(at time: Double) -> Segment? {
        segments.last { $0.start <= time }
    }

    /// The value at `time` seconds; times before 0 (and NaN) give the value at 0.
    func value(at time: Double) -> V {
        let t = time > 0 ? time : 0
        guard let segment = segment(at: t) else { return initial }
        let local = t - segment.start
        if local >= segment.duration { return segment.to }
        switch segment.motion {
        case .jump:
            return segment.to
        case .linear(let curve):
            guard segment.duration.isFinite else { return segment.from }
            return segment.from + (segment.to - segment.from).scaled(by: curve.value(at: local / segment.duration))
        case .cubic(let v0, let v1):
            guard segment.duration.isFinite else { return segment.from }
            let d = segment.duration, s = local / d
            let s2 = s * s, s3 = s2 * s
            // Cubic Hermite basis: h00 = 2s³−3s²+1, h10 = s³−2s²+s, h01 = −2s³+3s², h11 = s³−s².
            return segment.from.scaled(by: 2 * s3 - 3 * s2 + 1)
                + v0.scaled(by: (s3 - 2 * s2 + s) * d)
                + segment.to.scaled(by: -2 * s3 + 3 * s2)
                + v1.scaled(by: (s3 - s2) * d)
        case .spring(let spring, let target, let v0):
            return spring.value(fromValue: segment.from, toValue: target, initialVelocity: v0, time: local)
        }
    }

    /// The velocity (per second) at `time`; zero while holding, after a jump and before time 0.
    func velocity(at time: Double) -> V {
        let t = time > 0 ? time : 0
        guard let segment = segment(at: t) else { return .zero }
        let local = t - segment.start
        if local >= segment.duration { return .zero }
        switch segment.motion {
        case .jump:
            return .zero
        case .linear(let curve):
            guard segment.duration.isFinite else { return .zero }
            return (segment.to - segment.from).scaled(by: curve.velocity(at: local / segment.duration) / segment.duration)
        case .cubic(let v0, let v1):
            guard segment.duration.isFinite else { return .zero }
            let d = segment.duration, s = local / d
            let s2 = s * s
            // Derivatives of the Hermite basis, divided by d for per-second units.
            return (segment.to - segment.from).scaled(by: (6 * s - 6 * s2) / d)
                + v0.scaled(by: 3 * s2 - 4 * s + 1)
                + v1.scaled(by: 3 * s2 - 2 * s)
        case .spring(let spring, let target, let v0):
            return spring.velocity(fromValue: segment.from, toValue: target, initialVelocity: v0, time: local)
        }
    }
}
