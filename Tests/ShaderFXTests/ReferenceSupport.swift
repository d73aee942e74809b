import Testing
import ShaderFXTesting

/// The project's own reference tests: `try expectImage(image, matches: "Folder/name")` compares
/// with `Tests/ShaderFXTests/References/Folder/name.png` through ShaderFXTesting's helper, with
/// ``ComparisonOptions/renderingNoise`` (a delta of 0.01: one or two 8-bit levels of rendering
/// noise, anti-aliased edges not excused). A missing reference is recorded on a developer's
/// machine, `SHADERFX_RECORD=1` re-records, nothing is recorded when CI is set; look at every
/// recorded PNG before committing it. Failures leave reference, actual and difference PNGs in
/// `artifacts/` (or `SHADERFX_ARTIFACTS`).
func expectImage(_ image: RGBAImage, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try ShaderFXTesting.expectImage(image, matches: name, tolerance: .renderingNoise, in: .beside("References"),
                                    sourceLocation: sourceLocation)
}
