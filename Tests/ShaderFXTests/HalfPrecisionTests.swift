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
        [[ stitchable ]] half4 rainbow(float2 position, half4 color, float2 size, float time) {
            half2 uv = half2(position / size);
            half t = half(time) * 0.5h + uv.x;
            half3 c = half3(sin(t * 6.2831h), sin(t * 6.2831h + 2.0944h), sin(t * 6.2831h + 4.1888h));
            c = c * 0.5h + 0.5h;
            return half4(c * uv.y, 1.0h) * color.a;
        }
        [[ stitchable ]] half4 vignette(float2 position, half4 color, float2 size, float strength) {
            half2 uv = half2(position / size) - 0.5h;
            half d = length(uv) * 1.4142h;
            half v = 1.0h - smoothstep(0.3h, 1.0h, d) * half(strength);
            half acc = 0.0h;
            for (int i = 0; i < 16; i++) { acc += v * 0.0625h; }
            return half4(color.rgb * acc, color.a);
        }
        [[ stitchable ]] half4 grain(float2 position, half4 color, float amount) {
            half n = fract(sin(dot(half2(position), half2(12.9898h, 78.233h))) * 43758.5453h);
            return half4(color.rgb + (n - 0.5h) * half(amount), color.a);
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

    /// Whole functions in the style of public SwiftUI shaders (a sine rainbow, a vignette with a
    /// loop), each against its binary16 model within one 8-bit level.
    @Test func wholeFunctionsMatchTheirBinary16Models() throws {
        let size: (Float, Float) = (64, 32)
        let rainbow = try Self.render("rainbow", try Self.apple.get(), .float2(size.0, size.1), .float(12.7))
        let vignette = try Self.render("vignette", try Self.apple.get(), .float2(size.0, size.1), .float(0.8))
        var worst: (rainbow: Float, vignette: Float) = (0, 0)
        for y in 0..<32 {
            for x in 0..<64 {
                let u = Float16((Float(x) + 0.5) / size.0), v = Float16((Float(y) + 0.5) / size.1)
                // rainbow: every `a * b + c` fused, the rest rounded after each operation.
                let t = u.addingProduct(Float16(Float(12.7)), 0.5)
                let k = Float16(6.2831)
                let phases = [t * k, Float16(2.0944).addingProduct(t, k), Float16(4.1888).addingProduct(t, k)]
                let c = phases.map { Float16(0.5).addingProduct(Float16(sin(Float($0))), 0.5) * v }
                let r = rainbow[x, y]
                worst.rainbow = max(worst.rainbow, abs(r.x - Float(c[0])), abs(r.y - Float(c[1])), abs(r.z - Float(c[2])))
                // vignette: length and smoothstep at float, rounded; sixteen fused additions.
                let du = u - 0.5, dv = v - 0.5
                let d = Float16((Float(du) * Float(du) + Float(dv) * Float(dv)).squareRoot()) * Float16(1.4142)
                let e0 = Float(Float16(0.3)), e1: Float = 1
                let st = min(max((Float(d) - e0) / (e1 - e0), 0), 1)
                let s = Float16(st * st * (3 - 2 * st))
                let level = Float16(1).addingProduct(-s, Float16(Float(0.8)))
                var acc = Float16(0)
                for _ in 0..<16 { acc = acc.addingProduct(level, Float16(0.0625)) }
                worst.vignette = max(worst.vignette, abs(vignette[x, y].x - Float(acc)))
            }
        }
        #expect(worst.rainbow * 255 <= 1, "rainbow: \(worst.rainbow * 255) levels")
        #expect(worst.vignette * 255 <= 1, "vignette: \(worst.vignette * 255) levels")
    }

    @Test func theSineHashIsAlmostAlwaysZeroInBinary16() throws {
        // fract(sin(x) * 43758.5453h): 43758.5453h is 43744, and its products with a sine are
        // whole binary16 numbers unless the sine is below 1024 / 43744, so the grain vanishes.
        let apple = try Self.render("grain", try Self.apple.get(), .float(0.5))
        let float = try Self.render("grain", try Self.float.get(), .float(0.5))
        func flat(_ image: RGBAImage) -> Int { (0..<image.height).reduce(0) { n, y in n + (0..<image.width).filter { image[$0, y].x == 0.75 }.count } }
        #expect(flat(apple) > 64 * 32 * 9 / 10, "n = 0 (colour 1 - 0.5 * 0.5) at \(flat(apple)) pixels")
        #expect(flat(float) < 64, "at float the hash is noise: \(flat(float)) pixels at 0.75")
    }

    @Test func narrowIntegersWrapWhenStored() throws {
        // short, ushort and uchar variables hold 32-bit GLSL ints here; what is stored in them
        // (initialisers, assignments, compound assignments, ++, parameters) wraps as in Metal.
        let library = try ShaderLibrary(metalSource: """
            #include <metal_stdlib>
            using namespace metal;
            short same(short s) { return s; }
            [[ stitchable ]] half4 narrow(float2 p, half4 c) {
                short a = 32767;
                a++;
                short b = int(p.x) * 1000;
                b += 30000;
                ushort u = 65535;
                u += 2;
                uchar k = 250;
                for (int i = 0; i < int(p.y); i++) { k++; }
                return half4(float(a), float(b), float(u) + float(same(40000 + int(p.y))), float(k));
            }
            """, name: "Narrow.metal")
        let out = try Self.render("narrow", library)
        for y in 0..<Self.size.1 {
            for x in 0..<Self.size.0 {
                let b = Int16(truncatingIfNeeded: x * 1000) &+ 30000
                let k = UInt8(250) &+ UInt8(truncatingIfNeeded: y)
                let expected = SIMD4<Float>(-32768, Float(b), 1 + Float(Int16(truncatingIfNeeded: 40000 + y)), Float(k))
                #expect(out[x, y] == expected, "(\(x), \(y))")
                if out[x, y] != expected { return }
            }
        }
    }

    @Test func narrowIntegersAreTypesOfTheirOwn() throws {
        // `short`, `ushort` ... are types of the typed tree, not `int`s of narrow variables: a
        // function's `short` return, an array element, a struct member and a `short2` sum wrap
        // where Metal's values do, and C promotes a `ushort` to `int` (so `-6 / u` is -3 and
        // `n < u` compares signed). Expected: Swift's Int16 arithmetic, apart from the translator.
        let library = try ShaderLibrary(metalSource: """
            #include <metal_stdlib>
            using namespace metal;
            struct P { short a; float b; };
            short narrowed(int x) { return x; }
            [[ stitchable ]] half4 narrowTypes(float2 p, half4 c) {
                int x = int(p.x), y = int(p.y);
                short arr[2];
                arr[0] = 30000 + x * 1000;
                arr[1] = 0;
                arr[1]++;
                P s;
                s.a = 40000 + y;
                s.b = 0;
                short2 v = short2(32767, -32768) + short2(x, -y);
                ushort u = 2;
                short n = -6 - short(x);
                int d = n / u;
                float r = float(narrowed(70000 + x));
                float g = float(arr[0] + arr[1]);
                float b = float(s.a) + float(v.x) * 0.5 + float(v.y) * 0.25;
                float a = float(d) + (n < u ? 1000.0 : 0.0);
                return half4(r, g, b, a);
            }
            """, name: "NarrowTypes.metal")
        let out = try Self.render("narrowTypes", library)
        for y in 0..<Self.size.1 {
            for x in 0..<Self.size.0 {
                let v = (Int16(32767) &+ Int16(x), Int16(-32768) &- Int16(y))
                let n = -6 - x
                let expected = SIMD4<Float>(Float(Int16(truncatingIfNeeded: 70000 + x)),
                                            Float(Int(Int16(truncatingIfNeeded: 30000 + x * 1000)) + 1),
                                            Float(Int16(truncatingIfNeeded: 40000 + y)) + Float(v.0) * 0.5 + Float(v.1) * 0.25,
                                            Float(n / 2) + 1000)
                #expect(out[x, y] == expected, "(\(x), \(y))")
                if out[x, y] != expected { return }
            }
        }
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
