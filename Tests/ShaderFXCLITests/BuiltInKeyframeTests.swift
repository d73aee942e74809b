import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI
@testable import ShaderFXCore

/// Keyframes of a built-in effect's parameters in `animate` (`--keyframe` and an event script's
/// "keyframes"), as a `--shader`'s arguments have them. Each frame must be the still `render`
/// of the effect at the value the keyframes give then, computed here.
@Suite(.serialized) struct BuiltInKeyframeTests {
    @Test func rippleAmplitudeKeyframesMatchStillRendersAtTheirValues() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames")
            // Ripple's own animation runs its time from the tap (at the centre, 48,36) for 3 s; the
            // amplitude goes from 0 at 0 s to 24 at 1 s, then holds.
            let run = try CLIRun(["animate", "ripple", "--keyframe", "amplitude=0@0", "--keyframe", "amplitude=24@1",
                                  "--fps", "4", "--frames", "0..5", "--size", "96x72", "-o", frames.path + "/"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("of 12"), "ripple's own 3 s, longer than the keyframes: \(run.stdout)")
            for k in 1...5 {
                let time = Double(k) / 4
                let amplitude = 24 * min(time, 1)
                let still = dir.appendingPathComponent("still\(k).png").path
                let render = try CLIRun(["render", "ripple", "--origin", "48,36", "--time", "\(time)", "--amplitude", "\(amplitude)",
                                         "--size", "96x72", "-o", still, "-q"])
                #expect(render.status == 0, "\(render.stderr)")
                #expect(try pngLevels(frameFile(frames, k), still) == 0, "frame \(k): amplitude \(amplitude) at \(time) s")
            }
            // The keyframes did move it: the same time with the default amplitude differs.
            let plain = dir.appendingPathComponent("plain.png").path
            #expect(try CLIRun(["render", "ripple", "--origin", "48,36", "--time", "0.25", "--size", "96x72", "-o", plain, "-q"]).status == 0)
            #expect(try pngLevels(frameFile(frames, 1), plain) > 0)
        }
    }

    @Test func aColourKeyframedOnAStillEffectRunsUntilItsLastKeyframe() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames")
            let run = try CLIRun(["animate", "checkerboard", "--keyframe", "replacement=1,0,0,1@0", "--keyframe", "replacement=0,0,1,1@1",
                                  "--fps", "4", "--size", "64x48", "-o", frames.path + "/"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("wrote 4 frames"), "a still effect lasts until its last keyframe: \(run.stdout)")
            for k in 0..<4 {
                let f = Double(k) / 4  // straight red to blue, linearly
                let still = dir.appendingPathComponent("still\(k).png").path
                let render = try CLIRun(["render", "checkerboard", "--replacement", "\(1 - f),0,\(f),1", "--size", "64x48", "-o", still, "-q"])
                #expect(render.status == 0, "\(render.stderr)")
                #expect(try pngLevels(frameFile(frames, k), still) == 0, "frame \(k)")
            }
        }
    }

    @Test func eventScriptKeyframesMoveABuiltInEffect() throws {
        try withTemporaryFolder { (dir) throws in
            let script = dir.appendingPathComponent("events.json")
            try #"{"keyframes": {"radius": [{"time": 0, "value": 0}, {"time": 1, "value": 8}]}}"#
                .write(to: script, atomically: true, encoding: .utf8)
            let frames = dir.appendingPathComponent("frames")
            let run = try CLIRun(["animate", "blur", "--events", script.path, "--fps", "4", "--size", "64x48", "-o", frames.path + "/"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("wrote 4 frames"), "\(run.stdout)")
            let still = dir.appendingPathComponent("still.png").path
            #expect(try CLIRun(["render", "blur", "--radius", "4", "--size", "64x48", "-o", still, "-q"]).status == 0)
            #expect(try pngLevels(frameFile(frames, 2), still) == 0, "frame 2 at 0.5 s: radius 4")

            // A script's bad keyframes are named as the script's.
            try #"{"keyframes": {"sigma": [{"time": 0, "value": 0}]}}"#.write(to: script, atomically: true, encoding: .utf8)
            let bad = try CLIRun(["animate", "blur", "--events", script.path, "--fps", "4", "--size", "64x48", "-o", frames.path + "2/"])
            #expect(bad.status == 2, "\(bad.stdout)\(bad.stderr)")
            #expect(bad.stderr.contains("--events: expected one of blur's float, point and colour parameters"), "\(bad.stderr)")
        }
    }

    @Test func aGoldenCaseRecordsKeyframedFramesAndRefusesBadOnes() throws {
        try withTemporaryFolder { (dir) throws in
            let suite = dir.appendingPathComponent("suite")
            try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
            try #"{"effect": "blur", "size": "64x48", "frames": [0.5], "events": {"keyframes": {"radius": [{"time": 0, "value": 0}, {"time": 1, "value": 8}]}}}"#
                .write(to: suite.appendingPathComponent("blur.json"), atomically: true, encoding: .utf8)
            let record = try CLIRun(["test", suite.path, "--family", "llvmpipe"], environment: ["CI": ""])
            #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
            let still = dir.appendingPathComponent("still.png").path
            #expect(try CLIRun(["render", "blur", "--radius", "4", "--size", "64x48", "-o", still, "-q"]).status == 0)
            #expect(try pngLevels(suite.appendingPathComponent("blur/t0.5.png").path, still) == 0, "the frame at 0.5 s has radius 4")

            try #"{"effect": "blur", "size": "64x48", "frames": [0.5], "events": {"keyframes": {"sigma": [{"time": 0, "value": 0}]}}}"#
                .write(to: suite.appendingPathComponent("blur.json"), atomically: true, encoding: .utf8)
            let bad = try CLIRun(["test", suite.path, "--family", "llvmpipe"], environment: ["CI": ""])
            #expect(bad.status == 2, "\(bad.stdout)\(bad.stderr)")
            #expect(bad.stderr.contains("blur.json: events.keyframes.sigma: expected one of blur's float, point and colour parameters"), "\(bad.stderr)")
        }
    }

    @Test func theAnimatorHoldsAfterTheLastKeyframeAndRunsAsLongAsTheLonger() throws {
        func rippleAnimator(_ keyframes: [ArgumentKeyframe]) throws -> EffectAnimator {
            try EffectAnimator(effect: Ripple.self, base: ParameterValues(), events: EventScript(), size: SIMD2(100, 100),
                               keyframes: try EffectAnimator.keyframes(["amplitude": keyframes], of: Ripple.self, base: ParameterValues()))
        }
        func amplitude(_ animator: EffectAnimator, at time: Double) throws -> Float? {
            (try animator.value(at: time) as? Ripple)?.amplitude
        }
        let animator = try rippleAnimator([ArgumentKeyframe(time: 0, value: .numbers([0])), ArgumentKeyframe(time: 5, value: .numbers([10]))])
        #expect(try amplitude(animator, at: 2.5) == 5)
        #expect(try amplitude(animator, at: 9) == 10)
        #expect(try animator.naturalDuration() == 5, "the keyframes outlast ripple's 3 s")
        let short = try rippleAnimator([ArgumentKeyframe(time: 1, value: .numbers([3]))])
        #expect(try short.naturalDuration() == 3)
        #expect(try amplitude(short, at: 0) == 3, "held before the first keyframe")
    }

    @Test(arguments: [
        (["animate", "ripple", "--keyframe", "strength=2@1", "-o", "x/"],
         "--keyframe: expected one of ripple's float, point and colour parameters (origin, time, amplitude, frequency, decay, speed), got 'strength'"),
        (["animate", "stripes", "--keyframe", "colors=red@1", "-o", "x/"], "expected a float, point or colour parameter (colors is a color-list)"),
        (["animate", "ripple", "--amplitude", "3", "--keyframe", "amplitude=5@1", "-o", "x/"], "expected either --amplitude or keyframes for amplitude, not both"),
        (["animate", "blur", "--keyframe", "radius=2@0", "--keyframe", "radius=-5@1", "-o", "x/"],
         "expected values blur takes in keyframe 2 (at 1 s: must be between 0.0 and 500.0, got -5.0)"),
        (["animate", "blur", "--keyframe", "radius=1,2@1", "-o", "x/"], "expected a number in keyframe 1 (at 1 s)"),
        (["animate", "ripple", "--keyframe", "origin=red@1", "-o", "x/"], "expected two numbers"),
        (["animate", "passthrough", "--keyframe", "x=1@1", "-o", "x/"], "passthrough has no float, point or colour parameters"),
        (["animate", "ripple", "--time-arg", "t", "-o", "x/"], "no --time-arg with a built-in effect (it is for --shader)"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: CLIRun.root.appendingPathComponent("x").path))
    }
}
