import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX
@testable import ShaderFXCLI
@testable import ShaderFXCore
import ShaderFXUI

/// Runs the built `shaderfx` binary and captures what it prints (both outputs drained at once,
/// so a command that writes much to standard error cannot stall).
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Standard output as bytes (for binary output such as raw frames).
    let stdoutBytes: Data

    /// The package root.
    static let root = repositoryRoot

    /// The binary `swift build` made (debug), or SHADERFX_BIN.
    static var binary: String {
        ProcessInfo.processInfo.environment["SHADERFX_BIN"] ?? root.appendingPathComponent(".build/debug/shaderfx").path
    }

    /// Runs the binary (or `executable`) with `arguments` in the package root, SHADERFX_BACKEND unset.
    init(_ arguments: [String], environment: [String: String] = [:], executable: String = CLIRun.binary) throws {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SHADERFX_BACKEND")
        for (k, v) in environment { env[k] = v }
        let result = try runProcess(executable, arguments, environment: env, directory: Self.root)
        status = result.status
        stdout = result.stdout
        stdoutBytes = result.stdoutBytes
        stderr = result.stderr
    }
}

/// Runs `arguments`, which must be a usage error: exit 2, `message` on standard error, and none
/// of `outputs` (names in the package root) written.
func expectUsageError(_ arguments: [String], saying message: String, writing outputs: [String],
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
    let run = try CLIRun(arguments)
    #expect(run.status == 2, "\(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.contains(message), "stderr was: \(run.stderr)", sourceLocation: sourceLocation)
    for name in outputs {
        #expect(!FileManager.default.fileExists(atPath: CLIRun.root.appendingPathComponent(name).path),
                "\(name) was written", sourceLocation: sourceLocation)
    }
}

/// The renderer the tests' own pictures are drawn on (the built-in pictures' views, expected
/// frames): one context for the whole run.
enum TestGPU {
    static let renderer = Result { try Renderer(options: GPUOptions(backend: .surfaceless)) }
    static func get() throws -> Renderer { try renderer.get() }
}

/// GL_RENDERER as `shaderfx info` reports it on this machine (llvmpipe here, a GPU elsewhere).
func currentRenderer() throws -> String {
    let info = try CLIRun(["info"])
    let line = info.stdout.split(separator: "\n").first { $0.hasPrefix("GL_RENDERER:") } ?? ""
    return String(line.dropFirst("GL_RENDERER:".count)).trimmingCharacters(in: .whitespaces)
        .replacingOccurrences(of: " (software rendering)", with: "")
}

/// The largest difference between two PNG files, in 8-bit levels of straight RGBA (255 when
/// their sizes differ).
func pngLevels(_ a: String, _ b: String) throws -> Int {
    let x = PNG.straight8(try PNG.read(path: a)).rgba, y = PNG.straight8(try PNG.read(path: b)).rgba
    guard x.count == y.count else { return 255 }
    return zip(x, y).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// Frame `k` of a frame folder that `animate -o DIR/` wrote.
func frameFile(_ dir: URL, _ k: Int) -> String {
    dir.appendingPathComponent(String(format: "frame_%05d.png", k)).path
}


@Suite(.serialized) struct EndToEndTests {
    @Test func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: CLIRun.binary), "build first: swift build (looked for \(CLIRun.binary))")
    }

    @Test func helpListsTheCommands() throws {
        let run = try CLIRun(["--help"])
        #expect(run.status == 0)
        for command in ["render", "effects", "info"] { #expect(run.stdout.contains(command)) }
        let render = try CLIRun(["render", "ripple", "--help"])
        #expect(render.status == 0)
        #expect(render.stdout.contains("--amplitude"))
        #expect(render.stdout.contains("(default: 12)"))
    }

    @Test func rendersARippleAndSaysWhichRendererDrewIt() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("ripple.png").path
            let run = try CLIRun(["render", "ripple", "--size", "64x48", "--origin", "32,24", "--time", "0.02", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(" on \(try currentRenderer()) via "), "\(run.stdout)")
            #expect(run.stderr.isEmpty)
            let image = try PNG.read(path: out)
            #expect(image.width == 64 && image.height == 48)
            #expect(try image != BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get()))
        }
    }

    @Test func scaleTwoDoublesTheSize() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("s.png").path
            let run = try CLIRun(["render", "stripes", "--size", "40x30", "--scale", "2", "-q", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
            let image = try PNG.read(path: out)
            #expect(image.width == 80 && image.height == 60)
        }
    }

    @Test func aBlurOfRadius500Finishes() throws {
        // It took 160 s on llvmpipe when the blur's cost grew with its radius; it runs on a grid
        // 64 times coarser now, in well under a second.
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("blur.png").path
            let run = try CLIRun(["render", "blur", "--radius", "500", "--size", "128x96", "-q", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let image = try PNG.read(path: out)
            #expect(image.width == 128 && image.height == 96)
            // A blur of 500 points over 128 x 96 leaves a faint, nearly uniform glow.
            let alphas = image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
            #expect(alphas.max()! - alphas.min()! < 0.01 && alphas.max()! > 0 && alphas.max()! < 0.05, "\(alphas.min()!)...\(alphas.max()!)")
        }
    }

    @Test func effectsListsParametersAndDefaults() throws {
        let run = try CLIRun(["effects"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("ripple  (layerEffect)"))
        #expect(run.stdout.contains("stripes  (fill)"))
        #expect(run.stdout.contains("--speed <float>"))
        #expect(run.stdout.contains("(default: 1200)"))
    }

    @Test func infoNamesTheRenderer() throws {
        let run = try CLIRun(["info", "--backend", "surfaceless"])
        #expect(run.status == 0)
        let renderer = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("GL_RENDERER:") })
        #expect(renderer.dropFirst("GL_RENDERER:".count).trimmingCharacters(in: .whitespaces).isEmpty == false)
        // Mesa's software rasteriser says so; a GPU's driver does not.
        #expect(renderer.contains("llvmpipe") == renderer.contains("(software rendering)"), "\(renderer)")
        #expect(run.stdout.contains("OpenGL ES 3"))
    }

    @Test(arguments: [
        (["render", "ripple"], "missing required option '--output <FILE>'"),
        (["render", "rippel", "-o", "x.png"], "did you mean 'ripple'?"),
        (["render", "ripple", "--time", "abc", "-o", "x.png"], "--time: expected a number, got 'abc'"),
        (["render", "ripple", "--origin", "5", "-o", "x.png"], "--origin: expected a point X,Y"),
        (["render", "ripple", "--ouput", "x.png"], "did you mean '--output'?"),
        (["render", "ripple", "--backend", "vulkan", "-o", "x.png"], "--backend: unknown backend 'vulkan'"),
        (["render", "ripple", "--scale", "0", "-o", "x.png"], "--scale"),
        (["render", "--shader", "examples/vignette.glsl", "--kind", "color", "-o", "x.png"], "--arg strength=<float>"),
        (["render", "--shader", "examples/vignette.glsl", "--kind", "color", "--arg", "strength=1", "--arg", "tint=nope", "--arg", "bounds=bounds", "-o", "x.png"], "--arg tint"),
        (["frobnicate"], "unknown command 'frobnicate'"),
    ] as [([String], String)])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        try expectUsageError(arguments, saying: message, writing: ["x.png"])
    }

    @Test func aCustomShaderChainsWithBuiltInEffects() throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("chain.png").path
            let run = try CLIRun(["render", "--shader", "examples/vignette.glsl", "--kind", "color", "--arg", "strength=0.8",
                                  "--arg", "tint=indigo", "--arg", "bounds=bounds", "--then", "ripple", "--origin", "24,16",
                                  "--time", "0.02", "--size", "48x32", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("vignette then ripple"))
        }
    }

    @Test func aCorruptInputFailsWithoutWritingOutput() throws {
        try withTemporaryFolder { (dir) throws in
            let input = dir.appendingPathComponent("broken.png")
            var bytes = try PNG.encode(try BuiltInPicture.pool.draw(width: 32, height: 32, on: TestGPU.get()))
            bytes.removeLast(40)
            try Data(bytes).write(to: input)
            let out = dir.appendingPathComponent("out.png").path
            let run = try CLIRun(["render", "ripple", "--time", "0.1", "-i", input.path, "-o", out])
            #expect(run.status == 1)
            #expect(run.stderr.contains("broken.png"))
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["broken.png"])
        }
    }

    @Test func aShaderThatDoesNotCompileNamesTheUsersLine() throws {
        try withTemporaryFolder { (dir) throws in
            let shader = dir.appendingPathComponent("bad.glsl")
            try "// a user's effect\nvec4 bad(vec2 position, vec4 color) {\n    return colr;\n}\n".write(to: shader, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("out.png").path
            let run = try CLIRun(["render", "--shader", shader.path, "--kind", "color", "-o", out])
            #expect(run.status == 1)
            #expect(run.stderr.contains("bad.glsl:3:"), "stderr was: \(run.stderr)")
            #expect(run.stderr.contains("colr"))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test func aMissingGPUBackendIsASetUpError() throws {
        // Without render nodes gbm has none to open; with them, none has index 4096.
        let run = try CLIRun(["info", "--backend", "gbm", "--device", "4096"])
        #expect(run.status == 2, "\(run.stderr)")
        if FileManager.default.fileExists(atPath: "/dev/dri") {
            #expect(run.stderr.contains("4096"), "\(run.stderr)")
        } else {
            #expect(run.stderr.contains("no /dev/dri/renderD* node"), "\(run.stderr)")
        }
    }

    @Test func anUnwritableOutputFails() throws {
        let run = try CLIRun(["render", "stripes", "--size", "8x8", "-o", "/nonexistent-dir/out.png"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("/nonexistent-dir"))
    }

    @Test func theBackendCanComeFromTheEnvironment() throws {
        let run = try CLIRun(["info"], environment: ["SHADERFX_BACKEND": "surfaceless"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("backend:          surfaceless\n"))
        let bad = try CLIRun(["info"], environment: ["SHADERFX_BACKEND": "bogus"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("SHADERFX_BACKEND: unknown backend 'bogus'"))
    }
}

@Suite struct EffectOptionTests {
    /// Every built-in effect's parameters become options of `render` and `animate`; a name
    /// that one of those commands already uses would make the option ambiguous.
    @Test(arguments: BuiltInEffects.all.map { $0.name })
    func effectParametersDoNotShadowCommandOptions(name: String) throws {
        let effect = try #require(BuiltInEffects.named(name))
        for command in [RenderCommand.commandDescription, AnimateCommand.commandDescription] {
            let taken = Set(command.options.map(\.name) + ["help"])
            for parameter in effect.options {
                #expect(!taken.contains(parameter.name), "\(name) --\(parameter.name) is also a '\(command.name)' option")
            }
        }
    }

    @Test(arguments: BuiltInEffects.all.map { $0.name })
    func everyEffectRendersFromTheCommandLine(name: String) throws {
        try withTemporaryFolder { (dir) throws in
            let out = dir.appendingPathComponent("\(name).png").path
            let run = try CLIRun(["render", name, "--size", "48x32", "-q", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            // What the command wrote is the library's rendering of the effect with its defaults,
            // over the picture the command picks (a disc for fills, the pool floor otherwise).
            let effect = try #require(BuiltInEffects.named(name))
            let picture = try (effect.kind == .fill ? BuiltInPicture.circle : .pool).draw(width: 48, height: 32, on: TestGPU.get())
            let expected = try TestGPU.get().render(picture, effects: try effect.init(values: ParameterValues()).passes)
            let written = try PNG.read(path: out)
            #expect(written.width == expected.width && written.height == expected.height)
            #expect(maxLevels(written, expected) <= 1.001, "\(name)")
        }
    }
}

@Suite struct EffectsJSONTests {
    @Test func effectsJSONListsEveryEffectWithItsTable() throws {
        let run = try CLIRun(["effects", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let catalogue = try JSONDecoder().decode(ShaderCatalogue.self, from: Data(run.stdout.utf8))
        #expect(catalogue == ShaderCatalogue.builtIn)
        #expect(catalogue.effects.map(\.name) == BuiltInEffects.all.map { $0.name })
        #expect(catalogue.transitions.map(\.name) == BuiltInTransitions.all.map { $0.name })
        for (listing, type) in zip(catalogue.effects, BuiltInEffects.all) {
            #expect(listing.kind == type.kind, "\(type.name)")
            let table = type.jsonRows()
            #expect(listing.parameters.map(\.name) == table.map(\.name), "\(type.name)")
            #expect(listing.parameters.map(\.type) == table.map(\.type), "\(type.name)")
            #expect(listing.parameters.map(\.default) == table.map(\.defaultText), "\(type.name)")
            #expect(listing.parameters.map(\.range) == table.map(\.range), "\(type.name)")
            #expect(listing.parameters.map(\.help) == table.map(\.help), "\(type.name)")
        }
        // Every key is written, null where there is none.
        #expect(run.stdout.contains("\"range\" : null") && run.stdout.contains("\"default\" : null"))
    }

    @Test func effectsJSONForOneEffect() throws {
        let run = try CLIRun(["effects", "ripple", "--json"])
        let catalogue = try JSONDecoder().decode(ShaderCatalogue.self, from: Data(run.stdout.utf8))
        #expect(catalogue.effects.map(\.name) == ["ripple"] && catalogue.transitions.isEmpty)
        #expect(catalogue.effects[0].parameters.first { $0.name == "amplitude" }?.default == "12")
    }

    @Test func infoJSON() throws {
        let run = try CLIRun(["info", "--json", "--backend", "surfaceless"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["backend"] as? String == "surfaceless")
        #expect((object?["glVersion"] as? String)?.contains("OpenGL ES") == true)
        #expect(object?["devices"] is [Any])
    }
}

extension BuiltInEffect {
    /// The table's rows as the JSON should list them: the options, each row read directly.
    static func jsonRows() -> [(name: String, type: ValueType, defaultText: String?, range: [Double]?, help: String)] {
        let defaults = Self()
        return table.filter { $0.type != .boundingRect }.map { row in
            let text = row.text(defaults)
            return (row.name, row.type, text.isEmpty ? nil : text, row.range.map { [$0.lowerBound, $0.upperBound] }, row.help)
        }
    }
}
