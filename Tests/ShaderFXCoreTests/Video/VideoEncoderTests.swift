import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXCore

@Suite("Formats, settings and ffmpeg lookup")
struct SettingsTests {
    @Test func formatFromPath() {
        #expect(VideoFormat(path: "out.gif") == .gif)
        #expect(VideoFormat(path: "/tmp/a.b/OUT.MP4") == .mp4)
        #expect(VideoFormat(path: "clip.WebM") == .webm)
        #expect(VideoFormat(path: "x/y.mov") == .mov)
        #expect(VideoFormat(path: "out.png") == nil)
        #expect(VideoFormat(path: "mp4") == nil)
        #expect(VideoFormat(path: ".mp4") == nil)
        #expect(VideoFormat(path: "dir.mp4/file") == nil)
    }

    @Test func ffmpegLookup() throws {
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let fake = dir + "/ffmpeg"
            _ = FileManager.default.createFile(atPath: fake, contents: Data("#!/bin/sh\n".utf8))
            #expect(VideoEncoder.ffmpegPath(environment: ["PATH": dir]) == nil, "not executable yet")
            chmod(fake, 0o755)
            #expect(VideoEncoder.ffmpegPath(environment: ["PATH": "/nonexistent:" + dir]) == fake)
            #expect(VideoEncoder.ffmpegPath(environment: ["PATH": "/nonexistent"]) == nil)
            #expect(VideoEncoder.ffmpegPath(environment: ["PATH": dir, "SHADERFX_FFMPEG": "/nonexistent"]) == nil)
            #expect(VideoEncoder.ffmpegPath(environment: ["PATH": "/nonexistent", "SHADERFX_FFMPEG": fake]) == fake)
            #expect(VideoEncoder.ffmpegPath(environment: ["PATH": "/", "SHADERFX_FFMPEG": dir]) == nil, "a folder")
        }
    }

    @Test func ffmpegCommandLines() throws {
        var s = VideoSettings(width: 5, height: 3, fps: 29.97, format: .mp4)
        let mp4 = try FFmpegCommand(settings: s, outputPath: "o")
        #expect(mp4.encodedWidth == 6 && mp4.encodedHeight == 4)
        #expect(mp4.arguments.contains("30000/1001"))
        #expect(mp4.arguments.contains("libx264") && mp4.arguments.contains("+faststart"))
        s.format = .mov
        let prores = try FFmpegCommand(settings: s, outputPath: "o")
        #expect(prores.arguments.contains("prores_ks") && prores.encodedWidth == 5 && prores.flattenOnto == nil)
        s.background = (1, 2, 3)
        #expect(try FFmpegCommand(settings: s, outputPath: "o").arguments.contains("libx264"))
        #expect(FFmpegCommand.rate(24) == "24" && FFmpegCommand.rate(12.5) == "12500/1000")
    }

    @Test func badSettingsAreRefused() {
        func refused(_ configure: (inout VideoSettings) -> Void, _ format: VideoFormat = .mp4) -> Bool {
            var s = VideoSettings(width: 16, height: 16, fps: 24, format: format)
            configure(&s)
            do { _ = try FFmpegCommand(settings: s, outputPath: "o"); return false } catch {
                if case .badSettings = error { return true }
                return false
            }
        }
        #expect(refused { $0.width = 0 })
        #expect(refused { $0.height = -2 })
        #expect(refused { $0.fps = 0 })
        #expect(refused { $0.fps = .nan })
        #expect(refused { $0.quality = 52 })
        #expect(refused({ $0.quality = 64 }, .webm))
        #expect(refused({ $0.quality = 3 }, .gif))
        #expect(refused({ $0.quality = 257 }, .gif))
        #expect(refused({ $0.quality = 0 }, .mov))
        #expect(!refused({ $0.quality = 4 }, .gif))
        #expect(!refused({ $0.quality = 64 }, .mov))
    }

    @Test func errorMessagesSayHowToFix() {
        let missing = VideoError.ffmpegMissing.description
        #expect(missing.contains("apt-get install ffmpeg") && missing.contains("`ffmpeg` package"))
        let failed = VideoError.encoderFailed(status: 1, stderr: ["a", "b"]).description
        #expect(failed.contains("status 1") && failed.hasSuffix("a\nb"))
    }
}

@Suite("Encoder lifecycle and failures")
struct VideoEncoderTests {
    let settings = VideoSettings(width: 32, height: 32, fps: 24, format: .mp4)

    @Test func ffmpegMissing() throws {
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            for env in [["SHADERFX_FFMPEG": "/nonexistent", "PATH": "/usr/bin:/bin"], ["PATH": dir]] {
                #expect {
                    try VideoEncoder(output: dir + "/a.mp4", settings: settings, environment: env)
                } throws: { error in
                    guard let e = error as? VideoError, case .ffmpegMissing = e else { return false }
                    return e.description.contains("apt-get install ffmpeg")
                }
            }
            #expect(listDir(dir).isEmpty)
        }
    }

    @Test func unwritableFolder() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let file = dir + "/plain-file"
            _ = FileManager.default.createFile(atPath: file, contents: Data())
            // Root ignores permission bits, so use paths that cannot be written by anyone.
            for path in [dir + "/missing/out.mp4", file + "/out.mp4", "/proc/out.mp4"] {
                #expect {
                    try VideoEncoder(output: path, settings: settings)
                } throws: { error in
                    guard let e = error as? VideoError, case .writeFailed = e else { return false }
                    return true
                }
            }
            #expect(listDir(dir) == ["plain-file"])
        }
    }

    @Test func cancelLeavesNothing() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let encoder = try VideoEncoder(output: dir + "/c.mp4", settings: settings)
            #expect(listDir(dir).count == 1 && listDir(dir)[0].hasPrefix(".c.mp4."), "temp file beside the output")
            let frame = [UInt8](repeating: 200, count: 32 * 32 * 4)
            for _ in 0..<5 { try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) } }
            encoder.cancel()
            encoder.cancel()
            #expect(listDir(dir).isEmpty)
            #expect(throws: VideoError.self) { try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) } }
            #expect(throws: VideoError.self) { try encoder.finish() }
            #expect(listDir(dir).isEmpty)
        }
    }

    @Test func deinitWithoutFinishLeavesNothing() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            do {
                let encoder = try VideoEncoder(output: dir + "/d.gif", settings: VideoSettings(width: 8, height: 8, fps: 10, format: .gif))
                let frame = [UInt8](repeating: 9, count: 8 * 8 * 4)
                try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) }
                #expect(listDir(dir).count == 1)
            }
            #expect(listDir(dir).isEmpty)
        }
    }

    @Test func wrongFrameSizeIsRefusedAndEncoderContinues() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let path = dir + "/w.mp4"
            let encoder = try VideoEncoder(output: path, settings: settings)
            let small = [UInt8](repeating: 0, count: 31 * 32 * 4)
            #expect {
                try small.withUnsafeBytes { try encoder.append(straightRGBA: $0) }
            } throws: { error in
                guard let e = error as? VideoError, case .badSettings(let msg) = e else { return false }
                return msg.contains("3968") && msg.contains("4096")
            }
            let good = [UInt8](repeating: 255, count: 32 * 32 * 4)
            try good.withUnsafeBytes { try encoder.append(straightRGBA: $0) }
            try encoder.finish()
            #expect(encoder.frameCount == 1)
            #expect(listDir(dir) == ["w.mp4"])
            #expect(throws: VideoError.self) { try encoder.finish() }
            encoder.cancel()  // after a successful finish: does nothing
            #expect(listDir(dir) == ["w.mp4"])
        }
    }

    @Test func finishWithoutFramesFailsCleanly() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let encoder = try VideoEncoder(output: dir + "/e.mp4", settings: settings)
            #expect { try encoder.finish() } throws: { error in
                guard let e = error as? VideoError, case .badSettings = e else { return false }
                return true
            }
            #expect(listDir(dir).isEmpty)
        }
    }

    @Test func existingOutputIsReplacedOnlyOnSuccess() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let path = dir + "/r.mp4"
            _ = FileManager.default.createFile(atPath: path, contents: Data("old".utf8))
            let failing = try VideoEncoder(output: path, settings: settings)
            failing.cancel()
            #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
            try encode(TestAnimation(width: 32, height: 32, frames: 2), to: path, settings: settings)
            #expect((FileManager.default.contents(atPath: path)?.count ?? 0) > 100)
            var st = stat()
            stat(path, &st)
            #expect(st.st_mode & 0o777 == 0o666 & ~0o022 || st.st_mode & 0o777 != 0o600, "not left at mkstemp's 0600")
            #expect(listDir(dir) == ["r.mp4"])
        }
    }

    /// ffmpeg dying while frames are piped must give encoderFailed with its stderr, not
    /// kill the test process with SIGPIPE, and leave nothing behind.
    @Test func ffmpegDyingEarlyIsAnErrorNotASignal() throws {
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let fake = dir + "/fake-ffmpeg"
            makeFakeFFmpeg(fake, "echo 'first line' >&2\necho 'Unknown encoder boom' >&2\nexit 3\n")
            let out = dir + "/out"
            mkdir(out, 0o755)
            let encoder = try encoderWithFake(fake, output: out + "/x.mp4",
                                              settings: VideoSettings(width: 256, height: 256, fps: 24, format: .mp4))
            let frame = [UInt8](repeating: 1, count: 256 * 256 * 4)
            var thrown: VideoError?
            do {
                for _ in 0..<100 { try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) } }
                try encoder.finish()
            } catch {
                thrown = error as? VideoError
            }
            guard case .encoderFailed(let status, let lines)? = thrown else {
                Issue.record("expected encoderFailed, got \(String(describing: thrown))")
                return
            }
            #expect(status == 3)
            #expect(lines == ["first line", "Unknown encoder boom"])
            #expect(encoder.frameCount < 100, "the pipe broke before all frames were written")
            #expect(listDir(out).isEmpty)
            // Later calls rethrow the same failure.
            #expect(throws: VideoError.self) { try encoder.finish() }
        }
    }

    /// A real ffmpeg killed mid-stream (here by us, standing in for the OOM killer) is
    /// reported as encoderFailed with 128 + signal, and the temp file is removed.
    @Test func killedFFmpegIsReported() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let encoder = try VideoEncoder(output: dir + "/x.webm", settings: VideoSettings(width: 16, height: 16, fps: 24, format: .webm))
            let temp = listDir(dir).first ?? ""
            #expect(temp.hasPrefix(".x.webm.") && temp.hasSuffix(".part.webm"))
            let frame = [UInt8](repeating: 1, count: 16 * 16 * 4)
            try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) }
            let pids = try runProcess("/usr/bin/pgrep", ["-f", "--", temp]).stdout
            let pid = pids.split(separator: "\n").compactMap { Int32($0) }
            #expect(pid.count == 1)
            for p in pid { kill(p, SIGKILL) }
            #expect {
                for _ in 0..<1000 { try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) } }
                try encoder.finish()
            } throws: { error in
                guard let e = error as? VideoError, case .encoderFailed(let status, _) = e else { return false }
                return status == 128 + SIGKILL
            }
            #expect(listDir(dir).isEmpty)
        }
    }

    /// Writes block while ffmpeg does not read: a "ffmpeg" that sleeps without reading stalls
    /// append() instead of letting frames pile up in memory.
    @Test func appendBlocksWhenFFmpegDoesNotRead() throws {
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let fake = dir + "/sleepy-ffmpeg"
            makeFakeFFmpeg(fake, "sleep 1\necho stalled >&2\nexit 7\n")
            let encoder = try encoderWithFake(fake, output: dir + "/s.mp4",
                                              settings: VideoSettings(width: 256, height: 256, fps: 24, format: .mp4))
            let frame = [UInt8](repeating: 1, count: 256 * 256 * 4)
            let start = Date()
            #expect {
                for _ in 0..<200 { try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) } }
            } throws: { error in
                guard let e = error as? VideoError, case .encoderFailed(7, ["stalled"]) = e else { return false }
                return true
            }
            #expect(Date().timeIntervalSince(start) >= 0.9, "append must wait for the reader")
            #expect(encoder.frameCount < 10, "only what fits in the socket buffer: \(encoder.frameCount)")
            #expect(listDir(dir) == ["sleepy-ffmpeg"])
        }
    }

    /// 2000 frames of 256x256 (512 MiB of pixels) through a real ffmpeg: our RSS stays flat.
    @Test func memoryStaysFlatOver2000Frames() throws {
        guard haveFFmpeg else { return }
        try withTemporaryFolder { (folder) throws in
            let dir = folder.path
            let encoder = try VideoEncoder(output: dir + "/m.mp4", settings: VideoSettings(width: 256, height: 256, fps: 60, format: .mp4))
            var frame = [UInt8](repeating: 0, count: 256 * 256 * 4)
            var baseline = 0, peak = 0
            for i in 0..<2000 {
                // Cheap per-frame change: one row of a different colour moving down.
                let row = (i % 256) * 256 * 4
                frame.withUnsafeMutableBufferPointer { p in
                    for k in 0..<(256 * 4) { p[row + k] = UInt8(truncatingIfNeeded: i &* 7 &+ k) }
                }
                try frame.withUnsafeBytes { try encoder.append(straightRGBA: $0) }
                if i == 100 { baseline = residentBytes() }
                if i > 100 && i % 100 == 0 { peak = max(peak, residentBytes()) }
            }
            try encoder.finish()
            let growth = peak - baseline
            print("memory test: RSS after 100 frames \(baseline >> 20) MiB, peak after \(peak >> 20) MiB")
            #expect(encoder.frameCount == 2000)
            // Queued frames would be 256 KiB each (~475 MiB for 1900). The RSS is the whole test
            // process's, and the PNG tests of this target run beside it (large frames of their
            // own, up to ~60 MiB measured), so the bound leaves that much room and still fails
            // at a fifth of what queued frames would hold. Under a sanitizer every test's memory
            // also costs its shadow (ThreadSanitizer's run measured 164 MiB of growth with all
            // the target's tests beside this one), so the bound is 256 MiB there: still below
            // what the queued frames alone would hold.
            let bound = activeSanitizer == nil ? 96 << 20 : 256 << 20
            #expect(growth < bound, "RSS grew by \(growth >> 20) MiB")
            #expect(try probe(dir + "/m.mp4").frames == 2000)
        }
    }
}
