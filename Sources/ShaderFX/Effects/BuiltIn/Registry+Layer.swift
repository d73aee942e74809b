extension BuiltInEffects {
    /// The layer effects of the effect library, in the order `shaderfx effects` lists them.
    static let layerEffects: [any BuiltInEffect.Type] = []
}
