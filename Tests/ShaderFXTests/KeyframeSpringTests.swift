import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// Springs: ω = √(k/m), ζ = c / (2√(k·m)); Spring(duration: 0.5, bounce: b) has ω = 2π/0.5 = 4π.
@Suite struct KeyframeSpringTests {
    let omega = 4 * Double.pi

    @Test func durationAndBounceFollowSwiftUI() {
        // bounce 0: k = (2π/0.5)² = 16π², c = 4π·1/0.5 = 8π, ζ = 8π / (2·4π) = 1.
        let smooth = Spring(duration: 0.5, bounce: 0)
        #expect(isClose(smooth.stiffness, 16 * .pi * .pi))
        #expect(isClose(smooth.damping, 8 * .pi))
        #expect(isClose(smooth.dampingRatio, 1))
        // bounce 0.3: c = 4π·0.7/0.5, ζ = 0.7.
        #expect(isClose(Spring(duration: 0.5, bounce: 0.3).dampingRatio, 0.7))
        // bounce -0.5: c = 4π / (0.5·0.5) = 16π, ζ = 16π / (2·4π) = 2.
        let heavy = Spring(duration: 0.5, bounce: -0.5)
        #expect(isClose(heavy.damping, 16 * .pi))
        #expect(isClose(heavy.dampingRatio, 2))
        // And back: duration 2π√(m/k) = 2π / 4π·... = 0.5, bounce 1/ζ - 1 = -0.5.
        #expect(isClose(heavy.duration, 0.5))
        #expect(isClose(heavy.bounce, -0.5))
    }

    @Test func criticallyDampedKeyframeMatchesClosedForm() {
        // From 0 toward 1 at rest: x0 - target = -1, v0 = 0,
        // x(t) = 1 + (-1 + (0 + ω·(-1))·t)·e^(-ωt).
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1, duration: 2, spring: Spring(duration: 0.5, bounce: 0))
        }
        for t in [0.05, 0.1, 0.3] {
            #expect(isClose(timeline.value(time: t), 1 + (-1 - omega * t) * exp(-omega * t)))
        }
        // t = 0.1: ωt = 1.2566, e^-1.2566 = 0.28463, 1 - 2.2566·0.28463 = 0.35770.
        #expect(isClose(timeline.value(time: 0.1), 0.35770, tolerance: 1e-4))
    }

    @Test func springTakesTheIncomingVelocity() {
        // Linear 0 -> 1 over 1 s leaves at velocity 1; the spring back to 0 starts with x0 = 1, v0 = 1:
        // x(t) = 0 + (1 + (1 + ω·1)·t)·e^(-ωt), t measured from 1 s.
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(1, duration: 1)
            SpringKeyframe(0, duration: 1)
        }
        for t in [0.02, 0.1, 0.25] {
            #expect(isClose(timeline.value(time: 1 + t), (1 + (1 + omega) * t) * exp(-omega * t)))
        }
    }

    @Test func underAndOverDampedMatchClosedForms() {
        // Under (bounce 0.3, ζ = 0.7), from 0 to 1 at rest: x0 = -1, ω_d = ω√(1 - 0.49),
        // x(t) = 1 + e^(-ζωt)·(-cos ω_d t + (0 + ζω·(-1))/ω_d · sin ω_d t).
        let bouncy = Spring(duration: 0.5, bounce: 0.3)
        let zeta = 0.7, wd = omega * (1 - 0.49).squareRoot()
        for t in [0.05, 0.2, 0.4] {
            let expected = 1 + exp(-zeta * omega * t) * (-cos(wd * t) - zeta * omega / wd * sin(wd * t))
            #expect(isClose(bouncy.value(fromValue: 0.0, toValue: 1.0, initialVelocity: 0.0, time: t), expected))
        }
        // Over (bounce -0.5, ζ = 2): r1,2 = -ω(2 ∓ √3); c2 = (r1·x0 - v0)/(r1 - r2), c1 = x0 - c2, x0 = -1.
        let heavy = Spring(duration: 0.5, bounce: -0.5)
        let r1 = -omega * (2 - 3.0.squareRoot()), r2 = -omega * (2 + 3.0.squareRoot())
        let c2 = (r1 * -1) / (r1 - r2), c1 = -1 - c2
        for t in [0.05, 0.2, 0.4] {
            #expect(isClose(heavy.value(target: 1.0, time: t), 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)))
        }
    }

    @Test func springHoldsTheValueReachedAtItsDuration() {
        // Stopped at 0.1 s, well before it settles: value 1 + (-1 - 0.4π)·e^(-0.4π) = 0.3577, held, not 1.
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1, duration: 0.1)
        }
        let reached = 1 + (-1 - omega * 0.1) * exp(-omega * 0.1)
        #expect(timeline.duration == 0.1)
        #expect(isClose(timeline.value(time: 0.1), reached))
        #expect(isClose(timeline.value(time: 0.5), reached))
        #expect(isClose(timeline.value(time: 10), reached))
        // The next keyframe starts from the value reached: Linear to 2 over 1 s, halfway = (0.3577 + 2) / 2.
        let chained = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1, duration: 0.1)
            LinearKeyframe(2, duration: 1)
        }
        #expect(isClose(chained.value(time: 0.6), (reached + 2) / 2))
    }

    @Test func settlingDuration() {
        // Critical, unit step from rest: (1 + ωt)·e^(-ωt) = 0.001. With u = ωt, iterate u = ln(1000(1 + u)):
        // 9 -> 9.2103 -> 9.2312 -> 9.2333 -> 9.2335, so t = 9.2335 / 4π = 0.73478 s.
        let smooth = Spring(duration: 0.5, bounce: 0)
        #expect(isClose(smooth.settlingDuration, 0.73478, tolerance: 1e-4))
        // Under-damped: after the settling time the displacement never again exceeds 0.001.
        let bouncy = Spring(duration: 0.5, bounce: 0.3)
        let settle = bouncy.settlingDuration
        for step in 0...400 {
            let t = settle + Double(step) * 0.005
            #expect(abs(bouncy.value(target: 1.0, time: t) - 1) <= 0.001 + 1e-9)
        }
        // ... and just before it, it does (it is the last crossing, found to within bisection accuracy).
        #expect(abs(bouncy.value(target: 1.0, time: settle - 1e-6) - 1) > 0.001 - 1e-9)
        // A SpringKeyframe without a duration lasts the settling duration.
        let timeline = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(1, spring: bouncy) }
        #expect(timeline.duration == settle)
        // An undamped spring never settles.
        #expect(Spring(duration: 0.5, bounce: 1).settlingDuration == .infinity)
    }
}
