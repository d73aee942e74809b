import Foundation
import Testing
@testable import ShaderFXUI

/// HStack and VStack: SWIFTUI-NOTES §1.2 (the algorithm, steps 1–6) and §1.3 (spacing).
@Suite struct StackTests {
    @Test func leastFlexibleFirstLetsTheStackOverflow() throws {
        // SWIFTUI-NOTES §1.2 [R31]: HStack(spacing: 0) { red.frame(maxWidth: 100);
        // green.frame(minWidth: 100) } in 150 → red 75, green 100.
        // Flexibility (probe 0 and ∞): red: 0 → child proposed min(0, 100) = 0 → 0; ∞ → child
        // proposed 100 → 100; so 100. green: 0 → child proposed max(0, 100) = 100, frame
        // max(min(0, 100), 100) = 100; ∞ → ∞; so ∞. Red goes first: offered 150 / 2 = 75, takes 75.
        // Green is offered 75 / 1 = 75; its child is proposed max(75, 100) = 100 and the frame is
        // max(min(75, 100), 100) = 100. Widths 75 and 100: the stack is 175, wider than offered.
        let stack = LayoutNode.hStack(spacing: 0) {
            LayoutNode.flexible.frame(maxWidth: 100).named("red")
            LayoutNode.flexible.frame(minWidth: 100).named("green")
        }
        let result = stack.layout(in: ProposedViewSize(width: 150, height: 40))
        #expect(try frame(result, "red") == rect(0, 0, 75, 40))
        #expect(try frame(result, "green") == rect(75, 0, 100, 40))
        #expect(result.size == CGSize(width: 175, height: 40))
    }

    @Test func threeEquallyFlexibleChildrenGetAThirdEach() throws {
        // §1.2 [R32]: three Colors, spacing 0, in 300: each is offered 300/3, 200/2, 100/1 = 100.
        let stack = LayoutNode.hStack(spacing: 0) {
            LayoutNode.flexible.named("a")
            LayoutNode.flexible.named("b")
            LayoutNode.flexible.named("c")
        }
        let result = stack.layout(in: ProposedViewSize(width: 300, height: 50))
        #expect(try frame(result, "a") == rect(0, 0, 100, 50))
        #expect(try frame(result, "b") == rect(100, 0, 100, 50))
        #expect(try frame(result, "c") == rect(200, 0, 100, 50))

        // With the default spacing (8 between views that are not text, §1.3 [R53]) in 316:
        // available = 316 − 2·8 = 300, so still 100 each, at x = 0, 108, 216.
        let spaced = LayoutNode.hStack {
            LayoutNode.flexible.named("a")
            LayoutNode.flexible.named("b")
            LayoutNode.flexible.named("c")
        }.layout(in: ProposedViewSize(width: 316, height: 50))
        #expect(try frame(spaced, "a").minX == 0)
        #expect(try frame(spaced, "b").minX == 108)
        #expect(try frame(spaced, "c") == rect(216, 0, 100, 50))
    }

    @Test func textAmongColorsIsOfferedItsShareAndWraps() throws {
        // §1.2 [R32]: text-like (120 ideal, 30 minimum) and a Color, spacing 0, in 200. Text's
        // flexibility is 120 − 30 = 90, the Color's ∞, so text goes first and is offered 200/2 =
        // 100: it wraps to two lines (100 × 40) although one line (120) would fit. Color: 100.
        let stack = LayoutNode.hStack(spacing: 0) {
            LayoutNode.flexible.named("color")
            textLike().named("text")
        }
        let result = stack.layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(try frame(result, "text").size == CGSize(width: 100, height: 40))
        #expect(try frame(result, "color").size.width == 100)
    }

    @Test func higherPriorityTakesTheRemainderFirst() throws {
        // §1.2 step 3, [R32] [R24]: the same row with text.layoutPriority(1): the priority-1 group
        // (the text) is sized first, with all the space less the minima of the priority-0
        // children (the Color's minimum is 0): offered 200, it takes 120 on one line. The Color
        // gets 200 − 120 = 80.
        let stack = LayoutNode.hStack(spacing: 0) {
            LayoutNode.flexible.named("color")
            textLike().layoutPriority(1).named("text")
        }
        let result = stack.layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(try frame(result, "text") == rect(80, 0, 120, 20))
        #expect(try frame(result, "color").width == 80)
    }

    @Test func lowerPrioritiesKeepTheirMinimum() throws {
        // §1.2 step 3 [R24]: Color.frame(minWidth: 50) (minimum 50) and text at priority 1, in
        // 150. The text is offered 150 − 50 = 100 (not 150) and wraps to 100; the frame then gets
        // 50. Without the reservation the text would take 120 and the frame overflow to 50 anyway.
        let stack = LayoutNode.hStack(spacing: 0) {
            LayoutNode.flexible.frame(minWidth: 50).named("frame")
            textLike().layoutPriority(1).named("text")
        }
        let result = stack.layout(in: ProposedViewSize(width: 150, height: nil))
        #expect(try frame(result, "text").width == 100)
        #expect(try frame(result, "frame").width == 50)
        #expect(result.size.width == 150)
    }

    @Test func priorityPassesThroughModifiers() throws {
        // Traits pass through modifiers: text.layoutPriority(1).padding(.horizontal, 5) is still
        // priority 1. Offered 200, the padding offers the text 190; it takes 120, the padding 130.
        // The Color gets 70.
        let stack = LayoutNode.hStack(spacing: 0) {
            LayoutNode.flexible.named("color")
            textLike().layoutPriority(1).padding(.horizontal, 5).named("padded")
        }
        let result = stack.layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(try frame(result, "padded").width == 130)
        #expect(try frame(result, "color").width == 70)
    }

    @Test func vStackDefaultSpacingAndAlignment() throws {
        // §1.2 step 6 and §1.3: VStack of 40×20 and 60×30, ideal size. Height 20 + 8 + 30 = 58;
        // width = union of the aligned frames = 60. Centre alignment: origins −20 and −30, shifted
        // by 30 → x = 10 and 0. Leading: both 0. Trailing: origins −40 and −60 → 20 and 0.
        let cases: [(HorizontalAlignment, CGFloat)] = [(.center, 10), (.leading, 0), (.trailing, 20)]
        for (alignment, firstX) in cases {
            let stack = LayoutNode.vStack(alignment: alignment) {
                LayoutNode.fixed(width: 40, height: 20).named("a")
                LayoutNode.fixed(width: 60, height: 30).named("b")
            }
            let result = stack.layout()
            #expect(result.size == CGSize(width: 60, height: 58))
            #expect(try frame(result, "a") == rect(firstX, 0, 40, 20))
            #expect(try frame(result, "b") == rect(0, 28, 60, 30))
        }
    }

    @Test func hStackAlignsOnTheMinorAxis() throws {
        // HStack(alignment: .bottom) of 10×20 and 10×40: origins y = −20 and −40, shifted by 40
        // → 20 and 0; height 40; x = 0 and 18.
        let stack = LayoutNode.hStack(alignment: .bottom) {
            LayoutNode.fixed(width: 10, height: 20).named("a")
            LayoutNode.fixed(width: 10, height: 40).named("b")
        }
        let result = stack.layout()
        #expect(try frame(result, "a") == rect(0, 20, 10, 20))
        #expect(try frame(result, "b") == rect(18, 0, 10, 40))
        #expect(result.size == CGSize(width: 28, height: 40))
    }

    @Test func nilMajorProposalSizesEveryChildIdeally() throws {
        // §1.2 step 5: ideal sizing proposes nil along the axis; a Color answers 10 (§1.1 [R2]).
        // HStack { 30×20, Color }: 30 + 8 + 10 = 48 wide; the Color is proposed (nil, nil) → 10×10.
        let stack = LayoutNode.hStack {
            LayoutNode.fixed(width: 30, height: 20)
            LayoutNode.flexible.named("color")
        }
        let result = stack.layout()
        #expect(result.size == CGSize(width: 48, height: 20))
        #expect(try frame(result, "color") == rect(38, 5, 10, 10))
    }

    @Test func viewSpacingNextToTextFollowsTheFontsMetrics() {
        // L = 16 + 4 = 20, d = ceil(2) = 2 at 1x; at 3x d = ceil(6)/3 = 2 too, a gap of 0.5 up to 2/3.
        let metrics = TextSpacingMetrics(ascender: 16, descender: -4, leading: 0.5, capHeight: 12)
        #expect(ViewSpacing.standard.distance(to: .standard, along: .vertical) == 8)
        #expect(ViewSpacing.text(metrics).distance(to: .standard, along: .vertical) == 10)   // max(20 + 2 − 12, 2 + 4)
        #expect(ViewSpacing.standard.distance(to: .text(metrics), along: .vertical) == 6)    // 20 + 2 − 16
        #expect(ViewSpacing.text(metrics).distance(to: .text(metrics), along: .vertical) == 1) // 0.5 up to a pixel
        var fine = metrics
        fine.pixelLength = 1.0 / 3
        #expect(abs(ViewSpacing.text(fine).distance(to: .text(fine), along: .vertical) - 2.0 / 3) < 1e-12)
        #expect(ViewSpacing.standard.distance(to: .text(metrics), along: .horizontal) == 8)
    }
}

/// Spacer and Divider: SWIFTUI-NOTES §1.6 [R4] [R57].
@Suite struct SeparatorTests {
    @Test func spacerTakesWhatIsLeft() throws {
        // HStack { 50×20, Spacer, 50×20 } in 200: gaps 2·8 → available 184. Priority 0 first,
        // with the spacer's minimum (8) set aside: 176 for the two fixed views, which take 50
        // each. The spacer (priority −∞) is offered 184 − 100 = 84 and takes max(84, 8) = 84.
        // x: 0, 58, 150; the spacer is 0 tall, at y 10 (centre of a 20 pt row).
        let stack = LayoutNode.hStack {
            LayoutNode.fixed(width: 50, height: 20).named("a")
            LayoutNode.spacer().named("spacer")
            LayoutNode.fixed(width: 50, height: 20).named("b")
        }
        let result = stack.layout(in: ProposedViewSize(width: 200, height: 20))
        #expect(try frame(result, "a").minX == 0)
        #expect(try frame(result, "spacer") == rect(58, 10, 84, 0))
        #expect(try frame(result, "b").minX == 150)
        #expect(result.size == CGSize(width: 200, height: 20))
    }

    @Test func spacersShareTheRemainder() throws {
        // HStack { Spacer, 50×20, Spacer } in 200: available 184, the fixed view 50, the two
        // spacers (equally flexible) 134 / 2 = 67 and 67 / 1 = 67: x 0, 75, 133.
        let stack = LayoutNode.hStack {
            LayoutNode.spacer().named("s1")
            LayoutNode.fixed(width: 50, height: 20).named("a")
            LayoutNode.spacer().named("s2")
        }
        let result = stack.layout(in: ProposedViewSize(width: 200, height: 20))
        #expect(try frame(result, "s1").width == 67)
        #expect(try frame(result, "a").minX == 75)
        #expect(try frame(result, "s2") == rect(133, 10, 67, 0))
    }

    @Test func spacerIsSizedAfterEverythingElse() throws {
        // HStack(spacing: 0) { Spacer, Color } in 100. The spacer's priority is −∞ ([R57], NOT
        // CONFIRMED §8.11): the Color is offered 100 − 8 (the spacer's minimum) = 92, the spacer
        // the last 8. (At priority 0 both would be infinitely flexible, the spacer first for its
        // larger minimum, and they would split 50/50.)
        let stack = LayoutNode.hStack(spacing: 0) {
            LayoutNode.spacer().named("spacer")
            LayoutNode.flexible.named("color")
        }
        let result = stack.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(try frame(result, "spacer").width == 8)
        #expect(try frame(result, "color") == rect(8, 0, 92, 10))
    }

    @Test func spacerIdealAndAxes() throws {
        // Ideal HStack { 50×20, Spacer, 50×20 }: the spacer is proposed nil → minLength 8, so
        // 50 + 8 + 8 + 8 + 50 = 124.
        let row = LayoutNode.hStack {
            LayoutNode.fixed(width: 50, height: 20)
            LayoutNode.spacer()
            LayoutNode.fixed(width: 50, height: 20)
        }
        #expect(row.layout().size == CGSize(width: 124, height: 20))

        // In a VStack it grows vertically: VStack(spacing: 0) { 30×10, Spacer(minLength: 5),
        // 30×10 } in (nil, 100): the spacer gets 100 − 20 = 80 tall and 0 wide.
        let column = LayoutNode.vStack(spacing: 0) {
            LayoutNode.fixed(width: 30, height: 10)
            LayoutNode.spacer(minLength: 5).named("spacer")
            LayoutNode.fixed(width: 30, height: 10).named("b")
        }
        let result = column.layout(in: ProposedViewSize(width: nil, height: 100))
        #expect(try frame(result, "spacer") == rect(15, 10, 0, 80))
        #expect(try frame(result, "b").minY == 90)

        // Outside a stack it grows on both axes; its minimum (a nil proposal) is minLength on both.
        #expect(size(.spacer(), ProposedViewSize(width: 40, height: 30)) == CGSize(width: 40, height: 30))
        #expect(size(.spacer(minLength: 12), .unspecified) == CGSize(width: 12, height: 12))
        #expect(size(.spacer(), .zero) == CGSize(width: 8, height: 8))
    }

    @Test func dividerCrossesTheStack() throws {
        // VStack(spacing: 0) { 40×10, Divider, 40×10 } in (100, nil): the divider is proposed
        // width 100 (the stack's minor proposal) and is 1 tall; the stack is 100 × 21.
        let column = LayoutNode.vStack(spacing: 0) {
            LayoutNode.fixed(width: 40, height: 10)
            LayoutNode.divider().named("divider")
            LayoutNode.fixed(width: 40, height: 10)
        }
        let result = column.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(try frame(result, "divider") == rect(0, 10, 100, 1))
        #expect(result.size == CGSize(width: 100, height: 21))

        // In an HStack it is 1 wide and as tall as the row's proposal.
        let row = LayoutNode.hStack(spacing: 0) {
            LayoutNode.fixed(width: 40, height: 30)
            LayoutNode.divider().named("divider")
        }.layout(in: ProposedViewSize(width: nil, height: 30))
        #expect(try frame(row, "divider") == rect(40, 0, 1, 30))
    }
}
