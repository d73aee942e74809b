@_exported import ShaderFXGolden
import Foundation
import Synchronization
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

    /// A folder at a file URL of your choice.
    /// - Parameter url: the folder (a `file:` URL).
    public static func url(_ url: URL) -> ReferenceFolder {
        ReferenceFolder(place: .path(url.path(percentEncoded: false)))
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

/// Expects `image` to match a reference PNG within `tolerance`, recording references as
/// swift-snapshot-testing does.
///
/// `image` is first quantised to 8 bits as a PNG file would hold it, then compared: a bitwise
/// match passes at once; otherwise ``ImageComparison`` judges it with `tolerance`. Images of
/// different sizes fail with both sizes in the message.
///
/// Recording (`record`, else `never` when `CI` is set, else `SHADERFX_RECORD`, else `missing`):
/// - ``RecordMode/missing`` (the default on a developer's machine): a missing reference is
///   recorded and the expectation **fails**, naming the file, so nobody mistakes a first run for
///   a pass: look at the picture, commit it, run again;
/// - ``RecordMode/never`` (the default when `CI` is set to anything but empty, `0` or `false`):
///   nothing is recorded; a missing reference fails;
/// - ``RecordMode/failed``: a picture that does not match is re-recorded, and fails;
/// - ``RecordMode/all``: every picture is re-recorded, and fails.
/// `SHADERFX_RECORD` takes the mode's name (`SHADERFX_RECORD=failed`); `1`, `true` or `yes` mean `all`.
///
/// On failure the reference, the actual image and the difference picture are written to the
/// artifacts folder (`SHADERFX_ARTIFACTS`, or `artifacts/` in the package that holds the test)
/// as `<TestFile>/<name>.reference.png`, `.actual.png` and `.diff.png`, the issue names their
/// paths, and they are attached to the test; on success the artifacts of an earlier failure are
/// removed.
///
/// The default tolerance is `shaderfx compare`'s and `shaderfx test`'s (``ComparisonOptions/init()``:
/// threshold 0.1, anti-aliased pixels excused), so a picture passes here exactly when it passes
/// there; ``ComparisonOptions/renderingNoise`` is the strict choice for a renderer's own tests.
///
/// ```swift
/// @Test func blurKeepsTheDisc() throws {
///     let out = try renderer.render(picture, effects: Blur(radius: 4).passes)
///     try expectImage(out)                                            // __References__/BlurTests/blurKeepsTheDisc.1.png
///     try expectImage(out, matches: "Blur/disc", in: .beside("References"), record: .failed)
/// }
/// ```
/// - Parameters:
///   - image: the image under test.
///   - name: the reference's name: a path below the folder, without `.png` (e.g. `"Blur/disc"`);
///     by default the test function's name and a counter (`blurKeepsTheDisc.1`, `.2`, ...).
///   - tolerance: how close is close enough (default: as `shaderfx compare`).
///   - folder: where references are kept (default ``ReferenceFolder/besideTest``).
///   - record: this call's record mode, over `SHADERFX_RECORD` and the default.
///   - allowBlank: true when the picture may be wholly transparent or one colour (a blank
///     picture fails by default, before it is compared or recorded: see ``BlankPicture``).
///   - sourceLocation: where the expectation is, for the issue and for resolving `folder`.
/// - Throws: when a reference cannot be read or written.
public func expectImage(
    _ image: RGBAImage, matches name: String? = nil, tolerance: ComparisonOptions = ComparisonOptions(),
    in folder: ReferenceFolder = .besideTest, record: RecordMode? = nil, allowBlank: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let resolved = name ?? ReferenceNames.next(for: Test.current, sourceLocation: sourceLocation)
    try ReferenceCheck(environment: ProcessInfo.processInfo.environment, record: record)
        .check(image, matches: resolved, tolerance: tolerance, in: folder, allowBlank: allowBlank, sourceLocation: sourceLocation)
}

/// Default reference names: the test function's name and a counter per test.
enum ReferenceNames {
    private static let counters = Mutex<[String: Int]>([:])

    /// `functionName.N` for the Nth unnamed expectation of `test` (or of the file, outside a test).
    static func next(for test: Test?, sourceLocation: SourceLocation) -> String {
        let base = test.map { functionName($0.name) } ?? "expectation"
        let key = (test.map { "\($0.id)" } ?? sourceLocation.fileID) + "|" + base
        let count = counters.withLock { counters -> Int in
            counters[key, default: 0] += 1
            return counters[key]!
        }
        return "\(base).\(count)"
    }

    /// `blurKeepsTheDisc()` or `blurs(radius:)` as a file name: `blurKeepsTheDisc`, `blurs-radius`.
    static func functionName(_ name: String) -> String {
        let trimmed = name.hasSuffix("()") ? String(name.dropLast(2)) : name
        let mapped = trimmed.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }
        let collapsed = String(mapped).split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
        return collapsed.isEmpty ? "expectation" : collapsed
    }
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
    /// The call's own record mode, if it gave one.
    var record: RecordMode? = nil

    /// True when `CI` is set to anything but empty, `0` or `false`.
    var isCI: Bool { RecordMode.default(environment: environment) == .never }

    /// The call's mode; else `never` on CI (the variable never records there); else
    /// `SHADERFX_RECORD` (a mode's name; `1`, `true`, `yes` mean all); else `missing`.
    var mode: RecordMode {
        if let record { return record }
        if isCI { return .never }
        let variable = (environment["SHADERFX_RECORD"] ?? "").lowercased()
        if let named = RecordMode(rawValue: variable) { return named }
        if ["1", "true", "yes"].contains(variable) { return .all }
        return .default(environment: environment)
    }

    @discardableResult
    func check(
        _ image: RGBAImage, matches name: String, tolerance: ComparisonOptions,
        in folder: ReferenceFolder, allowBlank: Bool = false, sourceLocation: SourceLocation
    ) throws -> Outcome {
        // A blank picture matches a blank reference: it fails first, and is never recorded.
        if !allowBlank, let blank = BlankPicture.check(image) {
            let message = "\(name): \(blank) (pass allowBlank: true if the picture may be blank)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return .failed(message: message)
        }
        let url = folder.resolve(testFilePath: sourceLocation.filePath).appendingPathComponent(name + ".png")
        let encoded = try PNG.encode(image, compression: .default)  // references are kept: compress them well
        let exists = FileManager.default.fileExists(atPath: url.path)
        let mode = self.mode

        func save(_ why: String) throws -> Outcome {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNG.writeFile(encoded, to: url.path)
            let message = "recorded \(url.path) (\(why)); look at it, commit it, and run the test again"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return .recorded(path: url.path)
        }

        if !exists {
            guard mode != .never else {
                let message = "no reference image \(url.path), and record mode is never"
                    + (isCI && self.record == nil ? " (CI is set)" : "")
                    + ": run the test on a developer machine (or with SHADERFX_RECORD=missing), look at the picture and commit it"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                return .failed(message: message)
            }
            return try save("there was no reference")
        }
        if mode == .all { return try save("record mode all") }

        let reference = try PNG.read(path: url.path)
        let actual = try PNG.decode(encoded, name: name)  // quantised as a written file would be
        let verdict = ReferenceVerdict.judge(reference: reference, actual: actual, tolerance: tolerance, name: name)
        guard case let .failed(message, diff) = verdict else {
            removeArtifacts(name: name, testFilePath: sourceLocation.filePath)
            return .matched(identical: verdict == .identical)
        }
        let paths = try writeArtifacts(name: name, testFilePath: sourceLocation.filePath,
                                       reference: reference, actual: encoded, diff: diff)
        if mode == .failed { return try save(message + ". Wrote " + paths.joined(separator: ", ")) }
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

    /// Removes the artifacts an earlier failure of `name` left, once it passes.
    func removeArtifacts(name: String, testFilePath: String) {
        let testFile = URL(fileURLWithPath: testFilePath).deletingPathExtension().lastPathComponent
        let base = artifactsFolder(testFilePath: testFilePath).appendingPathComponent(testFile).appendingPathComponent(name).path
        for suffix in [".reference.png", ".actual.png", ".diff.png"] {
            try? FileManager.default.removeItem(atPath: base + suffix)
        }
    }
}
