import Foundation
import Testing
@testable import ShaderFXUI

/// One renderer (one GPU context) for the suite's renders.
private let sharedRenderer = Result { try Renderer() }

/// The compositor's kept results of effect chains: a kept result composites to exactly the
/// pixels running the chain again gives, it is found only for equal content, effects and
/// geometry, and the cache stays within its bounds.
@Suite struct EffectResultCacheTests {
    static let picture: RGBAImage = {
        var pixels: [Float] = []
        for y in 0..<16 {
            for x in 0..<24 { pixels += [Float(x) / 23, Float(y) / 15, Float((x * y) % 7) / 6, 1] }
        }
        return RGBAImage(width: 24, height: 16, pixels: pixels)
    }()

    static func shift(_ amount: Float) -> Shader {
        ShaderLibrary(source: """
            vec2 shift(vec2 position, float amount) { return position + vec2(amount * sin(position.y / 7.0), 0.0); }
            """, name: "shift.glsl").function("shift")(.float(amount))
    }

    /// A photo card: a picture in a frame, rounded, through a distortion.
    static func card(_ amount: Float, _ image: Image) -> AnyView {
        AnyView(image.resizable().frame(width: 40, height: 30).cornerRadius(6)
            .distortionEffect(shift(amount), maxSampleOffset: CGSize(width: 6, height: 0)).padding(3))
    }

    /// The view drawn by a renderer that kept nothing before.
    static func fresh(_ view: AnyView) throws -> RGBAImage {
        try ViewRenderer(content: view, renderer: sharedRenderer.get()).render(scale: 2)
    }

    @Test func aKeptResultDrawsWhatRunningTheChainDraws() throws {
        let image = Image(rgbaImage: Self.picture)
        let renderer = try ViewRenderer(content: Self.card(6, image), renderer: sharedRenderer.get())
        let first = try renderer.render(scale: 2)
        let cache = try #require(renderer.kept?.effectResults)
        #expect(cache.count == 1 && cache.hits == 0)
        let second = try renderer.render(scale: 2)
        #expect(cache.hits == 1)
        #expect(second.pixels == first.pixels)
        #expect(second.pixels == (try Self.fresh(Self.card(6, image))).pixels)
        // Another argument, another picture, another place: each runs its chain and draws what
        // a renderer that kept nothing draws.
        let others = [Self.card(4, image), Self.card(6, Image(rgbaImage: RGBAImage(width: 24, height: 16, pixels: Self.picture.pixels.map { $0 * 0.5 }))),
                      AnyView(Self.card(6, image).padding(.leading, 2))]
        for view in others {
            renderer.content = view
            let drawn = try renderer.render(scale: 2)
            #expect(drawn.pixels == (try Self.fresh(view)).pixels)
        }
        #expect(cache.hits == 1)
        // A subtree that is not a picture keeps nothing.
        renderer.content = AnyView(Color.red.frame(width: 10, height: 10).distortionEffect(Self.shift(6), maxSampleOffset: CGSize(width: 6, height: 0)))
        let before = cache.count
        _ = try renderer.render(scale: 2)
        _ = try renderer.render(scale: 2)
        #expect(cache.count == before && cache.hits == 1)
    }

    @Test func aClippedPictureDrawnThroughItsClipIsThePictureClippedInALayer() throws {
        // A picture alone is drawn straight through its clip's coverage; with a clear view over it
        // the clip flattens both into a layer first. Both give the same pixels, at any opacity.
        let image = Image(rgbaImage: Self.picture)
        for opacity in [1.0, 0.6] {
            let direct = AnyView(image.resizable().frame(width: 40, height: 30).cornerRadius(9).opacity(opacity).padding(2))
            let layered = AnyView(ZStack { image.resizable(); Color.clear }.frame(width: 40, height: 30).cornerRadius(9).opacity(opacity).padding(2))
            let a = try Self.fresh(direct), b = try Self.fresh(layered)
            #expect(a.pixels == b.pixels)
            // The corner is cut: the top-left pixel is transparent, the centre is the picture's.
            #expect(a.pixels[(2 * 2 * a.width + 2 * 2) * 4 + 3] == 0 && a.pixels[(a.height / 2 * a.width + a.width / 2) * 4 + 3] > 0)
        }
    }

    @Test func theCacheKeepsTheMostRecentlyUsedWithinItsBounds() throws {
        let renderer = try sharedRenderer.get()
        try renderer.withContext {
            let box = PictureBox(Self.picture, scale: 1)
            func key(_ i: Int) -> EffectResultCache.Key {
                EffectResultCache.Key(content: .image(box, rect: CGRect(x: i, y: 0, width: 4, height: 4), interpolation: .high),
                                      effects: [], origin: .zero, points: SIMD2(4, 4), margin: .zero, scale: 1)
            }
            func entry(_ i: Int, side: Int = 4) throws -> EffectResultCache.Entry {
                EffectResultCache.Entry(key: key(i), framebuffer: try Framebuffer(context: renderer.context, width: side, height: side), grown: .zero)
            }
            let cache = EffectResultCache(entryLimit: 3, byteLimit: 16 * 16 * 16 * 2)
            for i in 0..<3 { cache.keep(try entry(i)) }
            #expect(cache.result(for: key(0)) != nil)  // 0 is now the most recently used
            cache.keep(try entry(3))
            #expect(cache.count == 3 && cache.result(for: key(1)) == nil)
            #expect(cache.result(for: key(0)) != nil && cache.result(for: key(2)) != nil && cache.result(for: key(3)) != nil)
            // Two 16 × 16 results fill the bytes: a third pushes the oldest out; one too large is not kept.
            cache.keep(try entry(4, side: 16))
            cache.keep(try entry(5, side: 16))
            #expect(cache.bytes <= cache.byteLimit && cache.result(for: key(4)) != nil && cache.result(for: key(5)) != nil)
            cache.keep(try entry(6, side: 23))  // 23 × 23 × 16 bytes is over the 8192
            #expect(cache.result(for: key(6)) == nil && cache.bytes <= cache.byteLimit)
        }
    }
}

/// Frames read back overlapped with the next frame's drawing: each is the frame drawn alone,
/// handed back one call later, in order, with no fence left behind.
@Suite struct OverlappedReadBackTests {
    static func card(_ k: Int) -> AnyView {
        AnyView(VStack(spacing: 0) {
            Color(red: Double(k) / 4, green: 0.5, blue: 1 - Double(k) / 4).frame(width: 30, height: 10)
            Text("\(k)").foregroundStyle(.black)
        }.frame(width: 30, height: 40).background(Color.white.opacity(0.5)))
    }

    @Test func eachFrameComesBackOneCallLaterAsDrawnAlone() throws {
        let gpu = try sharedRenderer.get()
        let renderer = try ViewRenderer(content: Self.card(0), renderer: gpu)
        renderer.scale = 2
        var received: [StraightFrame] = []
        for k in 0..<4 {
            renderer.content = Self.card(k)
            let frame = try renderer.renderStraightOverlapped()
            #expect((frame == nil) == (k == 0))
            if let frame { received.append(frame) }
        }
        received.append(try #require(try renderer.finishStraight()))
        #expect(try renderer.finishStraight() == nil)
        #expect(gpu.liveFences == 0)
        #expect(received.count == 4)
        for (k, frame) in received.enumerated() {
            let alone = try ViewRenderer(content: Self.card(k), renderer: gpu)
            alone.scale = 2
            #expect(frame == (try alone.renderStraight()), "frame \(k)")
        }
        // Neighbouring frames differ, so a frame handed back at the wrong call would show.
        #expect(received[0] != received[1])
    }

    @Test func theKeptStraighteningTargetGivesWhatStraighteningOnTheCPUGives() throws {
        // Views of two sizes in turn on one renderer (the kept 8-bit target replaced at each
        // change of size): each frame is the float picture straightened by `PNG.straight8`.
        let gpu = try sharedRenderer.get()
        for (k, view) in [Self.card(1), Self.card(2), AnyView(Self.card(3).padding(5)), Self.card(1)].enumerated() {
            let renderer = try ViewRenderer(content: view, renderer: gpu)
            renderer.scale = 2
            let straight = try renderer.renderStraight()
            #expect(straight == StraightFrame(image: try renderer.render()), "view \(k)")
        }
    }
}
