import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI

/// `render --view` with touches reaching a parent's state through a child's `@Binding`.
@Suite(.serialized) struct BindingCommandTests {
    /// An 80 × 80 black pad whose drag sets its `@Binding var offset` to the drag's translation,
    /// under a 10 × 10 red marker its parent offsets by the `@State` the binding reaches.
    static let dragPad = """
        struct Parent: View {
            @State var offset = CGSize.zero
            var body: some View {
                ZStack(alignment: .topLeading) {
                    Pad(offset: $offset)
                    Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).offset(offset)
                }
            }
        }

        struct Pad: View {
            @Binding var offset: CGSize
            var body: some View {
                Color(red: 0, green: 0, blue: 0).frame(width: 80, height: 80)
                    .gesture(DragGesture(minimumDistance: 0).onChanged { offset = $0.translation })
            }
        }

        Parent()
        """

    static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Float] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 3])
    }

    @Test func aDragThroughAChildsBindingMovesWhatTheParentDraws() throws {
        let red: [Float] = [1, 0, 0], black: [Float] = [0, 0, 0]
        try ViewGestureCommandTests.render(Self.dragPad, []) { picture, run in
            #expect(run.status == 0, "\(run.stderr)")
            let picture = try #require(picture)
            #expect(picture.width == 80 && picture.height == 80)
            #expect(Self.rgb(picture, 5, 5) == red && Self.rgb(picture, 35, 25) == black)
        }
        // From (10, 10) to (40, 30): the translation (30, 20) is the parent's offset; the marker
        // covers 30..<40 × 20..<30 and has left the corner.
        try ViewGestureCommandTests.render(Self.dragPad, ["--drag", "10,10@0.1;25,20@0.2;40,30@0.3"]) { picture, run in
            #expect(run.status == 0, "\(run.stderr)")
            let picture = try #require(picture)
            #expect(Self.rgb(picture, 35, 25) == red && Self.rgb(picture, 31, 21) == red && Self.rgb(picture, 38, 28) == red)
            #expect(Self.rgb(picture, 5, 5) == black && Self.rgb(picture, 41, 25) == black && Self.rgb(picture, 35, 31) == black)
        }
    }

    @Test func anElementBindingWrittenAfterItsElementIsGoneIsALocatedErrorAndExit1() throws {
        let source = """
            struct Parent: View {
                @State var items = [1, 2]
                var body: some View {
                    Cell(list: $items, value: $items[1])
                }
            }

            struct Cell: View {
                @Binding var list: [Int]
                @Binding var value: Int
                var body: some View {
                    Color.red.frame(width: 40, height: 40).onTapGesture {
                        list.removeLast()
                        value = 5
                    }
                }
            }

            Parent()
            """
        try ViewGestureCommandTests.render(source, ["--tap", "20,20@0.1"]) { picture, run in
            #expect(run.status == 1)
            #expect(run.stderr.contains("Touch.swift:4:42: error: index 1 out of range when written through this binding"), "\(run.stderr)")
            #expect(picture == nil)
        }
    }
}
