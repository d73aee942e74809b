import Foundation
import ShaderFXUI
import ShaderFXGolden

/// The touches a command is given: `--tap`, `--drag` and the taps, drags and keyframes of an
/// `--events` script. `animate` gives them to a built-in effect's gestures or to a view's
/// handlers; `render --view` to the view's handlers before its one picture.
struct GestureFlags: ParsableArguments {
    @Option(valueName: "FILE", help: "an event script: {\"taps\": [{\"time\": 0, \"x\": 100, \"y\": 80}], \"drags\": [{\"points\": [{\"time\": 1, \"x\": 10, \"y\": 20}, ...]}], \"keyframes\": {\"amplitude\": [{\"time\": 0, \"value\": 12}, {\"time\": 2, \"value\": 0, \"curve\": \"easeOut\"}]}} (keyframes move a built-in effect's float, point and colour parameters, or a --shader's arguments)", section: "GESTURES")
    var events: String?
    @Option(valueName: "X,Y[@T]", help: "a tap at (X, Y) points at T seconds (default 0); with --view, delivered to the view's tap handlers (onTapGesture, SpatialTapGesture, DragGesture(minimumDistance: 0)) under the point, in its local coordinates", section: "GESTURES")
    var tap: [String]
    @Option(valueName: "X,Y@T;X,Y@T;...", help: "a drag through time-stamped points; with --view, the DragGesture under its first point runs onChanged at each point and onEnded at the last", section: "GESTURES")
    var drag: [String]

    /// Whether any touch or script was given.
    var isEmpty: Bool { events == nil && tap.isEmpty && drag.isEmpty }

    /// The event script from --events, --tap and --drag, each value checked as the script's own are.
    func script() throws -> EventScript {
        var script = try events.map { try EventScript.load(path: $0) } ?? EventScript()
        for text in tap {
            guard let touch = Self.parseTouch(text, defaultTime: 0) else {
                throw UsageError.invalidValue(option: "--tap", value: text, expected: "X,Y or X,Y@T (points, seconds)")
            }
            do {
                try EventScript(taps: [touch]).validate(name: "--tap")
            } catch {
                throw UsageError.invalidValue(option: "--tap", value: text, expected: "a tap within the range of points and seconds (\(error.problemText))")
            }
            script.taps.append(touch)
        }
        for text in drag {
            let points = text.split(separator: ";").map { Self.parseTouch(String($0), defaultTime: nil) }
            guard !points.isEmpty, points.allSatisfy({ $0 != nil }) else {
                throw UsageError.invalidValue(option: "--drag", value: text, expected: "X,Y@T;X,Y@T;... with times increasing")
            }
            let drag = EventScript.Drag(points: points.map { $0! })
            do {
                try EventScript(drags: [drag]).validate(name: "--drag")
            } catch {
                throw UsageError.invalidValue(option: "--drag", value: text, expected: "X,Y@T;X,Y@T;... with times increasing (\(error.problemText))")
            }
            script.drags.append(drag)
        }
        return script
    }

    /// `X,Y` or `X,Y@T`; nil when it is neither (or has no time and `defaultTime` is nil).
    static func parseTouch(_ text: String, defaultTime: Double?) -> EventScript.Touch? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let point = parts.first else { return nil }
        guard let xy = ValueForms.coordinates(String(point)) else { return nil }
        guard let time = parts.count == 2 ? ValueForms.duration(String(parts[1])) : defaultTime else { return nil }
        return EventScript.Touch(time: time, x: xy.x, y: xy.y)
    }
}

/// A view file's touches over one run (the frames of `animate --view`, or the moment `render
/// --view` draws): delivered in time order, each on the view as it is at the touch's time, to
/// the view's own gesture handlers. A view with no gesture handler reads the older way: the last
/// tap at or before the moment sets the root's `origin` and starts its keyframe animators.
final class ViewTouchRun {
    /// The taps in time order (for a view without handlers).
    let taps: [EventScript.Touch]
    /// The touches not yet delivered, in time order.
    private(set) var pending: ArraySlice<GestureEvent>
    /// Whether the view has a gesture handler (known once `begin` has seen it).
    private(set) var handlesGestures = false
    /// Touches that no view with a gesture of their kind was under.
    private(set) var unhandled = 0
    private let tracker = GestureTracker()
    private let hasDrags: Bool

    init(script: EventScript) {
        taps = script.taps.sorted { $0.time < $1.time }
        pending = GestureEvent.timeline(taps: script.taps.map { (CGPoint(x: $0.x, y: $0.y), $0.time) },
                                        drags: script.drags.map { $0.points.map { (CGPoint(x: $0.x, y: $0.y), $0.time) } })[...]
        hasDrags = !script.drags.isEmpty
    }

    /// How many touches are not yet delivered.
    var pendingCount: Int { pending.count }

    /// The time of the last touch, nil without touches.
    var lastTime: Double? { pending.last?.time }

    /// `settings` at `time` for a view without handlers: the last tap at or before `time` is its
    /// `origin`, and its keyframe animators start at the tap.
    func apply(to settings: inout ViewFileSettings, at time: Double) {
        guard !handlesGestures, let tap = taps.last(where: { $0.time <= time }) else { return }
        settings.overrides["origin"] = "\(tap.x),\(tap.y)"
        settings.triggerTime = time - tap.time
    }

    /// Looks at the view for gesture handlers; without any, drags are dropped (the note says so).
    func begin(_ viewRenderer: ViewRenderer<AnyView>) throws -> String? {
        handlesGestures = try viewRenderer.gestureCount() > 0
        guard !handlesGestures else { return nil }
        pending = []
        return hasDrags ? "the view has no gesture handler: --drag and the script's drags are ignored" : nil
    }

    /// Delivers each touch at or before `time`, on the view `program` makes with
    /// `settings(touchTime)`; a handler's error stops the run.
    func deliver(upTo time: Double, program: ViewFileProgram, viewRenderer: ViewRenderer<AnyView>, effects: [Effect] = [],
                 settings: (Double) -> ViewFileSettings) throws {
        while let event = pending.first, event.time <= time {
            pending.removeFirst()
            try program.update(viewRenderer, settings: settings(event.time), effects: effects)
            if try viewRenderer.deliver(event, tracker: tracker) == 0 { unhandled += 1 }
            if let error = program.handlerError { throw error }
        }
    }

    /// The note for touches that reached nothing, nil when every one did.
    var unhandledNote: String? {
        guard unhandled > 0 else { return nil }
        return "\(unhandled) touch\(unhandled == 1 ? "" : "es") fell outside every view with a gesture of its kind: nothing ran"
    }
}
