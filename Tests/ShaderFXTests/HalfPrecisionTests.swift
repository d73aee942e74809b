import Foundation
import Testing
@testable import ShaderFX

/// Apple precision, rendered: each kind of `half` operation under `precision: .apple` against the
/// same maths in Swift's `Float16` (IEEE binary16, rounded to nearest even), computed here apart
/// from the translator. The renderer's float framebuffer reads back the values themselves, so the
/// arithmetic is checked bit for bit and the functions to within one binary16 ulp.
@Suite struct HalfPrecisionTests {
    static let source = """
        #include <metal_stdlib>
        using namespace metal;

        [[ stitchable ]] half4 arith(float2 p, half4 c) {
            half u = half((p.x - 32.0) * 0.1037);
            half v = half((p.y - 16.0) * 0.513);
            return half4(u + v, u - v, u * v, u / v);
        }
        [[ stitchable ]] half4 range(float2 p, half4 c) {
            half u = half(p.x * 7.0);
            half v = half(p.y * 9.0);
            half tiny = half(p.x * 0.0001) * half(p.y * 0.0001);
            return half4(u * v, u * v * 2.0h, tiny, tiny * 1024.0h);
        }
        [[ stitchable ]] half4 fused(float2 p, half4 c) {
            half u = half((p.x - 32.0) * 0.1037);
            half v = half((p.y - 16.0) * 0.513);
            half w = half(p.x * 0.7731);
            return half4(u * v + w, w - u * v, fma(u, v, w), 0.0h);
        }
        [[ stitchable ]] half4 steps(float2 p, half4 c) {
            half h = 2046.0h + half(int(p.x) % 4);
            h++;
            half acc = 1.0h;
            for (int i = 0; i < 10; i++) { acc += 0.0002h; }
            half big = half(int(p.x) * 1000 + 1);
            return half4(h, acc, 0.1h, big);
        }
        [[ stitchable ]] half4 functions(float2 p, half4 c) {
            half u = half(p.x * 0.1037);
            return half4(sin(u), sqrt(u), exp(u * 0.1h), pow(u, 1.5h));
        }
        [[ stitchable ]] half4 vectors(float2 p, half4 c) {
            half3 a = half3(p.x, p.y, p.x + p.y) * 0.0371h;
            half3x3 m = half3x3(half3(1.1h, 0.2h, 0.3h), half3(0.4h, 1.5h, 0.6h), half3(0.7h, 0.8h, 1.9h));
            half3 b = m * a;
            return half4(b, dot(a, a));
        }
        [[ stitchable ]] half4 phase(float2 position, half4 color, float time) {
            half x = half(position.x) / 100.0h;
            half p = half(time) + x * 10.0h;
            half v = 0.5h + 0.5h * sin(p);
            constexpr half k = 0.1h;
            v += k;
            half3 c = half3(v, v * v, 1.0h - v);
            return half4(c, 1.0h) * color.a;
        }
        """

    static let apple = Result { try ShaderLibrary(metalSource: source, name: "Half.metal", precision: .apple) }
    static let float = Result { try ShaderLibrary(metalSource: source, name: "Half.metal") }

    static let size = (64, 32)

    /// `function` rendered over an opaque white picture, read back as floats.
    static func render(_ function: String, _ library: ShaderLibrary, _ arguments: Shader.Argument...) throws -> RGBAImage {
        let picture = RGBAImage(width: size.0, height: size.1, fill: SIMD4(1, 1, 1, 1))
        return try TestGPU.get().render(picture, effects: [.colorEffect(Shader(function: library.function(function), arguments: arguments))])
    }

    /// Every pixel's four channels against `model(x, y)` (pixel centres at `x + 0.5`).
    static func check(_ out: RGBAImage, _ model: (Float, Float) -> [Float16]) -> (worst: Float, exact: Int, total: Int) {
        var worst: Float = 0, exact = 0, total = 0
        for y in 0..<out.height {
            for x in 0..<out.width {
                let expected = model(Float(x) + 0.5, Float(y) + 0.5)
                let got = out[x, y]
                for k in 0..<4 {
                    let e = expected[k], g = got[k]
                    total += 1
                    if Float(e) == g || (e.isNaN && g.isNaN) { exact += 1; continue }
                    let error = e.isFinite ? abs(g - Float(e)) / Float(e.ulp) : .infinity
                    worst = max(worst, error)
                }
            }
        }
        return (worst, exact, total)
    }

    @Test func arithmeticIsRoundedAfterEachOperation() throws {
        let out = try Self.render("arith", try Self.apple.get())
        let result = Self.check(out) { px, py in
            let u = Float16((px - 32) * Float(0.1037)), v = Float16((py - 16) * Float(0.513))
            return [u + v, u - v, u * v, u / v]
        }
        #expect(result.exact == result.total, "worst \(result.worst) ulp, \(result.total - result.exact) values differ")
    }

    @Test func overflowGoesToInfinityAndSubnormalsAreKept() throws {
        let out = try Self.render("range", try Self.apple.get())
        var infinities = 0, subnormals = 0
        let result = Self.check(out) { px, py in
            let u = Float16(px * 7), v = Float16(py * 9)
            let tiny = Float16(px * Float(0.0001)) * Float16(py * Float(0.0001))
            if (u * v * 2).isInfinite { infinities += 1 }
            if tiny.isSubnormal { subnormals += 1 }
            return [u * v, u * v * 2, tiny, tiny * 1024]
        }
        #expect(infinities > 100 && subnormals > 100, "the inputs reach both ends: \(infinities) infinities, \(subnormals) subnormals")
        #expect(result.exact == result.total, "worst \(result.worst) ulp, \(result.total - result.exact) values differ")
    }

    @Test func aProductAddedIsFusedAsMetalsFastMathContractsIt() throws {
        let out = try Self.render("fused", try Self.apple.get())
        let result = Self.check(out) { px, py in
            let u = Float16((px - 32) * Float(0.1037)), v = Float16((py - 16) * Float(0.513)), w = Float16(px * Float(0.7731))
            return [w.addingProduct(u, v), w.addingProduct(-u, v), w.addingProduct(u, v), 0]
        }
        // Float sums of exact products rounded to binary16 are the fused result but for rare double roundings.
        #expect(result.worst <= 1)
        #expect(Double(result.exact) >= 0.99 * Double(result.total), "\(result.total - result.exact) of \(result.total) differ")
        // Rounded twice instead, many values would differ from the fused ones.
        let twice = Self.check(out) { px, py in
            let u = Float16((px - 32) * Float(0.1037)), v = Float16((py - 16) * Float(0.513)), w = Float16(px * Float(0.7731))
            return [u * v + w, w - u * v, w.addingProduct(u, v), 0]
        }
        #expect(twice.total - twice.exact > 50)
    }

    @Test func incrementsCompoundAssignmentsLiteralsAndIntegersRound() throws {
        let out = try Self.render("steps", try Self.apple.get())
        let result = Self.check(out) { px, _ in
            var h = Float16(2046) + Float16(Int(px) % 4)
            h += 1
            var acc = Float16(1)
            for _ in 0..<10 { acc += Float16(0.0002) }
            return [h, acc, Float16(0.1), Float16(Int(px) * 1000 + 1)]
        }
        #expect(result.exact == result.total, "worst \(result.worst) ulp, \(result.total - result.exact) values differ")
        #expect(out[0, 0].y == 1, "1 + 0.0002 is 1 in binary16, ten times over")
        #expect(out[3, 0].x == 2048, "2049 is not a binary16 value: 2048 + 1 stays 2048")
    }

    @Test func functionsAreComputedAtFloatAndRounded() throws {
        let out = try Self.render("functions", try Self.apple.get())
        let result = Self.check(out) { px, _ in
            let u = Float16(px * Float(0.1037))
            let e = u * Float16(0.1)
            return [Float16(sin(Float(u))), Float16(Float(u).squareRoot()), Float16(exp(Float(e))), Float16(pow(Float(u), 1.5))]
        }
        #expect(result.worst <= 1, "within one binary16 ulp")
        #expect(Double(result.exact) >= 0.9 * Double(result.total))
    }

    @Test func vectorsAndMatricesRoundPerComponent() throws {
        let out = try Self.render("vectors", try Self.apple.get())
        let m: [[Float16]] = [[1.1, 0.2, 0.3], [0.4, 1.5, 0.6], [0.7, 0.8, 1.9]]
        let result = Self.check(out) { px, py in
            let k = Float16(0.0371)
            let a = [Float16(px) * k, Float16(py) * k, Float16(px + py) * k]
            let b = (0..<3).map { i in Float16((0..<3).reduce(Float(0)) { $0 + Float(m[$1][i]) * Float(a[$1]) }) }
            return b + [Float16(a.reduce(Float(0)) { $0 + Float($1) * Float($1) })]
        }
        #expect(result.worst <= 1, "within one binary16 ulp")
        #expect(Double(result.exact) >= 0.95 * Double(result.total))
    }

    /// The case: a phase `half(time) + x * 10.0h` at 1000.3 s moves in steps of 0.5.
    static func phaseModel16(_ px: Float, time: Float) -> SIMD3<Float> {
        let x = Float16(px) / Float16(100)
        let p = Float16(time).addingProduct(x, Float16(10))
        var v = Float16(0.5).addingProduct(Float16(0.5), Float16(sin(Float(p))))
        v += Float16(0.1)
        return SIMD3(Float(v), Float(v * v), Float(1 - v))
    }

    static func phaseModel32(_ px: Float, time: Float) -> SIMD3<Float> {
        let p = time + px / 100 * 10
        let v = 0.5 + 0.5 * sin(p) + 0.1
        return SIMD3(v, v * v, 1 - v)
    }

    /// Largest difference in 8-bit levels between `out` and `model`.
    static func levels(_ out: RGBAImage, _ model: (Float) -> SIMD3<Float>) -> Float {
        var worst: Float = 0
        for y in 0..<out.height {
            for x in 0..<out.width {
                let m = model(Float(x) + 0.5), g = out[x, y]
                worst = max(worst, abs(g.x - m.x), abs(g.y - m.y), abs(g.z - m.z))
            }
        }
        return worst * 255
    }

    @Test func aHalfHeavyShaderMatchesEachModelInItsMode() throws {
        let time: Float = 1000.3
        let apple = try Self.render("phase", try Self.apple.get(), .float(time))
        let float = try Self.render("phase", try Self.float.get(), .float(time))
        #expect(Self.levels(apple, { Self.phaseModel16($0, time: time) }) <= 2)
        #expect(Self.levels(float, { Self.phaseModel32($0, time: time) }) <= 2)
        // And the two modes are far apart: the precision is what changes the picture.
        #expect(Self.levels(apple, { Self.phaseModel32($0, time: time) }) > 50)
        #expect(maxDifference(apple, float) * 255 > 50)
    }

    @Test func floatPrecisionLeavesHalfAtFloat() throws {
        let out = try Self.render("steps", try Self.float.get())
        #expect(out[0, 0].z == Float(0.1), "0.1h stays the float 0.1")
        #expect(abs(out[0, 0].y - 1.002) < 1e-5, "ten times 0.0002 added at float")
    }

    @Test func aFloatLineComputesAtFloat() throws {
        // Promoting the phase's line takes away the steps: the render comes within reach of float.
        let library = try ShaderLibrary(metalSource: Self.source, name: "Half.metal", precision: .apple,
                                        floatLines: [ShaderSourceLine(file: "Half.metal", line: 41)])
        #expect(library.source.contains("float p = time + x * 10.0;"), "\(library.source)")
        let promoted = try Self.render("phase", library, .float(1000.3))
        let float = try Self.render("phase", try Self.float.get(), .float(1000.3))
        #expect(maxDifference(promoted, float) * 255 < 3)
        #expect(try Self.apple.get().halfRoundingLines.contains(ShaderSourceLine(file: "Half.metal", line: 41)))
    }
}
