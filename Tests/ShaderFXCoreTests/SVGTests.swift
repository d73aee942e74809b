import Foundation
import Testing
import ShaderFXTestSupport

@testable import ShaderFXCore

/// An SVG document's bytes.
func svg(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The fraction of the pixel (x, y) inside the circle (cx, cy, radius), from a 64 x 64 grid of
/// samples at the centres of its cells (in Double: accurate to well under 1 %).
func circleCoverage(x: Int, y: Int, cx: Double, cy: Double, radius: Double) -> Double {
    let n = 64
    var inside = 0
    for j in 0..<n {
        for i in 0..<n {
            let px = Double(x) + (Double(i) + 0.5) / Double(n), py = Double(y) + (Double(j) + 0.5) / Double(n)
            if (px - cx) * (px - cx) + (py - cy) * (py - cy) <= radius * radius { inside += 1 }
        }
    }
    return Double(inside) / Double(n * n)
}

@Suite("SVG through librsvg and cairo")
struct SVGTests {
    /// One 8-bit level: cairo stores premultiplied 8-bit values, each within half a level of its
    /// exact value, and the comparisons below round once more.
    static let level: Float = 1.0 / 255

    @Test("a rectangle on whole pixels: its exact colour inside, transparent outside")
    func rectangle() throws {
        let document = try SVGDocument(bytes: svg("""
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
              <rect x="2" y="3" width="10" height="4" fill="#ff8000"/>
              <rect x="14" y="1" width="4" height="8" fill="#0040ff" fill-opacity="0.5"/>
            </svg>
            """), name: "rect.svg")
        #expect(document.size == SIMD2(20, 10))
        let image = try document.render()
        #expect(image.width == 20 && image.height == 10)
        for y in 0..<10 {
            for x in 0..<20 {
                let pixel = image[x, y]
                if (2..<12).contains(x), (3..<7).contains(y) {
                    #expect(pixel == SIMD4(1, 128.0 / 255, 0, 1), "(\(x), \(y)) inside the orange rectangle")
                } else if (14..<18).contains(x), (1..<9).contains(y) {
                    // Half-transparent #0040ff, premultiplied: (0, 0.25 * 0.5, 0.5, 0.5), to a level.
                    let expected = SIMD4<Float>(0, 64.0 / 255 * 0.5, 0.5, 0.5)
                    #expect((0..<4).allSatisfy { abs(pixel[$0] - expected[$0]) <= Self.level }, "(\(x), \(y)): \(pixel)")
                } else {
                    #expect(pixel == .zero, "(\(x), \(y)) outside: transparent")
                }
            }
        }
    }

    @Test("a circle: interior exact, edge pixels covered in proportion, transparent outside")
    func circle() throws {
        let (cx, cy, radius) = (10.0, 9.5, 6.3)
        let image = try SVGDocument.decode(svg("""
            <svg xmlns="http://www.w3.org/2000/svg" width="21" height="20">
              <circle cx="\(cx)" cy="\(cy)" r="\(radius)" fill="#ff0000"/>
            </svg>
            """), name: "circle.svg")
        #expect(image.width == 21 && image.height == 20)
        var edges = 0
        for y in 0..<20 {
            for x in 0..<21 {
                let coverage = circleCoverage(x: x, y: y, cx: cx, cy: cy, radius: radius)
                let pixel = image[x, y]
                if coverage == 1 {
                    #expect(pixel == SIMD4(1, 0, 0, 1), "(\(x), \(y)) inside")
                } else if coverage == 0 {
                    #expect(pixel == .zero, "(\(x), \(y)) outside")
                } else {
                    edges += 1
                    // cairo's scan converter samples 15 rows per pixel and curves become
                    // Béziers: coverage within 4 % of the exact area.
                    #expect(abs(Double(pixel.w) - coverage) <= 0.04, "(\(x), \(y)): alpha \(pixel.w), coverage \(coverage)")
                    #expect(abs(pixel.x - pixel.w) <= Self.level && pixel.y == 0 && pixel.z == 0,
                            "(\(x), \(y)) premultiplied red: \(pixel)")
                }
            }
        }
        #expect(edges > 20)
    }

    @Test("sizes: width and height, units, a viewBox alone, one side and a viewBox")
    func sizes() throws {
        func size(_ attributes: String) throws -> SIMD2<Double> {
            try SVGDocument(bytes: svg("<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)/>"), name: "s.svg").size
        }
        #expect(try size(#"width="30" height="12""#) == SIMD2(30, 12))
        #expect(try size(#"width="30px" height="12.5px""#) == SIMD2(30, 12.5))
        #expect(try size(#"width="1in" height="0.5in""#) == SIMD2(96, 48))       // CSS: 96 px per inch
        let physical = try size(#"width="72pt" height="2.54cm""#)
        #expect(abs(physical.x - 96) < 1e-4 && abs(physical.y - 96) < 1e-4, "\(physical)")  // librsvg converts in Float
        #expect(try size(#"viewBox="0 0 40 25""#) == SIMD2(40, 25))
        #expect(try size(#"width="100%" height="100%" viewBox="5 5 40 25""#) == SIMD2(40, 25))
        #expect(try size(#"width="80" viewBox="0 0 40 25""#) == SIMD2(80, 50))
        #expect(try size(#"height="50" viewBox="0 0 40 25""#) == SIMD2(80, 50))
    }

    @Test("a document with no size is an error saying so, unless a size is given")
    func noSize() throws {
        let bytes = svg(#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>"#)
        let error = imageError { try SVGDocument(bytes: bytes, name: "icon.svg") }
        if case let .unsupported(path, format, reason)? = error {
            #expect(path == "icon.svg" && format == .svg && reason.contains("no width and height and no viewBox"))
        } else {
            Issue.record("expected .unsupported, got \(String(describing: error))")
        }
        let document = try SVGDocument(bytes: bytes, name: "icon.svg", fallbackSize: SIMD2(8, 6))
        let image = try document.render()
        #expect(image.width == 8 && image.height == 6)
        #expect(image[3, 3] == SIMD4(0, 0, 0, 1) && image[4, 3] == .zero && image[3, 4] == .zero)
        #expect(throws: ImageError.self) {
            try SVGDocument(bytes: svg(#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"/>"#), name: "zero.svg")
        }
    }

    @Test("a viewBox scales user units onto the size; render(scale:) and render(width:height:) stretch")
    func viewBoxAndScale() throws {
        let document = try SVGDocument(bytes: svg("""
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 10 5">
              <rect x="1" y="1" width="3" height="2" fill="#00ff00"/>
            </svg>
            """), name: "box.svg")
        func check(_ image: RGBAImage, sx: Int, sy: Int, _ label: String) {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let inside = (sx..<(4 * sx)).contains(x) && (sy..<(3 * sy)).contains(y)
                    if image[x, y] != (inside ? SIMD4(0, 1, 0, 1) : .zero) {
                        Issue.record("\(label): (\(x), \(y)) is \(image[x, y])")
                        return
                    }
                }
            }
        }
        let oneX = try document.render()
        #expect(oneX.width == 40 && oneX.height == 20)
        check(oneX, sx: 4, sy: 4, "1x")
        let twoX = try document.render(scale: 2)
        #expect(twoX.width == 80 && twoX.height == 40)
        check(twoX, sx: 8, sy: 8, "2x")
        let stretched = try document.render(width: 20, height: 30)
        check(stretched, sx: 2, sy: 6, "stretched to 20x30")
    }

    @Test("the same pixels as rsvg-convert at the intrinsic size, at 2x and stretched",
          arguments: [(1.0, 1.0), (2.0, 2.0), (1.5, 0.75)])
    func matchesRsvgConvert(sx: Double, sy: Double) throws {
        let rsvgConvert = try imageTool("rsvg-convert", package: "librsvg2-bin")
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 32 24">
              <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#ff3b30"/>
                <stop offset="1" stop-color="#007aff" stop-opacity="0.4"/></linearGradient></defs>
              <rect x="1.5" y="2.25" width="29" height="10" rx="3" fill="url(#g)"/>
              <circle cx="16" cy="17" r="5.7" fill="#34c759" stroke="#000" stroke-width="0.8" opacity="0.8"/>
              <path d="M2 22 L9 14 L13 21 Z" fill="#af52de" fill-opacity="0.6"/>
            </svg>
            """
        try withTemporaryFolder { folder in
            let file = folder.file("art.svg"), png = folder.file("art.png")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let document = try SVGDocument(contentsOf: file)
            let (width, height) = (Int(64 * sx), Int(48 * sy))
            let ours = try document.render(width: width, height: height)
            _ = try runImageTool(rsvgConvert, ["-w", "\(width)", "-h", "\(height)", "-o", png, file])
            let theirs = try PNG.read(path: png)  // libpng: straight 8-bit, premultiplied on reading
            #expect(theirs.width == width && theirs.height == height)
            // rsvg-convert un-premultiplies to 8 bits (half a level of colour), then libpng's
            // reading premultiplies again: within one level of our premultiplied values.
            var largest: Float = 0
            for i in 0..<ours.pixels.count { largest = max(largest, abs(ours.pixels[i] - theirs.pixels[i])) }
            #expect(largest <= Self.level * 1.01, "largest difference \(largest * 255) levels")
        }
    }

    @Test("malformed and truncated documents are errors naming the file")
    func malformed() throws {
        for (label, text) in [("truncated", #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect"#),
                              ("unclosed", #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g>"#),
                              ("not XML", "<svg width=10 height=10 <<<")] {
            let error = imageError { try SVGDocument(bytes: svg(text), name: "bad.svg") }
            guard case let .undecodable(path, format, reason)? = error else { Issue.record("\(label): \(String(describing: error))"); continue }
            #expect(path == "bad.svg" && format == .svg && !reason.isEmpty, "\(label)")
            #expect(error!.description.hasPrefix("bad.svg: corrupt or truncated SVG ("))
        }
    }

    @Test("a huge size is refused before any pixel memory is allocated")
    func hugeClaim() throws {
        let bytes = svg(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>"#)
        #expect(throws: ImageError.tooLarge(path: "huge.svg", width: 100000, height: 100000, limit: .dimension(16384))) {
            try SVGDocument.decode(bytes, name: "huge.svg")
        }
        let document = try SVGDocument(bytes: svg(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#), name: "s.svg")
        #expect(throws: ImageError.tooLarge(path: "s.svg", width: 10000, height: 10000, limit: .pixelBudget(64 << 20))) {
            try document.render(scale: 1000)
        }
        #expect(throws: ImageError.self) { try document.render(width: 0, height: 10) }
        try withTemporaryFolder { folder in
            let file = folder.file("huge.svg")
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            do {
                _ = try RenderBudget().readImage(path: file)
                Issue.record("read")
            } catch let error as RenderBudgetError {
                #expect(error.file == file && error.width == 100000)
            }
        }
    }

    @Test("a missing librsvg is worded with the package to install")
    func missingLibraryWording() {
        let error = ImageError.libraryMissing(path: "logo.svg", format: .svg,
                                              reason: "cannot open librsvg-2.so.2 (not found)", package: SVGDocument.package)
        #expect(error.description == "logo.svg: reading SVG needs a library that is not installed "
            + "(cannot open librsvg-2.so.2 (not found)); install it: apt-get install librsvg2-2")
    }
}
