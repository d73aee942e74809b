import Foundation

// Rounded rectangles: circular corners (quarter ellipses as cubic Béziers) and Apple's
// continuous corners.
//
// The continuous corner is the UIKit-derived curve published by PaintCode and copied by the
// ChainableUIKit and react-native-screenshot-tools ports (SWIFTUI-NOTES §4.1 [R47] [R48] [R49]):
// in units of the radius r, measured from the corner back along the edge the path arrives on
// (a) and forward along the edge it leaves on (b), the corner runs
//
//     line to (1.52866, 0)
//     curve to (0.66993, 0.06550), controls (1.08849, 0), (0.86841, 0)
//     line to (0.63149, 0.07491)
//     curve to (0.07491, 0.63149), controls (0.37282, 0.16906), (0.16906, 0.37282)
//     line to (0.06550, 0.66993)
//     curve to (0, 1.52866), controls (0, 0.86841), (0, 1.08849)
//
// (the third line is the mirror image of the first; the notes' table leaves it implicit). That is
// the published regime: every edge must hold both of its corners, 1.52866·r each. Outside it (a
// radius above min(width, height) / 2 / 1.52866, so capsules among them) no published constants
// are used here: the corners fall back to circular ones with the radius clamped to half the
// shorter side, which is what a continuous capsule looks like on screen. Whether SwiftUI's own
// renderer draws exactly this curve is not confirmed (SWIFTUI-NOTES §8.8).

/// The continuous corner's points as (a, b) pairs, in units of the radius: `(line end)`, then
/// `(control 1, control 2, end)` triples for the three curves, with a line before each curve.
enum ContinuousCorner {
    /// How far along each edge the corner reaches, in radii.
    static let extent = 1.52866483
    static let lineEnd = (1.52866, 0.0)
    static let curves: [((Double, Double), (Double, Double), (Double, Double))] = [
        ((1.08849, 0), (0.86841, 0), (0.66993, 0.06550)),
        ((0.37282, 0.16906), (0.16906, 0.37282), (0.07491, 0.63149)),
        ((0, 0.86841), (0, 1.08849), (0, 1.52866)),
    ]
    /// The lines that start the second and third curves.
    static let lineStarts = [(0.63149, 0.07491), (0.06550, 0.66993)]
}

extension Path {
    /// Adds a rounded rectangle whose four corners have horizontal radius `cornerSize.width` and
    /// vertical radius `cornerSize.height`, as a closed subpath starting on the top edge where the
    /// top-left corner ends and running clockwise on screen.
    ///
    /// `.circular` corners are quarter ellipses with the radii clamped to half the width and half
    /// the height. `.continuous` corners are Apple's continuous-curvature corner (the published
    /// UIKit constants, in the regime where each edge holds 1.52866 radii of each corner; beyond
    /// it they fall back to circular corners: see this file's header).
    /// - Parameters:
    ///   - rect: the rectangle (standardised first).
    ///   - cornerSize: the corners' radii.
    ///   - style: the corners' shape (default `.continuous`).
    ///   - transform: applied to the points.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        let size = CGSize(width: max(0, cornerSize.width.isFinite ? cornerSize.width : 0),
                          height: max(0, cornerSize.height.isFinite ? cornerSize.height : 0))
        appendRoundedRect(rect.standardized, radii: [size, size, size, size], style: style, transform: transform)
    }

    /// Adds a rounded rectangle whose corners may have different radii (SwiftUI's
    /// `UnevenRoundedRectangle`), as a closed subpath starting on the top edge and running
    /// clockwise on screen. Where two corners on one edge would overlap, all radii are scaled
    /// down by the same factor until they fit (as CSS border radii are).
    /// - Parameters:
    ///   - rect: the rectangle (standardised first).
    ///   - cornerRadii: the four radii.
    ///   - style: the corners' shape (default `.continuous`).
    ///   - transform: applied to the points.
    public mutating func addRoundedRect(in rect: CGRect, cornerRadii: RectangleCornerRadii,
                                        style: RoundedCornerStyle = .continuous, transform: CGAffineTransform = .identity) {
        func clean(_ r: CGFloat) -> CGSize { let v = max(0, r.isFinite ? r : 0); return CGSize(width: v, height: v) }
        appendRoundedRect(rect.standardized,
                          radii: [clean(cornerRadii.topLeading), clean(cornerRadii.topTrailing),
                                  clean(cornerRadii.bottomTrailing), clean(cornerRadii.bottomLeading)],
                          style: style, transform: transform)
    }

    /// The rounded rectangle with radii in the order top-left, top-right, bottom-right,
    /// bottom-left.
    private mutating func appendRoundedRect(_ r: CGRect, radii input: [CGSize], style: RoundedCornerStyle,
                                            transform: CGAffineTransform) {
        guard !r.isNull else { return }
        guard input.contains(where: { $0.width > 0 && $0.height > 0 }) else { return addRect(r, transform: transform) }
        let w = r.width, h = r.height
        // Sums along each edge: top (0, 1), bottom (3, 2) horizontally; left (0, 3), right (1, 2).
        func fits(_ radii: [CGSize], _ extent: Double) -> Bool {
            extent * (radii[0].width + radii[1].width) <= w * (1 + 1e-12)
                && extent * (radii[3].width + radii[2].width) <= w * (1 + 1e-12)
                && extent * (radii[0].height + radii[3].height) <= h * (1 + 1e-12)
                && extent * (radii[1].height + radii[2].height) <= h * (1 + 1e-12)
        }
        var radii = input
        let continuous = style == .continuous && fits(radii, ContinuousCorner.extent)
        if !continuous {
            // Circular: scale all radii by one factor until each edge holds its two corners.
            var factor = 1.0
            func limit(_ length: Double, _ sum: Double) { if sum > length { factor = min(factor, length / sum) } }
            limit(w, radii[0].width + radii[1].width); limit(w, radii[3].width + radii[2].width)
            limit(h, radii[0].height + radii[3].height); limit(h, radii[1].height + radii[2].height)
            radii = radii.map { CGSize(width: $0.width * factor, height: $0.height * factor) }
        }
        // Corners in path order: top-right, bottom-right, bottom-left, top-left, each with its
        // corner point, the direction the path arrives in and the direction it leaves in.
        let corners: [(CGPoint, (Double, Double), (Double, Double), CGSize)] = [
            (CGPoint(x: r.maxX, y: r.minY), (1, 0), (0, 1), radii[1]),
            (CGPoint(x: r.maxX, y: r.maxY), (0, 1), (-1, 0), radii[2]),
            (CGPoint(x: r.minX, y: r.maxY), (-1, 0), (0, -1), radii[3]),
            (CGPoint(x: r.minX, y: r.minY), (0, -1), (1, 0), radii[0]),
        ]
        /// The point (a, b) of a corner, in radii along the arriving and leaving edges.
        func point(_ corner: (CGPoint, (Double, Double), (Double, Double), CGSize), _ ab: (Double, Double)) -> CGPoint {
            let (c, arrive, leave, size) = corner
            // A horizontal direction scales by the horizontal radius, a vertical one by the vertical.
            let ra = arrive.0 != 0 ? size.width : size.height, rb = leave.0 != 0 ? size.width : size.height
            return CGPoint(x: c.x - ab.0 * ra * arrive.0 + ab.1 * rb * leave.0,
                           y: c.y - ab.0 * ra * arrive.1 + ab.1 * rb * leave.1).applying(transform)
        }
        let k = 4.0 / 3.0 * tan(Double.pi / 8)  // a quarter circle's control distance, in radii
        let startCorner = corners[3]
        move(to: point(startCorner, continuous ? (0, ContinuousCorner.lineEnd.0) : (0, 1)))
        for corner in corners {
            if corner.3.width <= 0 || corner.3.height <= 0 {
                lineIfMoved(to: point(corner, (0, 0)))
                continue
            }
            if continuous {
                lineIfMoved(to: point(corner, ContinuousCorner.lineEnd))
                for (i, curve) in ContinuousCorner.curves.enumerated() {
                    if i > 0 { lineIfMoved(to: point(corner, ContinuousCorner.lineStarts[i - 1])) }
                    addCurve(to: point(corner, curve.2), control1: point(corner, curve.0), control2: point(corner, curve.1))
                }
            } else {
                lineIfMoved(to: point(corner, (1, 0)))
                addCurve(to: point(corner, (0, 1)), control1: point(corner, (1 - k, 0)), control2: point(corner, (0, 1 - k)))
            }
        }
        closeSubpath()
    }

    /// A line to `point` unless the path is already there.
    private mutating func lineIfMoved(to point: CGPoint) {
        if currentPoint != point { addLine(to: point) }
    }
}
