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

    /// The app's Metal (examples/metal) and pictures (examples/views), as the CLI's
    /// `--library examples/metal` and the view file's folder give them.
    static func setUp() throws -> Renderer {
        ShaderLibrary.app = try ShaderLibrary(contentsOf: "\(examples)/metal")
        Image.assetFolders = ["\(examples)/views"]
        return try renderer.get()
    }

    static func render<V: View>(_ view: V, size: CGSize?, scale: Int = 1, time: Double? = nil) throws -> RGBAImage {
        let viewRenderer = try ViewRenderer(content: view, renderer: try setUp())
        viewRenderer.proposedSize = size.map { ProposedViewSize($0) } ?? .unspecified
        viewRenderer.scale = scale
        viewRenderer.time = time ?? 0
        viewRenderer.triggerTime = time
        return try viewRenderer.render()
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
        var view = RippleEffectView()
        view.origin = CGPoint(x: 175, y: 130)
        let image = try Self.render(view, size: Self.phone, scale: 2, time: 0.4)
        // The stack is as wide as its widest child, the 350-pt picture; the spacer makes it tall.
        #expect(image.width == 700 && image.height == 1688)
        try Self.write(image, "ripple.png")
    }

    @Test func lyrics() throws {
        let image = try Self.render(LyricsView(), size: Self.phone, scale: 1, time: 2)
        #expect(image.width == 390 && image.height == 844)
        try Self.write(image, "lyrics.png")
    }
}
