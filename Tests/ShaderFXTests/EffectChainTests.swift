import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// `Renderer.run(_:over:)`, the one path every render takes, over a layer that is not an
/// uploaded picture (what a view tree's subtree, drawn into a layer, would hand it).
@Suite struct EffectChainTests {
    @Test func anEffectChainOverAnyLayerMatchesRenderOverThePicture() throws {
        let renderer = try Renderer(context: TestGPU.get().context)
        let image = gradientImage(width: 30, height: 20)
        let effects = Blur(radius: 3).passes + [Ripple().with(\.origin, SIMD2(15, 10)).with(\.time, 0.05).effect]
        let expected = try renderer.render(image, effects: effects)
        let drawn = try renderer.locked { () throws -> RGBAImage in
            // The picture drawn by hand into a framebuffer of its own: a layer at scale 1, no margin.
            let layer = try Framebuffer(context: renderer.context, width: image.width, height: image.height)
            try layer.texture.upload(image)
            let plan = try renderer.checkedPlan(image, effects: effects, scale: 1)
            let canvas = try renderer.run(plan, over: Canvas(texture: layer.texture, margin: .zero, scale: 1, framebuffer: layer),
                                          frameOnly: true)
            renderer.context.finish()
            return try canvas.framebuffer!.read(x: canvas.margin.x, y: canvas.margin.y, width: image.width, height: image.height)
        }
        #expect(drawn == expected)
    }
}
