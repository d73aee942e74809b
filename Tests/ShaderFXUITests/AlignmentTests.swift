import Foundation
import Testing
@testable import ShaderFXUI

/// A custom guide whose default is a view's bottom edge.
private enum Baseline: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height }
}

/// ZStack, overlay, background and alignment guides: SWIFTUI-NOTES §1.4 and §1.7.
@Suite struct AlignmentTests {
    @Test func zStackIsTheUnionOfItsAlignedChildren() throws {
        // §1.4 [R58]: ZStack { 40×20, 20×60 }: both are proposed the stack's proposal. Centre:
        // origins (−20, −10) and (−10, −30); the union is (−20, −30) 40×60, so the stack is 40×60
        // and the children sit at (0, 20) and (10, 0).
        let cases: [(Alignment, CGRect, CGRect)] = [
            (.center, rect(0, 20, 40, 20), rect(10, 0, 20, 60)),
            // topLeading: both origins (0, 0).
            (.topLeading, rect(0, 0, 40, 20), rect(0, 0, 20, 60)),
            // bottomTrailing: origins (−40, −20) and (−20, −60), union from (−40, −60):
            // (0, 40) and (20, 0).
            (.bottomTrailing, rect(0, 40, 40, 20), rect(20, 0, 20, 60)),
        ]
        for (alignment, a, b) in cases {
            let stack = LayoutNode.zStack(alignment: alignment) {
                LayoutNode.fixed(width: 40, height: 20).named("a")
                LayoutNode.fixed(width: 20, height: 60).named("b")
            }
            let result = stack.layout()
            #expect(result.size == CGSize(width: 40, height: 60))
            #expect(try frame(result, "a") == a)
            #expect(try frame(result, "b") == b)
        }
    }

    @Test func zStackProposesItsOwnProposal() throws {
        // A Color in a ZStack proposed 100×80 takes 100×80; a 20×20 beside it is centred: (40, 30).
        let stack = LayoutNode.zStack {
            LayoutNode.flexible.named("color")
            LayoutNode.fixed(width: 20, height: 20).named("box")
        }
        let result = stack.layout(in: ProposedViewSize(width: 100, height: 80))
        #expect(try frame(result, "color") == rect(0, 0, 100, 80))
        #expect(try frame(result, "box") == rect(40, 30, 20, 20))
    }

    @Test func overlayIsProposedThePrimarySize() throws {
        // §1.4 [R25] [R36]: 100×50.overlay(alignment: .bottomTrailing) { 20×10 }: size 100×50;
        // the overlay's bottom-trailing corner meets the view's: (100 − 20, 50 − 10) = (80, 40).
        let corner = LayoutNode.fixed(width: 100, height: 50).named("view")
            .overlay(alignment: .bottomTrailing, LayoutNode.fixed(width: 20, height: 10).named("badge"))
            .layout()
        #expect(corner.size == CGSize(width: 100, height: 50))
        #expect(try frame(corner, "view") == rect(0, 0, 100, 50))
        #expect(try frame(corner, "badge") == rect(80, 40, 20, 10))
        // A Color overlay is proposed the view's 100×50 and fills it.
        let fill = LayoutNode.fixed(width: 100, height: 50)
            .overlay(LayoutNode.flexible.named("tint")).layout(in: ProposedViewSize(width: 300, height: 300))
        #expect(try frame(fill, "tint") == rect(0, 0, 100, 50))
        // A larger background does not change the size: 10×10 with a 30×30 behind, centred at
        // (5 − 15, 5 − 15) = (−10, −10).
        let behind = LayoutNode.fixed(width: 10, height: 10)
            .background(LayoutNode.fixed(width: 30, height: 30).named("back")).layout()
        #expect(behind.size == CGSize(width: 10, height: 10))
        #expect(try frame(behind, "back") == rect(-10, -10, 30, 30))
    }

    @Test func alignmentGuideShiftsAChild() throws {
        // §1.7 [R50]: VStack(alignment: .leading) { 50×10, 50×10 with .alignmentGuide(.leading)
        // { −30 } }: origins x = −0 and −(−30) = 30; the stack grows to 80; y = 0 and 18.
        let stack = LayoutNode.vStack(alignment: .leading) {
            LayoutNode.fixed(width: 50, height: 10).named("a")
            LayoutNode.fixed(width: 50, height: 10).alignmentGuide(.leading) { _ in -30 }.named("b")
        }
        let result = stack.layout()
        #expect(try frame(result, "a") == rect(0, 0, 50, 10))
        #expect(try frame(result, "b") == rect(30, 18, 50, 10))
        #expect(result.size == CGSize(width: 80, height: 28))
    }

    @Test func alignmentGuideReadsTheViewDimensions() throws {
        // HStack(alignment: .top) { 20×40, 20×20 whose top guide is its bottom (d[.bottom] = 20) }:
        // origins y = 0 and −20; shifted by 20: 20 and 0; the stack is 60 tall.
        let stack = LayoutNode.hStack(alignment: .top) {
            LayoutNode.fixed(width: 20, height: 40).named("a")
            LayoutNode.fixed(width: 20, height: 20).alignmentGuide(.top) { d in d[VerticalAlignment.bottom] }.named("b")
        }
        let result = stack.layout()
        #expect(try frame(result, "a") == rect(0, 20, 20, 40))
        #expect(try frame(result, "b") == rect(28, 0, 20, 20))
        #expect(result.size == CGSize(width: 48, height: 60))
    }

    @Test func customAlignmentID() throws {
        // A custom guide defaulting to the bottom: HStack(alignment: Baseline) { 10×30, 10×10
        // whose guide is 4 }: origins y = −30 and −4, shifted by 30: 0 and 26; height
        // max(30, 26 + 10) = 36.
        let baseline = VerticalAlignment(Baseline.self)
        let stack = LayoutNode.hStack(alignment: baseline, spacing: 0) {
            LayoutNode.fixed(width: 10, height: 30).named("a")
            LayoutNode.fixed(width: 10, height: 10).alignmentGuide(baseline) { _ in 4 }.named("b")
        }
        let result = stack.layout()
        #expect(try frame(result, "a") == rect(0, 0, 10, 30))
        #expect(try frame(result, "b") == rect(10, 26, 10, 10))
        #expect(result.size == CGSize(width: 20, height: 36))
        // ViewDimensions: explicit values where set, defaults otherwise.
        let d = ViewDimensions(size: CGSize(width: 40, height: 20))
        #expect(d[HorizontalAlignment.center] == 20 && d[VerticalAlignment.bottom] == 20)
        #expect(d[baseline] == 20 && d[explicit: baseline] == nil)
        // Baselines are bottoms until the text engine reports them.
        #expect(d[VerticalAlignment.firstTextBaseline] == 20 && d[VerticalAlignment.lastTextBaseline] == 20)
    }

    @Test func explicitGuidesPassThroughModifiers() throws {
        // SwiftUI aligns a view's own guide through the modifiers around it (how baselines align
        // through padding). VStack(alignment: .leading) { 50×10, 50×10 with .alignmentGuide(
        // .leading) { −30 } then .padding(.leading, 10) }: the padding places the child at x 10, so
        // its explicit leading guide is −30 + 10 = −20: the padded view's origin is 20, its child at
        // 30 (as without the padding); the stack is 20 + 60 = 80 wide.
        let stack = LayoutNode.vStack(alignment: .leading) {
            LayoutNode.fixed(width: 50, height: 10).named("a")
            LayoutNode.fixed(width: 50, height: 10).alignmentGuide(.leading) { _ in -30 }.named("b")
                .padding(.leading, 10).named("padded")
        }
        let result = stack.layout()
        #expect(try frame(result, "padded") == rect(20, 18, 60, 10))
        #expect(try frame(result, "b") == rect(30, 18, 50, 10))
        #expect(result.size == CGSize(width: 80, height: 28))

        // Through a frame: a 20×10 child with leading guide 5, centred in frame(width: 100), sits
        // at x 40, so the frame's leading guide is 45. Beside a 100-wide sibling in
        // VStack(alignment: .leading), origins are −45 and 0: the frame at 0, the sibling at 45.
        let framed = LayoutNode.vStack(alignment: .leading, spacing: 0) {
            LayoutNode.fixed(width: 20, height: 10).alignmentGuide(.leading) { _ in 5 }.named("child")
                .frame(width: 100).named("frame")
            LayoutNode.fixed(width: 100, height: 10).named("sibling")
        }.layout()
        #expect(try frame(framed, "frame") == rect(0, 0, 100, 10))
        #expect(try frame(framed, "child") == rect(40, 0, 20, 10))
        #expect(try frame(framed, "sibling") == rect(45, 10, 100, 10))
        #expect(framed.size == CGSize(width: 145, height: 20))
    }

    @Test func frameAlignsByTheChildsExplicitGuide() throws {
        // A 20×10 child whose leading guide is 5, in frame(width: 100, alignment: .leading): the
        // frame's leading (0) meets the child's (5): x = −5.
        let node = LayoutNode.fixed(width: 20, height: 10).alignmentGuide(.leading) { _ in 5 }.named("child")
            .frame(width: 100, alignment: .leading)
        #expect(try frame(node.layout(), "child").minX == -5)
    }
}

/// The result tree: root sizing and pixel rounding (SWIFTUI-NOTES §0 [R30], §1.10 [R5]).
@Suite struct ResultTests {
    @Test func rootTakesItsIdealSizeUnlessProposed() throws {
        // §1.10 [R5]: as ImageRenderer, the root is proposed .unspecified unless a size is given.
        // HStack { 30×20, Color }: ideal 30 + 8 + 10 = 48 × 20. Proposed 200×100: the fixed view
        // (flexibility 0) is offered (200 − 8) / 2 = 96 and takes 30; the Color gets 162 × 100.
        let stack = LayoutNode.hStack {
            LayoutNode.fixed(width: 30, height: 20).named("fixed")
            LayoutNode.flexible.named("color")
        }
        #expect(stack.layout().size == CGSize(width: 48, height: 20))
        let proposed = stack.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(proposed.size == CGSize(width: 200, height: 100))
        #expect(try frame(proposed, "fixed") == rect(0, 40, 30, 20))
        #expect(try frame(proposed, "color") == rect(38, 0, 162, 100))
        #expect(proposed.root.proposal == ProposedViewSize(width: 200, height: 100))
    }

    @Test func edgesRoundToTheNearestPixel() throws {
        // Three Colors in 100 (spacing 0): exact edges 0, 33.33…, 66.66…, 100.
        let stack = LayoutNode.hStack(spacing: 0) {
            LayoutNode.flexible.named("a")
            LayoutNode.flexible.named("b")
            LayoutNode.flexible.named("c")
        }
        let proposal = ProposedViewSize(width: 100, height: 10)
        // Scale 1: edges 0, 33, 67, 100 → widths 33, 34, 33.
        let one = stack.layout(in: proposal, scale: 1)
        #expect(try frame(one, "a") == rect(0, 0, 33, 10))
        #expect(try frame(one, "b") == rect(33, 0, 34, 10))
        #expect(try frame(one, "c") == rect(67, 0, 33, 10))
        // Scale 2: 66.67 px → 67 px = 33.5 pt; 133.33 px → 133 px = 66.5 pt.
        let two = stack.layout(in: proposal, scale: 2)
        #expect(try frame(two, "a") == rect(0, 0, 33.5, 10))
        #expect(try frame(two, "b") == rect(33.5, 0, 33, 10))
        #expect(try frame(two, "c") == rect(66.5, 0, 33.5, 10))
        // Scale 3: the edges are whole pixels already (100 px, 200 px): thirds.
        let three = stack.layout(in: proposal, scale: 3)
        #expect(close(try frame(three, "b"), rect(100.0 / 3, 0, 100.0 / 3, 10)))
        #expect(try exactFrame(three, "b") == exactFrame(one, "b"))
        #expect(three.pixelSize.width == 300 && three.pixelSize.height == 30)

        // A 10×10 box centred in a 15×15 frame: exact origin 2.5. Scale 1: 2.5 → 3 (a half rounds
        // up), max edge 12.5 → 13. Scale 2: 5 px exactly → 2.5. Scale 3: 7.5 px → 8 px = 8/3 pt,
        // max edge 37.5 px → 38 px; the width stays 10 pt.
        let box = LayoutNode.fixed(width: 10, height: 10).named("box").frame(width: 15, height: 15)
        #expect(try frame(box.layout(scale: 1), "box") == rect(3, 3, 10, 10))
        #expect(try frame(box.layout(scale: 2), "box") == rect(2.5, 2.5, 10, 10))
        #expect(close(try frame(box.layout(scale: 3), "box"), rect(8.0 / 3, 8.0 / 3, 10, 10)))
        #expect(try exactFrame(box.layout(scale: 3), "box") == rect(2.5, 2.5, 10, 10))
    }

    @Test func resultHasTheTreesShape() {
        // One result node per layout node, children in order: HStack → [frame → [Color], Color].
        let stack = LayoutNode.hStack {
            LayoutNode.flexible.frame(width: 10)
            LayoutNode.flexible
        }
        let result = stack.layout()
        #expect(result.root.children.count == 2)
        #expect(result.root.children[0].children.count == 1)
        #expect(result.root.all.count == 4)
    }
}
