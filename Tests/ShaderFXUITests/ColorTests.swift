import Foundation
import Testing
@testable import ShaderFXUI

/// One row of SWIFTUI-NOTES §3.1: a named colour's 8-bit sRGB components and opacity.
struct NamedColorCase: Sendable, CustomTestStringConvertible {
    let name: String
    let color: Color
    let rgb: (Int, Int, Int)
    let opacity: Double
    var testDescription: String { name }
}

/// Largest component difference of two Double vectors.
func maxDifference(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
    let d = a - b
    return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
}

/// `Color`: SWIFTUI-NOTES §3.1's light-mode table, colour spaces (against CSS Color 4's
/// published matrices), HSB (a second formula), opacity, premultiplication, bridges.
@Suite struct ColorTests {
    // SWIFTUI-NOTES §3.1, typed from the table.
    static let named: [NamedColorCase] = [
        NamedColorCase(name: "red", color: .red, rgb: (255, 59, 48), opacity: 1),
        NamedColorCase(name: "orange", color: .orange, rgb: (255, 149, 0), opacity: 1),
        NamedColorCase(name: "yellow", color: .yellow, rgb: (255, 204, 0), opacity: 1),
        NamedColorCase(name: "green", color: .green, rgb: (52, 199, 89), opacity: 1),
        NamedColorCase(name: "mint", color: .mint, rgb: (0, 199, 190), opacity: 1),
        NamedColorCase(name: "teal", color: .teal, rgb: (48, 176, 199), opacity: 1),
        NamedColorCase(name: "cyan", color: .cyan, rgb: (50, 173, 230), opacity: 1),
        NamedColorCase(name: "blue", color: .blue, rgb: (0, 122, 255), opacity: 1),
        NamedColorCase(name: "indigo", color: .indigo, rgb: (88, 86, 214), opacity: 1),
        NamedColorCase(name: "purple", color: .purple, rgb: (175, 82, 222), opacity: 1),
        NamedColorCase(name: "pink", color: .pink, rgb: (255, 45, 85), opacity: 1),
        NamedColorCase(name: "brown", color: .brown, rgb: (162, 132, 94), opacity: 1),
        NamedColorCase(name: "gray", color: .gray, rgb: (142, 142, 147), opacity: 1),
        NamedColorCase(name: "black", color: .black, rgb: (0, 0, 0), opacity: 1),
        NamedColorCase(name: "white", color: .white, rgb: (255, 255, 255), opacity: 1),
        NamedColorCase(name: "clear", color: .clear, rgb: (0, 0, 0), opacity: 0),
        NamedColorCase(name: "primary", color: .primary, rgb: (0, 0, 0), opacity: 1),
        NamedColorCase(name: "secondary", color: .secondary, rgb: (60, 60, 67), opacity: 0.6),
        NamedColorCase(name: "tertiary", color: .tertiary, rgb: (60, 60, 67), opacity: 0.3),
        NamedColorCase(name: "quaternary", color: .quaternary, rgb: (60, 60, 67), opacity: 0.18),
    ]

    @Test(arguments: ColorTests.named)
    func namedColoursMatchTheLightModeTable(_ c: NamedColorCase) {
        let expected = SIMD4(Double(c.rgb.0) / 255, Double(c.rgb.1) / 255, Double(c.rgb.2) / 255, c.opacity)
        #expect(maxDifference(c.color.components, expected) < 1e-12)
        let premultiplied = c.color.premultiplied
        let expectedPremultiplied = SIMD4(expected.x * c.opacity, expected.y * c.opacity, expected.z * c.opacity, c.opacity)
        #expect(maxDifference(SIMD4<Double>(premultiplied), expectedPremultiplied) < 1e-6)
    }

    @Test func namedColoursAgreeWithTheCommandLineTable() throws {
        // ShaderFX's `RGBA.parse` names (the command line's colours) and `Color`'s statics must agree.
        for c in Self.named where c.name != "primary" && !c.name.hasSuffix("ary") {
            let rgba = try #require(RGBA.swiftUINames.first { $0.0 == c.name }?.1, "no command-line colour \(c.name)")
            #expect(maxDifference(Color(rgba).components, c.color.components) < 1e-6, "\(c.name)")
        }
    }

    @Test func componentsDefaultToSRGBAndKeepTheExtendedRange() {
        let color = Color(red: 1.25, green: -0.1, blue: 0.5)
        #expect(color.components == SIMD4(1.25, -0.1, 0.5, 1))
        #expect(Color(.sRGB, red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5).components == SIMD4(0.2, 0.4, 0.6, 0.5))
        #expect(Color(white: 0.25, opacity: 0.5).components == SIMD4(0.25, 0.25, 0.25, 0.5))
    }

    /// sRGB's encoding from IEC 61966-2-1, written out here.
    static func encode(_ l: Double) -> Double {
        let a = abs(l)
        let e = a <= 0.0031308 ? 12.92 * a : 1.055 * pow(a, 1 / 2.4) - 0.055
        return l < 0 ? -e : e
    }
    static func decode(_ e: Double) -> Double {
        let a = abs(e)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return e < 0 ? -l : l
    }

    @Test func linearSRGBIsEncoded() {
        let color = Color(.sRGBLinear, red: 0.5, green: 0.002, blue: 1, opacity: 0.75)
        #expect(maxDifference(color.components, SIMD4(Self.encode(0.5), Self.encode(0.002), 1, 0.75)) < 1e-12)
        // 0.5 linear is 188 of 255 encoded (a familiar value).
        #expect(abs(color.components.x * 255 - 187.5) < 0.5)
        #expect(Color(.sRGBLinear, white: 0).components == SIMD4(0, 0, 0, 1))
    }

    @Test func displayP3IsConvertedThroughXYZ() {
        // CSS Color 4's matrices (https://www.w3.org/TR/css-color-4/#color-conversion-code),
        // linear Display P3 → XYZ (D65) and XYZ → linear sRGB, as published rationals.
        let p3ToXYZ: [[Double]] = [[608311.0 / 1250200, 189793.0 / 714400, 198249.0 / 1000160],
                                   [35783.0 / 156275, 247089.0 / 357200, 198249.0 / 2500400],
                                   [0, 32229.0 / 714400, 5220557.0 / 5000800]]
        let xyzToSRGB: [[Double]] = [[12831.0 / 3959, -329.0 / 214, -1974.0 / 3959],
                                     [-851781.0 / 878810, 1648619.0 / 878810, 36519.0 / 878810],
                                     [705.0 / 12673, -2585.0 / 12673, 705.0 / 667]]
        func apply(_ m: [[Double]], _ v: [Double]) -> [Double] { m.map { zip($0, v).map(*).reduce(0, +) } }
        let samples: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1], [0.3, 0.6, 0.9], [0.8, 0.2, 0.1]]
        for s in samples {
            let srgb = apply(xyzToSRGB, apply(p3ToXYZ, s.map(Self.decode))).map(Self.encode)
            let color = Color(.displayP3, red: s[0], green: s[1], blue: s[2], opacity: 0.5)
            #expect(maxDifference(color.components, SIMD4(srgb[0], srgb[1], srgb[2], 0.5)) < 1e-4, "P3 \(s)")
        }
        // P3's red lies outside sRGB: extended components, above 1 and below 0.
        let red = Color(.displayP3, red: 1, green: 0, blue: 0)
        #expect(red.components.x > 1.09 && red.components.y < -0.2 && red.components.z < -0.14)
        // White is white in both (same white point).
        #expect(maxDifference(Color(.displayP3, white: 1).components, SIMD4(1, 1, 1, 1)) < 1e-6)
    }

    @Test func hueSaturationBrightnessFollowsHSV() {
        // HSV by the "k" formula: f(n) = v − v·s·max(0, min(k, 4 − k, 1)), k = (n + 6h) mod 6.
        func hsv(_ h: Double, _ s: Double, _ v: Double) -> SIMD4<Double> {
            func f(_ n: Double) -> Double {
                let k = (n + 6 * h).truncatingRemainder(dividingBy: 6)
                return v - v * s * max(0, min(k, 4 - k, 1))
            }
            return SIMD4(f(5), f(3), f(1), 1)
        }
        for h in stride(from: 0.0, to: 1.0, by: 0.05) {
            for (s, v) in [(1.0, 1.0), (0.5, 0.8), (0.25, 0.3), (0, 0.6)] {
                let color = Color(hue: h, saturation: s, brightness: v)
                #expect(maxDifference(color.components, hsv(h, s, v)) < 1e-12, "h \(h) s \(s) v \(v)")
            }
        }
        #expect(maxDifference(Color(hue: 1, saturation: 1, brightness: 1).components, SIMD4(1, 0, 0, 1)) < 1e-12)
        #expect(Color(hue: 0.5, saturation: 0.5, brightness: 0.8, opacity: 0.3).components.w == 0.3)
    }

    @Test func opacityMultiplies() {
        let color = Color.red.opacity(0.5).opacity(0.5)
        #expect(color.components.w == 0.25)
        #expect(Color.secondary.opacity(0.5).components.w == 0.3)
        let premultiplied = Color(red: 0.8, green: 0.4, blue: 0.2).opacity(0.5).premultiplied
        #expect(premultiplied == SIMD4(0.4, 0.2, 0.1, 0.5))
    }

    @Test func bridgesToShaderArguments() {
        let color = Color(red: 0.25, green: 0.5, blue: 1, opacity: 0.5)
        #expect(color.rgba == RGBA(r: 0.25, g: 0.5, b: 1, a: 0.5))
        #expect(Color(color.rgba) == color)
        guard case let .color(rgba) = Shader.Argument.color(color) else {
            Issue.record("not a colour argument")
            return
        }
        #expect(rgba.premultiplied == SIMD4(0.125, 0.25, 0.5, 0.5))
    }

    @Test func colorsAreShapeStyles() throws {
        func style<S: ShapeStyle>(_ s: S) -> S { s }
        let red: Color = style(.red)
        #expect(red == Color.red)
        guard case let .solid(premultiplied) = try AnyShapeStyle(Color.secondary).resolvedPaint(in: .zero) else {
            Issue.record("a colour is not a solid paint")
            return
        }
        #expect(premultiplied == Color.secondary.premultiplied)
    }

    struct Unpaintable: ShapeStyle {}

    @Test func aStyleShaderFXCannotPaintIsAnError() {
        #expect(throws: PaintStyleError.unsupportedStyle("Unpaintable")) { try Unpaintable().resolvedPaint(in: .zero) }
        #expect(throws: PaintStyleError.unsupportedStyle("Unpaintable")) {
            try AnyShapeStyle(AnyShapeStyle(Unpaintable())).resolvedPaint(in: .zero)
        }
    }
}
