import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXUI

private let changeRenderer = Result { try Renderer() }

/// A picture file rewritten between two renders of one `ViewRenderer` (a batch job writing what
/// a later job reads) is read again, not drawn from the decode kept for the first render.
@Suite struct ImageFileChangeTests {
    private func write(_ colour: SIMD4<Float>, width: Int, to path: String) throws {
        try PNG.write(RGBAImage(width: width, height: 4, fill: colour), to: path)
    }

    @Test func aRewrittenFileIsDrawnAnew() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("picture.png").path
            try write(SIMD4(1, 0, 0, 1), width: 4, to: path)
            let views = try ViewRenderer(content: Image(contentsOfFile: path), renderer: changeRenderer.get())
            let first = try views.render()
            #expect(first.width == 4 && first[1, 1] == SIMD4(1, 0, 0, 1))
            // The same file again: the kept picture (and the same pixels).
            #expect(try views.render() == first)
            // Rewritten blue and one pixel wider (so its size and time both change).
            try write(SIMD4(0, 0, 1, 1), width: 5, to: path)
            let second = try views.render()
            #expect(second.width == 5 && second[1, 1] == SIMD4(0, 0, 1, 1), "the first decode was drawn again")
        }
    }
}
