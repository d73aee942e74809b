import Foundation
import Testing
@testable import ShaderFXUI

/// One surfaceless context and paint pipeline for the tests that draw, made on first use.
/// `withCurrent` serialises the tests' threads on it.
enum PaintGPU {
    nonisolated(unsafe) private static let shared = Result { () throws -> (GPUContext, PaintPipeline) in
        let context = try GPUContext(options: GPUOptions(backend: .surfaceless))
        return (context, try context.withCurrent { try PaintPipeline(context: context) })
    }

    /// Runs `body` with the context current.
    static func run<T>(_ body: (GPUContext, PaintPipeline) throws -> T) throws -> T {
        let (context, pipeline) = try shared.get()
        return try context.withCurrent { try body(context, pipeline) }
    }

    /// A `width` × `height` float target, cleared to `background` (premultiplied), after `draw`.
    static func render(width: Int, height: Int, background: SIMD4<Float> = .zero,
                       _ draw: (PaintPipeline, Framebuffer) throws -> Void) throws -> RGBAImage {
        try run { context, pipeline in
            let target = try Framebuffer(context: context, width: width, height: height)
            target.clear(to: background)
            try draw(pipeline, target)
            return try target.read(x: 0, y: 0, width: width, height: height)
        }
    }
}

/// The largest difference between `image` and `expected(x, y)` (premultiplied, in Double) over
/// the pixels where `expected` is not nil, with where it is; fails the test above `tolerance`.
@discardableResult
func expectPixels(_ image: RGBAImage, tolerance: Double, _ what: String = "",
                  sourceLocation: SourceLocation = #_sourceLocation,
                  _ expected: (Int, Int) -> SIMD4<Double>?) -> Int {
    var worst = 0.0, at = (0, 0), compared = 0
    for y in 0..<image.height {
        for x in 0..<image.width {
            guard let e = expected(x, y) else { continue }
            compared += 1
            let d = maxDifference(SIMD4<Double>(image[x, y]), e)
            if !(d <= worst) { (worst, at) = (d.isNaN ? .infinity : d, (x, y)) }
        }
    }
    #expect(worst <= tolerance, "\(what): \(worst) at \(at), got \(image[at.0, at.1]), expected \(String(describing: expected(at.0, at.1)))",
            sourceLocation: sourceLocation)
    return compared
}

/// Premultiplies a straight colour.
func premultiply(_ c: SIMD4<Double>) -> SIMD4<Double> { SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w) }

/// Source-over of premultiplied `source` onto `destination`.
func over(_ source: SIMD4<Double>, _ destination: SIMD4<Double>) -> SIMD4<Double> { source + destination * (1 - source.w) }

/// The pixel centre of device pixel (x, y) mapped to user space by the inverse of the affine
/// map (a, b, c, d, tx, ty), inverted here by Cramer's rule.
func userPoint(_ x: Int, _ y: Int, _ t: CGAffineTransform = .identity) -> SIMD2<Double> {
    let px = Double(x) + 0.5 - Double(t.tx), py = Double(y) + 0.5 - Double(t.ty)
    let det = Double(t.a * t.d - t.b * t.c)
    return SIMD2((Double(t.d) * px - Double(t.c) * py) / det, (Double(t.a) * py - Double(t.b) * px) / det)
}

/// The pipeline itself: masks and coverage, compositing, viewports, the transform, texture
/// paints, the rectangle fill, caches and errors. Every expected pixel is computed here in
/// Double from the definition (coverage / 255 × paint, source-over, the inverse transform,
/// bilinear filtering), never by the pipeline's code.
///
/// Tolerance 1e-5 for solid paints (the only error is Float rounding of values near 1), 1e-3
/// where a formula is evaluated in Float on the GPU (positions of up to 100 points carry
/// errors near 1e-5 into the parameter; 1e-3 leaves room for a half-float target's 2^-11).
@Suite struct PaintPipelineTests {
    static let paint = SIMD4<Float>(0.6, 0.3, 0.15, 0.75)   // premultiplied
    static let background = SIMD4<Float>(0.1, 0.2, 0.3, 0.5)

    @Test func coverageScalesThePaintAndSourceOverKeepsTheDestination() throws {
        // A 6 × 4 mask at (3, 2) with coverage 0, 128, 255 and others, onto a non-empty target.
        let coverage: [UInt8] = (0..<24).map { [0, 128, 255, 64, 1, 200][$0 % 6] }
        let mask = CoverageMask(originX: 3, originY: 2, width: 6, height: 4, coverage: coverage)
        let image = try PaintGPU.render(width: 12, height: 8, background: Self.background) { pipeline, target in
            try pipeline.fill(.solid(Self.paint), mask: mask, into: target, userToDevice: .identity, opacity: 0.8)
        }
        let destination = SIMD4<Double>(Self.background)
        expectPixels(image, tolerance: 1e-5, "masked solid") { x, y in
            let c = Double(mask[x, y]) / 255
            return over(SIMD4<Double>(Self.paint) * c * 0.8, destination)
        }
        // Coverage 128 is half the paint (128/255) over the destination.
        let half = image[4, 2]
        #expect(abs(Double(half.w) - (0.75 * 128 / 255 * 0.8 + 0.5 * (1 - 0.75 * 128 / 255 * 0.8))) < 1e-5)
        #expect(image[0, 0] == Self.background && image[11, 7] == Self.background)
    }

    @Test func aMaskPartlyOutsideTheTargetIsClipped() throws {
        var coverage = [UInt8](repeating: 0, count: 10 * 10)
        for i in coverage.indices { coverage[i] = UInt8((i * 37) % 256) }
        let mask = CoverageMask(originX: -4, originY: 3, width: 10, height: 10, coverage: coverage)
        let image = try PaintGPU.render(width: 8, height: 8) { pipeline, target in
            try pipeline.fill(.solid(SIMD4(1, 1, 1, 1)), mask: mask, into: target, userToDevice: .identity)
            // Entirely outside: nothing happens, no error.
            try pipeline.fill(.solid(SIMD4(1, 0, 0, 1)), mask: CoverageMask(originX: 20, originY: 0, width: 4, height: 4,
                                                                          coverage: [UInt8](repeating: 255, count: 16)),
                              into: target, userToDevice: .identity)
            try pipeline.fill(.solid(SIMD4(1, 0, 0, 1)), mask: .empty, into: target, userToDevice: .identity)
        }
        expectPixels(image, tolerance: 1e-6, "clipped mask") { x, y in SIMD4(repeating: Double(mask[x, y]) / 255) }
    }

    @Test func theMaskTextureGrowsAndIsReused() throws {
        try PaintGPU.run { context, pipeline in
            let target = try Framebuffer(context: context, width: 600, height: 40)
            func fill(_ w: Int, _ h: Int) throws {
                let mask = CoverageMask(originX: 0, originY: 0, width: w, height: h, coverage: [UInt8](repeating: 255, count: w * h))
                try pipeline.fill(.solid(SIMD4(1, 1, 1, 1)), mask: mask, into: target, userToDevice: .identity)
            }
            try fill(10, 10)
            let first = pipeline.maskTextureSize
            #expect(first.x >= 10 && first.y >= 10)
            try fill(300, 20)
            let grown = pipeline.maskTextureSize
            #expect(grown.x >= 300 && grown.y >= 20)
            try fill(5, 5)
            #expect(pipeline.maskTextureSize == grown)
        }
    }

    @Test func rectangleFillsCoverThePixelsWhoseCentresAreInside() throws {
        let image = try PaintGPU.render(width: 10, height: 8, background: Self.background) { pipeline, target in
            try pipeline.fill(.solid(Self.paint), rect: CGRect(x: 2.3, y: 1.7, width: 5, height: 3), into: target, userToDevice: .identity)
        }
        // Centres x + 0.5 in [2.3, 7.3): x = 2...6; y + 0.5 in [1.7, 4.7): y = 2...4.
        expectPixels(image, tolerance: 1e-5, "rectangle") { x, y in
            (2...6).contains(x) && (2...4).contains(y) ? over(SIMD4<Double>(Self.paint), SIMD4<Double>(Self.background)) : SIMD4<Double>(Self.background)
        }
    }

    @Test func aRotatedScaledTransformPaintsInUserSpace() throws {
        // A linear gradient from (0, 0) to (20, 0) in user space, drawn through a rotation by
        // 30°, a scale of 1.5 and a translation; each pixel's user point is found by inverting
        // the transform here.
        let t = CGAffineTransform(translationX: 20, y: 6).rotated(by: .pi / 6).scaledBy(x: 1.5, y: 1.5)
        let gradient = ResolvedGradient(Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, opacity: 0.5)]))
        let image = try PaintGPU.render(width: 48, height: 40) { pipeline, target in
            try pipeline.fill(.linear(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 20, y: 0)),
                              rect: CGRect(x: 0, y: 0, width: 48, height: 40), into: target, userToDevice: t)
        }
        expectPixels(image, tolerance: 1e-3, "rotated linear gradient") { x, y in
            let p = userPoint(x, y, t)
            let s = min(max(p.x / 20, 0), 1)
            return premultiply(SIMD4(1 - s, 0, s, 1 - 0.5 * s))
        }
        // The rotation is clockwise on screen (y down): user (10, 0), half-way, lands at
        // device (20 + 15 cos 30°, 6 + 15 sin 30°), below the translation's row.
        let mid = image[Int(20 + 15 * cos(Double.pi / 6)), Int(6 + 15 * sin(Double.pi / 6))]
        #expect(abs(mid.w - 0.75) < 0.05)
    }

    /// A 4 × 3 texture of distinct premultiplied texels.
    static let texels: RGBAImage = {
        var image = RGBAImage(width: 4, height: 3)
        for y in 0..<3 {
            for x in 0..<4 {
                let a = Float(1 + x + 4 * y) / 12
                image[x, y] = SIMD4(a * Float(x) / 3, a * Float(y) / 2, a * 0.5, a)
            }
        }
        return image
    }()

    @Test func texturePaintSamplesNearestTexels() throws {
        let rect = CGRect(x: 6, y: 4, width: 40, height: 30)   // 10 × 10 points a texel
        let image = try PaintGPU.render(width: 52, height: 40, background: Self.background) { pipeline, target in
            let texture = try Texture(context: pipeline.context, image: Self.texels)
            try pipeline.fill(.texture(texture, rect: rect, filter: .nearest), rect: CGRect(x: 0, y: 0, width: 52, height: 40),
                              into: target, userToDevice: .identity)
        }
        expectPixels(image, tolerance: 1e-6, "nearest texels") { x, y in
            let p = userPoint(x, y)
            let u = (p.x - 6) / 40, v = (p.y - 4) / 30
            guard (0...1).contains(u), (0...1).contains(v) else { return SIMD4<Double>(Self.background) }
            let texel = SIMD4<Double>(Self.texels[min(Int(u * 4), 3), min(Int(v * 3), 2)])
            return over(texel, SIMD4<Double>(Self.background))
        }
    }

    @Test func oneTextureDrawnNearestThenLinearInABatchKeepsEachFilter() throws {
        // A batch sets a picture's binding and filter only when they change from the draw before:
        // the same texture drawn with each filter in turn must give the pixels of each fill drawn alone.
        let rect = CGRect(x: 6, y: 4, width: 40, height: 30)
        let bands: [(CGRect, TextureFilter)] = [(CGRect(x: 0, y: 0, width: 18, height: 40), .nearest),
                                                (CGRect(x: 18, y: 0, width: 17, height: 40), .linear),
                                                (CGRect(x: 35, y: 0, width: 17, height: 40), .nearest)]
        func draw(batched: Bool) throws -> RGBAImage {
            try PaintGPU.render(width: 52, height: 40) { pipeline, target in
                let texture = try Texture(context: pipeline.context, image: Self.texels)
                func fills() throws {
                    for (band, filter) in bands {
                        try pipeline.fill(.texture(texture, rect: rect, filter: filter), rect: band, into: target, userToDevice: .identity)
                    }
                }
                if batched { try pipeline.batched(fills) } else { try fills() }
            }
        }
        let alone = try draw(batched: false)
        #expect(try draw(batched: true) == alone)
        // And the bands differ: the middle one is filtered, the others are not.
        #expect(alone != (try PaintGPU.render(width: 52, height: 40) { pipeline, target in
            let texture = try Texture(context: pipeline.context, image: Self.texels)
            try pipeline.fill(.texture(texture, rect: rect, filter: .nearest), rect: CGRect(x: 0, y: 0, width: 52, height: 40),
                              into: target, userToDevice: .identity)
        }))
    }

    @Test func texturePaintFiltersBilinearly() throws {
        let rect = CGRect(x: 6, y: 4, width: 40, height: 30)
        let image = try PaintGPU.render(width: 52, height: 40) { pipeline, target in
            let texture = try Texture(context: pipeline.context, image: Self.texels)
            try pipeline.fill(.texture(texture, rect: rect, filter: .linear), rect: CGRect(x: 0, y: 0, width: 52, height: 40),
                              into: target, userToDevice: .identity)
        }
        // Bilinear filtering with clamp-to-edge, by its definition (GLES 3.0 §3.8.10).
        func texel(_ i: Int, _ j: Int) -> SIMD4<Double> { SIMD4<Double>(Self.texels[min(max(i, 0), 3), min(max(j, 0), 2)]) }
        expectPixels(image, tolerance: 2e-3, "bilinear texels") { x, y in
            let p = userPoint(x, y)
            let u = (p.x - 6) / 40, v = (p.y - 4) / 30
            guard (0...1).contains(u), (0...1).contains(v) else { return .zero }
            let s = u * 4 - 0.5, t = v * 3 - 0.5
            let i = Int(s.rounded(.down)), j = Int(t.rounded(.down))
            let fx = s - Double(i), fy = t - Double(j)
            let top = texel(i, j) * (1 - fx) + texel(i + 1, j) * fx
            let bottom = texel(i, j + 1) * (1 - fx) + texel(i + 1, j + 1) * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    @Test func badInputIsAClearError() throws {
        try PaintGPU.run { context, pipeline in
            let target = try Framebuffer(context: context, width: 4, height: 4)
            let mask = CoverageMask(originX: 0, originY: 0, width: 1, height: 1, coverage: [255])
            let singular = CGAffineTransform(scaleX: 0, y: 1)
            #expect(throws: PaintError.singularTransform(singular)) {
                try pipeline.fill(.solid(SIMD4(1, 1, 1, 1)), mask: mask, into: target, userToDevice: singular)
            }
            let opacityError = #expect(throws: PaintError.self) {
                try pipeline.fill(.solid(SIMD4(1, 1, 1, 1)), mask: mask, into: target, userToDevice: .identity, opacity: .nan)
            }
            #expect(opacityError?.description == "opacity must be a finite number, got nan")
            #expect(throws: PaintError.nonFiniteGeometry("start or end point")) {
                try pipeline.fill(.linear(ResolvedGradient(Gradient(colors: [.red])), start: CGPoint(x: CGFloat.nan, y: 0), end: .zero),
                                  mask: mask, into: target, userToDevice: .identity)
            }
            let badMesh = MeshGradient(width: 3, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.red, .blue, .green, .white])
            #expect(throws: PaintError.invalidMesh("a 3 × 2 mesh gradient needs 6 points, got 4")) {
                try pipeline.fill(badMesh.paint(in: CGRect(x: 0, y: 0, width: 4, height: 4)), mask: mask, into: target, userToDevice: .identity)
            }
            #expect(throws: PaintError.nonFiniteGeometry("fill rectangle")) {
                try pipeline.fill(.solid(SIMD4(1, 1, 1, 1)), rect: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1),
                                  into: target, userToDevice: .identity)
            }
            let description = PaintError.singularTransform(singular).description
            #expect(description.contains("cannot be inverted"))
        }
    }

    @Test func meshesAreRasterisedOncePerMeshAndSize() throws {
        try PaintGPU.run { context, pipeline in
            let target = try Framebuffer(context: context, width: 32, height: 32)
            let mesh = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]],
                                    colors: [.red, .blue, .green, .white], background: .black, smoothsColors: false)
            let before = pipeline.cachedMeshCount
            let bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
            for _ in 0..<3 {
                try pipeline.fill(mesh.paint(in: bounds), rect: bounds, into: target, userToDevice: .identity)
            }
            #expect(pipeline.cachedMeshCount == min(before + 1, PaintPipeline.meshCacheLimit))
            try pipeline.fill(mesh.paint(in: bounds), rect: bounds, into: target, userToDevice: CGAffineTransform(scaleX: 2, y: 2))
            #expect(pipeline.cachedMeshCount == min(before + 2, PaintPipeline.meshCacheLimit))
        }
    }
}
