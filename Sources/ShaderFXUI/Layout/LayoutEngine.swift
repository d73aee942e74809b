import Foundation

/// One layout pass over a node tree: the tree flattened into an array, each node's answers to
/// the proposals asked of it (a stack probes each child with 0, ∞ and its share, so without
/// them nested stacks would measure their leaves exponentially often), and the placement walk.
/// Made by `LayoutNode.layout(in:scale:)` and dropped after it.
final class LayoutEngine {
    struct Entry {
        let node: LayoutNode
        /// Indices of the children in `entries`.
        var children: [Int]
        /// The stack orientation of the container the node sits in (through modifiers).
        let orientation: Axis?
    }

    private(set) var entries: [Entry] = []
    /// Each node's answers, by the node's index: a node is asked a few proposals (a stack's
    /// probes and its share), so a short list searched in order costs less than hashing each
    /// proposal, which was a fifth of a warm card's layout.
    private var sizes: [ProposalMemo<CGSize>] = []
    private var dimensionsMemo: [ProposalMemo<ViewDimensions>] = []

    init(root: LayoutNode) {
        _ = add(root, orientation: nil)
    }

    private func add(_ node: LayoutNode, orientation: Axis?) -> Int {
        let index = entries.count
        let isModifier = node.isModifier
        entries.append(Entry(node: node, children: [], orientation: orientation))
        sizes.append(ProposalMemo())
        dimensionsMemo.append(ProposalMemo())
        if case .layout(let layout, let children) = node.content {
            let own = type(of: layout).layoutProperties.stackOrientation
            entries[index].children = children.enumerated().map { i, child in
                add(child, orientation: isModifier ? (i == 0 ? orientation : nil) : own)
            }
        }
        return index
    }

    func subviews(of index: Int, slots: [PlacementSlot]? = nil) -> LayoutSubviews {
        LayoutSubviews(proxies: entries[index].children.enumerated().map { i, child in
            LayoutSubview(engine: self, node: child, slot: slots?[i])
        })
    }

    func priority(of index: Int) -> Double { entries[index].node.priority }

    func spacing(of index: Int) -> ViewSpacing { entries[index].node.spacing }

    func size(of index: Int, _ proposal: ProposedViewSize) -> CGSize {
        if let size = sizes[index][proposal] { return size }
        let size: CGSize
        switch entries[index].node.content {
        case .leaf(let leaf):
            size = leafSize(leaf, proposal, orientation: entries[index].orientation)
        case .layout(let layout, _):
            size = layout.sizeThatFits(proposal, subviews(of: index))
        }
        sizes[index][proposal] = size
        return size
    }

    /// The node's size and guides for `proposal`. A modifier passes on its first subview's
    /// explicit guides, moved by where it places that subview (so a guide set inside a padding
    /// or a frame still aligns the padded or framed view, as SwiftUI's baselines do); the node's
    /// own `alignmentGuide`s then apply, in the order they were written.
    func dimensions(of index: Int, _ proposal: ProposedViewSize) -> ViewDimensions {
        if let d = dimensionsMemo[index][proposal] { return d }
        var d = ViewDimensions(size: size(of: index, proposal))
        if entries[index].node.isModifier, case .layout(let layout, _) = entries[index].node.content,
           let child = entries[index].children.first {
            let slots = entries[index].children.map { _ in PlacementSlot() }
            layout.place(in: CGRect(origin: .zero, size: d.size), proposal, subviews(of: index, slots: slots))
            if let placement = slots[0].placement {
                let inner = dimensions(of: child, placement.proposal)
                let origin = placement.origin(for: inner.size)
                for (guide, value) in inner.explicitGuides {
                    d.explicitGuides[guide] = value + origin[guide.axis]
                }
            }
        }
        for guide in entries[index].node.guides {
            d.explicitGuides[guide.key] = guide.value(d)
        }
        dimensionsMemo[index][proposal] = d
        return d
    }

    private func leafSize(_ leaf: LayoutNode.Leaf, _ p: ProposedViewSize, orientation: Axis?) -> CGSize {
        switch leaf {
        case .fixed(let size):
            return size
        case .flexible:
            return p.replacingUnspecifiedDimensions()
        case .measured(let measure):
            return measure(p)
        case .spacer(let minLength):
            let length = minLength ?? ViewSpacing.standardDistance
            func along(_ v: CGFloat?) -> CGFloat { max(v ?? -.infinity, length) }
            switch orientation {
            case .horizontal: return CGSize(width: along(p.width), height: 0)
            case .vertical: return CGSize(width: 0, height: along(p.height))
            case nil: return CGSize(width: along(p.width), height: along(p.height))
            }
        case .divider(let thickness):
            let filled = p.replacingUnspecifiedDimensions()
            return orientation == .horizontal
                ? CGSize(width: thickness, height: filled.height)
                : CGSize(width: filled.width, height: thickness)
        }
    }

    /// Lays out node `index` with its origin at `origin` (root coordinates) for `proposal`, and
    /// its subtree below it; frames exact, not yet rounded.
    func place(_ index: Int, at origin: CGPoint, _ proposal: ProposedViewSize) -> LayoutResult.Node {
        let frame = CGRect(origin: origin, size: size(of: index, proposal))
        var children: [LayoutResult.Node] = []
        if case .layout(let layout, _) = entries[index].node.content {
            let slots = entries[index].children.map { _ in PlacementSlot() }
            layout.place(in: frame, proposal, subviews(of: index, slots: slots))
            for (i, child) in entries[index].children.enumerated() {
                let placement = slots[i].placement
                    ?? Placement(position: CGPoint(x: frame.midX, y: frame.midY), anchor: .center, proposal: .unspecified)
                let childOrigin = placement.origin(for: size(of: child, placement.proposal))
                children.append(place(child, at: childOrigin, placement.proposal))
            }
        }
        return LayoutResult.Node(name: entries[index].node.name, proposal: proposal, exactFrame: frame,
                                 frame: frame, children: children)
    }
}

extension LayoutNode {
    /// Lays the tree out: the root takes its size for `proposal` (its ideal size by default, as
    /// `ImageRenderer.proposedSize` `.unspecified`, SWIFTUI-NOTES §1.10 [R5]), is placed at the
    /// origin, and every node gets its frame in root coordinates, edges rounded to the nearest
    /// pixel at `scale` (§0 [R30]).
    /// - Parameters:
    ///   - proposal: the root's proposal (default `.unspecified`: ideal size).
    ///   - scale: pixels per point (default 1, as `ImageRenderer.scale`).
    public func layout(in proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1) -> LayoutResult {
        let engine = LayoutEngine(root: self)
        let root = engine.place(0, at: .zero, proposal)
        return LayoutResult(root: root.rounded(scale: scale), scale: scale)
    }
}

/// A node's answers by proposal: the first few in a list searched in order, any more in a
/// dictionary (a node asked many proposals stays linear in their number).
struct ProposalMemo<Value> {
    private var few: [(ProposedViewSize, Value)] = []
    private var many: [ProposedViewSize: Value] = [:]
    /// How many answers the list keeps before the dictionary takes the rest.
    static var listLimit: Int { 8 }

    subscript(proposal: ProposedViewSize) -> Value? {
        get {
            for (p, value) in few where p == proposal { return value }
            return many.isEmpty ? nil : many[proposal]
        }
        set {
            if let i = few.firstIndex(where: { $0.0 == proposal }) {
                if let newValue { few[i].1 = newValue } else { few.remove(at: i) }
            } else if many[proposal] != nil || few.count >= Self.listLimit {
                many[proposal] = newValue
            } else if let newValue {
                few.append((proposal, newValue))
            }
        }
    }
}
