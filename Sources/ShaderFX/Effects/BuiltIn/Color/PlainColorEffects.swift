/// A colour effect without parameters: the family of ``GradientFill``, ``Infrared`` and
/// ``Passthrough``. SwiftUI: `.colorEffect(ShaderLibrary.infrared())`.
public struct PlainColorEffect<Entry: EffectEntry>: SinglePassEffect, FamilyMember {
    public static var kind: EffectKind { .color }
    public static var table: [ParameterRow<Self>] { [] }

    /// The effect (it has no parameters).
    public init() {}
}

/// A red-to-blue gradient split along the diagonal: (x / y, 0, y / x) from the raw coordinates.
public typealias GradientFill = PlainColorEffect<GradientFillEntry>

/// ``GradientFill``'s names.
public enum GradientFillEntry: EffectEntry {
    public static let name = "gradient-fill"
    public static let summary = "fills the view with a red-blue gradient, (x/y, 0, y/x) of the coordinates"
    public static let origin = "reimplements Inferno's gradientFill (MIT) from its description"
    public static let shaderFile = "Color/gradientFill"
}

/// A thermal-camera look: luminance mapped from blue through yellow to red.
public typealias Infrared = PlainColorEffect<InfraredEntry>

/// ``Infrared``'s names.
public enum InfraredEntry: EffectEntry {
    public static let name = "infrared"
    public static let summary = "a thermal-camera look: dark blue, mid-tones yellow, bright red"
    public static let origin = "reimplements Inferno's infrared (MIT) from its description"
    public static let shaderFile = "Color/infrared"
}

/// The identity colour effect: every pixel keeps its colour.
public typealias Passthrough = PlainColorEffect<PassthroughEntry>

/// ``Passthrough``'s names.
public enum PassthroughEntry: EffectEntry {
    public static let name = "passthrough"
    public static let summary = "leaves every pixel as it is (the identity)"
    public static let origin = "reimplements Inferno's passthrough (MIT) from its description"
    public static let shaderFile = "Color/passthrough"
}
