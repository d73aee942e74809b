import Foundation
import Testing
import ShaderFX

/// Metal's sampler states, rendered: GL's own wrap modes (mirrored_repeat, one per axis) and the
/// texel-reading sampler for what GL lacks (clamp_to_zero, clamp_to_border, bicubic), each against
/// a Double evaluation of the rules (GL ES 3.0 §3.8.10 for wrapping and bilinear filtering, the
/// Catmull-Rom kernel for bicubic), written here apart from the shader code.
@Suite struct SamplerStateTests {
    /// A 4×3 texture of distinct, exactly stored colours.
    static let texture: RGBAImage = {
        var image = RGBAImage(width: 4, height: 3)
        for y in 0..<3 {
            for x in 0..<4 { image[x, y] = SIMD4(Float(x) / 4, Float(y) / 2, Float(x + y) / 8, 1 - Float(x * y) / 16) }
        }
        return image
    }()

    enum Address { case edge, `repeat`, mirrored, border }
    enum Filter { case nearest, linear, bicubic }

    /// What texel index `i` of `n` reads under `mode`, nil for the border.
    static func address(_ i: Int, _ n: Int, _ mode: Address) -> Int? {
        switch mode {
        case .edge: return min(max(i, 0), n - 1)
        case .repeat: return ((i % n) + n) % n
        case .mirrored:
            let m = ((i % (2 * n)) + 2 * n) % (2 * n) - n
            return (n - 1) - (m >= 0 ? m : -(1 + m))
        case .border: return (0..<n).contains(i) ? i : nil
        }
    }

    static func texel(_ x: Int, _ y: Int, _ modes: (Address, Address), border: SIMD4<Double>) -> SIMD4<Double> {
        guard let i = address(x, 4, modes.0), let j = address(y, 3, modes.1) else { return border }
        let t = texture[i, j]
        return SIMD4(Double(t.x), Double(t.y), Double(t.z), Double(t.w))
    }

    static func cubic(_ f: Double) -> [Double] {
        // Catmull-Rom: the cubic through the four texels with tangents from their neighbours.
        [(-f * f * f + 2 * f * f - f) / 2, (3 * f * f * f - 5 * f * f + 2) / 2, (-3 * f * f * f + 4 * f * f + f) / 2, (f * f * f - f * f) / 2]
    }

    static func sample(_ u: Double, _ v: Double, _ modes: (Address, Address), _ filter: Filter, border: SIMD4<Double>) -> SIMD4<Double> {
        let x = u * 4, y = v * 3
        switch filter {
        case .nearest:
            return texel(Int(x.rounded(.down)), Int(y.rounded(.down)), modes, border: border)
        case .linear:
            let i = Int((x - 0.5).rounded(.down)), j = Int((y - 0.5).rounded(.down))
            let fx = x - 0.5 - Double(i), fy = y - 0.5 - Double(j)
            let top = texel(i, j, modes, border: border) * (1 - fx) + texel(i + 1, j, modes, border: border) * fx
            let bottom = texel(i, j + 1, modes, border: border) * (1 - fx) + texel(i + 1, j + 1, modes, border: border) * fx
            return top * (1 - fy) + bottom * fy
        case .bicubic:
            let i = Int((x - 0.5).rounded(.down)), j = Int((y - 0.5).rounded(.down))
            let wx = cubic(x - 0.5 - Double(i)), wy = cubic(y - 0.5 - Double(j))
            var sum = SIMD4<Double>.zero
            for dy in 0..<4 {
                for dx in 0..<4 { sum += texel(i + dx - 1, j + dy - 1, modes, border: border) * (wx[dx] * wy[dy]) }
            }
            return sum
        }
    }

    static let library = Result { try ShaderLibrary(metalSource: """
        #include <metal_stdlib>
        using namespace metal;
        // uv from -1.5 to 2.5 across a 32×24 picture: the texture, its neighbours and their edges.
        float2 uv(float2 p) { return p / float2(32, 24) * 4 - 1.5; }
        [[ stitchable ]] half4 mirrored(float2 p, half4 c, texture2d<half> t) {
            constexpr sampler s(address::mirrored_repeat, filter::linear);
            return t.sample(s, uv(p));
        }
        [[ stitchable ]] half4 axes(float2 p, half4 c, texture2d<half> t) {
            constexpr sampler s(s_address::repeat, t_address::mirrored_repeat, filter::nearest);
            return t.sample(s, uv(p));
        }
        [[ stitchable ]] half4 zero(float2 p, half4 c, texture2d<half> t) {
            constexpr sampler s(address::clamp_to_zero, filter::linear);
            return t.sample(s, uv(p));
        }
        [[ stitchable ]] half4 white(float2 p, half4 c, texture2d<half> t) {
            constexpr sampler s(s_address::clamp_to_border, t_address::repeat, border_color::opaque_white, filter::nearest);
            return t.sample(s, uv(p));
        }
        [[ stitchable ]] half4 cubic(float2 p, half4 c, texture2d<half> t) {
            constexpr sampler s(filter::bicubic, address::clamp_to_edge);
            return t.sample(s, uv(p));
        }
        [[ stitchable ]] half4 cubicMirrored(float2 p, half4 c, texture2d<half> t) {
            constexpr sampler s(filter::bicubic, address::mirrored_repeat);
            return t.sample(s, uv(p));
        }
        [[ stitchable ]] half4 cubicRepeat(float2 p, half4 c, texture2d<half> t) {
            constexpr sampler s(filter::bicubic, address::repeat);
            return t.sample(s, uv(p));
        }
        """, name: "Samplers.metal") }

    @Test(arguments: [
        ("mirrored", Address.mirrored, Address.mirrored, Filter.linear, SIMD4<Double>.zero),
        ("axes", .repeat, .mirrored, .nearest, .zero),
        ("zero", .border, .border, .linear, .zero),
        ("white", .border, .repeat, .nearest, SIMD4(1, 1, 1, 1)),
        ("cubic", .edge, .edge, .bicubic, .zero),
        ("cubicRepeat", .repeat, .repeat, .bicubic, .zero),
        ("cubicMirrored", .mirrored, .mirrored, .bicubic, .zero),
    ])
    func eachStateReadsWhatItsRulesSay(_ name: String, _ s: Address, _ t: Address, _ filter: Filter, _ border: SIMD4<Double>) throws {
        let shader = try Self.library.get().function(name)(.image(Self.texture))
        let out = try TestGPU.get().render(RGBAImage(width: 32, height: 24, fill: SIMD4(0, 0, 0, 1)), effects: [.colorEffect(shader)])
        var worst = 0.0
        for y in 0..<24 {
            for x in 0..<32 {
                let u = (Double(x) + 0.5) / 32 * 4 - 1.5, v = (Double(y) + 0.5) / 24 * 4 - 1.5
                let expected = Self.sample(u, v, (s, t), filter, border: border)
                let got = out[x, y]
                for c in 0..<4 { worst = max(worst, abs(Double(got[c]) - expected[c])) }
            }
        }
        // Texels read by the shader are exact (1e-6 here); GL's own bilinear filter (mirrored) may
        // weigh with 8 bits of fraction on some GPUs: up to 1/256 of a step between texels.
        #expect(worst < (name == "mirrored" ? 1.0 / 256 : 1e-5), "\(name): largest difference \(worst)")
    }

    @Test func theLayersTextureIsTheGrownLayerInPixels() throws {
        // SwiftUI's layer.tex is the layer's texture: the view grown by maxSampleOffset, in pixels.
        // A 20×10 picture grown by (3, 2) is 26×14; its first texel lies in the margin (transparent)
        // and texel (3, 2) is the picture's first pixel. Not grown, texel (0, 0) is that pixel
        // (opaque) and (3, 2) a black one.
        let library = try ShaderLibrary(metalSource: """
            #include <metal_stdlib>
            #include <SwiftUI/SwiftUI_Metal.h>
            using namespace metal;
            [[ stitchable ]] half4 size(float2 position, SwiftUI::Layer layer) {
                half4 corner = layer.tex.read(uint2(0, 0));
                half4 first = layer.tex.read(uint2(3, 2));
                return half4(layer.tex.get_width() / 100.0, layer.tex.get_height() / 100.0, corner.a + first.r, 1);
            }
            """, name: "LayerSize.metal")
        var picture = RGBAImage(width: 20, height: 10, fill: SIMD4(0, 0, 0, 1))
        picture[0, 0] = SIMD4(0.5, 0, 0, 1)
        for (offset, expected) in [(SIMD2<Float>(0, 0), SIMD3<Float>(0.20, 0.10, 1.0)), (SIMD2(3, 2), SIMD3(0.26, 0.14, 0.5))] {
            let out = try TestGPU.get().render(picture, effects: [.layerEffect(library.size(), maxSampleOffset: offset)])
            let got = SIMD3<Float>(out[5, 5].x, out[5, 5].y, out[5, 5].z)
            let difference = got - expected
            #expect(max(abs(difference.x), abs(difference.y), abs(difference.z)) < 1e-5, "maxSampleOffset \(offset): \(got)")
        }
    }
}
