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
