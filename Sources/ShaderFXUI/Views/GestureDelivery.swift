import Foundation

// Taps and drags delivered to a laid-out view: the topmost view under the touch with a gesture
// of the touch's kind is found in the resolved tree and its layout, and its handlers run with
// the touch in the view's own coordinates.

/// One touch a run delivers: a tap, or one point of a drag, at a time and a point of the root's
/// coordinates.
public struct GestureEvent: Sendable, Equatable {
    /// What the touch is.
    public enum Kind: Sendable, Equatable {
        case tap
        /// Point `index` of drag `drag` (numbered in the order given); `isLast` where it lifts.
        case drag(drag: Int, index: Int, isLast: Bool)
    }

    /// Seconds since the run began.
    public var time: Double
    /// Where, in the root's points.
    public var location: CGPoint
    public var kind: Kind

    public init(time: Double, location: CGPoint, kind: Kind) {
        self.time = time
        self.location = location
        self.kind = kind
    }

    /// Taps and the points of drags as one list in time order (points of one time keep the
    /// order they were given in: taps first, then drags in order).
    public static func timeline(taps: [(location: CGPoint, time: Double)], drags: [[(location: CGPoint, time: Double)]]) -> [GestureEvent] {
        var events = taps.map { GestureEvent(time: $0.time, location: $0.location, kind: .tap) }
        for (number, points) in drags.enumerated() {
            for (index, point) in points.enumerated() {
                events.append(GestureEvent(time: point.time, location: point.location,
                                           kind: .drag(drag: number, index: index, isLast: index == points.count - 1)))
            }
        }
        return events.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
            .map(\.element)
    }
}

/// What a run remembers between touches: where each drag began and whether it has started,
/// and the run of taps that makes a double tap.
public final class GestureTracker {
    struct DragState {
        var start: CGPoint
        var previous: (location: CGPoint, time: Double)
        var started = false
    }
    var drags: [Int: DragState] = [:]
    var lastTap: (location: CGPoint, time: Double, run: Int)?

    /// Taps at most this many seconds apart, and `tapSlop` points, count as one run (a double
    /// tap); UIKit's interval, NOT CONFIRMED for SwiftUI.
    static let tapInterval = 0.35
    static let tapSlop: CGFloat = 10
    /// Seconds of velocity `predictedEndLocation` adds (ShaderFXUI's own; Apple's is unpublished).
    static let prediction = 0.25

    public init() {}
}

/// A node of the laid-out tree that has gestures: its frame and the nodes it is inside.
struct GestureTarget {
    let order: Int
    let frame: CGRect
    let gestures: [ViewGesture]
    let ancestors: Set<Int>
}

extension GestureTarget {
    /// The nodes of `node` (laid out as `laid`) with gestures, numbered in drawing order (a
    /// node before its children, a background before its content).
    static func collect(_ node: ViewNode, _ laid: LayoutResult.Node) -> [GestureTarget] {
        var targets: [GestureTarget] = []
        var counter = 0
        func visit(_ node: ViewNode, _ laid: LayoutResult.Node, _ ancestors: Set<Int>) {
            let order = counter
            counter += 1
            if !node.gestures.isEmpty {
                targets.append(GestureTarget(order: order, frame: laid.frame, gestures: node.gestures, ancestors: ancestors))
            }
            var pairs = Array(zip(node.children, laid.children))
            if case .backgroundFirst = node.drawing, pairs.count == 2 { pairs.reverse() }
            for (child, laidChild) in pairs { visit(child, laidChild, ancestors.union([order])) }
        }
        visit(node, laid, [])
        return targets
    }

    /// The gestures that take a touch at `point` of which `accepts` says yes: SwiftUI's order
    /// under the topmost such view: an enclosing `highPriorityGesture` (the outermost), else
    /// the innermost `gesture`, plus every `simultaneousGesture` on the way.
    static func winners(at point: CGPoint, in targets: [GestureTarget], accepts: (GestureRecognizer) -> Bool) -> [(GestureRecognizer, CGRect)] {
        let hit = targets.filter { target in target.frame.contains(point) && target.gestures.contains { accepts($0.recognizer) } }
        guard let top = hit.max(by: { $0.order < $1.order }) else { return [] }
        let chain = hit.filter { $0.order == top.order || top.ancestors.contains($0.order) }.sorted { $0.order > $1.order }
        func first(_ priority: ViewGesture.Priority, in list: [GestureTarget]) -> (GestureRecognizer, CGRect)? {
            for target in list {
                if let gesture = target.gestures.first(where: { $0.priority == priority && accepts($0.recognizer) }) {
                    return (gesture.recognizer, target.frame)
                }
            }
            return nil
        }
        var chosen: [(GestureRecognizer, CGRect)] = []
        if let exclusive = first(.high, in: chain.reversed()) ?? first(.normal, in: chain) { chosen.append(exclusive) }
        for target in chain {
            for gesture in target.gestures where gesture.priority == .simultaneous && accepts(gesture.recognizer) {
                chosen.append((gesture.recognizer, target.frame))
            }
        }
        return chosen
    }

    /// `point` (root coordinates) in `space` of a view whose frame is `frame`.
    static func convert(_ point: CGPoint, to space: CoordinateSpace, frame: CGRect) -> CGPoint {
        if case .global = space { return point }
        return CGPoint(x: point.x - frame.minX, y: point.y - frame.minY)
    }
}

extension ViewRenderer {
    /// How many gestures the view as now laid out has recorded (0: a touch runs nothing).
    public func gestureCount() throws -> Int {
        let (root, result) = try layout()
        return GestureTarget.collect(root, result.root).reduce(0) { $0 + $1.gestures.count }
    }

    /// Delivers `event` to the view as it is now laid out: hit-tests its tree and runs the
    /// handlers that take the touch, with `ViewClock.time` at the event's time. Returns how many
    /// handlers ran (0 when the touch is outside every view with a gesture of its kind).
    ///
    /// A drag is bound to the view under its first point: each later point is tested at that
    /// first point again (the tree may have changed since), and `onChanged` runs once the touch
    /// has moved the gesture's minimum distance, `onEnded` at the last point after it.
    @discardableResult
    public func deliver(_ event: GestureEvent, tracker: GestureTracker) throws -> Int {
        let (root, result) = try layout()
        let targets = GestureTarget.collect(root, result.root)
        var actions: [() -> Void] = []
        switch event.kind {
        case .tap:
            let run: Int
            if let last = tracker.lastTap, event.time - last.time <= GestureTracker.tapInterval,
               hypot(event.location.x - last.location.x, event.location.y - last.location.y) <= GestureTracker.tapSlop {
                run = last.run + 1
            } else {
                run = 1
            }
            tracker.lastTap = (event.location, event.time, run)
            let winners = GestureTarget.winners(at: event.location, in: targets) { recognizer in
                switch recognizer {
                case .tap(let count, _, _): return count >= 1 && run % count == 0
                case .drag(let minimumDistance, _, _, _): return minimumDistance <= 0
                }
            }
            for (recognizer, frame) in winners {
                switch recognizer {
                case .tap(_, let space, let action):
                    let point = GestureTarget.convert(event.location, to: space, frame: frame)
                    actions.append { action(point) }
                case .drag(_, let space, let changed, let ended):
                    // A tap is a drag that never moves (SwiftUI's `DragGesture(minimumDistance: 0)`).
                    let point = GestureTarget.convert(event.location, to: space, frame: frame)
                    let value = DragGesture.Value(location: point, startLocation: point, translation: .zero, time: ViewClock.date(at: event.time),
                                                  velocity: .zero, predictedEndLocation: point, predictedEndTranslation: .zero)
                    actions.append { changed(value); ended(value) }
                }
            }
        case .drag(let drag, let index, let isLast):
            if index == 0 { tracker.drags[drag] = .init(start: event.location, previous: (event.location, event.time)) }
            guard var state = tracker.drags[drag] else { return 0 }
            defer { tracker.drags[drag] = isLast ? nil : state }
            let moved = hypot(event.location.x - state.start.x, event.location.y - state.start.y)
            let winners = GestureTarget.winners(at: state.start, in: targets) { recognizer in
                if case .drag = recognizer { return true }
                return false
            }
            let elapsed = event.time - state.previous.time
            let velocity = elapsed > 0
                ? CGSize(width: (event.location.x - state.previous.location.x) / elapsed, height: (event.location.y - state.previous.location.y) / elapsed)
                : .zero
            state.previous = (event.location, event.time)
            for (recognizer, frame) in winners {
                guard case .drag(let minimumDistance, let space, let changed, let ended) = recognizer else { continue }
                if !state.started && moved >= minimumDistance { state.started = true }
                guard state.started else { continue }
                let location = GestureTarget.convert(event.location, to: space, frame: frame)
                let start = GestureTarget.convert(state.start, to: space, frame: frame)
                let translation = CGSize(width: location.x - start.x, height: location.y - start.y)
                let ahead = GestureTracker.prediction
                let predicted = CGPoint(x: location.x + velocity.width * ahead, y: location.y + velocity.height * ahead)
                let value = DragGesture.Value(location: location, startLocation: start, translation: translation, time: ViewClock.date(at: event.time),
                                              velocity: velocity, predictedEndLocation: predicted,
                                              predictedEndTranslation: CGSize(width: predicted.x - start.x, height: predicted.y - start.y))
                actions.append { changed(value); if isLast { ended(value) } }
            }
        }
        ViewClock.$time.withValue(event.time) {
            for action in actions { action() }
        }
        return actions.count
    }
}
