import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXCLI
@testable import ShaderFXCore

/// Every place a user types a value reads it through the one reader of its form: the
/// command line, `--arg`, `--then` stages, golden cases and batch jobs refuse `1,,2` alike.
@Suite("Value forms on the command line")
struct ValueFormCLITests {
    @Test(arguments: [
        ["render", "ripple", "--origin", "1,,2"],
        ["render", "ripple", "--origin", "1,"],
        ["render", "ripple", "--origin", ",2"],
        ["render", "ripple", "--origin=1,,2"],
        ["animate", "ripple", "--origin", "1,,2"],
        ["render", "blur", "--then", "ripple", "--origin", "1,,2"],
    ])
    func anEmptyPartOfAPointIsAUsageError(_ arguments: [String]) throws {
        try withTemporaryFolder { (dir) throws in
            let run = try CLIRun(arguments + ["--size", "16x12", "-o", dir.path + "/o.png"])
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("--origin: expected a point X,Y in points"), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        }
    }

    @Test func aShadersPointAndListArgumentsRefuseEmptyParts() throws {
        try withTemporaryFolder { (dir) throws in
            let shader = dir.path + "/s.glsl"
            try "vec4 f(vec2 position, vec4 color, vec2 origin, FloatArray weights) { return color; }\n"
                .write(toFile: shader, atomically: true, encoding: .utf8)
            let base = ["render", "--shader", shader, "--size", "8x8", "-q", "-o", dir.path + "/o.png"]
            #expect(try CLIRun(base + ["--arg", "origin=1,2", "--arg", "weights=1,2"]).status == 0)
            for (args, expected) in [(["origin=1,,2", "weights=1"], "--arg origin: expected two numbers X,Y, got '1,,2'"),
                                     (["origin=1,2", "weights=1,,2"], "--arg weights: expected numbers separated by commas, got '1,,2'"),
                                     (["origin=1,2", "weights=1,"], "--arg weights: expected numbers separated by commas")] {
                let run = try CLIRun(base + args.flatMap { ["--arg", $0] })
                #expect(run.status == 2 && run.stderr.contains(expected), "\(args): \(run.stderr)")
            }
        }
    }

    @Test func sizesTapsAndKeyframeTimesUseTheirOneReader() throws {
        try withTemporaryFolder { (dir) throws in
            let out = ["-o", dir.path + "/o"]
            for (arguments, expected) in [
                (["render", "ripple", "--size", "16xx12"], "--size: expected a size WxH"),
                (["animate", "ripple", "--size", "16x12", "--tap", "1,,2"], "--tap: expected X,Y or X,Y@T"),
                (["animate", "ripple", "--size", "16x12", "--drag", "1,2@0;3,@1"], "--drag: expected X,Y@T"),
                (["animate", "ripple", "--size", "16x12", "--keyframe", "amplitude=3@-1"], "--keyframe: expected NAME=VALUE@T"),
                (["render", "--shader", "examples/vignette.glsl", "--max-sample-offset", "1,,2", "--size", "16x12"], "--max-sample-offset: expected W or W,H"),
            ] {
                let run = try CLIRun(arguments + out)
                #expect(run.status == 2 && run.stderr.contains(expected), "\(arguments): \(run.stderr)")
            }
        }
    }

    @Test func aBatchJobAndAGoldenCaseRefuseAnEmptyPartOfAPoint() throws {
        try withTemporaryFolder { (dir) throws in
            let jobs = dir.path + "/jobs.jsonl"
            try #"""
            {"effect": "ripple", "parameters": {"origin": "1,,2"}, "size": "16x12", "output": "bad.png"}
            {"effect": "ripple", "parameters": {"origin": "1,2"}, "size": "16x12", "output": "good.png"}
            """#.write(toFile: jobs, atomically: true, encoding: .utf8)
            let batch = try CLIRun(["batch", jobs])
            #expect(batch.status == 1, "\(batch.stderr)")
            let lines = batch.stdout.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first?.contains(#""ok":false"#) == true && lines.first?.contains("parameters.origin") == true, "\(batch.stdout)")
            #expect(lines.last?.contains(#""ok":true"#) == true, "\(batch.stdout)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/bad.png"))

            let suite = dir.path + "/suite"
            try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: false)
            try #"{"effect": "ripple", "parameters": {"origin": "1,,2"}, "size": "16x12"}"#
                .write(toFile: suite + "/ripple.json", atomically: true, encoding: .utf8)
            let test = try CLIRun(["test", suite, "--report", dir.path + "/report"])
            #expect(test.status == 2, "\(test.stderr)")
            #expect(test.stderr.contains("parameters.origin") && test.stderr.contains("1,,2"), "\(test.stderr)")
        }
    }

    @Test func timeoutIsReadByTheCommandLine() throws {
        #expect(try TimeoutOption.extract(from: ["render", "--timeout", "3", "x"]) == (["render", "x"], 3) as ([String], Double))
        #expect(try TimeoutOption.extract(from: ["--timeout=0", "a", "--", "--timeout", "9"]).seconds == 0)
        #expect(try TimeoutOption.extract(from: ["a"]).seconds == TimeoutOption.defaultSeconds)
        #expect(throws: TimeoutOptionError.self) { try TimeoutOption.extract(from: ["--timeout", "-1"]) }
        #expect(throws: TimeoutOptionError.self) { try TimeoutOption.extract(from: ["--timeout"]) }
        #expect(throws: TimeoutOptionError.self) { try TimeoutOption.extract(from: ["--timeout", "1,,2"]) }
        #expect(TimeoutOption.expiryMessage(seconds: 3) == "shaderfx: error: timed out after 3 s (--timeout)")
        let run = try CLIRun(["--timeout", "x", "info"])
        #expect(run.status == 2 && run.stderr.contains("--timeout: 'x' is not a number of seconds"), "\(run.stderr)")
    }

    /// The libraries' errors carry values; the command line words them with its options.
    @Test func theCommandLineWordsTheLibrariesErrors() {
        let pixels = RenderBudgetError(width: 100, height: 100, kind: .pixels(limit: 5000))
        #expect(!pixels.description.contains("--"))
        #expect(ErrorWording.message(pixels).hasSuffix("; raise it with --max-pixels 1048576 if the machine has the memory, or render smaller"))
        let side = RenderBudgetError(width: 20000, height: 10, kind: .dimension(limit: 16384))
        #expect(!side.description.contains("--") && ErrorWording.message(side).hasSuffix("at a lower --scale"))
        let display = GPUError.noDisplay(backend: "device", reason: "none")
        #expect(!display.description.contains("--backend") && !display.description.contains("shaderfx"))
        #expect(ErrorWording.message(display).contains("Try --backend surfaceless") && ErrorWording.message(display).contains("'shaderfx info'"))
        let device = GPUError.noDevice(requested: "#3", available: 1)
        #expect(!device.description.contains("shaderfx") && ErrorWording.message(device).hasSuffix("'shaderfx info' lists them"))
        let image = ImageError.tooLarge(path: "a.png", width: 9000, height: 9000, limit: .pixelBudget(100))
        #expect(!image.description.contains("--") && ErrorWording.message(image).hasSuffix("raise the budget with --max-pixels"))
    }

    @Test func translateWritesThroughOutputFile() throws {
        try withTemporaryFolder { (dir) throws in
            // Through a link: the link stays, its target gets the GLSL, no temporary file is left.
            let target = dir.path + "/real.glsl", link = dir.path + "/link.glsl"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.glsl")
            let run = try CLIRun(["translate", "examples/metal/Stripes.metal", "-o", link])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.glsl")
            #expect(try String(contentsOfFile: target, encoding: .utf8).contains("vec4 Stripes(vec2 position"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["link.glsl", "real.glsl"])
            // A folder that does not exist: the writer's message, exit 1.
            let missing = try CLIRun(["translate", "examples/metal/Stripes.metal", "-o", dir.path + "/no/such.glsl"])
            #expect(missing.status == 1 && missing.stderr.contains("cannot write the file"), "\(missing.stderr)")
        }
    }
}

/// The typed layer answers "was it given" without a name, and `--then` stages go through the
/// parser's one tokeniser.
@Suite("Typed options and chains")
struct TypedOptionTests {
    @Test func anOptionsProjectedValueSaysWhetherItWasGiven() throws {
        guard case let .command(test, _) = try CommandRunner.parse(TestCommand.self, ["suite", "--filter", "a", "--device", "1"]) else {
            Issue.record("expected a command"); return
        }
        #expect(test.$filter.isGiven && test.$filter.spelling == "--filter")
        #expect(!test.$record.isGiven && test.gpuFlags.$device.isGiven && !test.gpuFlags.$backend.isGiven)
        #expect(test.gpuFlags.$cudaDevice.spelling == "--cuda-device")
        let merge = try CLIRun(["test", "--merge", "a", "b", "--cuda-device", "0"])
        #expect(merge.status == 2 && merge.stderr.contains("--cuda-device cannot be used with --merge"), "\(merge.stderr)")
    }

    @Test func dispatchRunsTheCommandTypeOfItsDescription() throws {
        for command in ShaderFXCLI.commands {
            guard case let .command(description, _) = try ShaderFXCLI.tool.route([command.configuration.name]) else {
                Issue.record("\(command)"); continue
            }
            #expect(description.commandType == command)
        }
    }

    @Test func chainedStagesUseTheOneTokeniser() throws {
        let render = RenderCommand.commandDescription
        // The stage's own options (=, spaced), the command's handed back as typed, in any place.
        let chain = try EffectChain(["ripple", "--then", "blur", "-o", "x.png", "--radius=3", "-q", "--then", "ripple", "--origin", "-5,10", "--scale", "2"],
                                    command: render, animates: false)
        #expect(chain.arguments == ["ripple", "-o", "x.png", "-q", "--scale", "2"])
        #expect(chain.stages.count == 2)
        if case let .builtIn(effect, values) = chain.stages[0] { #expect(effect.name == "blur" && values.raw == ["radius": "3"]) }
        if case let .builtIn(effect, values) = chain.stages[1] { #expect(effect.name == "ripple" && values.raw == ["origin": "-5,10"]) }
        // A value that is an option is not taken as the value (the parser's rule everywhere).
        #expect(throws: UsageError.missingValue(option: "--radius", valueName: "FLOAT")) {
            try EffectChain(["ripple", "--then", "blur", "--radius", "--scale", "2"], command: render, animates: false)
        }
        #expect(throws: UsageError.self) { try EffectChain(["ripple", "--then", "blur", "--radios", "2"], command: render, animates: false) }
        // --time-arg belongs to a chained shader only where the command animates.
        #expect(throws: UsageError.self) {
            try EffectChain(["ripple", "--then", "--shader", "s.glsl", "--time-arg", "t"], command: render, animates: false)
        }
        let animate = try EffectChain(["ripple", "--then", "--shader", "s.glsl", "--time-arg", "t"],
                                      command: AnimateCommand.commandDescription, animates: AnimateCommand.animatesEffectChain)
        if case let .custom(flags, animation) = animate.stages[0] { #expect(flags.shader == "s.glsl" && animation?.timeArg == "t") }
    }
}
