import Testing
@testable import ShaderFXCore

/// One reading of `maxSampleOffset` text, shared by `--max-sample-offset` and golden cases.
@Suite("maxSampleOffset text")
struct SampleOffsetTests {
    @Test("W is both axes; W,H each; whitespace around numbers is allowed", arguments: [
        ("12", SIMD2<Float>(12, 12)), ("0", SIMD2<Float>(0, 0)), ("3,4.5", SIMD2<Float>(3, 4.5)), (" 2 , 7 ", SIMD2<Float>(2, 7)),
    ])
    func accepted(_ text: String, _ expected: SIMD2<Float>) {
        #expect(ValueForms.sampleOffset(text) == expected)
    }

    @Test("negative, non-finite, empty, extra parts and words are refused",
          arguments: ["-1", "1,-2", "nan", "inf", "1e40", "", ",", "1,", ",1", "1,2,3", "wide"])
    func refused(_ text: String) {
        #expect(ValueForms.sampleOffset(text) == nil)
    }
}
