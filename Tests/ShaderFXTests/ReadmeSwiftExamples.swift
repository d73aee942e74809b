import Foundation
import Testing
import ShaderFX
import ShaderFXTesting
import ShaderFXUI

// README.md's Swift, line for line, so that the compiler checks every example the README shows
// (`readmeSwiftIsCompiledHere` fails when a README block is not found here). The library
// examples are compiled, not run (they read the reader's files); the expectImage example is a
// test like any other.

/// README.md's library examples, in functions that give them the values they use.
enum ReadmeSwiftExamples {
    /// "Your Metal shaders".
    static func metalLibrary(origin: SIMD2<Float>, time: Float) throws {
        let library = try ShaderLibrary(contentsOf: "Shaders/")   // a folder of .metal files, a .metal file, or a .glsl file
        let shader = library.Ripple(.float2(origin), .float(time), .float(12), .float(15), .float(8), .float(1200))
        let resolved = try library.resolve(function: "Ripple", kind: nil)   // kind inferred: .layer
        _ = (shader, resolved)
    }

    /// "The Swift API".
    static func swiftAPI(origin: SIMD2<Float>, time: Float) throws {
        let library = try ShaderLibrary(contentsOf: URL(fileURLWithPath: "Shaders/"))  // your .metal files (or a .metal or .glsl file)
        let shader = library.Ripple(.float2(origin), .float(time), .float(12), .float(15), .float(8), .float(1200))
        let effect = Effect.layerEffect(shader, maxSampleOffset: SIMD2(12, 12), isEnabled: 0 < time && time < 3)

        let renderer = try Renderer(options: GPUOptions(backend: .auto))   // one context, reused for every frame
        print(renderer.context.info.summary)                                // which renderer draws
        let picture = try PNG.read(url: URL(fileURLWithPath: "in.png"))      // premultiplied RGBAImage
        let result = try renderer.render(picture, effects: [effect], scale: 2)
        try PNG.write(result, to: URL(fileURLWithPath: "out.png"))           // or a path: PNG.write(result, to: "out.png")

        // The built-in effects' functions, as SwiftUI reaches ShaderLibrary.default:
        let builtIn = ShaderLibrary.default.ripple(.float2(origin), .float(time), .float(12), .float(15), .float(8), .float(1200))

        // Built-in effects are typed values, not string look-ups; every parameter starts at its default,
        // and each is whole wherever it is given (a blur is two passes):
        let ripple = Ripple { $0.origin = SIMD2(120, 80); $0.time = 0.2 }
        let frame = try renderer.render(picture, Blur(radius: 30), ripple, Stripes().with(\.thickness, 10))
        // As Effect values: ripple.effect for one pass, Blur(radius: 30).passes for the blur's two.
        let soft = try renderer.render(picture, effects: Blur(radius: 30).passes + [ripple.effect])
        _ = (builtIn, frame, soft)
    }
}

@Test func rippleAtATenthOfASecond() throws {
    let renderer = try Renderer()
    let picture = try BuiltInPicture.pool.draw(width: 240, height: 180, on: renderer)   // the pool's view, drawn
    let out = try renderer.render(picture, effects: [Ripple { $0.origin = SIMD2(120, 90); $0.time = 0.1 }.effect])
    try expectImage(out)                              // __References__/<TestFile>/rippleAtATenthOfASecond.1.png
    try expectImage(out, matches: "Ripple/t0.1", record: .never)       // compared, never recorded
}

@Test func readmeSwiftIsCompiledHere() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let hereLines = here.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
    #expect(blocks.count == 3)
    for block in blocks {
        // The block's lines (imports are at the top of this file) appear here, in order, together.
        let lines = block.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        let found = hereLines.indices.contains { start in
            var k = start
            for line in lines {
                while k < hereLines.count && hereLines[k].isEmpty { k += 1 }
                guard k < hereLines.count, hereLines[k] == line else { return false }
                k += 1
            }
            return true
        }
        #expect(found, "README.md's Swift block starting '\(lines.first ?? "")' is not compiled in ReadmeSwiftExamples.swift")
    }
}
