import Foundation
import Testing
@testable import ShaderFXUI

private let templateRenderer = Result { try Renderer() }

/// Template images: the picture's alpha as a mask of the foreground style, its colours unused.
@Suite struct TemplateImageTests {
    /// A 4×2 picture: column x has alpha x / 3 (0, 1/3, 2/3, 1), in green and red straight colours.
    static let picture: RGBAImage = {
        var pixels: [Float] = []
        for _ in 0..<2 {
            for x in 0..<4 {
                let a = Float(x) / 3
                pixels += x % 2 == 0 ? [0, a, 0, a] : [a, 0, 0, a]
            }
        }
        return RGBAImage(width: 4, height: 2, pixels: pixels)
    }()

    private func render<V: View>(_ view: V) throws -> RGBAImage {
        try ViewRenderer(content: view, renderer: templateRenderer.get()).render()
    }

    @Test func aTemplateIsItsAlphaInTheForegroundColour() throws {
        let image = try render(Image(rgbaImage: Self.picture).renderingMode(.template).foregroundStyle(Color(red: 0.2, green: 0.4, blue: 1)))
        #expect(image.width == 4 && image.height == 2)
        for y in 0..<2 {
            for x in 0..<4 {
                let a = Float(x) / 3, i = (y * 4 + x) * 4
                let expected: [Float] = [0.2 * a, 0.4 * a, 1 * a, a]
                for k in 0..<4 { #expect(abs(image.pixels[i + k] - expected[k]) <= 1 / 255, "pixel (\(x), \(y)) channel \(k)") }
            }
        }
    }

    @Test func aTemplateTakesAGradient() throws {
        // Black to white, left to right over 4 pt: column x's centre is at (x + 0.5) / 4.
        let gradient = LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)
        let image = try render(Image(rgbaImage: Self.picture).renderingMode(.template).foregroundStyle(gradient))
        for x in 1..<4 {
            let a = Double(x) / 3, grey = (Double(x) + 0.5) / 4, i = x * 4
            #expect(abs(Double(image.pixels[i + 3]) - a) <= 1 / 255)
            #expect(abs(Double(image.pixels[i]) - grey * a) <= 2 / 255, "column \(x)")
        }
    }

    @Test func theOriginalModeKeepsThePicturesColours() throws {
        let image = try render(Image(rgbaImage: Self.picture).foregroundStyle(.blue))
        #expect(image.pixels == Self.picture.pixels)
    }

    @Test func aSymbolIsDrawnInTheForegroundStyle() throws {
        let image = try render(Image(systemName: "star.fill").foregroundStyle(Color(red: 1, green: 0, blue: 0)))
        var inked = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] > 0.05 {
            inked += 1
            #expect(abs(image.pixels[i] - image.pixels[i + 3]) < 1e-4 && image.pixels[i + 1] == 0 && image.pixels[i + 2] == 0)
        }
        #expect(inked > 20)
    }
}
