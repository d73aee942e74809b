// The golden suite's view case: a badge as an app ships it, its title filled by the seed 000
// Stripes shader (ShaderLibrary.Stripes, examples/metal/Stripes.metal), a count of dots and a
// pulse that TimelineView drives, so each frame of the case shows another moment.
import ShaderFXUI

let stripes = ShaderLibrary.Stripes(.float(6), .colorArray([.red, .orange, .yellow, .green, .blue, .purple]))

struct Badge: View {
    var title = "New"
    var count = 3
    var body: some View {
        TimelineView(.animation) { timeline in
            let t = timeline.date.timeIntervalSinceReferenceDate
            VStack(spacing: 8) {
                Text(title)
                    .font(.system(size: 40, weight: .heavy))
                    .foregroundStyle(stripes)
                HStack(spacing: 6) {
                    ForEach(0..<count, id: \.self) { index in
                        Circle()
                            .fill(Color.indigo)
                            .frame(width: 12, height: 12)
                            .opacity(index == Int(t * 4) % count ? 1 : 0.35)
                    }
                }
            }
            .padding(16)
            .background(RoundedRectangle(cornerRadius: 16).fill(Color.white))
            .overlay(RoundedRectangle(cornerRadius: 16).stroke(Color.indigo, lineWidth: 2))
        }
    }
}
