import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXUI

/// The seeds' views in examples/views, compiled here as Swift from the very files the CLI reads
/// (this target links to them), rendered, and compared with the same files evaluated by the
/// view-file front-end: the two must give identical pixels.
@Suite(.serialized) struct ExampleViewTests {
    static let examples = repositoryRoot.appendingPathComponent("examples").path
    static let renderer = Result { try Renderer() }

    /// The app's Metal (examples/metal), as the CLI's `--library examples/metal` gives it.
    static let metal = Result { try ShaderLibrary(contentsOf: "\(examples)/metal") }

    /// `view()` made and rendered with the app's Metal as `ShaderLibrary.default`, its pictures
    /// (examples/views) in the renderer's asset folders.
    static func render<V: View>(_ view: @autoclosure () -> V, size: CGSize?, scale: Int = 1, time: Double? = nil) throws -> RGBAImage {
        try ShaderLibrary.$app.withValue(try metal.get()) {
            try renderNow(view(), size: size, scale: scale, time: time)
        }
    }

    private static func renderNow<V: View>(_ view: V, size: CGSize?, scale: Int, time: Double?) throws -> RGBAImage {
        let viewRenderer = try ViewRenderer(content: view, renderer: try renderer.get())
        viewRenderer.assetFolders = ["\(examples)/views"]
        viewRenderer.proposedSize = size.map { ProposedViewSize($0) } ?? .unspecified
        viewRenderer.scale = scale
        viewRenderer.time = time ?? 0
        viewRenderer.triggerTime = time
        return try viewRenderer.render()
    }

    /// The view file `name` in examples/views evaluated and rendered with the same settings.
    static func renderFile(_ name: String, size: CGSize?, scale: Int = 1, time: Double? = nil,
                           overrides: [String: String] = [:]) throws -> RGBAImage {
        let path = "\(examples)/views/\(name)"
        let program = try ViewFileProgram(source: String(contentsOfFile: path, encoding: .utf8), file: path)
        let settings = ViewFileSettings(overrides: overrides, time: time ?? 0, shaders: try ShaderLibrary(contentsOf: "\(examples)/metal"),
                                        assetFolders: ["\(examples)/views"], triggerTime: time)
        let view = try program.makeView(settings: settings)
        return try render(view, size: size, scale: scale, time: time)
    }

    static func write(_ image: RGBAImage, _ name: String) throws {
        if let folder = ProcessInfo.processInfo.environment["SHADERFX_EXAMPLE_RENDERS"] {
            try PNG.write(image, to: "\(folder)/\(name)")
        }
    }

    static let phone = CGSize(width: 390, height: 844)

    @Test func palmTreeBeachIsTheCommittedPicture() throws {
        let image = try Self.render(PalmTreeBeachArt(), size: nil)
        #expect(image.width == 640 && image.height == 480)
        let path = "\(Self.examples)/views/PalmTreeBeach.png"
        if ProcessInfo.processInfo.environment["SHADERFX_WRITE_ASSETS"] != nil {
            try PNG.write(image, to: path)
        }
        // The committed picture is this view's render, 8-bit.
        let committed = try PNG.read(path: path)
        #expect(committed.width == 640 && committed.height == 480)
        let worst = zip(image.pixels, committed.pixels).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
        #expect(worst <= 1.0 / 255 + 1e-4)
    }

    @Test func stripes() throws {
        let image = try Self.render(StripesView(), size: Self.phone, scale: 2)
        #expect(image.width == 780 && image.height == 1688)
        try Self.write(image, "stripes.png")
    }

    @Test func pool() throws {
        let image = try Self.render(RippleShaderEffectDemo(), size: Self.phone, scale: 2)
        #expect(image.width == 780 && image.height == 1688)
        try Self.write(image, "pool.png")
    }

    @Test func rippleScreen() throws {
        let image = try Self.render({ var view = RippleEffectView(); view.origin = CGPoint(x: 175, y: 130); return view }(),
                                    size: Self.phone, scale: 2, time: 0.4)
        // The stack is as wide as its widest child, the 350-pt picture; the spacer makes it tall.
        #expect(image.width == 700 && image.height == 1688)
        try Self.write(image, "ripple.png")
    }

    @Test func lyrics() throws {
        let image = try Self.render(LyricsView(), size: Self.phone, scale: 1, time: 2)
        #expect(image.width == 390 && image.height == 844)
        try Self.write(image, "lyrics.png")
    }

    /// The largest difference between two pictures of one size (infinity for different sizes).
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> Float {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        return zip(a.pixels, b.pixels).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// The built-in pictures are the views of examples/views/builtin: the library's drawing, the
    /// files compiled as Swift and the files evaluated by the front-end give identical pixels.
    @Test(arguments: [(BuiltInPicture.pool, "pool.swift"), (.circle, "circle.swift"), (.cover, "cover.swift")])
    func builtInPicturesAreTheirViewFiles(picture: BuiltInPicture, file: String) throws {
        let compiled: any View = switch picture {
        case .pool: PoolFloor()
        case .circle: PaddedCircle()
        case .cover: CoverArt()
        }
        for (width, height) in [(512, 384), (97, 61), (384, 384)] {
            let size = CGSize(width: width, height: height)
            let builtIn = try picture.draw(width: width, height: height, on: try Self.renderer.get())
            #expect(builtIn.width == width && builtIn.height == height)
            #expect(Self.difference(builtIn, try Self.render(AnyView(compiled), size: size)) == 0, "\(file) compiled, \(width)x\(height)")
            #expect(Self.difference(builtIn, try Self.renderFile("builtin/\(file)", size: size)) == 0, "\(file) evaluated, \(width)x\(height)")
        }
    }

    @Test func eachViewFileGivesTheSwiftViewsPixels() throws {
        // The same file compiled as Swift and evaluated by the front-end: identical pictures.
        #expect(Self.difference(try Self.render(StripesView(), size: Self.phone), try Self.renderFile("StripesView.swift", size: Self.phone)) == 0)
        #expect(Self.difference(try Self.render(RippleShaderEffectDemo(), size: Self.phone),
                                try Self.renderFile("PoolView.swift", size: Self.phone)) == 0)
        #expect(Self.difference(try Self.render(LyricsView(), size: Self.phone, time: 2),
                                try Self.renderFile("LyricsView.swift", size: Self.phone, time: 2)) == 0)
        #expect(Self.difference(try Self.render(BenchCard(), size: nil), try Self.renderFile("bench/BenchCard.swift", size: nil)) == 0)
        let origin = CGPoint(x: 175, y: 130)
        let swift = try Self.render({ var view = RippleEffectView(); view.origin = origin; return view }(), size: Self.phone, time: 0.2)
        let file = try Self.renderFile("RippleEffectView.swift", size: Self.phone, time: 0.2, overrides: ["origin": "175,130"])
        #expect(Self.difference(swift, file) == 0)
    }
}
