import Testing
@testable import ShaderFX
@testable import ShaderFXCore

private struct Wave: Equatable {
    var radius = 0.0
    var strength = 0.0
}

@Suite struct KeyframeTriggerTests {
    /// The ripple-wave seed's keyframes with reach 1300 and travel 2 s.
    private let ripple = KeyframeTimeline(initialValue: Wave()) {
        KeyframeTrack(\.radius) {
            MoveKeyframe(0)
            LinearKeyframe(1300, duration: 2)
        }
        KeyframeTrack(\.strength) {
            MoveKeyframe(1)
            LinearKeyframe(1, duration: 0.7)
            CubicKeyframe(0, duration: 1.3)
        }
    }

    @Test func restartsAtEachTrigger() {
        let triggered = TriggeredTimeline(ripple, triggerTimes: [5, 1])
        #expect(triggered.triggerTimes == [1, 5])
        #expect(triggered.value(time: 0.5) == Wave())                         // before the first: initial value
        #expect(triggered.value(time: 1) == Wave(radius: 0, strength: 1))     // restarted at 1
        #expect(isClose(triggered.value(time: 2).radius, 650))                // elapsed 1: 1300 · 1/2
        #expect(triggered.value(time: 4) == Wave(radius: 1300, strength: 0))  // run over: holds its end
        #expect(isClose(triggered.value(time: 5.5).radius, 325))              // elapsed .5: 1300 · .5/2
        #expect(triggered.value(time: 5.5).strength == 1)
    }

    @Test func reportsTheActiveTrigger() {
        let triggered = TriggeredTimeline(ripple, triggerTimes: [1, 5, .nan])
        #expect(triggered.activeTrigger(at: 0.99) == nil)
        #expect(triggered.activeTrigger(at: 1) == .init(index: 0, time: 1, elapsed: 0))
        #expect(triggered.activeTrigger(at: 4.5) == .init(index: 0, time: 1, elapsed: 3.5))
        #expect(triggered.activeTrigger(at: 6) == .init(index: 1, time: 5, elapsed: 1))
        #expect(triggered.isAnimating(at: 2.9))
        #expect(!triggered.isAnimating(at: 3))
        #expect(!triggered.isAnimating(at: 0))
    }

    @Test func interruptedRunContinuesFromTheCurrentValue() {
        // SwiftUI restarts from the current value: run 1 is at 10 · 1/2 = 5 when the trigger at 1 s fires,
        // so run 2 goes 5 -> 10 over 2 s: at 2 s (elapsed 1), 5 + 5 · 1/2 = 7.5.
        let triggered = TriggeredTimeline(initialValue: 0.0, triggerTimes: [0, 1]) { _ in
            LinearKeyframe(10, duration: 2)
        }
        #expect(isClose(triggered.value(time: 2), 7.5))
        #expect(triggered.value(time: 3) == 10)
    }

    @Test func interruptedCubicKeepsItsVelocity() {
        // Run 1: cubic 0 -> 10 over 2 s at rest ends; at s = .5 value 10·(3·.25 - 2·.125) = 5,
        // velocity 10·(6s - 6s²)/d = 10·1.5/2 = 7.5. Run 2 starts there: p0 = 5, v0 = 7.5, p1 = 10, v1 = 0, d = 2;
        // at s = .5: .5·5 + .125·2·7.5 + .5·10 - 0 = 2.5 + 1.875 + 5 = 9.375.
        let triggered = TriggeredTimeline(initialValue: 0.0, triggerTimes: [0, 1]) { _ in
            CubicKeyframe(10, duration: 2)
        }
        #expect(isClose(triggered.value(time: 2), 9.375))
    }

    @Test func keyframesSeeTheValueAtTheTrigger() {
        // Each run adds 1 to the value it starts from, as `keyframes: { value in ... }` can.
        let triggered = TriggeredTimeline(initialValue: 0.0, triggerTimes: [0, 2, 4]) { value in
            LinearKeyframe(value + 1, duration: 1)
        }
        #expect(triggered.value(time: 1) == 1)
        #expect(triggered.value(time: 3) == 2)
        #expect(isClose(triggered.value(time: 4.5), 2.5))
    }
}
