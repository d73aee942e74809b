import Foundation
import Testing
@testable import ShaderFXMetal
import ShaderFXContract

/// What the stitcher puts before a translated library: the contract's prelude, then the library's
/// own line numbers (so glslangValidator's messages name the library's lines, as the stitcher's do).
let shaderFXPrelude = StitchedInterface.prelude + StitchedInterface.userLineDirective

/// Metal source headers most tests start with.
let header = """
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

"""

/// The path of glslangValidator, if installed.
let glslangPath: String? = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Compiles prelude + library + a dummy main with glslangValidator; returns the log on failure (a missing
/// glslangValidator is a failure: every translation the tests make must be checked), nil on success.
func glslangErrors(_ library: String) -> String? {
    guard let tool = glslangPath else {
        return "glslangValidator is not installed, so the translated GLSL cannot be checked: apt-get install -y glslang-tools (make test does)"
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sfxmetal-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("t.frag")
    let text = shaderFXPrelude + library + "\nout vec4 sfx_fragColor;\nvoid main() { sfx_fragColor = vec4(0.0); }\n"
    try? text.write(to: file, atomically: true, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = ["-S", "frag", file.path]
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    do { try p.run() } catch { return "cannot run \(tool): \(error)" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    if p.terminationStatus == 0 { return nil }
    let numbered = library.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { "\($0.offset + 1): \($0.element)" }.joined(separator: "\n")
    return (String(data: data, encoding: .utf8) ?? "") + "\n" + numbered
}

/// Translates `source` (prefixed with `header` unless `raw`), expects success, and checks the result with
/// glslangValidator (every successful test input is compiled this way; the test fails without it).
@discardableResult
func translate(_ source: String, raw: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> MetalTranslation {
    do {
        let r = try MetalTranslator().translate([MetalSourceFile(path: "test.metal", text: raw ? source : header + source)])
        dumpTranslation(source, r.glsl)
        // A declaration left out with its error (a library keeps what translates) is a failure
        // here: these inputs are meant to translate whole.
        for left in r.untranslated {
            Issue.record("left out of the translation: \(left.name ?? "(a declaration)"): \(left.error)", sourceLocation: sourceLocation)
        }
        if let log = glslangErrors(r.glsl) {
            Issue.record("glslangValidator rejected the translation:\n\(log)", sourceLocation: sourceLocation)
        }
        // Every input that translates at float translates under Apple precision too, to valid GLSL.
        do {
            let apple = try MetalTranslator(precision: .apple).translate([MetalSourceFile(path: "test.metal", text: raw ? source : header + source)])
            if let log = glslangErrors(apple.glsl) {
                Issue.record("glslangValidator rejected the Apple-precision translation:\n\(log)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("Apple-precision translation failed: \(error)", sourceLocation: sourceLocation)
        }
        return r
    } catch {
        Issue.record("translation failed: \(error)", sourceLocation: sourceLocation)
        return MetalTranslation(glsl: "", functions: [], lineMap: [])
    }
}

/// With `SHADERFX_GLSL_DUMP=DIR`, writes each test input's GLSL to DIR, named by a hash of the input,
/// so the output of every test input can be diffed before and after a change to the translator.
func dumpTranslation(_ source: String, _ glsl: String) {
    guard let dir = ProcessInfo.processInfo.environment["SHADERFX_GLSL_DUMP"] else { return }
    var h: UInt64 = 0xcbf29ce484222325
    for b in source.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try? (source + "\n//// GLSL\n" + glsl).write(toFile: dir + "/" + String(h, radix: 16) + ".txt", atomically: true, encoding: .utf8)
}

/// The GLSL of one translated source.
func glsl(_ source: String, raw: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    translate(source, raw: raw, sourceLocation: sourceLocation).glsl
}

/// The body lines of GLSL function `name` (trimmed), for exact comparisons.
func body(_ name: String, in glsl: String) -> [String] {
    let lines = glsl.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.contains(" \(name)(") && $0.hasSuffix("{") && !$0.hasPrefix(" ") }) else { return [] }
    var out: [String] = []
    for l in lines[(start + 1)...] {
        if l == "}" { break }
        out.append(l.trimmingCharacters(in: .whitespaces))
    }
    return out
}

/// Expects the translation to fail with a message containing `message` at `line`:`column` (of the whole
/// source, header included unless `raw`).
func expectError(_ source: String, _ message: String, line: Int? = nil, column: Int? = nil, raw: Bool = false,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let r = try MetalTranslator().translate([MetalSourceFile(path: "test.metal", text: raw ? source : header + source)])
        dumpTranslation(source, r.glsl)
        Issue.record("expected an error containing '\(message)', got GLSL:\n\(r.glsl)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.message.contains(message), "message: \(error.message)", sourceLocation: sourceLocation)
        let offset = raw ? 0 : header.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        if let line { #expect(error.location.line == line + offset, "location: \(error.location)", sourceLocation: sourceLocation) }
        if let column { #expect(error.location.column == column, "location: \(error.location)", sourceLocation: sourceLocation) }
    }
}

/// Wraps statements in a colour effect and returns the GLSL body lines of `f`.
func stmts(_ statements: String, params: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    let src = "[[ stitchable ]] half4 f(float2 position, half4 color\(params)) {\n\(statements)\n}\n"
    return body("f", in: glsl(src, sourceLocation: sourceLocation))
}
