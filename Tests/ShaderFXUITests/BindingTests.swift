import Foundation
import Testing
@testable import ShaderFXUI

/// `$state` passed to a child's `@Binding`: what the child's handler writes is the parent's
/// state, read by the parent's next evaluation. Each view sizes a probe by the value it reads
/// (width value + 1), so every expectation is a number the test states.
@Suite(.serialized) struct BindingTests {
    /// A 3-pt-high probe the parent sizes by its state, above a 100 × 40 child whose tap adds
    /// one to its binding and which sizes a 5-pt-high probe by what it reads.
    static func family(child: String, passing argument: String) -> String {
        """
        struct Parent: View {
            @State var taps = 0
            var body: some View {
                VStack(spacing: 0) {
                    Color.blue.frame(width: Double(taps) + 1, height: 3)
                    \(child)(count: \(argument))
                }
            }
        }

        struct Counter: View {
            @Binding var count: Int
            var body: some View {
                VStack(spacing: 0) {
                    Color.green.frame(width: Double(count) + 1, height: 5)
                    Color.red.frame(width: 100, height: 40).onTapGesture { count += 1 }
                }
            }
        }

        struct Reader: View {
            @Binding var count: Int
            @State var seen = -1
            var body: some View {
                VStack(spacing: 0) {
                    Color.green.frame(width: Double(seen) + 2, height: 5)
                    Color.red.frame(width: 100, height: 40).onTapGesture {
                        count += 1
                        seen = count
                    }
                }
            }
        }

        struct Relay: View {
            @Binding var count: Int
            var body: some View { Counter(count: $count) }
        }

        struct Explicit: View {
            @Binding var count: Int
            init(count: Binding<Int>) { _count = count }
            var body: some View { Counter(count: $count) }
        }

        Parent()
        """
    }

    /// (parent's probe width, child's probe width) after `taps` taps on the child.
    static func widths(_ source: String, taps: Int) throws -> (parent: CGFloat, child: CGFloat) {
        let run = try GestureRun(source)
        for k in 0..<taps {
            #expect(try run.tap(50, 30, at: 0.1 * Double(k + 1)) == 1)
        }
        return (try run.probe(height: 3).width, try run.probe(height: 5).width)
    }

    @Test func aChildsHandlerWritesItsParentsStateThroughTheBinding() throws {
        let widths = try Self.widths(Self.family(child: "Counter", passing: "$taps"), taps: 2)
        #expect(widths.parent == 3)
        #expect(widths.child == 3)
    }

    @Test func aBindingPassedOnReachesTheStateItCameFrom() throws {
        // Parent -> Relay(@Binding) -> Counter(@Binding): the tap two levels down counts above.
        let relayed = try Self.widths(Self.family(child: "Relay", passing: "$taps"), taps: 3)
        #expect(relayed.parent == 4 && relayed.child == 4)
        // An initialiser storing the binding itself (`_count = count`) keeps it a binding.
        let explicit = try Self.widths(Self.family(child: "Explicit", passing: "$taps"), taps: 1)
        #expect(explicit.parent == 2 && explicit.child == 2)
    }

    @Test func aConstantBindingReadsItsValueAndIgnoresWrites() throws {
        let implicit = try Self.widths(Self.family(child: "Counter", passing: ".constant(5)"), taps: 2)
        #expect(implicit.parent == 1 && implicit.child == 6)
        let explicit = try Self.widths(Self.family(child: "Counter", passing: "Binding.constant(4)"), taps: 1)
        #expect(explicit.parent == 1 && explicit.child == 5)
        // Read back in the handler that wrote it, the constant is still 5 (seen + 2 = 7 wide).
        let reread = try Self.widths(Self.family(child: "Reader", passing: ".constant(5)"), taps: 1)
        #expect(reread.parent == 1 && reread.child == 7)
        // And a real binding reads back what was written (1 + 2 = 3 wide).
        let bound = try Self.widths(Self.family(child: "Reader", passing: "$taps"), taps: 1)
        #expect(bound.parent == 2 && bound.child == 3)
    }

    @Test func aBindingsStorageTakesOnlyABinding() throws {
        let source = """
            struct Bad: View {
                @Binding var count: Int
                init(count: Int) { _count = count }
                var body: some View { Color.red }
            }
            Bad(count: 3)
            """
        let program = try ViewFileProgram(source: source, file: "Bad.swift")
        #expect {
            _ = try program.makeView(settings: ViewFileSettings())
        } throws: { error in
            "\(error)".contains("Bad.swift:3:24: error: '_count' is the storage of @Binding 'count': give it a binding")
        }
    }

    // MARK: - The Swift API

    struct SwiftCounter: View {
        @Binding var count: Int
        var body: some View {
            VStack(spacing: 0) {
                Color.green.frame(width: CGFloat(count) + 1, height: 5)
                Color.red.frame(width: 100, height: 40).onTapGesture { count += 1 }
            }
        }
    }

    struct SwiftParent: View {
        @State var taps = 0
        var constant: Int?
        var body: some View {
            VStack(spacing: 0) {
                Color.blue.frame(width: CGFloat(taps) + 1, height: 3)
                SwiftCounter(count: constant.map { .constant($0) } ?? $taps)
            }
        }
    }

    /// (parent's probe width, child's probe width) after `taps` taps delivered to `view`.
    static func widths(_ view: SwiftParent, taps: Int) throws -> (parent: CGFloat, child: CGFloat) {
        let viewRenderer = try ViewRenderer(content: view, renderer: try GestureRun.renderer.get())
        let tracker = GestureTracker()
        for k in 0..<taps {
            let event = GestureEvent(time: 0.1 * Double(k + 1), location: CGPoint(x: 50, y: 30), kind: .tap)
            #expect(try viewRenderer.deliver(event, tracker: tracker) == 1)
        }
        let (_, result) = try viewRenderer.layout()
        func width(_ height: CGFloat) -> CGFloat { result.root.all.last { $0.exactFrame.height == height }?.exactFrame.width ?? -1 }
        return (width(3), width(5))
    }

    @Test func inSwiftABindingWritesTheStatesStorage() throws {
        let bound = try Self.widths(SwiftParent(), taps: 2)
        #expect(bound.parent == 3 && bound.child == 3)
        let constant = try Self.widths(SwiftParent(constant: 5), taps: 2)
        #expect(constant.parent == 1 && constant.child == 6)
    }
}
