/// A colour effect without parameters: the family of ``GradientFill``, ``Infrared`` and
/// ``Passthrough``. SwiftUI: `.colorEffect(ShaderLibrary.infrared())`.
public struct PlainColorEffect<Entry: FamilyEntry>: SinglePassEffect, FamilyMember {
    public static var table: [ParameterRow<Self>] { [] }

    /// The effect (it has no parameters).
    public init() {}
}

/// A red-to-blue gradient split along the diagonal: (x / y, 0, y / x) from the raw coordinates.
public typealias GradientFill = PlainColorEffect<GradientFillEntry>

/// ``GradientFill``'s names.
public enum GradientFillEntry: FamilyEntry {
    public static let entry = CatalogueEntry(
        "gradient-fill", .color, shader: .colorGradientFill,
        summary: "fills the view with a red-blue gradient, (x/y, 0, y/x) of the coordinates",
        origin: "reimplements Inferno's gradientFill (MIT) from its description")
}

/// A thermal-camera look: luminance mapped from blue through yellow to red.
public typealias Infrared = PlainColorEffect<InfraredEntry>

/// ``Infrared``'s names.
public enum InfraredEntry: FamilyEntry {
    public static let entry = CatalogueEntry(
        "infrared", .color, shader: .colorInfrared,
        summary: "a thermal-camera look: dark blue, mid-tones yellow, bright red",
        origin: "reimplements Inferno's infrared (MIT) from its description")
}

/// The identity colour effect: every pixel keeps its colour.
public typealias Passthrough = PlainColorEffect<PassthroughEntry>

/// ``Passthrough``'s names.
public enum PassthroughEntry: FamilyEntry {
    public static let entry = CatalogueEntry(
        "passthrough", .color, shader: .colorPassthrough,
        summary: "leaves every pixel as it is (the identity)",
        origin: "reimplements Inferno's passthrough (MIT) from its description")
}
