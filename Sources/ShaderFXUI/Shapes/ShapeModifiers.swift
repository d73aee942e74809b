import Foundation

// Shapes made from shapes: trimmed, moved, rotated, scaled, transformed, stroked. Each is itself
// a Shape, as SwiftUI's modifiers of the same names return shapes.

/// A part of a shape's outline, by fractions of its length (SwiftUI's `trim(from:to:)`).
public struct TrimmedShape<Content: Shape>: Shape {
    /// The shape trimmed.
    public var shape: Content
    /// Where the kept part starts, as a fraction of the length.
    public var startFraction: CGFloat
    /// Where it ends.
    public var endFraction: CGFloat
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction) }
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
}

/// A shape moved by an offset (SwiftUI's `OffsetShape`).
public struct OffsetShape<Content: Shape>: Shape {
    /// The shape moved.
    public var shape: Content
    /// The offset.
    public var offset: CGSize
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height) }
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
}

extension OffsetShape: InsettableShape where Content: InsettableShape {
    public func inset(by amount: CGFloat) -> OffsetShape<Content.InsetShape> {
        OffsetShape<Content.InsetShape>(shape: shape.inset(by: amount), offset: offset)
    }
}

/// A shape rotated about an anchor of its frame (SwiftUI's `RotatedShape`); a positive angle
/// turns clockwise on screen.
public struct RotatedShape<Content: Shape>: Shape {
    /// The shape rotated.
    public var shape: Content
    /// The angle.
    public var angle: Angle
    /// The point of the frame it turns about.
    public var anchor: UnitPoint
    public func path(in rect: CGRect) -> Path {
        let x = rect.minX + anchor.x * rect.width, y = rect.minY + anchor.y * rect.height
        let t = CGAffineTransform(translationX: -x, y: -y)
            .concatenating(CGAffineTransform(rotationAngle: angle.radians))
            .concatenating(CGAffineTransform(translationX: x, y: y))
        return shape.path(in: rect).applying(t)
    }
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
}

extension RotatedShape: InsettableShape where Content: InsettableShape {
    public func inset(by amount: CGFloat) -> RotatedShape<Content.InsetShape> {
        RotatedShape<Content.InsetShape>(shape: shape.inset(by: amount), angle: angle, anchor: anchor)
    }
}

/// A shape scaled about an anchor of its frame (SwiftUI's `ScaledShape`).
public struct ScaledShape<Content: Shape>: Shape {
    /// The shape scaled.
    public var shape: Content
    /// The horizontal and vertical factors.
    public var scale: CGSize
    /// The point of the frame that stays put.
    public var anchor: UnitPoint
    public func path(in rect: CGRect) -> Path {
        let x = rect.minX + anchor.x * rect.width, y = rect.minY + anchor.y * rect.height
        let t = CGAffineTransform(translationX: -x, y: -y)
            .concatenating(CGAffineTransform(scaleX: scale.width, y: scale.height))
            .concatenating(CGAffineTransform(translationX: x, y: y))
        return shape.path(in: rect).applying(t)
    }
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
}

/// A shape mapped by an affine transform (SwiftUI's `TransformedShape`).
public struct TransformedShape<Content: Shape>: Shape {
    /// The shape transformed.
    public var shape: Content
    /// The transform.
    public var transform: CGAffineTransform
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform) }
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
}

/// A shape's stroke as a shape: its path is the stroke's outline, to fill with the non-zero rule
/// (what SwiftUI's `stroke(style:)` returns on a shape; the view layer fills it).
public struct StrokedShape<Content: Shape>: Shape {
    /// The shape stroked.
    public var shape: Content
    /// The stroke's style.
    public var style: StrokeStyle
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).strokedPath(style) }
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
}

extension Shape {
    /// The part of the outline between fractions `from` and `to` of its length.
    /// - Parameters:
    ///   - from: the start fraction (default 0).
    ///   - to: the end fraction (default 1).
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> TrimmedShape<Self> {
        TrimmedShape(shape: self, startFraction: from, endFraction: to)
    }

    /// The shape moved by `offset`.
    /// - Parameter offset: the offset.
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }

    /// The shape moved by (`x`, `y`).
    /// - Parameters:
    ///   - x: the horizontal offset (default 0).
    ///   - y: the vertical offset (default 0).
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: x, height: y))
    }

    /// The shape rotated by `angle` about `anchor` (clockwise on screen for a positive angle).
    /// - Parameters:
    ///   - angle: the angle.
    ///   - anchor: the fixed point, in the frame's unit square (default its centre).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    /// The shape scaled by `x` and `y` about `anchor`.
    /// - Parameters:
    ///   - x: the horizontal factor (default 1).
    ///   - y: the vertical factor (default 1).
    ///   - anchor: the fixed point (default the centre).
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }

    /// The shape scaled by `scale` in both directions about `anchor`.
    /// - Parameters:
    ///   - scale: the factor.
    ///   - anchor: the fixed point (default the centre).
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }

    /// The shape mapped by `transform`.
    /// - Parameter transform: the transform.
    public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> {
        TransformedShape(shape: self, transform: transform)
    }

    /// The shape's stroke with `style`, as a shape to fill.
    /// - Parameter style: the stroke's style.
    public func stroke(style: StrokeStyle) -> StrokedShape<Self> { StrokedShape(shape: self, style: style) }

    /// The shape's stroke of `lineWidth`, as a shape to fill.
    /// - Parameter lineWidth: the width (default 1).
    public func stroke(lineWidth: CGFloat = 1) -> StrokedShape<Self> {
        StrokedShape(shape: self, style: StrokeStyle(lineWidth: lineWidth))
    }
}

extension InsettableShape {
    /// The stroke kept inside the frame: the shape inset by half the line width, then stroked
    /// (SWIFTUI-NOTES §4 [R28]).
    /// - Parameter style: the stroke's style.
    public func strokeBorder(style: StrokeStyle) -> StrokedShape<InsetShape> {
        StrokedShape(shape: inset(by: style.lineWidth / 2), style: style)
    }

    /// The stroke of `lineWidth` kept inside the frame.
    /// - Parameter lineWidth: the width (default 1).
    public func strokeBorder(lineWidth: CGFloat = 1) -> StrokedShape<InsetShape> {
        strokeBorder(style: StrokeStyle(lineWidth: lineWidth))
    }
}
