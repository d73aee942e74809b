import ShaderFXCore
import Foundation

/// A problem with a golden suite or one of its cases: which file, where in its JSON, what is
/// wrong (the one JSON error type, `JSONError`).
package typealias SuiteError = JSONError

/// Why a golden suite cannot run, or its report cannot be written where asked: what happened,
/// as values. `description` says it in the library's words (the options of `GoldenSuite.RunOptions`);
/// `shaderfx test` words each case with its own options.
public enum GoldenSuiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The suite folder holds no `<case>.json` file.
    case noCases(suite: String)
    /// The report folder's path is a file, not a folder.
    case reportFolderIsAFile(path: String)
    /// The report folder holds other files and no earlier report (report.json); preparing it
    /// would mix the report with them.
    case reportFolderOccupied(path: String)

    public var description: String {
        switch self {
        case let .noCases(suite):
            return "\(suite): no cases: a suite is a folder of <case>.json files"
        case let .reportFolderIsAFile(path):
            return "\(path): the report folder is a file; give a folder (RunOptions.reportFolder)"
        case let .reportFolderOccupied(path):
            return "\(path): the report folder holds other files and no report.json; give an empty or new folder (RunOptions.reportFolder)"
        }
    }
}
