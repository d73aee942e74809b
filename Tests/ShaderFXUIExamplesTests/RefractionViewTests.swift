import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXUI

/// Seed 002's refraction screen (examples/views/RefractionView.swift) after a drag: the view
/// file with the drag delivered by the front-end, the same file compiled as Swift with the drag
/// delivered to its compiled handlers, and a Swift view whose `RippleStore` had `add` called by
/// hand at the points and times the seed's throttle lets through give the same pixels; the
/// ripples are where the seed's shader formula, in Double, moves pixels.
@Suite(.serialized) struct RefractionViewTests {
    static let size = CGSize(width: 390, height: 844)
    /// A drag's points (x, y, seconds): 0.45 s comes 0.05 s after 0.4 s, so the throttle drops it.
    static let drag: [(Double, Double, Double)] = [(80, 200, 0.1), (160, 320, 0.4), (170, 330, 0.45), (240, 440, 0.7)]
    static let events = GestureEvent.timeline(taps: [], drags: [drag.map { (CGPoint(x: $0.0, y: $0.1), $0.2) }])
    /// The frame compared.
    static let time = 1.0

    static func viewRenderer<V: View>(_ view: V) throws -> ViewRenderer<V> {
        let viewRenderer = try ViewRenderer(content: view, renderer: try ExampleViewTests.renderer.get())
        viewRenderer.assetFolders = ["\(ExampleViewTests.examples)/views"]
        viewRenderer.proposedSize = ProposedViewSize(size)
        return viewRenderer
    }

    /// The view file with the drag delivered through the front-end, at `time`.
    static func fileAfterTheDrag() throws -> RGBAImage {
        let path = "\(ExampleViewTests.examples)/views/RefractionView.swift"
        let program = try ViewFileProgram(source: String(contentsOfFile: path, encoding: .utf8), file: path)
        let session = ViewFileSession()
        let shaders = try ExampleViewTests.metal.get()
        func view(at time: Double) throws -> AnyView {
            try program.makeView(settings: ViewFileSettings(time: time, shaders: shaders, assetFolders: ["\(ExampleViewTests.examples)/views"], session: session))
        }
        let viewRenderer = try viewRenderer(try view(at: 0))
        let tracker = GestureTracker()
        for event in events {
            viewRenderer.content = try view(at: event.time)
            viewRenderer.time = event.time
            #expect(try viewRenderer.deliver(event, tracker: tracker) == 1)
            if let error = program.handlerError { throw error }
        }
        viewRenderer.content = try view(at: time)
        viewRenderer.time = time
        return try viewRenderer.render()
    }

    /// The compiled view with the drag delivered to its compiled handlers, at `time`.
    static func swiftAfterTheDrag() throws -> RGBAImage {
        try ShaderLibrary.$app.withValue(try ExampleViewTests.metal.get()) {
            let viewRenderer = try viewRenderer(ViewClock.$time.withValue(0) { RefractionView() })
            let tracker = GestureTracker()
            for event in events {
                viewRenderer.time = event.time
                #expect(try viewRenderer.deliver(event, tracker: tracker) == 1)
            }
            viewRenderer.time = time
            return try viewRenderer.render()
        }
    }

    /// The seed's picture and effect over a store fed by hand: what the throttle lets through
    /// (0.1 s, 0.4 s, 0.7 s at strength 0.8; the end at 0.7 s at strength 1).
    struct HandFed: View {
        let store: RippleStore
        var body: some View {
            TimelineView(.animation) { context in
                Image("PalmTreeBeach").resizable().scaledToFill().frame(width: size.width, height: size.height).clipped()
                    .distortionEffect(ShaderLibrary.ripple(.float2(size.width, size.height), .float(store.elapsed(at: context.date)),
                                                           .floatArray(store.packed)),
                                      maxSampleOffset: CGSize(width: 60, height: 60))
            }
        }
    }

    static let fed: [(x: Double, y: Double, time: Double, strength: Float)] = [(80, 200, 0.1, 0.8), (160, 320, 0.4, 0.8), (240, 440, 0.7, 0.8), (240, 440, 0.7, 1)]

    static func handFedStore() -> RippleStore {
        let store = ViewClock.$time.withValue(0) { RippleStore() }
        for ripple in fed {
            ViewClock.$time.withValue(ripple.time) { store.add(at: CGPoint(x: ripple.x, y: ripple.y), in: size, strength: ripple.strength) }
        }
        return store
    }

    @Test func theFileAfterADragIsTheSwiftViewWhoseStoreWasFed() throws {
        let file = try Self.fileAfterTheDrag()
        #expect(file.width == 390 && file.height == 844)
        let swift = try Self.swiftAfterTheDrag()
        let store = Self.handFedStore()
        let handFed = try ShaderLibrary.$app.withValue(try ExampleViewTests.metal.get()) {
            let viewRenderer = try Self.viewRenderer(HandFed(store: store))
            viewRenderer.time = Self.time
            return try viewRenderer.render()
        }
        #expect(ExampleViewTests.difference(file, swift) == 0)
        #expect(ExampleViewTests.difference(file, handFed) == 0)
        try ExampleViewTests.write(file, "refraction.png")
    }

    /// The seed's displacement at `position` (points) in Double: the oracle for where the
    /// ripples bend the picture.
    static func displacement(at position: CGPoint, time: Double, ripples: [(x: Double, y: Double, birth: Double, strength: Double)]) -> Double {
        let (life, reach, thick, amp) = (2.6, 0.75, 500.0, 0.05)
        let aspect = size.width / size.height
        var offset = (x: 0.0, y: 0.0)
        func smoothstep(_ a: Double, _ b: Double, _ x: Double) -> Double { let t = min(max((x - a) / (b - a), 0), 1); return t * t * (3 - 2 * t) }
        for ripple in ripples {
            let age = time - ripple.birth
            guard ripple.strength > 0, age >= 0, age <= life else { continue }
            let d = ((position.x / size.width - ripple.x) * aspect, position.y / size.height - ripple.y)
            let dist = hypot(d.0, d.1)
            guard dist >= 1e-5 else { continue }
            let t = age / life
            let band = dist - reach * pow(t, 0.7)
            let lens = band * exp(-band * band * thick) * (2 * thick).squareRoot() / 0.606
            let force = lens * pow(max(1 - t, 0), 1.1) * ripple.strength / (1 + dist * 0.5) * smoothstep(0, 0.08, t) * smoothstep(0, 0.06, dist)
            offset.x += d.0 / dist / aspect * force * amp
            offset.y += d.1 / dist * force * amp
        }
        return hypot(offset.x * size.width, offset.y * size.height)
    }

    @Test func theRipplesBendThePictureWhereTheDragWas() throws {
        let file = try Self.fileAfterTheDrag()
        let plain = try ExampleViewTests.render(HandFed(store: ViewClock.$time.withValue(0) { RippleStore() }), size: Self.size, time: Self.time)
        let ripples = Self.fed.map { (x: $0.x / Self.size.width, y: $0.y / Self.size.height, birth: $0.time, strength: Double($0.strength)) }
        var moved = 0, still = 0
        for y in stride(from: 2, to: 842, by: 6) {
            for x in stride(from: 2, to: 388, by: 6) {
                let shift = Self.displacement(at: CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), time: Self.time, ripples: ripples)
                let i = (y * file.width + x) * 4
                let change = (0..<3).map { abs(file.pixels[i + $0] - plain.pixels[i + $0]) }.max()!
                if shift < 1e-3 {
                    // Where the formula moves nothing, the picture is untouched.
                    #expect(change <= 1e-6, "(\(x), \(y)) changed by \(change) where the seed's formula moves \(shift) pt")
                    still += 1
                } else if shift > 8 {
                    moved += 1
                }
            }
        }
        #expect(still > 1000 && moved > 20, "still \(still), moved \(moved)")
    }
}
