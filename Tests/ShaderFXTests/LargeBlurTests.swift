import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

/// The exact blur of `image` (premultiplied, at scale 1) as the renderer's two passes define it, in
/// Double: the layer grown transparently by `margin` = ceil(3 sigma) pixels, a Gaussian of standard
/// deviation `sigma` cut at ceil(3 sigma) and renormalised, along x then y, reads clamped to the
/// grown layer's edge. Returns the picture's frame.
///
/// Every read outside the picture lands on transparency (the growth is as wide as the kernel's
/// reach, and the clamped edge is transparent), so each pass sums over the picture's own pixels
/// only: cheap whatever the radius.
func exactGaussianBlur(_ image: RGBAImage, sigma: Double) -> RGBAImage {
    let reach = Int((3 * sigma).rounded(.up))
    let weights = (0...reach).map { exp(-0.5 * Double($0 * $0) / (sigma * sigma)) }
    let total = weights[0] + 2 * weights.dropFirst().reduce(0, +)
    func w(_ k: Int) -> Double { abs(k) <= reach ? weights[abs(k)] / total : 0 }
    let width = image.width, height = image.height
    // Along x, for the picture's rows (other rows of the grown layer are transparent).
    var horizontal = [SIMD4<Double>](repeating: .zero, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            var sum = SIMD4<Double>.zero
            for sx in 0..<width { sum += w(x - sx) * SIMD4<Double>(image[sx, y]) }
            horizontal[y * width + x] = sum
        }
    }
    var out = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            var sum = SIMD4<Double>.zero
            for sy in 0..<height { sum += w(y - sy) * horizontal[sy * width + x] }
            out[x, y] = SIMD4<Float>(sum)
        }
    }
    return out
}

/// The largest difference of any premultiplied channel, in levels of 255.
func largestLevelDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    return zip(a.pixels, b.pixels).reduce(0) { max($0, Double(abs($1.0 - $1.1)) * 255) }
}

@Suite(.serialized) struct LargeBlurTests {
    /// A textured opaque picture and one with transparency, at two sizes.
    static func pictures() throws -> [(name: String, image: RGBAImage)] {
        [("pool 64x48", try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())),
         ("circle 64x48", try BuiltInPicture.circle.draw(width: 64, height: 48, on: TestGPU.get())),
         ("cover 128x96", try BuiltInPicture.cover.draw(width: 128, height: 96, on: TestGPU.get()))]
    }

    @Test(arguments: [8.0, 12, 16, 19, 30, 33, 66, 100, 500])
    func aReducedBlurStaysWithinTwoLevelsOfTheExactGaussian(radius: Double) throws {
        let blur = Blur(radius: Float(radius))
        #expect(blur.reduction > 1, "radius \(radius) runs on a reduced grid")
        for (name, image) in try Self.pictures() {
            let out = try TestGPU.get().render(image, effects: blur.passes)
            let worst = largestLevelDifference(out, exactGaussianBlur(image, sigma: radius))
            print("blur radius \(radius), \(name): reduction \(blur.reduction), largest difference \(worst) levels")
            #expect(worst <= 2, "\(name), radius \(radius): \(worst) levels from the exact Gaussian")
        }
    }

    @Test func aReducedBlurAt2xMatchesTheExactGaussianOfTheScaledLayer() throws {
        let image = try BuiltInPicture.pool.draw(width: 48, height: 36, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: Blur(radius: 30).passes, scale: 2)
        let worst = largestLevelDifference(out, exactGaussianBlur(cpuLayer(image, margin: 0, scale: 2), sigma: 60))
        print("blur radius 30 @2x: largest difference \(worst) levels")
        #expect(worst <= 2)
    }

    @Test func theGrownRegionIsTheBlurSpillingIntoTheGrowth() throws {
        let image = try BuiltInPicture.pool.draw(width: 40, height: 30, on: TestGPU.get())
        let blur = Blur(radius: 20)
        let grown = try TestGPU.get().render(image, effects: blur.passes, region: .grown)
        let margin = Int(blur.maxSampleOffset.x)
        #expect(grown.width == 40 + 2 * margin && grown.height == 30 + 2 * margin)
        let frame = try TestGPU.get().render(image, effects: blur.passes)
        var inner = RGBAImage(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { inner[x, y] = grown[x + margin, y + margin] } }
        #expect(maxDifference(inner, frame) < 1e-6)
        // Blurred colour reached well into the growth, and faded out at its edge.
        #expect(grown[margin - 20, margin + 15].w > 0.05)
        #expect(grown[0, 0].w < 2e-3)
    }

    @Test func smallRadiiRunOnTheOutputsOwnPixels() {
        for radius: Float in [0, 0.5, 1.3, 3, 4, 6, 7.9] { #expect(Blur(radius: radius).reduction == 1, "\(radius)") }
        #expect(Blur(radius: 8).reduction == 2 && Blur(radius: 15.9).reduction == 2 && Blur(radius: 16).reduction == 4)
        #expect(Blur(radius: 30).reduction == 4 && Blur(radius: 100).reduction == 16 && Blur(radius: 500).reduction == 64)
        #expect(Blur(radius: .nan).reduction == 1)
        #expect(Blur(radius: 30).passes.allSatisfy { $0.reduction == 4 })
    }

    /// The work of a blur, structurally: the pixels of the reduced grid each pass draws, times the
    /// bilinear samples each of them takes, stays bounded as the radius grows.
    @Test func theWorkDoesNotGrowWithTheRadius() throws {
        let renderer = try TestGPU.get()
        let size = SIMD2(128, 96)
        func work(_ radius: Float, scale: Int = 1) throws -> Int {
            let blur = Blur(radius: radius)
            let pass = blur.passes[0]
            let grid = try renderer.grid(of: pass, size: size, scale: scale)
            let pixels = (grid.frame &+ 2 &* grid.margin)
            // Samples a pixel takes: sigma on the grid, reach ceil(3 sigma), taps in pairs.
            let sigma = radius * Float(scale) / Float(blur.reduction)
            #expect(sigma < 2 * Blur.reducedSigma || blur.reduction == 1)
            let samples = 1 + 2 * ((Int((3 * sigma).rounded(.up)) + 1) / 2)
            return pixels.x * pixels.y * samples
        }
        let at50 = try work(50), at500 = try work(500), at100 = try work(100), at20 = try work(20)
        print("blur work (grid pixels x samples) at 128x96: radius 20 \(at20), 50 \(at50), 100 \(at100), 500 \(at500)")
        #expect(at500 <= 2 * at50 && at100 <= 2 * at50 && at500 <= 2 * at20)
        // Radius 500 alone: a 50 x 50 grid of 64 x 64-pixel cells, 25 samples each.
        let grid = try renderer.grid(of: Blur(radius: 500).passes[0], size: size, scale: 1)
        #expect(grid.frame == SIMD2(2, 2) && grid.margin == SIMD2(24, 24))
        // Without the reduction the same blur drew (128 + 3000) x (96 + 3000) pixels, 1501 samples each
        // (9.7 million pixels a pass, 130 s on llvmpipe).
        #expect(at500 < 128 * 96 * 20)
    }

    @Test func aBlurBeyondTheBudgetIsStillRefused() throws {
        let renderer = try Renderer(context: TestGPU.get().context)
        renderer.budget = RenderBudget(maxPixels: 1_000_000, maxDimension: renderer.budget.maxDimension)
        let image = try BuiltInPicture.pool.draw(width: 128, height: 96, on: TestGPU.get())
        #expect(throws: RenderBudgetError.self) { try renderer.render(image, effects: Blur(radius: 500).passes) }
        _ = try renderer.render(image, effects: Blur(radius: 100).passes)
    }

    @Test func aReducedBlurChainsIntoTheNextEffect() throws {
        let image = try BuiltInPicture.pool.draw(width: 96, height: 72, on: TestGPU.get())
        let renderer = try TestGPU.get()
        let warp = BackgroundWarp().with(\.time, 1.5).effect
        let chained = try renderer.render(image, effects: Blur(radius: 40).passes + [warp])
        let blurred = try renderer.render(image, effects: Blur(radius: 40).passes)
        let stepwise = try renderer.render(blurred, effects: [warp])
        #expect(maxDifference(chained, stepwise) < 1e-6)
    }
}
