import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// `animate --view` delivering `--tap`/`--drag` to the view's own handlers, and `--time-arg`.
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
}
