extension BuiltInEffects {
    /// The distortion effects of the effect library, in the order `shaderfx effects` lists them.
    static let distortionEffects: [any BuiltInEffect.Type] = [Wave.self, RelativeWave.self, Water.self]
}
