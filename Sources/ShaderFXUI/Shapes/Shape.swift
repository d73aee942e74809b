import Foundation

/// A 2D shape: a path for any rectangle it is given (SwiftUI's `Shape`). The view layer fills or
/// strokes it; here it is geometry only.
public protocol Shape: Sendable, View {
    /// The shape's outline when it occupies `rect`.
    /// - Parameter rect: the frame the shape is drawn in.
    func path(in rect: CGRect) -> Path

    /// The size the shape takes for `proposal`.
    /// - Parameter proposal: the proposed size.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

extension Shape {
    /// The proposal, with nil dimensions replaced by 10 (SwiftUI's default for shapes,
    /// SWIFTUI-NOTES §1.1 [R2]).
    /// - Parameter proposal: the proposed size.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
}

/// A shape that can be inset by an amount to give another shape (SwiftUI's `InsettableShape`),
/// which `strokeBorder` uses to keep a stroke inside the frame.
public protocol InsettableShape: Shape {
    /// The type of the inset shape.
    associatedtype InsetShape: InsettableShape
    /// The shape inset by `amount` on every side (a negative amount grows it).
    /// - Parameter amount: the inset.
    func inset(by amount: CGFloat) -> InsetShape
}

/// A rectangle filling its frame (SwiftUI's `Rectangle`).
public struct Rectangle: InsettableShape, Hashable {
    var insetAmount: CGFloat = 0
    /// A rectangle.
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Rectangle { var s = self; s.insetAmount += amount; return s }
}

/// A rectangle with equal rounded corners (SwiftUI's `RoundedRectangle`).
public struct RoundedRectangle: InsettableShape, Hashable {
    /// The corners' horizontal and vertical radii.
    public var cornerSize: CGSize
    /// The corners' shape.
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    /// A rounded rectangle with corners of `cornerSize`.
    /// - Parameters:
    ///   - cornerSize: the corners' radii.
    ///   - style: their shape (default `.continuous`, SWIFTUI-NOTES §4 [R17]).
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    /// A rounded rectangle with circular corners of `cornerRadius`.
    /// - Parameters:
    ///   - cornerRadius: the corners' radius.
    ///   - style: their shape (default `.continuous`).
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public func path(in rect: CGRect) -> Path {
        let size = CGSize(width: max(0, cornerSize.width - insetAmount), height: max(0, cornerSize.height - insetAmount))
        return Path(roundedRect: rect.insetBy(dx: insetAmount, dy: insetAmount), cornerSize: size, style: style)
    }

    /// Inset by `amount`: the rectangle shrinks by it on every side, the corners' radii by it too.
    public func inset(by amount: CGFloat) -> RoundedRectangle { var s = self; s.insetAmount += amount; return s }
}

/// A rectangle whose corners may have different radii (SwiftUI's `UnevenRoundedRectangle`).
public struct UnevenRoundedRectangle: InsettableShape, Hashable {
    /// The four radii.
    public var cornerRadii: RectangleCornerRadii
    /// The corners' shape.
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    /// An uneven rounded rectangle with these radii.
    /// - Parameters:
    ///   - cornerRadii: the radii.
    ///   - style: the corners' shape (default `.continuous`).
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    /// An uneven rounded rectangle with these radii (each 0 by default).
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                                                    bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
                  style: style)
    }

    public func path(in rect: CGRect) -> Path {
        let i = insetAmount
        let radii = RectangleCornerRadii(topLeading: max(0, cornerRadii.topLeading - i),
                                         bottomLeading: max(0, cornerRadii.bottomLeading - i),
                                         bottomTrailing: max(0, cornerRadii.bottomTrailing - i),
                                         topTrailing: max(0, cornerRadii.topTrailing - i))
        return Path(roundedRect: rect.insetBy(dx: i, dy: i), cornerRadii: radii, style: style)
    }

    /// Inset by `amount`: the rectangle and every radius shrink by it.
    public func inset(by amount: CGFloat) -> UnevenRoundedRectangle { var s = self; s.insetAmount += amount; return s }
}

/// A circle centred in its frame, its radius half the frame's shorter side (SwiftUI's `Circle`).
public struct Circle: InsettableShape, Hashable {
    var insetAmount: CGFloat = 0
    /// A circle.
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.standardized, side = min(r.width, r.height)
        let square = CGRect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side)
        return Path(ellipseIn: square.insetBy(dx: insetAmount, dy: insetAmount))
    }
    public func inset(by amount: CGFloat) -> Circle { var s = self; s.insetAmount += amount; return s }
}

/// An ellipse filling its frame (SwiftUI's `Ellipse`).
public struct Ellipse: InsettableShape, Hashable {
    var insetAmount: CGFloat = 0
    /// An ellipse.
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Ellipse { var s = self; s.insetAmount += amount; return s }
}

/// A rounded rectangle whose corner radius is half its shorter side (SwiftUI's `Capsule`).
public struct Capsule: InsettableShape, Hashable {
    /// The corners' shape. A continuous corner of half the shorter side lies outside the published
    /// continuous regime, so it is drawn with circular ends (see `Path.addRoundedRect`).
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    /// A capsule.
    /// - Parameter style: the corners' shape (default `.continuous`, SWIFTUI-NOTES §4 [R18]).
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }

    public func path(in rect: CGRect) -> Path {
        let r = rect.standardized.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = min(r.width, r.height) / 2
        return Path(roundedRect: r, cornerRadius: radius, style: style)
    }
    public func inset(by amount: CGFloat) -> Capsule { var s = self; s.insetAmount += amount; return s }
}
