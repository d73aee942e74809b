/// A travelling sine wave moving each column up and down by at most `strength` points: the family
/// of ``Wave`` and ``RelativeWave``.
public struct SineWave<Entry: SineWaveEntry>: SinglePassEffect, FamilyMember {
    public static var motion: EffectMotion<Self> { .time(\.time, duration: nil) }
    public static var table: [ParameterRow<Self>] {
        (Entry.takesBounds ? [.boundingRect()] : []) + [
            .value(\.time, "time", help: "seconds; drives the wave's phase"),
            .value(\.speed, "speed", help: "phase speed in radians per second"),
            .value(\.smoothing, "smoothing", in: 0.001...1_000_000, help: "points per radian along x (wavelength / 2π), > 0"),
            .value(\.strength, "strength", in: -10_000...10_000, help: Entry.strengthHelp),
        ]
    }

    /// Seconds; drives the wave's phase.
    public var time: Float = 0
    /// Phase speed in radians per second.
    public var speed: Float = 5
    /// Points per radian along x (the wavelength is 2π times this), > 0.
    public var smoothing: Float = Entry.defaultSmoothing
    /// Vertical displacement in points (for ``RelativeWave``, at the right edge).
    public var strength: Float = 5

    /// The wave with the catalogue's defaults.
    public init() {}

    /// The samples move only vertically, by at most |strength| points (within the frame a
    /// relative wave's uv.x <= 1): (0, |strength|).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(0, abs(strength)) }
}

/// A member of the ``SineWave`` family.
public protocol SineWaveEntry: FamilyEntry {
    /// Whether the GLSL function takes the view's bounding rect first (the relative wave scales by the width).
    static var takesBounds: Bool { get }
    /// Points per radian along x when none is given.
    static var defaultSmoothing: Float { get }
    /// What the strength does.
    static var strengthHelp: String { get }
}

/// A travelling sine wave moving every column up and down (Inferno's `wave`).
///
/// SwiftUI: `.distortionEffect(ShaderLibrary.wave(.float(time), .float(5), .float(10), .float(5)),
/// maxSampleOffset: CGSize(width: 0, height: 5))`.
public typealias Wave = SineWave<WaveEntry>

/// ``Wave``'s names and default smoothing.
public enum WaveEntry: SineWaveEntry {
    public static let entry = CatalogueEntry(
        "wave", .distortion, shader: .distortionWave,
        summary: "a travelling sine wave that moves each column of the picture up and down",
        origin: "Inferno (twostraws/Inferno, MIT): wave, reimplemented from its description")
    public static let takesBounds = false
    public static let defaultSmoothing: Float = 10
    public static let strengthHelp = "largest vertical displacement in points; the maxSampleOffset"
}

/// The wave of ``Wave``, still at the left edge and full strength at the right edge
/// (Inferno's `relativeWave`).
///
/// SwiftUI: `.distortionEffect(ShaderLibrary.relativeWave(.boundingRect, .float(time), .float(5),
/// .float(20), .float(5)), maxSampleOffset: CGSize(width: 0, height: 5))`.
public typealias RelativeWave = SineWave<RelativeWaveEntry>

/// ``RelativeWave``'s names and default smoothing.
public enum RelativeWaveEntry: SineWaveEntry {
    public static let entry = CatalogueEntry(
        "relative-wave", .distortion, shader: .distortionRelativeWave,
        summary: "a sine wave that grows from still at the left edge to full strength at the right",
        origin: "Inferno (twostraws/Inferno, MIT): relativeWave, reimplemented from its description")
    public static let takesBounds = true
    public static let defaultSmoothing: Float = 20
    public static let strengthHelp = "vertical displacement at the right edge in points; the maxSampleOffset"
}
