import Foundation
import Testing
@testable import ShaderFXUI

@Suite struct ShapeTests {
    let frame = CGRect(x: 10, y: 20, width: 100, height: 50)

    @Test func shapesFillTheirFramesAsSwiftUIs() {
        #expect(Rectangle().path(in: frame) == Path(frame))
        // Circle: centred, radius half the shorter side.
        #expect(nearRect(Circle().path(in: frame).boundingRect, CGRect(x: 35, y: 20, width: 50, height: 50)))
        #expect(nearRect(Ellipse().path(in: frame).boundingRect, frame))
        // Capsule: radius 25, so circular ends (outside the continuous regime).
        #expect(Capsule().path(in: frame) == Path(roundedRect: frame, cornerRadius: 25, style: .circular))
        #expect(Capsule(style: .circular).path(in: frame) == Path(roundedRect: frame, cornerRadius: 25, style: .circular))
        // Defaults: continuous corners.
        #expect(RoundedRectangle(cornerRadius: 8).style == .continuous && Capsule().style == .continuous)
        #expect(UnevenRoundedRectangle(topLeadingRadius: 4).style == .continuous)
        #expect(RoundedRectangle(cornerRadius: 8).path(in: frame) == Path(roundedRect: frame, cornerRadius: 8, style: .continuous))
        let uneven = UnevenRoundedRectangle(topLeadingRadius: 1, bottomLeadingRadius: 2, bottomTrailingRadius: 3, topTrailingRadius: 4, style: .circular)
        #expect(uneven.path(in: frame) == Path(roundedRect: frame, cornerRadii: RectangleCornerRadii(topLeading: 1, bottomLeading: 2, bottomTrailing: 3, topTrailing: 4), style: .circular))
        // A path is its own shape, whatever the frame.
        let path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 3, height: 3))
        #expect(path.path(in: frame) == path)
    }

    @Test func sizeThatFitsReplacesNilWithTen() {
        #expect(Circle().sizeThatFits(.unspecified) == CGSize(width: 10, height: 10))
        #expect(Rectangle().sizeThatFits(ProposedViewSize(width: 40, height: nil)) == CGSize(width: 40, height: 10))
        #expect(Capsule().sizeThatFits(ProposedViewSize(width: 40, height: 30)) == CGSize(width: 40, height: 30))
    }

    @Test func insetShapesShrinkByTheAmount() {
        #expect(Rectangle().inset(by: 5).path(in: frame) == Path(frame.insetBy(dx: 5, dy: 5)))
        #expect(RoundedRectangle(cornerRadius: 8, style: .circular).inset(by: 3).path(in: frame)
            == Path(roundedRect: frame.insetBy(dx: 3, dy: 3), cornerRadius: 5, style: .circular))
        #expect(nearRect(Circle().inset(by: 5).path(in: frame).boundingRect, CGRect(x: 40, y: 25, width: 40, height: 40)))
        // strokeBorder keeps the whole stroke inside the frame.
        let border = Circle().strokeBorder(lineWidth: 6).path(in: frame)
        // Within the Bézier circle's own error, 2.73e-4 of its radius.
        #expect(nearRect(border.boundingRect, CGRect(x: 35, y: 20, width: 50, height: 50), bezierCircleError * 25))
        let stroke = Rectangle().stroke(lineWidth: 4).path(in: frame)
        #expect(stroke.boundingRect == frame.insetBy(dx: -2, dy: -2))
    }

    @Test func transformingModifiersMoveThePath() {
        #expect(Rectangle().offset(x: 3, y: -2).path(in: frame).boundingRect == frame.offsetBy(dx: 3, dy: -2))
        // A 90° turn about the centre (60, 45): the 100 × 50 frame becomes 50 × 100 about it;
        // clockwise on screen, the top-left corner (10, 20) goes to the top-right (85, −5).
        let turned = Rectangle().rotation(.degrees(90)).path(in: frame)
        #expect(nearRect(turned.boundingRect, CGRect(x: 35, y: -5, width: 50, height: 100)))
        var first: CGPoint?
        turned.forEach { if case .move(let p) = $0 { first = p } }
        #expect(near(first, CGPoint(x: 85, y: -5)))
        #expect(nearRect(Rectangle().scale(2, anchor: .topLeading).path(in: frame).boundingRect, CGRect(x: 10, y: 20, width: 200, height: 100)))
        #expect(nearRect(Rectangle().scale(x: 0.5).path(in: frame).boundingRect, CGRect(x: 35, y: 20, width: 50, height: 50)))
        #expect(Rectangle().transform(CGAffineTransform(translationX: 1, y: 1)).path(in: frame).boundingRect == frame.offsetBy(dx: 1, dy: 1))
        // trim: half a rectangle's outline from its top-left corner, 150 long.
        let half = Rectangle().trim(from: 0, to: 0.5).path(in: frame)
        #expect(abs(measuredLength(half) - 150) < 1e-9)
    }
}
