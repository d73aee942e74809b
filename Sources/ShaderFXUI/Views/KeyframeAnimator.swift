import Foundation

/// A view standing for the view a `keyframeAnimator` modifies, inside its content closure.
public struct PlaceholderContentView<Value>: View, PrimitiveView {
    let view: any View
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] { try context.resolve(view) }
}

extension View {
    /// Draws `content` with the value `keyframes` give at the animation's time since `trigger`
    /// last changed (SwiftUI's `keyframeAnimator(initialValue:trigger:content:keyframes:)`).
    ///
    /// A rendered frame knows no earlier state, so "since the trigger" is the render's time
    /// (`ViewRenderer.triggerTime`: `--time` on the command line): without one, the animation
    /// has not started and `content` gets `initialValue`, as SwiftUI shows before the first change.
    public func keyframeAnimator<Value, Content: View>(
        initialValue: Value, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTrack<Value>]
    ) -> some View {
        KeyframeAnimatorView(base: self, initialValue: initialValue, repeating: false, content: content, keyframes: keyframes)
    }

    /// Draws `content` with the value `keyframes` give at the render's time, the animation
    /// looping (`repeating: true`) or holding its last value.
    public func keyframeAnimator<Value, Content: View>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTrack<Value>]
    ) -> some View {
        KeyframeAnimatorView(base: self, initialValue: initialValue, repeating: repeating, running: true,
                             content: content, keyframes: keyframes)
    }
}

/// A `keyframeAnimator`: its content built for the timeline's value at the render's time.
struct KeyframeAnimatorView<Base: View, Value, Content: View>: View, PrimitiveView {
    let base: Base
    let initialValue: Value
    let repeating: Bool
    /// Whether the animation runs from the render's start (no trigger).
    var running = false
    let content: (PlaceholderContentView<Base>, Value) -> Content
    let keyframes: (Value) -> [KeyframeTrack<Value>]

    var body: Never { primitiveBody(Self.self) }

    func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        let time = running ? context.environment.time : context.environment.triggerTime
        var value = initialValue
        if let time {
            let timeline = KeyframeTimeline(initialValue: initialValue) { keyframes(initialValue) }
            let t = repeating && timeline.duration > 0 ? time.truncatingRemainder(dividingBy: timeline.duration) : time
            value = timeline.value(time: t)
        }
        return try context.resolve(content(PlaceholderContentView(view: base), value))
    }
}
