// The picture seed 000's ripple screen shows, drawn as a view (the seed downloads a photo that
// cannot ship here): sky, sun, sea, sand and a palm tree. scripts/make-view-assets renders it
// into ../PalmTreeBeach.png (`shaderfx render --view PalmTreeBeachArt.swift --scale 2`).
import ShaderFXUI

struct PalmLeaf: Shape {
    var angle: Double

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let base = CGPoint(x: rect.midX, y: rect.midY)
        let length = rect.width * 0.5
        let tip = CGPoint(x: base.x + cos(angle) * length, y: base.y + sin(angle) * length)
        let bend = CGPoint(x: base.x + cos(angle - 0.5) * length * 0.6, y: base.y + sin(angle - 0.5) * length * 0.6 - 18)
        let under = CGPoint(x: base.x + cos(angle + 0.2) * length * 0.5, y: base.y + sin(angle + 0.2) * length * 0.5 + 6)
        path.move(to: base)
        path.addQuadCurve(to: tip, control: bend)
        path.addQuadCurve(to: base, control: under)
        path.closeSubpath()
        return path
    }
}

struct PalmTreeBeachArt: View {
    var body: some View {
        ZStack {
            LinearGradient(colors: [Color(red: 0.35, green: 0.65, blue: 0.95), Color(red: 0.98, green: 0.82, blue: 0.62)],
                           startPoint: .top, endPoint: .bottom)
            Circle()
                .fill(RadialGradient(colors: [Color(red: 1, green: 0.95, blue: 0.7), Color(red: 1, green: 0.7, blue: 0.3)],
                                     center: .center, startRadius: 0, endRadius: 60))
                .frame(width: 110, height: 110)
                .position(x: 420, y: 150)
            VStack(spacing: 0) {
                Spacer()
                LinearGradient(colors: [Color(red: 0.1, green: 0.55, blue: 0.75), Color(red: 0.2, green: 0.75, blue: 0.8)],
                               startPoint: .top, endPoint: .bottom)
                    .frame(height: 120)
                Ellipse()
                    .fill(Color(red: 0.93, green: 0.82, blue: 0.6))
                    .frame(width: 760, height: 140)
                    .padding(.top, -50)
                    .frame(height: 90)
            }
            Path { path in
                path.move(to: CGPoint(x: 160, y: 470))
                path.addQuadCurve(to: CGPoint(x: 215, y: 175), control: CGPoint(x: 140, y: 300))
                path.addLine(to: CGPoint(x: 231, y: 178))
                path.addQuadCurve(to: CGPoint(x: 184, y: 470), control: CGPoint(x: 165, y: 300))
                path.closeSubpath()
            }
            .fill(Color(red: 0.45, green: 0.3, blue: 0.18))
            ForEach(0..<7) { i in
                PalmLeaf(angle: -2.9 + Double(i) * 0.72)
                    .fill(Color(red: 0.12, green: 0.45 + 0.04 * Double(i % 3), blue: 0.2))
                    .frame(width: 300, height: 300)
                    .position(x: 223, y: 176)
            }
        }
        .frame(width: 640, height: 480)
    }
}
