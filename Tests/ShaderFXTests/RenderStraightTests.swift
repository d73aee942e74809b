import Testing
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

/// `renderStraight` (the last pass writing straight 8-bit RGBA itself, or a conversion pass)
/// gives exactly the bytes `PNG.encode` makes of `render`'s float result.
@Suite(.serialized) struct RenderStraightTests {
    static func expectSame(_ effects: [Effect], over picture: RGBAImage, scale: Int = 1, region: OutputRegion = .frame,
                           _ label: String) throws {
        let renderer = try TestGPU.get()
        let straight = try renderer.renderStraight(picture, effects: effects, scale: scale, region: region)
        let reference = StraightFrame(image: try renderer.render(picture, effects: effects, scale: scale, region: region))
        #expect(straight.width == reference.width && straight.height == reference.height, "\(label)")
        let differing = zip(straight.bytes, reference.bytes).filter { $0 != $1 }.count
        #expect(differing == 0, "\(label): \(differing) bytes differ")
    }

    @Test(arguments: BuiltInEffects.all.map { $0.name })
    func everyEffectMatchesTheFloatResultByteForByte(name: String) throws {
        let effect = try #require(BuiltInEffects.named(name))
        let value = try effect.init(values: ParameterValues(effect.options.contains { $0.name == "time" } ? ["time": "0.3"] : [:]))
        // Over a picture with transparent parts, so straightening divides by alpha.
        try Self.expectSame(value.passes, over: try BuiltInPicture.circle.draw(width: 80, height: 60, on: TestGPU.get()), name)
        try Self.expectSame(value.passes, over: EightBitSourceTests.quantised(width: 80, height: 60), "\(name) over an 8-bit picture")
    }

    @Test func grownRegionsTwiceTheScaleAndDisabledLastPasses() throws {
        let picture = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let ripple = Ripple().with(\.origin, SIMD2(32, 24)).with(\.time, 0.15)
        try Self.expectSame(ripple.passes, over: picture, region: .grown, "grown")
        try Self.expectSame(ripple.passes, over: picture, scale: 2, "@2x")
        var disabled = ripple.passes
        disabled[0].isEnabled = false
        try Self.expectSame(disabled, over: picture, "disabled")
        try Self.expectSame(Blur(radius: 20).passes + ripple.passes, over: picture, "a blur, then the ripple")
        try Self.expectSame(ripple.passes + Blur(radius: 30).passes, over: picture, "the ripple, then a coarse blur")
    }
}
