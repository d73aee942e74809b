import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFX
import ShaderFXUI

/// The library as Swift code uses it: built-in functions reached as SwiftUI reaches
/// `ShaderLibrary.default`, and file URLs wherever a path is taken.
@Suite(.serialized) struct LibraryAPITests {
    @Test func builtInFunctionsAreReachedAsSwiftUIReachesItsLibrary() throws {
        let ripple = Ripple().with(\.origin, SIMD2(60, 40)).with(\.time, 0.2)
        let arguments: [Shader.Argument] = [.float2(60, 40), .float(0.2), .float(12), .float(15), .float(8), .float(1200)]
        // The three spellings make the shader the built-in effect runs.
        let spelled = [
            ShaderLibrary.ripple(.float2(60, 40), .float(0.2), .float(12), .float(15), .float(8), .float(1200)),
            ShaderLibrary.default.ripple(.float2(60, 40), .float(0.2), .float(12), .float(15), .float(8), .float(1200)),
            Shader(function: ShaderLibrary.builtIn.function("ripple"), arguments: arguments),
        ]
        for shader in spelled { #expect(shader == ripple.effect.shader) }
        // And it renders the same picture.
        let renderer = try TestGPU.get()
        let picture = try BuiltInPicture.pool.draw(width: 120, height: 80, on: TestGPU.get())
        let swiftUIStyle = try renderer.render(picture, effects: [Effect(kind: .layer, shader: spelled[0], maxSampleOffset: SIMD2(12, 12))])
        let builtIn = try renderer.render(picture, effects: ripple.passes)
        #expect(maxDifference(swiftUIStyle, builtIn) == 0)
        #expect(maxDifference(builtIn, picture) > 0.05)
    }

    @Test func builtInEffectsAreRenderedWhole() throws {
        let renderer = try TestGPU.get()
        let picture = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let ripple = Ripple().with(\.origin, SIMD2(32, 24)).with(\.time, 0.15)
        let typed = try renderer.render(picture, Blur(radius: 12), ripple)
        let passes = try renderer.render(picture, effects: Blur(radius: 12).passes + ripple.passes)
        #expect(maxDifference(typed, passes) == 0)
        // Both passes of the blur: a vertical edge's pixels change along y too.
        let horizontalOnly = try renderer.render(picture, effects: [Blur(radius: 12).passes[0]] + ripple.passes)
        #expect(maxDifference(typed, horizontalOnly) > 0.05)
    }

    @Test func everyBuiltInEffectsFunctionIsInTheLibrary() {
        for effect in BuiltInEffects.all {
            #expect(ShaderLibrary.builtIn.function(effect.function.name) == effect.function, "\(effect.name)")
        }
        // A name two files define: the effect's first, the transition's by its file.
        #expect(ShaderLibrary.builtIn.files["circleWave"] == "Color/circleWave")
        #expect(ShaderLibrary.builtIn.function("circleWave", file: "Transition/circleWave") == CircleWaveTransition.function)
        #expect(ShaderLibrary.builtIn.functionNames.contains("genie"))
    }

    @Test func anUnknownBuiltInNameFailsWhenItRendersAndSaysSo() throws {
        let shader = ShaderLibrary.rippel(.float(1))
        let error = #expect(throws: (any Error).self) {
            try TestGPU.get().render(try BuiltInPicture.pool.draw(width: 8, height: 8, on: TestGPU.get()), effects: [Effect(kind: .color, shader: shader)])
        }
        #expect("\(error!)".contains("rippel"), "\(error!)")
    }

    @Test func filesAreNamedByURLAsByPath() throws {
        try withTemporaryFolder { (folder) throws in
            let dir = folder.url
            let picture = try BuiltInPicture.circle.draw(width: 20, height: 10, on: TestGPU.get())
            let url = dir.appendingPathComponent("a picture.png")  // a space: percent-encoded in the URL
            try PNG.write(picture, to: url)
            #expect(FileManager.default.fileExists(atPath: dir.path + "/a picture.png"))
            #expect(try PNG.read(url: url) == PNG.read(path: dir.path + "/a picture.png"))
            #expect(maxDifference(try PNG.read(url: url), picture) < 0.5 / 255 + 1e-6)

            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let metal = root.appendingPathComponent("examples/metal/Ripple.metal")
            #expect(try ShaderLibrary(contentsOf: metal) == ShaderLibrary(contentsOf: metal.path))
            #expect(try ShaderLibrary(metalFolder: root.appendingPathComponent("examples/metal")).effectFunctions().count >= 6)

            let script = dir.appendingPathComponent("events.json")
            try #"{"taps": [{"time": 0.5, "x": 3, "y": 4}]}"#.write(to: script, atomically: true, encoding: .utf8)
            #expect(try EventScript.load(url: script).taps == [EventScript.Touch(time: 0.5, x: 3, y: 4)])
        }
    }

    @Test func aURLThatIsNotAFileIsRefusedByName() throws {
        let web = try #require(URL(string: "https://example.com/picture.png"))
        #expect { try PNG.read(url: web) } throws: { "\($0)".contains("https://example.com/picture.png") && "\($0)".contains("not a file URL") }
        #expect { try PNG.write(try BuiltInPicture.pool.draw(width: 2, height: 2, on: TestGPU.get()), to: web) } throws: { "\($0)".contains("not a file URL") }
        #expect { try ShaderLibrary(contentsOf: web) } throws: { "\($0)".contains("not a file URL") }
        #expect { try EventScript.load(url: web) } throws: { "\($0)".contains("not a file URL") }
    }
}
