import Foundation

/// A damped spring, as SwiftUI's `Spring`: a unit-free model of how a value moves toward a target.
///
/// The motion solves m·x'' + c·x' + k·x = 0 for the displacement x from the target, in closed form
/// for all three regimes (under-, critically and over-damped). `init(duration:bounce:)` follows
/// SwiftUI: mass 1, stiffness (2π / duration)², damping 4π(1 − bounce) / duration for bounce ≥ 0
/// and 4π / (duration · (1 + bounce)) for bounce < 0. So bounce 0 is critically damped, bounce
/// in 0...1 under-damped (damping ratio 1 − bounce), and a negative bounce over-damped.
public struct Spring: Sendable, Hashable {
    /// The mass of the moving object.
    public let mass: Double
    /// The spring constant k.
    public let stiffness: Double
    /// The damping coefficient c.
    public let damping: Double

    /// A spring with a perceptual duration and bounce, as SwiftUI's `Spring(duration:bounce:)`.
    /// - Parameters:
    ///   - duration: the period of the undamped spring in seconds (values below 1e-6 are raised to it).
    ///   - bounce: -1 < bounce ≤ 1; 0 is critically damped, higher bounces more, negative values
    ///     are over-damped (values outside are clamped into that range).
    public init(duration: Double = 0.5, bounce: Double = 0) {
        let duration = duration.isNaN ? 0.5 : max(duration, 1e-6)
        let bounce = bounce.isNaN ? 0 : min(max(bounce, -1 + 1e-6), 1)
        mass = 1
        stiffness = (2 * .pi / duration) * (2 * .pi / duration)
        damping = bounce >= 0 ? 4 * .pi * (1 - bounce) / duration : 4 * .pi / (duration * (1 + bounce))
    }

    /// A spring from its physical constants, as SwiftUI's `Spring(mass:stiffness:damping:)`.
    /// - Parameters:
    ///   - mass: the mass, greater than 0.
    ///   - stiffness: the spring constant, greater than 0.
    ///   - damping: the damping coefficient, at least 0.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// SwiftUI's `.smooth`: duration 0.5, bounce 0 (critically damped).
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// SwiftUI's `.snappy`: duration 0.5, bounce 0.15.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// SwiftUI's `.bouncy`: duration 0.5, bounce 0.3.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// The undamped angular frequency ω = √(k / m), in radians per second.
    var angularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio ζ = c / (2√(k·m)): 1 is critical, below 1 oscillates, above 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The perceptual duration, 2π√(m / k): the inverse of `init(duration:bounce:)`.
    public var duration: Double { 2 * .pi * (mass / stiffness).squareRoot() }

    /// The bounce, the inverse of `init(duration:bounce:)`: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when over-damped.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// The time after which a unit move from rest stays within 0.001 of its target: the default
    /// length of a `SpringKeyframe`. Infinite for an undamped spring.
    public var settlingDuration: Double {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }

    /// The time after which a move of `target` (from zero, with `initialVelocity`) stays within
    /// `epsilon` of the target, i.e. |x(s)| ≤ epsilon for every s ≥ the returned time.
    ///
    /// Found by bounding the motion with its decay envelope, scanning back from that bound in small
    /// steps for the last time the displacement exceeds `epsilon`, and bisecting that step.
    /// - Parameters:
    ///   - target: the change of value (the initial displacement is its negative).
    ///   - initialVelocity: the velocity at time 0.
    ///   - epsilon: the distance from the target counted as settled, greater than 0.
    public func settlingDuration<V: KeyframeValue>(target: V, initialVelocity: V = .zero, epsilon: Double) -> Double {
        let x0 = V.zero - target
        return settlingTime(
            displacementSquared: x0.magnitudeSquared,
            dot: x0.dot(initialVelocity),
            velocitySquared: initialVelocity.magnitudeSquared,
            epsilon: epsilon)
    }

    /// The value at `time` of a move from zero to `target`, as SwiftUI's `Spring.value(target:initialVelocity:time:)`.
    /// - Parameters:
    ///   - target: where the value is going.
    ///   - initialVelocity: the velocity at time 0.
    ///   - time: seconds since the start.
    public func value<V: KeyframeValue>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        value(fromValue: .zero, toValue: target, initialVelocity: initialVelocity, time: time)
    }

    /// The velocity at `time` of a move from zero to `target`.
    /// - Parameters:
    ///   - target: where the value is going.
    ///   - initialVelocity: the velocity at time 0.
    ///   - time: seconds since the start.
    public func velocity<V: KeyframeValue>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        velocity(fromValue: .zero, toValue: target, initialVelocity: initialVelocity, time: time)
    }

    /// The value at `time` of a move from `fromValue` to `toValue` starting with `initialVelocity`.
    /// - Parameters:
    ///   - fromValue: the value at time 0.
    ///   - toValue: the target.
    ///   - initialVelocity: the velocity at time 0.
    ///   - time: seconds since the start.
    public func value<V: KeyframeValue>(fromValue: V, toValue: V, initialVelocity: V, time: Double) -> V {
        let c = coefficients(at: time)
        return toValue + (fromValue - toValue).scaled(by: c.a) + initialVelocity.scaled(by: c.b)
    }

    /// The velocity at `time` of a move from `fromValue` to `toValue` starting with `initialVelocity`.
    /// - Parameters:
    ///   - fromValue: the value at time 0.
    ///   - toValue: the target.
    ///   - initialVelocity: the velocity at time 0.
    ///   - time: seconds since the start.
    public func velocity<V: KeyframeValue>(fromValue: V, toValue: V, initialVelocity: V, time: Double) -> V {
        let c = coefficients(at: time)
        return (fromValue - toValue).scaled(by: c.da) + initialVelocity.scaled(by: c.db)
    }

    /// The displacement at t is x0·a(t) + v0·b(t) and the velocity x0·a'(t) + v0·b'(t);
    /// these are a, b, a', b' for this spring, from the closed-form solutions.
    func coefficients(at t: Double) -> (a: Double, b: Double, da: Double, db: Double) {
        let omega = angularFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            // Critical: x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ωt).
            let e = exp(-omega * t)
            return ((1 + omega * t) * e, t * e, -omega * omega * t * e, (1 - omega * t) * e)
        } else if zeta < 1 {
            // Under-damped: x(t) = e^(−ζωt)·(x0·cos ω_d t + (v0 + ζω·x0)/ω_d · sin ω_d t).
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let e = exp(-zeta * omega * t)
            let cosine = cos(wd * t), sine = sin(wd * t)
            return (
                e * (cosine + zeta * omega / wd * sine),
                e * sine / wd,
                -e * omega * omega / wd * sine,
                e * (cosine - zeta * omega / wd * sine))
        } else {
            // Over-damped: x(t) = c1·e^(r1 t) + c2·e^(r2 t) with r1,2 = −ω(ζ ∓ √(ζ² − 1)).
            let root = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + root, r2 = -zeta * omega - root
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            let span = r1 - r2
            return (
                (r1 * e2 - r2 * e1) / span,
                (e1 - e2) / span,
                r1 * r2 * (e2 - e1) / span,
                (r1 * e1 - r2 * e2) / span)
        }
    }

    /// |x(t)| for a displacement given by |x0|², x0·v0 and |v0|².
    private func displacement(at t: Double, _ xx: Double, _ xv: Double, _ vv: Double) -> Double {
        let c = coefficients(at: t)
        return max(c.a * c.a * xx + 2 * c.a * c.b * xv + c.b * c.b * vv, 0).squareRoot()
    }

    func settlingTime(displacementSquared xx: Double, dot xv: Double, velocitySquared vv: Double, epsilon: Double) -> Double {
        let epsilon = max(epsilon, .leastNormalMagnitude)
        let x = xx.squareRoot(), v = vv.squareRoot()
        if x == 0 && v == 0 { return 0 }
        guard x.isFinite, v.isFinite else { return .infinity }
        let omega = angularFrequency
        let zeta = dampingRatio
        guard omega > 0, omega.isFinite, zeta > 0 else { return .infinity }
        // A time after which the envelope of |x(t)| is below epsilon.
        var bound: Double
        var step: Double
        if abs(zeta - 1) < 1e-9 {
            // (x(1 + ωt) + v·t)·e^(−ωt) decreases once t ≥ 1/ω.
            bound = 1 / omega
            while (x * (1 + omega * bound) + v * bound) * exp(-omega * bound) > epsilon { bound *= 2 }
            step = bound / 4000
        } else if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            bound = log((omega * x + v) / (wd * epsilon)) / (zeta * omega)
            step = min(bound / 4000, 2 * .pi / wd / 64)
        } else {
            let root = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + root, r2 = -zeta * omega - root
            let k = ((abs(r1) + abs(r2)) * x + 2 * v) / (r1 - r2)
            bound = log(k / epsilon) / -r1
            step = bound / 4000
        }
        guard bound > 0 else { return 0 }
        guard bound.isFinite else { return .infinity }
        step = max(step, bound / 1_000_000)
        // Scan back from the bound for the last sample still outside epsilon, then bisect.
        var t = bound
        while t > 0 && displacement(at: t, xx, xv, vv) <= epsilon { t -= step }
        if t <= 0 { return 0 }
        var low = t, high = min(t + step, bound)
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if displacement(at: mid, xx, xv, vv) > epsilon { low = mid } else { high = mid }
        }
        return high
    }
}
