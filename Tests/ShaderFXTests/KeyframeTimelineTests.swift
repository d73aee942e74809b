import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// Whether two numbers agree to within `tolerance` (shared by the animation tests).
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// The ripple-wave seed's animated value.
private struct Wave: Equatable {
    var radius = 0.0
    var strength = 0.0
}

private struct Pair {
    var a = 0.0
    var b = 0.0
    var c = 7.0
}

/// Cubic keyframes use the Hermite form value(s) = h00·p0 + h10·d·v0 + h01·p1 + h11·d·v1 with
/// h00 = 2s³-3s²+1, h10 = s³-2s²+s, h01 = -2s³+3s², h11 = s³-s²; at s = 0.5 these are 0.5, 0.125, 0.5, -0.125.
@Suite struct KeyframeTimelineTests {
    @Test func linearMidpoints() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            MoveKeyframe(0)
            LinearKeyframe(10, duration: 2)
        }
        #expect(timeline.duration == 2)
        #expect(isClose(timeline.value(time: 1), 5))      // 10 · 1/2
        #expect(isClose(timeline.value(time: 0.5), 2.5))  // 10 · 0.5/2
        #expect(isClose(timeline.value(progress: 0.5), 5))
        #expect(timeline.value(time: -3) == 0)            // before 0: the value at 0
        #expect(timeline.value(time: 9) == 10)            // held after the end
    }

    @Test func linearKeyframeFollowsItsTimingCurve() {
        // easeIn reaches y = 0.5 at x = 0.6575 (see KeyframeCurveTests): at t = 2·0.6575 = 1.315, 10·0.5 = 5.
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10, duration: 2, timingCurve: .easeIn)
        }
        #expect(isClose(timeline.value(time: 1.315), 5))
    }

    @Test func moveKeyframeJumps() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10, duration: 1)
            MoveKeyframe(20)
            LinearKeyframe(30, duration: 1)
        }
        #expect(isClose(timeline.value(time: 0.5), 5))   // 10 · 0.5
        #expect(timeline.value(time: 1) == 20)            // the jump wins at its instant
        #expect(isClose(timeline.value(time: 1.5), 25))  // 20 + 10 · 0.5
        #expect(timeline.duration == 2)
    }

    @Test func catmullRomInteriorTangents() {
        // Points (t, v): (0, 0), (1, 1), (3, 3), (4, 0). Ends at rest; tangents
        // at t = 1: (3 - 0) / (3 - 0) = 1, at t = 3: (0 - 1) / (4 - 1) = -1/3.
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1, duration: 1)
            CubicKeyframe(3, duration: 2)
            CubicKeyframe(0, duration: 1)
        }
        // Segment 1 at s = .5: .5·0 + .125·1·0 + .5·1 - .125·1·1 = 0.375.
        #expect(isClose(timeline.value(time: 0.5), 0.375))
        // Segment 2 at s = .5 (t = 2): .5·1 + .125·2·1 + .5·3 - .125·2·(-1/3) = .5 + .25 + 1.5 + .08333 = 2.33333.
        #expect(isClose(timeline.value(time: 2), 0.5 + 0.25 + 1.5 + 0.25 / 3))
        // The slope is continuous through the interior points and equals the tangents.
        let h = 1e-6
        #expect(isClose((timeline.value(time: 1 + h) - timeline.value(time: 1 - h)) / (2 * h), 1, tolerance: 1e-5))
        #expect(isClose((timeline.value(time: 3 + h) - timeline.value(time: 3 - h)) / (2 * h), -1.0 / 3, tolerance: 1e-5))
    }

    @Test func cubicTrackStartsAndEndsAtRest() {
        // One cubic 0 -> 1 over 1 s with v0 = v1 = 0: value = 3s² - 2s³, quadratic at both ends.
        let timeline = KeyframeTimeline(initialValue: 0.0) { CubicKeyframe(1, duration: 1) }
        // s = 0.01: 3e-4 - 2e-6 = 0.000298; s = 0.99: 1 - 0.000298.
        #expect(isClose(timeline.value(time: 0.01), 0.000298))
        #expect(isClose(timeline.value(time: 0.99), 1 - 0.000298))
        // value(h) / h² -> 3 as h -> 0 (no linear term: zero velocity).
        #expect(isClose(timeline.value(time: 1e-4) / 1e-8, 3, tolerance: 1e-3))
        #expect(isClose((1 - timeline.value(time: 1 - 1e-4)) / 1e-8, 3, tolerance: 1e-3))
    }

    @Test func cubicNextToLinearTakesItsVelocity() {
        // Linear 0 -> 2 in 1 s (velocity 2), then cubic 2 -> 2 in 1 s: v0 = 2, v1 = 0 (track end).
        // At s = .5: .5·2 + .125·1·2 + .5·2 - .125·1·0 = 2.25.
        let after = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(2, duration: 1)
            CubicKeyframe(2, duration: 1)
        }
        #expect(isClose(after.value(time: 1.5), 2.25))
        let h = 1e-6
        #expect(isClose((after.value(time: 1 + h) - after.value(time: 1)) / h, 2, tolerance: 1e-4))
        // Cubic 0 -> 1 in 1 s, then linear 1 -> 3 in 1 s (velocity 2): v0 = 0, v1 = 2.
        // At s = .5: .5·0 + 0 + .5·1 - .125·1·2 = 0.25.
        let before = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1, duration: 1)
            LinearKeyframe(3, duration: 1)
        }
        #expect(isClose(before.value(time: 0.5), 0.25))
    }

    @Test func cubicBeforeSpringAimsAtTheSpringTarget() {
        // Cubic 0 -> 1 in 1 s, then a 2 s spring toward 3 with no start velocity: the cubic's end
        // velocity is the Catmull-Rom tangent through the spring's target, (3 - 0) / (3 - 0) = 1.
        // Cubic at s = .5: .5·0 + 0 + .5·1 - .125·1·1 = 0.375.
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1, duration: 1)
            SpringKeyframe(3, duration: 2)
        }
        #expect(isClose(timeline.value(time: 0.5), 0.375))
        // The spring (critical, ω = 4π) starts with that velocity: x0 = 1 - 3 = -2, v0 = 1,
        // x(t) = 3 + (-2 + (1 + ω·(-2))·t)·e^(-ωt).
        let omega = 4 * Double.pi
        for t in [0.05, 0.2] {
            #expect(isClose(timeline.value(time: 1 + t), 3 + (-2 + (1 - 2 * omega) * t) * exp(-omega * t)))
        }
    }

    @Test func explicitCubicVelocities() {
        // v0 = 4, v1 = 0 over 1 s from 0 to 1, at s = .5: 0 + .125·4 + .5 - 0 = 1.0.
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1, duration: 1, startVelocity: 4, endVelocity: 0)
        }
        #expect(isClose(timeline.value(time: 0.5), 1.0))
    }

    @Test func parallelTracksRunToTheLongest() {
        let timeline = KeyframeTimeline(initialValue: Pair()) {
            KeyframeTrack(\.a) { LinearKeyframe(1, duration: 1) }
            KeyframeTrack(\.b) { LinearKeyframe(4, duration: 2) }
            KeyframeTrack(\.c) {}
        }
        #expect(timeline.duration == 2)
        let mid = timeline.value(time: 1.5)
        #expect(mid.a == 1)             // a ended at 1 s and holds 1
        #expect(isClose(mid.b, 3))     // 4 · 1.5/2
        #expect(mid.c == 7)             // no keyframes: holds the initial value
        let end = timeline.value(time: 5)
        #expect(end.a == 1 && end.b == 4)
    }

    @Test func trackStartsFromTheInitialField() {
        // Initial a = 5, linear to 1 in 1 s: at 0.5, 5 + (1 - 5)·0.5 = 3.
        let timeline = KeyframeTimeline(initialValue: Pair(a: 5)) {
            KeyframeTrack(\.a) { LinearKeyframe(1, duration: 1) }
        }
        #expect(isClose(timeline.value(time: 0.5).a, 3))
        #expect(timeline.value(time: 0).a == 5)
    }

    @Test func rippleWaveTimeline() {
        // The ripple-wave seed's own timeline, from a tap at the left end of a 1190-pt line:
        // reach = 1190 + the 110-pt wavelength = 1300 pt, at 650 pt/s: travel = 2 s.
        let reach = 1300.0, travel = 2.0
        let timeline = RippleWave().timeline(origin: SIMD2(0, 0), size: SIMD2(1190, 0))
        typealias Wave = RippleWave.Wave
        #expect(timeline.duration == travel)
        #expect(timeline.value(time: 0) == Wave(radius: 0, strength: 1))
        #expect(isClose(timeline.value(time: 1).radius, 650))       // 1300 · 1/2
        #expect(timeline.value(time: 0.5).strength == 1)            // held at 1 for the first 35 %
        #expect(timeline.value(time: 0.7).strength == 1)            // t = 0.35 · 2
        // The cubic starts with the flat linear's velocity 0 and ends at rest: 1 - (3s² - 2s³), s = (t - .7)/1.3.
        #expect(isClose(timeline.value(time: 0.7 + 0.65).strength, 0.5))   // s = .5: 1 - (.75 - .25)
        #expect(timeline.value(time: 2).strength == 0)
        var previous = 1.0
        for step in 1...100 {
            let strength = timeline.value(time: 0.7 + 1.3 * Double(step) / 100).strength
            #expect(strength < previous)
            previous = strength
        }
        #expect(timeline.value(time: 3) == Wave(radius: reach, strength: 0))
    }

    @Test func looseKeyframesFormOneTrack() {
        // The MetalRipples seed: keyframes straight in the builder animate the whole Double.
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            MoveKeyframe(0)
            LinearKeyframe(3, duration: 3)
        }
        #expect(timeline.duration == 3)
        #expect(isClose(timeline.value(time: 1.5), 1.5))
    }

    @Test func vectorValuesAndBuilderControlFlow() {
        let bounce = true
        let timeline = KeyframeTimeline(initialValue: SIMD2<Double>(0, 0)) {
            KeyframeTrack {
                LinearKeyframe(SIMD2(2, 4), duration: 2)
                if bounce { LinearKeyframe(SIMD2(0, 0), duration: 1) }
                for _ in 0..<2 { LinearKeyframe(SIMD2(1, 1), duration: 1) }
            }
        }
        #expect(timeline.duration == 5)
        #expect(timeline.value(time: 1) == SIMD2(1, 2))     // (2, 4) · 1/2
        #expect(timeline.value(time: 2.5) == SIMD2(1, 2))   // halfway back from (2, 4)
        #expect(timeline.value(time: 5) == SIMD2(1, 1))
        let floats = KeyframeTimeline(initialValue: SIMD2<Float>(0, 0)) {
            LinearKeyframe(SIMD2<Float>(4, 8), duration: 4)
        }
        #expect(floats.value(time: 1) == SIMD2<Float>(1, 2))
    }

    @Test func keyframeValueArithmetic() {
        #expect(3.0.scaled(by: 2) == 6)
        #expect(Float(3).scaled(by: 0.5) == 1.5)
        #expect((-3.0).magnitudeSquared == 9)
        #expect(SIMD2<Double>(3, 4).magnitudeSquared == 25)
        #expect(SIMD2<Float>(1, 2).scaled(by: 2) == SIMD2(2, 4))
    }
}
