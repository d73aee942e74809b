import ShaderFXGolden

/// `shaderfx render`: one effect (built-in or a user's GLSL function) over one picture, to PNG.
enum RenderCommand {
    static let description = CommandDescription(
        name: "render",
        abstract: "Apply an effect to a picture and write a PNG.",
        discussion: """
            Give a built-in effect by name ('shaderfx effects' lists them, with their parameters), or your own \
            function with --shader, --function and --kind. A custom function is written as a SwiftUI \
            [[stitchable]] function is, in GLSL ES 3.0: the kind fixes its leading parameters \
            (color: vec4 f(vec2 position, vec4 color, ...); distortion: vec2 f(vec2 position, ...); \
            layer: vec4 f(vec2 position, Layer layer, ...); fill: vec4 f(vec2 position, ...)), and --arg \
            gives the rest by name. Chain more built-in effects after the first with --then NAME [--PARAM VALUE ...].
            """,
        arguments: [ArgumentDescription("effect", help: "a built-in effect, e.g. ripple or stripes", optional: true)],
        options: [
            .value("output", short: "o", valueName: "FILE", help: "the PNG to write (written whole or not at all)", required: true),
            .value("scale", valueName: "N", help: "pixels per point, as @2x/@3x", default: "1"),
            .value("max-pixels", valueName: "N", help: "the pixel budget: the most pixels of the largest layer (about 128 bytes of memory each); larger renders are refused before anything is allocated", default: "16777216"),
            .value("region", valueName: "frame|grown", help: "write the picture's frame, or the frame grown by maxSampleOffset", default: "frame"),
            .flag("disabled", help: "render with isEnabled: false (the layer drawn unchanged)"),
            .flag("quiet", short: "q", help: "print nothing but errors"),
        ] + InputFlags.options + [
            .value("shader", valueName: "FILE", help: "a GLSL file holding your effect function", section: "CUSTOM SHADER"),
            .value("function", valueName: "NAME", help: "the function to run (default: the file's name)", section: "CUSTOM SHADER"),
            .value("kind", valueName: "KIND", help: "color, distortion, layer or fill", section: "CUSTOM SHADER"),
            .value("max-sample-offset", valueName: "W[,H]", help: "points the function may sample beyond the frame (distortion, layer)", default: "0", section: "CUSTOM SHADER"),
            .value("arg", valueName: "NAME=VALUE",
                   help: "a value for a parameter: float 1.5; vec2 1,2; vec3 1,2,3; vec4 1,2,3,4 or a colour (red, #ff8800) or 'bounds' (the bounding rect); FloatArray 1,2,3; ColorArray red,blue; sampler2D a PNG file",
                   repeatable: true, section: "CUSTOM SHADER"),
        ] + GPUFlags.options,
        examples: [
            UsageExample("shaderfx render ripple --input photo.png --origin 120,80 --time 0.3 -o out.png",
                         explanation: "the WWDC ripple 0.3 s after a tap at (120, 80)"),
            UsageExample("shaderfx render stripes --picture circle --thickness 12 --colors mint,indigo -o stripes.png"),
            UsageExample("shaderfx render blur --radius 30 --then background-warp --time 2 -i cover.png -o warped.png",
                         explanation: "effects chain with --then, each reading the previous one's output"),
            UsageExample("shaderfx render --shader my.glsl --function tint --kind color --arg amount=0.5 --arg color=teal -i in.png -o out.png"),
        ])

    /// The command's description with `effect`'s parameters as options.
    static func description(for effect: any BuiltInEffect.Type) -> CommandDescription {
        description.addingOptions(EffectOptions.options(for: effect))
    }

    static func run(_ all: [String], output: inout Output) throws {
        let chain = try EffectChain(all, command: description)
        let arguments = chain.arguments
        // A first pass finds the effect, whose parameters then become options.
        let first = try description.parse(arguments, collectingUnknownOptions: true)
        let builtIn = try EffectOptions.effect(in: first, arguments: arguments)
        let command = builtIn.map(description(for:)) ?? description
        if first.isHelpRequested { output.print(command.helpText()); return }
        // A misspelt option is reported before anything it may have caused, such as a missing --output.
        try first.checkCollectedOptions(allowed: builtIn?.options.map(\.name) ?? [])
        let args = try command.parse(arguments)
        output.quiet = args.flag("quiet")

        // Validate everything before the first GL call.
        let scale = try args.int("scale", in: 1...8) ?? 1
        let region = try args.choice("region", as: OutputRegion.self) ?? .frame
        guard let outputPath = args.string("output") else { throw UsageError.missingOption("--output <FILE>") }
        let job: Job
        if let builtIn {
            for custom in ["shader", "function", "kind", "max-sample-offset", "arg"] where args.isPresent(custom) {
                throw UsageError.invalidValue(option: "--\(custom)", value: args.values(custom).last ?? "",
                                              expected: "no --\(custom) with a built-in effect (it is for --shader)")
            }
            let value = try builtIn.init(values: EffectOptions.values(for: builtIn, from: args))
            job = Job(effects: value.passes, name: builtIn.name,
                      picture: builtIn.kind == .fill ? .circle : .pool)
        } else {
            job = try customJob(args)
        }
        try InputFlags.validate(args, defaultPicture: job.picture)
        var effects = job.effects
        let firstStageEffects = effects.count
        for stage in chain.stages { effects += try stage.effect.init(values: stage.values).passes }
        let name = ([job.name] + chain.stages.map { $0.effect.name }).joined(separator: " then ")
        if args.flag("disabled") { effects = effects.map { var e = $0; e.isEnabled = false; return e } }

        let options = try GPUFlags.resolve(args)
        let start = ContinuousClock.now
        let renderer = try Renderer(options: options)
        renderer.budget.maxPixels = try args.int("max-pixels", in: 1...(1 << 40)) ?? RenderBudget.defaultMaxPixels
        let (image, inputName) = try InputFlags.load(args, defaultPicture: job.picture, budget: renderer.budget, scale: scale)
        // Image arguments of a custom shader are read now, once; chained stages have none pending.
        let images = try job.imagePaths.mapValues { try renderer.budget.readPNG(path: $0) }
        let resolved = effects.enumerated().map { index, effect in
            index < firstStageEffects ? job.resolveImages(effect, images: images) : effect
        }
        for effect in resolved { try renderer.prepare(effect) }
        let result = try renderer.render(image, effects: resolved, scale: scale, region: region)
        try PNG.write(result, to: outputPath)
        output.status("wrote \(outputPath) (\(result.width)x\(result.height), \(name) over \(inputName)) in \(milliseconds(since: start)) on \(renderer.context.info.summary)")
    }

    /// What to render: the effect, and for custom shaders the image arguments still to load.
    struct Job {
        var effects: [Effect]
        var name: String
        var picture: BuiltInPicture
        var imagePaths: [Int: String] = [:]

        /// The custom shader's effect with its image arguments filled in (`images` by argument index).
        func resolveImages(_ effect: Effect, images: [Int: RGBAImage]) -> Effect {
            var effect = effect
            for (index, image) in images where effect.shader.arguments.indices.contains(index) {
                effect.shader.arguments[index] = .image(image)
            }
            return effect
        }
    }

    static func customJob(_ args: ParsedArguments) throws -> Job {
        guard let path = args.string("shader") else {
            throw UsageError.missingArgument("effect (a built-in effect name, or --shader FILE with --function and --kind)")
        }
        guard let kind = try args.choice("kind", as: EffectKind.self) else { throw UsageError.missingOption("--kind <KIND>") }
        let library = try ShaderLibrary(contentsOf: path)
        let fileName = String(path.split(separator: "/").last ?? "")
        let functionName = args.string("function") ?? String(fileName.split(separator: ".").first ?? "")
        let signature = try library.function(functionName).signature()
        try signature.validate(as: kind, file: path)
        let parameters = signature.arguments(for: kind)

        var given: [String: String] = [:]
        for pair in try args.keyValuePairs("arg") {
            guard parameters.contains(where: { $0.name == pair.key }) else {
                let names = parameters.map(\.name)
                throw UsageError.invalidValue(option: "--arg", value: "\(pair.key)=\(pair.value)",
                                              expected: names.isEmpty ? "no --arg: \(functionName) takes no arguments"
                                                  : "a parameter of \(functionName): \(names.joined(separator: ", "))")
            }
            given[pair.key] = pair.value
        }
        var arguments: [Shader.Argument] = []
        var imagePaths: [Int: String] = [:]
        for (index, parameter) in parameters.enumerated() {
            guard let text = given[parameter.name] else {
                throw UsageError.missingOption("--arg \(parameter.name)=<\(parameter.type.rawValue)> (\(functionName) declares \(parameter.type.rawValue) \(parameter.name))")
            }
            if parameter.type == .image {
                imagePaths[index] = text
                arguments.append(.float(0))  // replaced by the image once the GPU is up
            } else {
                arguments.append(try argument(text, for: parameter))
            }
        }
        let offset = try args.value("max-sample-offset", expected: "W or W,H in points, >= 0") { text -> SIMD2<Float>? in
            let parts = text.split(separator: ",").map { Float(String($0)) }
            guard (1...2).contains(parts.count), let w = parts[0], w >= 0, w.isFinite else { return nil }
            guard parts.count == 2 else { return SIMD2(w, w) }
            guard let h = parts[1], h >= 0, h.isFinite else { return nil }
            return SIMD2(w, h)
        } ?? .zero
        let shader = Shader(function: library.function(functionName), arguments: arguments)
        return Job(effects: [Effect(kind: kind, shader: shader, maxSampleOffset: offset, isEnabled: true)],
                   name: functionName, picture: kind == .fill ? .circle : .pool, imagePaths: imagePaths)
    }

    /// A `--arg` value read as the parameter's type.
    static func argument(_ text: String, for parameter: ShaderParameter) throws(UsageError) -> Shader.Argument {
        do {
            return try Shader.Argument.parse(text, for: parameter)
        } catch {
            throw .invalidValue(option: "--arg \(parameter.name)", value: text, expected: error.expected)
        }
    }
}
