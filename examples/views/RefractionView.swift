// Seed 002 ("Ripple Refraction"): expanding rings that bend a picture as they cross it, driven
// by touch, in the seed's own code: the RippleStore ring buffer as written, TimelineView(.animation)
// driving the clock, the seed's `ripple` distortion (examples/metal/RippleRefraction.metal) and a
// DragGesture with its throttle feeding the store. The artwork is `Image("PalmTreeBeach")`
// (examples/views) where the app has `Image(uiImage: artwork)`.
//
// `shaderfx animate --view` delivers `--drag`/`--tap` to the gesture, and the store keeps its
// ripples for the frames after: `Date()` is the run's clock (its time zero is the store's start).
//
//   shaderfx animate --view examples/views/RefractionView.swift --library examples/metal --size 390x844 \
//       --drag "80,200@0.1;160,320@0.4;240,440@0.7" --duration 2 --fps 30 -o refraction.mp4
import ShaderFXUI
import Observation

@Observable
final class RippleStore {
    static let capacity = 12
    private static let stride = 4

    private(set) var packed = [Float](repeating: 0, count: capacity * stride)
    private var cursor = 0
    private let start = Date()

    func elapsed(at date: Date) -> Float { Float(date.timeIntervalSince(start)) }

    func add(at point: CGPoint, in size: CGSize, strength: Float = 1) {
        guard size.width > 0, size.height > 0 else { return }
        let i = cursor * Self.stride
        packed[i] = Float(point.x / size.width)
        packed[i + 1] = Float(point.y / size.height)
        packed[i + 2] = Float(Date().timeIntervalSince(start))
        packed[i + 3] = strength
        cursor = (cursor + 1) % Self.capacity
    }
}

struct RefractionView: View {
    @State private var store = RippleStore()
    @State private var lastMove: Date = .distantPast
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        GeometryReader { proxy in
            let size = proxy.size
            if reduceMotion {
                painting(size: size)
            } else {
                TimelineView(.animation) { context in
                    painting(size: size)
                        .distortionEffect(
                            ShaderLibrary.ripple(
                                .float2(size.width, size.height),
                                .float(store.elapsed(at: context.date)),
                                .floatArray(store.packed)
                            ),
                            // must exceed the shader's peak displacement or the edges clip
                            maxSampleOffset: CGSize(width: 60, height: 60)
                        )
                }
                .gesture(
                    DragGesture(minimumDistance: 0)
                        .onChanged { value in
                            guard Date().timeIntervalSince(lastMove) > 0.18 else { return }   // throttle
                            lastMove = Date()
                            store.add(at: value.location, in: size, strength: 0.8)
                        }
                        .onEnded { store.add(at: $0.location, in: size, strength: 1) }
                )
            }
        }
    }

    /// The artwork filling the screen.
    func painting(size: CGSize) -> some View {
        Image("PalmTreeBeach")
            .resizable()
            .scaledToFill()
            .frame(width: size.width, height: size.height)
            .clipped()
    }
}
