import Foundation
import Testing

/// The sanitizer the tests run under, from SHADERFX_SANITIZER (`make sanitize` sets it to
/// `address` or `thread`); nil in an ordinary run.
public let activeSanitizer: String? = {
    let name = ProcessInfo.processInfo.environment["SHADERFX_SANITIZER"] ?? ""
    return name.isEmpty ? nil : name
}()

/// Skips a test under any sanitizer, saying why (`make sanitize` prints the reason): for a
/// test that a sanitizer's own cost breaks, never for one whose report it would silence.
public func skippedUnderSanitizer(_ reason: Comment, sourceLocation: SourceLocation = #_sourceLocation) -> ConditionTrait {
    .disabled(if: activeSanitizer != nil, "under \(activeSanitizer ?? "a sanitizer"): \(reason)", sourceLocation: sourceLocation)
}
