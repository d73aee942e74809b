import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXUI

/// The seeds' views evaluate and render; `--set` overrides; an evaluated view draws the pixels
/// the same view written in Swift draws.
@Suite(.serialized) struct ViewFileEvaluatorSeedTests {
    static func text(_ name: String) throws -> String {
        try String(contentsOf: ViewFileCorpusTests.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The seeds' Metal shaders, as `--library examples/metal` gives them.
    static func seedShaders() throws -> ShaderLibrary {
        try ShaderLibrary(contentsOf: repositoryRoot.appendingPathComponent("examples/metal").path)
    }

    /// A 64 × 48 picture of two colours, written as `name`.png into `folder`.
    static func writePicture(_ name: String, in folder: TemporaryFolder) throws {
        var image = RGBAImage(width: 64, height: 48, fill: SIMD4(0.2, 0.5, 0.8, 1))
        for y in 0..<24 { for x in 0..<64 { image[x, y] = SIMD4(0.9, 0.7, 0.1, 1) } }
        try PNG.write(image, to: folder.file("\(name).png"))
    }

    /// Renders `view` proposed `size`, with pictures from `folders`.
    static func render(_ view: AnyView, _ size: CGSize, folders: [String] = [], time: Double = 0) throws -> RGBAImage {
        let renderer = try ViewRenderer(content: view)
        renderer.assetFolders = folders
        return try renderer.render(proposedSize: ProposedViewSize(size), scale: 1, time: time)
    }

    @Test func seed000StripesEvaluatesAndRenders() throws {
        let program = try ViewFileProgram(source: try Self.text("Seed000Stripes.swift.txt"), file: "Seed000Stripes.swift")
        let view = try program.makeView(settings: ViewFileSettings(shaders: try Self.seedShaders()))
        // 600 high: under the 144-pt "Pride" the stack leaves max(L + d − capHeight, d − descender)
        // = 87.5 pt before the disc (Inter: L = 174.3, d = 18, cap height 104.7), not 8, and 0
        // between the two texts (Inter has no line gap): at 520 the disc would get no room.
        let picture = try Self.render(view, CGSize(width: 240, height: 600))
        #expect(picture.width == 240 && picture.height == 600)
        // The disc's centre is painted by the stripes (opaque).
        #expect(picture[120, 527].w > 0.99)
        #expect(program.drawingError == nil)
    }

    @Test func seed000RippleScreenEvaluatesAndRenders() throws {
        try withTemporaryFolder { folder in
            try Self.writePicture("PalmTreeBeach", in: folder)
            let program = try ViewFileProgram(source: try Self.text("Seed000Ripple.swift.txt"), file: "Seed000Ripple.swift")
            let view = try program.makeView(settings: ViewFileSettings(shaders: try Self.seedShaders(), assetFolders: [folder.path]))
            let picture = try Self.render(view, CGSize(width: 390, height: 500), folders: [folder.path])
            // The VStack is as wide as its widest child, the picture's `.frame(width: 350)`.
            #expect(picture.width == 350)
            // Its UIKit recognizer is not run (taps and drags reach SwiftUI's own gestures).
            #expect(program.notes.contains { $0.hasPrefix("gesture(SpatialPressingGesture): accepted and ignored") }, "\(program.notes)")
            // Its keyframe animator animates a number: nothing about it is left out.
            #expect(!program.notes.contains { $0.hasPrefix("keyframeAnimator") })
        }
    }

    @Test func seed001PoolWithCanvasTilesEvaluatesAndRenders() throws {
        let text = try Self.text("Seed001RippleShaderEffect.swift.txt")
        let demo = try ViewFileProgram(source: text, file: "Seed001.swift")
        let view = try demo.makeView(settings: ViewFileSettings(shaders: try Self.seedShaders()))
        let picture = try Self.render(view, CGSize(width: 92, height: 92))
        #expect(picture.width >= 92)
        #expect(demo.drawingError == nil)
        // Its SpatialTapGesture is recorded on the view (a delivered tap runs it), not ignored.
        #expect(!demo.notes.contains { $0.hasPrefix("simultaneousGesture") }, "\(demo.notes)")

        // The Canvas tiles on their own: tile (0, 0) is Color(hue: 0.52 + 0.03 * shade,
        // saturation: 0.7, brightness: 0.72 + 0.2 * shade) with shade = ((0 * 7 + 0 * 13) % 5) / 4
        // = 0, and tile (1, 0) has shade ((0 * 7 + 1 * 13) % 5) / 4 = 0.75; their colours are
        // computed here from the HSB formula. Tile (1, 0) spans x 46...92, inset by 2.
        let tiles = try ViewFileProgram(source: text, file: "Seed001.swift")
        let tilesView = try tiles.makeView(settings: ViewFileSettings(shaders: try Self.seedShaders(), root: "RippleShaderEffectDemoTiles"))
        let floor = try Self.render(tilesView, CGSize(width: 92, height: 92))
        #expect(tiles.drawingError == nil)
        for (x, shade) in [(23, 0.0), (69, 0.75)] {
            let (r, g, b) = hsb(0.52 + 0.03 * shade, 0.7, 0.72 + 0.2 * shade)
            let pixel = floor[x, 23]
            #expect(abs(Double(pixel.x) - r) < 0.01 && abs(Double(pixel.y) - g) < 0.01 && abs(Double(pixel.z) - b) < 0.01, "\(pixel) vs \((r, g, b))")
        }
        // Between the tiles (x = 46, the 2-pt gaps) the background colour shows.
        let (r, g, b) = hsb(0.56, 0.8, 0.42)
        let gap = floor[46, 23]
        #expect(abs(Double(gap.x) - r) < 0.01 && abs(Double(gap.y) - g) < 0.01 && abs(Double(gap.z) - b) < 0.01, "\(gap) vs \((r, g, b))")
    }

    @Test func seed004LyricsListEvaluatesAndRenders() throws {
        let list = try ViewFileProgram(source: try Self.text("Seed004LyricsList.swift.txt"), file: "Seed004LyricsList.swift")
        let view = try list.makeView()
        let picture = try Self.render(view, CGSize(width: 420, height: 360))
        #expect(picture.width == 420)
        let layout = try viewLayout(view, ProposedViewSize(width: 420, height: 360))
        // Four lines, each Text laid out in the list with its timestamp overlay: eight texts.
        #expect(layout.root.all.count > 8)
    }

    @Test func overridesSetConstantsAndState() throws {
        let source = """
        let side = 10
        struct Box: View {
            @State var width: Double = 5
            var tint: Color = .red
            var on = false
            var body: some View {
                Color.clear.frame(width: on ? width * 2 : width, height: Double(side))
            }
        }
        """
        let set = ViewFileSettings(overrides: ["side": "7", "width": "12.5", "on": "true", "tint": "blue"])
        #expect(try frames(evaluated(source, settings: set)) == frames(Color.clear.frame(width: 25, height: 7)))
        #expect(try frames(evaluated(source)) == frames(Color.clear.frame(width: 5, height: 10)))

        let bad = try #require(evaluationError(source, file: "Box.swift", settings: ViewFileSettings(overrides: ["side": "seven"])))
        #expect(bad.summary == "Box.swift:\(place(of: "side = 10", in: source)): error: --set side=seven: 'seven' is not an Int")
        let unknown = try #require(evaluationError(source, file: "Box.swift", settings: ViewFileSettings(overrides: ["widht": "3"])))
        #expect(unknown.summary == "Box.swift:1:1: error: unknown name 'widht' in --set: it is no top-level constant or stored property of the root view; did you mean 'width'?")
        let colour = try #require(evaluationError(source, file: "Box.swift", settings: ViewFileSettings(overrides: ["tint": "12"])))
        #expect(colour.summary == "Box.swift:\(place(of: "tint: Color", in: source)): error: --set tint=12: '12' is not a colour by name (red, blue, ...)")
    }

    @Test func evaluatedViewsDrawTheSwiftViewsPixels() throws {
        let source = """
        ZStack(alignment: .topLeading) {
            Color.white
            RoundedRectangle(cornerRadius: 6).fill(Color(hue: 0.6, saturation: 0.8, brightness: 0.9))
                .frame(width: 40, height: 30).offset(x: 5, y: 8)
            Canvas { context, size in
                context.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: size.width, height: size.height / 2)), with: .color(.orange))
                context.translateBy(x: 10, y: 0)
                context.fill(Path(CGRect(x: 0, y: 40, width: 8, height: 8)), with: .color(.black.opacity(0.5)))
            }
            .frame(width: 50, height: 60)
            .position(x: 60, y: 40)
            Text("Hi").font(.system(size: 14, weight: .bold)).foregroundStyle(.red).padding(4)
        }
        """
        let swift = ZStack(alignment: .topLeading) {
            Color.white
            RoundedRectangle(cornerRadius: 6).fill(Color(hue: 0.6, saturation: 0.8, brightness: 0.9))
                .frame(width: 40, height: 30).offset(x: 5, y: 8)
            Canvas { context, size in
                context.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: size.width, height: size.height / 2)), with: .color(.orange))
                context.translateBy(x: 10, y: 0)
                context.fill(Path(CGRect(x: 0, y: 40, width: 8, height: 8)), with: .color(.black.opacity(0.5)))
            }
            .frame(width: 50, height: 60)
            .position(x: 60, y: 40)
            Text("Hi").font(.system(size: 14, weight: .bold)).foregroundStyle(.red).padding(4)
        }
        let size = CGSize(width: 96, height: 80)
        let a = try Self.render(evaluated(source), size)
        let b = try Self.render(AnyView(swift), size)
        #expect(a.width == b.width && a.height == b.height)
        let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(differing == 0)
        // And the picture is not blank: the canvas's orange ellipse is at (60, 25).
        #expect(a[60, 25].x > 0.9 && a[60, 25].z < 0.2)
    }
}

/// sRGB components of a hue/saturation/brightness colour, by the HSV formula.
func hsb(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
    let i = Int((h * 6).rounded(.down)) % 6
    let f = h * 6 - (h * 6).rounded(.down)
    let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
    switch i {
    case 0: return (v, t, p)
    case 1: return (q, v, p)
    case 2: return (p, v, t)
    case 3: return (p, q, v)
    case 4: return (t, p, v)
    default: return (v, p, q)
    }
}
