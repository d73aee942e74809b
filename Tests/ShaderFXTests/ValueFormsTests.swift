import Testing
import ShaderFX

/// The one reader of each value form a user types (`ValueForms`), table-tested: what each
/// accepts and what it refuses. The command line, ParameterValues, --arg, golden cases and
/// batch jobs all read through these, so a form is accepted or refused alike everywhere.
@Suite("Value forms")
struct ValueFormsTests {
    @Test(arguments: [
        ("1,2", SIMD2<Float>(1, 2)), ("-5,10", SIMD2(-5, 10)), (" 1.5 , -2.25 ", SIMD2(1.5, -2.25)), ("1e2,0", SIMD2(100, 0)),
    ])
    func pointsAccepted(_ text: String, _ point: SIMD2<Float>) {
        #expect(ValueForms.point(text) == point)
        #expect(ValueForms.coordinates(text) == SIMD2(Double(point.x), Double(point.y)))
    }

    @Test(arguments: ["1,,2", "1,", ",2", ",", "", "1", "1,2,3", "a,b", "1,nan", "inf,1", "1,1e39", "1;2", "1 2"])
    func pointsRefused(_ text: String) {
        #expect(ValueForms.point(text) == nil, "'\(text)'")
        if text != "1,1e39" { #expect(ValueForms.coordinates(text) == nil, "'\(text)'") }  // 1e39 is a finite Double
    }

    @Test func numberListsRefuseEmptyPartsAndCountsOutside() {
        #expect(ValueForms.numbers("1,2.5,-3") == [1, 2.5, -3])
        #expect(ValueForms.numbers("7") == [7])
        for text in ["1,,2", "1,2,", ",1", "", "x", "1,inf"] { #expect(ValueForms.numbers(text) == nil, "'\(text)'") }
        #expect(ValueForms.numbers("1,2,3", count: 2...2) == nil)
        #expect(ValueForms.numbers("1,2,3,4", count: 4...4) == [1, 2, 3, 4])
    }

    @Test(arguments: [("512x384", SIMD2(512, 384)), ("1X1", SIMD2(1, 1)), ("16384x16384", SIMD2(16384, 16384))])
    func sizesAccepted(_ text: String, _ size: SIMD2<Int>) {
        #expect(ValueForms.size(text) == size)
    }

    @Test(arguments: ["512xx384", "x384", "512x", "512", "0x10", "10x0", "16385x1", "-1x5", "1.5x2", "512x384x2", "", "axb"])
    func sizesRefused(_ text: String) {
        #expect(ValueForms.size(text) == nil, "'\(text)'")
    }

    @Test func durationsAreFiniteAndNotNegative() {
        #expect(ValueForms.duration("2") == 2)
        #expect(ValueForms.duration("0") == 0)
        #expect(ValueForms.duration("0.25") == 0.25)
        for text in ["-1", "", "inf", "nan", "1s", "1,2"] { #expect(ValueForms.duration(text) == nil, "'\(text)'") }
    }

    @Test func sampleOffsetsAreOneOrTwoNumbersNotNegative() {
        #expect(ValueForms.sampleOffset("4") == SIMD2(4, 4))
        #expect(ValueForms.sampleOffset("4,2") == SIMD2(4, 2))
        for text in ["4,,2", "4,", ",2", "-1", "1,2,3", "", "x"] { #expect(ValueForms.sampleOffset(text) == nil, "'\(text)'") }
    }

    @Test func integersAndSwitches() {
        #expect(ValueForms.integer(" 12 ") == 12)
        #expect(ValueForms.integer("1.5") == nil)
        #expect(ValueForms.bool("Yes") == true && ValueForms.bool("off") == false && ValueForms.bool("maybe") == nil)
    }

    /// A built-in effect's parameters read points through the same reader: `1,,2` is refused.
    @Test func parameterValuesReadPointsThroughTheOneReader() throws {
        #expect(try ParameterValues(["origin": "1,2"]).point("origin", .zero) == SIMD2(1, 2))
        for text in ["1,,2", "1,", ",2"] {
            let error = #expect(throws: ParameterError.self) { try ParameterValues(["origin": text]).point("origin", .zero) }
            #expect(error?.parameter == "origin")
        }
        #expect(throws: ParameterError.self) { try Ripple(values: ParameterValues(["origin": "1,,2"])) }
    }
}
