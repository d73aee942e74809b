import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// `render --view` with touches reaching a parent's state through a child's `@Binding`.
@Suite(.serialized) struct BindingCommandTests {
    static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Float] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 3])
    }

    @Test func aDragThroughAChildsBindingMovesWhatTheParentDraws() throws {
        let red: [Float] = [1, 0, 0], black: [Float] = [0, 0, 0]
        try ViewGestureCommandTests.render(ViewFixtures.dragPad, []) { picture, run in
            #expect(run.status == 0, "\(run.stderr)")
            let picture = try #require(picture)
            #expect(picture.width == 80 && picture.height == 80)
            #expect(Self.rgb(picture, 5, 5) == red && Self.rgb(picture, 35, 25) == black)
        }
        // From (10, 10) to (40, 30): the translation (30, 20) is the parent's offset; the marker
        // covers 30..<40 × 20..<30 and has left the corner.
        try ViewGestureCommandTests.render(ViewFixtures.dragPad, ["--drag", "10,10@0.1;25,20@0.2;40,30@0.3"]) { picture, run in
            #expect(run.status == 0, "\(run.stderr)")
            let picture = try #require(picture)
            #expect(Self.rgb(picture, 35, 25) == red && Self.rgb(picture, 31, 21) == red && Self.rgb(picture, 38, 28) == red)
            #expect(Self.rgb(picture, 5, 5) == black && Self.rgb(picture, 41, 25) == black && Self.rgb(picture, 35, 31) == black)
        }
    }

    @Test func anElementBindingWrittenAfterItsElementIsGoneIsALocatedErrorAndExit1() throws {
        try ViewGestureCommandTests.render(ViewFixtures.elementGone, ["--tap", "20,20@0.1"]) { picture, run in
            #expect(run.status == 1)
            #expect(run.stderr.contains("Touch.swift:4:42: error: index 1 out of range when written through this binding"), "\(run.stderr)")
            #expect(picture == nil)
        }
    }
}
