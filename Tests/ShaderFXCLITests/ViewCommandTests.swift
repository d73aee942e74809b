import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// `render --view` and `animate --view`: SwiftUI view files on the command line.
@Suite(.serialized) struct ViewCommandTests {
    /// A view of known pixels: a 40×30 red frame over a 10-pt padding of blue.
    static let card = """
        import SwiftUI

        let width = 40.0

        struct Card: View {
            @State var tint = Color.red
            var body: some View {
                tint.frame(width: width, height: 30).padding(10).background(Color.blue)
            }
        }

        Card()
        """

    @Test func rendersAViewFileAtItsIdealSize() throws {
        try withTemporaryFolder { (dir) throws in
            let file = dir.appendingPathComponent("Card.swift")
            try Self.card.write(to: file, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("card.png").path
            let run = try CLIRun(["render", "--view", file.path, "--scale", "2", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let image = try PNG.read(path: out)
            // (40 + 20) × (30 + 20) points at @2x.
            #expect(image.width == 120 && image.height == 100)
            let index = (50 * 120 + 60) * 4
            #expect(abs(image.pixels[index] - 1) < 1e-3 && abs(image.pixels[index + 1] - 59 / 255) < 3e-3)
            let corner = Array(image.pixels[0..<4])
            #expect(abs(corner[2] - 1) < 1e-3 && abs(corner[0]) < 1e-3)
        }
    }

    @Test func setChangesConstantsAndState() throws {
        try withTemporaryFolder { (dir) throws in
            let file = dir.appendingPathComponent("Card.swift")
            try Self.card.write(to: file, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("card.png").path
            let run = try CLIRun(["render", "--view", file.path, "--set", "width=100", "--set", "tint=green", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let image = try PNG.read(path: out)
            #expect(image.width == 120 && image.height == 50)
            let index = (25 * 120 + 60) * 4
            // green (52, 199, 89)
            #expect(abs(image.pixels[index + 1] - 199 / 255) < 3e-3)
        }
    }

    @Test func aBadViewFileIsALocatedError() throws {
        try withTemporaryFolder { (dir) throws in
            let file = dir.appendingPathComponent("Bad.swift")
            try "VStack {\n    Text(\"a\")\n    Txet(\"b\")\n}\n".write(to: file, atomically: true, encoding: .utf8)
            let run = try CLIRun(["render", "--view", file.path, "-o", dir.appendingPathComponent("x.png").path])
            #expect(run.status == 1)
            #expect(run.stderr.contains("Bad.swift:3:5: error:"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
        }
    }

    @Test func aMissingViewFileSaysSo() throws {
        let run = try CLIRun(["render", "--view", "/nonexistent/Card.swift", "-o", "/tmp/never.png"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("/nonexistent/Card.swift"), "\(run.stderr)")
    }

    @Test func animateRendersEveryFrameOfATimelineView() throws {
        try withTemporaryFolder { (dir) throws in
            let file = dir.appendingPathComponent("Clock.swift")
            try """
                TimelineView(.animation) { context in
                    let t = context.date.timeIntervalSinceReferenceDate
                    Color(white: min(t, 1)).frame(width: 8, height: 8)
                }
                """.write(to: file, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("frames").path + "/"
            let run = try CLIRun(["animate", "--view", file.path, "--duration", "0.5", "--fps", "4", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            // Frame k shows white at k / 4.
            for k in 0..<2 {
                let image = try PNG.read(path: dir.appendingPathComponent("frames/frame_0000\(k).png").path)
                #expect(abs(image.pixels[0] - Float(k) / 4) < 3e-3)
            }
        }
    }

    @Test func theSeedsViewsRender() throws {
        try withTemporaryFolder { (dir) throws in
            for name in ["StripesView", "PoolView", "LyricsView"] {
                let out = dir.appendingPathComponent("\(name).png").path
                let run = try CLIRun(["render", "--view", "examples/views/\(name).swift", "--library", "examples/metal",
                                      "--size", "390x844", "-o", out])
                #expect(run.status == 0, "\(name): \(run.stderr)")
            }
        }
    }
}
