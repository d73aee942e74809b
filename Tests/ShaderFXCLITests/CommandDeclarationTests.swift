import Testing
@testable import ShaderFXCLI
@testable import ShaderFXCore

/// The commands as values: one registry, options declared as typed properties.
@Suite struct CommandDeclarationTests {
    @Test func everyCommandIsRegisteredOnceAndRoutable() throws {
        let names = ShaderFXCLI.commands.map { $0.configuration.name }
        #expect(Set(names).count == names.count)
        #expect(names == ["render", "translate", "animate", "transition", "compare", "test", "batch", "effects", "info", "montage", "generate", "precision"])
        for name in names {
            guard case let .command(description, _) = try ShaderFXCLI.tool.route([name]) else {
                Issue.record("\(name) is not routed to a command")
                continue
            }
            #expect(description.name == name)
        }
    }

    @Test func propertyNamesBecomeKebabCaseOptionNames() {
        #expect(optionName(forProperty: "_maxSampleOffset") == "max-sample-offset")
        #expect(optionName(forProperty: "cudaDevice") == "cuda-device")
        #expect(optionName(forProperty: "output") == "output")
        let options = Set(RenderCommand.commandDescription.options.map(\.name))
        #expect(options.isSuperset(of: ["output", "scale", "region", "disabled", "quiet", "input", "picture", "size",
                                        "shader", "library", "include", "function", "kind", "max-sample-offset", "arg", "backend", "device", "cuda-device"]))
    }

    @Test func typedPropertiesHoldTheParsedValues() throws {
        let words = ["ripple", "-o", "x.png", "--scale", "3", "--region", "grown", "--disabled", "--picture", "circle",
                     "--size", "64x48", "--cuda-device", "1", "--amplitude", "20", "--then", "blur", "--radius", "4"]
        guard case let .command(render, context) = try CommandRunner.parse(RenderCommand.self, words) else {
            Issue.record("parsed as a help request")
            return
        }
        #expect(render.effect == "ripple")
        #expect(render.output == .png("x.png"))
        #expect(render.scale == 3)
        #expect(render.region == .grown)
        #expect(render.disabled)
        #expect(!render.quiet)
        #expect(render.inputFlags.picture == .circle)
        #expect(render.inputFlags.size == SIMD2(64, 48))
        #expect(render.gpu.cudaDevice == 1)
        #expect(render.gpu.device == nil)
        #expect(render.custom.shader == nil)
        #expect(context.parsed.string("amplitude") == "20")
        #expect(context.chain.map { stage -> String in
            if case let .builtIn(effect, _) = stage { return effect.name }
            return "custom"
        } == ["blur"])
    }

    @Test func absentOptionsKeepTheirDeclaredDefaults() throws {
        guard case let .command(animate, _) = try CommandRunner.parse(AnimateCommand.self, ["ripple", "-o", "f/"]) else {
            Issue.record("parsed as a help request")
            return
        }
        #expect(animate.fps == 60)
        #expect(animate.scale == 1)
        #expect(animate.duration == nil)
        #expect(animate.frames == nil)
        #expect(animate.gestureFlags.tap.isEmpty)
        guard case let .command(compare, _) = try CommandRunner.parse(CompareCommand.self, ["a.png", "b.png"]) else {
            Issue.record("parsed as a help request")
            return
        }
        #expect(compare.threshold == 0.1)
        #expect(compare.maxDifferentPixels == nil)
        #expect(!compare.json)
    }

    @Test func rangesAndChoicesAreCheckedWhileParsing() {
        #expect(throws: UsageError.self) { try CommandRunner.parse(RenderCommand.self, ["ripple", "-o", "x.png", "--scale", "9"]) }
        #expect(throws: UsageError.self) { try CommandRunner.parse(RenderCommand.self, ["ripple", "-o", "x.png", "--region", "all"]) }
        #expect(throws: UsageError.self) { try CommandRunner.parse(TransitionCommand.self, ["wind", "-o", "x.png", "-p", "1.5"]) }
        #expect(throws: UsageError.self) { try CommandRunner.parse(MontageCommand.self, ["a.png", "-o", "x.png", "--columns", "0"]) }
    }
}
