import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXUI

/// The forms of binding SwiftUI code writes, each in a view file and in the same view compiled
/// with the Swift API: after the same touches the two draw the same pixels, and those pixels are
/// the colours the view's logic gives (stated in each test). The colours are pure (0 or 1 in
/// each channel) so a pixel is the colour exactly.
@Suite(.serialized) struct BindingFormTests {
    /// Pure colours by name, straight RGBA.
    static let colours: [String: [Float]] = [
        "black": [0, 0, 0, 1], "red": [1, 0, 0, 1], "green": [0, 1, 0, 1], "blue": [0, 0, 1, 1],
        "yellow": [1, 1, 0, 1], "magenta": [1, 0, 1, 1], "cyan": [0, 1, 1, 1], "white": [1, 1, 1, 1],
    ]

    /// The view file's declarations of those colours, as top-level constants.
    static let palette = """
        let black = Color(red: 0, green: 0, blue: 0)
        let red = Color(red: 1, green: 0, blue: 0)
        let green = Color(red: 0, green: 1, blue: 0)
        let blue = Color(red: 0, green: 0, blue: 1)
        let yellow = Color(red: 1, green: 1, blue: 0)
        let magenta = Color(red: 1, green: 0, blue: 1)
        let white = Color(red: 1, green: 1, blue: 1)

        """

    /// The pixel at (x, y) of `image`.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Float] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    /// Touches as `animate --view` delivers them: taps at 0.1 s apart, then any drag after.
    static func events(taps: [CGPoint], drag: [CGPoint] = []) -> [GestureEvent] {
        var events = taps.enumerated().map { GestureEvent(time: 0.1 * Double($0.offset + 1), location: $0.element, kind: .tap) }
        if !drag.isEmpty {
            let start = 0.1 * Double(taps.count + 1)
            events += GestureEvent.timeline(taps: [], drags: [drag.enumerated().map { ($0.element, start + 0.05 * Double($0.offset)) }])
        }
        return events
    }

    /// The view file's picture after `events`, each delivered to the view evaluated at its time.
    static func filePicture(_ source: String, _ events: [GestureEvent]) throws -> RGBAImage {
        let run = try GestureRun(palette + source)
        _ = try run.deliver(events)
        try run.evaluate(at: 5)
        return try run.viewRenderer.render()
    }

    /// The Swift view's picture after the same events.
    static func swiftPicture(_ view: some View, _ events: [GestureEvent]) throws -> RGBAImage {
        let viewRenderer = try ViewRenderer(content: view, renderer: try GestureRun.renderer.get())
        let tracker = GestureTracker()
        for event in events { _ = try viewRenderer.deliver(event, tracker: tracker) }
        return try viewRenderer.render()
    }

    /// Renders both after `events`, expects the same pixels, and expects each (x, y) of
    /// `expected` to be its named colour.
    static func expectSame(_ source: String, _ view: some View, _ events: [GestureEvent],
                           _ expected: [(x: Int, y: Int, colour: String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = try filePicture(source, events)
        let swift = try swiftPicture(view, events)
        #expect(file.width == swift.width && file.height == swift.height, sourceLocation: sourceLocation)
        #expect(file.pixels == swift.pixels, "the view file and the Swift view differ", sourceLocation: sourceLocation)
        for point in expected {
            #expect(pixel(file, point.x, point.y) == colours[point.colour], "(\(point.x), \(point.y)) is not \(point.colour)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Binding(get:set:)

    /// A 40 × 20 switch, yellow when on, magenta when off, whose tap toggles its binding.
    static let switchView = """
        struct Switch: View {
            @Binding var on: Bool
            var body: some View {
                (on ? yellow : magenta).frame(width: 40, height: 20).onTapGesture { on.toggle() }
            }
        }
        """

    /// A 40 × 20 switch on top, yellow when on, magenta when off, whose tap toggles its binding;
    /// under it a 40 × 20 bar in the parent's colour for `count`: 0 black, 1 red, 2 green, else blue.
    static func switchBoard(_ binding: String) -> String {
        """
        struct Parent: View {
            @State var count = 0
            var isOdd: Bool { count % 2 == 1 }
            var body: some View {
                VStack(spacing: 0) {
                    Switch(on: \(binding))
                    (count == 0 ? black : count == 1 ? red : count == 2 ? green : blue).frame(width: 40, height: 20)
                }
            }
        }

        \(Self.switchView)

        Parent()
        """
    }

    struct SwiftSwitch: View {
        @Binding var on: Bool
        var body: some View {
            (on ? Color(red: 1, green: 1, blue: 0) : Color(red: 1, green: 0, blue: 1)).frame(width: 40, height: 20).onTapGesture { on.toggle() }
        }
    }

    struct SwiftParent: View {
        @State var count = 0
        let form: Int
        var isOdd: Bool { count % 2 == 1 }
        var colour: Color {
            count == 0 ? Color(red: 0, green: 0, blue: 0) : count == 1 ? Color(red: 1, green: 0, blue: 0)
                : count == 2 ? Color(red: 0, green: 1, blue: 0) : Color(red: 0, green: 0, blue: 1)
        }
        var binding: Binding<Bool> {
            switch form {
            case 0: return Binding(get: { isOdd }, set: { newValue in count = newValue ? 1 : 2 })
            case 1: return Binding { isOdd } set: { count = $0 ? 1 : 2 }
            case 2: return Binding(get: { count > 0 }, set: { _ in })
            case 3: return Binding<Bool>(get: { isOdd }, set: { count = $0 ? 3 : 0 })
            default: return .constant(false)
            }
        }
        var body: some View {
            VStack(spacing: 0) {
                SwiftSwitch(on: binding)
                colour.frame(width: 40, height: 20)
            }
        }
    }

    static let onSwitch = CGPoint(x: 20, y: 10)

    @Test func labelledClosuresReadAComputedPropertyAndWriteState() throws {
        // One tap: isOdd (false) toggled to true; the set closure makes count 1: the switch reads on, the bar is red.
        try Self.expectSame(Self.switchBoard("Binding(get: { isOdd }, set: { newValue in count = newValue ? 1 : 2 })"),
                            SwiftParent(form: 0), Self.events(taps: [Self.onSwitch]), [(20, 10, "yellow"), (20, 30, "red")])
    }

    @Test func trailingClosuresWithAnAnonymousParameter() throws {
        // Two taps: on (count 1), then off: count 2, even, so the switch reads off; the bar is green.
        try Self.expectSame(Self.switchBoard("Binding { isOdd } set: { count = $0 ? 1 : 2 }"),
                            SwiftParent(form: 1), Self.events(taps: [Self.onSwitch, Self.onSwitch]), [(20, 10, "magenta"), (20, 30, "green")])
        // Untouched, both read the initial state: off over black.
        try Self.expectSame(Self.switchBoard("Binding { isOdd } set: { count = $0 ? 1 : 2 }"),
                            SwiftParent(form: 1), [], [(20, 10, "magenta"), (20, 30, "black")])
    }

    @Test func aSetClosureThatIgnoresItsValueChangesNothing() throws {
        try Self.expectSame(Self.switchBoard("Binding(get: { count > 0 }, set: { _ in })"),
                            SwiftParent(form: 2), Self.events(taps: [Self.onSwitch, Self.onSwitch]), [(20, 10, "magenta"), (20, 30, "black")])
    }

    @Test func aSpecialisedBindingChecksItsGetClosure() throws {
        // One tap: set(true) makes count 3: odd, so on; the bar is blue.
        try Self.expectSame(Self.switchBoard("Binding<Bool>(get: { isOdd }, set: { count = $0 ? 3 : 0 })"),
                            SwiftParent(form: 3), Self.events(taps: [Self.onSwitch]), [(20, 10, "yellow"), (20, 30, "blue")])
    }

    // MARK: - Derived bindings

    /// A 60 × 10 white strip whose tap adds 10 to its binding, over a 60 × 10 black track with a
    /// 10 × 10 red marker offset by the parent's `board.spot.position.x`: the child is given a
    /// binding two user structs and a CGPoint deep.
    static let nudgeBoard = """
        struct Spot {
            var position: CGPoint
            let id: Int
            var area: Double { position.x * position.y }
        }

        struct Board {
            var spot: Spot
            var name = "board"
        }

        struct Parent: View {
            @State var board = Board(spot: Spot(position: CGPoint(x: 0, y: 0), id: 1))
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    Nudge(value: $board.spot.position.x)
                    ZStack(alignment: .topLeading) {
                        black.frame(width: 60, height: 10)
                        red.frame(width: 10, height: 10).offset(x: board.spot.position.x)
                    }
                }
            }
        }

        \(Self.nudgeView)

        Parent()
        """

    /// A 60 × 10 white strip whose tap adds 10 to its binding.
    static let nudgeView = """
        struct Nudge: View {
            @Binding var value: CGFloat
            var body: some View {
                white.frame(width: 60, height: 10).onTapGesture { value += 10 }
            }
        }
        """

    struct SwiftSpot {
        var position: CGPoint
        let id: Int
    }

    struct SwiftBoard {
        var spot: SwiftSpot
        var name = "board"
    }

    struct SwiftNudge: View {
        @Binding var value: CGFloat
        var body: some View {
            Color(red: 1, green: 1, blue: 1).frame(width: 60, height: 10).onTapGesture { value += 10 }
        }
    }

    struct SwiftNudgeParent: View {
        @State var board = SwiftBoard(spot: SwiftSpot(position: CGPoint(x: 0, y: 0), id: 1))
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                SwiftNudge(value: $board.spot.position.x)
                ZStack(alignment: .topLeading) {
                    Color(red: 0, green: 0, blue: 0).frame(width: 60, height: 10)
                    Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).offset(x: board.spot.position.x)
                }
            }
        }
    }

    @Test func aBindingToAMemberOfAStateStructWritesThatMember() throws {
        let tap = CGPoint(x: 30, y: 5)
        // Two taps: x is 20, the marker covers 20..<30 of the track; 0..<20 and 30..<60 stay black.
        try Self.expectSame(Self.nudgeBoard, SwiftNudgeParent(), Self.events(taps: [tap, tap]),
                            [(25, 15, "red"), (15, 15, "black"), (35, 15, "black"), (5, 5, "white")])
        try Self.expectSame(Self.nudgeBoard, SwiftNudgeParent(), [], [(5, 15, "red"), (15, 15, "black")])
    }

    /// Three 40 × 20 switches, each given a binding to one element of the parent's array, over a
    /// 120 × 20 bar: red when exactly one light is on, green when two are, else black.
    static let lights = """
        struct Parent: View {
            @State var lights = [false, false, false]
            var body: some View {
                VStack(spacing: 0) {
                    HStack(spacing: 0) {
                        ForEach(0..<3) { i in Switch(on: $lights[i]) }
                    }
                    (lights.filter { $0 }.count == 1 ? red : lights.filter { $0 }.count == 2 ? green : black).frame(width: 120, height: 20)
                }
            }
        }

        \(Self.switchView)

        Parent()
        """

    struct SwiftLights: View {
        @State var lights = [false, false, false]
        var body: some View {
            let on = lights.filter { $0 }.count
            VStack(spacing: 0) {
                HStack(spacing: 0) {
                    ForEach(0..<3) { i in SwiftSwitch(on: $lights[i]) }
                }
                (on == 1 ? Color(red: 1, green: 0, blue: 0) : on == 2 ? Color(red: 0, green: 1, blue: 0) : Color(red: 0, green: 0, blue: 0))
                    .frame(width: 120, height: 20)
            }
        }
    }

    @Test func aBindingToAnElementOfAStateArrayWritesThatElement() throws {
        // The middle switch tapped: only lights[1] is on.
        try Self.expectSame(Self.lights, SwiftLights(), Self.events(taps: [CGPoint(x: 60, y: 10)]),
                            [(20, 10, "magenta"), (60, 10, "yellow"), (100, 10, "magenta"), (60, 30, "red")])
        // The last, then the first: two on, the middle off.
        try Self.expectSame(Self.lights, SwiftLights(), Self.events(taps: [CGPoint(x: 100, y: 10), CGPoint(x: 20, y: 10)]),
                            [(20, 10, "yellow"), (60, 10, "magenta"), (100, 10, "yellow"), (60, 30, "green")])
    }

    struct SwiftAnimated: View {
        @State var flag = false
        var body: some View {
            VStack(spacing: 0) {
                SwiftSwitch(on: $flag.animation())
                (flag ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 0)).frame(width: 40, height: 20)
            }
        }
    }

    @Test func anAnimatedBindingWritesAsItsBindingDoes() throws {
        let source = """
            struct Parent: View {
                @State var flag = false
                var body: some View {
                    VStack(spacing: 0) {
                        Switch(on: $flag.animation())
                        (flag ? red : black).frame(width: 40, height: 20)
                    }
                }
            }

            \(Self.switchView)

            Parent()
            """
        try Self.expectSame(source, SwiftAnimated(), Self.events(taps: [Self.onSwitch]), [(20, 10, "yellow"), (20, 30, "red")])
    }

    struct SwiftPad: View {
        @Binding var offset: CGSize
        var body: some View {
            Color(red: 0, green: 0, blue: 0).frame(width: 80, height: 80)
                .gesture(DragGesture(minimumDistance: 0).onChanged { offset = $0.translation })
        }
    }

    struct SwiftDragParent: View {
        @State var offset = CGSize.zero
        var body: some View {
            ZStack(alignment: .topLeading) {
                SwiftPad(offset: $offset)
                Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).offset(offset)
            }
        }
    }

    @Test func aChildsDragWritesItsParentsStateThroughItsBinding() throws {
        // Dragged from (10, 10) to (40, 30): translation (30, 20), the marker covers 30..<40 × 20..<30.
        let drag = [CGPoint(x: 10, y: 10), CGPoint(x: 25, y: 20), CGPoint(x: 40, y: 30)]
        try Self.expectSame(ViewFixtures.dragPad, SwiftDragParent(), Self.events(taps: [], drag: drag),
                            [(35, 25, "red"), (5, 5, "black"), (45, 25, "black"), (35, 35, "black")])
    }

    /// `ForEach($lamps) { $lamp in }`: each column a switch given `$lamp.on` over a 40 × 10 strip,
    /// white when `lamp.on`, whose tap toggles `lamp.on` itself; under the row, a 120 × 20 bar:
    /// red when one lamp is on, green when two are, else black.
    static let lamps = """
        struct Lamp: Identifiable {
            let id: Int
            var on: Bool
        }

        struct Parent: View {
            @State var lamps = [Lamp(id: 1, on: false), Lamp(id: 2, on: true), Lamp(id: 3, on: false)]
            var body: some View {
                VStack(spacing: 0) {
                    HStack(spacing: 0) {
                        ForEach($lamps) { $lamp in
                            VStack(spacing: 0) {
                                Switch(on: $lamp.on)
                                (lamp.on ? white : black).frame(width: 40, height: 10).onTapGesture { lamp.on.toggle() }
                            }
                        }
                    }
                    (lamps.filter { $0.on }.count == 1 ? red : lamps.filter { $0.on }.count == 2 ? green : black).frame(width: 120, height: 20)
                }
            }
        }

        \(Self.switchView)

        Parent()
        """

    struct SwiftLamp: Identifiable {
        let id: Int
        var on: Bool
    }

    struct SwiftLamps: View {
        @State var lamps = [SwiftLamp(id: 1, on: false), SwiftLamp(id: 2, on: true), SwiftLamp(id: 3, on: false)]
        var body: some View {
            let on = lamps.filter { $0.on }.count
            VStack(spacing: 0) {
                HStack(spacing: 0) {
                    ForEach($lamps) { $lamp in
                        VStack(spacing: 0) {
                            SwiftSwitch(on: $lamp.on)
                            (lamp.on ? Color(red: 1, green: 1, blue: 1) : Color(red: 0, green: 0, blue: 0))
                                .frame(width: 40, height: 10).onTapGesture { lamp.on.toggle() }
                        }
                    }
                }
                (on == 1 ? Color(red: 1, green: 0, blue: 0) : on == 2 ? Color(red: 0, green: 1, blue: 0) : Color(red: 0, green: 0, blue: 0))
                    .frame(width: 120, height: 20)
            }
        }
    }

    @Test func forEachOverABindingGivesEachElementsBinding() throws {
        // Untouched: only the middle lamp is on.
        try Self.expectSame(Self.lamps, SwiftLamps(), [],
                            [(20, 10, "magenta"), (60, 10, "yellow"), (60, 25, "white"), (100, 25, "black"), (60, 40, "red")])
        // The middle switch turns its lamp off, the last strip turns its lamp on: one lamp on, the last.
        try Self.expectSame(Self.lamps, SwiftLamps(), Self.events(taps: [CGPoint(x: 60, y: 10), CGPoint(x: 100, y: 25)]),
                            [(20, 10, "magenta"), (60, 10, "magenta"), (100, 10, "yellow"),
                             (20, 25, "black"), (60, 25, "black"), (100, 25, "white"), (60, 40, "red")])
    }

    @Test func aBindingKeptInStateOutlivesTheEvaluationThatMadeIt() throws {
        // The state keeps the binding from the first frame; later frames, each a new evaluation, read it.
        let run = try GestureRun("""
            struct Keep: View {
                @State var kept = Binding(get: { 3 }, set: { _ in })
                var body: some View {
                    Color.red.frame(width: Double(kept.wrappedValue) * 10, height: 10)
                }
            }
            Keep()
            """)
        for time in [1.0, 2.0, 3.0] {
            #expect(try run.probe(height: 10, at: time).width == 30)
        }
    }

    /// A strip nudging `$gauge.whole`, a computed property whose setter halves what it is given
    /// into the stored `half`, over a track whose red marker is offset by `half`.
    static let gaugeBoard = """
        struct Gauge {
            var half: Double
            var whole: Double {
                get { half * 2 }
                set(value) { half = value / 2 }
            }
        }

        struct Parent: View {
            @State var gauge = Gauge(half: 0)
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    Nudge(value: $gauge.whole)
                    ZStack(alignment: .topLeading) {
                        black.frame(width: 60, height: 10)
                        red.frame(width: 10, height: 10).offset(x: gauge.half)
                    }
                }
            }
        }

        \(Self.nudgeView)

        Parent()
        """

    struct SwiftGauge {
        var half: CGFloat
        var whole: CGFloat {
            get { half * 2 }
            set(value) { half = value / 2 }
        }
    }

    struct SwiftGaugeParent: View {
        @State var gauge = SwiftGauge(half: 0)
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                SwiftNudge(value: $gauge.whole)
                ZStack(alignment: .topLeading) {
                    Color(red: 0, green: 0, blue: 0).frame(width: 60, height: 10)
                    Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).offset(x: gauge.half)
                }
            }
        }
    }

    @Test func aBindingToAComputedPropertyWritesThroughItsSetter() throws {
        let tap = CGPoint(x: 30, y: 5)
        // Three taps: whole 0 -> 10 -> 20 -> 30 through the getter and setter, half 15: the marker covers 15..<25.
        try Self.expectSame(Self.gaugeBoard, SwiftGaugeParent(), Self.events(taps: [tap, tap, tap]),
                            [(20, 15, "red"), (14, 15, "black"), (25, 15, "black")])
    }
}
