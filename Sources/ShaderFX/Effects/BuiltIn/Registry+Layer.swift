extension BuiltInEffects {
    /// The layer effects of the effect library, in the order `shaderfx effects` lists them.
    static let layerEffects: [any BuiltInEffect.Type] = [
        Bubble.self, ColorPlanes.self, Emboss.self, SimpleLoupe.self, WarpingLoupe.self, VariableBlur.self,
    ]
}
