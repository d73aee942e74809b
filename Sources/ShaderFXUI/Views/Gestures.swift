import Foundation

// SwiftUI's gestures with SwiftUI's names: a gesture value carries the handlers the view's code
// gives it (`onChanged`, `onEnded`), and `gesture(_:)`, `simultaneousGesture(_:)`,
// `highPriorityGesture(_:)` and `onTapGesture` record them on the node of the view they modify.
// Nothing runs them while a frame is drawn; `ViewRenderer.deliver(_:)` runs them for a tap or a
// drag given by the caller (animate's `--tap`/`--drag`), so a view's own code decides what its
// state becomes, as on a device.

/// A gesture (SwiftUI's `Gesture`): the value its handlers are given.
public protocol Gesture {
    associatedtype Value
}

/// A gesture whose handlers ShaderFXUI runs: what it recognises, as a `GestureRecognizer`.
protocol RecognizedGesture {
    var recognizer: GestureRecognizer { get }
}

/// A drag (SwiftUI's `DragGesture`): `onChanged` at each point once the touch has moved
/// `minimumDistance` from where it began, `onEnded` where it lifts. With a minimum distance of 0
/// it catches taps as well.
public struct DragGesture: Gesture, RecognizedGesture {
    /// Where a drag is (SwiftUI's `DragGesture.Value`), in the gesture's coordinate space.
    public struct Value: Equatable, Sendable {
        /// Where the touch is now.
        public var location: CGPoint
        /// Where it began.
        public var startLocation: CGPoint
        /// `location - startLocation`.
        public var translation: CGSize
        /// The moment of this change: the run's clock (`ViewClock`).
        public var time: Date
        /// Points a second, from the previous point of the drag (zero at its first).
        public var velocity: CGSize
        /// Where the drag would end at its velocity: `location` plus a quarter second of it.
        public var predictedEndLocation: CGPoint
        /// `predictedEndLocation - startLocation`.
        public var predictedEndTranslation: CGSize
    }

    /// Points the touch must move before the drag begins.
    public var minimumDistance: CGFloat
    /// Where `location` is measured: the view's own space unless `.global`.
    public var coordinateSpace: CoordinateSpace
    var changed: [(Value) -> Void] = []
    var ended: [(Value) -> Void] = []

    /// A drag starting once the touch moves `minimumDistance` points (10, as SwiftUI's).
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }

    /// The drag with `action` run at each change.
    public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture { adding(action, to: \.changed) }

    /// The drag with `action` run where it ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture { adding(action, to: \.ended) }

    var recognizer: GestureRecognizer {
        let changed = changed, ended = ended
        return .drag(minimumDistance: minimumDistance, space: coordinateSpace,
                     changed: { value in changed.forEach { $0(value) } }, ended: { value in ended.forEach { $0(value) } })
    }
}

/// A tap that knows where it landed (SwiftUI's `SpatialTapGesture`).
public struct SpatialTapGesture: Gesture, RecognizedGesture {
    /// Where a tap landed.
    public struct Value: Equatable, Sendable {
        /// The tap's point in the gesture's coordinate space.
        public var location: CGPoint
    }

    /// Taps needed (2 for a double tap).
    public var count: Int
    /// Where `location` is measured.
    public var coordinateSpace: CoordinateSpace
    var ended: [(Value) -> Void] = []

    /// A tap gesture of `count` taps.
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = count
        self.coordinateSpace = coordinateSpace
    }

    /// The gesture with `action` run at each recognised tap.
    public func onEnded(_ action: @escaping (Value) -> Void) -> SpatialTapGesture { adding(action, to: \.ended) }

    var recognizer: GestureRecognizer {
        let ended = ended
        return .tap(count: count, space: coordinateSpace) { point in ended.forEach { $0(Value(location: point)) } }
    }
}

/// A tap (SwiftUI's `TapGesture`): its handler is told only that it happened.
public struct TapGesture: Gesture, RecognizedGesture {
    public typealias Value = Void
    /// Taps needed.
    public var count: Int
    var ended: [() -> Void] = []

    /// A tap gesture of `count` taps.
    public init(count: Int = 1) { self.count = count }

    /// The gesture with `action` run at each recognised tap.
    public func onEnded(_ action: @escaping () -> Void) -> TapGesture { adding(action, to: \.ended) }

    var recognizer: GestureRecognizer {
        let ended = ended
        return .tap(count: count, space: .local) { _ in ended.forEach { $0() } }
    }
}

extension RecognizedGesture {
    /// The gesture with `handler` added to its list at `list` (`onChanged`, `onEnded`).
    func adding<Handler>(_ handler: Handler, to list: WritableKeyPath<Self, [Handler]>) -> Self {
        var gesture = self
        gesture[keyPath: list].append(handler)
        return gesture
    }
}

/// What a gesture recognises and the handlers it runs, as a node keeps them.
enum GestureRecognizer {
    /// `count` taps; the handler gets the point in `space`.
    case tap(count: Int, space: CoordinateSpace, action: (CGPoint) -> Void)
    /// A drag.
    case drag(minimumDistance: CGFloat, space: CoordinateSpace, changed: (DragGesture.Value) -> Void, ended: (DragGesture.Value) -> Void)
}

/// A gesture recorded on a view's node, with how it competes with the gestures around it.
package struct ViewGesture {
    /// SwiftUI's three ways of attaching a gesture.
    enum Priority {
        /// `gesture(_:)`, `onTapGesture`: the innermost one under the touch wins.
        case normal
        /// `simultaneousGesture(_:)`: runs beside whichever wins.
        case simultaneous
        /// `highPriorityGesture(_:)`: wins over the gestures of the views inside.
        case high
    }

    let recognizer: GestureRecognizer
    let priority: Priority
}

/// The clock a run of a view is on: the frame's time while its body is built, the event's time
/// while a gesture's handler runs. `now` is `TimelineView`'s date at that time, what `Date()`
/// means in a view file (a compiled view reads it through `ViewClock.now`, as the examples'
/// tests do).
public enum ViewClock {
    /// Seconds since the run began.
    @TaskLocal public static var time: Double = 0

    /// The run's date at `time`.
    public static var now: Date { date(at: time) }

    /// The run's date `time` seconds after it began (the date `TimelineView` gives its content).
    public static func date(at time: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: TimelineSchedules.referenceTime + time)
    }
}

extension View {
    /// Records `gesture`'s handlers on this view: the innermost view's gesture under a touch wins.
    public func gesture<G>(_ gesture: G, including mask: Any? = nil) -> some View {
        modified(Self.attach(gesture, .normal, "gesture"))
    }

    /// Records `gesture`'s handlers on this view, run beside the gesture that wins.
    public func simultaneousGesture<G>(_ gesture: G, including mask: Any? = nil) -> some View {
        modified(Self.attach(gesture, .simultaneous, "simultaneousGesture"))
    }

    /// Records `gesture`'s handlers on this view, winning over the gestures inside it.
    public func highPriorityGesture<G>(_ gesture: G, including mask: Any? = nil) -> some View {
        modified(Self.attach(gesture, .high, "highPriorityGesture"))
    }

    /// Runs `action` at each `count` taps on this view.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modified(.gesture(ViewGesture(recognizer: .tap(count: count, space: .local) { _ in action() }, priority: .normal)))
    }

    /// Runs `action` with the tap's point (in `coordinateSpace`) at each `count` taps on this view.
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void) -> some View {
        modified(.gesture(ViewGesture(recognizer: .tap(count: count, space: coordinateSpace, action: action), priority: .normal)))
    }

    /// The modifier attaching `gesture`: a gesture ShaderFXUI does not run is noted and ignored.
    private static func attach<G>(_ gesture: G, _ priority: ViewGesture.Priority, _ name: String) -> BuiltInModifier.Operation {
        guard let recognized = gesture as? any RecognizedGesture else {
            return .ignored("\(name)(\(String(describing: G.self).split(separator: "<").first ?? ""))")
        }
        return .gesture(ViewGesture(recognizer: recognized.recognizer, priority: priority))
    }
}
