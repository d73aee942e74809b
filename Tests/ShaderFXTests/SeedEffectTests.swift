import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

/// The seed 000 Ripple.metal formula, computed on the CPU in Double, returning the sample
/// position and the brightening it asks for.
func seedRipple(position: SIMD2<Double>, origin: SIMD2<Double>, time: Double, amplitude: Double,
                frequency: Double, decay: Double, speed: Double) -> (source: SIMD2<Double>, light: Double) {
    let offset = position - origin
    let distance = (offset * offset).sum().squareRoot()
    let delay = distance / speed
    let t = max(0, time - delay)
    let rippleAmount = amplitude * sin(frequency * t) * exp(-decay * t)
    let n = distance > 0 ? offset / distance : .zero
    return (position + rippleAmount * n, 0.3 * (rippleAmount / amplitude))
}

@Suite(.serialized) struct SeedEffectTests {
    @Test(arguments: [0.02, 0.05, 0.12, 0.4])
    func rippleMatchesTheSeedFormula(time: Double) throws {
        let image = try BuiltInPicture.pool.draw(width: 120, height: 90, on: TestGPU.get())
        let ripple = Ripple().with(\.origin, SIMD2(50, 40)).with(\.time, Float(time))
        let out = try TestGPU.get().render(image, effects: [ripple.effect])
        let layer = cpuLayer(image, margin: 12, scale: 1)
        var worst: Float = 0
        var changed = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                let (source, light) = seedRipple(position: p, origin: SIMD2(50, 40), time: time, amplitude: 12,
                                                 frequency: 15, decay: 8, speed: 1200)
                var expected = cpuSampleLayer(layer, margin: 12, scale: 1, SIMD2(Float(source.x), Float(source.y)))
                let add = Float(light) * expected.w
                expected += SIMD4(add, add, add, 0)
                worst = max(worst, distance(out[x, y], expected))
                if distance(out[x, y], image[x, y]) > 1.0 / 255 { changed += 1 }
            }
        }
        // Bilinear weights on a GPU are quantised (llvmpipe: 8 bits), hence the small tolerance.
        #expect(worst < 4e-3, "largest difference from the seed formula: \(worst)")
        #expect(changed > image.width * image.height / 10, "the ripple should bend much of the picture at t=\(time)")
    }

    @Test(arguments: [0.0, 3.0, 4.5, -1.0])
    func rippleIsDisabledOutsideItsDuration(time: Float) throws {
        let image = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let ripple = Ripple().with(\.origin, SIMD2(20, 20)).with(\.time, time)
        #expect(!ripple.effect.isEnabled)
        #expect(try TestGPU.get().render(image, effects: [ripple.effect]) == image)
    }

    @Test func rippleMaxSampleOffsetIsItsAmplitude() {
        #expect(Ripple().with(\.amplitude, 12).effect.maxSampleOffset == SIMD2(12, 12))
        #expect(Ripple().with(\.amplitude, -7).effect.maxSampleOffset == SIMD2(7, 7))
    }

    @Test func stripesMatchTheSeedFormula() throws {
        let image = try BuiltInPicture.circle.draw(width: 100, height: 140, on: TestGPU.get())
        let stripes = Stripes().with(\.thickness, 20)
        let out = try TestGPU.get().render(image, effects: [stripes.effect])
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Seed: i = floor(y / thickness), wrapped into 0 ..< count; colour times coverage.
                var i = Int(floor((Double(y) + 0.5) / 20))
                i = ((i % 6) + 6) % 6
                let expected = stripes.colors[i].premultiplied * image[x, y].w
                #expect(distance(out[x, y], expected) < 1e-6, "pixel \(x),\(y)")
            }
        }
    }

    @Test func stripesWrapNegativePositions() throws {
        // A layer effect that asks stripes-like maths at negative y must still pick a colour:
        // check through a fill on a picture shifted by a distortion into the negative region.
        let library = ShaderLibrary(source: (BuiltInEffects.library(for: "Fill/stripes").source) + """

            vec4 probe(vec2 position, ColorArray colors) { return stripes(position - vec2(0.0, 200.0), 20.0, colors); }
            """)
        let colors = [RGBA(r: 1, g: 0, b: 0), RGBA(r: 0, g: 1, b: 0), RGBA(r: 0, g: 0, b: 1)]
        let image = RGBAImage(width: 1, height: 60, fill: SIMD4(1, 1, 1, 1))
        let out = try TestGPU.get().render(image, effects: [.fill(library.probe(.colorArray(colors)))])
        for y in 0..<60 {
            // y - 200 in [-200, -140): stripe floor((y + 0.5 - 200) / 20), wrapped mod 3.
            let i = Int(floor((Double(y) + 0.5 - 200) / 20))
            let wrapped = ((i % 3) + 3) % 3
            #expect(out[0, y] == colors[wrapped].premultiplied, "row \(y)")
        }
    }

    @Test(arguments: BuiltInEffects.all.map { $0.name })
    func swiftParametersAgreeWithTheGLSLSignature(name: String) throws {
        let type = try #require(BuiltInEffects.named(name))
        let signature = try type.function.signature()
        try signature.validate(as: type.kind, file: type.shaderFile)
        let arguments = signature.arguments(for: type.kind)
        // The table, in order, against the GLSL signature: every argument after the kind's leading
        // ones is fed by exactly one row (the `vec4 bounds` row by `.boundingRect`).
        func isBounds(_ parameter: ShaderParameter) -> Bool { parameter.type == .vec4 && parameter.name == "bounds" }
        let glsl = arguments.map { "\($0.type.rawValue) \($0.name)" }
        let swift = type.parameters.compactMap { $0.glsl }.map { "\($0.type.rawValue) \($0.name)" }
        #expect(glsl == swift)
        // And every pass built from defaults has arguments of the right kinds, in order.
        let passes = try type.init(values: ParameterValues()).passes
        for pass in passes.dropFirst() { #expect(pass.shader.arguments == passes[0].shader.arguments) }
        let effect = passes[0]
        #expect(effect.kind == type.kind)
        try #require(effect.shader.arguments.count == arguments.count)
        for (index, parameter) in arguments.enumerated() {
            #expect(effect.shader.arguments[index].fits(parameter.type), "argument \(index) for \(parameter.name)")
            #expect(isBounds(parameter) == (effect.shader.arguments[index] == .boundingRect),
                    "only `vec4 bounds` takes .boundingRect (argument \(index), \(parameter.name))")
        }
    }
}

@Suite(.serialized) struct SeedReferenceTests {
    @Test(arguments: [0.05, 0.15, 0.3])
    func rippleOverThePoolFloor(time: Float) throws {
        let image = try BuiltInPicture.pool.draw(width: 240, height: 180, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [Ripple().with(\.origin, SIMD2(120, 90)).with(\.time, time).effect])
        try expectImage(out, matches: "Seeds/ripple-t\(time)")
    }

    @Test func rippleAtScaleTwo() throws {
        let image = try BuiltInPicture.pool.draw(width: 120, height: 90, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [Ripple().with(\.origin, SIMD2(40, 30)).with(\.time, 0.05).effect], scale: 2)
        try expectImage(out, matches: "Seeds/ripple-t0.05@2x")
    }

    @Test func stripesFillADisc() throws {
        let image = try BuiltInPicture.circle.draw(width: 160, height: 160, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [Stripes().effect])
        try expectImage(out, matches: "Seeds/stripes")
    }
}
