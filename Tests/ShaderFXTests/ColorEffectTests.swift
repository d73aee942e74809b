import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

/// The colour effects of the library, by command-line name.
private let colorEffectNames = BuiltInEffects.colorEffects.map { $0.name }

/// The effect `name` with its defaults, at `time` seconds when it takes a time.
private func colorEffect(_ name: String, time: Float = 1.25) throws -> Effect {
    let type = try #require(BuiltInEffects.named(name))
    let takesTime = type.parameters.contains { $0.name == "time" }
    return try type.init(values: ParameterValues(takesTime ? ["time": "\(time)"] : [:])).passes[0]
}

/// A small picture with every level of alpha: straight colour from a gradient, alpha rising
/// along x from 0 to 1 (premultiplied, as `RGBAImage` stores it).
private func translucentImage(width: Int = 36, height: Int = 28) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let a = Float(x) / Float(width - 1)
            let straight = SIMD3(Float(y) / Float(height - 1), 0.3 + 0.4 * Float(x % 5) / 4, 0.8 - 0.6 * a)
            image[x, y] = SIMD4(straight * a, a)
        }
    }
    return image
}

/// A translucent colour for the formula tests, so a replacement's own alpha is exercised.
private let translucentBlue = RGBA(r: 0.2, g: 0.6, b: 1, a: 0.5)

/// Checks every pixel of `out` against `expected(x, y, input)`, within `tolerance`.
private func expectPixels(_ out: RGBAImage, from input: RGBAImage, tolerance: Float = 1e-5,
                          sourceLocation: SourceLocation = #_sourceLocation,
                          _ expected: (Int, Int, SIMD4<Float>) -> SIMD4<Float>) {
    #expect(out.width == input.width && out.height == input.height, sourceLocation: sourceLocation)
    var worst: Float = 0, worstAt = (0, 0)
    for y in 0..<input.height {
        for x in 0..<input.width {
            let d = distance(out[x, y], expected(x, y, input[x, y]))
            if d > worst { worst = d; worstAt = (x, y) }
        }
    }
    #expect(worst <= tolerance, "largest difference \(worst) at \(worstAt.0),\(worstAt.1)", sourceLocation: sourceLocation)
}

/// Statistics of one channel of a noise picture.
struct NoiseStatistics {
    var mean = 0.0
    var variance = 0.0
    /// Correlation of each pixel with its right neighbour, and with the one below.
    var correlationRight = 0.0
    var correlationDown = 0.0

    init(_ image: RGBAImage, channel: Int) {
        let values = (0..<image.height).map { y in (0..<image.width).map { x in Double(image[x, y][channel]) } }
        let all = values.flatMap { $0 }
        mean = all.reduce(0, +) / Double(all.count)
        variance = all.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(all.count)
        func correlation(_ dx: Int, _ dy: Int) -> Double {
            var sum = 0.0, count = 0.0
            for y in 0..<(image.height - dy) {
                for x in 0..<(image.width - dx) {
                    sum += (values[y][x] - mean) * (values[y + dy][x + dx] - mean)
                    count += 1
                }
            }
            return sum / count / max(variance, 1e-12)
        }
        correlationRight = correlation(1, 0)
        correlationDown = correlation(0, 1)
    }

    /// Whether the channel looks like uniform white noise: mean 1/2, variance 1/12, no correlation
    /// between neighbours. The bounds are about 4 standard errors for 128 x 128 samples.
    var looksUniform: Bool {
        abs(mean - 0.5) < 0.01 && abs(variance - 1.0 / 12) < 0.004
            && abs(correlationRight) < 0.035 && abs(correlationDown) < 0.035
    }
}

/// Correlation of channel `channel` between two pictures of equal size.
private func correlation(_ a: RGBAImage, _ b: RGBAImage, channel: Int) -> Double {
    let x = a.pixels.enumerated().filter { $0.offset % 4 == channel }.map { Double($0.element) }
    let y = b.pixels.enumerated().filter { $0.offset % 4 == channel }.map { Double($0.element) }
    let mx = x.reduce(0, +) / Double(x.count), my = y.reduce(0, +) / Double(y.count)
    var sxy = 0.0, sxx = 0.0, syy = 0.0
    for i in x.indices {
        sxy += (x[i] - mx) * (y[i] - my)
        sxx += (x[i] - mx) * (x[i] - mx)
        syy += (y[i] - my) * (y[i] - my)
    }
    return sxy / max((sxx * syy).squareRoot(), 1e-12)
}

@Suite(.serialized) struct ColorEffectTests {
    // MARK: Every effect

    @Test func theFourteenColourEffectsAreRegistered() {
        #expect(colorEffectNames == [
            "animated-gradient-fill", "checkerboard", "circle-wave", "gradient-fill", "infrared", "interlace",
            "invert-alpha", "passthrough", "rainbow-noise", "recolor", "shimmer", "white-noise", "light-grid", "sinebow",
        ])
        for type in BuiltInEffects.colorEffects {
            #expect(type.kind == .color, "\(type.name)")
            #expect(type.shaderFile.hasPrefix("Color/"), "\(type.name)")
            #expect(!type.options.contains { $0.name == "bounds" }, "\(type.name): the view's size comes from .boundingRect")
            // `shaderfx render` turns the parameters into options beside its own, which they must not reuse.
            let renderOptions: Set = ["output", "scale", "region", "disabled", "quiet", "help", "input", "picture", "size",
                                      "shader", "function", "kind", "max-sample-offset", "arg", "backend", "device", "cuda-device"]
            #expect(type.parameters.allSatisfy { !renderOptions.contains($0.name) }, "\(type.name) reuses an option of render")
            let takesTime = type.parameters.contains { $0.name == "time" }
            if case .time(parameter: "time", _) = type.animation {
                #expect(takesTime, "\(type.name)")
            } else {
                #expect(!takesTime, "\(type.name) takes a time but is not animated by it")
            }
        }
        #expect(Set(Self.references.map(\.name)) == Set(colorEffectNames), "one reference picture per effect")
        #expect(Shimmer.animation == .time(parameter: "time", duration: 3))
        #expect(Sinebow.animation == .time(parameter: "time", duration: nil))
    }

    @Test(arguments: colorEffectNames)
    func changesThePoolWhereItShould(name: String) throws {
        let image = try BuiltInPicture.pool.draw(width: 96, height: 72, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [try colorEffect(name)])
        #expect(out.width == image.width && out.height == image.height)
        var changed = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = out[x, y]
                #expect(p.x.isFinite && p.y.isFinite && p.z.isFinite && p.w.isFinite, "\(name) at \(x),\(y)")
                // A valid premultiplied colour: 0 <= rgb <= alpha <= 1.
                #expect(p.w >= 0 && p.w <= 1 && p.x >= 0 && p.y >= 0 && p.z >= 0
                        && max(p.x, p.y, p.z) <= p.w + 1e-6, "\(name) at \(x),\(y): \(p)")
                if distance(p, image[x, y]) > 1.0 / 255 { changed += 1 }
            }
        }
        if name == Passthrough.name {
            #expect(out == image, "passthrough must return its input exactly")
        } else {
            // Every other effect visibly changes a good share of the picture (checkerboard and
            // interlace about half, the rest nearly all of it).
            #expect(changed > image.width * image.height * 2 / 5, "\(name) changed only \(changed) pixels")
        }
    }

    @Test(arguments: colorEffectNames)
    func keepsTheCircleTransparentOutsideUnlessItFills(name: String) throws {
        let image = try BuiltInPicture.circle.draw(width: 80, height: 80, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [try colorEffect(name)])
        let fills = name == InvertAlpha.name
        var rim = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image[x, y].w, p = out[x, y]
                if a > 0 && a < 1 { rim += 1 }
                #expect(max(p.x, p.y, p.z) <= p.w + 1e-6 && min(p.x, p.y, p.z) >= 0, "\(name) at \(x),\(y): \(p)")
                if fills {
                    // Opaque black where the view was transparent, clear where it was opaque.
                    #expect(abs(p.w - (1 - a)) < 1e-6 && max(p.x, p.y, p.z) < 1e-6, "\(name) at \(x),\(y): \(p)")
                } else {
                    // The coverage is kept, edges included, and transparent stays exactly transparent.
                    #expect(abs(p.w - a) < 1e-6, "\(name) at \(x),\(y): alpha \(p.w), input \(a)")
                    if a == 0 { #expect(p == .zero, "\(name) at \(x),\(y): \(p)") }
                }
            }
        }
        #expect(rim > 100, "the circle has an anti-aliased rim to test")
    }

    @Test(arguments: colorEffectNames)
    func timeMovesOnlyTheAnimatedEffects(name: String) throws {
        let type = try #require(BuiltInEffects.named(name))
        let image = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let early = try TestGPU.get().render(image, effects: [try colorEffect(name, time: 1.25)])
        let again = try TestGPU.get().render(image, effects: [try colorEffect(name, time: 1.25)])
        let later = try TestGPU.get().render(image, effects: [try colorEffect(name, time: 2)])
        #expect(early == again, "\(name) is not a function of its inputs")
        let moved = zip(early.pixels, later.pixels).filter { abs($0 - $1) > 1.0 / 255 }.count
        if case .time = type.animation {
            #expect(moved > early.pixels.count / 20, "\(name) barely moves between t = 1.25 and t = 2: \(moved)")
        } else {
            #expect(moved == 0)
        }
    }

    // MARK: The formulas, pixel by pixel

    @Test func recolorIsTheReplacementTimesCoverage() throws {
        let image = translucentImage()
        let out = try TestGPU.get().render(image, effects: [Recolor().with(\.replacement, translucentBlue).effect])
        // Both premultiplied: alpha is applied once, giving alpha replacement.a * a.
        expectPixels(out, from: image) { _, _, input in translucentBlue.premultiplied * input.w }
    }

    @Test(arguments: [1, 2])
    func checkerboardReplacesOddSquares(scale: Int) throws {
        let image = translucentImage()
        let effect = Checkerboard().with(\.replacement, translucentBlue).with(\.squareSize, 7).effect
        // At scale 2 the input colour of each pixel is the layer rasterised at that scale.
        let input = try TestGPU.get().render(image, effects: [Passthrough().effect], scale: scale)
        let out = try TestGPU.get().render(image, effects: [effect], scale: scale)
        var replaced = 0
        expectPixels(out, from: input) { x, y, color in
            let i = Int(((Float(x) + 0.5) / Float(scale) / 7).rounded(.down))
            let j = Int(((Float(y) + 0.5) / Float(scale) / 7).rounded(.down))
            if (i + j) % 2 == 1 { replaced += 1; return translucentBlue.premultiplied * color.w }
            return color
        }
        #expect(replaced > 0 && replaced < input.width * input.height)
    }

    @Test(arguments: [1, 2])
    func interlaceMixesOddBandsOfRows(scale: Int) throws {
        let image = translucentImage()
        let effect = Interlace { $0.lineWidth = 3; $0.replacement = translucentBlue; $0.strength = 0.6 }.effect
        let input = try TestGPU.get().render(image, effects: [Passthrough().effect], scale: scale)
        let out = try TestGPU.get().render(image, effects: [effect], scale: scale)
        expectPixels(out, from: input) { _, y, color in
            let band = Int(((Float(y) + 0.5) / Float(scale) / 3).rounded(.down))
            let target = translucentBlue.premultiplied * color.w
            return band % 2 == 1 ? color + (target - color) * 0.6 : color
        }
    }

    @Test func invertAlphaFillsWhereTransparent() throws {
        let image = translucentImage()
        let out = try TestGPU.get().render(image, effects: [InvertAlpha().with(\.replacement, translucentBlue).effect])
        expectPixels(out, from: image) { _, _, input in translucentBlue.premultiplied * (1 - input.w) }
    }

    @Test func gradientFillIsTheRatioOfTheCoordinates() throws {
        let image = translucentImage()
        let out = try TestGPU.get().render(image, effects: [GradientFill().effect])
        expectPixels(out, from: image) { x, y, input in
            let px = Float(x) + 0.5, py = Float(y) + 0.5
            return SIMD4(min(px / py, 1), 0, min(py / px, 1), 1) * input.w
        }
    }

    @Test func infraredMapsLuminanceFromBlueThroughYellowToRed() throws {
        let image = translucentImage()
        let out = try TestGPU.get().render(image, effects: [Infrared().effect])
        expectPixels(out, from: image) { _, _, input in
            guard input.w > 0 else { return .zero }
            let s = SIMD3(input.x, input.y, input.z) / input.w
            let l = min(max(0.2126 * s.x + 0.7152 * s.y + 0.0722 * s.z, 0), 1)
            let heat: SIMD3<Float> = l < 0.5
                ? SIMD3(0, 0, 1) + (SIMD3(1, 1, 0) - SIMD3(0, 0, 1)) * (2 * l)
                : SIMD3(1, 1, 0) + (SIMD3(1, 0, 0) - SIMD3(1, 1, 0)) * (2 * l - 1)
            return SIMD4(heat * input.w, input.w)
        }
    }

    @Test(arguments: [0.0, 2.5])
    func animatedGradientFillFollowsTheAngleAndTime(time: Float) throws {
        let image = translucentImage()
        let out = try TestGPU.get().render(image, effects: [AnimatedGradientFill().with(\.time, time).effect])
        expectPixels(out, from: image, tolerance: 1e-4) { x, y, input in
            let angle = atan2(Double(y) + 0.5 - Double(image.height) / 2, Double(x) + 0.5 - Double(image.width) / 2)
            let third = 2 * Double.pi / 3
            let c = [0, third, 2 * third].map { Float(abs(sin(angle + Double(time) + $0))) }
            return SIMD4(c[0], c[1], c[2], 1) * input.w
        }
    }

    @Test func shimmerOnlyLightensAndSweepsOnce() throws {
        let image = try BuiltInPicture.pool.draw(width: 90, height: 60, on: TestGPU.get())
        // At the start the band lies before the top-left corner: nothing changes.
        let start = try TestGPU.get().render(image, effects: [Shimmer().with(\.time, 0).effect])
        #expect(maxDifference(start, image) < 1e-5)
        // Half-way, the band is on the middle diagonal: lighter there, untouched at the corners.
        let middle = try TestGPU.get().render(image, effects: [Shimmer().with(\.time, 1.5).effect])
        func lightness(_ p: SIMD4<Float>) -> Float { (max(p.x, p.y, p.z) + min(p.x, p.y, p.z)) / 2 }
        for y in 0..<image.height {
            for x in 0..<image.width {
                #expect(lightness(middle[x, y]) >= lightness(image[x, y]) - 1e-5, "darker at \(x),\(y)")
            }
        }
        #expect(lightness(middle[45, 30]) > lightness(image[45, 30]) + 0.1)
        #expect(distance(middle[1, 1], image[1, 1]) < 1e-5)
        #expect(distance(middle[88, 58], image[88, 58]) < 1e-5)
        // One duration later, the same picture.
        let nextRun = try TestGPU.get().render(image, effects: [Shimmer().with(\.time, 4.5).effect])
        #expect(maxDifference(nextRun, middle) < 1e-4)
    }

    @Test func circleWaveRingsFadeWithDistance() throws {
        let image = RGBAImage(width: 120, height: 120, fill: SIMD4(0, 0, 0, 1))
        let out = try TestGPU.get().render(image, effects: [CircleWave().with(\.time, 0.3).effect])
        // The brightest ring near the centre is brighter than the brightest one near the edge.
        func brightest(_ r: ClosedRange<Float>) -> Float {
            var best: Float = 0
            for y in 0..<120 {
                for x in 0..<120 {
                    let d = ((Float(x) + 0.5 - 60) * (Float(x) + 0.5 - 60) + (Float(y) + 0.5 - 60) * (Float(y) + 0.5 - 60)).squareRoot() / 120
                    if r.contains(d) { best = max(best, out[x, y].x) }
                }
            }
            return best
        }
        #expect(brightest(0.05...0.15) > 0.4)
        #expect(brightest(0.4...0.5) < brightest(0.05...0.15) * 0.7)
        // Rings: along a radius the light rises and falls several times.
        var peaks = 0
        for x in 61..<119 where out[x, 60].x > out[x - 1, 60].x && out[x, 60].x >= out[x + 1, 60].x && out[x, 60].x > 0.05 {
            peaks += 1
        }
        #expect(peaks >= 4, "only \(peaks) rings")
    }

    // MARK: Noise that stays clean

    @Test(arguments: ["white-noise", "rainbow-noise"])
    func noiseIsStillCleanAfterTenThousandSeconds(name: String) throws {
        let image = RGBAImage(width: 128, height: 128, fill: SIMD4(1, 1, 1, 1))
        for time: Float in [0, 10_000, 10_000.0167, 1_000_000] {
            let out = try TestGPU.get().render(image, effects: [try colorEffect(name, time: time)])
            for channel in 0..<3 {
                let stats = NoiseStatistics(out, channel: channel)
                #expect(stats.looksUniform, "\(name) at t=\(time), channel \(channel): \(stats)")
            }
            if name == "white-noise" {
                #expect(out.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == out.pixels[$0.offset - $0.offset % 4] })
            } else {
                let crossRG = correlationOfChannels(out, 0, 1), crossGB = correlationOfChannels(out, 1, 2)
                #expect(abs(crossRG) < 0.035 && abs(crossGB) < 0.035, "channels correlated: \(crossRG), \(crossGB)")
            }
        }
        // One frame later (60 fps) the noise is new: unrelated to the previous frame.
        let frame = try TestGPU.get().render(image, effects: [try colorEffect(name, time: 10_000)])
        let next = try TestGPU.get().render(image, effects: [try colorEffect(name, time: 10_000.0167)])
        let same = zip(frame.pixels, next.pixels).enumerated().filter { $0.offset % 4 != 3 && abs($0.element.0 - $0.element.1) < 1.0 / 255 }.count
        #expect(same < frame.pixels.count * 3 / 4 / 50, "\(same) channels unchanged between frames")
        #expect(abs(correlation(frame, next, channel: 0)) < 0.035)
    }

    @Test func theNoiseStatisticsRejectBrokenNoise() throws {
        // Sine hashes whose argument grows with time: once it is large, single-precision
        // rounding shows. Scaling the position by the time dulls the noise by t = 10,000 s;
        // adding the time to the position draws diagonal patterns by t = 1,000,000 s.
        let library = ShaderLibrary(source: """
            vec4 scaled(vec2 position, vec4 color, float time) {
                float v = fract(sin(dot(position * time, vec2(12.9898, 78.233))) * 43758.5453);
                return vec4(v, v, v, 1.0) * color.a;
            }
            vec4 shifted(vec2 position, vec4 color, float time) {
                float v = fract(sin(dot(position + time, vec2(12.9898, 78.233))) * 43758.5453);
                return vec4(v, v, v, 1.0) * color.a;
            }
            """)
        let image = RGBAImage(width: 128, height: 128, fill: SIMD4(1, 1, 1, 1))
        let scaled = try TestGPU.get().render(image, effects: [.colorEffect(library.scaled(.float(10_000)))])
        #expect(!NoiseStatistics(scaled, channel: 0).looksUniform, "\(NoiseStatistics(scaled, channel: 0))")
        let shifted = try TestGPU.get().render(image, effects: [.colorEffect(library.shifted(.float(1_000_000)))])
        #expect(!NoiseStatistics(shifted, channel: 0).looksUniform, "\(NoiseStatistics(shifted, channel: 0))")
        // And a smooth ramp is not noise either.
        #expect(!NoiseStatistics(gradientImage(width: 128, height: 128), channel: 0).looksUniform)
    }

    // MARK: Reference pictures

    /// Each effect's reference: its shader file and its command-line name.
    static let references: [(file: String, name: String)] = [
        ("animatedGradientFill", "animated-gradient-fill"), ("checkerboard", "checkerboard"), ("circleWave", "circle-wave"),
        ("gradientFill", "gradient-fill"), ("infrared", "infrared"), ("interlace", "interlace"),
        ("invertAlpha", "invert-alpha"), ("passthrough", "passthrough"), ("rainbowNoise", "rainbow-noise"),
        ("recolor", "recolor"), ("shimmer", "shimmer"), ("whiteNoise", "white-noise"), ("lightGrid", "light-grid"),
        ("sinebow", "sinebow"),
    ]

    /// The picture each reference is drawn over, 240 x 180: the circle where coverage is the
    /// point, the pool darkened toward the left for infrared (so every luminance appears),
    /// the pool for the rest.
    static func referencePicture(for file: String) throws -> RGBAImage {
        switch file {
        case "invertAlpha", "recolor", "whiteNoise", "rainbowNoise":
            return try BuiltInPicture.circle.draw(width: 240, height: 180, on: TestGPU.get())
        case "infrared":
            var image = try BuiltInPicture.pool.draw(width: 240, height: 180, on: TestGPU.get())
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let shade = 0.1 + 1.2 * Float(x) / Float(image.width - 1)
                    let p = image[x, y]
                    image[x, y] = SIMD4(pointwiseMin(SIMD3(p.x, p.y, p.z) * shade, SIMD3(repeating: 1)), 1)
                }
            }
            return image
        default:
            return try BuiltInPicture.pool.draw(width: 240, height: 180, on: TestGPU.get())
        }
    }

    @Test(arguments: references.map(\.file))
    func matchesItsReferencePicture(file: String) throws {
        let entry = try #require(Self.references.first { $0.file == file })
        #expect(BuiltInEffects.named(entry.name)?.shaderFile == "Color/\(file)")
        let out = try TestGPU.get().render(Self.referencePicture(for: file), effects: [try colorEffect(entry.name, time: 1.5)])
        try expectImage(out, matches: "Color/\(file)")
    }
}

/// Correlation between two channels of one picture.
private func correlationOfChannels(_ image: RGBAImage, _ c1: Int, _ c2: Int) -> Double {
    var a = image, b = image
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
        a.pixels[i] = image.pixels[i + c1]
        b.pixels[i] = image.pixels[i + c2]
    }
    return correlation(a, b, channel: 0)
}
