import Foundation
import Testing
@testable import ShaderFXUI

/// The mask atlas and the batches it serves: shelf packing (never an overlap, never outside the
/// texture), and batched fills giving the pixels of fills drawn one by one, across several
/// atlas uploads, with the expected pixels computed here in Double (coverage / 255 × paint,
/// source-over in order).
@Suite struct MaskAtlasTests {
    typealias Random = ViewFileCorpusTests.SplitMix

    /// Whether two placed rectangles share a pixel.
    static func overlap(_ a: (SIMD2<Int>, SIMD2<Int>), _ b: (SIMD2<Int>, SIMD2<Int>)) -> Bool {
        a.0.x < b.0.x + b.1.x && b.0.x < a.0.x + a.1.x && a.0.y < b.0.y + b.1.y && b.0.y < a.0.y + a.1.y
    }

    @Test func packingNeverOverlapsAndStaysInside() {
        var random = Random(state: 0xA71A5)
        for (width, height) in [(1024, 1024), (300, 2000), (2048, 64)] {
            var packer = ShelfPacker(width: width, height: height)
            var placed: [(SIMD2<Int>, SIMD2<Int>)] = []
            var refused = 0
            for _ in 0..<600 {
                let size = SIMD2(Int.random(in: 1...320, using: &random), Int.random(in: 1...90, using: &random))
                guard let corner = packer.place(width: size.x, height: size.y) else { refused += 1; continue }
                #expect(corner.x >= 0 && corner.y >= 0 && corner.x + size.x <= width && corner.y + size.y <= height,
                        "\(size) at \(corner) leaves \(width)x\(height)")
                #expect(corner.x + size.x <= packer.usedWidth && corner.y + size.y <= packer.usedHeight)
                placed.append((corner, size))
            }
            for i in placed.indices {
                for j in placed.indices where j > i {
                    #expect(!Self.overlap(placed[i], placed[j]), "\(placed[i]) and \(placed[j]) overlap")
                }
            }
            // The area fills before it refuses: more than a third of it holds masks.
            let area = placed.reduce(0) { $0 + $1.1.x * $1.1.y }
            #expect(refused > 0 && area * 3 > width * height, "\(area) of \(width * height) texels used, \(refused) refused")
        }
    }

    @Test func shelvesTakeRowsOfEqualMasksAndRefuseWhatCannotFit() {
        var packer = ShelfPacker(width: 2048, height: 2048)
        // Fifty 80 × 40 masks: 25 on a 2048-wide shelf, so two shelves.
        let corners = (0..<50).compactMap { _ in packer.place(width: 80, height: 40) }
        #expect(corners.count == 50 && packer.usedHeight == 80 && packer.usedWidth == 2000)
        #expect(corners[24] == SIMD2(1920, 0) && corners[25] == SIMD2(0, 40))
        #expect(packer.place(width: 2049, height: 1) == nil && packer.place(width: 1, height: 2049) == nil)
        // A 40-row mask goes on a 40-row shelf with room; a 1000-row one opens a shelf below.
        #expect(packer.place(width: 40, height: 40) == SIMD2(2000, 0))
        #expect(packer.place(width: 500, height: 1000) == SIMD2(0, 80))
        #expect(packer.place(width: 100, height: 969) == SIMD2(500, 80))
        #expect(packer.place(width: 100, height: 969) == SIMD2(600, 80) && packer.usedHeight == 1080)
    }

    @Test func theStopTableKeepsEachGradientOnce() {
        let a = ResolvedGradient(Gradient(colors: [.red, .blue]))
        let b = ResolvedGradient(Gradient(colors: [.green, .white, .black]))
        var table = GradientStopTable()
        #expect(table.row(of: a) == 0 && table.row(of: b) == 2 && table.row(of: a) == 0)
        #expect(table.width == 3 && table.height == 4)
        let texels = table.texels
        // Row 2 (b's colours), texel 1 is white; row 3 (b's locations) holds 0, 0.5, 1.
        #expect(Array(texels[(2 * 3 + 1) * 4..<(2 * 3 + 2) * 4]) == b.stops[1].color.scalars)
        let locations: [Float] = (0..<3).map { i in texels[(3 * 3 + i) * 4] }
        #expect(locations == b.stops.map(\.location))
        // a's rows past its two stops are zero.
        #expect(Array(texels[2 * 4..<3 * 4]) == [0, 0, 0, 0])
    }

    /// `count` masks of random sizes and coverage, some partly outside a `width` × `height`
    /// target, with random premultiplied colours and opacities.
    static func fills(count: Int, width: Int, height: Int, seed: UInt64) -> [(CoverageMask, SIMD4<Float>, Float)] {
        var random = Random(state: seed)
        return (0..<count).map { _ in
            let w = Int.random(in: 1...900, using: &random), h = Int.random(in: 1...500, using: &random)
            let x = Int.random(in: -200...(width - 50), using: &random), y = Int.random(in: -100...(height - 20), using: &random)
            let coverage = (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let alpha = Float(Int.random(in: 1...8, using: &random)) / 8
            let color = SIMD4<Float>(Float(Int.random(in: 0...8, using: &random)) / 8 * alpha,
                                     Float(Int.random(in: 0...8, using: &random)) / 8 * alpha, alpha / 2, alpha)
            return (CoverageMask(originX: x, originY: y, width: w, height: h, coverage: coverage), color,
                    Float(Int.random(in: 1...4, using: &random)) / 4)
        }
    }

    @Test func manyMasksAcrossSeveralUploadsGiveThePixelsOfFillsDrawnOneByOne() throws {
        let (width, height) = (1200, 1000)
        let fills = Self.fills(count: 60, width: width, height: height, seed: 0xF111)
        let background = SIMD4<Float>(0.1, 0.2, 0.3, 0.5)
        var uploads = 0
        let batched = try PaintGPU.render(width: width, height: height, background: background) { pipeline, target in
            let before = pipeline.maskUploadCount
            try pipeline.batched {
                for (mask, color, opacity) in fills {
                    try pipeline.fill(.solid(color), mask: mask, into: target, userToDevice: .identity, opacity: opacity)
                }
                #expect(pipeline.queuedCount > 0, "the last fills wait for the end of the batch")
            }
            #expect(pipeline.queuedCount == 0)
            uploads = pipeline.maskUploadCount - before
        }
        // The masks hold about 7 million texels, a 2048 × 2048 atlas 4 million: the batch must
        // upload the atlas more than once.
        #expect(uploads >= 2 && uploads < fills.count, "\(uploads) atlas uploads for \(fills.count) fills")
        let oneByOne = try PaintGPU.render(width: width, height: height, background: background) { pipeline, target in
            for (mask, color, opacity) in fills {
                try pipeline.fill(.solid(color), mask: mask, into: target, userToDevice: .identity, opacity: opacity)
            }
        }
        // Counted, not compared as arrays: a failure then reports a number, not millions of values.
        let differing = zip(batched.pixels, oneByOne.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) values differ")
        // And both are the fills composited in order, in Double.
        var expected = [SIMD4<Double>](repeating: SIMD4<Double>(background), count: width * height)
        for (mask, color, opacity) in fills {
            for y in stride(from: max(mask.originY, 0), to: min(mask.originY + mask.height, height), by: 1) {
                for x in stride(from: max(mask.originX, 0), to: min(mask.originX + mask.width, width), by: 1) {
                    let source = SIMD4<Double>(color) * (Double(mask[x, y]) / 255 * Double(opacity))
                    expected[y * width + x] = over(source, expected[y * width + x])
                }
            }
        }
        expectPixels(batched, tolerance: 2e-5, "batched fills") { x, y in expected[y * width + x] }
    }

    @Test func masksKeptInTheAtlasAreNotUploadedAgainAndNewOnesAre() throws {
        try PaintGPU.run { context, pipeline in
            let target = try Framebuffer(context: context, width: 16, height: 8)
            let kept = CoverageMask(originX: 2, originY: 1, width: 6, height: 5, coverage: (0..<30).map { UInt8($0 * 8) })
            // Drawn each frame: uploaded the first time only.
            let before = pipeline.maskUploadCount
            for _ in 0..<3 {
                try pipeline.batched {
                    try pipeline.clear(target)
                    try pipeline.fill(.solid(SIMD4(1, 1, 1, 1)), mask: kept, into: target, userToDevice: .identity)
                }
            }
            #expect(pipeline.maskUploadCount - before == 1)
            // Masks made and let go one after another, all the same size: the allocator may give
            // one the storage of the one before, and each must still be drawn with its own coverage.
            for i in 0..<60 {
                let value = UInt8(i * 4 + 3)
                let fresh = CoverageMask(originX: 0, originY: 0, width: 16, height: 8, coverage: [UInt8](repeating: value, count: 128))
                try pipeline.clear(target)
                try pipeline.fill(.solid(SIMD4(1, 1, 1, 1)), mask: fresh, into: target, userToDevice: .identity)
                let pixels = try target.read(x: 0, y: 0, width: 16, height: 8).pixels
                #expect(pixels.allSatisfy { abs($0 - Float(value) / 255) < 1e-6 }, "mask \(i)")
            }
            #expect(pipeline.maskUploadCount - before == 61)
        }
    }

    @Test func aBatchKeepsOrderAcrossClearsGradientsRectanglesAndLayersReadBack() throws {
        let (width, height) = (400, 300)
        let fills = Self.fills(count: 24, width: width, height: height, seed: 0xBA7C)
        let gradients = [ResolvedGradient(Gradient(colors: [.red, .blue])),
                         ResolvedGradient(Gradient(colors: [.green, Color(red: 1, green: 1, blue: 0, opacity: 0.5), .black]))]
        // Fills into a layer, the layer drawn into the target as a texture paint, then the layer
        // cleared and used again, gradients and rectangles between: in one batch and one by one.
        func draw(_ pipeline: PaintPipeline, _ target: Framebuffer, _ layer: Framebuffer) throws {
            for (k, (mask, color, opacity)) in fills.enumerated() {
                let into = k % 3 == 0 ? layer : target
                let paint: ResolvedPaint = k % 4 == 1
                    ? .linear(gradients[k % 2], start: CGPoint(x: CGFloat(mask.originX), y: CGFloat(mask.originY)),
                              end: CGPoint(x: CGFloat(mask.originX + mask.width), y: CGFloat(mask.originY + mask.height / 2)))
                    : .solid(color)
                try pipeline.fill(paint, mask: mask, into: into, userToDevice: .identity, opacity: opacity)
                if k % 6 == 5 {
                    try pipeline.fill(.texture(layer.texture, rect: CGRect(x: 0, y: 0, width: width, height: height), filter: .nearest),
                                      rect: CGRect(x: 0, y: 0, width: width, height: height), into: target, userToDevice: .identity,
                                      opacity: 0.75)
                    try pipeline.clear(layer)
                }
                if k % 8 == 7 {
                    try pipeline.fill(.solid(SIMD4(0.2, 0.1, 0, 0.4)), rect: CGRect(x: 10, y: 20, width: 200, height: 100), into: target,
                                      userToDevice: .identity)
                }
            }
        }
        func picture(batched: Bool) throws -> RGBAImage {
            try PaintGPU.run { context, pipeline in
                let layer = try Framebuffer(context: context, width: width, height: height)
                layer.clear()
                let target = try Framebuffer(context: context, width: width, height: height)
                target.clear(to: SIMD4(0, 0, 0.2, 0.4))
                if batched {
                    try pipeline.batched { try draw(pipeline, target, layer) }
                } else {
                    try draw(pipeline, target, layer)
                }
                return try target.read(x: 0, y: 0, width: width, height: height)
            }
        }
        let one = try picture(batched: false), all = try picture(batched: true)
        let differing = zip(one.pixels, all.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) values differ")
        #expect(Set(one.pixels).count > 100, "the picture is not blank")
    }

    @Test func anOpaqueWholeTargetFillIsTheColourExactly() throws {
        let color = SIMD4<Float>(0.25, 0.5, 0.125, 1)
        let image = try PaintGPU.render(width: 30, height: 20, background: SIMD4(0.9, 0.1, 0.3, 0.7)) { pipeline, target in
            try pipeline.fill(.solid(color), rect: CGRect(x: 0, y: 0, width: 30, height: 20), into: target, userToDevice: .identity)
            // Half opacity over it is then source-over of the colour onto itself.
            try pipeline.fill(.solid(SIMD4(1, 0, 0, 1)), rect: CGRect(x: 0, y: 0, width: 30, height: 10), into: target,
                              userToDevice: .identity, opacity: 0.5)
        }
        expectPixels(image, tolerance: 1e-6, "background") { x, y in
            y < 10 ? over(SIMD4(0.5, 0, 0, 0.5), SIMD4<Double>(color)) : SIMD4<Double>(color)
        }
    }
}

private extension SIMD4 where Scalar == Float {
    var scalars: [Float] { [x, y, z, w] }
}
