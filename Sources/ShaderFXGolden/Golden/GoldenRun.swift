import Foundation


/// How references are treated when a picture is checked against them (by `shaderfx test`, and
/// by ShaderFXTesting's `expectImage`), as snapshot-testing tools do.
public enum RecordMode: String, CaseIterable, Codable, Sendable {
    /// Re-record every picture; nothing is compared.
    case all
    /// Compare; re-record the frames that fail (and record missing ones).
    case failed
    /// Compare; record the frames that have no reference yet (a developer's default).
    case missing
    /// Compare only; a missing reference fails (the default when CI is set).
    case never

    /// `missing` on a developer's machine, `never` when the `CI` variable is set (to anything but
    /// empty, `0` or `false`).
    /// - Parameter environment: the process environment.
    public static func `default`(environment: [String: String]) -> RecordMode {
        let ci = (environment["CI"] ?? "").lowercased()
        return ci.isEmpty || ci == "0" || ci == "false" ? .missing : .never
    }
}

/// The renderer families references are kept for, from `GL_RENDERER`.
package enum RendererFamily {
    /// `llvmpipe`, `nvidia`, `intel`, `amd`, or `other`.
    package static func of(renderer: String) -> String {
        let text = renderer.lowercased()
        if text.contains("llvmpipe") { return "llvmpipe" }
        if text.contains("nvidia") || text.contains("geforce") || text.contains("quadro") { return "nvidia" }
        if text.contains("intel") { return "intel" }
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        if words.contains("amd") || text.contains("radeon") { return "amd" }
        return "other"
    }

    /// Whether `name` can be a family folder's name: lowercase letters, digits, `-` and `_`.
    package static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }
}

/// What happened to one frame of a case.
public struct FrameOutcome: Codable, Sendable {
    /// Whether it passed, failed, or had its reference recorded.
    public enum Status: String, Codable, Sendable {
        case passed, failed, recorded
    }

    /// `t0.05` or `still`.
    public package(set) var name: String
    /// Seconds, or nil for `still`.
    public package(set) var time: Double?
    public package(set) var status: Status
    /// What went wrong or what was done, for people; empty for a plain pass.
    public package(set) var message: String
    /// The reference compared against or recorded, relative to the suite folder.
    public package(set) var reference: String?
    /// `family` or `common`: which reference was used or recorded.
    public package(set) var referenceKind: String?
    /// The tolerance used.
    public package(set) var tolerance: ComparisonOptions?
    /// The comparison, when one was made with images of one size.
    public package(set) var comparison: ComparisonReport?
    /// Report images relative to the report folder: `expected`, `actual`, `diff` (when made).
    public package(set) var images: [String: String]

    /// A value with every field given.
    package init(name: String, time: Double?, status: Status, message: String, reference: String?, referenceKind: String?, tolerance: ComparisonOptions?, comparison: ComparisonReport?, images: [String: String]) {
        self.name = name
        self.time = time
        self.status = status
        self.message = message
        self.reference = reference
        self.referenceKind = referenceKind
        self.tolerance = tolerance
        self.comparison = comparison
        self.images = images
    }
}

/// What happened to one case.
public struct CaseOutcome: Codable, Sendable {
    /// Whether it passed, failed, or had its reference recorded.
    public enum Status: String, Codable, Sendable {
        case passed, failed, recorded
    }

    public package(set) var name: String
    /// The case file, as the suite path was given.
    public package(set) var file: String
    public package(set) var description: String?
    /// The effect or function name.
    public package(set) var effect: String
    public package(set) var status: Status
    /// Why the case failed as a whole (a shader that does not compile), or empty.
    public package(set) var message: String
    public package(set) var frames: [FrameOutcome]

    /// The largest colour delta of any compared frame.
    public var worstDelta: Double? { frames.compactMap { $0.comparison?.maxDelta }.max() }
    /// The lowest PSNR of any compared frame.
    public var worstPSNR: Double? { frames.compactMap { $0.comparison?.psnr }.min() }

    /// A value with every field given.
    package init(name: String, file: String, description: String?, effect: String, status: Status, message: String, frames: [FrameOutcome]) {
        self.name = name
        self.file = file
        self.description = description
        self.effect = effect
        self.status = status
        self.message = message
        self.frames = frames
    }
}

/// The whole run, as the JSON report holds it: what `GoldenSuite.Run.run` returns.
public struct SuiteOutcome: Codable, Sendable {
    /// The suite folder, as given.
    public package(set) var suite: String
    /// `GL_RENDERER` and the backend.
    public package(set) var renderer: String
    /// The renderer family whose references were looked for first.
    public package(set) var family: String
    public package(set) var recordMode: RecordMode
    public package(set) var passed: Int
    public package(set) var failed: Int
    public package(set) var recorded: Int
    public package(set) var cases: [CaseOutcome]
    /// For a `--shard K/N` run: which shard, and the whole suite it is part of (absent otherwise).
    package var shard: ShardRecord?
    /// For a `--merge`d report: the shard reports it combines, by shard (absent otherwise).
    package var mergedFrom: [MergedShard]?

    /// A value with every field given.
    package init(suite: String, renderer: String, family: String, recordMode: RecordMode, passed: Int, failed: Int, recorded: Int,
                 cases: [CaseOutcome], shard: ShardRecord? = nil, mergedFrom: [MergedShard]? = nil) {
        self.suite = suite
        self.renderer = renderer
        self.family = family
        self.recordMode = recordMode
        self.passed = passed
        self.failed = failed
        self.recorded = recorded
        self.cases = cases
        self.shard = shard
        self.mergedFrom = mergedFrom
    }

    /// True when no case failed (cases recorded count as passing, as `shaderfx test` exits 0).
    public var succeeded: Bool { failed == 0 }

    /// Adds `result` to the cases and its status to the counts.
    package mutating func append(_ result: CaseOutcome) {
        switch result.status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .recorded: recorded += 1
        }
        cases.append(result)
    }
}
