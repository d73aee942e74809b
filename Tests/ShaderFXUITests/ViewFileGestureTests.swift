import Foundation
import Testing
@testable import ShaderFXUI

/// A view file run as `animate --view` runs it: one session of state, each touch delivered to
/// the tree evaluated at the touch's time. What the handlers did is read back from the layout
/// (the views size themselves by the state), so each expectation is a number the test states.
final class GestureRun {
    let program: ViewFileProgram
    let session = ViewFileSession()
    let tracker = GestureTracker()
    let viewRenderer: ViewRenderer<AnyView>
    static let renderer = Result { try Renderer() }

    init(_ source: String) throws {
        program = try ViewFileProgram(source: source, file: "Touch.swift")
        viewRenderer = try ViewRenderer(content: AnyView(EmptyView()), renderer: try Self.renderer.get())
        try evaluate(at: 0)
    }

    func evaluate(at time: Double) throws {
        viewRenderer.content = try program.makeView(settings: ViewFileSettings(time: time, session: session))
        viewRenderer.time = time
    }

    /// Delivers `events`, each on the view evaluated at its time; the handlers run in all.
    @discardableResult
    func deliver(_ events: [GestureEvent]) throws -> Int {
        var ran = 0
        for event in events {
            try evaluate(at: event.time)
            ran += try viewRenderer.deliver(event, tracker: tracker)
            if let error = program.handlerError { throw error }
        }
        return ran
    }

    func tap(_ x: Double, _ y: Double, at time: Double = 0) throws -> Int {
        try deliver([GestureEvent(time: time, location: CGPoint(x: x, y: y), kind: .tap)])
    }

    func drag(_ points: [(Double, Double, Double)]) throws -> Int {
        try deliver(GestureEvent.timeline(taps: [], drags: [points.map { (CGPoint(x: $0.0, y: $0.1), $0.2) }]))
    }

    /// The frame of the one node of `height` points (the probe a test's view sizes by its state).
    func probe(height: CGFloat, at time: Double = 1) throws -> CGRect {
        try evaluate(at: time)
        let (_, result) = try viewRenderer.layout()
        // The innermost such node: the view itself, where an offset has moved it.
        let found = result.root.all.filter { $0.exactFrame.height == height }.map(\.exactFrame)
        guard let first = found.last else { throw ViewError("no node \(height) pt high") }
        return first
    }
}

@Suite(.serialized) struct ViewFileGestureTests {
    /// A 100 × 40 board, 20 pt inside the root, whose tap moves a 7-pt-high probe to the tap's
    /// x (in the board's coordinates) and widens a 3-pt-high one by one per tap.
    static let board = """
        struct Board: View {
            @State var x = 0.0
            @State var taps = 0
            var body: some View {
                ZStack(alignment: .topLeading) {
                    Color.white
                    Color.red.frame(width: 10, height: 7).offset(x: x)
                    Color.blue.frame(width: Double(taps) + 1, height: 3).offset(y: 20)
                }
                .frame(width: 100, height: 40)
                .onTapGesture { location in
                    x = location.x
                    taps += 1
                }
                .padding(20)
            }
        }
        """

    @Test func aTapHandlerSettingStateMovesWhatLaterFramesDraw() throws {
        let run = try GestureRun(Self.board)
        #expect(try run.probe(height: 7).minX == 20)
        #expect(try run.tap(70, 40, at: 0.5) == 1)
        // (70, 40) in the root is (50, 20) in the board: the probe moves to 20 + 50.
        #expect(try run.probe(height: 7).minX == 70)
        #expect(try run.probe(height: 3).width == 2)
    }

    @Test func stateLastsForTheRun() throws {
        let run = try GestureRun(Self.board)
        _ = try run.tap(30, 30, at: 0.1)
        _ = try run.tap(90, 30, at: 1)
        _ = try run.tap(40, 30, at: 2)
        // Three taps, each evaluated anew: the count and the last x are kept.
        #expect(try run.probe(height: 3, at: 3).width == 4)
        #expect(try run.probe(height: 7, at: 3).minX == 40)
    }

    @Test func touchesOutsideEveryHandlersFrameChangeNothing() throws {
        let run = try GestureRun(Self.board)
        // The padding around the board, and beyond the root.
        #expect(try run.tap(10, 10) == 0)
        #expect(try run.tap(125, 50, at: 0.5) == 0)
        #expect(try run.drag([(70, 40, 1), (80, 45, 1.1)]) == 0)
        #expect(try run.probe(height: 7).minX == 20)
        #expect(try run.probe(height: 3).width == 1)
    }

    static let dragCounter = """
        struct Pad: View {
            @State var changes = 0
            @State var ends = 0
            @State var lastX = 0.0
            @State var travel = 0.0
            var body: some View {
                VStack(spacing: 0) {
                    Color.red.frame(width: Double(changes) + 1, height: 5)
                    Color.green.frame(width: Double(ends) + 1, height: 6)
                    Color.blue.frame(width: lastX + 1, height: 7)
                    Color.gray.frame(width: travel + 1, height: 8)
                }
                .frame(width: 200, height: 200)
                .gesture(DragGesture(minimumDistance: MINIMUM)
                    .onChanged { value in
                        changes += 1
                        lastX = value.location.x
                    }
                    .onEnded { value in
                        ends += 1
                        travel = value.translation.width
                    })
            }
        }
        """

    @Test func aDragRunsOnChangedAtEachPointAndOnEndedAtTheLast() throws {
        let run = try GestureRun(Self.dragCounter.replacingOccurrences(of: "MINIMUM", with: "0"))
        #expect(try run.drag([(10, 10, 0.1), (20, 10, 0.2), (40, 12, 0.3), (55, 20, 0.4)]) == 4)
        #expect(try run.probe(height: 5).width == 5)
        #expect(try run.probe(height: 6).width == 2)
        #expect(try run.probe(height: 7).width == 56)
        #expect(try run.probe(height: 8).width == 46)
    }

    @Test func aDragBeginsOnceItHasMovedItsMinimumDistance() throws {
        let run = try GestureRun(Self.dragCounter.replacingOccurrences(of: "MINIMUM", with: "25"))
        // 0, 10 and 20 pt from the start: not yet; 30 and 45: changed twice, then ended.
        _ = try run.drag([(10, 10, 0.1), (20, 10, 0.2), (30, 10, 0.3), (40, 10, 0.4), (55, 10, 0.5)])
        #expect(try run.probe(height: 5).width == 3)
        #expect(try run.probe(height: 6).width == 2)
        // A drag that never goes far enough runs nothing, not even onEnded.
        _ = try run.drag([(100, 100, 1), (110, 100, 1.1)])
        #expect(try run.probe(height: 6).width == 2)
    }

    @Test func aTapReachesADragOfMinimumDistanceZero() throws {
        let run = try GestureRun(Self.dragCounter.replacingOccurrences(of: "MINIMUM", with: "0"))
        #expect(try run.tap(30, 30) == 1)
        #expect(try run.probe(height: 5).width == 2)
        #expect(try run.probe(height: 6).width == 2)
    }

    @Test func anObjectInStateKeepsWhatItsMethodsChange() throws {
        let source = """
            import Observation
            @Observable
            final class Counter {
                private(set) var count = 0
                private let start = Date()
                var lastAge = 0.0
                func bump() {
                    count += 1
                    lastAge = Date().timeIntervalSince(start)
                }
            }
            struct Tapper: View {
                @State private var counter = Counter()
                var body: some View {
                    TimelineView(.animation) { context in
                        VStack(spacing: 0) {
                            Color.red.frame(width: Double(counter.count) + 1, height: 5)
                            Color.green.frame(width: counter.lastAge * 100 + 1, height: 6)
                            Color.blue.frame(width: context.date.timeIntervalSince(Date()) + 1, height: 7)
                        }
                    }
                    .frame(width: 300, height: 100)
                    .onTapGesture { counter.bump() }
                }
            }
            """
        let run = try GestureRun(source)
        _ = try run.tap(5, 5, at: 0.25)
        _ = try run.tap(5, 5, at: 0.75)
        // The object is the same across frames and handlers (reference semantics), and `Date()`
        // in a handler is the tap's time since the object was made at time 0.
        #expect(try run.probe(height: 5).width == 3)
        #expect(abs(try run.probe(height: 6).width - 76) < 1e-9)
        // `Date()` in a body is the frame's time, as the TimelineView's date is.
        #expect(try run.probe(height: 7, at: 1.5).width == 1)
    }

    @Test func priorityDecidesWhichHandlersRun() throws {
        func source(_ outer: String) -> String {
            """
            struct Nest: View {
                @State var inner = 0
                @State var outer = 0
                var body: some View {
                    VStack(spacing: 0) {
                        Color.red.frame(width: Double(inner) + 1, height: 5)
                        Color.green.frame(width: Double(outer) + 1, height: 6)
                        Color.gray.frame(width: 50, height: 50).onTapGesture { inner += 1 }
                    }
                    .\(outer)(TapGesture().onEnded { outer += 1 })
                }
            }
            """
        }
        // The inner view's gesture wins over its parent's; a simultaneous one runs beside it;
        // a high-priority one wins over it.
        let cases: [(String, Int, Int)] = [("gesture", 2, 1), ("simultaneousGesture", 2, 2), ("highPriorityGesture", 1, 2)]
        for (modifier, inner, outer) in cases {
            let run = try GestureRun(source(modifier))
            _ = try run.tap(25, 40)
            #expect(try run.probe(height: 5).width == CGFloat(inner), "\(modifier)")
            #expect(try run.probe(height: 6).width == CGFloat(outer), "\(modifier)")
        }
    }

    @Test func aHandlerThatFailsIsALocatedError() throws {
        let source = """
            struct Broken: View {
                @State var items = [1, 2]
                var body: some View {
                    Color.red.frame(width: 20, height: 20)
                        .onTapGesture { _ = items[5] }
                }
            }
            """
        let run = try GestureRun(source)
        #expect(throws: ViewFileError.self) { try run.tap(5, 5) }
        let error = try #require(run.program.handlerError)
        #expect(error.description.contains("Touch.swift:\(place(of: "5]", in: source))"), "\(error)")
    }

    @Test func anUnsupportedGestureMethodIsALocatedError() throws {
        let source = """
            Color.red.frame(width: 20, height: 20)
                .gesture(DragGesture().onChanged { _ in }.sequenced(before: TapGesture()))
            """
        let error = try #require(evaluationError(source))
        #expect(error.description.contains("Test.swift:\(place(of: ".sequenced", in: source))"), "\(error)")
        #expect(error.description.contains("DragGesture.sequenced is not supported"), "\(error)")
    }

    @Test func withoutASessionEachEvaluationStartsFromTheInitialState() throws {
        let program = try ViewFileProgram(source: Self.board, file: "Touch.swift")
        let viewRenderer = try ViewRenderer(content: try program.makeView(), renderer: try GestureRun.renderer.get())
        #expect(try viewRenderer.deliver(GestureEvent(time: 0, location: CGPoint(x: 70, y: 40), kind: .tap), tracker: GestureTracker()) == 1)
        viewRenderer.content = try program.makeView()
        let (_, result) = try viewRenderer.layout()
        #expect(result.root.all.last { $0.exactFrame.height == 7 }?.exactFrame.minX == 20)
    }
}
