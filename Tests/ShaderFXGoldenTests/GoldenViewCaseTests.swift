import Foundation
import Testing
import ShaderFXGolden
import ShaderFXUI
import ShaderFXTestSupport

/// Golden cases whose picture is a SwiftUI view file (`"view"`): read and checked as strictly as
/// the other fields, drawn frame by frame, compared and recorded as any case is.
@Suite("Golden cases with a view", .serialized)
struct GoldenViewCaseTests {
    static let card = ViewFixtures.card

    static func suite(in directory: TemporaryFolder, cases: [String: String], view: String = card) throws -> String {
        let suite = directory.file("suite")
        try FileManager.default.createDirectory(atPath: suite + "/views", withIntermediateDirectories: true)
        try view.write(toFile: suite + "/views/Card.swift", atomically: true, encoding: .utf8)
        for (name, json) in cases { try json.write(toFile: suite + "/\(name).json", atomically: true, encoding: .utf8) }
        return suite
    }

    @Test func aViewCaseRecordsThenPassesAndFailsWhenASetValueChanges() throws {
        try withTemporaryFolder { (directory) throws in
            let json = #"{"view": "views/Card.swift", "set": {"title": "Golden", "count": 4}, "scale": 2}"#
            let suite = try Self.suite(in: directory, cases: ["card": json])
            let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
            let report = directory.file("report")
            let first = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .missing, reportFolder: report))
            #expect(first.recorded == 1, "\(first.cases.map(\.message))")
            #expect(first.cases[0].effect == "Card.swift")
            let reference = try PNG.read(path: suite + "/card/still.png")
            // The orange block is count * 10 points wide at @2x, 8 high, above the 10-point padding.
            let orange = (0..<reference.width).filter { x in
                let p = reference[x, reference.height - 2 * 10 - 8]
                return abs(p.x - 1) < 0.01 && abs(p.y - 0.5) < 0.01 && p.z < 0.01 && abs(p.w - 1) < 0.01
            }
            #expect(orange.count == 2 * 40, "\(orange.count) orange pixels in the block's row")

            let second = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .never, reportFolder: report))
            #expect(second.passed == 1 && second.succeeded, "\(second.cases.map(\.message))")

            // Another title: the same case no longer matches its reference.
            try json.replacingOccurrences(of: "Golden", with: "Gilded").write(toFile: suite + "/card.json", atomically: true, encoding: .utf8)
            let third = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .never, reportFolder: report))
            #expect(third.failed == 1 && !third.succeeded)
            #expect(third.cases[0].frames.first?.status == .failed)
        }
    }

    /// Without a size the root takes its ideal size; `size` is proposed, and a colour takes it all.
    @Test func sizeIsTheProposalAndTheFramesFollowTheTimeline() throws {
        try withTemporaryFolder { (directory) throws in
            let fill = """
                import SwiftUI
                TimelineView(.animation) { timeline in
                    Color(red: min(1, timeline.date.timeIntervalSinceReferenceDate), green: 0, blue: 1)
                }
                """
            let suite = try Self.suite(in: directory, cases: ["fill": #"{"view": "views/Card.swift", "size": "30x20", "frames": [0, 0.25, 1], "allowBlank": true}"#], view: fill)
            let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
            let outcome = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .missing, reportFolder: directory.file("report")))
            #expect(outcome.recorded == 1, "\(outcome.cases.map(\.message))")
            for (name, red) in [("t0", 0.0), ("t0.25", 0.25), ("t1", 1.0)] {
                let image = try PNG.read(path: suite + "/fill/\(name).png")
                #expect(image.width == 30 && image.height == 20)
                let p = image[15, 10]
                // 8-bit quantisation of the formula's red: within half a level.
                #expect(abs(Double(p.x) - red) <= 0.5 / 255 + 1e-6 && p.z == 1, "\(name): \(p)")
            }
        }
    }

    @Test(arguments: [
        (#"{"view": "views/Missing.swift"}"#, "view: cannot read"),
        (#"{"view": 3}"#, "view: expected a string"),
        (#"{"view": "views/Card.swift", "set": ["title"]}"#, "set: expected an object"),
        (#"{"view": "views/Card.swift", "set": {"title": {"a": 1}}}"#, "set.title: expected a string or a number"),
        (#"{"view": "views/Card.swift", "set": {"origin": [1, "x"]}}"#, "set.origin: expected an array of numbers"),
        (#"{"view": "views/Card.swift", "assets": ["nowhere"]}"#, "assets[0]:"),
        (#"{"view": "views/Card.swift", "picture": "pool"}"#, "picture: give either \"view\""),
        (#"{"view": "views/Card.swift", "size": "big"}"#, "size: expected the size proposed"),
        (#"{"view": "views/Card.swift", "shader": {"file": "x.glsl"}}"#, "shader: in a case with a \"view\""),
        (#"{"view": "views/Card.swift", "library": "views/Card.swift"}"#, "library:"),
        (#"{"view": "views/Card.swift", "parameters": {"time": 1}}"#, "parameters:"),
        (#"{"view": "views/Card.swift", "viewz": 1}"#, "viewz: unknown field"),
        (#"{"effect": "ripple", "set": {"title": "x"}}"#, "set: \"set\" is for a case with a \"view\""),
        (#"{"view": "views/Bad.swift"}"#, "Bad.swift:2:"),
    ])
    func aBadViewCaseIsRefusedNamingTheFileAndField(_ json: String, _ expected: String) throws {
        try withTemporaryFolder { (directory) throws in
            let suite = try Self.suite(in: directory, cases: ["bad": json])
            try "import SwiftUI\nText(\"a\"\n".write(toFile: suite + "/views/Bad.swift", atomically: true, encoding: .utf8)
            #expect {
                try GoldenSuite.Run(suite: suite, options: .init(reportFolder: directory.file("report")))
            } throws: { error in
                "\(error)".contains(suite + "/bad.json: ") && "\(error)".contains(expected)
            }
        }
    }

    /// An error when the file is evaluated fails the case, located in the view file.
    @Test func anEvaluationErrorFailsTheCaseWithItsLocation() throws {
        try withTemporaryFolder { (directory) throws in
            let suite = try Self.suite(in: directory, cases: ["unknown": #"{"view": "views/Card.swift", "set": {"count": "many"}}"#])
            let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
            let outcome = try GoldenSuite.run(suite, renderer: renderer, options: .init(record: .missing, reportFolder: directory.file("report")))
            #expect(outcome.failed == 1)
            #expect(outcome.cases[0].message.contains("Card.swift:"), "\(outcome.cases[0].message)")
        }
    }

    @Test func aViewFileIsParsedOnceWhileItIsUnchanged() throws {
        try withTemporaryFolder { (directory) throws in
            let path = directory.file("Card.swift")
            try Self.card.write(toFile: path, atomically: true, encoding: .utf8)
            let files = ViewFileCache()
            let first = try files.program(path: path)
            #expect(try files.program(path: path) === first)
            #expect(files.parses == 1)
            try (Self.card + "\n// edited\n").write(toFile: path, atomically: true, encoding: .utf8)
            let edited = try files.program(path: path)
            #expect(edited !== first && files.parses == 2)
            #expect(edited.source.hasSuffix("// edited\n"))
        }
    }
}
