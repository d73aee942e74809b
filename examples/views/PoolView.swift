// Seed 001 ("Ripple Shader Effect"): the demo's pool, in the seed's own code: tiles drawn in a
// Canvas, a drop symbol and a rounded bold title with a shadow, and the wave as a layer effect.
// `RippleShaderEffectDistortion` is the seed's Metal function (examples/metal/RippleShaderEffect.metal).
//
// The seed starts the wave from a tap and moves it with keyframes; a picture shows one moment of
// it, so `radius` and `strength` are plain properties here (`--set radius=160`), and `animate
// --view` moves them with `--keyframe radius=0@0,400@0.6`.
import ShaderFXUI

struct RippleShaderEffectDemo: View {
    var origin = CGPoint(x: 195, y: 300)
    var radius = 160.0
    var strength = 0.8

    var body: some View {
        ZStack {
            RippleShaderEffectDemoTiles()

            VStack(spacing: 10) {
                Image(systemName: "drop.fill")
                    .font(.largeTitle)
                    .accessibilityHidden(true)
                Text("Tap the Water")
                    .font(.system(.largeTitle, design: .rounded, weight: .bold))
            }
            .foregroundStyle(.white)
            .shadow(color: .black.opacity(0.35), radius: 8, y: 4)
        }
        .layerEffect(
            ShaderLibrary.RippleShaderEffectDistortion(
                .boundingRect, .float2(origin), .float(radius), .float(strength), .float(10), .float(110)
            ),
            maxSampleOffset: CGSize(width: 10, height: 10),
            isEnabled: strength > 0
        )
        .ignoresSafeArea()
    }
}

/// The floor of a pool: a grid whose straight lines show how the wave bends them.
struct RippleShaderEffectDemoTiles: View {
    var body: some View {
        Canvas { context, size in
            let side = 46.0
            let columns = Int((size.width / side).rounded(.up))
            let rows = Int((size.height / side).rounded(.up))

            for row in 0..<rows {
                for column in 0..<columns {
                    let tile = CGRect(x: Double(column) * side, y: Double(row) * side, width: side, height: side)
                    let shade = Double((row * 7 + column * 13) % 5) / 4
                    let color = Color(hue: 0.52 + 0.03 * shade, saturation: 0.7, brightness: 0.72 + 0.2 * shade)
                    context.fill(Path(roundedRect: tile.insetBy(dx: 2, dy: 2), cornerRadius: 6), with: .color(color))
                }
            }
        }
        .background(Color(hue: 0.56, saturation: 0.8, brightness: 0.42))
        .accessibilityHidden(true)
    }
}
