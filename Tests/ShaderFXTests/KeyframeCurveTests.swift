import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// UnitCurve: cubic Béziers through (0,0), P1, P2, (1,1). At parameter s,
/// x(s) = 3(1-s)²s·x1 + 3(1-s)s²·x2 + s³ and y(s) likewise; values below are worked at s = 0.5 or 0.25.
@Suite struct KeyframeCurveTests {
    @Test func linearIsIdentity() {
        // y = x for control points (0,0) and (1,1).
        #expect(isClose(UnitCurve.linear.value(at: 0.3), 0.3))
        #expect(isClose(UnitCurve.linear.value(at: 0.75), 0.75))
        #expect(isClose(UnitCurve.linear.velocity(at: 0.4), 1))
    }

    @Test func easeInOutIsSymmetric() {
        // s = 0.5: x = 3·.25·.5·.42 + 3·.5·.25·.58 + .125 = .1575 + .2175 + .125 = 0.5;
        //          y = 0 + 3·.5·.25·1 + .125 = 0.5.
        #expect(isClose(UnitCurve.easeInOut.value(at: 0.5), 0.5))
        // s = 0.25: x = 3·.5625·.25·.42 + 3·.75·.0625·.58 + .015625 = .1771875 + .0815625 + .015625 = 0.274375;
        //           y = 3·.75·.0625·1 + .015625 = 0.15625.
        #expect(isClose(UnitCurve.easeInOut.value(at: 0.274375), 0.15625))
        // Symmetry (x, y) -> (1-x, 1-y): at 1 - 0.274375 = 0.725625, y = 1 - 0.15625 = 0.84375.
        #expect(isClose(UnitCurve.easeInOut.value(at: 0.725625), 0.84375))
    }

    @Test func easeInAndEaseOut() {
        // easeIn (0.42,0)-(1,1), s = 0.5: x = 3·.25·.5·.42 + 3·.5·.25·1 + .125 = .1575 + .375 + .125 = 0.6575;
        //                                   y = 0 + .375 + .125 = 0.5.
        #expect(isClose(UnitCurve.easeIn.value(at: 0.6575), 0.5))
        // easeOut (0,0)-(0.58,1), s = 0.5: x = 0 + 3·.5·.25·.58 + .125 = 0.3425; y = .375 + .125 = 0.5.
        #expect(isClose(UnitCurve.easeOut.value(at: 0.3425), 0.5))
    }

    @Test func customBezier() {
        // CSS "ease" (0.25,0.1)-(0.25,1), s = 0.5: x = 3·.25·.5·.25 + 3·.5·.25·.25 + .125 = 0.3125;
        //                                           y = 3·.25·.5·.1 + 3·.5·.25·1 + .125 = .0375 + .375 + .125 = 0.5375.
        let ease = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1))
        #expect(isClose(ease.value(at: 0.3125), 0.5375))
    }

    @Test func endSlopes() {
        // At x = 0 the curve heads for P1 (or P2 when P1 is the origin); at x = 1 it comes from P2 (or P1).
        // easeIn: start slope 0 / 0.42 = 0; end slope from P1 since P2 = (1,1): (1 - 0) / (1 - 0.42) = 1/0.58.
        #expect(isClose(UnitCurve.easeIn.velocity(at: 0), 0))
        #expect(isClose(UnitCurve.easeIn.velocity(at: 1), 1 / 0.58))
        // easeOut: P1 = (0,0), so the start slope is P2's: 1 / 0.58; end slope (1 - 1) / (1 - 0.58) = 0.
        #expect(isClose(UnitCurve.easeOut.velocity(at: 0), 1 / 0.58))
        #expect(isClose(UnitCurve.easeOut.velocity(at: 1), 0))
        // easeInOut at its centre: dy/ds = 3·.25·0 + 6·.25·(1 - 0) + 3·.25·(1 - 1) = 1.5 and
        // dx/ds = 3·.25·.42 + 6·.25·(.58 - .42) + 3·.25·(1 - .58) = .315 + .24 + .315 = 0.87, slope 1.5 / 0.87.
        #expect(isClose(UnitCurve.easeInOut.velocity(at: 0.5), 1.5 / 0.87))
    }

    @Test func progressIsClamped() {
        #expect(UnitCurve.easeIn.value(at: -1) == 0)
        #expect(UnitCurve.easeIn.value(at: 2) == 1)
        #expect(UnitCurve.easeInOut.value(at: .nan) == 0)
    }

    @Test func solvesAccuratelyEverywhere() {
        // Round trip: pick s, compute (x(s), y(s)) directly, and ask the curve for y at x(s).
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.9), endControlPoint: UnitPoint(x: 0.9, y: 0.1))
        for step in 1..<100 {
            let s = Double(step) / 100
            let x = 3 * (1 - s) * (1 - s) * s * 0.1 + 3 * (1 - s) * s * s * 0.9 + s * s * s
            let y = 3 * (1 - s) * (1 - s) * s * 0.9 + 3 * (1 - s) * s * s * 0.1 + s * s * s
            #expect(isClose(curve.value(at: x), y, tolerance: 1e-9))
        }
    }
}
