extension BuiltInEffects {
    /// The seed effects beyond stripes and ripple (ripple-wave, ripple-refraction, background-warp, blur).
    static let moreSeedEffects: [any BuiltInEffect.Type] = [
        RippleWave.self, RippleRefraction.self, BackgroundWarp.self, Blur.self,
    ]
}
