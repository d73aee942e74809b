/// The keyframes of one property of an animated value, as SwiftUI's `KeyframeTrack`.
///
/// A track starts from the timeline's initial value's property (a leading `MoveKeyframe`
/// replaces it), plays its keyframes one after another, and then holds its last value.
public struct KeyframeTrack<Root>: Sendable {
    let description: any TrackDescription<Root>

    /// A track that animates the property at `keyPath`.
    /// - Parameters:
    ///   - keyPath: the property animated, e.g. `\.radius` (key path literals are `Sendable`).
    ///   - content: the keyframes, one per statement.
    public init<Value: KeyframeValue>(
        _ keyPath: WritableKeyPath<Root, Value> & Sendable,
        @KeyframeTrackContentBuilder<Value> content: () -> [Keyframe<Value>]
    ) {
        description = FieldTrack(keyPath: keyPath, keyframes: content(), isLoose: false)
    }

    init(description: any TrackDescription<Root>) {
        self.description = description
    }
}

extension KeyframeTrack where Root: KeyframeValue {
    /// A track that animates the whole value.
    /// - Parameter content: the keyframes, one per statement.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> [Keyframe<Root>]) {
        description = FieldTrack(keyPath: \Root.self, keyframes: content(), isLoose: false)
    }
}

/// Builds the tracks of a timeline from statements, as SwiftUI's `KeyframesBuilder`.
///
/// Each statement is a `KeyframeTrack`, or (when the whole value is a `KeyframeValue`) a keyframe;
/// consecutive keyframes written straight in the builder form one track over the whole value.
@resultBuilder
public enum KeyframesBuilder<Value> {
    /// Takes one track.
    /// - Parameter track: the track.
    public static func buildExpression(_ track: KeyframeTrack<Value>) -> [KeyframeTrack<Value>] {
        [track]
    }

    /// Takes a list of tracks built elsewhere.
    /// - Parameter tracks: the tracks, in order.
    public static func buildExpression(_ tracks: [KeyframeTrack<Value>]) -> [KeyframeTrack<Value>] {
        tracks
    }

    /// Takes keyframes that animate the whole value.
    /// - Parameter content: a keyframe or other track content.
    public static func buildExpression<Content: KeyframeTrackContent>(_ content: Content) -> [KeyframeTrack<Value>]
    where Content.Value == Value {
        [KeyframeTrack(description: FieldTrack(keyPath: \Value.self, keyframes: content.keyframes, isLoose: true))]
    }

    /// Joins the statements of a block, in order.
    /// - Parameter components: the tracks of each statement.
    public static func buildBlock(_ components: [KeyframeTrack<Value>]...) -> [KeyframeTrack<Value>] {
        components.flatMap { $0 }
    }

    /// Tracks of an `if` without `else`: none when the condition is false.
    /// - Parameter component: the tracks of the branch, if taken.
    public static func buildOptional(_ component: [KeyframeTrack<Value>]?) -> [KeyframeTrack<Value>] {
        component ?? []
    }

    /// Tracks of the first branch of an `if`/`else` or `switch`.
    /// - Parameter component: the branch's tracks.
    public static func buildEither(first component: [KeyframeTrack<Value>]) -> [KeyframeTrack<Value>] {
        component
    }

    /// Tracks of the second branch of an `if`/`else` or `switch`.
    /// - Parameter component: the branch's tracks.
    public static func buildEither(second component: [KeyframeTrack<Value>]) -> [KeyframeTrack<Value>] {
        component
    }

    /// Tracks of a `for` loop, iteration after iteration.
    /// - Parameter components: the tracks of each iteration.
    public static func buildArray(_ components: [[KeyframeTrack<Value>]]) -> [KeyframeTrack<Value>] {
        components.flatMap { $0 }
    }
}

/// Keyframe tracks played in parallel over one value, as SwiftUI's `KeyframeTimeline`.
///
/// ```swift
/// let timeline = KeyframeTimeline(initialValue: Wave()) {
///     KeyframeTrack(\.radius) {
///         MoveKeyframe(0)
///         LinearKeyframe(reach, duration: travel)
///     }
///     KeyframeTrack(\.strength) {
///         MoveKeyframe(1)
///         LinearKeyframe(1, duration: travel * 0.35)
///         CubicKeyframe(0, duration: travel * 0.65)
///     }
/// }
/// let wave = timeline.value(time: 0.2)
/// ```
/// All tracks start at time 0; the timeline lasts as long as its longest track, and each track
/// holds its last value after it ends. A track without keyframes holds the initial value.
public struct KeyframeTimeline<Value> {
    /// The value the tracks start from.
    public let initialValue: Value
    /// Seconds until the longest track ends.
    public let duration: Double
    let tracks: [KeyframeTrack<Value>]
    let resolved: [any ResolvedTrack<Value>]

    /// A timeline from an initial value and its tracks.
    /// - Parameters:
    ///   - initialValue: the value the tracks start from.
    ///   - content: the tracks, one per statement (or keyframes of the whole value).
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> [KeyframeTrack<Value>]) {
        self.init(initialValue: initialValue, tracks: content(), continuing: nil)
    }

    /// A timeline whose tracks start from `initialValue` with the velocities `previous` has at
    /// `time` (for tracks over the same property), as a restarted SwiftUI keyframe animation does.
    init(initialValue: Value, tracks: [KeyframeTrack<Value>], continuing previous: (timeline: KeyframeTimeline<Value>, time: Double)?) {
        let tracks = Self.joiningLooseKeyframes(tracks)
        self.initialValue = initialValue
        self.tracks = tracks
        resolved = tracks.map { track in
            let running = previous.flatMap { previous in
                previous.timeline.resolved.last { $0.keyPath == track.description.keyPath }
                    .map { (track: $0, time: previous.time) }
            }
            return track.description.resolve(from: initialValue, continuing: running)
        }
        duration = resolved.reduce(0) { max($0, $1.duration) }
    }

    /// The value at `time` seconds after the start; times before 0 give the value at 0.
    /// - Parameter time: seconds since the start.
    public func value(time: Double) -> Value {
        var value = initialValue
        for track in resolved { track.apply(time: time, to: &value) }
        return value
    }

    /// The value at a fraction of the duration.
    /// - Parameter progress: 0 is the start, 1 the end.
    public func value(progress: Double) -> Value {
        value(time: progress * duration)
    }

    /// A run of `tracks` that interrupts this one at `time`, starting from its value and velocities there.
    func restarted(at time: Double, with tracks: [KeyframeTrack<Value>]) -> KeyframeTimeline<Value> {
        KeyframeTimeline(initialValue: value(time: time), tracks: tracks, continuing: (self, time))
    }

    /// Consecutive keyframes written straight in the builder form one track.
    private static func joiningLooseKeyframes(_ tracks: [KeyframeTrack<Value>]) -> [KeyframeTrack<Value>] {
        var joined: [KeyframeTrack<Value>] = []
        for track in tracks {
            if let last = joined.last, let merged = last.description.joined(with: track.description) {
                joined[joined.count - 1] = KeyframeTrack(description: merged)
            } else {
                joined.append(track)
            }
        }
        return joined
    }
}

extension KeyframeTimeline: Sendable where Value: Sendable {}

/// A track's keyframes before they know where they start.
protocol TrackDescription<Root>: Sendable {
    associatedtype Root
    var keyPath: AnyKeyPath { get }
    /// Lays the keyframes out from `root`'s property, continuing the motion of `running` at its time.
    func resolve(from root: Root, continuing running: (track: any ResolvedTrack<Root>, time: Double)?) -> any ResolvedTrack<Root>
    /// This description followed by `other`, when both are loose keyframes of the same value.
    func joined(with other: any TrackDescription<Root>) -> (any TrackDescription<Root>)?
}

/// A track laid out in time.
protocol ResolvedTrack<Root>: Sendable {
    associatedtype Root
    var keyPath: AnyKeyPath { get }
    var duration: Double { get }
    /// Writes the track's value at `time` into `root`.
    func apply(time: Double, to root: inout Root)
    /// The velocity at `time`, of the property's type.
    func velocity(at time: Double) -> any KeyframeValue
}

struct FieldTrack<Root, Field: KeyframeValue>: TrackDescription {
    let field: WritableKeyPath<Root, Field> & Sendable
    let keyframes: [Keyframe<Field>]
    /// Keyframes written straight in a `KeyframesBuilder`, to be joined with their neighbours.
    let isLoose: Bool

    init(keyPath: WritableKeyPath<Root, Field> & Sendable, keyframes: [Keyframe<Field>], isLoose: Bool) {
        field = keyPath
        self.keyframes = keyframes
        self.isLoose = isLoose
    }

    var keyPath: AnyKeyPath { field }

    func resolve(from root: Root, continuing running: (track: any ResolvedTrack<Root>, time: Double)?) -> any ResolvedTrack<Root> {
        let velocity = running.flatMap { $0.track.velocity(at: $0.time) as? Field } ?? .zero
        return ResolvedFieldTrack(
            field: field,
            curve: KeyframeCurve(keyframes: keyframes, initial: root[keyPath: field], initialVelocity: velocity))
    }

    func joined(with other: any TrackDescription<Root>) -> (any TrackDescription<Root>)? {
        guard isLoose, let other = other as? FieldTrack<Root, Field>, other.isLoose else { return nil }
        return FieldTrack(keyPath: field, keyframes: keyframes + other.keyframes, isLoose: true)
    }
}

struct ResolvedFieldTrack<Root, Field: KeyframeValue>: ResolvedTrack {
    let field: WritableKeyPath<Root, Field> & Sendable
    let curve: KeyframeCurve<Field>

    var keyPath: AnyKeyPath { field }

    var duration: Double { curve.duration }

    func apply(time: Double, to root: inout Root) {
        root[keyPath: field] = curve.value(at: time)
    }

    func velocity(at time: Double) -> any KeyframeValue {
        curve.velocity(at: time)
    }
}
