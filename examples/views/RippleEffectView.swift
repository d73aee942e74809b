// Seed 000 ("MetalRipples"): the Ripple screen, in the seed's own code: a title over a photo,
// rounded and shadowed, the WWDC24 ripple run by a keyframe animation each time `counter`
// changes. `Ripple` is the seed's Metal function (examples/metal/Ripple.metal), `PalmTreeBeach`
// the picture beside this file.
//
// A picture shows one moment: `--set origin=175,120` says where the tap was, and `--time 0.4`
// how long ago (no time: the animation has not started, as SwiftUI shows before the first tap).
// The seed's gesture modifier (a UIKit recognizer) has no counterpart off Apple's platforms and
// is left out; `animate --view` feeds taps instead.
import ShaderFXUI

struct RippleEffectView: View {
    @State var counter: Int = 0
    @State var origin: CGPoint = .zero

    var body: some View {
        VStack {
            Text("Ripple Effect")
                .font(.title.bold())

            Image("PalmTreeBeach")
                .resizable()
                .scaledToFit()
                .frame(width: 350)
                .cornerRadius(24)
                .shadow(radius: 5, x: 5, y: 5)
                .modifier(RippleEffect(at: origin, trigger: counter))

            Spacer()
        }
    }
}

struct RippleModifier: ViewModifier {
    var origin: CGPoint
    var elapsedTime: TimeInterval
    var duration: TimeInterval
    var amplitude: Double = 12
    var frequency: Double = 15
    var decay: Double = 8
    var speed: Double = 1200

    var maxSampleOffset: CGSize {
        CGSize(width: amplitude, height: amplitude)
    }

    func body(content: Content) -> some View {
        let shader = ShaderLibrary.Ripple(
            .float2(origin),
            .float(elapsedTime),
            .float(amplitude),
            .float(frequency),
            .float(decay),
            .float(speed)
        )

        let maxSampleOffset = maxSampleOffset
        let elapsedTime = elapsedTime
        let duration = duration

        content.visualEffect { view, _ in
            view.layerEffect(
                shader,
                maxSampleOffset: maxSampleOffset,
                isEnabled: 0 < elapsedTime && elapsedTime < duration
            )
        }
    }
}

struct RippleEffect<T: Equatable>: ViewModifier {
    var origin: CGPoint
    var trigger: T
    var duration: TimeInterval { 3 }

    init(at origin: CGPoint, trigger: T) {
        self.origin = origin
        self.trigger = trigger
    }

    func body(content: Content) -> some View {
        let origin = origin
        let duration = duration

        content.keyframeAnimator(
            initialValue: 0,
            trigger: trigger
        ) { view, elapsedTime in
            view.modifier(RippleModifier(
                origin: origin,
                elapsedTime: elapsedTime,
                duration: duration
            ))
        } keyframes: { _ in
            MoveKeyframe(0)
            LinearKeyframe(duration, duration: duration)
        }
    }
}
