import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
import ShaderFXUI

/// The built-in pictures on the command line are the views of examples/views/builtin: the view
/// file rendered by `render --view` and the picture under `passthrough` (which returns each
/// pixel unchanged) write the same PNG pixels.
@Suite(.serialized) struct BuiltInPictureCLITests {
    @Test(arguments: ["pool", "circle", "cover"])
    func eachPictureIsItsViewFileRendered(name: String) throws {
        try withTemporaryFolder { (dir) throws in
            let view = dir.appendingPathComponent("view.png").path, picture = dir.appendingPathComponent("picture.png").path
            let file = CLIRun.root.appendingPathComponent("examples/views/builtin/\(name).swift").path
            let viewRun = try CLIRun(["render", "--view", file, "--size", "97x61", "-q", "-o", view])
            #expect(viewRun.status == 0, "\(viewRun.stderr)")
            let pictureRun = try CLIRun(["render", "passthrough", "--picture", name, "--size", "97x61", "-q", "-o", picture])
            #expect(pictureRun.status == 0, "\(pictureRun.stderr)")
            #expect(try PNG.read(path: view) == PNG.read(path: picture))
            #expect(try PNG.read(path: picture).width == 97)
        }
    }

    @Test func anUnknownPictureIsAUsageErrorListingThem() throws {
        let run = try CLIRun(["render", "passthrough", "--picture", "beach", "-o", "never.png"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("pool") && run.stderr.contains("circle") && run.stderr.contains("cover"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: CLIRun.root.appendingPathComponent("never.png").path))
    }
}
