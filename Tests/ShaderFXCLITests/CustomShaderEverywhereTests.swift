import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI
@testable import ShaderFXCore
import ShaderFXUI

/// A developer's own functions wherever built-in effects go: `animate --shader` with
/// `--time-arg`, `--keyframe` and event-script keyframes, `--then --shader` in chains, and
/// `transition --shader` in Metal and GLSL. Expected pictures come from other commands
/// (the built-in effect, a still render at the value a keyframe gives, computed here in Double)
/// or from the transition's formula computed here.
@Suite(.serialized) struct CustomShaderEverywhereTests {
    static let rippleArgs = ["--arg", "origin=256,192", "--arg", "amplitude=12", "--arg", "frequency=15", "--arg", "decay=8",
                             "--arg", "speed=1200", "--max-sample-offset", "12"]
    static let vignette = "examples/vignette.glsl"


    /// The largest channel difference of two premultiplied pixels.
    func gap(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
        let d = a - b
        return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
    }


    @Test func animatingRippleMetalWithItsTimeArgumentGivesTheBuiltInRipple() throws {
        try withTemporaryFolder { (dir) throws in
            let custom = dir.appendingPathComponent("custom"), builtIn = dir.appendingPathComponent("builtin")
            let run = try CLIRun(["animate", "--shader", "examples/metal/Ripple.metal", "--time-arg", "time"] + Self.rippleArgs
                                 + ["--duration", "0.5", "--fps", "10", "--size", "160x120", "-o", custom.path + "/"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("wrote 5 frames"), "\(run.stdout)")
            let reference = try CLIRun(["animate", "ripple", "--origin", "256,192", "--duration", "0.5", "--fps", "10", "--size", "160x120",
                                        "-o", builtIn.path + "/", "-q"])
            #expect(reference.status == 0, "\(reference.stderr)")
            for k in 0..<5 {
                #expect(try pngLevels(frameFile(custom, k), frameFile(builtIn, k)) <= 1, "frame \(k)")
            }
            // The frames differ from one another: the time did feed the function.
            #expect(try pngLevels(frameFile(custom, 1), frameFile(custom, 4)) > 10)
        }
    }

    @Test func keyframedArgumentsMatchStillRendersAtTheirValues() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames")
            // Without --duration the run lasts until the last keyframe: 1 s at 4 fps, frames at 0, 0.25, 0.5, 0.75.
            let run = try CLIRun(["animate", "--shader", Self.vignette, "--arg", "tint=indigo", "--arg", "bounds=bounds",
                                  "--keyframe", "strength=0@0", "--keyframe", "strength=2@1", "--fps", "4", "--size", "96x72",
                                  "-o", frames.path + "/"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("wrote 4 frames"), "\(run.stdout)")
            for k in 0..<4 {
                let strength = 2.0 * Double(k) / 4  // linear from 0 at 0 s to 2 at 1 s
                let still = dir.appendingPathComponent("still\(k).png").path
                let render = try CLIRun(["render", "--shader", Self.vignette, "--arg", "tint=indigo", "--arg", "bounds=bounds",
                                         "--arg", "strength=\(strength)", "--size", "96x72", "-o", still, "-q"])
                #expect(render.status == 0, "\(render.stderr)")
                #expect(try pngLevels(frameFile(frames, k), still) == 0, "frame \(k), strength \(strength)")
            }
        }
    }

    @Test func eventScriptKeyframesFollowTheirCurve() throws {
        try withTemporaryFolder { (dir) throws in
            let script = dir.appendingPathComponent("events.json")
            try #"{"keyframes": {"strength": [{"time": 0, "value": 0}, {"time": 1, "value": 3, "curve": "easeIn"}]}}"#
                .write(to: script, atomically: true, encoding: .utf8)
            let frames = dir.appendingPathComponent("frames")
            let run = try CLIRun(["animate", "--shader", Self.vignette, "--arg", "tint=red", "--arg", "bounds=bounds",
                                  "--events", script.path, "--fps", "2", "--size", "64x48", "-o", frames.path + "/"])
            #expect(run.status == 0, "\(run.stderr)")
            // Frame 1 is at 0.5 s: easeIn is the cubic Bézier (0.42, 0), (1, 1); solve x(s) = 0.5 here.
            func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 { let mid = (lo + hi) / 2; if bezier(mid, 0.42, 1) < 0.5 { lo = mid } else { hi = mid } }
            let strength = 3 * bezier(lo, 0, 1)
            #expect(abs(strength - 0.94) < 0.02)  // about 0.315 of the way, far from linear's 1.5
            let still = dir.appendingPathComponent("still.png").path
            let render = try CLIRun(["render", "--shader", Self.vignette, "--arg", "tint=red", "--arg", "bounds=bounds",
                                     "--arg", "strength=\(strength)", "--size", "64x48", "-o", still, "-q"])
            #expect(render.status == 0, "\(render.stderr)")
            #expect(try pngLevels(frameFile(frames, 1), still) <= 1)
        }
    }

    @Test func aChainedShaderReadsThePreviousStage() throws {
        try withTemporaryFolder { (dir) throws in
            let chained = dir.appendingPathComponent("chained.png").path
            let run = try CLIRun(["render", "ripple", "--origin", "48,36", "--time", "0.2", "--size", "96x72",
                                  "--then", "--shader", Self.vignette, "--arg", "strength=1.5", "--arg", "tint=indigo", "--arg", "bounds=bounds",
                                  "-o", chained])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("ripple then vignette"), "\(run.stdout)")
            // The same as rendering the ripple, then the vignette over that picture.
            let first = dir.appendingPathComponent("first.png").path, second = dir.appendingPathComponent("second.png").path
            #expect(try CLIRun(["render", "ripple", "--origin", "48,36", "--time", "0.2", "--size", "96x72", "-o", first, "-q"]).status == 0)
            #expect(try CLIRun(["render", "--shader", Self.vignette, "--arg", "strength=1.5", "--arg", "tint=indigo", "--arg", "bounds=bounds",
                                "-i", first, "-o", second, "-q"]).status == 0)
            #expect(try pngLevels(chained, second) <= 1)
            #expect(try pngLevels(chained, first) > 10)
        }
    }

    @Test func anAnimatedChainAnimatesItsShaderStage() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames")
            let run = try CLIRun(["animate", "ripple", "--origin", "48,36", "--duration", "1", "--fps", "2", "--size", "96x72",
                                  "--then", "--shader", Self.vignette, "--arg", "tint=indigo", "--arg", "bounds=bounds",
                                  "--keyframe", "strength=0@0", "--keyframe", "strength=2@1", "-o", frames.path + "/"])
            #expect(run.status == 0, "\(run.stderr)")
            // Frame 1 (0.5 s): the ripple 0.5 s after its tap, then the vignette at strength 1.
            let still = dir.appendingPathComponent("still.png").path
            #expect(try CLIRun(["render", "ripple", "--origin", "48,36", "--time", "0.5", "--size", "96x72",
                                "--then", "--shader", Self.vignette, "--arg", "tint=indigo", "--arg", "bounds=bounds", "--arg", "strength=1",
                                "-o", still, "-q"]).status == 0)
            #expect(try pngLevels(frameFile(frames, 1), still) == 0)
        }
    }

    @Test func aMetalTransitionMixesThePicturesAsItsFormulaSays() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("wipe.png").path
            let run = try CLIRun(["transition", "--shader", "examples/transitions/Wipe.metal", "--arg", "softness=0.25", "--arg", "bounds=bounds",
                                  "--size", "80x40", "-p", "0.4", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("wipe at progress 0.4"), "\(run.stdout)")
            let frame = try PNG.read(path: out)
            let (from, to) = try BuiltInTransitions.samplePictures(width: 80, height: 40, on: TestGPU.get())
            // m = clamp((p (1 + s) - u) / s, 0, 1) at the pixel's centre u, then mix(from, to, m).
            var worst: Float = 0
            for y in 0..<40 {
                for x in 0..<80 {
                    let u = (Double(x) + 0.5) / 80
                    let m = Float(min(max((0.4 * 1.25 - u) / 0.25, 0), 1))
                    let expected = from[x, y] * (1 - m) + to[x, y] * m
                    worst = max(worst, gap(frame[x, y], expected))
                }
            }
            #expect(worst * 255 <= 1.01, "largest difference \(worst * 255) levels")
        }
    }

    @Test func aGLSLDistortionTransitionMovesTheIncomingPictureOverTheWholeOutgoingOne() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("drop.png").path
            let run = try CLIRun(["transition", "--shader", "examples/transitions/drop.glsl", "--arg", "bounds=bounds",
                                  "--size", "40x80", "-p", "0.5", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let frame = try PNG.read(path: out)
            #expect(frame.isOpaque)
            let (from, to) = try BuiltInTransitions.samplePictures(width: 40, height: 80, on: TestGPU.get())
            // At 0.5 the picture is eased 0.75 of the way: 20 points above its place.
            for x in stride(from: 0, to: 40, by: 3) {
                #expect(gap(frame[x, 10], to[x, 30]) < 1.5 / 255, "(\(x), 10) shows the incoming picture 20 points lower")
                #expect(gap(frame[x, 70], from[x, 70]) < 1.5 / 255, "(\(x), 70) shows the outgoing picture")
            }
        }
    }

    @Test(arguments: [
        (["animate", "--shader", "examples/vignette.glsl", "--arg", "tint=red", "--arg", "bounds=bounds", "--time-arg", "tint", "--duration", "1", "-o", "x/"],
         "--time-arg: expected tint is vec4; each frame's time feeds a float parameter"),
        (["animate", "--shader", "examples/vignette.glsl", "--arg", "tint=red", "--arg", "bounds=bounds", "--time-arg", "t", "--duration", "1", "-o", "x/"],
         "vignette has no float parameter 't' for each frame's time (its float parameters: strength)"),
        (["animate", "--shader", "examples/vignette.glsl", "--arg", "tint=red", "--arg", "bounds=bounds", "--arg", "strength=1", "-o", "x/"],
         "--duration <SECONDS> (a --shader has no length of its own unless its arguments have keyframes)"),
        (["animate", "--shader", "examples/vignette.glsl", "--arg", "tint=red", "--arg", "bounds=bounds", "--keyframe", "strength=1", "-o", "x/"],
         "--keyframe: expected NAME=VALUE@T"),
        (["animate", "--shader", "examples/vignette.glsl", "--arg", "tint=red", "--arg", "bounds=bounds", "--arg", "strength=1",
          "--keyframe", "strength=2@1", "-o", "x/"],
         "strength has keyframes; give either a value or keyframes"),
        (["animate", "ripple", "--keyframe", "strength=2@1", "-o", "x/"], "expected one of ripple's float, point and colour parameters"),
        (["render", "blur", "--then", "--shader", "examples/vignette.glsl", "--arg", "tint=red", "-o", "x.png"],
         "missing required option '--arg strength=<float>"),
        (["transition", "--shader", "examples/vignette.glsl", "--arg", "tint=red", "--arg", "bounds=bounds", "-p", "0.5", "-o", "x.png"],
         "vignette has no float parameter 'progress' for the transition's progress (its float parameters: strength)"),
        (["transition", "circles", "--shader", "examples/vignette.glsl", "-p", "0.5", "-o", "x.png"], "no --shader with a built-in transition"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: CLIRun.root.appendingPathComponent("x").path))
        #expect(!FileManager.default.fileExists(atPath: CLIRun.root.appendingPathComponent("x.png").path))
    }
}
