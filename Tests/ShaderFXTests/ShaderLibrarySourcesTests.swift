import Foundation
import Testing
@testable import ShaderFX

/// What a library adds around its GLSL: kinds inferred from signatures, the function chosen,
/// and messages placed in the file the developer wrote (through a translation's line map).
@Suite struct ShaderLibrarySourcesTests {
    @Test func kindsComeFromTheSignature() {
        #expect(EffectKind.inferred(returnType: "vec4", parameterTypes: ["vec2", "vec4", "float"]) == .color)
        #expect(EffectKind.inferred(returnType: "vec4", parameterTypes: ["vec2", "vec4"]) == .color)
        #expect(EffectKind.inferred(returnType: "vec2", parameterTypes: ["vec2", "vec4"]) == .distortion)
        #expect(EffectKind.inferred(returnType: "vec2", parameterTypes: ["vec2"]) == .distortion)
        #expect(EffectKind.inferred(returnType: "vec4", parameterTypes: ["vec2", "Layer", "vec2"]) == .layer)
        #expect(EffectKind.inferred(returnType: "vec4", parameterTypes: ["vec2", "float", "ColorArray"]) == .fill)
        #expect(EffectKind.inferred(returnType: "vec4", parameterTypes: ["vec2"]) == .fill)
        #expect(EffectKind.inferred(returnType: "vec4", parameterTypes: ["float"]) == nil)
        #expect(EffectKind.inferred(returnType: "float", parameterTypes: ["vec2"]) == nil)
        #expect(EffectKind.inferred(returnType: "vec4", parameterTypes: []) == nil)
    }

    static let glsl = ShaderLibrary(source: """
        // helpers do not fit a kind
        float wave(float x) { return sin(x); }
        vec4 tint(vec2 position, vec4 color, vec4 with) { return with * color.a; }
        vec2 /* a comment */ shift(vec2 position, float by) { return position + by; }
        vec4 look(vec2 position, Layer layer) { return sampleLayer(layer, position); }
        vec4 paint(vec2 position, float thickness, ColorArray colors) { return at(colors, 0); }
        vec4 noise(sampler2D tex, vec2 uv) { return texture(tex, uv); }
        """, name: "lib.glsl")

    @Test func aGLSLLibrarysEffectFunctionsAreThoseThatFitAKind() {
        let functions = Self.glsl.effectFunctions()
        #expect(functions.map(\.name) == ["tint", "shift", "look", "paint"])
        #expect(functions.map(\.kind) == [.color, .distortion, .layer, .fill])
    }

    @Test func resolvingInfersChecksAndChooses() throws {
        #expect(try Self.glsl.resolve(function: "shift", kind: nil).kind == .distortion)
        #expect(try Self.glsl.resolve(function: "shift", kind: nil).parameters.map(\.name) == ["by"])
        #expect(try Self.glsl.resolve(function: "tint", kind: .fill).kind == .fill)   // a colour-shaped fill, asked for
        let mismatch = #expect(throws: ShaderError.self) { try Self.glsl.resolve(function: "look", kind: .color) }
        #expect(mismatch?.description.hasPrefix("lib.glsl:5: look: its signature makes it a layer effect") == true, "\(mismatch!)")
        #expect(mismatch?.description.contains("not a color effect") == true)
        let several = #expect(throws: ShaderError.self) { try Self.glsl.resolve(function: nil, kind: nil) }
        #expect(several?.description == "lib.glsl: several effect functions, name the one to use: tint (color), shift (distortion), look (layer), paint (fill)")
        let none = #expect(throws: ShaderError.self) { try Self.glsl.resolve(function: "wave", kind: nil) }
        #expect(none?.description.contains("wave: parameter 'x' has type 'float'") == true || none?.description.contains("fits no effect kind") == true, "\(none!)")
        // One effect function: no name needed; several but one named as the file: that one (as before).
        let one = ShaderLibrary(source: "float h(float x) { return x; }\nvec2 only(vec2 position) { return position; }", name: "x.glsl")
        #expect(try one.resolve(function: nil, kind: nil).function.name == "only")
        let named = ShaderLibrary(source: "vec2 a(vec2 position) { return position; }\nvec2 file(vec2 position) { return position; }",
                                  name: "dir/file.glsl")
        #expect(try named.resolve(function: nil, kind: nil).function.name == "file")
    }

    /// A translated library: GLSL lines 2...4 came from Foo.metal lines 10...12, line 1 was generated.
    static let translated = ShaderLibrary(
        source: "float sfx_helper(float x) { return x; }\nvec4 foo(vec2 position,\n  vec4 color) {\n  return colr; }\n",
        name: "Foo.metal",
        lineMap: [nil, ShaderSourceLocation(file: "Foo.metal", line: 10, column: 1),
                  ShaderSourceLocation(file: "Foo.metal", line: 11, column: 3), ShaderSourceLocation(file: "Inc.h", line: 12, column: 3)],
        stitchableFunctions: [StitchableFunction(name: "foo", kind: .color)])

    @Test func translatedLinesAreNamedByTheirOrigin() throws {
        #expect(Self.translated.origin(ofLine: 2) == ShaderSourceLocation(file: "Foo.metal", line: 10))
        #expect(Self.translated.origin(ofLine: 1) == nil)
        #expect(Self.translated.origin(ofLine: 99) == nil)
        #expect(Self.glsl.origin(ofLine: 3) == ShaderSourceLocation(file: "lib.glsl", line: 3))
        #expect(Stitcher.describe(log: "0:4(10): error: `colr' undeclared", library: Self.translated)
                == "Inc.h:12:3: error: `colr' undeclared (generated GLSL 4:10)")
        #expect(Stitcher.describe(log: "0:1(2): error: e", library: Self.translated) == "Foo.metal (generated GLSL):1:2: error: e")
        #expect(Stitcher.describe(log: "1(3) : error C0000: e", library: Self.translated) == "Foo.metal:11:3: error C0000: e (generated GLSL 3)")
        #expect(Stitcher.describe(log: "0:100002(1): error: m", library: Self.translated) == "<ShaderFX generated main>:2:1: error: m")
        // Only the stitchable function is an effect function, though sfx_helper is not one anyway.
        #expect(Self.translated.effectFunctions().map(\.name) == ["foo"])
        let mismatch = #expect(throws: ShaderError.self) { try Self.translated.resolve(function: nil, kind: .layer) }
        #expect(mismatch?.description.hasPrefix("Foo.metal:10: foo: its signature makes it a color effect") == true, "\(mismatch!)")
    }

    @Test func aCompileErrorInTranslatedCodeNamesTheMetalLine() throws {
        let error = #expect(throws: ShaderError.self) {
            try TestGPU.get().render(gradientImage(), effects: [.colorEffect(Self.translated.foo())])
        }
        guard case let .compileFailed(file, log) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(file == "Foo.metal")
        // Mesa writes "error:", NVIDIA "error C1503:": the place is what matters.
        #expect(log.contains("Inc.h:12:3: error"), "\(log)")
        #expect(log.contains("colr"))
    }

    /// The translator's real line map: a driver error on a translated line (here planted in the
    /// GLSL, as a translator bug would leave one) is reported at the Metal line it came from.
    @Test func theTranslatorsLineMapPlacesDriverErrors() throws {
        let metal = """
            #include <metal_stdlib>
            using namespace metal;

            // A comment, then a helper.
            float twice(float x) { return x * 2.0; }

            [[ stitchable ]] half4 tint(float2 position, half4 color, float amount) {
                half4 result = color;
                result.r = half(twice(amount));
                return result;
            }
            """
        let translated = try ShaderLibrary(metalSource: metal, name: "Tint.metal")
        #expect(try TestGPU.get().render(gradientImage(), effects: [.colorEffect(translated.tint(.float(0.25)))]).width == 16)
        let lines = translated.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let broken = try #require(lines.firstIndex { $0.contains("return result;") })
        #expect(translated.origin(ofLine: broken + 1) == ShaderSourceLocation(file: "Tint.metal", line: 10))
        var planted = lines
        planted[broken] = planted[broken].replacingOccurrences(of: "return result;", with: "return reslt;")
        let library = ShaderLibrary(source: planted.joined(separator: "\n"), name: translated.name,
                                    lineMap: translated.lineMap, stitchableFunctions: translated.stitchableFunctions)
        let error = #expect(throws: ShaderError.self) {
            try TestGPU.get().render(gradientImage(), effects: [.colorEffect(library.tint(.float(0.25)))])
        }
        guard case let .compileFailed(file, log) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(file == "Tint.metal")
        // The Metal line and the column where its statement starts (`return result;`, column 5).
        #expect(log.contains("Tint.metal:10:5: error"), "\(log)")
        // Mesa gives a column (8:23), NVIDIA none (8).
        #expect(log.contains("(generated GLSL \(broken + 1):") || log.contains("(generated GLSL \(broken + 1))"), "\(log)")
    }

    @Test func aMetalFileThatDoesNotTranslateIsACompilerStyleError() throws {
        let error = #expect(throws: ShaderError.self) {
            try ShaderLibrary(metalSource: "#include <metal_stdlib>\nusing namespace metal;\n[[ stitchable ]] half4 f(float2 position, half4 color) {\n  return undefinedThing;\n}\n",
                              name: "bad.metal")
        }
        guard case let .translationFailed(file, line, column, message) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(file == "bad.metal")
        #expect(line == 4)
        #expect(column > 0)
        #expect(error!.description == "bad.metal:4:\(column): error: \(message)")
    }

    /// A translation error keeps its notes (and the translation's other errors) in its message,
    /// as clang prints them; `#warning` lines become the library's warnings.
    @Test func translationErrorsKeepTheirNotesAndWarnings() throws {
        let error = #expect(throws: ShaderError.self) {
            try ShaderLibrary(metalSource: "#define TINT (color * missing)\n[[ stitchable ]] half4 f(float2 position, half4 color) { return TINT; }\n",
                              name: "m.metal")
        }
        #expect(error?.description == "m.metal:2:65: error: use of undeclared identifier 'missing'\nm.metal:1:23: note: expanded from macro 'TINT'")
        let warned = try ShaderLibrary(metalSource: "#warning check  me\n[[ stitchable ]] half4 f(float2 position, half4 color) { return color; }\n",
                                       name: "w.metal")
        #expect(warned.warnings == ["w.metal:1:2: warning: check me [-W#warnings]"])
    }

    @Test func missingFilesAndFolders() {
        #expect(throws: ShaderError.self) { try ShaderLibrary(contentsOf: "/nonexistent/x.metal") }
        #expect(throws: ShaderError.self) { try ShaderLibrary(contentsOf: "/nonexistent/x.glsl") }
        #expect(throws: ShaderError.self) { try ShaderLibrary(metalFolder: "/nonexistent") }
    }
}
