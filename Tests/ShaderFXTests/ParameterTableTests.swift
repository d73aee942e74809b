import Testing
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

/// Every option's default as the help prints it, given back as command-line text.
private func helpDefaults(_ options: [EffectParameter]) -> ParameterValues {
    ParameterValues(Dictionary(uniqueKeysWithValues: options.filter { !$0.defaultValue.isEmpty }.map { ($0.name, $0.defaultValue) }))
}

/// The tables: one row per parameter, and the help, the Swift value and the shader agree.
@Suite(.serialized) struct ParameterTableTests {
    static let effects = BuiltInEffects.all.map { $0.name }
    static let transitions = BuiltInTransitions.all.map { $0.name }

    @Test(arguments: effects)
    func theHelpDefaultsRenderExactlyAsTheSwiftDefaults(name: String) throws {
        let type = try #require(BuiltInEffects.named(name))
        let swift = type.init().passes
        let typed = try type.init(values: helpDefaults(type.options)).passes
        #expect(typed == swift, "\(name): the defaults the help prints are not the Swift value's")
        let picture = try BuiltInPicture.pool.draw(width: 48, height: 36, on: TestGPU.get())
        let renderer = try TestGPU.get()
        #expect(try renderer.render(picture, effects: typed) == renderer.render(picture, effects: swift))
        // Every option that can be typed has a default to print, and it reads back.
        for option in type.options where ![.image, .floatList].contains(option.type) {
            #expect(!option.defaultValue.isEmpty, "\(name) --\(option.name) lists no default")
        }
    }

    @Test(arguments: transitions)
    func theHelpDefaultsOfTransitionsAreTheSwiftDefaults(name: String) throws {
        let type = try #require(BuiltInTransitions.named(name))
        let from = try BuiltInPicture.pool.draw(width: 32, height: 24, on: TestGPU.get())
        let typed = try type.init(values: helpDefaults(type.parameters))
        #expect(typed.passes(progress: 0.4, from: from) == type.init().passes(progress: 0.4, from: from))
        #expect(type.parameters.allSatisfy { !$0.defaultValue.isEmpty })
    }

    @Test func eachRowReadsItsOwnValueAndChecksItsRange() throws {
        let ripple = try Ripple(values: ParameterValues(["amplitude": "3", "decay": "2.5", "origin": "7,8"]))
        #expect(ripple.amplitude == 3 && ripple.decay == 2.5 && ripple.origin == SIMD2(7, 8))
        #expect(ripple.frequency == Ripple().frequency && ripple.speed == Ripple().speed)
        #expect(throws: ParameterError(parameter: "speed", reason: "must be between 0.001 and 3.4028235e+38, got 0")) {
            try Ripple(values: ParameterValues(["speed": "0"]))
        }
        #expect(throws: ParameterError(parameter: "bounds", reason: "is the view's size, set automatically; leave it out (got '1')")) {
            try Sinebow(values: ParameterValues(["bounds": "1"]))
        }
        let planes = #expect(throws: ParameterError.self) { try ColorPlanes(values: ParameterValues(["offset": "20000,0"])) }
        #expect(planes?.reason == "each component must be between -10000 and 10000, got '20000,0'")
        #expect(ParameterTableTests.listing(Ripple.self, "speed")?.range == 0.001...3.4028235e+38)
    }

    @Test func theSwiftConveniencesSetTheSameValues() {
        let configured = Ripple { $0.origin = SIMD2(120, 80); $0.time = 0.2 }
        let chained = Ripple().with(\.origin, SIMD2(120, 80)).with(\.time, 0.2)
        #expect(configured.effect == chained.effect)
        #expect(configured.amplitude == 12 && configured.effect.isEnabled)
        #expect(Stripes().with(\.thickness, 10).effect.shader.arguments.first == .float(10))
    }

    @Test func defaultsPrintAsTheyAreTyped() throws {
        #expect(Float(12).commandLineText == "12" && Float(0.05).commandLineText == "0.05" && Float(-1.5).commandLineText == "-1.5")
        #expect(SIMD2<Float>(0.5, 100).commandLineText == "0.5,100")
        #expect(RGBA.named("white").commandLineText == "white")
        #expect(RGBA(r: 0.5, g: 0, b: 1, a: 0.25).commandLineText == "0.5,0,1,0.25")
        #expect([RGBA.named("red"), RGBA(r: 0.5, g: 0, b: 1)].commandLineText == "red;0.5,0,1,1")
        #expect(try RGBA.parseList([RGBA.named("red"), RGBA(r: 0.5, g: 0, b: 1)].commandLineText)
                == [RGBA.named("red"), RGBA(r: 0.5, g: 0, b: 1)])
        #expect(true.commandLineText == "true" && 15.commandLineText == "15")
    }

    @Test func theFamiliesShareOneTableWithTheirOwnNames() throws {
        #expect(SimpleLoupe.parameters.map(\.name) == WarpingLoupe.parameters.map(\.name))
        #expect(SimpleLoupe.function.name == "simpleLoupe" && WarpingLoupe.function.name == "warpingLoupe")
        #expect(CirclesTransition.parameters.map(\.name) == ["circle-size"])
        #expect(DiamondWaveTransition.parameters.map { $0.glsl?.name } == ["diamondSize"])
        #expect(Wave().smoothing == 10 && RelativeWave().smoothing == 20)
        #expect(RainbowNoise.parameters.map(\.name) == ["time"] && Sinebow.parameters.map(\.name) == ["bounds", "time"])
        #expect(InvertAlpha().replacement == RGBA.named("black") && Recolor().replacement == RGBA.named("red"))
    }

    @Test func theCatalogueListsEveryEffectAndTransitionWithItsTable() {
        let catalogue = ShaderCatalogue.builtIn
        #expect(catalogue.effects.map(\.name) == BuiltInEffects.all.map { $0.name })
        #expect(catalogue.transitions.map(\.name) == BuiltInTransitions.all.map { $0.name })
        for (listing, type) in zip(catalogue.effects, BuiltInEffects.all) {
            #expect(listing.kind == type.kind && listing.summary == type.summary)
            #expect(listing.parameters.map(\.name) == type.options.map(\.name), "\(type.name)")
            #expect(listing.parameters.map { $0.default ?? "" } == type.options.map(\.defaultValue), "\(type.name)")
        }
    }

    static func listing(_ type: any BuiltInEffect.Type, _ name: String) -> EffectParameter? {
        type.parameters.first { $0.name == name }
    }
}
