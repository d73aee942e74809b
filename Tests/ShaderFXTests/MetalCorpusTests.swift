import Foundation
import Testing
@testable import ShaderFX

/// The Metal corpus (Tests/ShaderFXTests/MetalCorpus): `[[ stitchable ]]` functions as SwiftUI
/// developers write them, each rendered through the translator and checked against something
/// that does not go through it: the same maths in Swift with Double at every pixel (within one
/// 8-bit level), or an exact relation to the input (a passthrough is its input, a shift is the
/// input moved by whole pixels, an integer pattern gives exact levels).
enum MetalCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MetalCorpus")

    /// A corpus file as a library.
    static func library(_ file: String) throws -> ShaderLibrary {
        try ShaderLibrary(contentsOf: folder.appendingPathComponent(file).path)
    }

    static let width = 32, height = 24

    /// The picture every case runs over: straight colour r = x/w, g = y/h (pixel centres), b a
    /// pattern of elevenths, alpha 1, 7/8 or 3/4 by (x + y) mod 3; premultiplied.
    static let picture: RGBAImage = {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a: Float = [1, 0.875, 0.75][(x + y) % 3]
                let straight = SIMD3<Float>((Float(x) + 0.5) / Float(width), (Float(y) + 0.5) / Float(height),
                                            Float((x * 7 + y * 3) % 11) / 10)
                image[x, y] = SIMD4(straight * a, a)
            }
        }
        return image
    }()

    /// An opaque picture of `w` x `h` unlike `picture`, for image arguments.
    static func texture(_ w: Int, _ h: Int) -> RGBAImage {
        var image = RGBAImage(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                image[x, y] = SIMD4(Float((x * 5 + y) % 7) / 6, Float(y) / Float(h - 1), Float(x) / Float(w - 1), 1)
            }
        }
        return image
    }
    static let texture32 = texture(32, 24)
    static let tile = texture(8, 6)
    static let texture16 = texture(16, 12)
}

/// One pixel as a model sees it.
struct CorpusPixel {
    let x: Int, y: Int
    /// The position in points (the pixel's centre).
    var p: SIMD2<Double> { SIMD2(Double(x) + 0.5, Double(y) + 0.5) }
    /// The input's premultiplied colour here.
    let c: SIMD4<Double>
    let image: RGBAImage
}

/// One corpus function and how it is checked.
struct CorpusCase: Sendable, CustomTestStringConvertible {
    enum Check: Sendable {
        /// The function's maths in Double at every pixel (a fill's result is then multiplied by
        /// the input's alpha, as the fill covers the layer's coverage).
        case model(@Sendable (CorpusPixel) -> SIMD4<Double>)
        /// The exact output, built from the input picture without any maths that could round.
        case exact(@Sendable (RGBAImage) -> RGBAImage)
    }
    let file: String
    let function: String
    let kind: EffectKind
    var arguments: [Shader.Argument] = []
    var maxSampleOffset: SIMD2<Float> = .zero
    /// A translator bug the case shows, as reported in the translator's BUGS.md: the check is
    /// expected to fail until it is fixed (and fails when it passes, so the mark is removed).
    var knownBug: String? = nil
    let check: Check

    var testDescription: String { "\(file): \(function)" }
}

// MARK: - Double helpers, as Metal defines the functions

private func clamp01(_ x: Double) -> Double { min(max(x, 0), 1) }
private func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
    let t = clamp01((x - e0) / (e1 - e0)); return t * t * (3 - 2 * t)
}
private func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
private func fract(_ x: Double) -> Double { x - x.rounded(.down) }
private func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> SIMD4<Double> { SIMD4(r, g, b, a) }
private func double(_ v: SIMD4<Float>) -> SIMD4<Double> { SIMD4(Double(v.x), Double(v.y), Double(v.z), Double(v.w)) }
private func luma(_ c: SIMD4<Double>) -> Double { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

/// The texel at (x, y) clamped to the picture.
private func texel(_ image: RGBAImage, _ x: Int, _ y: Int) -> SIMD4<Double> {
    double(image[min(max(x, 0), image.width - 1), min(max(y, 0), image.height - 1)])
}

/// A bilinear sample at `q` in texels (centres at +0.5), clamped to the edge.
private func bilinear(_ image: RGBAImage, _ q: SIMD2<Double>) -> SIMD4<Double> {
    let u = q.x - 0.5, v = q.y - 0.5
    let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
    let fx = u - Double(x0), fy = v - Double(y0)
    let top = texel(image, x0, y0) * (1 - fx) + texel(image, x0 + 1, y0) * fx
    let bottom = texel(image, x0, y0 + 1) * (1 - fx) + texel(image, x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy
}

/// A picture made pixel by pixel from another.
private func remap(_ image: RGBAImage, _ f: (Int, Int) -> SIMD4<Float>) -> RGBAImage {
    var out = RGBAImage(width: image.width, height: image.height)
    for y in 0..<image.height { for x in 0..<image.width { out[x, y] = f(x, y) } }
    return out
}
private func at(_ image: RGBAImage, _ x: Int, _ y: Int) -> SIMD4<Float> {
    image[min(max(x, 0), image.width - 1), min(max(y, 0), image.height - 1)]
}

/// The texel at (x, y), or transparent outside the picture (a grown layer's border).
private func inside(_ image: RGBAImage, _ x: Int, _ y: Int) -> SIMD4<Float> {
    (0..<image.width).contains(x) && (0..<image.height).contains(y) ? image[x, y] : .zero
}

extension MetalCorpus {
    static let cases: [CorpusCase] = basics + vectors + math + control + functions + reserved + layers + distortions + fills + textures
        + bits

    static let basics: [CorpusCase] = [
        CorpusCase(file: "Basics.metal", function: "identity", kind: .color, check: .exact { $0 }),
        CorpusCase(file: "Basics.metal", function: "swapRedBlue", kind: .color, check: .exact { image in
            remap(image) { x, y in let c = image[x, y]; return SIMD4(c.z, c.y, c.x, c.w) } }),
        CorpusCase(file: "Basics.metal", function: "swizzleWrites", kind: .color, check: .model { px in
            rgba(px.c.y + 0.125, px.c.x, px.c.w, px.c.z * 0.5) }),
        CorpusCase(file: "Basics.metal", function: "luminanceGray", kind: .color, check: .model { px in
            let y = luma(px.c); return rgba(y, y, y, px.c.w) }),
        CorpusCase(file: "Basics.metal", function: "preprocessed", kind: .color, check: .model { px in
            rgba(px.c.x * px.c.x, clamp01(px.c.y * 1.5), px.c.z * 0.5, 1) }),
        CorpusCase(file: "Basics.metal", function: "literals", kind: .color, check: .model { _ in
            rgba(0.25 + 0.5 * 0.5, 3.0 / 16, 0.1 * 2 + 0.5 * 0.1, 1) }),
        CorpusCase(file: "Basics.metal", function: "castsAndConstructors", kind: .color, check: .model { px in
            rgba(Double(px.x % 4) / 3, Double(px.y & 1) * 0.25 + Double(px.y % 4) / 3 * 0.5, Double(px.x + px.y) / 128, 1) }),
        CorpusCase(file: "Basics.metal", function: "implicitConversions", kind: .color, check: .model { px in
            rgba(0.25 + px.p.x / 64, 3.0 / 8, 0.5, 1) }),
    ]

    static let vectors: [CorpusCase] = [
        CorpusCase(file: "Vectors.metal", function: "componentLoop", kind: .color, check: .model { px in
            rgba(px.c.w, px.c.z, px.c.y, 1) }),
        CorpusCase(file: "Vectors.metal", function: "braceInitialisers", kind: .color, check: .model { _ in
            rgba(0.1 + 0.25, 0.2 * 2, 0.1 * 0.5 + 0.2 * 0.25 + 0.3 * 0.25, 1) }),
        CorpusCase(file: "Vectors.metal", function: "integerVectors", kind: .color, check: .model { px in
            let sx = px.x - 8, sy = px.y - 8
            let anyFlag = (px.x & 1) != 0 || (px.y & 1) != 0 || sx < 0
            let allOdd = (px.x & 1) != 0 && (px.y & 1) != 0
            let us = 2 * px.x + 2 * px.y
            return rgba((anyFlag ? 0.25 : 0) + Double(abs(sx) + abs(sy)) / 64, allOdd ? 0.5 : 0.125, Double(us % 16) / 16, 1) }),
        CorpusCase(file: "Vectors.metal", function: "matrices", kind: .color, check: .model { px in
            let u = px.p.x / 32, v = px.p.y / 24
            let rx = 0.6 * u - 0.8 * v
            let backY = -0.8 * u + 0.6 * v
            return rgba(abs(rx) * 0.5 + (u + 0.25) * 0.25, abs(backY), 0.5 * px.c.z + 0.25, 1) }),
    ]

    static let math: [CorpusCase] = [
        CorpusCase(file: "MathFunctions.metal", function: "signedIntegerMath", kind: .color, check: .model { px in
            let x = px.x - 16, y = px.y - 12
            // Swift's / and % truncate toward zero, as C's (and Metal's) do.
            return rgba(Double(x / 3 + 6) / 16, Double(x % 5 + 5) / 16, Double(y % -4 + 4) / 16 + Double(-y / 2 + 6) / 64, 1) }),
        CorpusCase(file: "MathFunctions.metal", function: "bitwise", kind: .color, check: .model { px in
            let pattern = (px.x & 5) | ((px.y ^ 3) << 3)
            let flipped = ~UInt32(pattern) & 0xFF
            let shifted = (-px.x) >> 1
            return rgba(Double(pattern & 63) / 63, Double(flipped) / 255, Double(shifted + 16) / 32, 1) }),
        CorpusCase(file: "MathFunctions.metal", function: "fmodAndAtan2", kind: .color, check: .model { px in
            let dx = px.p.x - 16, dy = px.p.y - 12
            return rgba(fmod(dx, 5) / 10 + 0.5, atan2(dy, dx) / (2 * Double.pi) + 0.5, fmod(-dy, 3.5) / 7 + 0.5, 1) }),
        CorpusCase(file: "MathFunctions.metal", function: "clampingFunctions", kind: .color, check: .model { px in
            let x = px.p.x / 16 - 1, y = px.p.y / 12 - 1
            return rgba(clamp01(x * 1.5), min(abs(x), max(y, 0.2)), mix(0.1, 0.9, smoothstep(-0.5, 0.5, y)) * (x < 0 ? 0 : 1), 1) }),
        CorpusCase(file: "MathFunctions.metal", function: "threeWay", kind: .color, check: .model { px in
            let v = [px.c.x, px.c.y, px.c.z].sorted()
            return rgba(v[0], v[1], v[2], 1) }),
        CorpusCase(file: "MathFunctions.metal", function: "rsqrtSincosModf", kind: .color, check: .model { px in
            let v = px.p.y * 0.3 - 3
            let whole = v.rounded(.towardZero), fraction = v - whole
            return rgba(1 / (px.p.x * px.p.y + 1).squareRoot(), sin(px.p.x * 0.2) * 0.25 + cos(px.p.x * 0.2) * 0.25 + 0.5,
                        fraction * 0.5 + 0.5 + whole / 64, 1) }),
        CorpusCase(file: "MathFunctions.metal", function: "selectAndRound", kind: .color, check: .model { px in
            let v = Double(px.x - 16) * 0.5
            let r = v.rounded(.toNearestOrAwayFromZero)
            let chosenX = px.p.y > 12 ? 0.75 : 0.25, chosenZ = v < 0 ? 0.25 : 0.75
            return rgba((r + 8) / 16, chosenX, 0.5 * 0.5 + chosenZ * 0.5, 1) }),
        CorpusCase(file: "MathFunctions.metal", function: "mathConstants", kind: .color, check: .model { px in
            rgba(sin(px.p.x / 32 * Double.pi), Double.pi / 4 / 4 + 0.5, log2(Double(Float.greatestFiniteMagnitude)) / 256, 1) }),
        // fmod(-5.5, 2) = -1.5 (C's truncation); round(2.5) = 3, round(-0.5) = -1 (away from zero);
        // median3(0.75, 0.25, 0.5) = 0.5; length_squared((0.3, 0.4)) = 0.25; min3 = 0.125.
        CorpusCase(file: "MathFunctions.metal", function: "libraryConstants", kind: .color, check: .model { px in
            rgba(1.5 / 2 * (px.p.x / 32), (3 - -1) / 8 + px.p.y / 96, 0.5 * 0.25 * 4 + 0.125, 1) }),
        CorpusCase(file: "MathFunctions.metal", function: "qualifiedNames", kind: .color, check: .model { px in
            let u = px.p.x / 32, v = px.p.y / 24
            return rgba(((u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5)).squareRoot(), clamp01(u * u), pow(2, -v), 1) }),
    ]

    static let control: [CorpusCase] = [
        CorpusCase(file: "ControlFlow.metal", function: "branches", kind: .color, check: .model { px in
            let p = px.p
            if p.x < 8 { return rgba(1, 0, 0, 1) }
            if p.x < 16 && p.y >= 12 { return rgba(0, 1, 0, 1) }
            if !(p.y < 6) || p.x > 28 { return rgba(0, 0, 1, 1) }
            return px.c }),
        CorpusCase(file: "ControlFlow.metal", function: "loopsWithBreak", kind: .color, check: .model { px in
            var sum = 0
            for i in 0..<32 { if i % 3 == 0 { continue }; if i > px.x { break }; sum += i }
            var count = 0, i = 0, j = 10
            while i < j { count += 1; i += 2; j -= 1 }
            return rgba(Double(sum) / 512, Double(count) / 8, 0, 1) }),
        CorpusCase(file: "ControlFlow.metal", function: "whileLoops", kind: .color, check: .model { px in
            var n = px.x + 1, steps = 0
            while n != 1 && steps < 100 { n = n & 1 != 0 ? 3 * n + 1 : n / 2; steps += 1 }
            var k = px.y, digits = 0
            repeat { digits += 1; k /= 2 } while k > 0
            return rgba(Double(steps) / 128, Double(digits) / 8, 0, 1) }),
        CorpusCase(file: "ControlFlow.metal", function: "switchCases", kind: .color, check: .model { px in
            let band = px.x / 4
            let (r, g): (Double, Double) = switch band {
            case 0: (0.25, 0)
            case 1, 2: (0.5, 0)
            case 3: (0.75, 0.25)   // g set, then falls through to case 4
            case 4: (0.75, 0)
            default: (1, 1)
            }
            return rgba(r, g, Double(band) / 8, 1) }),
        CorpusCase(file: "ControlFlow.metal", function: "operators", kind: .color, check: .model { px in
            let k = px.x
            var m = 7
            m += k; m -= 2; m *= 3; m /= 2; m %= 11
            m <<= 1; m >>= 1; m |= 16; m &= 0x1F; m ^= 5
            let f = (1.0 + 0.5) * px.p.y / 24 - 0.25
            let t = k > 15 ? (k > 23 ? 1.0 : 0.5) : 0.0
            return rgba(Double(m) / 32, f, t, 1) }),
    ]

    static let functions: [CorpusCase] = [
        CorpusCase(file: "Functions.metal", function: "ringStruct", kind: .color, arguments: [.float2(16, 12), .float(8)], check: .model { px in
            let d = abs(((px.p.x - 16) * (px.p.x - 16) + (px.p.y - 12) * (px.p.y - 12)).squareRoot() - 8)
            let c = 1 - smoothstep(0, 2, d)
            return px.c * (1 - c) + rgba(1, 0.5, 0, 1) * c }),
        CorpusCase(file: "Functions.metal", function: "overloadsAndDefaults", kind: .color, check: .model { px in
            let a = px.p.x / 32 * 0.5, b = (px.p.x / 32 + px.p.y / 24) * 0.25
            let c = (px.c.x + px.c.y + px.c.z) / 3
            let w = sin(px.p.x / 32 * 2 * Double.pi), w3 = sin(px.p.y / 24 * 3 * Double.pi)
            return rgba(a + b, c, (w + w3) * 0.25 + 0.5, abs(fract(px.p.x / 8) * 2 - 1)) }),
        CorpusCase(file: "Functions.metal", function: "outParameters", kind: .color, check: .model { px in
            let v = px.p.x / 5, whole = v.rounded(.down)
            return rgba(whole / 8, v - whole, 3 * px.p.y / 72 * 0.25, 0.75) }),
        CorpusCase(file: "Functions.metal", function: "arrays", kind: .color, check: .model { px in
            let row = px.y % 3
            let total = 45.0 - Double(3 * row + 2)
            let weighted = 0.1 * 0 + 0.2 * 1 + 0.4 * 2 + 0.2 * 3 + 0.1 * 4
            return rgba(1.5 * px.p.x / 128, total / 64 + weighted * 0.1, [0, 0.25, 0.5][px.x % 3], 1) }),
        CorpusCase(file: "Functions.metal", function: "arrayParameterWrites", kind: .color, check: .model { px in
            let first = px.p.x / 64
            return rgba(first, first + 0.125, first + 0.375, 1) }),
        CorpusCase(file: "Functions.metal", function: "gradientStops", kind: .fill, arguments: [.float(32)], check: .model { px in
            let t = px.p.x / 32
            return t <= 0.5 ? rgba(1 - t / 0.5, t / 0.5, 0, 1) : rgba(0, 1 - (t - 0.5) / 0.5, (t - 0.5) / 0.5, 1) }),
        CorpusCase(file: "Functions.metal", function: "globalConstants", kind: .color, check: .model { px in
            let d = ((px.p.x - 16) * (px.p.x - 16) + (px.p.y - 12) * (px.p.y - 12)).squareRoot() / 20
            return rgba(px.c.x * 0.75 + 0.125, clamp01(d * 2 / 3), 0.25, 1) }),
        CorpusCase(file: "Functions.metal", function: "headerHelpers", kind: .color, check: .model { px in
            let y = luma(px.c); return rgba(y * 0.5, 0.5, y, 1) }),
        CorpusCase(file: "Functions.metal", function: "staticMembersAndSizeof", kind: .color, check: .model { px in
            // Five Gaussian weights (spread 1.5), normalised; the colour a quarter of the way to orange.
            let raw = (0..<5).map { i in exp(-Double(i * i) / (2 * 1.5 * 1.5)) }
            let total = raw.reduce(0, +)
            let scale = 0.5 + raw[0] / total + raw[4] / total * 5
            let warm = SIMD3(px.c.x, px.c.y, px.c.z) * 0.75 + SIMD3(1, 0.5, 0) * 0.25
            return rgba(warm.x * scale, warm.y * scale, warm.z * scale, scale) }),
    ]

    static let reserved: [CorpusCase] = [
        CorpusCase(file: "ReservedNames.metal", function: "reservedIdentifiers", kind: .color, arguments: [.float(0.6), .float(0.8)],
                   check: .model { px in rgba(fmod(px.p.x, 4) / 4, 0.3, px.c.z * 0.5 + 0.2, 1) }),
        CorpusCase(file: "ReservedNames.metal", function: "userMixAndMod", kind: .color, check: .model { px in
            let a = px.p.x - 16, m = a - 5 * (a / 5).rounded(.down)
            let t = px.p.y / 24
            let (g, b) = t < 0.5 ? (2 * t, 0.0) : (1 - (2 * t - 1), 2 * t - 1)
            return rgba(m / 5, g, b, 1) }),
    ]

    static let layers: [CorpusCase] = [
        CorpusCase(file: "Layers.metal", function: "layerPassthrough", kind: .layer, check: .exact { $0 }),
        CorpusCase(file: "Layers.metal", function: "layerShift", kind: .layer, arguments: [.float2(3, -2)], check: .exact { image in
            remap(image) { x, y in at(image, x + 3, y - 2) } }),
        CorpusCase(file: "Layers.metal", function: "boxBlur", kind: .layer, arguments: [.float(1)], check: .model { px in
            var sum = SIMD4<Double>.zero
            for dy in -1...1 { for dx in -1...1 { sum += texel(px.image, px.x + dx, px.y + dy) } }
            return sum / 9 }),
        CorpusCase(file: "Layers.metal", function: "mirrorInBounds", kind: .layer, arguments: [.boundingRect], check: .exact { image in
            remap(image) { x, y in image[image.width - 1 - x, image.height - 1 - y] } }),
        CorpusCase(file: "Layers.metal", function: "channelSplit", kind: .layer, arguments: [.float(2)], check: .exact { image in
            remap(image) { x, y in SIMD4(at(image, x - 2, y).x, image[x, y].y, at(image, x + 2, y).z, image[x, y].w) } }),
        // layer.info and layer.tex by hand: the same texels as layer.sample at whole-point offsets.
        CorpusCase(file: "Layers.metal", function: "layerInfoShift", kind: .layer, arguments: [.float2(3, -2)], check: .exact { image in
            remap(image) { x, y in at(image, x + 3, y - 2) } }),
        // A layer grown by maxSampleOffset starts 4 points up and left of the view (its origin is
        // not 0) and is transparent outside the picture: both ways of sampling it agree.
        CorpusCase(file: "Layers.metal", function: "layerShift", kind: .layer, arguments: [.float2(3, -2)], maxSampleOffset: [4, 4],
                   check: .exact { image in remap(image) { x, y in inside(image, x + 3, y - 2) } }),
        CorpusCase(file: "Layers.metal", function: "layerInfoShift", kind: .layer, arguments: [.float2(3, -2)], maxSampleOffset: [4, 4],
                   check: .exact { image in remap(image) { x, y in inside(image, x + 3, y - 2) } }),
    ]

    static let distortions: [CorpusCase] = [
        CorpusCase(file: "Distortions.metal", function: "shiftDistortion", kind: .distortion, check: .exact { image in
            remap(image) { x, y in at(image, x + 2, y + 1) } }),
        CorpusCase(file: "Distortions.metal", function: "mirrorDistortion", kind: .distortion, arguments: [.float2(32, 24)],
                   check: .exact { image in remap(image) { x, y in image[image.width - 1 - x, y] } }),
        CorpusCase(file: "Distortions.metal", function: "twirl", kind: .distortion, arguments: [.float2(16, 12), .float(0.05)],
                   check: .model { px in
            let d = px.p - SIMD2(16, 12)
            let angle = (d.x * d.x + d.y * d.y).squareRoot() * 0.05
            let c = cos(angle), s = sin(angle)
            let q = SIMD2(16 + c * d.x - s * d.y, 12 + s * d.x + c * d.y)
            return bilinear(px.image, SIMD2(min(max(q.x, 0), 32), min(max(q.y, 0), 24))) }),
    ]

    static let first = RGBA(r: 0.2, g: 0.4, b: 1, a: 1), second = RGBA(r: 1, g: 0.6, b: 0, a: 0.5)
    static let bandColors = [RGBA(r: 1, g: 0, b: 0, a: 1), RGBA(r: 0, g: 0.5, b: 1, a: 0.75), RGBA(r: 0.25, g: 1, b: 0.5, a: 1)]

    static let fills: [CorpusCase] = [
        CorpusCase(file: "Fills.metal", function: "checkerFill", kind: .fill, arguments: [.float(4), .color(first), .color(second)],
                   check: .model { px in
            let even = (px.x / 4 + px.y / 4) & 1 == 0
            return double(even ? first.premultiplied : second.premultiplied) }),
        CorpusCase(file: "Fills.metal", function: "levelsFill", kind: .fill, arguments: [.floatArray([0.1, 0.5, 0.9, 0.3, 0.7])],
                   check: .model { px in
            let levels = [0.1, 0.5, 0.9, 0.3, 0.7], i = px.x % 5
            return rgba(Double(Float(levels[i])), Double(Float(levels[4 - i])), 0, 1) }),
        CorpusCase(file: "Fills.metal", function: "bandsFill", kind: .fill, arguments: [.colorArray(bandColors), .float(10)],
                   check: .model { px in double(bandColors[min(Int(px.p.y / 10), 2)].premultiplied) }),
        CorpusCase(file: "Fills.metal", function: "gradientFill", kind: .fill, arguments: [.boundingRect], check: .model { px in
            let u = px.p.x / 32, v = px.p.y / 24
            return rgba(u, v, 1 - u * v, 1) }),
    ]

    static let textures: [CorpusCase] = [
        CorpusCase(file: "Textures.metal", function: "textureNearest", kind: .color, arguments: [.image(texture32)],
                   check: .exact { _ in texture32 }),
        CorpusCase(file: "Textures.metal", function: "textureRepeat", kind: .color, arguments: [.image(tile)], check: .exact { image in
            // Texel coordinates 1.5 (x + 0.5): the texel floor(1.5 x + 0.75), wrapped.
            remap(image) { x, y in tile[(3 * x + 1) / 2 % 8, (3 * y + 1) / 2 % 6] } }),
        CorpusCase(file: "InlineSamplers.metal", function: "inlineSampler", kind: .color, arguments: [.image(tile)], check: .exact { image in
            remap(image) { x, y in tile[(3 * x + 1) / 2 % 8, (3 * y + 1) / 2 % 6] } }),
        CorpusCase(file: "Textures.metal", function: "textureLinear", kind: .layer, arguments: [.image(texture16)], check: .model { px in
            px.c * 0.5 + bilinear(texture16, SIMD2(px.p.x + 0.25, px.p.y - 0.5)) * 0.5 }),
    ]
}

// MARK: - Integer and float-bit functions, in Swift's fixed-width integers and Float

/// `bitsOfPixel` of BitFunctions.metal.
private func bitsOfPixel(_ x: Int, _ y: Int) -> UInt32 {
    (UInt32(x) &* 2654435761) ^ (UInt32(y) &* 40503 &+ 0x9e37_79b9)
}
/// Six bits of a value as a channel (bits 26-31, or the low six).
private func top6(_ v: UInt32) -> Double { Double(v >> 26) / 63 }
private func rotl(_ v: UInt32, _ n: Int) -> UInt32 { let s = UInt32(truncatingIfNeeded: n) & 31; return s == 0 ? v : (v << s) | (v >> (32 - s)) }
/// Bits [offset, offset + bits) of v, shifted down (sign-extended when `signed`).
private func field(_ v: UInt32, _ offset: Int, _ bits: Int, signed: Bool) -> Int64 {
    let raw = Int64((v >> UInt32(offset)) & ((1 << UInt32(bits)) - 1))
    return signed && raw >= (1 << (bits - 1)) ? raw - (1 << bits) : raw
}
private func insert(_ base: UInt32, _ value: UInt32, _ offset: Int, _ bits: Int) -> UInt32 {
    let mask = ((UInt32(1) << UInt32(bits)) - 1) << UInt32(offset)
    return (base & ~mask) | ((value << UInt32(offset)) & mask)
}
private func saturated(_ v: Int64) -> Int32 { Int32(min(max(v, Int64(Int32.min)), Int64(Int32.max))) }
/// frexp as C defines it: x = m * 2^e, 0.5 <= |m| < 1.
private func frexpParts(_ x: Double) -> (m: Double, e: Int) { let e = Int(x.exponent) + 1; return (x / pow(2, Double(e)), e) }

extension MetalCorpus {
    static let bits: [CorpusCase] = [
        CorpusCase(file: "BitFunctions.metal", function: "bitCounts", kind: .color, check: .model { px in
            let v = bitsOfPixel(px.x, px.y), s = v >> UInt32(px.y % 32), t = v << UInt32(px.x % 32)
            return rgba(Double(v.nonzeroBitCount) / 32, Double(s.leadingZeroBitCount) / 32, Double(t.trailingZeroBitCount) / 32, 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "bitFields", kind: .color, check: .model { px in
            let v = bitsOfPixel(px.x, px.y)
            var reversed: UInt32 = 0
            for k in 0..<32 where v & (1 << UInt32(k)) != 0 { reversed |= 1 << UInt32(31 - k) }
            let e = field(v, px.x % 20, 6, signed: true)
            return rgba(top6(reversed), top6(rotl(v, px.y * 3)), Double(e + 32) / 63, 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "bitInserts", kind: .color, check: .model { px in
            let v = bitsOfPixel(px.x, px.y)
            let a = insert(v, 0x2a, px.x % 26, 6)
            let b = insert(v, 0xffff_ffff, 3, 4)
            return rgba(Double(field(a, px.y % 26, 6, signed: false)) / 63, Double(b & 0x3f) / 63, top6(rotl(v, px.x - 16)), 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "saturatingSigned", kind: .color, check: .model { px in
            let v = bitsOfPixel(px.x, px.y)
            let a = Int64(Int32(bitPattern: v)), b = Int64(Int32(bitPattern: v &* 747796405 &+ 1))
            let s = saturated(a + b), d = saturated(a - b), h = Int32((a + b) >> 1)
            return rgba(top6(UInt32(bitPattern: s)), top6(UInt32(bitPattern: d)), top6(UInt32(bitPattern: h)), 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "saturatingUnsigned", kind: .color, check: .model { px in
            let a = bitsOfPixel(px.x, px.y), b = a &* 747796405 &+ 1
            let s = UInt32(min(UInt64(a) + UInt64(b), UInt64(UInt32.max))), d = a >= b ? a - b : 0
            let absdiff = max(a, b) - min(a, b), rhadd = UInt32((UInt64(a) + UInt64(b) + 1) >> 1)
            return rgba(top6(s), top6(d), top6(absdiff &+ rhadd), 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "highProducts", kind: .color, check: .model { px in
            let a = bitsOfPixel(px.x, px.y), b = a &* 747796405 &+ 1
            let hu = UInt32((UInt64(a) * UInt64(b)) >> 32)
            let product = Int64(Int32(bitPattern: a)) * Int64(Int32(bitPattern: b))
            let hs = Int32(truncatingIfNeeded: product >> 32) &+ Int32(px.x)
            let m = (a & 0xfff) * (b & 0xfff) + UInt32(px.y) + (a & 0xff) * 3
            return rgba(top6(hu), top6(UInt32(bitPattern: hs)), Double(m >> 18) / 63, 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "piFunctions", kind: .color, check: .model { px in
            let u = px.p.x / 32, v = px.p.y / 24
            return rgba(sin(.pi * u) * 0.5 + cos(.pi * v) * 0.25 + 0.25, asin(u * 2 - 1) / .pi + 0.5, atan2(v - 0.5, u - 0.5) / .pi * 0.5 + 0.5, 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "morePiFunctions", kind: .color, check: .model { px in
            let u = px.p.x / 32, v = px.p.y / 24
            return rgba(acos(u * 2 - 1) / .pi, atan(v * 4 - 2) / .pi + 0.5, tan(.pi * (u * 0.4 - 0.2)) * 0.5 + 0.5, 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "floatParts", kind: .color, check: .model { px in
            let x = (Double(px.x) - 15.25) * pow(2, Double(px.y - 12))
            let (m, e) = frexpParts(x)
            return rgba(abs(m) * 2 - 1, Double(e + 16) / 32, (Double(x.exponent) + 16) / 32, 1) }),
        CorpusCase(file: "BitFunctions.metal", function: "floatSteps", kind: .color, check: .model { px in
            let x = Float((Double(px.x) - 15.25) * pow(2, Double(px.y - 12)))
            let up = x.nextUp - x
            let d = max(px.p.x / 32 - px.p.y / 24, 0) + max(0.25 - 0.5, 0)
            return rgba(Double(Int(up.exponent) + 40) / 64, d, Double(Int(x.exponent) + 16) / 32, 1) }),
    ]
}

@Suite(.serialized) struct MetalCorpusTests {
    /// Renders one case over the corpus picture and checks it.
    @Test(arguments: MetalCorpus.cases) func corpusFunction(_ c: CorpusCase) throws {
        let library = try MetalCorpus.library(c.file)
        let resolved = try library.resolve(function: c.function, kind: nil)
        #expect(resolved.kind == c.kind, "\(c.function) is inferred as a \(resolved.kind.rawValue) effect")
        let effect = Effect(kind: c.kind, shader: Shader(function: library.function(c.function), arguments: c.arguments),
                            maxSampleOffset: c.maxSampleOffset)
        let input = MetalCorpus.picture
        let out = try TestGPU.get().render(input, effects: [effect])
        try #require(out.width == input.width && out.height == input.height)
        var worst: (difference: Double, x: Int, y: Int, got: SIMD4<Float>, expected: SIMD4<Double>) = (0, 0, 0, .zero, .zero)
        let exact: RGBAImage?
        if case let .exact(make) = c.check { exact = make(input) } else { exact = nil }
        for y in 0..<input.height {
            for x in 0..<input.width {
                let expected: SIMD4<Double>
                switch c.check {
                case let .model(model):
                    let pixel = CorpusPixel(x: x, y: y, c: double(input[x, y]), image: input)
                    expected = c.kind == .fill ? model(pixel) * Double(input[x, y].w) : model(pixel)
                case .exact:
                    expected = double(exact![x, y])
                }
                let got = out[x, y]
                let d = double(got) - expected
                let difference = max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
                if !(difference <= worst.difference) { worst = (difference.isNaN ? .infinity : difference, x, y, got, expected) }
            }
        }
        let check = {
            switch c.check {
            case .exact:
                #expect(worst.difference == 0, "\(c.function): not exact: \(worst.got) where \(worst.expected) at \(worst.x),\(worst.y)")
            case .model:
                #expect(worst.difference <= 1.0 / 255 + 1e-6,
                        "\(c.function): \(worst.difference * 255) levels off at \(worst.x),\(worst.y): \(worst.got), expected \(worst.expected)")
            }
        }
        if let bug = c.knownBug { withKnownIssue(Comment(rawValue: bug), check) } else { check() }
    }

    /// Every stitchable function of the corpus has a case, and there are at least 40.
    @Test func everyCorpusFunctionIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: MetalCorpus.folder.path).filter { $0.hasSuffix(".metal") }
        var functions: [String] = []
        for file in files.sorted() {
            functions += try MetalCorpus.library(file).effectFunctions().map { "\(file): \($0.name)" }
        }
        let checked = Set(MetalCorpus.cases.map { "\($0.file): \($0.function)" })
        #expect(Set(functions) == checked, "unchecked: \(Set(functions).subtracting(checked).sorted()); missing: \(checked.subtracting(functions).sorted())")
        #expect(functions.count >= 40)
        #expect(Set(MetalCorpus.cases.map(\.kind)) == Set(EffectKind.allCases))
    }

    /// The corpus folder as one library, as Xcode compiles a target's .metal files: every
    /// function keeps its kind.
    @Test func theCorpusFolderIsOneLibrary() throws {
        let library = try ShaderLibrary(contentsOf: MetalCorpus.folder.path)
        let kinds = Dictionary(library.effectFunctions().map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
        for c in MetalCorpus.cases { #expect(kinds[c.function] == c.kind, "\(c.function)") }
        let out = try TestGPU.get().render(MetalCorpus.picture, effects: [.colorEffect(library.identity())])
        #expect(out == MetalCorpus.picture)
    }
}
