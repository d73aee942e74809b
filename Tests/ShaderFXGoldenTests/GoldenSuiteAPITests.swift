import Foundation
import Testing
import ShaderFXGolden
import ShaderFXTestSupport

/// A golden suite run from Swift, through the public API only (no `@testable`, no `package`):
/// what `shaderfx test` does, for a test target of a library user.
@Suite("Golden suites from Swift")
struct GoldenSuiteAPITests {
    @Test func aSuiteRecordsThenPassesThenFailsOnAChangedReference() throws {
        try withTemporaryFolder { (directory) throws in
            let suite = directory.file("suite")
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: false)
            // 64×48: the disc, 16 pt inside the short side, shows (at 16×12 the picture is blank, which fails).
            try #"{"effect": "stripes", "size": "64x48"}"#.write(toFile: suite + "/stripes.json", atomically: true, encoding: .utf8)
            let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
            let report = directory.file("report")

            // No reference yet: recorded.
            let first = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .missing, reportFolder: report))
            #expect(first.recorded == 1 && first.failed == 0 && first.succeeded)
            let frame = try #require(first.cases.first?.frames.first)
            #expect(first.cases[0].status == .recorded && frame.status == .recorded)
            let reference = try #require(frame.reference)
            #expect(FileManager.default.fileExists(atPath: suite + "/" + reference))
            #expect(FileManager.default.fileExists(atPath: report + "/report.json"))
            #expect(FileManager.default.fileExists(atPath: report + "/index.html"))

            // In steps: read and checked first, then run; it matches its reference.
            let run = try GoldenSuite.Run(suite: suite, options: .init(record: .never, reportFolder: report))
            #expect(run.cases == ["stripes"] && run.suiteCases == ["stripes"])
            var seen: [String] = []
            var started = false
            let second = try run.run(on: renderer, start: { started = true }, each: { seen.append($0.name) })
            #expect(started && seen == ["stripes"])
            #expect(second.passed == 1 && second.succeeded)
            #expect(second.cases[0].frames[0].comparison?.passed == true)

            // A changed reference fails, and nothing is recorded in never mode.
            let recorded = try PNG.read(path: suite + "/" + reference)
            let inverted = RGBAImage(width: 64, height: 48, pixels: recorded.pixels.enumerated().map { $0.offset % 4 == 3 ? 1 : 1 - $0.element })
            try PNG.write(inverted, to: suite + "/" + reference)
            let third = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .never, reportFolder: report))
            #expect(third.failed == 1 && !third.succeeded)
            #expect(third.cases[0].status == .failed)
        }
    }

    @Test func aCaseWithABadValueIsRefusedBeforeAnythingRuns() throws {
        try withTemporaryFolder { (directory) throws in
            for (json, problem) in [(#"{"effect": "ripple", "parameters": {"origin": "1,,2"}}"#, "origin"),
                                    (#"{"effect": "stripes", "size": "16xx12"}"#, "size"),
                                    (#"{"effect": "stripes", "tolerance": {"ignore": [[1, 2]]}}"#, "rectangle [x, y, width, height]"),
                                    (#"{"effect": "stripes", "tolerance": {"shiftTolerance": 40}}"#, "shiftTolerance"),
                                    (#"{"effect": "stripes", "mask": "none.png"}"#, "mask"),
                                    (#"{"effect": "stripes", "maxMeanError": 0.1}"#, "needs"),
                                    (#"{"effect": "stripes", "tolerance": {"regions": [{"rect": [0, 0, 4, 4], "threshold": 3}]}}"#, "regions"),
                                    (#"{"effect": "stripes", "metric": "lpips"}"#, "metric")] {
                try json.write(toFile: directory.file("case.json"), atomically: true, encoding: .utf8)
                let error = #expect(throws: (any Error).self) {
                    try GoldenSuite.Run(suite: directory.path, options: .init(reportFolder: directory.file("report")))
                }
                #expect("\(error.map { "\($0)" } ?? "")".contains(problem), "\(json)")
            }
            #expect(GoldenSuite.RunOptions().record == .missing)
            #expect(Shard("2/3") == Shard(index: 2, count: 3) && Shard("4/3") == nil)
        }
    }

    @Test func aBlankCaseFailsUnlessItMayBeBlank() throws {
        // A shader that draws nothing would record a transparent reference and pass against it for
        // ever: the case fails before anything is recorded; "allowBlank": true records it.
        try withTemporaryFolder { (directory) throws in
            let suite = directory.file("suite")
            try FileManager.default.createDirectory(atPath: suite + "/shaders", withIntermediateDirectories: true)
            try "vec4 nothing(vec2 position, vec4 color) { return vec4(0.0); }\n".write(toFile: suite + "/shaders/nothing.glsl", atomically: true, encoding: .utf8)
            let json = #"{"shader": {"file": "shaders/nothing.glsl", "kind": "color"}, "size": "16x12"}"#
            try json.write(toFile: suite + "/nothing.json", atomically: true, encoding: .utf8)
            let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
            let report = directory.file("report")
            let blank = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .missing, reportFolder: report))
            #expect(blank.failed == 1 && blank.recorded == 0)
            #expect(blank.cases[0].frames.first?.message.contains("every pixel is transparent") == true)
            #expect(!FileManager.default.fileExists(atPath: suite + "/nothing/still.png"))
            try json.replacingOccurrences(of: "}, \"size\"", with: "}, \"allowBlank\": true, \"size\"").write(toFile: suite + "/nothing.json", atomically: true, encoding: .utf8)
            let allowed = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .missing, reportFolder: report))
            #expect(allowed.recorded == 1 && allowed.failed == 0, "\(allowed.cases.map(\.message))")
        }
    }

    @Test func anApplePrecisionCaseMeetsADevicesBinary16Picture() throws {
        // The reference is what a device computes, made here by Swift's Float16 (not by ShaderFX):
        // a phase `half(time) + x * 10.0h` at 1000.3 s moves in binary16's steps of 0.5. The case
        // passes with "precision": "apple" and fails at float, where the phase is smooth.
        try withTemporaryFolder { (directory) throws in
            let suite = directory.file("suite")
            try FileManager.default.createDirectory(atPath: suite + "/phase", withIntermediateDirectories: true)
            try """
                #include <metal_stdlib>
                using namespace metal;
                [[ stitchable ]] half4 phase(float2 position, half4 color, float time) {
                    half x = half(position.x) / 100.0h;
                    half p = half(time) + x * 10.0h;
                    half v = 0.5h + 0.5h * sin(p);
                    return half4(v, v * v, 1.0h - v, 1.0h) * color.a;
                }
                """.write(toFile: suite + "/Phase.metal", atomically: true, encoding: .utf8)
            var device = RGBAImage(width: 96, height: 8)
            for x in 0..<96 {
                let h = Float16(Float(x) + 0.5) / 100
                let v = Float16(0.5).addingProduct(0.5, Float16(sin(Float(Float16(Float(1000.3)).addingProduct(h, 10)))))
                for y in 0..<8 { device[x, y] = SIMD4(Float(v), Float(v * v), Float(1 - v), 1) }
            }
            try PNG.writeFile(try PNG.encode(StraightFrame(image: device)), to: suite + "/phase/still.png")
            let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
            for (precision, passes) in [("apple", true), ("float", false)] {
                try #"{"shader": {"file": "Phase.metal", "args": {"time": "1000.3"}, "precision": "\#(precision)"}, "size": "96x8"}"#
                    .write(toFile: suite + "/phase.json", atomically: true, encoding: .utf8)
                let outcome = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .never, reportFolder: directory.file("report")))
                #expect((outcome.failed == 0) == passes, "\(precision): \(outcome.cases.map(\.message))")
            }
            try #"{"shader": {"file": "Phase.metal", "precision": "binary16"}}"#.write(toFile: suite + "/phase.json", atomically: true, encoding: .utf8)
            let error = #expect(throws: (any Error).self) { try GoldenSuite.run(suite, renderer: renderer, options: .init(reportFolder: directory.file("report"))) }
            #expect("\(error.map { "\($0)" } ?? "")".contains("expected \"float\" or \"apple\""))
        }
    }

    /// A suite of one 64×48 stripes case: its reference is recorded, then a white block painted
    /// on it at `xs` × `ys`; `body` gets the reference so changed, a function that writes the
    /// case file and runs the suite (record mode missing), and the suite and report folders.
    private func withAlteredStripesReference(
        xs: Range<Int>, ys: Range<Int>,
        _ body: (_ reference: RGBAImage, _ run: (String) throws -> SuiteOutcome, _ suite: String, _ report: String) throws -> Void
    ) throws {
        try withTemporaryFolder { (directory) throws in
            let suite = directory.file("suite")
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: false)
            let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
            let report = directory.file("report")
            func run(_ json: String) throws -> SuiteOutcome {
                try json.write(toFile: suite + "/stripes.json", atomically: true, encoding: .utf8)
                return try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .missing, reportFolder: report))
            }
            #expect(try run(#"{"effect": "stripes", "size": "64x48"}"#).recorded == 1)
            var reference = try PNG.read(path: suite + "/stripes/still.png")
            for y in ys { for x in xs { reference[x, y] = SIMD4(1, 1, 1, 1) } }
            try PNG.write(reference, to: suite + "/stripes/still.png")
            try body(reference, run, suite, report)
        }
    }

    @Test func aCasesMaskAndIgnoredRectanglesReachTheComparison() throws {
        // The recorded stripes reference with a white block in its top-left corner: the case
        // fails, and passes once its mask (transparent over that corner) or an ignored rectangle
        // leaves the block out.
        try withAlteredStripesReference(xs: 0..<8, ys: 0..<8) { _, run, suite, _ in
            #expect(try run(#"{"effect": "stripes", "size": "64x48"}"#).failed == 1)
            #expect(try run(#"{"effect": "stripes", "size": "64x48", "tolerance": {"ignore": [[0, 0, 8, 8]]}}"#).passed == 1)
            var mask = RGBAImage(width: 64, height: 48, fill: SIMD4(1, 1, 1, 1))
            for y in 0..<8 { for x in 0..<8 { mask[x, y] = .zero } }
            try PNG.write(mask, to: suite + "/mask.png")
            #expect(try run(#"{"effect": "stripes", "size": "64x48", "mask": "mask.png"}"#).passed == 1)
            // A region's own threshold: loose enough over the block, it passes; as strict as the
            // default, it does not.
            #expect(try run(#"{"effect": "stripes", "size": "64x48", "tolerance": {"regions": [{"rect": [0, 0, 8, 8], "threshold": 1}]}}"#).passed == 1)
            #expect(try run(#"{"effect": "stripes", "size": "64x48", "tolerance": {"regions": [{"rect": [0, 0, 8, 8], "threshold": 0.1}]}}"#).failed == 1)
        }
    }

    @Test func aCasesShiftToleranceExcusesAMoveOfThatManyPixels() throws {
        // The recorded reference moved two pixels to the right (the first column repeated): the
        // stripes' edges then differ everywhere (more than anti-aliasing detection excuses), which
        // two pixels of shift tolerance excuse and one does not.
        try withAlteredStripesReference(xs: 0..<0, ys: 0..<0) { reference, run, suite, _ in
            var moved = reference
            for y in 0..<reference.height { for x in 0..<reference.width { moved[x, y] = reference[max(x - 2, 0), y] } }
            try PNG.write(moved, to: suite + "/stripes/still.png")
            #expect(try run(#"{"effect": "stripes", "size": "64x48"}"#).failed == 1)
            #expect(try run(#"{"effect": "stripes", "size": "64x48", "tolerance": {"shiftTolerance": 1}}"#).failed == 1)
            #expect(try run(#"{"effect": "stripes", "size": "64x48", "tolerance": {"shiftTolerance": 2}}"#).passed == 1)
        }
    }

    @Test func aFLIPCaseIsJudgedByItsMeanError() throws {
        // The recorded stripes reference with a 4×4 white block on the disc fails the default
        // pixel count; judged by ꟻLIP, its mean error passes a loose limit and fails a tight one.
        try withAlteredStripesReference(xs: 30..<34, ys: 20..<24) { reference, run, _, report in
            let actual = try PNG.read(path: report + "/images/stripes/still.actual.png")
            let mean = try FLIPEvaluator().compare(reference: reference, test: actual).report.mean
            #expect(mean > 0.001 && mean < 0.05, "mean \(mean)")
            #expect(try run(#"{"effect": "stripes", "size": "64x48"}"#).failed == 1)
            #expect(try run(#"{"effect": "stripes", "size": "64x48", "metric": "flip", "maxMeanError": 0.05}"#).passed == 1)
            let tight = try run(#"{"effect": "stripes", "size": "64x48", "metric": "flip", "maxMeanError": 0.0005}"#)
            #expect(tight.failed == 1 && tight.cases[0].frames[0].message.contains("ꟻLIP mean error"), "\(tight.cases[0].frames[0].message)")
            #expect(tight.cases[0].frames[0].comparison?.flipMean.map { abs($0 - mean) < 1e-9 } == true)
        }
    }
}
