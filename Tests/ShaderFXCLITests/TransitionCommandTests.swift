import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
import ShaderFXUI

/// True once `shaderfx transition` is registered in the tool (its help exits 0).

/// `image` as a PNG file would give it back (8-bit quantised).
private func quantised(_ image: RGBAImage) throws -> RGBAImage {
    try PNG.decode(PNG.encode(image), name: "quantised")
}

@Suite(.serialized)
struct TransitionCommandTests {
    @Test func helpListsTheTransitionsAndEachOnesParameters() throws {
        let run = try CLIRun(["transition", "--help"])
        #expect(run.status == 0)
        for name in BuiltInTransitions.all.map({ $0.name }) { #expect(run.stdout.contains(name)) }
        #expect(run.stdout.contains("--progress") && run.stdout.contains("--duration") && run.stdout.contains("--fit"))
        let genie = try CLIRun(["transition", "genie", "--help"])
        #expect(genie.status == 0)
        #expect(genie.stdout.contains("GENIE PARAMETERS"))
        #expect(genie.stdout.contains("--curvature") && genie.stdout.contains("(default: 1,1)"))
        #expect(try CLIRun(["--help"]).stdout.contains("transition"))
    }

    @Test func oneFrameHalfWayDiffersFromBothPictures() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("half.png").path
            let run = try CLIRun(["transition", "circles", "--size", "64x48", "--progress", "0.5", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(" on \(try currentRenderer()) via "), "\(run.stdout)")
            let image = try PNG.read(path: out)
            let (from, to) = try BuiltInTransitions.samplePictures(width: 64, height: 48, on: TestGPU.get())
            #expect(image.width == 64 && image.height == 48)
            let (quantisedFrom, quantisedTo) = (try quantised(from), try quantised(to))
            #expect(image != quantisedFrom && image != quantisedTo)
        }
    }

    @Test(arguments: BuiltInTransitions.all.map { $0.name })
    func theEndsAreTheBuiltInPicturesExactly(name: String) throws {
        try withTemporaryFolder { (dir) throws in
            let (from, to) = try BuiltInTransitions.samplePictures(width: 40, height: 30, on: TestGPU.get())
            for (progress, expected) in [("0", from), ("1", to)] {
                let out = dir.appendingPathComponent("p\(progress).png").path
                let run = try CLIRun(["transition", name, "--size", "40x30", "-p", progress, "-q", "-o", out])
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout.isEmpty)
                #expect(try PNG.read(path: out) == quantised(expected), "\(name) at progress \(progress)")
            }
        }
    }

    @Test func picturesComeFromFilesAndToIsFittedOntoFrom() throws {
        try withTemporaryFolder { (dir) throws in
            let fromPath = dir.appendingPathComponent("from.png").path, toPath = dir.appendingPathComponent("to.png").path
            try PNG.write(try BuiltInPicture.pool.draw(width: 40, height: 30, on: TestGPU.get()), to: fromPath)
            try PNG.write(RGBAImage(width: 20, height: 40, fill: SIMD4(1, 0, 0, 1)), to: toPath)
            for (mode, cornerAlpha) in [("fit", Float(0)), ("fill", 1), ("stretch", 1)] {
                let out = dir.appendingPathComponent("\(mode).png").path
                let run = try CLIRun(["transition", "wind", "--from", fromPath, "--to", toPath, "--fit", mode, "-p", "1", "-o", out])
                #expect(run.status == 0, "\(run.stderr)")
                let image = try PNG.read(path: out)
                #expect(image.width == 40 && image.height == 30)
                #expect(image[0, 0].w == cornerAlpha, "\(mode): corner \(image[0, 0])")
                #expect(image[20, 15] == SIMD4(1, 0, 0, 1), "\(mode): centre \(image[20, 15])")
            }
            // Without --to the incoming picture is drawn at the size of --from.
            let out = dir.appendingPathComponent("default-to.png").path
            let run = try CLIRun(["transition", "radial", "--from", fromPath, "-p", "1", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try PNG.read(path: out) == quantised(try BuiltInTransitions.samplePictures(width: 40, height: 30, on: TestGPU.get()).to))
        }
    }

    @Test func aSequenceRunsFromFromToToAlongItsCurve() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames/genie").path
            // 0.625 s at 8 fps: 5 frames, at progress 0, 0.25, 0.5, 0.75 and 1.
            let run = try CLIRun(["transition", "genie", "--size", "48x36", "--duration", "0.625", "--fps", "8",
                                  "--curve", "linear", "-o", frames])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("wrote 5 frames"))
            let names = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasPrefix("frame_") }.sorted()
            #expect(names == (0..<5).map { "frame_0000\($0).png" })
            let (from, to) = try BuiltInTransitions.samplePictures(width: 48, height: 36, on: TestGPU.get())
            #expect(try PNG.read(path: frames + "/frame_00000.png") == quantised(from))
            #expect(try PNG.read(path: frames + "/frame_00004.png") == quantised(to))
            // Frame 2 of 5 on the linear curve is progress 0.5.
            let single = dir.appendingPathComponent("half.png").path
            #expect(try CLIRun(["transition", "genie", "--size", "48x36", "-p", "0.5", "-o", single]).status == 0)
            #expect(try PNG.read(path: frames + "/frame_00002.png") == PNG.read(path: single))
            // easeIn is slower at first: its frame 1 is closer to `from` than the linear one.
            let eased = dir.appendingPathComponent("eased").path
            #expect(try CLIRun(["transition", "genie", "--size", "48x36", "--duration", "0.5", "--fps", "8",
                                "--curve", "easeIn", "-q", "-o", eased]).status == 0)
            let quantisedFrom = try quantised(from)
            func distanceFromFrom(_ path: String) throws -> Float {
                zip(try PNG.read(path: path).pixels, quantisedFrom.pixels).map { abs($0 - $1) }.reduce(0, +)
            }
            #expect(try distanceFromFrom(eased + "/frame_00001.png") < distanceFromFrom(frames + "/frame_00001.png"))
        }
    }

    @Test func transitionParametersAreOptions() throws {
        try withTemporaryFolder { (dir) throws in
            let plain = dir.appendingPathComponent("plain.png").path, small = dir.appendingPathComponent("small.png").path
            #expect(try CLIRun(["transition", "circles", "--size", "64x48", "-p", "0.4", "-o", plain]).status == 0)
            #expect(try CLIRun(["transition", "circles", "--size", "64x48", "-p", "0.4", "--circle-size", "8", "-o", small]).status == 0)
            #expect(try PNG.read(path: plain) != PNG.read(path: small))
        }
    }

    @Test(arguments: [
        (["transition", "circles", "-o", "x.png"], "missing required option '--progress <P> or --duration <SECONDS>'"),
        (["transition", "circels", "-p", "0.5", "-o", "x.png"], "expected 'circles' or another built-in transition"),
        (["transition", "-p", "0.5", "-o", "x.png"], "missing required argument transition (a built-in transition name, or --shader FILE"),
        (["transition", "circles", "-p", "0.5"], "missing required option '--output <PATH>'"),
        (["transition", "circles", "-p", "1.5", "-o", "x.png"], "--progress: expected a number in 0...1"),
        (["transition", "circles", "-p", "0.5", "--duration", "1", "-o", "x.png"], "not both"),
        (["transition", "circles", "-p", "0.5", "--curve", "easeIn", "-o", "x.png"], "no --curve with --progress"),
        (["transition", "circles", "--duration", "1", "--curve", "bouncy", "-o", "x"], "--curve: expected one of linear, easeIn, easeOut, easeInOut"),
        (["transition", "circles", "-p", "0.5", "--fit", "crop", "-o", "x.png"], "--fit: expected one of fill, fit, stretch"),
        (["transition", "circles", "-p", "0.5", "--circle-sise", "4", "-o", "x.png"], "did you mean '--circle-size'?"),
        (["transition", "genie", "-p", "0.5", "--target", "3,3", "-o", "x.png"], "--target: expected unit coordinates"),
        (["transition", "pixellate", "-p", "0.5", "--squares", "0", "-o", "x.png"], "--squares: must be between 1 and 10000"),
    ] as [([String], String)])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        try expectUsageError(arguments, saying: message, writing: ["x.png", "x"])
    }

    @Test func aSequenceGoesWhereItsOutputSaysAndAMissingInputFails() throws {
        try withTemporaryFolder { (dir) throws in
            // A .png holds the sequence as an animated PNG (3 frames: 0.1 s at 30 fps).
            let file = dir.appendingPathComponent("file.png").path
            let run = try CLIRun(["transition", "wind", "--size", "8x8", "--duration", "0.1", "-o", file])
            #expect(run.status == 0, "\(run.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            let actl = try #require(bytes.indices.dropLast(12).first { bytes[$0...($0 + 3)].elementsEqual("acTL".utf8) })
            #expect(Array(bytes[(actl + 4)...(actl + 7)]) == [0, 0, 0, 3])
            // Another extension is a usage error listing the forms.
            let jpeg = try CLIRun(["transition", "wind", "--size", "8x8", "--duration", "0.1", "-o", dir.appendingPathComponent("t.jpg").path])
            #expect(jpeg.status == 2)
            #expect(jpeg.stderr.contains("FILE.gif, FILE.mp4, FILE.webm or FILE.mov"), "\(jpeg.stderr)")
            let missing = try CLIRun(["transition", "wind", "--from", dir.appendingPathComponent("none.png").path, "-p", "0.5",
                                      "-o", dir.appendingPathComponent("out.png").path])
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("none.png"))
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.png").path))
        }
    }

    // MARK: - At a scale

    /// How much of the incoming picture the circles transition (cells of 20 points) shows at
    /// `position` in points, from the algorithm its shader's header states.
    static func circlesCoverage(_ position: SIMD2<Double>, progress: Double) -> Double {
        let centre = ((position / 20).rounded(.down) + 0.5) * 20
        let d = ((position - centre) * (position - centre)).sum().squareRoot()
        return min(max(-0.5 + progress * (20 * 0.70710678 + 1.5) - d + 0.5, 0), 1)
    }

    /// The largest difference of `picture` (red going out, blue coming in, at `scale`) from the
    /// circles formula at progress 0.45, each pixel's centre taken in points.
    static func worstCirclesDifference(_ picture: RGBAImage, scale: Int) -> Double {
        var worst = 0.0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let m = circlesCoverage((SIMD2(Double(x), Double(y)) + 0.5) / Double(scale), progress: 0.45)
                let pixel = picture[x, y]
                worst = max(worst, abs(Double(pixel.z) - m), abs(Double(pixel.x) - (1 - m)))
            }
        }
        return worst
    }

    @Test func viewsAtAScaleTransitionWithTheirGeometryInPoints() throws {
        try withTemporaryFolder { (dir) throws in
            let a = dir.appendingPathComponent("A.swift"), b = dir.appendingPathComponent("B.swift")
            try "Color(red: 1, green: 0, blue: 0).frame(width: 48, height: 36)".write(to: a, atomically: true, encoding: .utf8)
            try "Color(red: 0, green: 0, blue: 1)".write(to: b, atomically: true, encoding: .utf8)
            for scale in [1, 2] {
                let out = dir.appendingPathComponent("views\(scale).png").path
                let run = try CLIRun(["transition", "circles", "--from-view", a.path, "--to-view", b.path, "--scale", "\(scale)",
                                      "--progress", "0.45", "-o", out])
                #expect(run.status == 0, "\(run.stderr)")
                let picture = try PNG.read(path: out)
                try #require(picture.width == 48 * scale && picture.height == 36 * scale)
                // 8-bit PNG: half a step of 1/255, and the views' colours are exact.
                let worst = Self.worstCirclesDifference(picture, scale: scale)
                #expect(worst < 0.5 / 255 + 1e-3, "@\(scale)x: \(worst)")
            }
            // A view of a fractional size has no whole number of points at @2x: refused, nothing written.
            try "Color.red.frame(width: 48.5, height: 36)".write(to: a, atomically: true, encoding: .utf8)
            let odd = dir.appendingPathComponent("odd.png").path
            let run = try CLIRun(["transition", "circles", "--from-view", a.path, "--to-view", b.path, "--scale", "2", "--progress", "0.45", "-o", odd])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("97x72 pixels at @2x is not a whole number of points"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: odd))
        }
    }

    @Test func picturesAtAScaleAreDrawnLargerAndTransitionInPoints() throws {
        try withTemporaryFolder { (dir) throws in
            let from = dir.appendingPathComponent("red.png").path, to = dir.appendingPathComponent("blue.png").path
            try PNG.write(RGBAImage(width: 48, height: 36, fill: SIMD4(1, 0, 0, 1)), to: from)
            try PNG.write(RGBAImage(width: 48, height: 36, fill: SIMD4(0, 0, 1, 1)), to: to)
            let out = dir.appendingPathComponent("half.png").path
            let run = try CLIRun(["transition", "circles", "--from", from, "--to", to, "--scale", "2", "--progress", "0.45", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let picture = try PNG.read(path: out)
            try #require(picture.width == 96 && picture.height == 72)
            let worst = Self.worstCirclesDifference(picture, scale: 2)
            #expect(worst < 0.5 / 255 + 1e-3, "\(worst)")
            // A sequence at @2x: every frame 96 x 72, the first the outgoing picture, the last the incoming.
            let frames = dir.appendingPathComponent("frames").path + "/"
            let sequence = try CLIRun(["transition", "circles", "--from", from, "--to", to, "--scale", "2", "--duration", "0.1", "--fps", "20", "-o", frames])
            #expect(sequence.status == 0, "\(sequence.stderr)")
            let first = try PNG.read(path: frames + "frame_00000.png"), last = try PNG.read(path: frames + "frame_00001.png")
            try #require(first.width == 96 && first.height == 72 && last.width == 96 && last.height == 72)
            #expect(first[50, 40].x == 1 && first[50, 40].z == 0 && last[50, 40].x == 0 && last[50, 40].z == 1)
        }
    }
}
