// The built-in `circle` picture (`--picture circle`, the default under a fill) as a view file:
// seed 000's `Circle().padding(16)`, white on transparency. ShaderFXUI's `PaddedCircle` is this
// view; `shaderfx render --view circle.swift --size 512x384` draws the same pixels as
// `--picture circle` (ExampleViewTests.builtInPicturesAreTheirViewFiles).
import ShaderFXUI

struct PaddedCircle: View {
    var body: some View {
        Circle()
            .fill(.white)
            .padding(16)
    }
}
