import Foundation
import Testing
@testable import ShaderFXUI

/// A stand-in for text, as the text engine will measure it: one line is 120 × 20 pt (its
/// ideal, for a nil width); a narrower width wraps it into `ceil(120 / width)` lines of 20 pt,
/// but no line is narrower than its longest word, 30 pt.
func textLike(spacing: ViewSpacing = .standard) -> LayoutNode {
    .measured(spacing: spacing) { p in
        guard let w = p.width else { return CGSize(width: 120, height: 20) }
        let width = min(max(w, 30), 120)
        return CGSize(width: width, height: 20 * (120 / width).rounded(.up))
    }
}

/// The frame of the node named `name`, rounded (a missing name fails the test).
func frame(_ result: LayoutResult, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CGRect {
    try #require(result.frame(of: name), "no node named \(name)", sourceLocation: sourceLocation)
}

/// The exact frame of the node named `name`.
func exactFrame(_ result: LayoutResult, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CGRect {
    try #require(result.exactFrame(of: name), "no node named \(name)", sourceLocation: sourceLocation)
}

/// The size `node` takes for `proposal`.
func size(_ node: LayoutNode, _ proposal: ProposedViewSize) -> CGSize {
    node.layout(in: proposal).root.exactFrame.size
}

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: w, height: h)
}

/// Whether two rectangles agree to within `tolerance` on every edge.
func close(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
