/// What tells apart the members of a family of built-in effects or transitions that share their
/// parameters and logic (the two loupes, the grid transitions, the time-only colour effects):
/// their names and words. The family is one generic type; each member is a typealias of it.
public protocol CatalogueEntry: Sendable {
    /// The command-line name, kebab-case.
    static var name: String { get }
    /// One line saying what it does.
    static var summary: String { get }
    /// The shader file below `Shaders/`, without extension.
    static var shaderFile: String { get }
}

/// A member of a family of effects: also says where it comes from.
public protocol EffectEntry: CatalogueEntry {
    /// Where the effect comes from.
    static var origin: String { get }
}

/// A built-in effect or transition that is one member of a generic family: its name, summary,
/// shader file (and an effect's origin) come from its `Entry`.
public protocol FamilyMember: BuiltInShader {
    /// The member's names and words.
    associatedtype Entry: CatalogueEntry
}

extension FamilyMember {
    public static var name: String { Entry.name }
    public static var summary: String { Entry.summary }
    public static var shaderFile: String { Entry.shaderFile }
}

extension FamilyMember where Entry: EffectEntry {
    public static var origin: String { Entry.origin }
}
