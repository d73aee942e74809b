import Foundation

/// The frames of a laid-out tree: one `Node` per `LayoutNode`, in the same shape (children in
/// the same order), so the drawing layer walks both together.
public struct LayoutResult: Sendable {
    /// One laid-out node.
    public struct Node: Sendable {
        /// The `LayoutNode`'s name, if it has one.
        public var name: String?
        /// The proposal the node was sized for.
        public var proposal: ProposedViewSize
        /// The frame in root coordinates, as computed, before pixel rounding.
        public var exactFrame: CGRect
        /// The frame in root coordinates with each edge rounded to the nearest pixel (a half
        /// rounds up): what is drawn.
        public var frame: CGRect
        /// The children's results, in the children's order.
        public var children: [Node]

        /// This node and its subtree, depth first.
        public var all: [Node] { [self] + children.flatMap(\.all) }

        /// The subtree with frames rounded to pixels at `scale`. Rounding both edges (not the
        /// origin and size apart) keeps neighbours that touch exactly still touching.
        func rounded(scale: CGFloat) -> Node {
            func snap(_ v: CGFloat) -> CGFloat {
                v.isFinite ? ((v * scale) + 0.5).rounded(.down) / scale : v
            }
            var node = self
            let e = exactFrame
            let minX = snap(e.minX), minY = snap(e.minY)
            node.frame = CGRect(x: minX, y: minY, width: snap(e.maxX) - minX, height: snap(e.maxY) - minY)
            node.children = children.map { $0.rounded(scale: scale) }
            return node
        }
    }

    /// The root's result.
    public let root: Node
    /// Pixels per point the frames were rounded at.
    public let scale: CGFloat

    /// The root's size in points (rounded).
    public var size: CGSize { root.frame.size }

    /// The root's size in whole pixels.
    public var pixelSize: (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    /// The first node named `name`, depth first.
    public func node(named name: String) -> Node? {
        root.all.first { $0.name == name }
    }

    /// The rounded frame of the first node named `name`.
    public func frame(of name: String) -> CGRect? {
        node(named: name)?.frame
    }

    /// The exact frame of the first node named `name`.
    public func exactFrame(of name: String) -> CGRect? {
        node(named: name)?.exactFrame
    }
}
