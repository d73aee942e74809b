import Foundation

// Fill styles and rounded-corner descriptions with SwiftUI's names and defaults (SWIFTUI-NOTES §4).

/// How a path is filled (SwiftUI's `FillStyle`): the non-zero winding rule unless `isEOFilled`,
/// antialiased unless told otherwise.
public struct FillStyle: Sendable, Hashable {
    /// Whether the even-odd rule decides what is inside (otherwise the non-zero rule).
    public var isEOFilled: Bool
    /// Whether edges are antialiased.
    public var isAntialiased: Bool

    /// A fill style.
    /// - Parameters:
    ///   - eoFill: use the even-odd rule (default false: non-zero).
    ///   - antialiased: antialias the edges (default true).
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The shape of a rounded rectangle's corners (SwiftUI's `RoundedCornerStyle`).
public enum RoundedCornerStyle: Sendable, Hashable, CaseIterable {
    /// Quarter circles (quarter ellipses for unequal corner sizes).
    case circular
    /// Continuous curvature corners, Apple's "squircle": see `Path.addRoundedRect(in:cornerSize:style:transform:)`
    /// for the curve and the regime it is drawn in.
    case continuous
}

/// The radii of a rectangle's four corners (SwiftUI's `RectangleCornerRadii`), named by the
/// leading/trailing edges of a left-to-right layout: leading is the left.
public struct RectangleCornerRadii: Sendable, Hashable {
    /// The top-left corner's radius.
    public var topLeading: CGFloat
    /// The bottom-left corner's radius.
    public var bottomLeading: CGFloat
    /// The bottom-right corner's radius.
    public var bottomTrailing: CGFloat
    /// The top-right corner's radius.
    public var topTrailing: CGFloat

    /// Radii for the four corners (each 0 by default).
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}
