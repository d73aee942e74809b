import Foundation
import Testing
@testable import ShaderFX
import ShaderFXContract

/// The one GLSL contract (ShaderFXContract): the stitcher, the translator and the built-in shader
/// files all follow it, and what the translator hands over agrees with the GLSL it writes.
@Suite struct StitchedInterfaceTests {
    /// The package's `Shaders/` folder.
    static let shaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Shaders").standardizedFileURL

    @Test func theStitchedShaderBeginsWithTheContractsPrelude() throws {
        let library = ShaderLibrary(source: "vec4 f(vec2 position, Layer layer) { return sampleLayer(layer, position); }")
        let stitcher = try Stitcher(function: library.function("f"), kind: .layer)
        #expect(stitcher.fragmentSource.hasPrefix(StitchedInterface.prelude + StitchedInterface.userLineDirective))
        for name in StitchedInterface.definedNames where name != "main" {
            #expect(StitchedInterface.prelude.contains(name), "\(name) is not defined by the prelude")
        }
    }

    @Test func samplerPragmasPrintAndParseBack() {
        for address in [nil, SamplerPragma.Address.clamp, .repeat, .mirrored] {
            for down in [nil, SamplerPragma.Address.clamp, .mirrored] {
                for filter in [nil, SamplerPragma.Filter.nearest, .linear] {
                    let pragma = SamplerPragma(parameter: "tex", address: address ?? down, tAddress: down, filter: filter)
                    #expect(SamplerPragma(line: "  " + pragma.text + " ") == pragma)
                }
            }
        }
        #expect(SamplerPragma(line: "#pragma shaderfx sampler(t, address: clamp_to_edge)")?.address == .clamp)
        let axes = SamplerPragma(line: "#pragma shaderfx sampler(t, s_address: mirrored_repeat, t_address: repeat)")
        #expect(axes?.address == .mirrored)
        #expect(axes?.addressDown == .repeat)
        #expect(SamplerPragma(line: "#pragma once") == nil)
    }

    /// The translator's typed signature of every stitchable function of the Metal corpus is what
    /// reading its GLSL gives: the stitcher may take it instead.
    @Test func theTranslatorsSignaturesAgreeWithItsGLSL() throws {
        let library = try ShaderLibrary(contentsOf: MetalCorpus.folder.path)
        let functions = try #require(library.stitchableFunctions)
        #expect(functions.count > 20)
        var images = 0
        for function in functions {
            let typed = try #require(function.signature, "\(function.name) has no typed signature")
            let parsed = try ShaderSignature.parse(function: function.name, in: library.source, file: library.name)
            #expect(ShaderSignature(typed) == parsed, "\(function.name)")
            #expect(try library.function(function.name).signature() == parsed)
            images += typed.samplers.count
        }
        #expect(images > 0, "the corpus samples textures")
    }

    @Test func everyEmbeddedShaderFileIsUsedByABuiltInEffectOrTransition() {
        var used = Set(BuiltInEffects.all.map { $0.shaderFile } + BuiltInTransitions.all.map { $0.shaderFile })
        used.insert(String(TransitionBackdrop.function.library.name.dropFirst("Shaders/".count).dropLast(".glsl".count)))
        #expect(EmbeddedShaders.all.count > 30)
        for file in EmbeddedShaders.all {
            #expect(used.contains(file.path), "Shaders/\(file.path).glsl is embedded, but no built-in effect or transition uses it")
        }
        for path in used { #expect(EmbeddedShaders.file(path) != nil, "Shaders/\(path).glsl is not embedded") }
    }

    @Test func theNoiseHashIsWrittenOnceAndIncluded() throws {
        #expect(EmbeddedShaders.includes == ["noise"])
        let noise = try String(contentsOf: Self.shaders.appendingPathComponent("Include/noise.glsl"), encoding: .utf8)
        for file in [EmbeddedShaderFile.colorWhiteNoise, .colorRainbowNoise, .colorLightGrid] {
            let written = try String(contentsOf: Self.shaders.appendingPathComponent(file.path + ".glsl"), encoding: .utf8)
            #expect(written.contains("#include \"noise.glsl\"") && !written.contains("0x7feb352du"), "\(file.path)")
            #expect(file.source.contains(noise.hasSuffix("\n") ? String(noise.dropLast()) : noise), "\(file.path)")
            #expect(!file.source.split(separator: "\n").contains { $0.hasPrefix("#include") }, "\(file.path)")
        }
        #expect(EmbeddedShaders.all.allSatisfy { !$0.path.hasPrefix("Include/") })
    }

    /// After an include a shader file's lines keep their own numbers, and the included lines are
    /// named by the include's file and line.
    @Test func linesAfterAnIncludeKeepTheirNumbers() throws {
        let file = EmbeddedShaderFile.colorWhiteNoise
        let written = try String(contentsOf: Self.shaders.appendingPathComponent(file.path + ".glsl"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let embedded = file.source.split(separator: "\n", omittingEmptySubsequences: false)
        // Number the embedded lines as GLSL ES does: `#line N` makes the next line N.
        var number = 1
        var numbered: [(Int, Substring)] = []
        for line in embedded {
            if line.hasPrefix("#line ") { number = Int(line.dropFirst(6))!; continue }
            numbered.append((number, line))
            number += 1
        }
        for (number, line) in numbered where number < EmbeddedShaders.includeFirstLine {
            #expect(written[number - 1] == line, "line \(number)")
        }
        let library = BuiltInEffects.library(for: file)
        let first = EmbeddedShaders.includeFirstLine
        #expect(Stitcher.describe(log: "0:\(first + 8)(5): error: e", library: library) == "Shaders/Include/noise.glsl:9:5: error: e")
        #expect(Stitcher.describe(log: "0:3(5): error: e", library: library) == "Shaders/Color/whiteNoise.glsl:3:5: error: e")
    }
}
