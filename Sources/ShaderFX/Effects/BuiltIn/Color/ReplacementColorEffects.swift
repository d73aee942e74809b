/// A colour effect whose only parameter is one colour, `replacement`: the family of
/// ``InvertAlpha`` and ``Recolor``. SwiftUI: `.colorEffect(ShaderLibrary.recolor(.color(replacement)))`.
public struct ReplacementColorEffect<Entry: ReplacementColorEntry>: SinglePassEffect, FamilyMember {
    public static var table: [ParameterRow<Self>] { [.value(\.replacement, "replacement", help: Entry.replacementHelp)] }

    /// The colour (straight alpha; passed premultiplied).
    public var replacement: RGBA = Entry.defaultReplacement

    /// The effect with its entry's colour.
    public init() {}
}

/// A member of the ``ReplacementColorEffect`` family.
public protocol ReplacementColorEntry: FamilyEntry {
    /// The colour when none is given.
    static var defaultReplacement: RGBA { get }
    /// What the colour does.
    static var replacementHelp: String { get }
}

/// Fills where the view is transparent and clears where it is opaque: replacement * (1 - alpha).
public typealias InvertAlpha = ReplacementColorEffect<InvertAlphaEntry>

/// ``InvertAlpha``'s names and default colour, black.
public enum InvertAlphaEntry: ReplacementColorEntry {
    public static let entry = CatalogueEntry(
        "invert-alpha", .color, shader: .colorInvertAlpha,
        summary: "fills the transparent part of the view with a colour and clears the rest",
        origin: "reimplements Inferno's invertAlpha (MIT) from its description")
    public static let defaultReplacement = RGBA.named("black")
    public static let replacementHelp = "the colour of the filled area"
}

/// Paints the view in one colour, keeping its shape and anti-aliased edges: replacement * alpha.
public typealias Recolor = ReplacementColorEffect<RecolorEntry>

/// ``Recolor``'s names and default colour, SwiftUI's red.
public enum RecolorEntry: ReplacementColorEntry {
    public static let entry = CatalogueEntry(
        "recolor", .color, shader: .colorRecolor,
        summary: "paints the view in one colour, keeping its shape and edges",
        origin: "reimplements Inferno's recolor (MIT) from its description")
    public static let defaultReplacement = RGBA.named("red")
    public static let replacementHelp = "the new colour; its alpha multiplies the view's"
}
