import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ShaderFXTestSupport
import ShaderFX

/// Why a golden case failed, as CI shows it: the JUnit failure's message (the one line CI pages
/// show) names the reason, and the HTML report names the metric and what was excused.
@Suite(.serialized) struct FailureReasonTests {
    static func write(_ url: URL, _ name: String, _ text: String) throws {
        try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test func junitMessagesAndTheReportSayWhy() throws {
        let url = try TemporaryFolder.make().url
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.write(url, "clear.glsl", "vec4 clear(vec2 position, vec4 color) { return vec4(0.0); }\n")
        try Self.write(url, "same.glsl", "vec4 same(vec2 position, vec4 color) { return color; }\n")
        try Self.write(url, "blank.json", #"{"shader": {"file": "clear.glsl", "kind": "color"}, "size": "16x16"}"#)
        try Self.write(url, "unchanged.json", #"{"shader": {"file": "same.glsl", "kind": "color"}, "size": "16x16"}"#)
        let pixels = #""tolerance": {"threshold": 0.05, "shiftTolerance": 1, "ignore": [[0, 0, 4, 4]]}"#
        try Self.write(url, "pixels.json", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 5}, \#(pixels)}"#)
        try Self.write(url, "flip.json", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 5}, "metric": "flip", "maxMeanError": 0.0005}"#)
        try Self.write(url, "size.json", #"{"effect": "stripes", "picture": "pool", "size": "40x40", "parameters": {"thickness": 5}}"#)
        let first = try CLIRun(["test", url.path, "--family", "llvmpipe"], environment: ["CI": ""])
        #expect(first.status == 1, "blank and unchanged fail even while recording: \(first.stdout)")

        try Self.write(url, "pixels.json", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 9}, \#(pixels)}"#)
        try Self.write(url, "flip.json", #"{"effect": "stripes", "size": "40x40", "parameters": {"thickness": 9}, "metric": "flip", "maxMeanError": 0.0005}"#)
        try Self.write(url, "size.json", #"{"effect": "stripes", "picture": "pool", "size": "40x30", "parameters": {"thickness": 5}}"#)
        try Self.write(url, "missing.json", #"{"effect": "stripes", "picture": "pool", "size": "40x40", "parameters": {"thickness": 5}}"#)
        let junit = url.path + "/junit.xml"
        let run = try CLIRun(["test", url.path, "--family", "llvmpipe", "--junit", junit], environment: ["CI": "true"])
        #expect(run.status == 1)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        func message(_ name: String) throws -> String {
            let failure = try #require(try document.nodes(forXPath: "//testcase[@name='\(name)']/failure").first as? XMLElement, "\(name)")
            return failure.attribute(forName: "message")?.stringValue ?? ""
        }
        let expected = [
            "blank": "every pixel is transparent",
            "unchanged": "the effect changed nothing",
            "size": "image sizes differ: expected 40x40, actual 40x30",
            "missing": "no reference: looked for",
            "flip": "ꟻLIP mean error 0.",
            "pixels": "pixels differ (",
        ]
        for (name, reason) in expected {
            let text = try message(name)
            #expect(text.contains(reason), "\(name): \(text)")
            #expect(text.hasPrefix("1 of 1 frame failed; still: "), "\(name): \(text)")
        }
        // The numbers behind "over the metric" are in the message: "N pixels differ (P%), allowed ...".
        let pixelsMessage = try message("pixels")
        #expect(pixelsMessage.range(of: #"still: \d+ pixels differ \("#, options: .regularExpression) != nil, "\(pixelsMessage)")
        #expect(try message("flip").contains("over 0.0005"))

        let html = try String(contentsOfFile: url.path + "/.report/index.html", encoding: .utf8)
        #expect(html.contains("metric YIQ"), "the YIQ case names its metric")
        #expect(html.contains("metric ꟻLIP: mean error"), "the FLIP case names its metric")
        #expect(html.range(of: #"16 ignored \(mask, rectangles\)"#, options: .regularExpression) != nil, "the 4x4 ignored rectangle is counted")
        #expect(html.contains("shifted (within 1 px)"))
    }
}
