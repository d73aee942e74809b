import Foundation
import Testing
@testable import ShaderFXUI

private let runRenderer = Result { try Renderer() }

/// Concatenated runs and emoji drawn by the view layer.
@Suite struct TextRunRenderTests {
    private func render<V: View>(_ view: V, scale: Int = 2) throws -> RGBAImage {
        try ViewRenderer(content: view, renderer: runRenderer.get()).render(scale: scale)
    }

    @Test func eachRunIsPaintedInItsOwnStyle() throws {
        let image = try render(Text("HHH").foregroundStyle(Color(red: 0, green: 0, blue: 0)) + Text("HHH").foregroundStyle(Color(red: 1, green: 0, blue: 0)))
        var blackMaxX = -1, redMinX = Int.max, red = 0, black = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let p = Array(image.pixels[i..<(i + 4)])
                guard p[3] > 0.02 else { continue }
                #expect(p[1] == 0 && p[2] == 0)
                if p[0] < 1e-4 { black += 1; blackMaxX = max(blackMaxX, x) } else if abs(p[0] - p[3]) < 1e-4 { red += 1; redMinX = min(redMinX, x) } else {
                    Issue.record("pixel (\(x), \(y)) mixes the runs' colours: \(p)")
                }
            }
        }
        #expect(black > 50 && red > 50 && blackMaxX < redMinX)
    }

    @Test func runsInOneFontKernAsOneText() throws {
        let font = Font.system(size: 100)
        let joined = try render(Text("AV").font(font), scale: 1)
        // Concatenated, and in two colours: the same font, so A and V kern as in "AV".
        let runs = try render(Text("A").font(font).foregroundStyle(Color(red: 1, green: 0, blue: 0)) + Text("V").font(font), scale: 1)
        #expect(runs.width == joined.width && runs.height == joined.height)
        // In another size V does not kern against A: the pair is wider by the kerning (about 9 points in Inter at 100).
        let apart = try render(Text("A").font(font) + Text("V").font(.system(size: 100.001)), scale: 1)
        #expect(apart.width >= joined.width + 5, "\(apart.width) vs \(joined.width)")
    }

    @Test func aBoldRunIsWider() throws {
        let regular = try render(Text("mmmm") + Text("x"), scale: 1)
        let bold = try render(Text("mmmm").bold() + Text("x"), scale: 1)
        #expect(bold.width > regular.width)
    }

    @Test(.enabled(if: FontLibrary.shared.fallback(for: "\u{1F34E}", of: try! FontLibrary.shared.resolve(.body), color: true)?.isColor ?? false))
    func anEmojiKeepsItsColoursUnderAForegroundStyle() throws {
        let image = try render(Text("\u{1F34E}").font(.system(size: 30)).foregroundStyle(Color(red: 0, green: 0, blue: 1)))
        var sum = SIMD3<Float>()
        for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] > 0.5 {
            sum += SIMD3(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
        }
        #expect(sum.x > 2 * sum.y && sum.x > 2 * sum.z, "\(sum)")
    }

    @Test func aMissingGlyphIsSaidInTheNotes() throws {
        let services = ViewServices(fonts: FontLibrary(designFamilies: [:], unusedFallbacks: ["Noto Color Emoji"]))
        var context = ResolveContext(services: services)
        _ = try Text("a\u{1F34E}").resolve(in: &context)
        #expect(services.notes.contains { $0.contains("U+1F34E") })
    }
}
