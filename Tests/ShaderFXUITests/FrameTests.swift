import Foundation
import Testing
@testable import ShaderFXUI

/// One of the nine alignments and where it puts a 20×10 child in a 100×50 frame.
struct AlignmentCase: Sendable, CustomTestStringConvertible {
    let name: String
    let alignment: Alignment
    let x: CGFloat
    let y: CGFloat
    var testDescription: String { name }
}

/// Frames, padding, fixedSize, offset, position: SWIFTUI-NOTES §1.5, §1.6, §1.8.
@Suite struct FrameTests {
    // A 20×10 child in frame(width: 100, height: 50, alignment: a): the frame's guide (its
    // default: 0, half or all of its length) minus the child's. Horizontally leading 0 − 0 = 0,
    // centre 50 − 10 = 40, trailing 100 − 20 = 80; vertically top 0, centre 25 − 5 = 20,
    // bottom 50 − 10 = 40.
    static let alignments: [AlignmentCase] = [
        AlignmentCase(name: "topLeading", alignment: .topLeading, x: 0, y: 0),
        AlignmentCase(name: "top", alignment: .top, x: 40, y: 0),
        AlignmentCase(name: "topTrailing", alignment: .topTrailing, x: 80, y: 0),
        AlignmentCase(name: "leading", alignment: .leading, x: 0, y: 20),
        AlignmentCase(name: "center", alignment: .center, x: 40, y: 20),
        AlignmentCase(name: "trailing", alignment: .trailing, x: 80, y: 20),
        AlignmentCase(name: "bottomLeading", alignment: .bottomLeading, x: 0, y: 40),
        AlignmentCase(name: "bottom", alignment: .bottom, x: 40, y: 40),
        AlignmentCase(name: "bottomTrailing", alignment: .bottomTrailing, x: 80, y: 40),
    ]

    @Test(arguments: FrameTests.alignments)
    func fixedFrameAlignsItsChild(_ c: AlignmentCase) throws {
        let node = LayoutNode.fixed(width: 20, height: 10).named("child")
            .frame(width: 100, height: 50, alignment: c.alignment).named("frame")
        let result = node.layout(in: ProposedViewSize(width: 400, height: 400))
        #expect(try frame(result, "frame") == rect(0, 0, 100, 50))
        #expect(try frame(result, "child") == rect(c.x, c.y, 20, 10))
    }

    @Test(arguments: FrameTests.alignments)
    func flexibleFrameAlignsItsChild(_ c: AlignmentCase) throws {
        // frame(maxWidth: .infinity, maxHeight: .infinity) in 100×50 takes the proposal (only
        // max: min(max(p, c), ∞) = p) and aligns the child as a fixed frame does.
        let node = LayoutNode.fixed(width: 20, height: 10).named("child")
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: c.alignment).named("frame")
        let result = node.layout(in: ProposedViewSize(width: 100, height: 50))
        #expect(try frame(result, "frame") == rect(0, 0, 100, 50))
        #expect(try frame(result, "child") == rect(c.x, c.y, 20, 10))
    }

    @Test func fixedFrameProposesItsDimensions() throws {
        // §1.5 [R20]: a Color in frame(width: 80) proposed (300, 40) is proposed (80, 40): 80×40.
        // frame(width: 80) of a 20×10 child: width 80, height the child's (10). A child larger than
        // the frame overflows it, centred: 120 wide in 80 → x = 40 − 60 = −20.
        #expect(size(LayoutNode.flexible.frame(width: 80), ProposedViewSize(width: 300, height: 40))
            == CGSize(width: 80, height: 40))
        #expect(size(LayoutNode.fixed(width: 20, height: 10).frame(width: 80), .unspecified)
            == CGSize(width: 80, height: 10))
        let overflow = LayoutNode.fixed(width: 120, height: 10).named("child").frame(width: 80, height: 10)
            .layout(in: .unspecified)
        #expect(try frame(overflow, "child") == rect(-20, 0, 120, 10))
    }

    @Test func minAndMaxClampTheProposal() {
        // §1.5 [R21] [R35], Color.frame(minWidth: 100, maxWidth: 200), by proposed width:
        //  nil → child proposed nil → 10; no ideal, so the frame takes 10 clamped: 100.
        //  80  → child proposed clamp(80) = 100; min rule max(min(80, 100), 100) = 100, max rule
        //        min(max(80, 100), 200) = 100.
        //  150 → 150 (inside the range: the proposal).
        //  300 → child proposed 200; min rule max(min(300, 200), 100) = 200; max rule 200.
        //  ∞   → child proposed 200; the same: 200.
        let node = LayoutNode.flexible.frame(minWidth: 100, maxWidth: 200)
        let cases: [(CGFloat?, CGFloat)] = [(nil, 100), (80, 100), (150, 150), (300, 200), (.infinity, 200)]
        for (proposed, expected) in cases {
            #expect(size(node, ProposedViewSize(width: proposed, height: 10)).width == expected,
                    "proposed \(String(describing: proposed))")
        }
        // minWidth: 0, maxWidth: .infinity takes the proposed width whatever the child (§1.5).
        let fill = LayoutNode.fixed(width: 50, height: 10).frame(minWidth: 0, maxWidth: .infinity)
        #expect(size(fill, ProposedViewSize(width: 300, height: 10)).width == 300)
        #expect(size(fill, ProposedViewSize(width: 20, height: 10)).width == 20)
    }

    @Test func onlyMinOrOnlyMax() {
        // Only min, child 150 wide, frame(minWidth: 100): max(min(p, 150), 100):
        //  30 → 100, 120 → 120, 200 → 150, ∞ → 150; nil → child 150 clamped ≥ 100 → 150.
        let minOnly = LayoutNode.fixed(width: 150, height: 10).frame(minWidth: 100)
        let minCases: [(CGFloat?, CGFloat)] = [(30, 100), (120, 120), (200, 150), (.infinity, 150), (nil, 150)]
        for (proposed, expected) in minCases {
            #expect(size(minOnly, ProposedViewSize(width: proposed, height: 10)).width == expected,
                    "min only, proposed \(String(describing: proposed))")
        }
        // Only max, child 50 wide, frame(maxWidth: 100): min(max(p, 50), 100):
        //  30 → 50, 80 → 80, 200 → 100, ∞ → 100; nil → child 50 clamped ≤ 100 → 50.
        let maxOnly = LayoutNode.fixed(width: 50, height: 10).frame(maxWidth: 100)
        let maxCases: [(CGFloat?, CGFloat)] = [(30, 50), (80, 80), (200, 100), (.infinity, 100), (nil, 50)]
        for (proposed, expected) in maxCases {
            #expect(size(maxOnly, ProposedViewSize(width: proposed, height: 10)).width == expected,
                    "max only, proposed \(String(describing: proposed))")
        }
        // frame(maxWidth: .infinity) on a 50 pt child proposed ∞ is ∞ wide (only max: min(∞, ∞)).
        #expect(size(LayoutNode.fixed(width: 50, height: 10).frame(maxWidth: .infinity),
                     ProposedViewSize(width: .infinity, height: 10)).width == .infinity)
    }

    @Test func idealReplacesANilProposal() {
        // §1.5 [R21] [R59]: frame(idealWidth: 60) of a 20 pt child: nil → the ideal, 60; a
        // proposal of 30 → neither min nor max: the child's 20.
        let ideal = LayoutNode.fixed(width: 20, height: 20).frame(idealWidth: 60)
        #expect(size(ideal, .unspecified).width == 60)
        #expect(size(ideal, ProposedViewSize(width: 30, height: 30)).width == 20)
        // Color.frame(idealWidth: 60, maxWidth: 40): nil → child proposed clamp(60) = 40, frame
        // clamp(60) = 40.
        #expect(size(LayoutNode.flexible.frame(idealWidth: 60, maxWidth: 40), .unspecified).width == 40)
        // Heights take the same rules: Color.frame(minHeight: 30) with nil → 10 → clamped 30.
        #expect(size(LayoutNode.flexible.frame(minHeight: 30), .unspecified) == CGSize(width: 10, height: 30))
    }

    @Test func paddingInsetsProposalAndSize() throws {
        // §1.6 [R3] [R56]: padding() = 16 on every edge. A 50×30 view: 82×62, child at (16, 16).
        let padded = LayoutNode.fixed(width: 50, height: 30).named("child").padding().layout()
        #expect(padded.size == CGSize(width: 82, height: 62))
        #expect(try frame(padded, "child") == rect(16, 16, 50, 30))
        // A Color padded in 100×100 is proposed 68×68.
        let color = LayoutNode.flexible.named("child").padding().layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(try frame(color, "child") == rect(16, 16, 68, 68))
        // padding(.leading, 10): 60×30, child at x 10.
        let leading = LayoutNode.fixed(width: 50, height: 30).named("child").padding(.leading, 10).layout()
        #expect(leading.size == CGSize(width: 60, height: 30))
        #expect(try frame(leading, "child").minX == 10)
        // A proposal smaller than the insets proposes 0, never less: Color.padding(16) in 20×20
        // is proposed 0×0 and is 32×32, overflowing.
        #expect(size(LayoutNode.flexible.padding(16), ProposedViewSize(width: 20, height: 20)) == CGSize(width: 32, height: 32))
    }

    @Test func fixedSizeProposesTheIdeal() throws {
        // §1.6 [R22] [R37]: text-like in frame(width: 50) is proposed 50 and wraps: 50 × 60 (three
        // lines). With fixedSize() it is proposed nil × nil: 120 × 20, centred in the 50 pt frame:
        // x = 25 − 60 = −35.
        let wrapped = textLike().named("text").frame(width: 50).layout()
        #expect(try frame(wrapped, "text") == rect(0, 0, 50, 60))
        let fixed = textLike().named("text").fixedSize().frame(width: 50).layout()
        #expect(try frame(fixed, "text") == rect(-35, 0, 120, 20))
        // fixedSize(horizontal: false, vertical: true) keeps the proposed width: 50 wide again.
        let vertical = textLike().named("text").fixedSize(horizontal: false, vertical: true).frame(width: 50).layout()
        #expect(try frame(vertical, "text").width == 50)
        // Rectangle().fixedSize() is 10×10 (§7 #4).
        #expect(size(LayoutNode.flexible.fixedSize(), ProposedViewSize(width: 300, height: 300)) == CGSize(width: 10, height: 10))
    }

    @Test func offsetMovesOnlyTheDrawing() throws {
        // §1.8 [R27]: VStack(spacing: 0) { 20×20.offset(x: 5, y: 7), 20×20 }: the offset view keeps
        // its place (0, 0) and its sibling stays at y 20; only the child moves to (5, 7).
        let stack = LayoutNode.vStack(spacing: 0) {
            LayoutNode.fixed(width: 20, height: 20).named("moved").offset(x: 5, y: 7).named("offset")
            LayoutNode.fixed(width: 20, height: 20).named("next")
        }
        let result = stack.layout()
        #expect(try frame(result, "offset") == rect(0, 0, 20, 20))
        #expect(try frame(result, "moved") == rect(5, 7, 20, 20))
        #expect(try frame(result, "next") == rect(0, 20, 20, 20))
    }

    @Test func positionTakesTheProposalAndCentresTheChild() throws {
        // §1.8 [R27] [R60]: 20×10.position(x: 50, y: 30) in 200×100: the position view is 200×100;
        // the child's centre at (50, 30) → origin (40, 25). Ideal: nil dims take the child's
        // size, 20×10; the child still goes to (40, 25).
        let node = LayoutNode.fixed(width: 20, height: 10).named("child").position(x: 50, y: 30)
        let proposed = node.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(proposed.size == CGSize(width: 200, height: 100))
        #expect(try frame(proposed, "child") == rect(40, 25, 20, 10))
        let ideal = node.layout()
        #expect(ideal.size == CGSize(width: 20, height: 10))
        #expect(try frame(ideal, "child") == rect(40, 25, 20, 10))
    }
}
