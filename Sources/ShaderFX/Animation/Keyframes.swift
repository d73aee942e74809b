/// Something that contributes keyframes to a track, as SwiftUI's `KeyframeTrackContent`:
/// the four keyframe types, `Keyframe`, and your own types that combine them.
public protocol KeyframeTrackContent<Value> {
    /// The type of value the keyframes move.
    associatedtype Value: KeyframeValue
    /// The keyframes, in the order they play.
    var keyframes: [Keyframe<Value>] { get }
}

/// One keyframe of any of the four kinds.
public enum Keyframe<Value: KeyframeValue>: KeyframeTrackContent, Sendable {
    /// Jumps to a value.
    case move(MoveKeyframe<Value>)
    /// Interpolates along a unit curve.
    case linear(LinearKeyframe<Value>)
    /// Interpolates with a cubic Hermite curve (a Catmull-Rom spline between cubic neighbours).
    case cubic(CubicKeyframe<Value>)
    /// Moves with a damped spring.
    case spring(SpringKeyframe<Value>)

    /// This keyframe alone.
    public var keyframes: [Keyframe<Value>] { [self] }
}

/// A keyframe that jumps to its value immediately, as SwiftUI's `MoveKeyframe`. It takes no time,
/// and the motion after it starts from rest.
public struct MoveKeyframe<Value: KeyframeValue>: KeyframeTrackContent, Sendable {
    /// The value jumped to.
    public var value: Value

    /// Jumps to `to`.
    /// - Parameter to: the new value.
    public init(_ to: Value) {
        value = to
    }

    /// This keyframe alone.
    public var keyframes: [Keyframe<Value>] { [.move(self)] }
}

/// A keyframe that interpolates in a straight line, paced by a unit curve, as SwiftUI's `LinearKeyframe`.
public struct LinearKeyframe<Value: KeyframeValue>: KeyframeTrackContent, Sendable {
    /// The value reached at the end.
    public var value: Value
    /// Seconds it takes (negative or NaN counts as 0, which makes it a jump).
    public var duration: Double
    /// How the fraction of the change follows the fraction of the time.
    public var timingCurve: UnitCurve

    /// Interpolates from the value reached so far to `to` over `duration` seconds.
    /// - Parameters:
    ///   - to: the value reached at the end.
    ///   - duration: seconds it takes.
    ///   - timingCurve: the pacing (linear by default).
    public init(_ to: Value, duration: Double, timingCurve: UnitCurve = .linear) {
        value = to
        self.duration = duration
        self.timingCurve = timingCurve
    }

    /// This keyframe alone.
    public var keyframes: [Keyframe<Value>] { [.linear(self)] }
}

/// A keyframe that interpolates with a cubic Hermite curve, as SwiftUI's `CubicKeyframe`.
///
/// Without explicit velocities the velocity at each end comes from the neighbour there: between
/// two cubic keyframes the Catmull-Rom tangent (next − previous) / (t_next − t_previous) on their
/// non-uniform times; next to a linear or spring keyframe, that keyframe's velocity at the shared
/// point; at the ends of the track, and next to a `MoveKeyframe`, zero (at the start of a
/// restarted animation, the velocity it had when it was interrupted).
public struct CubicKeyframe<Value: KeyframeValue>: KeyframeTrackContent, Sendable {
    /// The value reached at the end.
    public var value: Value
    /// Seconds it takes (negative or NaN counts as 0, which makes it a jump).
    public var duration: Double
    /// The velocity at the start, per second; `nil` derives it from the neighbour.
    public var startVelocity: Value?
    /// The velocity at the end, per second; `nil` derives it from the neighbour.
    public var endVelocity: Value?

    /// Interpolates from the value reached so far to `to` over `duration` seconds.
    /// - Parameters:
    ///   - to: the value reached at the end.
    ///   - duration: seconds it takes.
    ///   - startVelocity: the velocity at the start, or `nil` to derive it.
    ///   - endVelocity: the velocity at the end, or `nil` to derive it.
    public init(_ to: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        value = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }

    /// This keyframe alone.
    public var keyframes: [Keyframe<Value>] { [.cubic(self)] }
}

/// A keyframe that moves toward its value with a damped spring, as SwiftUI's `SpringKeyframe`.
///
/// The spring starts from the value reached so far with the incoming velocity (the velocity at
/// the end of the previous keyframe, or `startVelocity`), runs for `duration`, and then holds the
/// value it reached at that moment; it does not snap to the target.
public struct SpringKeyframe<Value: KeyframeValue>: KeyframeTrackContent, Sendable {
    /// The spring's target.
    public var value: Value
    /// Seconds it runs; `nil` runs for the spring's `settlingDuration`.
    public var duration: Double?
    /// The spring.
    public var spring: Spring
    /// The velocity at the start, per second; `nil` continues the incoming velocity.
    public var startVelocity: Value?

    /// Springs from the value reached so far toward `to`.
    /// - Parameters:
    ///   - to: the spring's target.
    ///   - duration: seconds it runs, or `nil` for the spring's settling duration.
    ///   - spring: the spring (duration 0.5, bounce 0 by default).
    ///   - startVelocity: the velocity at the start, or `nil` to continue the incoming one.
    public init(_ to: Value, duration: Double? = nil, spring: Spring = Spring(duration: 0.5, bounce: 0), startVelocity: Value? = nil) {
        value = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }

    /// This keyframe alone.
    public var keyframes: [Keyframe<Value>] { [.spring(self)] }
}

/// Builds a list of keyframes from statements, as SwiftUI's `KeyframeTrackContentBuilder`.
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: KeyframeValue> {
    /// Takes the keyframes of one statement.
    /// - Parameter content: a keyframe or other track content.
    public static func buildExpression<Content: KeyframeTrackContent>(_ content: Content) -> [Keyframe<Value>]
    where Content.Value == Value {
        content.keyframes
    }

    /// Takes a list of keyframes built elsewhere.
    /// - Parameter keyframes: the keyframes, in order.
    public static func buildExpression(_ keyframes: [Keyframe<Value>]) -> [Keyframe<Value>] {
        keyframes
    }

    /// Joins the statements of a block, in order.
    /// - Parameter components: the keyframes of each statement.
    public static func buildBlock(_ components: [Keyframe<Value>]...) -> [Keyframe<Value>] {
        components.flatMap { $0 }
    }

    /// Keyframes of an `if` without `else`: none when the condition is false.
    /// - Parameter component: the keyframes of the branch, if taken.
    public static func buildOptional(_ component: [Keyframe<Value>]?) -> [Keyframe<Value>] {
        component ?? []
    }

    /// Keyframes of the first branch of an `if`/`else` or `switch`.
    /// - Parameter component: the branch's keyframes.
    public static func buildEither(first component: [Keyframe<Value>]) -> [Keyframe<Value>] {
        component
    }

    /// Keyframes of the second branch of an `if`/`else` or `switch`.
    /// - Parameter component: the branch's keyframes.
    public static func buildEither(second component: [Keyframe<Value>]) -> [Keyframe<Value>] {
        component
    }

    /// Keyframes of a `for` loop, iteration after iteration.
    /// - Parameter components: the keyframes of each iteration.
    public static func buildArray(_ components: [[Keyframe<Value>]]) -> [Keyframe<Value>] {
        components.flatMap { $0 }
    }
}
