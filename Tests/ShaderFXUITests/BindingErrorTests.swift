import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXUI

/// A binding used wrongly is a located error saying what to do: at the get or set closure of a
/// `Binding(get:set:)` of the wrong shape, at the `$` of a property with no binding, at the
/// member of a derived binding that cannot be written, at the index of an element binding whose
/// element is gone when it is written. Each expected location is found in the source text.
@Suite struct BindingErrorTests {
    /// A parent with a `let`, state, a struct in state and a computed property, passing
    /// `argument` to a child's `@Binding var value: type`, which the child's body reads.
    static func misuse(_ argument: String, type: String = "Int") -> String {
        """
        struct Spot {
            var position: CGPoint
            let id: Int
            var area: Double { position.x * position.y }
        }

        struct Parent: View {
            let title = "A"
            @State var count = 0
            @State var spot = Spot(position: CGPoint(x: 0, y: 0), id: 1)
            var total: Int { count + 1 }
            var body: some View {
                Field(value: \(argument))
            }
        }

        struct Field: View {
            @Binding var value: \(type)
            var body: some View { Text("\\(value)") }
        }

        Parent()
        """
    }

    func summary(_ source: String) -> String {
        evaluationError(source, file: "Card.swift")?.summary ?? "no error"
    }

    @Test func aGetClosureOfTheWrongTypeFailsAtTheClosure() {
        let wrong = Self.misuse("Binding(get: { title }, set: { _ in })")
        #expect(summary(wrong) == "Card.swift:\(place(of: "{ title }", in: wrong)): error: the get closure of Binding(get:set:) gives String where a Binding<Int> is expected: return an Int from it")
        let specialised = Self.misuse("Binding<Int>(get: { spot }, set: { _ in })", type: "Double")
        #expect(summary(specialised) == "Card.swift:\(place(of: "{ spot }", in: specialised)): error: the get closure of Binding(get:set:) gives Spot where a Binding<Int> is expected: return an Int from it")
        let parameter = Self.misuse("Binding(get: { x in count }, set: { _ in })")
        #expect(summary(parameter) == "Card.swift:\(place(of: "{ x in", in: parameter)): error: the get closure of Binding(get:set:) takes no parameters (1 here): write get: { value }")
        // The right type, an Int widened where a Double is bound, passes.
        #expect(summary(Self.misuse("Binding(get: { count }, set: { count = Int($0) })", type: "Double")) == "no error")
        #expect(summary(Self.misuse("Binding { total } set: { _ in }")) == "no error")
    }

    @Test func aSetClosureWithTwoParametersFailsAtTheClosure() {
        let source = Self.misuse("Binding(get: { count }, set: { a, b in count = a })")
        #expect(summary(source) == "Card.swift:\(place(of: "{ a, b in", in: source)): error: the set closure of Binding(get:set:) takes one parameter, the new value (2 here): write set: { newValue in ... }, set: { x = $0 } or set: { _ in }")
        let missing = Self.misuse("Binding(get: { count })")
        #expect(summary(missing) == "Card.swift:\(place(of: "Binding(get:", in: missing)): error: 'Binding' needs a closure 'set:'")
    }

    @Test func aDollarOfAPropertyWithoutABindingFails() {
        let constant = Self.misuse("$title", type: "String")
        #expect(summary(constant) == "Card.swift:\(place(of: "$title", in: constant)): error: '$title': 'title' is a 'let' constant of Parent, which has no binding: declare it '@State var title' to own it, or '@Binding var title' to be given one (pass '.constant(title)' where a binding to a fixed value will do)")
        let computed = Self.misuse("$total")
        #expect(summary(computed) == "Card.swift:\(place(of: "$total", in: computed)): error: '$total': 'total' is a computed property of Parent without a setter, which has no binding: bind the stored @State it reads, or make one with Binding(get: { total }, set: { ... })")
    }

    @Test func aDerivedBindingToAMemberThatCannotBeWrittenFails() {
        let constant = Self.misuse("$spot.id")
        #expect(summary(constant) == "Card.swift:\(place(of: ".id)", in: constant)): error: 'id' is a 'let' of Spot: a binding to it needs a stored 'var' (declare 'var id')")
        let computed = Self.misuse("$spot.area", type: "Double")
        #expect(summary(computed) == "Card.swift:\(place(of: ".area)", in: computed)): error: 'area' is a computed property of Spot without a setter: bind a stored 'var' of Spot instead")
        let unknown = Self.misuse("$spot.position.z", type: "Double")
        #expect(summary(unknown) == "Card.swift:\(place(of: ".z)", in: unknown)): error: value of type CGPoint has no member 'z'")
        // The members that can be written pass: stored vars, a CGPoint's, a computed property's with a setter.
        let settable = Self.misuse("$spot.area", type: "Double").replacingOccurrences(of: "var area: Double { position.x * position.y }",
                                                                                     with: "var area: Double { get { position.x * position.y } set { position.x = newValue } }")
        #expect(summary(settable) == "no error")
        #expect(summary(Self.misuse("$spot.position.x", type: "Double")) == "no error")
        #expect(summary(Self.misuse("$spot.position", type: "CGPoint")) == "no error")
    }

    @Test func anElementGoneWhenItsBindingIsWrittenFailsAtTheIndex() throws {
        let source = ViewFixtures.elementGone
        let run = try GestureRun(source)
        #expect {
            try run.tap(20, 20, at: 0.1)
        } throws: { error in
            (error as? ViewFileError)?.summary == "Touch.swift:\(place(of: "1])", in: source)): error: index 1 out of range when written through this binding (the array has 1 elements now): bind only indices the array has (ForEach(items.indices)), or remove elements after their last write"
        }
        // Read when it is gone, the element binding fails at the same index.
        let read = source.replacingOccurrences(of: "@State var items = [1, 2]", with: "@State var items = [1]")
            .replacingOccurrences(of: "var body: some View {\n        Color.red", with: "var body: some View {\n        Color.red.opacity(Double(value))")
        #expect(evaluationError(read, file: "Touch.swift")?.summary == "Touch.swift:\(place(of: "1])", in: read)): error: index 1 out of range (the array has 1 elements)")
    }

    @Test func aDollarParameterTakesOnlyABinding() {
        let source = """
            struct Row: View {
                @State var items = [1, 2]
                var body: some View {
                    ForEach(items, id: \\.self) { $item in Text("\\(item)") }
                }
            }
            Row()
            """
        #expect(summary(source) == "Card.swift:\(place(of: "ForEach", in: source)): error: '$item' is given Int: a '$' parameter takes a binding (ForEach($items) { $item in ... })")
    }
}
