// The built-in `cover` picture (`--picture cover`) as a view file: a cover art for seed 004's
// blurred background, a sunset sky, a sun and three bands of sea. ShaderFXUI's `CoverArt` is this
// view; `shaderfx render --view cover.swift --size 384x384` draws the same pixels as
// `--picture cover --size 384x384` (ExampleViewTests.builtInPicturesAreTheirViewFiles).
import ShaderFXUI

struct CoverArt: View {
    var body: some View {
        Canvas { context, size in
            let unit = min(size.width, size.height)
            let sky = Gradient(colors: [Color(red: 0.16, green: 0.10, blue: 0.42), Color(red: 0.98, green: 0.46, blue: 0.38)])
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: size.height)),
                         with: .linearGradient(sky, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 0, y: size.height)))

            let radius = unit * 0.2
            let sun = CGRect(x: size.width / 2 - radius, y: size.height * 0.42 - radius, width: radius * 2, height: radius * 2)
            context.fill(Path(ellipseIn: sun), with: .color(Color(red: 1.0, green: 0.86, blue: 0.32)))

            // Three bands of sea across the lower third, each thinner than the last.
            let steps = Int((size.width / 2).rounded(.up)) + 2
            for band in 0..<3 {
                let middle = size.height * (0.66 + 0.1 * Double(band))
                let half = unit * (0.045 - 0.01 * Double(band))
                var sea = Path()
                for step in 0...steps {
                    let x = Double(step) * 2 - 2
                    let y = middle + sin(x / unit * 9 + Double(band) * 1.7) * unit * 0.012 - half
                    if step == 0 {
                        sea.move(to: CGPoint(x: x, y: y))
                    } else {
                        sea.addLine(to: CGPoint(x: x, y: y))
                    }
                }
                for step in 0...steps {
                    let x = Double(steps - step) * 2 - 2
                    let y = middle + sin(x / unit * 9 + Double(band) * 1.7) * unit * 0.012 + half
                    sea.addLine(to: CGPoint(x: x, y: y))
                }
                sea.closeSubpath()
                context.fill(sea, with: .color(Color(red: 0.05, green: 0.32, blue: 0.45)))
            }
        }
    }
}
