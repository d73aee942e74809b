import Foundation
import Testing
@testable import ShaderFXTesting

/// ShaderFXTesting's `expectImage`: recording, comparing, artifacts, with the environment given
/// explicitly so the tests do not depend on how they are run.
@Suite struct ExpectImageTests {
    /// A disc on transparency, drawn without the GPU.
    static func disc(radius: Float = 10, offset: Float = 0) -> RGBAImage {
        var image = RGBAImage(width: 32, height: 24)
        for y in 0..<24 {
            for x in 0..<32 {
                let d = ((Float(x) + 0.5 - 16 - offset) * (Float(x) + 0.5 - 16 - offset) + (Float(y) + 0.5 - 12) * (Float(y) + 0.5 - 12)).squareRoot()
                let a = min(1, max(0, radius + 0.5 - d))
                image[x, y] = SIMD4(0.9 * a, 0.4 * a, 0.1 * a, a)
            }
        }
        return image
    }

    final class Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shaderfx-expect-\(UUID().uuidString)")
        var references: String { root.appendingPathComponent("refs").path }
        var artifacts: String { root.appendingPathComponent("artifacts").path }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static let here = SourceLocation(fileID: "ShaderFXTests/ExpectImageTests.swift", filePath: #filePath, line: 1, column: 1)

    func check(_ image: RGBAImage, _ name: String, _ folders: Folders, env: [String: String] = [:],
               tolerance: ComparisonOptions = .renderingNoise, record: RecordMode? = nil, allowBlank: Bool = false) throws -> ReferenceCheck.Outcome {
        var environment = env
        environment["SHADERFX_ARTIFACTS"] = folders.artifacts
        return try ReferenceCheck(environment: environment, record: record)
            .check(image, matches: name, tolerance: tolerance, in: .path(folders.references), allowBlank: allowBlank, sourceLocation: Self.here)
    }

    /// The outcome of a check that records, which fails the test: run in a known issue.
    func recorded(_ body: () throws -> ReferenceCheck.Outcome) -> ReferenceCheck.Outcome? {
        var outcome: ReferenceCheck.Outcome?
        withKnownIssue { outcome = try body() }
        return outcome
    }

    /// Records the reference of a first run in a known issue (a recording fails the test).
    func recordFirst(_ image: RGBAImage, _ name: String, _ folders: Folders) throws {
        var outcome: ReferenceCheck.Outcome?
        withKnownIssue { outcome = try check(image, name, folders) }
        #expect(outcome == .recorded(path: folders.references + "/\(name).png"))
    }

    @Test func recordsAMissingReferenceAndFailsThenMatchesIt() throws {
        let folders = Folders()
        var first: ReferenceCheck.Outcome?
        // Recording fails the test, as swift-snapshot-testing does: a first run is no pass.
        let expected = "recorded \(folders.references)/Discs/plain.png (there was no reference)"
        try withKnownIssue { first = try check(Self.disc(), "Discs/plain", folders) } matching: { issue in
            issue.comments.contains { $0.rawValue.contains(expected) }
        }
        #expect(first == .recorded(path: folders.references + "/Discs/plain.png"))
        #expect(try PNG.read(path: folders.references + "/Discs/plain.png").width == 32)
        #expect(try check(Self.disc(), "Discs/plain", folders) == .matched(identical: true))
    }

    @Test func oneLevelOfNoisePassesAndAMovedDiscFailsWithArtifacts() throws {
        let folders = Folders()
        try recordFirst(Self.disc(), "disc", folders)
        var noisy = Self.disc()
        for i in stride(from: 0, to: noisy.pixels.count, by: 4) where noisy.pixels[i + 3] == 1 {
            noisy.pixels[i] -= i % 8 == 0 ? 1 / 255 : 0
            noisy.pixels[i + 1] += i % 12 == 0 ? 1 / 255 : 0
        }
        #expect(try check(noisy, "disc", folders) == .matched(identical: false))

        var outcome: ReferenceCheck.Outcome?
        withKnownIssue {
            outcome = try check(Self.disc(offset: 3), "disc", folders)
        }
        guard case let .failed(message) = outcome else { Issue.record("expected a failure, got \(String(describing: outcome))"); return }
        let base = folders.artifacts + "/ExpectImageTests/disc"
        for suffix in [".reference.png", ".actual.png", ".diff.png"] {
            #expect(FileManager.default.fileExists(atPath: base + suffix), "\(base + suffix)")
            #expect(message.contains(base + suffix))
        }
        #expect(message.contains("pixels differ"))
        // The reference is left alone.
        #expect(try PNG.read(path: folders.references + "/disc.png") == PNG.decode(PNG.encode(Self.disc()), name: "disc"))
        // The difference picture marks the moved rim in red.
        let diff = try PNG.read(path: base + ".diff.png")
        #expect((0..<diff.width).contains { diff[$0, 12] == SIMD4(1, 0, 0, 1) })
    }

    @Test func aToleranceLetsAMovedDiscPass() throws {
        let folders = Folders()
        try recordFirst(Self.disc(), "disc", folders)
        let loose = ComparisonOptions(threshold: 0.1, maxDifferentRatio: 0.5)
        #expect(try check(Self.disc(offset: 3), "disc", folders, tolerance: loose) == .matched(identical: false))
    }

    @Test func shiftIgnoredRectanglesMasksAndRegionsReachExpectImage() throws {
        let folders = Folders()
        try recordFirst(Self.disc(), "disc", folders)
        let moved = Self.disc(offset: 1)
        // Strict, a disc one pixel over fails; a shift of one excuses it, and so do a rectangle
        // or a mask leaving the disc out, or a region of its own with threshold 1.
        var failed: ReferenceCheck.Outcome?
        withKnownIssue { failed = try check(moved, "disc", folders) }
        guard case .failed = failed else { Issue.record("a moved disc passed: \(String(describing: failed))"); return }
        var shift = ComparisonOptions.renderingNoise
        shift.shiftTolerance = 1
        var ignore = ComparisonOptions.renderingNoise
        ignore.ignore = [PixelRect(x: 4, y: 0, width: 26, height: 24)]
        var mask = ComparisonOptions.renderingNoise
        mask.mask = IgnoreMask(RGBAImage(width: 32, height: 24))
        var region = ComparisonOptions.renderingNoise
        region.regions = [RegionThreshold(rect: PixelRect(x: 0, y: 0, width: 32, height: 24), threshold: 1)]
        for options in [shift, ignore, mask, region] {
            #expect(try check(moved, "disc", folders, tolerance: options) == .matched(identical: false), "\(options)")
        }
    }

    @Test func differentSizesFailWithBothSizes() throws {
        let folders = Folders()
        try recordFirst(Self.disc(), "disc", folders)
        var outcome: ReferenceCheck.Outcome?
        withKnownIssue { outcome = try check(RGBAImage(width: 16, height: 24), "disc", folders, allowBlank: true) }
        guard case let .failed(message) = outcome else { Issue.record("expected a failure"); return }
        #expect(message.contains("image sizes differ: expected 32x24, actual 16x24"))
        #expect(FileManager.default.fileExists(atPath: folders.artifacts + "/ExpectImageTests/disc.actual.png"))
    }

    @Test func onCINothingIsRecordedAndAMissingReferenceFails() throws {
        let folders = Folders()
        var outcome: ReferenceCheck.Outcome?
        withKnownIssue { outcome = try check(Self.disc(), "disc", folders, env: ["CI": "true", "SHADERFX_RECORD": "1"]) }
        guard case let .failed(message) = outcome else { Issue.record("expected a failure"); return }
        #expect(message.contains("CI is set"))
        #expect(!FileManager.default.fileExists(atPath: folders.references + "/disc.png"))
        // CI=false counts as not set.
        #expect(recorded { try check(Self.disc(), "disc", folders, env: ["CI": "false"]) } == .recorded(path: folders.references + "/disc.png"))
    }

    @Test func shaderfxRecordReRecordsButNotOnCI() throws {
        let folders = Folders()
        try recordFirst(Self.disc(), "disc", folders)
        withKnownIssue { _ = try check(Self.disc(offset: 3), "disc", folders, env: ["SHADERFX_RECORD": "1", "CI": "1"]) }
        #expect(recorded { try check(Self.disc(offset: 3), "disc", folders, env: ["SHADERFX_RECORD": "1"]) } == .recorded(path: folders.references + "/disc.png"))
        #expect(try check(Self.disc(offset: 3), "disc", folders) == .matched(identical: true))
        // The variable takes a mode's name too.
        #expect(recorded { try check(Self.disc(), "disc", folders, env: ["SHADERFX_RECORD": "all"]) } == .recorded(path: folders.references + "/disc.png"))
        #expect(try check(Self.disc(), "disc", folders, env: ["SHADERFX_RECORD": "never"]) == .matched(identical: true))
    }

    @Test func recordModesPerCall() throws {
        let folders = Folders()
        // never: a missing reference fails and nothing is written.
        var outcome: ReferenceCheck.Outcome?
        withKnownIssue { outcome = try check(Self.disc(), "disc", folders, record: .never) }
        guard case let .failed(message)? = outcome else { Issue.record("expected a failure"); return }
        #expect(message.contains("record mode is never"))
        #expect(!FileManager.default.fileExists(atPath: folders.references + "/disc.png"))
        try recordFirst(Self.disc(), "disc", folders)
        // failed: a matching picture is left alone; a failing one is re-recorded, and fails.
        #expect(try check(Self.disc(), "disc", folders, record: .failed) == .matched(identical: true))
        withKnownIssue { outcome = try check(Self.disc(offset: 3), "disc", folders, record: .failed) }
        #expect(outcome == .recorded(path: folders.references + "/disc.png"))
        #expect(try check(Self.disc(offset: 3), "disc", folders) == .matched(identical: true))
        // The call's mode wins over CI: a test that asks to record, records.
        withKnownIssue { outcome = try check(Self.disc(), "disc", folders, env: ["CI": "1"], record: .all) }
        #expect(outcome == .recorded(path: folders.references + "/disc.png"))
    }

    @Test func passingRemovesTheArtifactsOfAnEarlierFailure() throws {
        let folders = Folders()
        try recordFirst(Self.disc(), "disc", folders)
        withKnownIssue { _ = try check(Self.disc(offset: 3), "disc", folders) }
        let actual = folders.artifacts + "/ExpectImageTests/disc.actual.png"
        #expect(FileManager.default.fileExists(atPath: actual))
        #expect(try check(Self.disc(), "disc", folders) == .matched(identical: true))
        #expect(!FileManager.default.fileExists(atPath: actual))
        #expect(!FileManager.default.fileExists(atPath: folders.artifacts + "/ExpectImageTests/disc.diff.png"))
    }

    @Test func theDefaultToleranceIsCompares() throws {
        // Eight levels more blue on every pixel: counted by renderingNoise, passed by compare's default.
        let folders = Folders()
        try recordFirst(Self.disc(), "disc", folders)
        var shifted = Self.disc()
        for i in stride(from: 0, to: shifted.pixels.count, by: 4) { shifted.pixels[i + 2] = min(shifted.pixels[i + 3], shifted.pixels[i + 2] + 8 / 255) }
        withKnownIssue { _ = try check(shifted, "disc", folders, tolerance: .renderingNoise) }
        #expect(try check(shifted, "disc", folders, tolerance: ComparisonOptions()) == .matched(identical: false))
        #expect(ComparisonOptions() == ComparisonOptions(threshold: 0.1, maxDifferentPixels: nil, maxDifferentRatio: nil, ignoreAntialiasing: true))
    }

    @Test func unnamedExpectationsAreNamedAfterTheTestAndCounted() {
        #expect(ReferenceNames.functionName("blurKeepsTheDisc()") == "blurKeepsTheDisc")
        #expect(ReferenceNames.functionName("blurs(radius:)") == "blurs-radius")
        let first = ReferenceNames.next(for: Test.current, sourceLocation: Self.here)
        let second = ReferenceNames.next(for: Test.current, sourceLocation: Self.here)
        #expect(first == "unnamedExpectationsAreNamedAfterTheTestAndCounted.1")
        #expect(second == "unnamedExpectationsAreNamedAfterTheTestAndCounted.2")
    }

    @Test func foldersResolveBesideTheTestFile() {
        let file = "/repo/Tests/MyTests/BlurTests.swift"
        #expect(ReferenceFolder.besideTest.resolve(testFilePath: file).path == "/repo/Tests/MyTests/__References__/BlurTests")
        #expect(ReferenceFolder.beside("References").resolve(testFilePath: file).path == "/repo/Tests/MyTests/References")
        #expect(ReferenceFolder.path("/refs").resolve(testFilePath: file).path == "/refs")
        // The artifacts folder is artifacts/ in the package holding the test file.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(ReferenceCheck(environment: [:]).artifactsFolder(testFilePath: #filePath).path
                == package.appendingPathComponent("artifacts").path)
    }

    @Test func aBlankPictureFailsBeforeItIsRecordedOrCompared() throws {
        // A wholly transparent render would be recorded, then match itself for ever: it fails, and
        // nothing is written; so does one colour all over. allowBlank lets a blank picture through.
        let folders = Folders()
        var outcome: ReferenceCheck.Outcome?
        withKnownIssue { outcome = try check(RGBAImage(width: 8, height: 8), "blank", folders) }
        guard case let .failed(message)? = outcome else { Issue.record("expected a failure, got \(String(describing: outcome))"); return }
        #expect(message.contains("every pixel is transparent") && message.contains("allowBlank"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folders.references + "/blank.png"))
        withKnownIssue { outcome = try check(RGBAImage(width: 8, height: 8, fill: SIMD4(0, 0.5, 0, 1)), "green", folders) }
        guard case let .failed(green)? = outcome else { Issue.record("expected a failure"); return }
        #expect(green.contains("every pixel is rgba(0, 128, 0, 255)"), "\(green)")
        withKnownIssue { outcome = try check(RGBAImage(width: 8, height: 8), "allowed", folders, allowBlank: true) }
        #expect(outcome.map { if case .recorded = $0 { true } else { false } } == true)
    }
}
