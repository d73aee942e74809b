import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// `animate --view` and `render --view` delivering `--tap`/`--drag`/`--events` to the view's own
/// handlers, and `--time-arg`.
@Suite(.serialized) struct ViewGestureCommandTests {
    /// A 20 × 20 swatch inside a 10-pt padding: red until its tap handler runs, then blue.
    static let swatch = """
        struct Swatch: View {
            @State var tapped = false
            @State var items = [1]
            var body: some View {
                (tapped ? Color.blue : Color.red)
                    .frame(width: 20, height: 20)
                    .onTapGesture { location in
                        tapped = true
                        if location.x > 15 { _ = items[3] }
                    }
                    .padding(10)
            }
        }
        """

    static func animate(_ source: String, _ extra: [String], check: ([RGBAImage], CLIRun) throws -> Void) throws {
        try withTemporaryFolder { (dir) throws in
            let file = dir.appendingPathComponent("Touch.swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("frames").path + "/"
            let run = try CLIRun(["animate", "--view", file.path, "--duration", "1", "--fps", "4", "-o", out] + extra)
            let frames = try (0..<4).compactMap { k -> RGBAImage? in
                let path = dir.appendingPathComponent("frames/frame_0000\(k).png").path
                return FileManager.default.fileExists(atPath: path) ? try PNG.read(path: path) : nil
            }
            try check(frames, run)
        }
    }

    /// The swatch's centre pixel's red and blue (SwiftUI's red is 1, 0.23, 0.19; its blue 0, 0.48, 1).
    static func centre(_ image: RGBAImage) -> (red: Float, blue: Float) {
        let i = (20 * image.width + 20) * 4
        return (image.pixels[i], image.pixels[i + 2])
    }

    @Test func aTapRunsTheViewsHandlerAndLaterFramesShowIt() throws {
        // Frames at 0, 0.25, 0.5, 0.75 s; the tap at 0.3 s lands before the frame at 0.5 s.
        try Self.animate(Self.swatch, ["--tap", "15,15@0.3"]) { frames, run in
            #expect(run.status == 0, "\(run.stderr)")
            #expect(frames.count == 4)
            #expect(frames.prefix(2).allSatisfy { Self.centre($0).red > 0.9 && Self.centre($0).blue < 0.3 })
            #expect(frames.suffix(2).allSatisfy { Self.centre($0).blue > 0.9 && Self.centre($0).red < 0.1 })
        }
    }

    @Test func aTapOutsideEveryHandlerChangesNothing() throws {
        try Self.animate(Self.swatch, ["--tap", "3,3@0.1", "--drag", "12,12@0.2;18,18@0.3"]) { frames, run in
            #expect(run.status == 0, "\(run.stderr)")
            #expect(frames.allSatisfy { Self.centre($0).red > 0.9 })
            #expect((run.stdout + run.stderr).contains("fell outside every view with a gesture of its kind"), "\(run.stdout)")
        }
    }

    @Test func aHandlerThatFailsIsALocatedErrorAndExit1() throws {
        // Local x 25 - 10 = 15 is not > 15; 26 - 10 = 16 is: the handler reads past the array.
        try Self.animate(Self.swatch, ["--tap", "25,15@0.1"]) { _, run in #expect(run.status == 0, "\(run.stderr)") }
        try Self.animate(Self.swatch, ["--tap", "26,15@0.1"]) { _, run in
            #expect(run.status == 1)
            #expect(run.stderr.contains("Touch.swift:9:48: error: index 3 out of range"), "\(run.stderr)")
        }
    }

    @Test func timeArgFeedsAConstantTheFramesTime() throws {
        let source = """
            let t = 0.0
            Color(white: min(t, 1)).frame(width: 8, height: 8)
            """
        try Self.animate(source, ["--time-arg", "t"]) { frames, run in
            #expect(run.status == 0, "\(run.stderr)")
            for (k, frame) in frames.enumerated() {
                #expect(abs(frame.pixels[0] - Float(k) / 4) < 3e-3, "frame \(k)")
            }
        }
    }

    @Test func theRefractionScreenFollowsADrag() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("frames").path + "/"
            let run = try CLIRun(["animate", "--view", "examples/views/RefractionView.swift", "--library", "examples/metal", "--size", "195x422",
                                  "--drag", "40,100@0.1;80,160@0.4", "--duration", "1", "--fps", "2", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let still = try PNG.read(path: dir.appendingPathComponent("frames/frame_00000.png").path)
            let rippled = try PNG.read(path: dir.appendingPathComponent("frames/frame_00001.png").path)
            #expect(zip(still.pixels, rippled.pixels).contains { abs($0 - $1) > 0.1 })
        }
    }

    // MARK: - render --view

    /// `render --view` of `source` with `extra`, the picture read back.
    static func render(_ source: String, _ extra: [String], check: (RGBAImage?, CLIRun) throws -> Void) throws {
        try withTemporaryFolder { (dir) throws in
            let file = dir.appendingPathComponent("Touch.swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("still.png").path
            let run = try CLIRun(["render", "--view", file.path, "-o", out] + extra)
            try check(FileManager.default.fileExists(atPath: out) ? try PNG.read(path: out) : nil, run)
        }
    }

    @Test func renderDeliversATapBeforeItsPicture() throws {
        try Self.render(Self.swatch, []) { picture, run in
            #expect(run.status == 0, "\(run.stderr)")
            #expect(picture.map { Self.centre($0).red > 0.9 && Self.centre($0).blue < 0.3 } == true)
        }
        // The picture is the view at the last touch's time (0.3 s): the handler has run.
        try Self.render(Self.swatch, ["--tap", "15,15@0.3"]) { picture, run in
            #expect(run.status == 0, "\(run.stderr)")
            #expect(picture.map { Self.centre($0).blue > 0.9 && Self.centre($0).red < 0.1 } == true)
        }
        // At --at 0.2 the tap at 0.3 has not happened: not delivered, and said.
        try Self.render(Self.swatch, ["--tap", "15,15@0.3", "--at", "0.2"]) { picture, run in
            #expect(run.status == 0, "\(run.stderr)")
            #expect(picture.map { Self.centre($0).red > 0.9 } == true)
            #expect((run.stdout + run.stderr).contains("1 touch after --at 0.2 s not delivered"), "\(run.stdout)")
        }
    }

    @Test func renderTakesTheScriptsTapsAndDrags() throws {
        // A drag of minimum distance 0 ends where it lifts: the swatch turns blue at onEnded.
        let source = """
            struct Pad: View {
                @State var ended = false
                var body: some View {
                    (ended ? Color.blue : Color.red)
                        .frame(width: 20, height: 20)
                        .gesture(DragGesture().onEnded { _ in ended = true })
                        .padding(10)
                }
            }
            """
        try withTemporaryFolder { (dir) throws in
            let script = dir.appendingPathComponent("events.json")
            try #"{"drags": [{"points": [{"time": 0.1, "x": 12, "y": 12}, {"time": 0.2, "x": 25, "y": 25}]}]}"#
                .write(to: script, atomically: true, encoding: .utf8)
            try Self.render(source, ["--events", script.path]) { picture, run in
                #expect(run.status == 0, "\(run.stderr)")
                #expect(picture.map { Self.centre($0).blue > 0.9 && Self.centre($0).red < 0.1 } == true)
            }
            // The same drag as --drag; stopped before it lifts, it has not ended.
            try Self.render(source, ["--drag", "12,12@0.1;25,25@0.2", "--at", "0.15"]) { picture, run in
                #expect(run.status == 0, "\(run.stderr)")
                #expect(picture.map { Self.centre($0).red > 0.9 } == true)
            }
        }
    }

    @Test func renderDrawsTheFrameAnimateDrawsAtThatTime() throws {
        try withTemporaryFolder { (dir) throws in
            let common = ["--view", "examples/views/RefractionView.swift", "--library", "examples/metal", "--size", "195x422",
                          "--drag", "40,100@0.1;80,160@0.4"]
            let still = dir.appendingPathComponent("still.png").path
            let render = try CLIRun(["render"] + common + ["--at", "0.5", "-o", still])
            #expect(render.status == 0, "\(render.stderr)")
            let frames = dir.appendingPathComponent("frames").path + "/"
            let animate = try CLIRun(["animate"] + common + ["--duration", "1", "--fps", "2", "-o", frames])
            #expect(animate.status == 0, "\(animate.stderr)")
            let rendered = try PNG.read(path: still)
            let animated = try PNG.read(path: dir.appendingPathComponent("frames/frame_00001.png").path)
            #expect(rendered.width == animated.width && rendered.height == animated.height)
            let same = rendered.pixels == animated.pixels
            #expect(same, "render --at 0.5 differs from animate's frame at 0.5 s")
            // And the drag left its mark: the picture is not the untouched view's.
            let untouched = dir.appendingPathComponent("untouched.png").path
            let plain = try CLIRun(["render", "--view", "examples/views/RefractionView.swift", "--library", "examples/metal",
                                    "--size", "195x422", "--at", "0.5", "-o", untouched])
            #expect(plain.status == 0, "\(plain.stderr)")
            let moved = try PNG.read(path: untouched).pixels != rendered.pixels
            #expect(moved, "the drag changed nothing")
        }
    }

    @Test func renderFailsAsAnimateDoesOnBadTouchesAndHandlers() throws {
        for (extra, message) in [(["--tap", "nowhere"], "--tap: expected X,Y or X,Y@T"),
                                 (["--tap=@"], "--tap: expected X,Y or X,Y@T"),
                                 (["--drag", "1,2@0.5;3,4@0.2"], "--drag: expected X,Y@T;X,Y@T;... with times increasing"),
                                 (["--drag", "1,2"], "--drag: expected X,Y@T;X,Y@T;... with times increasing"),
                                 (["--events", "/nonexistent/events.json"], "/nonexistent/events.json")] {
            try Self.render(Self.swatch, extra) { picture, run in
                #expect(extra[0] == "--events" ? run.status != 0 : run.status == 2, "\(extra): \(run.status)")
                #expect(run.stderr.contains(message), "\(extra): \(run.stderr)")
                #expect(picture?.width == nil, "a picture was written")
            }
        }
        // A handler that fails is located, exit 1, and no picture is written.
        try Self.render(Self.swatch, ["--tap", "26,15@0.1"]) { picture, run in
            #expect(run.status == 1)
            #expect(run.stderr.contains("Touch.swift:9:48: error: index 3 out of range"), "\(run.stderr)")
            #expect(picture?.width == nil, "a picture was written")
        }
        // Without a view there is no handler to reach.
        let run = try CLIRun(["render", "ripple", "--tap", "10,10", "-o", "/tmp/shaderfx-never"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--view"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/shaderfx-never"))
    }

    /// The swatch's colour is the parent's state; the tap handler is a child's, given `$tapped`.
    static let boundSwatch = """
        struct Swatch: View {
            @State var tapped = false
            var body: some View {
                (tapped ? Color.blue : Color.red)
                    .frame(width: 20, height: 20)
                    .overlay { Pad(on: $tapped) }
                    .padding(10)
            }
        }

        struct Pad: View {
            @Binding var on: Bool
            var body: some View { Color.clear.onTapGesture { on = true } }
        }
        """

    @Test func aChildsBindingChangesTheParentInLaterFramesAndInRender() throws {
        try Self.animate(Self.boundSwatch, ["--tap", "15,15@0.3"]) { frames, run in
            #expect(run.status == 0, "\(run.stderr)")
            #expect(frames.count == 4)
            #expect(frames.prefix(2).allSatisfy { Self.centre($0).red > 0.9 && Self.centre($0).blue < 0.3 })
            #expect(frames.suffix(2).allSatisfy { Self.centre($0).blue > 0.9 && Self.centre($0).red < 0.1 })
        }
        try Self.render(Self.boundSwatch, ["--tap", "15,15@0.3"]) { picture, run in
            #expect(run.status == 0, "\(run.stderr)")
            #expect(picture.map { Self.centre($0).blue > 0.9 && Self.centre($0).red < 0.1 } == true)
        }
    }
}
