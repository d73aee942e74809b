import Foundation
import Testing
@testable import ShaderFXUI

/// One renderer (one GPU context) for the suite's renders.
private let sharedRenderer = Result { try Renderer() }

/// A card of text and shapes: a shape at a fractional position, a rounded rectangle, lines of text.
private struct KeptMaskCard: View {
    var dx: CGFloat = 0
    var title = "Kept masks"
    var lines = 3

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(title).font(.system(size: 18, weight: .bold))
            Canvas { context, _ in
                context.fill(Path(ellipseIn: CGRect(x: 4 + dx, y: 3, width: 30, height: 14)), with: .color(.blue))
            }
            .frame(width: 60, height: 20)
            RoundedRectangle(cornerRadius: 5).fill(Color.orange).frame(width: 50, height: 12)
            ForEach(0..<lines) { line in
                Text("Line \(line + 1): the same glyphs").foregroundStyle(line % 2 == 0 ? Color.primary : Color.gray)
            }
        }
        .padding(6)
        .background(Color.white)
    }
}

/// Masks kept between renders (`KeptMasks`): an unchanged view makes none anew, a changed one
/// (a shape moved by a fraction of a pixel, other text) makes exactly its changed masks and gives
/// the pixels a fresh renderer, which keeps nothing, draws; the caches stay within their bounds.
@Suite struct KeptMaskTests {
    /// The view drawn by a renderer of its own, every mask made anew.
    fileprivate static func fresh(_ view: KeptMaskCard, scale: Int) throws -> RGBAImage {
        try ViewRenderer(content: view, renderer: sharedRenderer.get()).render(scale: scale)
    }

    @Test(arguments: [1, 2])
    func aSecondFrameOfAnUnchangedViewMakesNoMask(scale: Int) throws {
        let renderer = try ViewRenderer(content: KeptMaskCard(), renderer: sharedRenderer.get())
        renderer.scale = scale
        let first = try renderer.render()
        // The title, 3 lines (a text view each), the ellipse, the rounded rectangle: 6 masks.
        #expect(renderer.timings.masksRasterised == 6 && renderer.timings.masksReused == 0)
        let second = try renderer.render()
        #expect(renderer.timings.masksRasterised == 0 && renderer.timings.masksReused == 6)
        // The masks lie in the atlas already: nothing goes up to the GPU.
        #expect(renderer.timings.work.textureUploads == 0 && renderer.timings.work.uploadBytes == 0)
        // The white background is a clear; the six solid fills through masks, one after another
        // into one layer, are one draw, and the program they share is used once.
        #expect(renderer.timings.work.clears == 1 && renderer.timings.work.drawCalls == 1 && renderer.timings.work.programSwitches == 1)
        #expect(second == first)
    }

    @Test(arguments: [1, 2])
    func aChangedViewMakesItsChangedMasksAndDrawsTheRightPixels(scale: Int) throws {
        let renderer = try ViewRenderer(content: KeptMaskCard(), renderer: sharedRenderer.get())
        renderer.scale = scale
        let unmoved = try renderer.render()
        // Moved by a quarter of a point: the ellipse alone is rasterised again.
        renderer.content = KeptMaskCard(dx: 0.25)
        let moved = try renderer.render()
        #expect(renderer.timings.masksRasterised == 1 && renderer.timings.masksReused == 5)
        #expect(moved == (try Self.fresh(KeptMaskCard(dx: 0.25), scale: scale)) && moved != unmoved)
        // Another title: its mask alone is made.
        renderer.content = KeptMaskCard(dx: 0.25, title: "Kept maskz")
        let retitled = try renderer.render()
        #expect(renderer.timings.masksRasterised == 1 && renderer.timings.masksReused == 5)
        #expect(retitled == (try Self.fresh(KeptMaskCard(dx: 0.25, title: "Kept maskz"), scale: scale)) && retitled != moved)
        // Back to the first view: every mask is still kept, and the pixels are the first ones.
        renderer.content = KeptMaskCard()
        #expect(try renderer.render() == unmoved)
        #expect(renderer.timings.masksRasterised == 0 && renderer.timings.masksReused == 6)
    }

    @Test func theCachesStayWithinTheirBoundsOverManyViews() throws {
        let renderer = try ViewRenderer(content: KeptMaskCard(), renderer: sharedRenderer.get())
        _ = try renderer.render()
        let compositor = try #require(renderer.kept)
        compositor.coverageCache = CoverageCache(byteLimit: 6000, entryLimit: 5)
        compositor.textMasks = KeptMasks(byteLimit: 30_000, entryLimit: 8)
        for k in 0..<40 {
            let view = KeptMaskCard(dx: CGFloat(k) / 8, title: "Card \(k)", lines: 1 + k % 4)
            renderer.content = view
            let image = try renderer.render()
            #expect(compositor.coverageCache.count <= 5 && compositor.coverageCache.byteCount <= 6000)
            #expect(compositor.textMasks.count <= 8 && compositor.textMasks.byteCount <= 30_000)
            if k % 8 == 7 { #expect(image == (try Self.fresh(view, scale: 1)), "card \(k)") }
        }
        #expect(compositor.textMasks.rasterised > 8 && compositor.coverageCache.rasterised > 5)
    }
}
