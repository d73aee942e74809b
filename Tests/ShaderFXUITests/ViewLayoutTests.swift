import Foundation
import Testing
@testable import ShaderFXUI

/// The layout of `view` proposed `proposal`, resolved without a GPU.
func viewLayout<V: View>(_ view: V, _ proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1) throws -> LayoutResult {
    var environment = EnvironmentValues()
    environment.displayScale = scale
    var context = ResolveContext(environment: environment, services: ViewServices())
    var root = try context.single(view)
    return try root.layOut(in: proposal, scale: scale)
}

/// Views resolve into the layout SwiftUI's rules give (SWIFTUI-NOTES §1): each expected frame is
/// derived by hand in the comment above it from the rule, not read from the code.
@Suite struct ViewLayoutTests {
    @Test func stackOfColoursSharesItsProposal() throws {
        // §1.2: a VStack proposed 100×300 of two flexible colours and a 40-pt fixed one: 8-pt spacing
        // twice leaves 284; the fixed one takes 40, the colours split 244 → 122 each.
        let view = VStack {
            Color.red.layoutName("a")
            Color.blue.frame(height: 40).layoutName("b")
            Color.green.layoutName("c")
        }
        let result = try viewLayout(view, ProposedViewSize(width: 100, height: 300))
        #expect(try frame(result, "a") == rect(0, 0, 100, 122))
        #expect(try frame(result, "b") == rect(0, 130, 100, 40))
        #expect(try frame(result, "c") == rect(0, 178, 100, 122))
    }

    @Test func defaultPaddingIsSixteen() throws {
        // §1.6: padding() is 16 on each edge: a 50×30 frame padded takes 82×62, the frame at (16, 16).
        let result = try viewLayout(Rectangle().frame(width: 50, height: 30).layoutName("box").padding())
        #expect(result.size == CGSize(width: 82, height: 62))
        #expect(try frame(result, "box") == rect(16, 16, 50, 30))
    }

    @Test func groupModifiersReachEachView() throws {
        // A modifier on a Group applies to each of its views: two 10×10 frames in an HStack of
        // spacing 0 make it 20×10.
        let view = HStack(spacing: 0) {
            Group {
                Color.red.layoutName("a")
                Color.blue.layoutName("b")
            }
            .frame(width: 10, height: 10)
        }
        let result = try viewLayout(view)
        #expect(result.size == CGSize(width: 20, height: 10))
        #expect(try frame(result, "b") == rect(10, 0, 10, 10))
    }

    @Test func builderConditionsAndForEach() throws {
        // if/else, an optional and ForEach over a range and an array each add their views.
        let flag = true
        let missing: Int? = nil
        let view = HStack(spacing: 2) {
            if flag {
                Color.red.frame(width: 5, height: 5)
            } else {
                Color.blue.frame(width: 50, height: 5)
            }
            if let missing { Color.green.frame(width: CGFloat(missing), height: 5) }
            ForEach(0..<3) { i in Color.gray.frame(width: CGFloat(i + 1), height: 5) }
            ForEach([7, 9], id: \.self) { w in Color.gray.frame(width: CGFloat(w), height: 5) }
        }
        // 5 + 1 + 2 + 3 + 7 + 9 = 27 wide, 5 gaps of 2: 37.
        #expect(try viewLayout(view).size == CGSize(width: 37, height: 5))
    }

    @Test func customModifierContentTakesTheEnvironmentWhereItIs() throws {
        struct Framed: ViewModifier {
            func body(content: Content) -> some View {
                content.frame(width: 30, height: 20).padding(5)
            }
        }
        let result = try viewLayout(Color.red.layoutName("inner").modifier(Framed()))
        #expect(result.size == CGSize(width: 40, height: 30))
        #expect(try frame(result, "inner") == rect(5, 5, 30, 20))
    }

    @Test func customViewsResolveThroughTheirBody() throws {
        struct Badge: View {
            var width: CGFloat
            var body: some View { Capsule().frame(width: width, height: 24).layoutName("capsule") }
        }
        let result = try viewLayout(VStack(spacing: 0) { Badge(width: 60); Badge(width: 40) })
        #expect(result.size == CGSize(width: 60, height: 48))
    }

    @Test func backgroundAndOverlayTakeTheirContentsFrame() throws {
        // §1.4: the background is proposed the content's size and centred on it; an overlay aligned
        // bottomLeading at 10×10 sits at (0, 20) of a 40×30 content.
        let view = Color.red.frame(width: 40, height: 30).layoutName("content")
            .background(Color.blue.layoutName("background"))
            .overlay(alignment: .bottomLeading) { Color.green.frame(width: 10, height: 10).layoutName("badge") }
        let result = try viewLayout(view)
        #expect(result.size == CGSize(width: 40, height: 30))
        #expect(try frame(result, "background") == rect(0, 0, 40, 30))
        #expect(try frame(result, "badge") == rect(0, 20, 10, 10))
    }

    @Test func drawingModifiersDoNotChangeLayout() throws {
        // opacity, blur, shadow, effects and clips draw differently but lay out as their content.
        let plain = try viewLayout(Color.red.frame(width: 33, height: 21))
        let drawn = try viewLayout(Color.red.frame(width: 33, height: 21).opacity(0.5).blur(radius: 4)
            .shadow(radius: 3).rotationEffect(.degrees(30)).clipShape(Circle()).brightness(0.2).compositingGroup())
        #expect(plain.size == drawn.size)
    }

    @Test func aspectRatioFitsAndFills() throws {
        // A 2:1 view in 100×100: fit proposes 100×50, fill 200×100.
        let fit = try viewLayout(Color.red.aspectRatio(2, contentMode: .fit), ProposedViewSize(width: 100, height: 100))
        let fill = try viewLayout(Color.red.aspectRatio(2, contentMode: .fill), ProposedViewSize(width: 100, height: 100))
        #expect(fit.size == CGSize(width: 100, height: 50))
        #expect(fill.size == CGSize(width: 200, height: 100))
    }

    @Test func textIsMeasuredByTheTextEngine() throws {
        // The Text view's size is its layout's: the widest line by the lines' height, for the width proposed.
        let font = try FontLibrary.shared.resolve(.body)
        let expected = TextLayout("Tap the Water", font: font)
        let result = try viewLayout(Text("Tap the Water").layoutName("t"))
        #expect(try frame(result, "t").size == CGSize(width: CGFloat(expected.width), height: CGFloat(expected.height)).rounded())
        let wrapped = TextLayout("Tap the Water", font: font, width: 50)
        let narrow = try viewLayout(Text("Tap the Water").frame(width: 50).layoutName("f"))
        #expect(narrow.size.height == CGFloat(wrapped.height).roundedToPixel)
    }

    @Test func scrollViewTakesItsProposalAndShowsItsContentFromTheTop() throws {
        let view = ScrollView {
            VStack(spacing: 0) { ForEach(0..<10) { _ in Color.red.frame(height: 50) } }.layoutName("content")
        }
        let result = try viewLayout(view, ProposedViewSize(width: 120, height: 200))
        #expect(result.size == CGSize(width: 120, height: 200))
        #expect(try frame(result, "content") == rect(0, 0, 120, 500))
    }

    @Test func aViewThatContainsItselfIsAnError() throws {
        struct Forever: View {
            var body: some View { VStack { Forever() } }
        }
        #expect(throws: ViewError.self) { try viewLayout(Forever()) }
    }
}

extension CGSize {
    /// Each dimension rounded to a whole point (the layout rounds frames to pixels at scale 1).
    func rounded() -> CGSize { CGSize(width: width.roundedToPixel, height: height.roundedToPixel) }
}

extension CGFloat {
    /// Rounded as frame edges are, to the nearest pixel at scale 1, a half up.
    var roundedToPixel: CGFloat { (self + 0.5).rounded(.down) }
}
