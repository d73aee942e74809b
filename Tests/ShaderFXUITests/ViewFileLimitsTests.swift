import Foundation
import Testing
@testable import ShaderFXUI

/// The sizes a fuzzer reaches in view files (docs/FUZZING.md, Limits): each ends in a located
/// error or a result, quickly, never a hang.
@Suite struct ViewFileLimitsTests {
    /// An unknown name next to another long name: the "did you mean" comparison costs the product
    /// of the lengths, so names past `TextUtilities.comparedLength` characters are not compared.
    @Test func longUnknownNamesFailAtOnce() throws {
        let known = "a" + String(repeating: "x", count: 60_000)
        let typed = "b" + String(repeating: "x", count: 60_000)
        let program = try ViewFileProgram(source: "let \(known) = 1\nColor.red.opacity(Double(\(typed)))", file: "Long.swift")
        let started = ContinuousClock.now
        #expect {
            try program.makeView()
        } throws: { error in
            "\(error)".contains("unknown") && !"\(error)".contains("did you mean")
        }
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    /// Names up to the compared length still get their suggestion.
    @Test func namesWithinTheComparedLengthAreSuggested() throws {
        let known = String(repeating: "y", count: 200) + "count"
        let typed = String(repeating: "y", count: 200) + "cuont"
        let program = try ViewFileProgram(source: "let \(known) = 1\nColor.red.opacity(Double(\(typed)))", file: "Near.swift")
        #expect { try program.makeView() } throws: { "\($0)".contains("did you mean '\(known)'") }
    }

    /// A string literal of a mebibyte is a value like any other; an integer literal past Int is an error.
    @Test func literalSizes() throws {
        let text = String(repeating: "é", count: 1 << 19)
        let program = try ViewFileProgram(source: "let s = \"\(text)\"\nColor.red.opacity(Double(s.count) / Double(s.count))", file: "Big.swift")
        _ = try program.makeView()
        let digits = String(repeating: "9", count: 10_000)
        let error = viewFileErrorOrEvaluation("Color.red.opacity(Double(\(digits)))")
        #expect(error != nil, "a literal past Int.max is refused")
    }

    /// A file that runs more than `Evaluation.maximumSteps` statements is stopped with an error
    /// at the statement past the budget (each loop alone stays under its iteration limit).
    @Test func theStepBudgetStopsAnEvaluation() throws {
        let source = """
            func count() -> Int {
                var n = 0
                for i in 0..<3000 {
                    for j in 0..<3000 { n += 1 }
                }
                return n
            }
            Color.red.opacity(Double(count()))
            """
        let error = try #require(viewFileErrorOrEvaluation(source))
        #expect(error.message.contains("ran more than \(Evaluation.maximumSteps) statements"), "\(error)")
    }

    /// A compiled view whose body contains itself: resolution stops at `ResolveContext.maxDepth`
    /// levels with an error, on a stack the size of a command's main thread (8 MiB) in a debug build.
    @Test func aViewThatContainsItselfIsAnError() {
        struct Nest: View {
            let n: Int
            var body: some View { n > 0 ? AnyView(Nest(n: n - 1)) : AnyView(Color.red) }
        }
        let message = LargeStack.run(stackSize: 8 << 20) { () -> String? in
            do { _ = try viewLayout(Nest(n: 100_000)); return nil } catch { return "\(error)" }
        }
        #expect(message?.contains("views are nested more than \(ResolveContext.maxDepth) deep") == true, "\(String(describing: message))")
    }

    /// The parse's or the evaluation's error, whichever comes first; nil when both succeed.
    private func viewFileErrorOrEvaluation(_ source: String) -> ViewFileError? {
        do {
            _ = try ViewFileProgram(source: source, file: "Literal.swift").makeView()
            return nil
        } catch {
            return error
        }
    }
}
