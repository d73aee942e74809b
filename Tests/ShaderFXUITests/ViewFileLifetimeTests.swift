import Foundation
import Testing
@testable import ShaderFXUI

/// What an evaluated view file holds lives as long as its view, and no longer (found by
/// `make fuzz`'s View target, docs/FUZZING.md): a closure keeps the scope it was made in and a
/// scope keeps the closures in its variables, a cycle the evaluation breaks when its view is let go.
@Suite struct ViewFileLifetimeTests {
    /// Weak references to one evaluation's parts.
    private final class Watch {
        weak var globals: Scope?
        weak var program: ViewFileProgram?
    }

    /// Evaluates `source` and lays its view out (which runs the closures the API calls later),
    /// watching the evaluation's globals and the program; everything is let go on return.
    private func evaluate(_ source: String, _ watch: Watch) throws {
        let program = try ViewFileProgram(source: source, file: "Lifetime.swift")
        let view = try program.makeView()
        let root = try #require(view.view as? EvaluatedView)
        watch.globals = root.lease.evaluation.globals
        watch.program = program
        _ = try viewLayout(view, ProposedViewSize(width: 200, height: 100))
        #expect(watch.globals != nil, "the view still holds its evaluation")
    }

    @Test(arguments: [
        // A top-level closure: kept in the global scope it captures.
        "let big = Array(0..<1000)\nlet f = { (x: Int) in big.count + x }\nColor.red.frame(width: CGFloat(f(1) % 100))",
        // A local function kept in the scope of the call that made it, which it captures.
        """
        func makeCounter() -> () -> Int {
            var count = 0
            func next() -> Int { count += 1; return count }
            return next
        }
        let counter = makeCounter()
        Color.red.frame(width: CGFloat(counter() + counter()))
        """,
        // A closure the API calls during layout.
        "GeometryReader { proxy in Color.red.frame(width: proxy.size.width / 2) }",
        // A local function that calls itself, and a struct's method and body.
        """
        struct Row: View {
            let n: Int
            func label() -> String { "row \\(n)" }
            var body: some View { Text(label()) }
        }
        func rows(_ n: Int) -> [Int] { n == 0 ? [] : rows(n - 1) + [n] }
        VStack { ForEach(rows(3), id: \\.self) { Row(n: $0) } }
        """,
    ])
    func anEvaluationIsFreedWithItsView(source: String) throws {
        let watch = Watch()
        try evaluate(source, watch)
        #expect(watch.globals == nil, "the evaluation's global scope outlived its view")
        #expect(watch.program == nil, "the program outlived its view")
    }

    /// A failed evaluation frees what it made at once: here a global view whose closure keeps
    /// the evaluation, and so the program, while the globals keep the view.
    @Test func aFailedEvaluationIsFreed() throws {
        weak var weakProgram: ViewFileProgram?
        try {
            let source = "let g = GeometryReader { proxy in Color.red }\nlet zero = 0\nText(\"\\(1 / zero)\")"
            let program = try ViewFileProgram(source: source, file: "Fails.swift")
            weakProgram = program
            #expect(throws: ViewFileError.self) { try program.makeView() }
        }()
        #expect(weakProgram == nil)
    }
}

/// State kept between evaluations (a run of `animate`) outlives the evaluation that made it.
@Suite struct ViewFileSessionLifetimeTests {
    @Test func aClosureKeptInStateStillSeesTheFile() throws {
        let source = """
            let step = 3
            struct Counter: View {
                @State var steps = [{ (x: Int) in x + step }]
                var body: some View { Color.red.frame(width: CGFloat(steps[0](1))) }
            }
            Counter()
            """
        let program = try ViewFileProgram(source: source, file: "State.swift")
        let session = ViewFileSession()
        for time in [0.0, 0.5] {
            let view = try program.makeView(settings: ViewFileSettings(time: time, session: session))
            let layout = try viewLayout(view, ProposedViewSize(width: 200, height: 100))
            #expect(layout.size.width == 4, "frame(width: steps[0](1)) is 1 + step")
        }
    }
}
