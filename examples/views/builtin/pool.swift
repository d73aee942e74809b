// The built-in `pool` picture (`--picture pool`, the default under a distortion or layer effect)
// as a view file: seed 001's floor of 46-point tiles, each inset by 2 points and rounded by 6.
// ShaderFXUI's `PoolFloor` is this view; `shaderfx render --view pool.swift --size 512x384` draws
// the same pixels as `--picture pool` (ExampleViewTests.builtInPicturesAreTheirViewFiles).
import ShaderFXUI

struct PoolFloor: View {
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
    }
}
