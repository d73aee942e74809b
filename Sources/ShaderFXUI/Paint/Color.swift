import Foundation

/// A colour, as SwiftUI's `Color`: gamma-encoded sRGB components with straight (not
/// premultiplied) opacity, in the extended range (a Display P3 colour outside sRGB's gamut keeps
/// components below 0 or above 1, as SwiftUI's extended sRGB working space does).
///
/// The named colours are SwiftUI's light-mode system colours at standard contrast (the iOS 15–18
/// palette: `.red` is 255, 59, 48, not pure red); `.primary`, `.secondary`, `.tertiary` and
/// `.quaternary` are the colours the hierarchical styles resolve to with no foreground set.
public struct Color: Sendable, Hashable {
    /// Red, green, blue (gamma-encoded sRGB, extended range) and opacity, not premultiplied.
    package var components: SIMD4<Double>

    /// The colour spaces a colour's components may be given in.
    public enum RGBColorSpace: Sendable, Hashable {
        /// sRGB with its transfer function: the components as stored.
        case sRGB
        /// sRGB's primaries with linear components (no transfer function).
        case sRGBLinear
        /// Display P3's primaries with sRGB's transfer function.
        case displayP3
    }

    package init(components: SIMD4<Double>) { self.components = components }

    /// A colour from red, green and blue components in `colorSpace` (sRGB by default) and an
    /// opacity. Components outside 0...1 are kept (extended range).
    /// - Parameters:
    ///   - colorSpace: the space of `red`, `green` and `blue`; `.sRGB` by default.
    ///   - red: the red component.
    ///   - green: the green component.
    ///   - blue: the blue component.
    ///   - opacity: the opacity, 0 (transparent) to 1 (opaque, the default).
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        let rgb = ColorSpaceConversion.sRGB(from: SIMD3(red, green, blue), in: colorSpace)
        components = SIMD4(rgb.x, rgb.y, rgb.z, opacity)
    }

    /// A grey of `white` in `colorSpace` (sRGB by default), 0 black to 1 white, and an opacity.
    /// - Parameters:
    ///   - colorSpace: the space `white` is given in; `.sRGB` by default.
    ///   - white: the grey level.
    ///   - opacity: the opacity; opaque by default.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from hue, saturation and brightness (HSB, also called HSV) over sRGB's
    /// gamma-encoded components, each in 0...1 (hue 0 and 1 are red), and an opacity.
    /// - Parameters:
    ///   - hue: the hue as a fraction of a turn; values outside 0...1 wrap around.
    ///   - saturation: 0 (grey) to 1 (full colour).
    ///   - brightness: 0 (black) to 1.
    ///   - opacity: the opacity; opaque by default.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let rgb = hsbToRGB(hue: hue, saturation: saturation, brightness: brightness)
        components = SIMD4(rgb.red, rgb.green, rgb.blue, opacity)
    }

    /// This colour with its opacity multiplied by `opacity` (SwiftUI's `Color.opacity(_:)`).
    public func opacity(_ opacity: Double) -> Color {
        var copy = self
        copy.components.w *= opacity
        return copy
    }

    /// Straight RGBA: gamma-encoded sRGB components and opacity, not premultiplied.
    package var resolved: SIMD4<Float> { SIMD4<Float>(components) }

    /// Premultiplied RGBA, `(r·a, g·a, b·a, a)`, still gamma-encoded: what a layer holds and a
    /// shader receives.
    package var premultiplied: SIMD4<Float> {
        let c = resolved
        return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
    }

    /// A colour from an 8-bit sRGB triple and an opacity.
    static func rgb8(_ r: Int, _ g: Int, _ b: Int, opacity: Double = 1) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, opacity: opacity)
    }

    /// Red: 255, 59, 48.
    public static let red = rgb8(255, 59, 48)
    /// Orange: 255, 149, 0.
    public static let orange = rgb8(255, 149, 0)
    /// Yellow: 255, 204, 0.
    public static let yellow = rgb8(255, 204, 0)
    /// Green: 52, 199, 89.
    public static let green = rgb8(52, 199, 89)
    /// Mint: 0, 199, 190.
    public static let mint = rgb8(0, 199, 190)
    /// Teal: 48, 176, 199.
    public static let teal = rgb8(48, 176, 199)
    /// Cyan: 50, 173, 230.
    public static let cyan = rgb8(50, 173, 230)
    /// Blue: 0, 122, 255.
    public static let blue = rgb8(0, 122, 255)
    /// Indigo: 88, 86, 214.
    public static let indigo = rgb8(88, 86, 214)
    /// Purple: 175, 82, 222.
    public static let purple = rgb8(175, 82, 222)
    /// Pink: 255, 45, 85.
    public static let pink = rgb8(255, 45, 85)
    /// Brown: 162, 132, 94.
    public static let brown = rgb8(162, 132, 94)
    /// Gray: 142, 142, 147.
    public static let gray = rgb8(142, 142, 147)
    /// Black.
    public static let black = rgb8(0, 0, 0)
    /// White.
    public static let white = rgb8(255, 255, 255)
    /// Transparent black: (0, 0, 0, 0).
    public static let clear = rgb8(0, 0, 0, opacity: 0)
    /// The primary content colour: black in light mode.
    public static let primary = rgb8(0, 0, 0)
    /// The secondary content colour: 60, 60, 67 at opacity 0.6.
    public static let secondary = rgb8(60, 60, 67, opacity: 0.6)
    /// The tertiary content colour: 60, 60, 67 at opacity 0.3.
    public static let tertiary = rgb8(60, 60, 67, opacity: 0.3)
    /// The quaternary content colour: 60, 60, 67 at opacity 0.18.
    public static let quaternary = rgb8(60, 60, 67, opacity: 0.18)
}

extension Color {
    /// The colour of a ShaderFX `RGBA` (straight, sRGB-encoded components: the same meaning).
    public init(_ rgba: RGBA) {
        components = SIMD4(Double(rgba.r), Double(rgba.g), Double(rgba.b), Double(rgba.a))
    }

    /// The colour as a ShaderFX `RGBA` (straight, sRGB-encoded), for effect arguments.
    public var rgba: RGBA {
        let c = resolved
        return RGBA(r: c.x, g: c.y, b: c.z, a: c.w)
    }
}

extension Shader.Argument {
    /// A colour argument from a SwiftUI-style `Color`, passed to a `vec4` premultiplied.
    public static func color(_ color: Color) -> Shader.Argument { .color(color.rgba) }

    /// A colour-array argument from `Color`s, passed premultiplied.
    public static func colorArray(_ colors: [Color]) -> Shader.Argument { .colorArray(colors.map(\.rgba)) }
}

/// Conversions of RGB components into gamma-encoded sRGB. Display P3 and sRGB share the D65
/// white point and the sRGB transfer function; they differ in primaries, so a P3 colour is
/// linearised, mapped through the 3 × 3 matrix from P3's primaries to sRGB's (Display P3 → XYZ
/// → sRGB, both from the primaries' CIE 1931 chromaticities), and encoded again. The transfer
/// functions are extended to negative values by symmetry (as extended sRGB is).
enum ColorSpaceConversion {
    /// Linear Display P3 to linear sRGB, by rows: the inverse of sRGB's RGB → XYZ matrix times
    /// P3's, each from its primaries' chromaticities (sRGB 0.64/0.33, 0.30/0.60, 0.15/0.06; P3
    /// 0.680/0.320, 0.265/0.690, 0.150/0.060) and D65 (0.3127/0.3290).
    static let p3ToSRGB: [SIMD3<Double>] = [
        SIMD3(1.224940176281, -0.224940176281, 0),
        SIMD3(-0.042056954710, 1.042056954710, 0),
        SIMD3(-0.019637554590, -0.078636045551, 1.098273600141),
    ]

    /// sRGB's decoding (encoded to linear), extended by symmetry.
    static func linear(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    /// sRGB's encoding (linear to encoded), extended by symmetry.
    static func encoded(_ v: Double) -> Double {
        let a = abs(v)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }

    /// `rgb` given in `space`, as gamma-encoded sRGB.
    static func sRGB(from rgb: SIMD3<Double>, in space: Color.RGBColorSpace) -> SIMD3<Double> {
        switch space {
        case .sRGB:
            return rgb
        case .sRGBLinear:
            return SIMD3(encoded(rgb.x), encoded(rgb.y), encoded(rgb.z))
        case .displayP3:
            let l = SIMD3(linear(rgb.x), linear(rgb.y), linear(rgb.z))
            let m = p3ToSRGB
            let s = SIMD3((m[0] * l).sum(), (m[1] * l).sum(), (m[2] * l).sum())
            return SIMD3(encoded(s.x), encoded(s.y), encoded(s.z))
        }
    }
}
