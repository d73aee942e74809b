import Foundation
import ShaderFXUI

// The examples' `Date()` in this target is the run's clock, as a view file's is: the frame's time
// while a body is built, the touch's while a gesture's handler runs (`ViewClock`). These two
// functions shadow Foundation's initialisers for the files of this target only, so the seeds'
// code (`RippleStore`'s `Date().timeIntervalSince(start)`) runs unchanged and reproducibly.

/// The run's date now.
func Date() -> Foundation.Date { ViewClock.now }

/// A fixed date, as Foundation's initialiser gives it.
func Date(timeIntervalSinceReferenceDate interval: TimeInterval) -> Foundation.Date {
    Foundation.Date(timeIntervalSinceReferenceDate: interval)
}
