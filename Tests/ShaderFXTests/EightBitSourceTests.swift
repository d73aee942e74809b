import Testing
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

/// Opaque pictures of whole 8-bit levels (what an opaque PNG decodes to) are sampled as every
/// other picture is, from float textures: every built-in effect's result over one stays within
/// one 8-bit level of its result over the same picture moved off its levels by a hair (a
/// picture no 8-bit texture could hold).
@Suite(.serialized) struct EightBitSourceTests {
    /// The pool floor rounded to whole 8-bit levels, as a PNG round trip gives it.
    static func quantised(width: Int = 96, height: Int = 72) throws -> RGBAImage {
        var picture = try BuiltInPicture.pool.draw(width: width, height: height, on: TestGPU.get())
        picture.pixels = picture.pixels.map { ($0 * 255).rounded() / 255 }
        return picture
    }

    /// The largest difference in 8-bit levels of premultiplied RGBA, each rounded to its level.
    /// (Premultiplied: a pixel of alpha 1/255 has almost no colour to show, and its straight
    /// colour, a division by that alpha, can jump by a hundred levels for a level of alpha.)
    static func levels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int(($0 * 255).rounded()) - Int(($1 * 255).rounded())) }.max() ?? 0
    }

    /// Whether every pixel is opaque and every channel a whole 8-bit level: what an opaque
    /// 8-bit PNG decodes to.
    static func isOpaqueWholeLevels(_ picture: RGBAImage) -> Bool {
        picture.pixels.enumerated().allSatisfy { i, v in
            i % 4 == 3 ? v == 1 : abs(v * 255 - (v * 255).rounded()) < 1e-3
        }
    }

    /// `picture` with one channel of one pixel moved off its 8-bit level (by a hundredth of one).
    static func offLevel(_ picture: RGBAImage) -> RGBAImage {
        var moved = picture
        moved.pixels[0] += moved.pixels[0] > 0.5 ? -0.01 / 255 : 0.01 / 255
        return moved
    }

    @Test(arguments: BuiltInEffects.all.map { $0.name })
    func everyEffectStaysWithinALevelOfTheFloatPath(name: String) throws {
        let effect = try #require(BuiltInEffects.named(name))
        var value = try effect.init(values: ParameterValues())
        // Time-driven and gesture effects at a moment where they do something.
        for parameter in effect.options where parameter.name == "time" {
            value = try effect.init(values: ParameterValues(["time": "0.3"]))
        }
        let picture = try Self.quantised()
        let float = Self.offLevel(picture)
        #expect(Self.isOpaqueWholeLevels(picture) && !Self.isOpaqueWholeLevels(float))
        let renderer = try TestGPU.get()
        let a = try renderer.render(picture, effects: value.passes)
        let b = try renderer.render(float, effects: value.passes)
        #expect(Self.levels(a, b) <= 1, "\(name): \(Self.levels(a, b)) levels from the float path")
    }

    @Test func atTwiceTheScaleTooAndWithTheLayerGrown() throws {
        let picture = try Self.quantised()
        let ripple = Ripple().with(\.origin, SIMD2(48, 36)).with(\.time, 0.1)
        let float = Self.offLevel(picture)
        for scale in [1, 2] {
            let a = try TestGPU.get().render(picture, effects: ripple.passes, scale: scale, region: .grown)
            let b = try TestGPU.get().render(float, effects: ripple.passes, scale: scale, region: .grown)
            #expect(Self.levels(a, b) <= 1, "scale \(scale)")
        }
    }
}
