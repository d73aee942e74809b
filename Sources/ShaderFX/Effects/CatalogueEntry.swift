/// What the catalogue says of a built-in effect or transition: its command-line name, kind,
/// shader file, summary and origin, in one declaration.
public struct CatalogueEntry: Sendable, Equatable {
    /// The command-line name, kebab-case (`ripple`).
    public var name: String
    /// The effect kind of the shader.
    public var kind: EffectKind
    /// The embedded shader file (a generated constant, so a misspelt file does not compile).
    let shader: EmbeddedShaderFile
    /// The shader file below `Shaders/`, without extension (`Layer/ripple`).
    public var shaderFile: String { shader.path }
    /// One line saying what it does.
    public var summary: String
    /// Where it comes from (seed, public effect).
    public var origin: String

    /// An entry.
    init(_ name: String, _ kind: EffectKind, shader: EmbeddedShaderFile, summary: String, origin: String) {
        self.name = name
        self.kind = kind
        self.shader = shader
        self.summary = summary
        self.origin = origin
    }

    /// The entry of a transition reimplemented from Inferno, whose function is named as its file.
    static func transition(_ name: String, _ kind: EffectKind, shader: EmbeddedShaderFile, summary: String) -> CatalogueEntry {
        let function = shader.path.split(separator: "/").last.map(String.init) ?? shader.path
        return CatalogueEntry(name, kind, shader: shader, summary: summary,
                              origin: "Inferno's \(function) transition (MIT), reimplemented from its description")
    }
}

/// What tells apart the members of a family of built-in effects or transitions that share their
/// parameters and logic (the two loupes, the grid transitions, the time-only colour effects):
/// their catalogue entry, and what the family asks of each member. The family is one generic
/// type; each member is a typealias of it.
public protocol FamilyEntry: Sendable {
    /// The member's name, kind, shader file, summary and origin.
    static var entry: CatalogueEntry { get }
}

/// A built-in effect or transition that is one member of a generic family.
public protocol FamilyMember: BuiltInShader {
    /// The member's entry.
    associatedtype Entry: FamilyEntry
}

extension FamilyMember {
    public static var entry: CatalogueEntry { Entry.entry }
}
