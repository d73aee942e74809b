// Seed 000 ("MetalRipples"): the Stripes screen, in the seed's own code. `import ShaderFXUI`
// stands where the app has `import SwiftUI`; `ShaderLibrary.Stripes` is the seed's Metal function,
// examples/metal/Stripes.metal (`shaderfx render --view StripesView.swift --library ../metal`).
import ShaderFXUI

let stripes = ShaderLibrary.Stripes(
    .float(20),
    .colorArray([
        .red, .orange, .yellow, .green, .blue, .purple
    ])
)

struct StripesView: View {
    var body: some View {
        VStack {
            Text("Stripes Modifier")
                .font(.title.bold())

            Text("Pride")
                .font(.system(size: 144, weight: .bold))
                .foregroundStyle(stripes)

            Circle()
                .fill(stripes)
                .padding(16)

            Spacer()
        }
    }
}
