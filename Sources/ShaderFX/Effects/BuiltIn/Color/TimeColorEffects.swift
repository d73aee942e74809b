/// A colour effect whose only parameter is the time (and, for some, the view's bounding rect):
/// the family of ``AnimatedGradientFill``, ``RainbowNoise``, ``Sinebow`` and ``WhiteNoise``.
///
/// SwiftUI: `.colorEffect(ShaderLibrary.sinebow(.boundingRect, .float(time)))`, or without
/// `.boundingRect` for the noises.
public struct TimeColorEffect<Entry: TimeColorEntry>: SinglePassEffect, FamilyMember {
    public static var motion: EffectMotion<Self> { .time(\.time, duration: nil) }
    public static var table: [ParameterRow<Self>] {
        (Entry.takesBounds ? [.boundingRect()] : []) + [.value(\.time, "time", help: Entry.timeHelp)]
    }

    /// Seconds since the start.
    public var time: Float = 0

    /// The effect at time 0.
    public init() {}
}

/// A member of the ``TimeColorEffect`` family.
public protocol TimeColorEntry: FamilyEntry {
    /// Whether the GLSL function takes the view's bounding rect before the time.
    static var takesBounds: Bool { get }
    /// What the time does.
    static var timeHelp: String { get }
}

/// A rainbow turning around the middle of the view: the angle around the centre plus time
/// drives three phase-shifted |sin| channels.
public typealias AnimatedGradientFill = TimeColorEffect<AnimatedGradientFillEntry>

/// ``AnimatedGradientFill``'s names.
public enum AnimatedGradientFillEntry: TimeColorEntry {
    public static let entry = CatalogueEntry(
        "animated-gradient-fill", .color, shader: .colorAnimatedGradientFill,
        summary: "fills the view with a rainbow that turns around its centre",
        origin: "reimplements Inferno's animatedGradientFill (MIT) from its description")
    public static let takesBounds = true
    public static let timeHelp = "seconds; the colours turn one radian per second"
}

/// Coloured static: every pixel an independent random colour, new for every time value (the
/// noise stays clean at any time).
public typealias RainbowNoise = TimeColorEffect<RainbowNoiseEntry>

/// ``RainbowNoise``'s names.
public enum RainbowNoiseEntry: TimeColorEntry {
    public static let entry = CatalogueEntry(
        "rainbow-noise", .color, shader: .colorRainbowNoise,
        summary: "coloured static, a new random colour per pixel for every moment",
        origin: "reimplements Inferno's rainbowNoise (MIT) from its description")
    public static let takesBounds = false
    public static let timeHelp = "seconds; every distinct value gives new noise"
}

/// Ten glowing sine waves in rainbow colours weaving across the view.
public typealias Sinebow = TimeColorEffect<SinebowEntry>

/// ``Sinebow``'s names.
public enum SinebowEntry: TimeColorEntry {
    public static let entry = CatalogueEntry(
        "sinebow", .color, shader: .colorSinebow,
        summary: "ten glowing rainbow sine waves weaving across the view",
        origin: "reimplements Inferno's sinebow (MIT) from its description")
    public static let takesBounds = true
    public static let timeHelp = "seconds; the waves drift at different speeds"
}

/// Grey static: every pixel an independent random brightness, new for every time value.
public typealias WhiteNoise = TimeColorEffect<WhiteNoiseEntry>

/// ``WhiteNoise``'s names.
public enum WhiteNoiseEntry: TimeColorEntry {
    public static let entry = CatalogueEntry(
        "white-noise", .color, shader: .colorWhiteNoise,
        summary: "grey static, a new random grey per pixel for every moment",
        origin: "reimplements Inferno's whiteNoise (MIT) from its description")
    public static let takesBounds = false
    public static let timeHelp = "seconds; every distinct value gives new noise"
}
