import Foundation
import ShaderFX

/// How `shaderfx test` treats references, as snapshot-testing tools do.
enum RecordMode: String, CaseIterable, Codable {
    /// Re-record every frame; nothing is compared.
    case all
    /// Compare; re-record the frames that fail (and record missing ones).
    case failed
    /// Compare; record the frames that have no reference yet (a developer's default).
    case missing
    /// Compare only; a missing reference fails (the default when CI is set).
    case never

    /// `missing` on a developer's machine, `never` when the `CI` variable is set (to anything but
    /// empty, `0` or `false`).
    static func `default`(environment: [String: String]) -> RecordMode {
        let ci = (environment["CI"] ?? "").lowercased()
        return ci.isEmpty || ci == "0" || ci == "false" ? .missing : .never
    }
}

/// The renderer families references are kept for, from `GL_RENDERER`.
enum RendererFamily {
    /// `llvmpipe`, `nvidia`, `intel`, `amd`, or `other`.
    static func of(renderer: String) -> String {
        let text = renderer.lowercased()
        if text.contains("llvmpipe") { return "llvmpipe" }
        if text.contains("nvidia") || text.contains("geforce") || text.contains("quadro") { return "nvidia" }
        if text.contains("intel") { return "intel" }
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        if words.contains("amd") || text.contains("radeon") { return "amd" }
        return "other"
    }

    /// Whether `name` can be a family folder's name: lowercase letters, digits, `-` and `_`.
    static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }
}

/// What happened to one frame of a case.
struct FrameOutcome: Codable {
    enum Status: String, Codable {
        case passed, failed, recorded
    }

    /// `t0.05` or `still`.
    var name: String
    /// Seconds, or nil for `still`.
    var time: Double?
    var status: Status
    /// What went wrong or what was done, for people; empty for a plain pass.
    var message: String
    /// The reference compared against or recorded, relative to the suite folder.
    var reference: String?
    /// `family` or `common`: which reference was used or recorded.
    var referenceKind: String?
    /// The tolerance used.
    var tolerance: ComparisonOptions?
    /// The comparison, when one was made with images of one size.
    var comparison: ComparisonReport?
    /// Report images relative to the report folder: `expected`, `actual`, `diff` (when made).
    var images: [String: String]
}

/// What happened to one case.
struct CaseOutcome: Codable {
    enum Status: String, Codable {
        case passed, failed, recorded
    }

    var name: String
    /// The case file, as the suite path was given.
    var file: String
    var description: String?
    /// The effect or function name.
    var effect: String
    var status: Status
    /// Why the case failed as a whole (a shader that does not compile), or empty.
    var message: String
    var frames: [FrameOutcome]

    /// The largest colour delta of any compared frame.
    var worstDelta: Double? { frames.compactMap { $0.comparison?.maxDelta }.max() }
    /// The lowest PSNR of any compared frame.
    var worstPSNR: Double? { frames.compactMap { $0.comparison?.psnr }.min() }
}

/// The whole run, as the JSON report holds it.
struct SuiteOutcome: Codable {
    /// The suite folder, as given.
    var suite: String
    /// `GL_RENDERER` and the backend.
    var renderer: String
    /// The renderer family whose references were looked for first.
    var family: String
    var recordMode: RecordMode
    var passed: Int
    var failed: Int
    var recorded: Int
    var cases: [CaseOutcome]
}
