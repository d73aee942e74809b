import Foundation
import Testing
import ShaderFXTestSupport

/// Frame folders that say whether they are whole, runs that cannot grow without end, and the
/// usage errors of the animate command's gestures.
@Suite struct FrameFolderTests {
    private func manifest(_ url: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(object as? [String: Any])
    }

    private func frameFiles(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("frame_") }.sorted()
    }

    @Test func aWholeRunWritesItsManifestLast() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames")
            let run = try CLIRun(["animate", "ripple", "--size", "40x30", "--fps", "10", "--duration", "0.5", "-q", "-o", frames.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try frameFiles(frames) == (0..<5).map { String(format: "frame_%05d.png", $0) })
            let m = try manifest(frames.appendingPathComponent("manifest.json"))
            #expect(m["complete"] as? Bool == true)
            #expect(m["first"] as? Int == 0)
            #expect(m["last"] as? Int == 4)
            #expect(m["total"] as? Int == 5)
            #expect(m["fps"] as? Double == 10)
            #expect(m["width"] as? Int == 40)
            #expect(m["height"] as? Int == 30)
            #expect(m["effect"] as? String == "ripple")
            #expect((m["renderer"] as? String)?.isEmpty == false)
        }
    }

    @Test func aSubRangeWritesItsOwnManifestAndLeavesOtherFramesAlone() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames")
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            // Frames of another shard, and of nobody's: a sub-range run touches only its own.
            for name in ["frame_00000.png", "frame_00009.png", "frame_00042.png", "notes.txt"] {
                try Data("x".utf8).write(to: frames.appendingPathComponent(name))
            }
            let run = try CLIRun(["animate", "ripple", "--size", "40x30", "--fps", "10", "--duration", "1", "--frames", "3..5",
                                  "-q", "-o", frames.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try frameFiles(frames) == ["frame_00000.png", "frame_00003.png", "frame_00004.png", "frame_00005.png",
                                               "frame_00009.png", "frame_00042.png"])
            #expect(!FileManager.default.fileExists(atPath: frames.appendingPathComponent("manifest.json").path))
            let m = try manifest(frames.appendingPathComponent("manifest.frames_00003-00005.json"))
            #expect(m["first"] as? Int == 3)
            #expect(m["last"] as? Int == 5)
            #expect(m["total"] as? Int == 10)
        }
    }

    @Test func aWholeRunRemovesTheStaleFramesOfALongerOneAndSaysSo() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames")
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            for index in 0..<12 { try Data("old".utf8).write(to: frames.appendingPathComponent(String(format: "frame_%05d.png", index))) }
            for other in ["frame_1.png", "frame_00020.jpg", "keep.txt"] { try Data("x".utf8).write(to: frames.appendingPathComponent(other)) }
            try Data("{\"complete\": true}".utf8).write(to: frames.appendingPathComponent("manifest.json"))
            let run = try CLIRun(["animate", "ripple", "--size", "40x30", "--fps", "10", "--duration", "0.4", "-o", frames.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("removed 8 frames of an earlier, longer run (frame_00004.png ... frame_00011.png)"), "\(run.stdout)")
            let left = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
            #expect(left == ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png", "frame_00020.jpg",
                             "frame_1.png", "keep.txt", "manifest.json"])
            #expect(try manifest(frames.appendingPathComponent("manifest.json"))["total"] as? Int == 4)
        }
    }

    @Test func transitionSequencesGetAManifestToo() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("t")
            let run = try CLIRun(["transition", "radial", "--size", "32x24", "--duration", "0.15", "--fps", "20", "-q", "-o", frames.path])
            #expect(run.status == 0, "\(run.stderr)")
            let m = try manifest(frames.appendingPathComponent("manifest.json"))
            #expect(m["total"] as? Int == 3)
            #expect(m["effect"] as? String == "radial")
            #expect(try frameFiles(frames).count == 3)
        }
    }

    @Test func aRunOfMoreFramesThanTheLimitIsRefusedBeforeAnythingIsWritten() throws {
        try withTemporaryFolder { (dir) throws in
            let frames = dir.appendingPathComponent("frames")
            let run = try CLIRun(["animate", "ripple", "--size", "40x30", "--duration", "86400", "--fps", "1000", "-o", frames.path])
            #expect(run.status == 2)
            #expect(run.stderr.contains("--max-frames 100000"), "\(run.stderr)")
            #expect(run.stderr.contains("86400000 frames"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: frames.path))
            let allowed = try CLIRun(["animate", "ripple", "--size", "16x12", "--duration", "0.2", "--fps", "100", "--max-frames", "20",
                                      "-q", "-o", frames.path])
            #expect(allowed.status == 0, "\(allowed.stderr)")
            let refused = try CLIRun(["animate", "ripple", "--size", "16x12", "--duration", "0.2", "--fps", "100", "--max-frames", "19",
                                      "-q", "-o", frames.path])
            #expect(refused.status == 2)
        }
    }

    @Test func gestureMistakesOnTheCommandLineAreUsageErrors() throws {
        let drag = try CLIRun(["animate", "ripple-refraction", "--drag", "1,2@1;3,4@0.5", "--size", "16x12", "-o", "/tmp/unused-frames"])
        #expect(drag.status == 2, "\(drag.stderr)")
        #expect(drag.stderr.contains("--drag"), "\(drag.stderr)")
        #expect(drag.stderr.contains("does not come after"), "\(drag.stderr)")
        let tap = try CLIRun(["animate", "ripple", "--tap", "1e300,2", "--size", "16x12", "-o", "/tmp/unused-frames"])
        #expect(tap.status == 2, "\(tap.stderr)")
        #expect(tap.stderr.contains("--tap"), "\(tap.stderr)")
    }

    @Test func aFarAwayEventIsBlamedOnTheScriptNotOnAnOption() throws {
        try withTemporaryFolder { (dir) throws in
            let script = dir.appendingPathComponent("events.json")
            try Data(#"{"taps": [{"time": 0, "x": 1e300, "y": 5}]}"#.utf8).write(to: script)
            let run = try CLIRun(["animate", "ripple", "--events", script.path, "--size", "16x12", "-o", dir.appendingPathComponent("f").path])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("events.json: taps[0].x: out of range"), "\(run.stderr)")
            #expect(!run.stderr.contains("--origin"), "\(run.stderr)")
        }
    }

    @Test func noCommandPrintsTheHelpAndFails() throws {
        let run = try CLIRun([])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("USAGE: shaderfx"), "\(run.stderr)")
        let help = try CLIRun(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: shaderfx"))
    }
}
