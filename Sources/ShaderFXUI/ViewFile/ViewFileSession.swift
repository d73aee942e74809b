import Foundation

/// What one run of a view file keeps between its evaluations (the frames of `animate`, and the
/// evaluations a gesture is delivered to): each view's `@State`, with the objects held in it.
///
/// SwiftUI keeps state by a view's place in the tree. A view file is evaluated anew each time,
/// so state is kept by the view's type, the place in the file that makes it, and how many such
/// views that place has made in the pass (the rows of a `ForEach`): the same view in the same
/// place finds its state again. A top-level `let` is evaluated again each time; objects that
/// must last belong in `@State`.
package final class ViewFileSession: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [String: SharedFields] = [:]

    package init() {}

    /// The state kept under `key`, made by `make` the first time.
    func state(_ key: String, make: () -> SharedFields) -> SharedFields {
        lock.lock()
        defer { lock.unlock() }
        if let kept = states[key] { return kept }
        let made = make()
        states[key] = made
        return made
    }

    /// Every view's state the run keeps, for the scopes its closures need (`ScopeRegistry`).
    func keptStates() -> [SharedFields] {
        lock.lock()
        defer { lock.unlock() }
        return Array(states.values)
    }

    /// How many views' state the run keeps.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return states.count
    }
}
