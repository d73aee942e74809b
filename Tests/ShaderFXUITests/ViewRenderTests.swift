import Foundation
import Testing
@testable import ShaderFXUI

/// One renderer (one GPU context) for the suite's renders.
private let sharedRenderer = Result { try Renderer() }

private func render<V: View>(_ view: V, proposal: ProposedViewSize = .unspecified, scale: Int = 1, time: Double = 0) throws -> RGBAImage {
    let renderer = try ViewRenderer(content: view, renderer: sharedRenderer.get())
    return try renderer.render(proposedSize: proposal, scale: scale, time: time)
}

private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> SIMD4<Float> {
    let i = (y * image.width + x) * 4
    return SIMD4(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3])
}

private func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Float {
    zip(a.pixels, b.pixels).reduce(0) { max($0, abs($1.0 - $1.1)) }
}

/// Views drawn on the GPU, each checked against what the picture must be by SwiftUI's rules,
/// worked out independently of the drawing code: colours from SWIFTUI-NOTES's table, areas from
/// geometry, an effect inside a tree against the same effect run by the renderer over the
/// subtree drawn alone.
@Suite struct ViewRenderTests {
    @Test func aColourFillsExactlyItsFrame() throws {
        // Red (255, 59, 48) in a 10×6 frame at (5, 2) of a 20×10 ZStack; transparent elsewhere.
        let view = ZStack(alignment: .topLeading) {
            Color.clear.frame(width: 20, height: 10)
            Color.red.frame(width: 10, height: 6).offset(x: 5, y: 2)
        }
        let image = try render(view)
        #expect(image.width == 20 && image.height == 10)
        let red = SIMD4<Float>(1, 59 / 255, 48 / 255, 1)
        for y in 0..<10 {
            for x in 0..<20 {
                let inside = (5..<15).contains(x) && (2..<8).contains(y)
                let d = pixel(image, x, y) - (inside ? red : SIMD4<Float>.zero)
                let difference = max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
                #expect(difference < 1e-5, "pixel (\(x), \(y))")
            }
        }
    }

    @Test func aReaderDeepInATreeDrawsForItsOwnFrame() throws {
        // HStack(spacing: 0) proposed 300×20: white for 100 pt, then a reader of 200 whose content,
        // half its width, is black: black from x 100 to 200, nothing from 200 on (a reader built
        // for the root's 300 would draw 150 wide, up to 250).
        let view = HStack(spacing: 0) {
            Color.white.frame(width: 100)
            GeometryReader { proxy in Color.black.frame(width: proxy.size.width / 2) }
        }
        let image = try render(view, proposal: ProposedViewSize(width: 300, height: 20))
        #expect(pixel(image, 199, 10) == SIMD4(0, 0, 0, 1))
        #expect(pixel(image, 200, 10).w == 0)
        #expect(pixel(image, 230, 10).w == 0)
    }

    @Test func aCircleCoversItsArea() throws {
        // Circle() in 40×40 at @2x: radius 40 px, area π·40² px² of full coverage.
        let image = try render(Circle().fill(.black).frame(width: 40, height: 40), scale: 2)
        let alpha = stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) }
        #expect(abs(alpha - Double.pi * 1600) < 1600 * 0.002)
        // The centre is covered, the corners are not.
        #expect(pixel(image, 40, 40).w == 1)
        #expect(pixel(image, 0, 0).w == 0)
    }

    @Test func opacitiesMultiply() throws {
        // Nested opacities multiply (SWIFTUI-NOTES §5): 0.5 × 0.5 of white is 0.25, premultiplied.
        let image = try render(Color.white.frame(width: 4, height: 4).opacity(0.5).opacity(0.5))
        let p = pixel(image, 2, 2)
        #expect(abs(p.w - 0.25) < 1e-4 && abs(p.x - 0.25) < 1e-4)
    }

    /// A distortion that moves rows sideways by a sine of their height.
    private static let shift = ShaderLibrary(source: """
        vec2 shift(vec2 position, float amount) { return position + vec2(amount * sin(position.y / 7.0), 0.0); }
        """, name: "shift.glsl").function("shift")(.float(6))

    private static var square: AnyView {
        AnyView(LinearGradient(colors: [.red, .blue], startPoint: .topLeading, endPoint: .bottomTrailing).frame(width: 60, height: 40))
    }

    @Test func anEffectInATreeIsTheEffectOverItsSubtreeAlone() throws {
        // The distorted square inside a padded VStack under a 30-pt spacer sits at (16, 46) points;
        // its pixels there must be those of the distorted square drawn on its own.
        let effect = { (v: AnyView) in v.distortionEffect(Self.shift, maxSampleOffset: CGSize(width: 6, height: 0)) }
        let alone = try render(effect(Self.square), scale: 2)
        let tree = VStack(spacing: 0) {
            Color.clear.frame(width: 60, height: 30)
            effect(Self.square)
        }.padding(16)
        let whole = try render(tree, scale: 2)
        var region = [Float]()
        for y in 0..<80 { for x in 0..<120 { let p = pixel(whole, 32 + x, 92 + y); region += [p.x, p.y, p.z, p.w] } }
        #expect(alone.width == 120 && alone.height == 80)
        #expect(maxDifference(RGBAImage(width: 120, height: 80, pixels: region), alone) < 1e-5)
    }

    @Test func aViewsEffectIsThePicturesEffect() throws {
        // The square drawn alone, then given to the renderer as a picture with the same effect,
        // equals the view with the effect modifier: one effect path for both.
        let picture = try render(Self.square)
        let effect = Effect(kind: .distortion, shader: Self.shift, maxSampleOffset: SIMD2(6, 0))
        let expected = try sharedRenderer.get().render(picture, effects: [effect])
        let drawn = try render(Self.square.distortionEffect(Self.shift, maxSampleOffset: CGSize(width: 6, height: 0)))
        #expect(maxDifference(drawn, expected) < 1e-5)
    }

    @Test func textIsItsGlyphsCoverage() throws {
        // Text("Hi") in black: each pixel's alpha is the text engine's own coverage mask at its origin.
        let font = try FontLibrary.shared.resolve(.body)
        let mask = TextLayout("Hi", font: font).render(scale: 2)
        let image = try render(Text("Hi").foregroundStyle(.black), scale: 2)
        var worst: Float = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let expected = Float(mask[x + mask.originX, y + mask.originY]) / 255
                worst = max(worst, abs(pixel(image, x, y).w - expected))
            }
        }
        #expect(worst < 1e-3)
    }

    @Test func aClipShapeHidesWhatIsOutsideIt() throws {
        // A white square clipped to a circle: the corners are transparent, the centre opaque.
        let image = try render(Color.white.frame(width: 20, height: 20).clipShape(Circle()), scale: 2)
        #expect(pixel(image, 1, 1).w == 0)
        #expect(pixel(image, 20, 20).w == 1)
        let alpha = stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) }
        #expect(abs(alpha - Double.pi * 400) < 400 * 0.01)
    }

    @Test func colourFiltersFollowTheirFormulas() throws {
        // saturation(0) of red (255, 59, 48) is SVG's luminance row: 0.213 R + 0.715 G + 0.072 B.
        let image = try render(Color.red.frame(width: 4, height: 4).saturation(0))
        let grey = Float(0.213 * 1 + 0.715 * 59 / 255 + 0.072 * 48 / 255)
        let p = pixel(image, 2, 2)
        #expect(abs(p.x - grey) < 1e-3 && abs(p.y - grey) < 1e-3 && abs(p.z - grey) < 1e-3)
        // colorInvert of straight (r, g, b) is (1 − r, 1 − g, 1 − b).
        let inverted = pixel(try render(Color.red.frame(width: 4, height: 4).colorInvert()), 2, 2)
        #expect(abs(inverted.y - (1 - 59 / 255)) < 1e-3)
    }

    @Test func aShaderFillIsTheShaderOverTheBounds() throws {
        // `.fill(shader)` on a 30×20 rectangle: every pixel is the fill function at its centre in points.
        let shader = ShaderLibrary(source: "vec4 ramp(vec2 position) { return vec4(position.x / 30.0, position.y / 20.0, 0.0, 1.0); }",
                                   name: "ramp.glsl").function("ramp")()
        let image = try render(Rectangle().fill(shader).frame(width: 30, height: 20))
        for (x, y) in [(0, 0), (10, 5), (29, 19)] {
            let p = pixel(image, x, y)
            #expect(abs(p.x - (Float(x) + 0.5) / 30) < 1e-3 && abs(p.y - (Float(y) + 0.5) / 20) < 1e-3)
        }
    }

    @Test func blurAndShadowReachBeyondTheFrame() throws {
        // Render-only effects do not change layout (the picture stays the frame's size) and their
        // pixels spread: a blurred square's corner pixel is partly transparent.
        let image = try render(Color.black.frame(width: 20, height: 20).padding(10).blur(radius: 3))
        #expect(image.width == 40)
        #expect(pixel(image, 20, 20).w > 0.99)
        #expect(pixel(image, 10, 10).w > 0.1 && pixel(image, 10, 10).w < 0.5)
        #expect(pixel(image, 6, 20).w > 0)
    }
}
