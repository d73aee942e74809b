import Foundation
import Testing
@testable import ShaderFX

/// Reference images live beside the tests, in `Tests/ShaderFXTests/References/`.
enum References {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")
    /// Where failing comparisons leave reference, actual and difference PNGs.
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("artifacts/references")

    /// Records instead of comparing when SHADERFX_RECORD=1, never when CI is set.
    static var recording: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["SHADERFX_RECORD"] == "1" && env["CI"] == nil
    }
}

/// Compares `image` with the reference PNG `name` (a path below References/, without ".png"):
/// equal sizes, and every channel within `tolerance` 8-bit levels after PNG quantisation.
/// Records it when SHADERFX_RECORD=1 (look at the recorded file before committing it);
/// a missing reference fails. On failure, writes reference, actual and difference PNGs to
/// artifacts/references/.
func expectImage(_ image: RGBAImage, matches name: String, tolerance: Int = 2,
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = References.folder.appendingPathComponent(name + ".png")
    if References.recording {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNG.write(image, to: url.path)
        return
    }
    guard FileManager.default.fileExists(atPath: url.path) else {
        Issue.record("no reference image \(url.path); record it with SHADERFX_RECORD=1 and look at it", sourceLocation: sourceLocation)
        return
    }
    let reference = try PNG.read(path: url.path)
    let actual = try PNG.decode(PNG.encode(image), name: name)  // quantised as a written file would be
    guard reference.width == actual.width, reference.height == actual.height else {
        Issue.record("\(name): size \(actual.width)x\(actual.height), reference \(reference.width)x\(reference.height)", sourceLocation: sourceLocation)
        return
    }
    var worst: Float = 0, worstAt = (0, 0), differing = 0
    var diff = RGBAImage(width: actual.width, height: actual.height)
    for y in 0..<actual.height {
        for x in 0..<actual.width {
            let d = distance(reference[x, y], actual[x, y])
            if d > worst { worst = d; worstAt = (x, y) }
            let bad = d * 255 > Float(tolerance) + 0.01
            if bad { differing += 1 }
            let grey = reference[x, y].x * 0.3 + reference[x, y].y * 0.59 + reference[x, y].z * 0.11
            let faded = 0.75 + 0.25 * grey
            diff[x, y] = bad ? SIMD4(1, 0, 0, 1) : SIMD4(faded, faded, faded, 1)
        }
    }
    if differing > 0 {
        let base = References.artifacts.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? PNG.write(reference, to: base.path + ".reference.png")
        try? PNG.write(actual, to: base.path + ".actual.png")
        try? PNG.write(diff, to: base.path + ".diff.png")
        Issue.record("""
            \(name): \(differing) pixels differ by more than \(tolerance) levels; largest \(Int((worst * 255).rounded())) \
            at \(worstAt.0),\(worstAt.1). See \(base.path).{reference,actual,diff}.png
            """, sourceLocation: sourceLocation)
    }
}
