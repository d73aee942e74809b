import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXCore
@testable import ShaderFXGolden

/// ꟻLIP against NVIDIA's own implementation and against properties the paper states.
@Suite struct FLIPTests {
    /// NVIDIA's ꟻLIP (PyPI's flip-evaluator 1.7) on each pair, from `scripts/flip-oracle.py`:
    /// (picture, change, pixels per degree, mean error).
    static let nvidiaMeans: [(String, String, Double, Double)] = [
        ("CoverArt", "shifted", 67, 0.019242), ("CoverArt", "shifted", 30, 0.014069),
        ("CoverArt", "tinted", 67, 0.464537), ("CoverArt", "tinted", 30, 0.462054),
        ("CoverArt", "boxed", 67, 0.005613), ("CoverArt", "boxed", 30, 0.006529),
        ("PalmTreeBeach", "shifted", 67, 0.032923), ("PalmTreeBeach", "shifted", 30, 0.027561),
        ("PalmTreeBeach", "tinted", 67, 0.439369), ("PalmTreeBeach", "tinted", 30, 0.429161),
        ("PalmTreeBeach", "boxed", 67, 0.028297), ("PalmTreeBeach", "boxed", 30, 0.030940),
    ]

    /// 8-bit levels of a picture's 160×120 region from (200, 240), as the oracle script reads it.
    static func region(_ name: String) throws -> [[SIMD3<Int>]] {
        let image = try PNG.read(path: repositoryRoot.appendingPathComponent("examples/views/\(name).png").path)
        return (240..<360).map { y in
            (200..<360).map { x in
                let p = image[x, y]
                return SIMD3(Int((p.x * 255).rounded()), Int((p.y * 255).rounded()), Int((p.z * 255).rounded()))
            }
        }
    }

    /// The script's changes, each exact in 8 bits.
    static func changed(_ rows: [[SIMD3<Int>]], _ change: String) -> [[SIMD3<Int>]] {
        let h = rows.count, w = rows[0].count
        switch change {
        case "shifted":
            return rows.map { row in (0..<w).map { row[($0 + w - 1) % w] } }
        case "tinted":
            func level(_ v: Int, _ f: Double) -> Int { min(max(Int((Double(v) * f + 0.5).rounded(.down)), 0), 255) }
            return rows.map { $0.map { SIMD3($0.x, level($0.y, 0.9), level($0.z, 1.1)) } }
        default:
            return (0..<h).map { y in
                (0..<w).map { x in
                    var sum = SIMD3<Int>.zero
                    for dy in -1...1 { for dx in -1...1 { sum &+= rows[min(max(y + dy, 0), h - 1)][min(max(x + dx, 0), w - 1)] } }
                    return (sum &* 2 &+ 9) / 18
                }
            }
        }
    }

    static func picture(_ rows: [[SIMD3<Int>]]) -> RGBAImage {
        var image = RGBAImage(width: rows[0].count, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, c) in row.enumerated() { image[x, y] = SIMD4(Float(c.x) / 255, Float(c.y) / 255, Float(c.z) / 255, 1) }
        }
        return image
    }

    @Test(arguments: nvidiaMeans)
    func agreesWithNVIDIAsImplementation(_ name: String, _ change: String, _ ppd: Double, _ expected: Double) throws {
        // The issue asks for 3 %; this implementation is within 0.1 % of NVIDIA's on these pairs.
        let reference = try Self.region(name)
        let (report, map) = try FLIPEvaluator(pixelsPerDegree: ppd).compare(reference: Self.picture(reference),
                                                                           test: Self.picture(Self.changed(reference, change)))
        #expect(abs(report.mean / expected - 1) < 0.01, "\(name) \(change) at \(ppd) ppd: \(report.mean), NVIDIA's \(expected)")
        #expect(map.count == 160 * 120)
        #expect(map.allSatisfy { (0...1).contains($0) })
    }

    /// NVIDIA's ꟻLIP on pairs of shader renders (the golden suite's references, whole), from the
    /// second part of `scripts/flip-oracle.py`.
    static let nvidiaRenderMeans: [(String, String, Double, Double)] = [
        ("shimmer/t0.5", "shimmer/t1.5", 67, 0.506548), ("shimmer/t0.5", "shimmer/t1.5", 30, 0.504093),
        ("ripple/t0.05", "shimmer/t0.5", 67, 0.134798), ("ripple/t0.05", "shimmer/t0.5", 30, 0.134427),
    ]

    @Test(arguments: nvidiaRenderMeans)
    func agreesWithNVIDIAsImplementationOnRenders(_ a: String, _ b: String, _ ppd: Double, _ expected: Double) throws {
        func render(_ name: String) throws -> RGBAImage {
            try PNG.read(path: repositoryRoot.appendingPathComponent("examples/golden-suite/\(name).png").path)
        }
        let (report, _) = try FLIPEvaluator(pixelsPerDegree: ppd).compare(reference: try render(a), test: try render(b))
        #expect(abs(report.mean / expected - 1) < 0.01, "\(a) against \(b) at \(ppd) ppd: \(report.mean), NVIDIA's \(expected)")
    }

    @Test func identicalPicturesHaveNoError() throws {
        let picture = Self.picture(try Self.region("CoverArt"))
        let (report, map) = try FLIPEvaluator().compare(reference: picture, test: picture)
        #expect(report.mean == 0 && report.max == 0 && report.maxAt == nil)
        #expect(map.allSatisfy { $0 == 0 })
    }

    @Test func greenAgainstBlueIsTheLargestError() {
        // The paper maps the largest colour distance, pure green against pure blue, onto 1; flat
        // pictures have no features, so the error is the colour error, 1 everywhere.
        let green = FLIPEvaluator.Picture(width: 8, height: 8, rgb: Array(repeating: SIMD3(0, 1, 0), count: 64))
        let blue = FLIPEvaluator.Picture(width: 8, height: 8, rgb: Array(repeating: SIMD3(0, 0, 1), count: 64))
        let map = FLIPEvaluator().errorMap(reference: green, test: blue)
        #expect(map.allSatisfy { abs($0 - 1) < 1e-5 })
        // Black against white is below it: 100 lightness units against green and blue's distance.
        let black = FLIPEvaluator.Picture(width: 8, height: 8, rgb: Array(repeating: .zero, count: 64))
        let white = FLIPEvaluator.Picture(width: 8, height: 8, rgb: Array(repeating: .one, count: 64))
        let grey = FLIPEvaluator().errorMap(reference: black, test: white)
        #expect(grey.allSatisfy { $0 > 0.9 && $0 < 1 })
    }

    @Test func aMissingEdgeWeighsMoreThanItsColour() throws {
        // A one-pixel line removed from a flat field is a feature the reference has and the test
        // lacks: the error there is above the colour error alone (the colour error raised to
        // 1 − feature error, below 1).
        let w = 32, h = 16
        var line = [SIMD3<Float>](repeating: SIMD3(repeating: 0.5), count: w * h)
        for y in 0..<h { line[y * w + 16] = SIMD3(repeating: 0.56) }
        let flat = [SIMD3<Float>](repeating: SIMD3(repeating: 0.5), count: w * h)
        let evaluator = FLIPEvaluator()
        let full = evaluator.errorMap(reference: .init(width: w, height: h, rgb: line), test: .init(width: w, height: h, rgb: flat))
        // The colour pipeline alone at the line's pixel: both pictures filtered, HyAB, remapped.
        let kernels = FLIPEvaluator.csfKernels(pixelsPerDegree: 67)
        let refLab = FLIPEvaluator.filteredLab(line.map(FLIPEvaluator.ycxcz), width: w, height: h, kernels: kernels)
        let testLab = FLIPEvaluator.filteredLab(flat.map(FLIPEvaluator.ycxcz), width: w, height: h, kernels: kernels)
        let i = 8 * w + 16
        let colour = FLIPEvaluator.remap(pow(FLIPEvaluator.hyab(refLab[i], testLab[i]), 0.7), cmax: FLIPEvaluator.maxColourDistance)
        #expect(colour > 0 && colour < 1)
        #expect(Double(full[i]) > colour * 1.2, "error \(full[i]), colour alone \(colour)")
    }

    @Test func theErrorPictureIsMagma() {
        let picture = FLIPEvaluator.errorPicture([0, 0.5, 1], width: 3, height: 1)
        // Magma's ends: nearly black at 0, pale yellow at 1; its middle a red-violet.
        #expect(picture[0, 0].x < 0.01 && picture[0, 0].w == 1)
        #expect(picture[2, 0].x > 0.98 && picture[2, 0].y > 0.98 && picture[2, 0].z > 0.7)
        #expect(picture[1, 0].x > 0.7 && picture[1, 0].z > 0.4 && picture[1, 0].y < 0.25)
    }

    @Test func differentSizesAreRefused() {
        #expect(throws: ComparisonError.self) {
            try FLIPEvaluator().compare(reference: RGBAImage(width: 4, height: 4), test: RGBAImage(width: 4, height: 5))
        }
    }
}
