import Foundation
import Testing
@testable import ShaderFXUI

private let blendRenderer = Result { try Renderer() }

/// W3C Compositing and Blending Level 1, written out in Double from the spec's text (straight
/// colours in B, the result premultiplied), independent of the GLSL the compositor runs.
enum W3CBlend {
    typealias RGB = SIMD3<Double>

    static func separable(_ mode: BlendMode, _ b: Double, _ s: Double) -> Double {
        func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * (2 * s) : b + (2 * s - 1) - b * (2 * s - 1) }
        switch mode {
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return hardLight(s, b)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s)))
        case .colorBurn: return b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s))
        case .hardLight: return hardLight(b, s)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        default: fatalError("not separable: \(mode)")
        }
    }

    static func lum(_ c: RGB) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
    static func clip(_ c: RGB) -> RGB {
        let l = lum(c), n = c.min(), x = c.max()
        var c = c
        if n < 0 { c = RGB(repeating: l) + (c - RGB(repeating: l)) * l / (l - n) }
        if x > 1 { c = RGB(repeating: l) + (c - RGB(repeating: l)) * (1 - l) / (x - l) }
        return c
    }
    static func setLum(_ c: RGB, _ l: Double) -> RGB { clip(c + RGB(repeating: l - lum(c))) }
    static func sat(_ c: RGB) -> Double { c.max() - c.min() }
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        // The spec's Cmax/Cmid/Cmin form, component by component.
        let high = c.max(), low = c.min()
        guard high > low else { return .zero }
        var out = RGB.zero
        for i in 0..<3 {
            out[i] = c[i] == high ? s : (c[i] == low ? 0 : (c[i] - low) * s / (high - low))
        }
        return out
    }

    /// Source (straight `s`, alpha `sa`) over backdrop (straight `b`, alpha `ba`) with `mode`:
    /// premultiplied RGBA.
    static func composite(_ mode: BlendMode, source s: RGB, _ sa: Double, backdrop b: RGB, _ ba: Double) -> SIMD4<Double> {
        let cs = s * sa, cb = b * ba
        func pack(_ c: RGB, _ a: Double) -> SIMD4<Double> { SIMD4(c.x, c.y, c.z, a) }
        switch mode {
        case .normal: return pack(cs + cb * (1 - sa), sa + ba * (1 - sa))
        case .sourceAtop: return pack(cs * ba + cb * (1 - sa), sa * ba + ba * (1 - sa))
        case .destinationOver: return pack(cs * (1 - ba) + cb, sa * (1 - ba) + ba)
        case .destinationOut: return pack(cb * (1 - sa), ba * (1 - sa))
        case .plusLighter: return pack((cs + cb).clamped(lowerBound: .zero, upperBound: RGB(repeating: 1)), min(1, sa + ba))
        case .plusDarker:
            let a = min(1, sa + ba)
            return pack((RGB(repeating: a) - ((RGB(repeating: sa) - cs) + (RGB(repeating: ba) - cb))).clamped(lowerBound: .zero, upperBound: RGB(repeating: 1)), a)
        case .hue, .saturation, .color, .luminosity:
            let mixed: RGB = switch mode {
            case .hue: setLum(setSat(s, sat(b)), lum(b))
            case .saturation: setLum(setSat(b, sat(s)), lum(b))
            case .color: setLum(s, lum(b))
            default: setLum(b, lum(s))
            }
            return pack(cs * (1 - ba) + cb * (1 - sa) + mixed * (sa * ba), sa + ba * (1 - sa))
        default:
            let mixed = RGB(separable(mode, b.x, s.x), separable(mode, b.y, s.y), separable(mode, b.z, s.z))
            return pack(cs * (1 - ba) + cb * (1 - sa) + mixed * (sa * ba), sa + ba * (1 - sa))
        }
    }
}

/// `.blendMode(_:)`: each of SwiftUI's modes, a source colour over a backdrop colour, drawn on
/// the GPU and compared with the W3C formula evaluated above, within 1/255.
@Suite struct BlendModeTests {
    /// (source, its opacity, backdrop, its opacity): saturated and muted colours, opaque and
    /// translucent, including a black and a white channel (the dodge and burn edge cases).
    static let pairs: [(SIMD3<Double>, Double, SIMD3<Double>, Double)] = [
        (SIMD3(0.9, 0.2, 0.4), 1, SIMD3(0.1, 0.6, 0.8), 1),
        (SIMD3(0.3, 0.7, 0.1), 0.6, SIMD3(0.8, 0.5, 0.2), 0.7),
        (SIMD3(1, 0, 0.5), 1, SIMD3(0, 1, 0.25), 0.5),
        (SIMD3(0.2, 0.2, 0.9), 0.4, SIMD3(0.95, 0.9, 0.1), 1),
    ]

    @Test(arguments: BlendMode.allCases) func eachModeIsTheW3CFormula(_ mode: BlendMode) throws {
        for (source, sourceAlpha, backdrop, backdropAlpha) in Self.pairs {
            let view = ZStack {
                Color(red: backdrop.x, green: backdrop.y, blue: backdrop.z, opacity: backdropAlpha).frame(width: 4, height: 4)
                Color(red: source.x, green: source.y, blue: source.z, opacity: sourceAlpha).frame(width: 4, height: 4).blendMode(mode)
            }
            let image = try ViewRenderer(content: view, renderer: blendRenderer.get()).render()
            let i = (2 * image.width + 2) * 4
            let expected = W3CBlend.composite(mode, source: source, sourceAlpha, backdrop: backdrop, backdropAlpha)
            for k in 0..<4 {
                #expect(abs(Double(image.pixels[i + k]) - expected[k]) <= 1 / 255,
                        "\(mode) channel \(k): \(image.pixels[i + k]) vs \(expected[k]) for \(source)@\(sourceAlpha) over \(backdrop)@\(backdropAlpha)")
            }
        }
    }

    @Test func aBlendedViewChangesOnlyThePixelsUnderIt() throws {
        // Multiply a 4×4 grey square at (2, 2) over an 8×8 cyan backdrop: outside the square the
        // backdrop stays as it was; the square's part outside its unmoved frame (0...4) blends too.
        let view = ZStack(alignment: .topLeading) {
            Color(red: 0, green: 1, blue: 1).frame(width: 8, height: 8)
            Color(white: 0.5).frame(width: 4, height: 4).offset(x: 2, y: 2).blendMode(.multiply)
        }
        let image = try ViewRenderer(content: view, renderer: blendRenderer.get()).render()
        func at(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let i = (y * image.width + x) * 4
            return SIMD4(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3])
        }
        #expect(at(0, 0) == SIMD4(0, 1, 1, 1))
        #expect(at(7, 7) == SIMD4(0, 1, 1, 1))
        #expect(abs(at(3, 3).y - 0.5) < 1 / 255 && at(3, 3).x == 0)
        #expect(abs(at(5, 5).y - 0.5) < 1 / 255 && at(5, 5).x == 0, "\(at(5, 5))")
    }
}
