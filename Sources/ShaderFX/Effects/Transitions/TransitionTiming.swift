/// The timing curves a transition sequence can follow, SwiftUI's named animation curves.
public enum TransitionCurve: String, Sendable, CaseIterable {
    /// Constant speed: cubic Bézier (0, 0), (1, 1).
    case linear
    /// Starts slowly: cubic Bézier (0.42, 0), (1, 1).
    case easeIn
    /// Ends slowly: cubic Bézier (0, 0), (0.58, 1).
    case easeOut
    /// Slow at both ends: cubic Bézier (0.42, 0), (0.58, 1).
    case easeInOut

    /// The curve as a `UnitCurve`.
    public var unitCurve: UnitCurve {
        switch self {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInOut
        }
    }
}

/// The frames of a transition played over `duration` seconds at `fps` frames per second.
///
/// Frame k is at time k / fps; there are round(duration * fps) + 1 frames (at least 2), so
/// the first is at progress 0 and the last at progress 1 exactly:
/// progress(k) = curve(k / (frameCount - 1)).
public struct TransitionTiming: Sendable, Equatable {
    /// Seconds from the first frame to the last.
    public var duration: Double
    /// Frames per second.
    public var fps: Double
    /// How progress follows time.
    public var curve: UnitCurve

    /// A timing.
    /// - Parameters:
    ///   - duration: seconds, > 0.
    ///   - fps: frames per second, > 0.
    ///   - curve: the timing curve (default ease-in-out).
    public init(duration: Double, fps: Double, curve: UnitCurve = .easeInOut) {
        precondition(duration > 0 && fps > 0, "duration and fps are positive")
        self.duration = duration
        self.fps = fps
        self.curve = curve
    }

    /// How many frames the sequence has, first and last included.
    public var frameCount: Int { max(2, Int((duration * fps).rounded())) }

    /// The time of frame `k` in seconds.
    public func time(ofFrame k: Int) -> Double { Double(k) / fps }

    /// The transition's progress at frame `k`: 0 for the first frame, 1 for the last.
    public func progress(ofFrame k: Int) -> Float {
        Float(curve.value(at: Double(k) / Double(frameCount - 1)))
    }
}
