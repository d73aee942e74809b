import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
import ShaderFXUI

/// The largest difference between two images, in 8-bit levels.
func maxLevels(_ a: RGBAImage, _ b: RGBAImage) -> Float {
    zip(a.pixels, b.pixels).reduce(0) { max($0, abs($1.0 - $1.1)) } * 255
}

@Suite(.serialized) struct AnimateCommandTests {
    @Test func writesOneFramePerTickForTheEffectsOwnLength() throws {
        try withTemporaryFolder { (dir) throws in
            let run = try CLIRun(["animate", "ripple", "--size", "32x24", "--fps", "20", "-o", dir.path])
            #expect(run.status == 0, "\(run.stderr)")
            let frames = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "manifest.json" }.sorted()
            // 3 s at 20 fps, and the manifest.
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("manifest.json").path))
            #expect(frames.count == 60)
            #expect(frames.first == "frame_00000.png" && frames.last == "frame_00059.png")
            #expect(run.stdout.contains("frames/s"))
            #expect(run.stdout.contains("read-back"))
        }
    }

    @Test func frameKShowsTimeKOverFps() throws {
        try withTemporaryFolder { (dir) throws in
            let run = try CLIRun(["animate", "ripple", "--size", "64x48", "--fps", "25", "--duration", "0.4", "-o", dir.path])
            #expect(run.status == 0, "\(run.stderr)")
            for k in [1, 3, 7] {
                let single = dir.appendingPathComponent("single-\(k).png").path
                // The default tap is at the centre at time 0, so frame k is the ripple at k / 25 s.
                let render = try CLIRun(["render", "ripple", "--size", "64x48", "--origin", "32,24", "--time", "\(Double(k) / 25)", "-q", "-o", single])
                #expect(render.status == 0, "\(render.stderr)")
                let frame = try PNG.read(path: dir.appendingPathComponent(String(format: "frame_%05d.png", k)).path)
                // Frames are converted to 8 bits on the GPU, single renders on the CPU: at most a level apart.
                #expect(maxLevels(frame, try PNG.read(path: single)) <= 1.001, "frame \(k)")
            }
            let first = try PNG.read(path: dir.appendingPathComponent("frame_00000.png").path)
            #expect(try first == BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get()).quantised, "at t = 0 the ripple is disabled")
        }
    }

    @Test func aSubRangeEqualsTheSameFramesOfTheWholeRun() throws {
        try withTemporaryFolder { (whole) throws in
            try withTemporaryFolder { (part) throws in
                let taps = ["--tap", "10,10@0", "--tap", "40,30@0.3"]
                #expect(try CLIRun(["animate", "ripple", "--size", "48x36", "--fps", "30", "--duration", "0.6", "-q", "-o", whole.path] + taps).status == 0)
                #expect(try CLIRun(["animate", "ripple", "--size", "48x36", "--fps", "30", "--duration", "0.6", "--frames", "7..12", "-q", "-o", part.path] + taps).status == 0)
                let names = try FileManager.default.contentsOfDirectory(atPath: part.path).filter { $0.hasSuffix(".png") }.sorted()
                #expect(names == (7...12).map { String(format: "frame_%05d.png", $0) })
                for name in names {
                    #expect(try PNG.read(path: part.appendingPathComponent(name).path) == PNG.read(path: whole.appendingPathComponent(name).path), "\(name)")
                }
            }
        }
    }

    @Test func writesAnAnimatedPNGAndAContactSheet() throws {
        try withTemporaryFolder { (dir) throws in
            let apng = dir.appendingPathComponent("ripple.png").path
            let sheet = dir.appendingPathComponent("sheet.png").path
            let run = try CLIRun(["animate", "ripple", "--size", "40x30", "--fps", "10", "--duration", "0.5", "-o", apng, "--contact-sheet", sheet])
            #expect(run.status == 0, "\(run.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: apng)))
            // acTL holds the frame count: 5 frames, looping forever.
            let actl = try #require(bytes.indices.dropLast(12).first { bytes[$0...($0 + 3)].elementsEqual("acTL".utf8) })
            #expect(Array(bytes[(actl + 4)...(actl + 11)]) == [0, 0, 0, 5, 0, 0, 0, 0])
            // Viewers without APNG support see the first frame: it decodes as a plain PNG.
            #expect(try PNG.read(path: apng).width == 40)
            #expect(try PNG.read(path: sheet).width > 40)
        }
    }

    /// The animated PNG, split by an independent decoder (Debian's apngdis), holds every frame
    /// of the folder run with its delay of 1/fps, in order.
    @Test func theAnimatedPNGHoldsTheFramesInOrderWithTheirDelays() throws {
        let apngdis = ["/usr/bin/apngdis", "/usr/local/bin/apngdis"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try #require(apngdis != nil, "apngdis is missing: make test installs Debian's apngdis package")
        try withTemporaryFolder { (dir) throws in
            let apng = dir.appendingPathComponent("r.png").path
            let frames = dir.appendingPathComponent("frames")
            let common = ["animate", "ripple", "--size", "40x30", "--fps", "10", "--duration", "0.5", "-q", "-o"]
            #expect(try CLIRun(common + [apng]).status == 0)
            #expect(try CLIRun(common + [frames.path]).status == 0)
            let split = Process()
            split.executableURL = URL(fileURLWithPath: apngdis!)
            split.arguments = [apng, "part"]
            split.currentDirectoryURL = dir.url
            split.standardOutput = FileHandle.nullDevice
            try split.run()
            split.waitUntilExit()
            #expect(split.terminationStatus == 0)
            for k in 0..<5 {
                let part = dir.appendingPathComponent("part\(k + 1)")
                let delay = try String(contentsOfFile: part.path + ".txt", encoding: .utf8)
                #expect(delay.trimmingCharacters(in: .whitespacesAndNewlines) == "delay=1/10", "frame \(k)")
                let decoded = try PNG.read(path: part.path + ".png")
                let frame = try PNG.read(path: frames.appendingPathComponent(String(format: "frame_%05d.png", k)).path)
                #expect(maxLevels(decoded, frame) <= 1.001, "frame \(k)")
            }
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("part6.png").path))
        }
    }

    /// The contact sheet shows the frames in time order: tile i (rows of 4, 4-pixel gaps, full
    /// size for small frames) is the frame file of the same time.
    @Test func theContactSheetShowsTheFramesInTimeOrder() throws {
        try withTemporaryFolder { (dir) throws in
            let sheetPath = dir.appendingPathComponent("sheet.png").path
            let frames = dir.appendingPathComponent("frames")
            let run = try CLIRun(["animate", "ripple", "--size", "40x30", "--fps", "10", "--duration", "0.6", "-q",
                                  "-o", frames.path, "--contact-sheet", sheetPath])
            #expect(run.status == 0, "\(run.stderr)")
            let sheet = try PNG.read(path: sheetPath)
            #expect(sheet.width == 4 * 40 + 5 * 4 && sheet.height == 2 * 30 + 3 * 4)
            for index in 0..<6 {
                let frame = try PNG.read(path: frames.appendingPathComponent(String(format: "frame_%05d.png", index)).path)
                let ox = 4 + (index % 4) * 44, oy = 4 + (index / 4) * 34
                // The sheet shows transparent parts over a neutral grey.
                var tile = RGBAImage(width: 40, height: 30), expected = RGBAImage(width: 40, height: 30)
                for y in 0..<30 {
                    for x in 0..<40 {
                        tile[x, y] = sheet[ox + x, oy + y]
                        expected[x, y] = frame[x, y] + SIMD4(0.5, 0.5, 0.5, 1) * (1 - frame[x, y].w)
                    }
                }
                #expect(maxLevels(tile, expected) <= 1.001, "tile \(index)")
            }
        }
    }

    /// Raw output is frame after frame of straight RGBA, top row first: byte for byte the
    /// pixels of the PNG frames of the same times.
    @Test func rawFramesGoToStandardOutput() throws {
        let run = try CLIRun(["animate", "ripple", "--size", "16x8", "--fps", "10", "--duration", "0.3", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutBytes.count == 16 * 8 * 4 * 3)
        #expect(run.stderr.contains("raw RGBA"))
        try withTemporaryFolder { (dir) throws in
            #expect(try CLIRun(["animate", "ripple", "--size", "16x8", "--fps", "10", "--duration", "0.3", "-q", "-o", dir.path]).status == 0)
            let raw = [UInt8](run.stdoutBytes)
            for k in 0..<3 {
                let frame = try PNG.read(path: dir.appendingPathComponent(String(format: "frame_%05d.png", k)).path)
                // Straight RGBA from the pipe, premultiplied here to compare with the decoded PNG.
                var got = RGBAImage(width: 16, height: 8)
                for i in 0..<(16 * 8) {
                    let p = raw[(k * 512 + i * 4)..<(k * 512 + i * 4 + 4)].map { Float($0) / 255 }
                    got[i % 16, i / 16] = SIMD4(p[0] * p[3], p[1] * p[3], p[2] * p[3], p[3])
                }
                #expect(maxLevels(got, frame) <= 1.001, "frame \(k)")
            }
            // Not a grey picture: a red-blue swap would show.
            #expect(raw[0] != raw[2])
        }
    }

    @Test func gestureScriptsDriveTheSeedEffects() throws {
        try withTemporaryFolder { (dir) throws in
            let script = dir.appendingPathComponent("events.json")
            try #"{"drags": [{"points": [{"time": 0, "x": 5, "y": 20}, {"time": 0.2, "x": 30, "y": 20}, {"time": 0.4, "x": 60, "y": 20}]}]}"#
                .write(to: script, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("frames").path
            let run = try CLIRun(["animate", "ripple-refraction", "--size", "64x40", "--fps", "10", "--events", script.path, "-q", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            // The last ripple is born at 0.4 s and lives 2.6 s: 30 frames at 10 fps.
            #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("frame_") }.count == 30)
        }
    }

    @Test(arguments: [
        (["animate", "ripple", "--frames", "5..900", "-o", "/tmp/shaderfx-never"], "--frames"),
        (["animate", "ripple", "--fps", "0", "-o", "/tmp/shaderfx-never"], "--fps"),
        (["animate", "ripple", "--tap", "nowhere", "-o", "/tmp/shaderfx-never"], "--tap: expected X,Y or X,Y@T"),
        (["animate", "stripes", "-o", "/tmp/shaderfx-never"], "--duration <SECONDS> (stripes has no length of its own)"),
        (["animate", "ripple", "--then", "nope", "-o", "/tmp/shaderfx-never"], "expected a built-in effect"),
        (["animate", "ripple", "--tap", "", "-o", "/tmp/shaderfx-never"], "--tap: expected X,Y or X,Y@T"),
        (["animate", "ripple", "--tap=@", "-o", "/tmp/shaderfx-never"], "--tap: expected X,Y or X,Y@T"),
    ] as [([String], String)])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "stderr was: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/shaderfx-never"))
    }

    /// Every effect that moves by itself animates from the command line with no other option.
    @Test(arguments: BuiltInEffects.all.filter { $0.animation != .still }.map { $0.name })
    func everyMovingEffectAnimates(name: String) throws {
        let run = try CLIRun(["animate", name, "--size", "32x24", "--fps", "5", "--duration", "0.6", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutBytes.count == 32 * 24 * 4 * 3)
    }

    @Test func aChainedGestureEffectGetsTheDefaultTap() throws {
        // blur does not move, the ripple after it does: the ripple still gets its tap at the centre.
        let run = try CLIRun(["animate", "blur", "--radius", "1", "--then", "ripple", "--size", "32x24", "--fps", "10", "--duration", "0.3", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = run.stdoutBytes.count / (32 * 24 * 4)
        #expect(frames == 3)
        let first = run.stdoutBytes.prefix(32 * 24 * 4), second = run.stdoutBytes.dropFirst(32 * 24 * 4).prefix(32 * 24 * 4)
        #expect(!first.elementsEqual(second), "the ripple should move between frames 0 and 1")
    }

    @Test func aBadEventScriptNamesTheFileAndThePlace() throws {
        try withTemporaryFolder { (dir) throws in
            let script = dir.appendingPathComponent("bad.json")
            try #"{"taps": [{"time": -1, "x": 5, "y": 5}]}"#.write(to: script, atomically: true, encoding: .utf8)
            let run = try CLIRun(["animate", "ripple", "--events", script.path, "-o", dir.appendingPathComponent("f").path])
            #expect(run.status != 0)
            #expect(run.stderr.contains("bad.json"))
            #expect(run.stderr.contains("taps[0].time"))
        }
    }
}

extension RGBAImage {
    /// The image as a written PNG would hold it (8-bit levels).
    var quantised: RGBAImage { (try? PNG.decode(PNG.encode(self), name: "quantised")) ?? self }
}
