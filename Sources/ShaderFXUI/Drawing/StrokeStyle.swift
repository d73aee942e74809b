import Foundation

// Stroke and fill styles with SwiftUI's names and defaults (SWIFTUI-NOTES §4 [R74]). Foundation on
// Linux has no Core Graphics, so the line cap and join enumerations are defined here with Core
// Graphics' case names.

/// How the ends of an open stroked line are drawn (Core Graphics' `CGLineCap`).
public enum CGLineCap: Int32, Sendable, Hashable, CaseIterable {
    /// The line stops exactly at its end point.
    case butt
    /// A half disc of the line's half width is added at each end.
    case round
    /// A half square of the line's half width is added at each end, so the line runs on by half
    /// its width.
    case square
}

/// How two stroked segments meet at a corner (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable, Hashable, CaseIterable {
    /// The outer edges are extended until they meet, unless the miter length divided by the
    /// line width exceeds `miterLimit`, in which case the corner is bevelled.
    case miter
    /// A disc of the line's half width at the corner.
    case round
    /// The outer corners of the two segments joined by a straight line.
    case bevel
}

/// The characteristics of a stroke (SwiftUI's `StrokeStyle`): width, caps, joins, miter limit and
/// dash pattern. The defaults are SwiftUI's: width 1, `.butt` caps, `.miter` joins, miter limit
/// 10, no dashes.
public struct StrokeStyle: Sendable, Hashable {
    /// The width of the stroked line, centred on the path.
    public var lineWidth: CGFloat
    /// How open ends are drawn.
    public var lineCap: CGLineCap
    /// How corners are drawn.
    public var lineJoin: CGLineJoin
    /// The largest ratio of miter length to line width a `.miter` join keeps before it is
    /// bevelled (Core Graphics' rule: a join of interior angle φ has ratio 1 / sin(φ / 2)).
    public var miterLimit: CGFloat
    /// Lengths of alternating dashes and gaps along the path, starting with a dash; empty for a
    /// solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the path's start lies.
    public var dashPhase: CGFloat

    /// A stroke style.
    /// - Parameters:
    ///   - lineWidth: the line's width (default 1).
    ///   - lineCap: the ends of open lines (default `.butt`).
    ///   - lineJoin: the corners (default `.miter`).
    ///   - miterLimit: the miter limit (default 10).
    ///   - dash: dash and gap lengths (default none).
    ///   - dashPhase: the pattern's offset at the path's start (default 0).
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
