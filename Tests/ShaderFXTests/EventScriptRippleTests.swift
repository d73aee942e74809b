import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// The ripple-refraction seed's gesture rules and its RippleStore ring buffer.
@Suite struct EventScriptRippleTests {
    private func drag(_ times: [Double], x: Double = 10, y: Double = 20) -> EventScript.Drag {
        EventScript.Drag(points: times.map { EventScript.Touch(time: $0, x: x + $0 * 100, y: y) })
    }

    @Test func dragIsThrottled() {
        // onChanged at 0 (lastMove long ago: add, lastMove = 0), 0.1 (0.1 ≤ 0.18: skip), 0.2 (0.2 > 0.18: add,
        // lastMove = 0.2), 0.3 (0.1: skip), 0.5 (0.3: add, lastMove = 0.5); onEnded at 0.5 adds strength 1.
        let ripples = EventScript.rippleEvents(for: [drag([0, 0.1, 0.2, 0.3, 0.5])])
        #expect(ripples.map(\.birthTime) == [0, 0.2, 0.5, 0.5])
        #expect(ripples.map(\.strength) == [0.8, 0.8, 0.8, 1])
        #expect(ripples[1].x == 30 && ripples[1].y == 20)   // at the touch point: 10 + 0.2·100
        #expect(ripples[3].x == 60)                          // onEnded at the last point
    }

    @Test func throttleStateIsSharedAcrossDrags() {
        // Drag A: 0 (add, lastMove = 0), 0.1 (skip), end at 0.1 (add 1.0; onEnded does not set lastMove).
        // Drag B: first point at 0.15, 0.15 - 0 ≤ 0.18, so skipped even though it starts a new drag;
        // 0.17 (0.17 ≤ 0.18: skip); end at 0.17 adds 1.0.
        let close = EventScript.rippleEvents(for: [drag([0, 0.1]), drag([0.15, 0.17])])
        #expect(close.map(\.birthTime) == [0, 0.1, 0.17])
        #expect(close.map(\.strength) == [0.8, 1, 1])
        // Drag B starting at 0.25 instead: 0.25 > 0.18, added.
        let apart = EventScript.rippleEvents(for: [drag([0, 0.1]), drag([0.25, 0.3])])
        #expect(apart.map(\.birthTime) == [0, 0.1, 0.25, 0.3])
        #expect(apart.map(\.strength) == [0.8, 1, 0.8, 1])
    }

    @Test func tapsAreOnePointDrags() {
        // A tap at 1 s: onChanged (add 0.8) and onEnded (add 1) at the same place and time.
        let script = EventScript(taps: [EventScript.Touch(time: 1, x: 5, y: 6)])
        #expect(script.rippleEvents() == [
            RippleEvent(x: 5, y: 6, birthTime: 1, strength: 0.8),
            RippleEvent(x: 5, y: 6, birthTime: 1, strength: 1),
        ])
        #expect(script.rippleEvents(includingTaps: false).isEmpty)
    }

    @Test func ringPacksNormalisedRipples() {
        var ring = RippleRing()
        #expect(ring.packed.count == 48)
        // (100, 50) in 400 × 200 -> (0.25, 0.25).
        ring.add(at: CGPoint(x: 100, y: 50), in: CGSize(width: 400, height: 200), birthTime: 1.5, strength: 0.8)
        #expect(Array(ring.packed[0..<4]) == [0.25, 0.25, 1.5, 0.8])
        #expect(ring.cursor == 1)
        // An empty size is ignored, as RippleStore's guard does.
        ring.add(at: CGPoint(x: 1, y: 1), in: CGSize(width: 0, height: 200), birthTime: 2)
        ring.add(at: CGPoint(x: 1, y: 1), in: CGSize(width: 10, height: -1), birthTime: 2)
        #expect(ring.cursor == 1)
        #expect(ring.packed[4..<48].allSatisfy { $0 == 0 })
    }

    @Test func ringWrapsAfterTwelve() {
        var ring = RippleRing()
        let size = CGSize(width: 100, height: 100)
        for n in 1...13 {
            ring.add(at: CGPoint(x: Double(n), y: 0), in: size, birthTime: Double(n), strength: 1)
        }
        // Adds 1...12 fill slots 0...11; the 13th wraps to slot 0, so the cursor is at 1.
        #expect(ring.cursor == 1)
        #expect(Array(ring.packed[0..<4]) == [0.13, 0, 13, 1])   // slot 0: the 13th, x = 13/100
        #expect(Array(ring.packed[4..<8]) == [0.02, 0, 2, 1])    // slot 1: still the 2nd
        #expect(Array(ring.packed[44..<48]) == [0.12, 0, 12, 1]) // slot 11: the 12th
        // At 12.5 s the 13th was not yet added: slot 0 still holds the 1st.
        let before = ring.packed(at: 12.5)
        #expect(Array(before[0..<4]) == [0.01, 0, 1, 1])
        #expect(ring.packed(at: 13) == ring.packed)
        // At 2 s only two ripples exist.
        let early = ring.packed(at: 2)
        #expect(Array(early[0..<8]) == [0.01, 0, 1, 1, 0.02, 0, 2, 1])
        #expect(early[8...].allSatisfy { $0 == 0 })
        #expect(ring.packed(at: 0.5) == [Float](repeating: 0, count: 48))
    }

    @Test func ringFromScriptEvents() {
        let events = EventScript.rippleEvents(for: [drag([0, 0.1, 0.2, 0.3, 0.5])])
        let ring = RippleRing(events: events, in: CGSize(width: 100, height: 40))
        #expect(ring.cursor == 4)
        // Third ripple: (10 + 50, 20) / (100, 40) = (0.6, 0.5), born 0.5, strength 0.8.
        #expect(Array(ring.packed[8..<12]) == [0.6, 0.5, 0.5, 0.8])
    }
}
