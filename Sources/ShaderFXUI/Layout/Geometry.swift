import Foundation

// Geometry in points, origin top-left, y growing down (SWIFTUI-NOTES §0 [R40]). Foundation's
// CGSize, CGPoint and CGRect are used as they are; this file adds SwiftUI's own value types.

/// The horizontal or vertical dimension of a 2D layout (SwiftUI's `Axis`).
public enum Axis: Sendable, Hashable, CaseIterable {
    /// The x axis.
    case horizontal
    /// The y axis.
    case vertical

    /// The axis across this one.
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// A proposal for the size of a view: each dimension a length, or nil for "your ideal size"
/// (SwiftUI's `ProposedViewSize`, SWIFTUI-NOTES §1.1 [R1]).
public struct ProposedViewSize: Sendable, Hashable, CustomStringConvertible {
    /// The proposed width, or nil for the ideal width.
    public var width: CGFloat?
    /// The proposed height, or nil for the ideal height.
    public var height: CGFloat?

    /// A proposal of `width` by `height`.
    /// - Parameters:
    ///   - width: the proposed width, nil for ideal.
    ///   - height: the proposed height, nil for ideal.
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// The proposal of exactly `size`.
    /// - Parameter size: the size to propose.
    public init(_ size: CGSize) {
        self.init(width: size.width, height: size.height)
    }

    /// Zero by zero: asks for the view's minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// Infinity by infinity: asks for the view's maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    /// Nil by nil: asks for the view's ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)

    /// The proposal with nil dimensions replaced by those of `size` (10 × 10 by default,
    /// SwiftUI's documented value, SWIFTUI-NOTES §1.1 [R2]).
    /// - Parameter size: the lengths to use for nil dimensions.
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    /// The proposed length along `axis`.
    public subscript(axis: Axis) -> CGFloat? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A proposal of `major` along `axis` and `minor` across it.
    init(_ major: CGFloat?, along axis: Axis, minor: CGFloat?) {
        self = axis == .horizontal ? .init(width: major, height: minor) : .init(width: minor, height: major)
    }

    public var description: String {
        func text(_ v: CGFloat?) -> String { v.map { "\($0)" } ?? "nil" }
        return "(\(text(width)) × \(text(height)))"
    }
}

/// The edges of a rectangle (SwiftUI's `Edge`), and sets of them for `padding`.
public enum Edge: Sendable, Hashable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges (SwiftUI's `Edge.Set`).
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let top = Set(rawValue: 1 << 0)
        public static let leading = Set(rawValue: 1 << 1)
        public static let bottom = Set(rawValue: 1 << 2)
        public static let trailing = Set(rawValue: 1 << 3)
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Lengths inset from each edge of a rectangle (SwiftUI's `EdgeInsets`).
public struct EdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    /// Insets of the given lengths.
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// `length` on each edge of `edges`, zero on the others.
    /// - Parameters:
    ///   - edges: the edges that get `length`.
    ///   - length: the inset.
    public init(_ edges: Edge.Set, _ length: CGFloat) {
        self.init(top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                  bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }

    /// The sum of the insets along `axis`.
    func total(along axis: Axis) -> CGFloat {
        axis == .horizontal ? leading + trailing : top + bottom
    }
}

extension CGSize {
    /// The length along `axis`.
    subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A size of `major` along `axis` and `minor` across it.
    init(_ major: CGFloat, along axis: Axis, minor: CGFloat) {
        self = axis == .horizontal ? CGSize(width: major, height: minor) : CGSize(width: minor, height: major)
    }
}

extension CGPoint {
    /// The coordinate along `axis`.
    subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }

    /// A point at `major` along `axis` and `minor` across it.
    init(_ major: CGFloat, along axis: Axis, minor: CGFloat) {
        self = axis == .horizontal ? CGPoint(x: major, y: minor) : CGPoint(x: minor, y: major)
    }
}
