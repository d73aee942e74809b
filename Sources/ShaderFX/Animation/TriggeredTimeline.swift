/// A keyframe animation that plays each time a trigger fires, as SwiftUI's
/// `keyframeAnimator(initialValue:trigger:content:keyframes:)` does when its trigger changes.
///
/// Before the first trigger the value is `initialValue`. Each trigger restarts the keyframes
/// with SwiftUI's rules: the new run starts from the value at that moment (the previous run's
/// current or final value) and keeps the velocity it had, so cubic and spring keyframes without
/// an explicit start velocity continue the motion; a leading `MoveKeyframe` resets the value (and
/// the velocity). After a run ends the value holds its end value until the next trigger.
public struct TriggeredTimeline<Value> {
    /// The trigger that is playing (or last played) at some time.
    public struct ActiveTrigger: Sendable, Hashable {
        /// Its position in `triggerTimes`.
        public let index: Int
        /// When it fired, in seconds.
        public let time: Double
        /// Seconds since it fired.
        public let elapsed: Double
    }

    /// The value before the first trigger.
    public let initialValue: Value
    /// The trigger times in seconds, sorted ascending (non-finite times dropped).
    public let triggerTimes: [Double]
    /// `runs[i]` is the timeline that starts at `triggerTimes[i]`.
    let runs: [KeyframeTimeline<Value>]

    /// Plays keyframes at each trigger time, the keyframes built from the value at that moment,
    /// as SwiftUI's `keyframes: { value in ... }` closure is.
    /// - Parameters:
    ///   - initialValue: the value before the first trigger.
    ///   - triggerTimes: when the trigger changes, in seconds, in any order.
    ///   - keyframes: the tracks of a run, given the value at the moment it starts.
    public init(
        initialValue: Value,
        triggerTimes: [Double],
        @KeyframesBuilder<Value> keyframes: (Value) -> [KeyframeTrack<Value>]
    ) {
        self.initialValue = initialValue
        let times = triggerTimes.filter(\.isFinite).sorted()
        self.triggerTimes = times
        var runs: [KeyframeTimeline<Value>] = []
        for (index, time) in times.enumerated() {
            if let previous = runs.last {
                let elapsed = time - times[index - 1]
                runs.append(previous.restarted(at: elapsed, with: keyframes(previous.value(time: elapsed))))
            } else {
                runs.append(KeyframeTimeline(initialValue: initialValue, tracks: keyframes(initialValue), continuing: nil))
            }
        }
        self.runs = runs
    }

    /// Plays `timeline` at each trigger time (its initial value is the value before the first trigger).
    /// - Parameters:
    ///   - timeline: the keyframes played by each trigger.
    ///   - triggerTimes: when the trigger changes, in seconds, in any order.
    public init(_ timeline: KeyframeTimeline<Value>, triggerTimes: [Double]) {
        self.init(initialValue: timeline.initialValue, triggerTimes: triggerTimes) { _ in timeline.tracks }
    }

    /// The most recent trigger at or before `time`, or nil before the first one.
    /// - Parameter time: seconds on the triggers' clock.
    public func activeTrigger(at time: Double) -> ActiveTrigger? {
        // The last index whose trigger time is <= time (binary search: scripts may hold many taps).
        var low = 0, high = triggerTimes.count
        while low < high {
            let mid = (low + high) / 2
            if triggerTimes[mid] <= time { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let index = low - 1
        return ActiveTrigger(index: index, time: triggerTimes[index], elapsed: time - triggerTimes[index])
    }

    /// The animated value at `time`.
    /// - Parameter time: seconds on the triggers' clock.
    public func value(time: Double) -> Value {
        guard let active = activeTrigger(at: time) else { return initialValue }
        return runs[active.index].value(time: active.elapsed)
    }

    /// Whether a run is still playing at `time` (a trigger fired and its keyframes have not ended).
    /// - Parameter time: seconds on the triggers' clock.
    public func isAnimating(at time: Double) -> Bool {
        guard let active = activeTrigger(at: time) else { return false }
        return active.elapsed < runs[active.index].duration
    }
}

extension TriggeredTimeline: Sendable where Value: Sendable {}
