import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX

/// `shaderfx test SUITE --calibrate`: its numbers against edits made by hand.
///
/// Each case's references are recorded by an ordinary run; then a second family's reference is
/// written beside the common one: the same pixels with five opaque pixels' red moved by a known
/// number of levels, encoded by this file's own PNG writer (stored deflate blocks, no filter),
/// not ShaderFX's. The calibration must report exactly that edit.
@Suite(.serialized) struct CalibrateTests {
    /// How many pixels are edited: five opaque ones, spread over the picture.
    static let editedCount = 5

    /// The normalised YIQ delta of a change of `levels` in red alone on an opaque pixel, from
    /// the formula in ImageComparison's documentation (pixelmatch's weights), in Double.
    static func redDelta(_ levels: Int) -> Double {
        let dR = Double(levels) / 255
        let y = 0.29889531 * dR, i = 0.59597799 * dR, q = 0.21147017 * dR
        return ((0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q) / (35215.0 / (255 * 255))).squareRoot()
    }

    /// A suite of two cases over the same picture, recorded; `<case>/llvmpipe/still.png` holds the
    /// common reference with the five pixels' red moved by `levels[case]`.
    static func suite(levels: [String: Int]) throws -> URL {
        let url = try TemporaryFolder.make().url
        for name in levels.keys {
            try #"{"effect": "stripes", "picture": "pool", "size": "40x40", "parameters": {"thickness": 5}, "tolerance": {"threshold": 0.01, "ignoreAntialiasing": false}}"#
                .write(to: url.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
        }
        let record = try CLIRun(["test", url.path, "--family", "llvmpipe", "--report", url.path + "/.report"], environment: ["CI": ""])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        try FileManager.default.removeItem(at: url.appendingPathComponent(".report"))
        for (name, amount) in levels {
            let common = try PNG.read(path: url.appendingPathComponent("\(name)/still.png").path)
            var bytes = StraightFrame(image: common).bytes
            // The stripes leave gaps: only opaque pixels are edited, so the change is the same in
            // premultiplied and straight colour.
            let opaque = stride(from: 0, to: bytes.count, by: 4).filter { bytes[$0 + 3] == 255 }
            try #require(opaque.count >= 100)
            for k in 0..<editedCount {
                let i = opaque[k * (opaque.count / editedCount)]
                bytes[i] = bytes[i] >= 128 ? bytes[i] - UInt8(amount) : bytes[i] + UInt8(amount)
            }
            let folder = url.appendingPathComponent("\(name)/llvmpipe")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try StoredPNG.encode(width: common.width, height: common.height, rgba: bytes).write(to: folder.appendingPathComponent("still.png"))
        }
        return url
    }

    /// Every file under `url` with its bytes.
    static func snapshot(_ url: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: url.path)!
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url.appendingPathComponent(path))
            }
        }
        return files
    }

    @Test func reportsTheEditBetweenFamiliesAndSuggestsFromIt() throws {
        let url = try Self.suite(levels: ["small": 7, "large": 120])
        defer { try? FileManager.default.removeItem(at: url) }
        let before = try Self.snapshot(url)
        let json = url.path + ".calibration.json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        let run = try CLIRun(["test", url.path, "--calibrate", "--runs", "3", "--json", json])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // It wrote nothing into the suite: no reference, no report.
        #expect(try Self.snapshot(url) == before)
        // llvmpipe is reached through the surfaceless platform.
        #expect(run.stdout.contains("renderer surfaceless: llvmpipe"), "\(run.stdout)")
        #expect(run.stderr.contains("calibrating 2/2"), "\(run.stderr)")

        let report = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(report["runs"] as? Int == 3)
        let renderers = try #require(report["renderers"] as? [[String: Any]])
        #expect(renderers.first?["name"] as? String == "surfaceless")
        #expect(renderers.first?["family"] as? String == "llvmpipe")
        let cases = try #require(report["cases"] as? [[String: Any]])
        #expect(cases.map { $0["name"] as? String } == ["large", "small"])
        for item in cases {
            let name = item["name"] as! String
            let levels = name == "small" ? 7 : 120
            let frames = try #require(item["frames"] as? [[String: Any]])
            let pairs = try #require(frames.first?["pairs"] as? [[String: Any]])
            func pair(_ kind: String, _ what: String) throws -> [String: Any] {
                try #require(pairs.first { $0["kind"] as? String == kind && ($0["what"] as? String ?? "").contains(what) }, "\(kind) \(what) in \(pairs)")
            }
            // Run to run on llvmpipe: nothing moves.
            let runs = try pair("run", "surfaceless runs 2-3")
            #expect(runs["maxChannelLevels"] as? Int == 0)
            #expect(runs["differentPixels"] as? Int == 0)
            #expect(runs["maxDelta"] as? Double == 0)
            // The render is the common reference exactly, and differs from the edited family's by the edit.
            let common = try pair("reference", "\(name)/still.png")
            #expect(common["maxChannelLevels"] as? Int == 0)
            #expect(common["counted"] as? Bool == false)
            let family = try pair("reference", "\(name)/llvmpipe/still.png (the one a test uses)")
            #expect(family["counted"] as? Bool == true)
            for measured in [family, try pair("family", "llvmpipe against common")] {
                #expect(measured["maxChannelLevels"] as? Int == levels, "\(measured)")
                #expect(measured["differentPixels"] as? Int == Self.editedCount, "\(measured)")
                #expect(abs((measured["maxDelta"] as? Double ?? -1) - Self.redDelta(levels)) < 1e-4, "\(measured) against \(Self.redDelta(levels))")
                #expect(measured["withinTolerance"] as? Bool == false)
            }
            let suggested = try #require(item["suggested"] as? [String: Any])
            if name == "small" {
                // 2 × 0.01493 = 0.0299: the next of 0.01, 0.02, 0.05 is 0.05; no budget.
                #expect(suggested["threshold"] as? Double == 0.05, "\(suggested)")
                #expect(suggested["maxDifferentPixels"] == nil)
            } else {
                // 2 × 0.2559 is over 0.1: the threshold stays 0.1 and 2 × 5 pixels may differ.
                #expect(suggested["threshold"] as? Double == 0.1, "\(suggested)")
                #expect(suggested["maxDifferentPixels"] as? Int == 10, "\(suggested)")
            }
            #expect(item["suggestedGPU"] == nil, "no renderer but llvmpipe met a common reference")
        }
        #expect(run.stdout.contains(#"suggested tolerance {"threshold": 0.05}"#), "\(run.stdout)")
        #expect(run.stdout.contains(#"suggested tolerance {"threshold": 0.1, "maxDifferentPixels": 10}"#), "\(run.stdout)")
        #expect(run.stdout.contains("no reference was written"))
    }

    @Test func aFLIPCaseIsMeasuredByItsMetric() throws {
        let url = try TemporaryFolder.make().url
        defer { try? FileManager.default.removeItem(at: url) }
        try #"{"effect": "stripes", "size": "40x40", "metric": "flip", "maxMeanError": 0.01}"#
            .write(to: url.appendingPathComponent("flip.json"), atomically: true, encoding: .utf8)
        let run = try CLIRun(["test", url.path, "--calibrate", "--runs", "2"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("metric ꟻLIP, mean error at most 0.01"), "\(run.stdout)")
        #expect(run.stdout.contains("ꟻLIP mean 0.00000"), "\(run.stdout)")
        // No reference yet: run to run alone, 0, gives the smallest mean error.
        #expect(run.stdout.contains(#"suggested tolerance {"maxMeanError": 0.001}"#), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: url.path + "/flip"), "nothing recorded")
        #expect(!FileManager.default.fileExists(atPath: url.path + "/.report"), "no report")
    }

    @Test(arguments: [
        (["--calibrate", "--record", "all"], "--record cannot be used with --calibrate"),
        (["--calibrate", "--merge"], "--merge cannot be used with --calibrate"),
        (["--calibrate", "--junit", "j.xml"], "--junit cannot be used with --calibrate"),
        (["--runs", "2"], "--runs is for --calibrate"),
        (["--json", "x.json"], "--json is for --calibrate"),
        (["--calibrate", "--runs", "0"], "--runs"),
    ])
    func badCombinationsSayWhatToDo(flags: [String], message: String) throws {
        let url = try TemporaryFolder.make().url
        defer { try? FileManager.default.removeItem(at: url) }
        try #"{"effect": "stripes", "size": "8x8"}"#.write(to: url.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let run = try CLIRun(["test", url.path] + flags)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}

/// A PNG writer of its own for these tests: 8-bit RGBA, filter 0 on every row, the zlib stream
/// in stored (uncompressed) deflate blocks, per the PNG and zlib specifications.
enum StoredPNG {
    static func encode(width: Int, height: Int, rgba: [UInt8]) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            raw += rgba[(y * width * 4)..<((y + 1) * width * 4)]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            zlib.append(offset + count == raw.count ? 1 : 0)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) } }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
    }
}
