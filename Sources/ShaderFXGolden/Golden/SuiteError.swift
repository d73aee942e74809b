import ShaderFXCore
import Foundation

/// A problem with a golden suite or one of its cases: which file, where in its JSON, what is
/// wrong (the one JSON error type, `JSONError`).
package typealias SuiteError = JSONError
