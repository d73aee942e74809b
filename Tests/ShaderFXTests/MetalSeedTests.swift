import Foundation
import Testing
@testable import ShaderFX
import ShaderFXUI

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The largest difference allowed between two renders: one 8-bit level (and float noise).
let oneLevel: Float = 1.0 / 255 + 1e-5

/// The largest per-channel difference between two images and where it is, premultiplied.
func worstDifference(_ a: RGBAImage, _ b: RGBAImage) -> (difference: Float, x: Int, y: Int) {
    precondition(a.width == b.width && a.height == b.height)
    var worst: (difference: Float, x: Int, y: Int) = (0, 0, 0)
    for y in 0..<a.height {
        for x in 0..<a.width {
            let d = distance(a[x, y], b[x, y])
            if !(d <= worst.difference) { worst = (d.isNaN ? .infinity : d, x, y) }
        }
    }
    return worst
}

/// The seeds' Metal shaders (examples/metal), run through the translator, against the built-in
/// GLSL effects ported from the same seeds: within one 8-bit level at every pixel.
@Suite(.serialized) struct MetalSeedTests {
    /// One `.metal` file of examples/metal as a library.
    static func seed(_ file: String) throws -> ShaderLibrary {
        try ShaderLibrary(contentsOf: repositoryRoot.appendingPathComponent("examples/metal/\(file)").path)
    }

    /// Renders `builtIn` and the same effect with `metal`'s function and arguments (same kind,
    /// maxSampleOffset and isEnabled) over `picture`, and compares.
    func expectSame(_ builtIn: Effect, _ metal: Shader, over picture: RGBAImage, scale: Int = 1, allowed: Float? = nil,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        var translated = builtIn
        translated.shader = metal
        let renderer = try TestGPU.get()
        let expected = try renderer.render(picture, effects: [builtIn], scale: scale)
        let actual = try renderer.render(picture, effects: [translated], scale: scale)
        let worst = worstDifference(expected, actual)
        #expect(worst.difference <= allowed ?? oneLevel,
                "\(metal.function.name): differs from the built-in by \(worst.difference * 255) levels at \(worst.x),\(worst.y)",
                sourceLocation: sourceLocation)
    }

    @Test func stripesMatchesTheBuiltIn() throws {
        let library = try Self.seed("Stripes.metal")
        #expect(library.effectFunctions().map(\.name) == ["Stripes"])
        #expect(library.effectFunctions().map(\.kind) == [.fill])
        let disc = try BuiltInPicture.circle.draw(width: 64, height: 48, on: TestGPU.get())
        for (thickness, colors) in [(Float(20), Stripes().colors), (7, [RGBA(r: 0.2, g: 0.4, b: 0.6, a: 1), RGBA(r: 1, g: 0.5, b: 0, a: 0.5)]),
                                    (3.3, [RGBA(r: 0, g: 1, b: 0, a: 1)])] {
            let builtIn = Stripes { $0.thickness = thickness; $0.colors = colors }
            try expectSame(builtIn.effect, library.Stripes(.float(thickness), .colorArray(colors)), over: disc)
            try expectSame(builtIn.effect, library.Stripes(.float(thickness), .colorArray(colors)), over: disc, scale: 2)
        }
    }

    @Test func rippleMatchesTheBuiltIn() throws {
        let library = try Self.seed("Ripple.metal")
        #expect(library.effectFunctions().map(\.kind) == [.layer])
        let pool = try BuiltInPicture.pool.draw(width: 96, height: 72, on: TestGPU.get())
        let cases: [(origin: SIMD2<Float>, time: Float, amplitude: Float, frequency: Float, decay: Float, speed: Float)] = [
            (SIMD2(48.5, 36.5), 0.05, 12, 15, 8, 1200),   // the origin on a pixel centre: the guard
            (SIMD2(10, 60), 0.2, 8, 20, 4, 300),
            (SIMD2(90, 5), 0.6, -6, 9, 2, 150),
            (SIMD2(30, 30), 0.1, 0, 15, 8, 1200),          // amplitude 0: the other guard
        ]
        for c in cases {
            let builtIn = Ripple {
                $0.origin = c.origin; $0.time = c.time; $0.amplitude = c.amplitude
                $0.frequency = c.frequency; $0.decay = c.decay; $0.speed = c.speed
            }
            let metal = library.Ripple(.float2(c.origin), .float(c.time), .float(c.amplitude), .float(c.frequency),
                                       .float(c.decay), .float(c.speed))
            try expectSame(builtIn.effect, metal, over: pool)
            try expectSame(builtIn.effect, metal, over: pool, scale: 2)
        }
    }

    @Test func rippleWaveMatchesTheBuiltIn() throws {
        let library = try Self.seed("RippleShaderEffect.metal")
        #expect(library.effectFunctions().map(\.kind) == [.layer])
        let pool = try BuiltInPicture.pool.draw(width: 96, height: 72, on: TestGPU.get())
        let cases: [(origin: SIMD2<Float>, radius: Float, strength: Float, amplitude: Float, wavelength: Float)] = [
            (SIMD2(48, 36), 20, 1, 10, 110), (SIMD2(5.5, 70.5), 60, 0.7, 14, 40), (SIMD2(80, 10), 0, 0.3, 6, 25),
        ]
        for c in cases {
            let builtIn = RippleWave {
                $0.origin = c.origin; $0.radius = c.radius; $0.strength = c.strength
                $0.amplitude = c.amplitude; $0.wavelength = c.wavelength
            }
            let metal = library.RippleShaderEffectDistortion(.boundingRect, .float2(c.origin), .float(c.radius),
                                                             .float(c.strength), .float(c.amplitude), .float(c.wavelength))
            try expectSame(builtIn.effect, metal, over: pool)
            try expectSame(builtIn.effect, metal, over: pool, scale: 2)
        }
    }

    @Test func rippleRefractionMatchesTheBuiltIn() throws {
        let library = try Self.seed("RippleRefraction.metal")
        #expect(library.effectFunctions().map(\.kind) == [.distortion])
        let pool = try BuiltInPicture.pool.draw(width: 96, height: 72, on: TestGPU.get())
        let size = SIMD2<Float>(96, 72)
        let cases: [(time: Float, ripples: [SIMD4<Float>])] = [
            (0.4, [SIMD4(0.5, 0.5, 0, 1)]),
            (1.2, [SIMD4(0.2, 0.3, 0.1, 0.8), SIMD4(0.7, 0.6, 0.5, 1), SIMD4(0.9, 0.1, 1.0, 0.8)]),
            (2.6, [SIMD4(0.4, 0.4, 0, 1), SIMD4(0.5, 0.5, 2.0, 0)]),   // age == LIFE, an empty slot
        ]
        for c in cases {
            let builtIn = RippleRefraction(time: c.time, ripples: c.ripples)
            let metal = library.ripple(.float2(size), .float(c.time), .floatArray(builtIn.packed))
            try expectSame(builtIn.effect, metal, over: pool)
        }
    }

    @Test func backgroundWarpMatchesTheBuiltIn() throws {
        let library = try Self.seed("BackgroundWarp.metal")
        #expect(library.effectFunctions().map(\.kind) == [.layer])
        let cover = try BuiltInPicture.cover.draw(width: 80, height: 80, on: TestGPU.get())
        let size = SIMD2<Float>(80, 80)
        // The seed samples its noise with the texture unit (noise.sample(s, uv)), as a Metal
        // shader does; the built-in filters the noise itself in highp so that every GPU warps
        // alike (docs/GPU.md). llvmpipe filters in float, so the two agree there; a GPU's texture
        // unit keeps 8 fractional bits of the filter weights, which the warp's offset scale of
        // 200 amplifies: up to 6 levels on an NVIDIA H200.
        let allowed: Float = try TestGPU.get().context.info.isSoftware ? oneLevel : 8 / 255
        for time in [Float(0), 0.75, 3.3] {
            let builtIn = BackgroundWarp { $0.time = time }
            let metal = library.backgroundWarp(.float2(size), .image(NoiseTexture.standard), .float(time))
            try expectSame(builtIn.effect, metal, over: cover, allowed: allowed)
        }
    }

    /// The six files as one library, as Xcode compiles a target's .metal files.
    @Test func theSeedsFolderIsOneLibrary() throws {
        let library = try ShaderLibrary(contentsOf: repositoryRoot.appendingPathComponent("examples/metal").path)
        let functions = Dictionary(uniqueKeysWithValues: library.effectFunctions().map { ($0.name, $0.kind) })
        #expect(functions == ["Stripes": .fill, "Ripple": .layer, "RippleShaderEffectDistortion": .layer,
                              "ripple": .distortion, "backgroundWarp": .layer, "vignette": .color])
        let disc = try BuiltInPicture.circle.draw(width: 40, height: 30, on: TestGPU.get())
        try expectSame(Stripes { $0.thickness = 5 }.effect, library.Stripes(.float(5), .colorArray(Stripes().colors)), over: disc)
    }
}
