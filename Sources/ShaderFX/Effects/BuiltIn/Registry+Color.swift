extension BuiltInEffects {
    /// The color effects of the effect library, in the order `shaderfx effects` lists them.
    static let colorEffects: [any BuiltInEffect.Type] = []
}
