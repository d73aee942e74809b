import Foundation
import Testing
@testable import ShaderFXUI

/// ProposedViewSize: SWIFTUI-NOTES §1.1 [R1] [R2].
@Suite struct ProposalTests {
    @Test func specialProposals() {
        #expect(ProposedViewSize.zero == ProposedViewSize(width: 0, height: 0))
        #expect(ProposedViewSize.infinity == ProposedViewSize(width: .infinity, height: .infinity))
        #expect(ProposedViewSize.unspecified.width == nil && ProposedViewSize.unspecified.height == nil)
        #expect(ProposedViewSize(CGSize(width: 3, height: 4)) == ProposedViewSize(width: 3, height: 4))
    }

    @Test func nilDimensionsBecomeTenByDefault() {
        #expect(ProposedViewSize.unspecified.replacingUnspecifiedDimensions() == CGSize(width: 10, height: 10))
        #expect(ProposedViewSize(width: 50, height: nil).replacingUnspecifiedDimensions() == CGSize(width: 50, height: 10))
        #expect(ProposedViewSize(width: nil, height: 7).replacingUnspecifiedDimensions(by: CGSize(width: 1, height: 2))
            == CGSize(width: 1, height: 7))
    }

    @Test func leavesAnswerProposals() {
        // Color takes the proposal (nil → 10); a fixed leaf ignores it; a measured one is asked.
        #expect(size(.flexible, ProposedViewSize(width: 30, height: nil)) == CGSize(width: 30, height: 10))
        #expect(size(.flexible, .infinity) == CGSize(width: CGFloat.infinity, height: .infinity))
        #expect(size(.fixed(width: 4, height: 5), .infinity) == CGSize(width: 4, height: 5))
        #expect(size(textLike(), ProposedViewSize(width: 60, height: nil)) == CGSize(width: 60, height: 40))
    }

    /// A user's own layout: two subviews, the second placed below-right of the first.
    struct Diagonal: Layout {
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
            subviews.reduce(CGSize.zero) { total, s in
                let size = s.sizeThatFits(.unspecified)
                return CGSize(width: total.width + size.width, height: total.height + size.height)
            }
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
            var point = bounds.origin
            for s in subviews {
                s.place(at: point, proposal: .unspecified)
                let size = s.sizeThatFits(.unspecified)
                point.x += size.width
                point.y += size.height
            }
        }
    }

    @Test func customLayoutsUseTheSameProtocol() throws {
        let node = LayoutNode(Diagonal()) {
            LayoutNode.fixed(width: 10, height: 20).named("a")
            LayoutNode.flexible.named("b")
        }.padding(5)
        let result = node.layout()
        #expect(result.size == CGSize(width: 30, height: 40))
        #expect(try frame(result, "a") == rect(5, 5, 10, 20))
        #expect(try frame(result, "b") == rect(15, 25, 10, 10))
    }

    @Test func deepTreesMeasureEachProposalOnce() {
        // A stack probes each child with 0, ∞ and its share; without the engine's answers kept per
        // pass, 12 nested stacks would measure the leaf about 3^12 times. Each level here asks
        // the leaf the same few distinct proposals, so it is measured 9 times in all.
        let counter = Counter()
        var node = LayoutNode.measured { p in
            counter.increment()
            return p.replacingUnspecifiedDimensions()
        }
        for level in 0..<12 {
            node = level.isMultiple(of: 2)
                ? .hStack { node; LayoutNode.flexible }
                : .vStack { node; LayoutNode.flexible }
        }
        _ = node.layout(in: ProposedViewSize(width: 1000, height: 1000))
        #expect(counter.value <= 20)
    }

    @Test func unplacedSubviewsAreCentredAtTheirIdealSize() throws {
        struct Lazy: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
                CGSize(width: 100, height: 100)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {}
        }
        let result = LayoutNode(Lazy()) { LayoutNode.fixed(width: 20, height: 40).named("a") }.layout()
        #expect(try frame(result, "a") == rect(40, 30, 20, 40))
    }
}

/// Counts calls from a measuring closure (layout runs on one thread; the lock keeps the
/// closure Sendable).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

/// The layout engine's memo of a node's answers by proposal: a short list, then a dictionary.
@Suite struct ProposalMemoTests {
    /// Thirty proposals (past the list's limit of eight), each stored, found again, replaced
    /// and removed, against a plain dictionary kept beside it.
    @Test func answersEveryProposalPastTheList() {
        var memo = ProposalMemo<CGSize>()
        var reference: [ProposedViewSize: CGSize] = [:]
        let proposals = (0..<30).map { k -> ProposedViewSize in
            let width: CGFloat? = k % 3 == 0 ? nil : CGFloat(k)
            let height: CGFloat = k % 5 == 0 && width != nil ? .infinity : CGFloat(2 * k)
            return ProposedViewSize(width: width, height: height)
        }
        #expect(Set(proposals).count == proposals.count)
        for (k, p) in proposals.enumerated() {
            #expect(memo[p] == nil)
            let size = CGSize(width: CGFloat(k), height: CGFloat(-k))
            memo[p] = size
            reference[p] = size
        }
        for (k, p) in proposals.enumerated() where k % 4 == 0 {
            let size = CGSize(width: CGFloat(100 + k), height: 0)
            memo[p] = size
            reference[p] = size
        }
        for (k, p) in proposals.enumerated() where k % 7 == 0 {
            memo[p] = nil
            reference[p] = nil
        }
        for p in proposals { #expect(memo[p] == reference[p], "\(p)") }
        #expect(memo[ProposedViewSize(width: 1000, height: 1000)] == nil)
    }
}
