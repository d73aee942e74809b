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
package struct FrameOutcome: Codable {
    package enum Status: String, Codable {
        case passed, failed, recorded
    }

    /// `t0.05` or `still`.
    package var name: String
    /// Seconds, or nil for `still`.
    package var time: Double?
    package var status: Status
    /// What went wrong or what was done, for people; empty for a plain pass.
    package var message: String
    /// The reference compared against or recorded, relative to the suite folder.
    package var reference: String?
    /// `family` or `common`: which reference was used or recorded.
    package var referenceKind: String?
    /// The tolerance used.
    package var tolerance: ComparisonOptions?
    /// The comparison, when one was made with images of one size.
    package var comparison: ComparisonReport?
    /// Report images relative to the report folder: `expected`, `actual`, `diff` (when made).
    package var images: [String: String]

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
package struct CaseOutcome: Codable {
    package enum Status: String, Codable {
        case passed, failed, recorded
    }

    package var name: String
    /// The case file, as the suite path was given.
    package var file: String
    package var description: String?
    /// The effect or function name.
    package var effect: String
    package var status: Status
    /// Why the case failed as a whole (a shader that does not compile), or empty.
    package var message: String
    package var frames: [FrameOutcome]

    /// The largest colour delta of any compared frame.
    package var worstDelta: Double? { frames.compactMap { $0.comparison?.maxDelta }.max() }
    /// The lowest PSNR of any compared frame.
    package var worstPSNR: Double? { frames.compactMap { $0.comparison?.psnr }.min() }

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

/// The whole run, as the JSON report holds it.
package struct SuiteOutcome: Codable {
    /// The suite folder, as given.
    package var suite: String
    /// `GL_RENDERER` and the backend.
    package var renderer: String
    /// The renderer family whose references were looked for first.
    package var family: String
    package var recordMode: RecordMode
    package var passed: Int
    package var failed: Int
    package var recorded: Int
    package var cases: [CaseOutcome]
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
