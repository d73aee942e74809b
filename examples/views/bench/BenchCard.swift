// The card `make bench` draws: 1080 × 1920 points of a title, 20 lines of text, 50 shapes, a
// photo and one layer effect (the seed 000 ripple over the photo), as a server renders a
// template. `--set title=...` changes its text, as `batch` jobs do.
import ShaderFXUI

let title = "Weekly digest"

struct BenchCard: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 24) {
            Text(title)
                .font(.system(size: 72, weight: .bold))
            Image("PalmTreeBeach")
                .resizable()
                .frame(width: 1000, height: 600)
                .cornerRadius(32)
                .layerEffect(
                    ShaderLibrary.Ripple(.float2(CGPoint(x: 500, y: 300)), .float(0.2), .float(12), .float(15), .float(8), .float(1200)),
                    maxSampleOffset: CGSize(width: 12, height: 12)
                )
            ForEach(0..<5) { row in
                HStack(spacing: 20) {
                    ForEach(0..<10) { column in
                        RoundedRectangle(cornerRadius: 12)
                            .fill(Color(hue: Double(row * 10 + column) / 50, saturation: 0.6, brightness: 0.9))
                            .frame(width: 80, height: 40)
                    }
                }
            }
            ForEach(0..<20) { line in
                Text("Line \(line + 1): every modifier is a stage, and the pixels follow the time.")
                    .font(.title3)
                    .foregroundStyle(line % 2 == 0 ? Color.primary : Color.gray)
            }
            Spacer()
        }
        .padding(40)
        .frame(width: 1080, height: 1920, alignment: .topLeading)
        .background(Color.white)
    }
}
