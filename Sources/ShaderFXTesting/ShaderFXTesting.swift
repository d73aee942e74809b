@_exported import ShaderFXGolden
import Foundation
import Testing

/// Where `expectImage(_:matches:tolerance:in:sourceLocation:)` keeps reference PNGs.
///
/// Folders given by name are resolved next to the test file that calls `expectImage`, found
/// from its `#filePath` (as swift-snapshot-testing finds `__Snapshots__`), so references live
/// in the source tree beside their tests and are committed with them.
public struct ReferenceFolder: Sendable, Equatable {
    enum Place: Sendable, Equatable {
        case besideTestFile(folder: String, perFile: Bool)
        case path(String)
    }

    let place: Place

    /// `__References__/<TestFile>/` next to the calling test file: references of
    /// `Tests/MyTests/BlurTests.swift` go to `Tests/MyTests/__References__/BlurTests/<name>.png`.
    public static let besideTest = ReferenceFolder(place: .besideTestFile(folder: "__References__", perFile: true))

    /// A folder of this name next to the calling test file, shared by every test file there:
    /// `beside("References")` called from `Tests/MyTests/BlurTests.swift` resolves `"Blur/wide"`
    /// to `Tests/MyTests/References/Blur/wide.png`.
    /// - Parameter folder: the folder's name (or a relative path) beside the test file.
    public static func beside(_ folder: String) -> ReferenceFolder {
        ReferenceFolder(place: .besideTestFile(folder: folder, perFile: false))
    }

    /// A folder at a path of your choice (absolute, or relative to the working directory).
    /// - Parameter path: the folder.
    public static func path(_ path: String) -> ReferenceFolder {
        ReferenceFolder(place: .path(path))
    }

    /// The folder for a test file at `testFilePath`.
    func resolve(testFilePath: String) -> URL {
        switch place {
        case let .path(path):
            return URL(fileURLWithPath: path)
        case let .besideTestFile(folder, perFile):
            let file = URL(fileURLWithPath: testFilePath)
            let base = file.deletingLastPathComponent().appendingPathComponent(folder)
            return perFile ? base.appendingPathComponent(file.deletingPathExtension().lastPathComponent) : base
        }
    }
}

extension ComparisonOptions {
    /// Rendering noise passes, anything visible fails: a pixel may differ by a delta of 0.01
    /// (a grey shift of about 2.6 8-bit levels, an alpha change of 2.5 levels, 1 to 2 levels on
    /// any mix of channels at once), no pixel may differ by more, and anti-aliased edges are not
    /// excused. The default of `expectImage`.
    public static let renderingNoise = ComparisonOptions(
        threshold: 0.01, maxDifferentPixels: nil, maxDifferentRatio: nil, ignoreAntialiasing: false)
}

/// Expects `image` to match the reference PNG `name` within `tolerance`; records the reference
/// when there is none yet on a developer's machine.
///
/// `image` is first quantised to 8 bits as a PNG file would hold it, then compared: a bitwise
/// match passes at once; otherwise ``ImageComparison`` judges it with `tolerance`. Images of
/// different sizes fail with both sizes in the message.
///
/// Recording, as snapshot-testing tools do:
/// - a missing reference is recorded (and a warning names the file: look at it before committing);
/// - `SHADERFX_RECORD=1` re-records every reference the run reaches;
/// - when the `CI` environment variable is set (to anything but empty, `0` or `false`) nothing is
///   recorded, and a missing reference fails.
///
/// On failure the reference, the actual image and the difference picture are written to the
/// artifacts folder (`SHADERFX_ARTIFACTS`, or `artifacts/` in the package that holds the test)
/// as `<TestFile>/<name>.reference.png`, `.actual.png` and `.diff.png`, the issue names their
/// paths, and they are attached to the test.
///
/// ```swift
/// @Test func blurKeepsTheDisc() throws {
///     let out = try renderer.render(picture, effects: [blur])
///     try expectImage(out, matches: "blur-disc")                      // __References__/BlurTests/blur-disc.png
///     try expectImage(out, matches: "Blur/disc", in: .beside("References"))
/// }
/// ```
/// - Parameters:
///   - image: the image under test.
///   - name: the reference's name: a path below the folder, without `.png` (e.g. `"Blur/disc"`).
///   - tolerance: how close is close enough (default ``ComparisonOptions/renderingNoise``).
///   - folder: where references are kept (default ``ReferenceFolder/besideTest``).
///   - sourceLocation: where the expectation is, for the issue and for resolving `folder`.
/// - Throws: when a reference cannot be read or written.
public func expectImage(
    _ image: RGBAImage, matches name: String, tolerance: ComparisonOptions = .renderingNoise,
    in folder: ReferenceFolder = .besideTest, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try ReferenceCheck(environment: ProcessInfo.processInfo.environment)
        .check(image, matches: name, tolerance: tolerance, in: folder, sourceLocation: sourceLocation)
}

/// What `expectImage` does, with its environment made explicit (for its own tests).
struct ReferenceCheck {
    /// What happened, for tests of the helper.
    enum Outcome: Equatable {
        case matched(identical: Bool)
        case recorded(path: String)
        case failed(message: String)
    }

    let environment: [String: String]

    /// True when `CI` is set to anything but empty, `0` or `false`.
    var isCI: Bool {
        let value = (environment["CI"] ?? "").lowercased()
        return !(value.isEmpty || value == "0" || value == "false")
    }

    /// True when `SHADERFX_RECORD=1` (or `true`/`yes`).
    var recordsAll: Bool {
        ["1", "true", "yes"].contains((environment["SHADERFX_RECORD"] ?? "").lowercased())
    }

    @discardableResult
    func check(
        _ image: RGBAImage, matches name: String, tolerance: ComparisonOptions,
        in folder: ReferenceFolder, sourceLocation: SourceLocation
    ) throws -> Outcome {
        let url = folder.resolve(testFilePath: sourceLocation.filePath).appendingPathComponent(name + ".png")
        let encoded = try PNG.encode(image)
        let exists = FileManager.default.fileExists(atPath: url.path)

        if !isCI && (recordsAll || !exists) {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNG.writeFile(encoded, to: url.path)
            let why = exists ? "SHADERFX_RECORD is set" : "there was no reference"
            Issue.record("recorded \(url.path) (\(why)); look at it before committing it",
                         severity: .warning, sourceLocation: sourceLocation)
            return .recorded(path: url.path)
        }
        guard exists else {
            let message = "no reference image \(url.path); CI is set, so it is not recorded: "
                + "run the test on a developer machine (or with SHADERFX_RECORD=1), look at the picture and commit it"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return .failed(message: message)
        }

        let reference = try PNG.read(path: url.path)
        let actual = try PNG.decode(encoded, name: name)  // quantised as a written file would be
        if ImageComparison.areIdentical(reference, actual) { return .matched(identical: true) }

        let message: String
        let diff: RGBAImage?
        do {
            let (report, picture) = try ImageComparison.compareWithDiff(expected: reference, actual: actual, options: tolerance)
            if report.passed { return .matched(identical: false) }
            diff = picture
            let at = report.maxDeltaAt.map { " at \($0)" } ?? ""
            message = "\(name): \(report.differentPixels) pixels differ (\(percent(report.differentRatio))) by more than "
                + "\(tolerance.threshold) (largest delta \(rounded(report.maxDelta))\(at), "
                + "\(Int(report.maxChannelDifference.rounded())) levels on one channel; PSNR \(rounded(report.psnr, 1)) dB, "
                + "SSIM \(rounded(report.ssim))), allowed \(budget(tolerance))"
        } catch {
            diff = nil
            message = "\(name): \(error)"
        }
        let paths = try writeArtifacts(name: name, testFilePath: sourceLocation.filePath,
                                       reference: reference, actual: encoded, diff: diff)
        let full = message + ". Wrote " + paths.joined(separator: ", ")
        Issue.record(Comment(rawValue: full), sourceLocation: sourceLocation)
        for path in paths {
            if let bytes = FileManager.default.contents(atPath: path) {
                Attachment.record([UInt8](bytes), named: (path as NSString).lastPathComponent, sourceLocation: sourceLocation)
            }
        }
        return .failed(message: full)
    }

    /// The artifacts folder: `SHADERFX_ARTIFACTS`, or `artifacts/` in the package holding the test
    /// file (the nearest folder above it with a Package.swift), or `./artifacts`.
    func artifactsFolder(testFilePath: String) -> URL {
        if let path = environment["SHADERFX_ARTIFACTS"], !path.isEmpty { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: testFilePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent("artifacts")
            }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "artifacts")
    }

    /// Writes `<artifacts>/<TestFile>/<name>.reference.png`, `.actual.png` and `.diff.png`.
    func writeArtifacts(name: String, testFilePath: String, reference: RGBAImage, actual: [UInt8],
                        diff: RGBAImage?) throws -> [String] {
        let testFile = URL(fileURLWithPath: testFilePath).deletingPathExtension().lastPathComponent
        let base = artifactsFolder(testFilePath: testFilePath).appendingPathComponent(testFile).appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (base as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var paths = [base + ".reference.png", base + ".actual.png"]
        try PNG.write(reference, to: paths[0])
        try PNG.writeFile(actual, to: paths[1])
        if let diff {
            paths.append(base + ".diff.png")
            try PNG.write(diff, to: paths[2])
        }
        return paths
    }

    private func percent(_ ratio: Double) -> String { "\(rounded(ratio * 100, 3))%" }

    private func rounded(_ x: Double, _ digits: Int = 4) -> String {
        guard x.isFinite else { return "inf" }
        let scale = pow(10, Double(digits))
        return "\((x * scale).rounded() / scale)"
    }

    private func budget(_ options: ComparisonOptions) -> String {
        var parts: [String] = []
        if let count = options.maxDifferentPixels { parts.append("\(count) pixels") }
        if let ratio = options.maxDifferentRatio { parts.append("\(rounded(ratio * 100, 3))%") }
        return parts.isEmpty ? "none" : parts.joined(separator: " and ")
    }
}
