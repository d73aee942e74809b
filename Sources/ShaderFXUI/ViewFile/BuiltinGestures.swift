import Foundation

// The gestures a view file makes and attaches, as the Swift API's own values: `DragGesture`,
// `SpatialTapGesture` and `TapGesture` whose handlers run the file's closures when
// `ViewRenderer.deliver` hands them a touch, and `gesture`, `simultaneousGesture`,
// `highPriorityGesture` and `onTapGesture` recording them on the view. Gestures ShaderFXUI does
// not run (long presses, pinches, rotations) are made and accepted, and said once in the notes.

extension Evaluation {
    /// The gestures whose handlers run; the others are made as `GestureValue`s and ignored.
    static let runGestureNames: Set<String> = ["DragGesture", "SpatialTapGesture", "TapGesture"]

    /// The modifiers attaching a gesture.
    static let gestureModifierNames: Set<String> = ["gesture", "simultaneousGesture", "highPriorityGesture", "onTapGesture"]

    /// `DragGesture(minimumDistance:coordinateSpace:)`, `SpatialTapGesture(count:coordinateSpace:)`, `TapGesture(count:)`.
    func makeGesture(_ name: String, _ args: inout CallArguments, at range: SourceRange) throws -> Value {
        switch name {
        case "DragGesture":
            return .native(DragGesture(minimumDistance: try args.cgFloat("minimumDistance") ?? 10,
                                       coordinateSpace: try coordinateSpace(&args)))
        case "SpatialTapGesture":
            return .native(SpatialTapGesture(count: try tapCount(&args), coordinateSpace: try coordinateSpace(&args)))
        case "TapGesture":
            return .native(TapGesture(count: try tapCount(&args)))
        default:
            note("\(name): accepted and ignored (ShaderFXUI delivers taps and drags)")
            args.items = []
            return .native(GestureValue(name: name))
        }
    }

    private func tapCount(_ args: inout CallArguments) throws -> Int {
        let count = try args.int("count") ?? 1
        guard count >= 1 else { throw fail("a tap gesture's count is at least 1, not \(count)", at: args.range) }
        return count
    }

    private func coordinateSpace(_ args: inout CallArguments) throws -> CoordinateSpace {
        try args.typed("coordinateSpace", "CoordinateSpace", as: CoordinateSpace.self) ?? .local
    }

    /// `onChanged`/`onEnded` on a gesture: the gesture with the closure as its handler.
    func gestureMethod(_ name: String, on gesture: Any, _ args: inout CallArguments, at range: SourceRange) throws -> Value {
        if gesture is GestureValue {
            // `onEnded`, `updating`, `simultaneously`... of a gesture nothing delivers: the same gesture.
            args.items = []
            return .native(gesture)
        }
        let gestureName = Value.nativeName(gesture)
        guard name == "onChanged" || name == "onEnded" else {
            throw fail("\(gestureName).\(name) is not supported: a view file's gestures run onChanged and onEnded", at: range, kind: .unsupported)
        }
        let closure = try args.requireClosure(nil)
        switch (gesture, name) {
        case (let drag as DragGesture, "onChanged"):
            return .native(drag.onChanged(handler(closure, at: range) { .native($0) }))
        case (let drag as DragGesture, _):
            return .native(drag.onEnded(handler(closure, at: range) { .native($0) }))
        case (let tap as SpatialTapGesture, "onEnded"):
            return .native(tap.onEnded(handler(closure, at: range) { .native($0) }))
        case (let tap as TapGesture, "onEnded"):
            let run = handler(closure, at: range) { (_: Void) in Value.void }
            return .native(tap.onEnded { run(()) })
        default:
            throw fail("\(gestureName) has no \(name): it runs onEnded", at: range, kind: .unsupported)
        }
    }

    /// `view.gesture(g)`, `.simultaneousGesture(g)`, `.highPriorityGesture(g)`, `.onTapGesture(count:coordinateSpace:perform:)`.
    func attachGesture(_ name: String, to view: AnyView, _ args: inout CallArguments, at range: SourceRange) throws -> any View {
        if name == "onTapGesture" {
            let count = try tapCount(&args)
            let space = try coordinateSpace(&args)
            let closure = try args.requireClosure("perform")
            return view.onTapGesture(count: count, coordinateSpace: space, perform: handler(closure, at: range) { .native($0) })
        }
        let argument = try args.require(nil)
        _ = args.take("including")
        if case .instance(let instance) = argument.value {
            // A UIKit recognizer (`UIGestureRecognizerRepresentable`) or a gesture of the file's own.
            note("\(name)(\(instance.type.name)): accepted and ignored (ShaderFXUI delivers taps and drags to DragGesture, SpatialTapGesture, TapGesture and onTapGesture)")
            return view
        }
        guard case .native(let gesture) = argument.value, gesture is DragGesture || gesture is SpatialTapGesture || gesture is TapGesture || gesture is GestureValue else {
            throw fail("\(name) takes a gesture (DragGesture, SpatialTapGesture, TapGesture...), found \(argument.value.typeName)", at: argument.range)
        }
        if let ignored = gesture as? GestureValue {
            note("\(name)(\(ignored.name)): accepted and ignored (ShaderFXUI delivers taps and drags to DragGesture, SpatialTapGesture, TapGesture and onTapGesture)")
            return view
        }
        switch name {
        case "simultaneousGesture": return view.simultaneousGesture(gesture)
        case "highPriorityGesture": return view.highPriorityGesture(gesture)
        default: return view.gesture(gesture)
        }
    }

    /// A Swift handler running the file's `closure` with the value `convert` makes, on a deep
    /// stack, `Date()` reading the event's time (`ViewClock.time` where the delivery runs it).
    /// An error inside is kept for the caller (`ViewFileProgram.handlerError`), as a handler cannot throw.
    func handler<T>(_ closure: Function, at range: SourceRange, _ convert: @escaping (T) -> Value) -> (T) -> Void {
        { [self] value in
            let time = ViewClock.time
            let argument = convert(value)
            later { [self] in
                let saved = clock
                clock = time
                defer { clock = saved }
                do {
                    let args = if case .void = argument { [ArgumentValue]() } else { [ArgumentValue(label: nil, value: argument, range: range)] }
                    _ = try invoke(closure, args, at: closure.range)
                } catch let error as ViewFileError {
                    program.handlerErrors.record(error)
                } catch {
                    program.handlerErrors.record(fail("\(error)", at: closure.range))
                }
            }
        }
    }

    /// Members of a drag's value.
    func dragValueMember(_ name: String, of value: DragGesture.Value, at range: SourceRange) throws -> Value {
        switch name {
        case "location": return .native(value.location)
        case "startLocation": return .native(value.startLocation)
        case "translation": return .native(value.translation)
        case "time": return .native(value.time)
        case "velocity": return .native(value.velocity)
        case "predictedEndLocation": return .native(value.predictedEndLocation)
        case "predictedEndTranslation": return .native(value.predictedEndTranslation)
        default:
            throw unknown("member '\(name)' of DragGesture.Value", name,
                          candidates: ["location", "startLocation", "translation", "time", "velocity", "predictedEndLocation", "predictedEndTranslation"], at: range)
        }
    }

    /// `Date()` and `Date.now` in a view file: the run's clock, the frame's time while a body is
    /// built and the event's while a handler runs (so `Date().timeIntervalSince(start)` and a
    /// `TimelineView`'s `context.date` agree).
    var now: Date { ViewClock.date(at: clock) }
}
