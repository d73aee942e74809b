import Foundation

/// The sanitizer the tests run under, from SHADERFX_SANITIZER (`make sanitize` sets it to
/// `address` or `thread`); nil in an ordinary run. Tests whose checks a sanitizer's own cost
/// breaks (an address-space cap, a peak-memory bound) relax those checks only, never skip a run.
public let activeSanitizer: String? = {
    let name = ProcessInfo.processInfo.environment["SHADERFX_SANITIZER"] ?? ""
    return name.isEmpty ? nil : name
}()
