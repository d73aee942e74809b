extension BuiltInEffects {
    /// The color effects of the effect library, in the order `shaderfx effects` lists them.
    static let colorEffects: [any BuiltInEffect.Type] = [
        AnimatedGradientFill.self, Checkerboard.self, CircleWave.self, GradientFill.self, Infrared.self,
        Interlace.self, InvertAlpha.self, Passthrough.self, RainbowNoise.self, Recolor.self, Shimmer.self,
        WhiteNoise.self, LightGrid.self, Sinebow.self,
    ]
}
