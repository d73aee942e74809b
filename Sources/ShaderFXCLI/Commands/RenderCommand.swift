import ShaderFXGolden

import Foundation

/// `shaderfx render`: one effect (built-in, or a user's Metal or GLSL function) over one picture, to PNG.
struct RenderCommand: BuiltInEffectCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "render",
            abstract: "Apply an effect to a picture and write a PNG.",
            discussion: """
                Give a built-in effect by name ('shaderfx effects' lists them, with their parameters), or your own \
                function with --shader FILE: a SwiftUI [[ stitchable ]] Metal file (.metal) as you ship it, or the \
                function in GLSL ES 3.0 (any other file); --library DIR takes every .metal file of a folder as one \
                library, as Xcode builds ShaderLibrary.default. The signature fixes the kind \
                (color: half4 f(float2 position, half4 color, ...), in GLSL vec4 f(vec2 position, vec4 color, ...); \
                distortion: float2 f(float2 position, ...); layer: half4 f(float2 position, SwiftUI::Layer layer, ...); \
                fill: any other half4 f(float2 position, ...)); --kind only checks it (or picks fill for a \
                colour-shaped signature). --function may be left out when the file has one effect function. --arg \
                gives the other parameters by name. Chain built-in effects after the first with --then NAME [--PARAM VALUE ...].
                """,
            examples: [
                UsageExample("shaderfx render ripple --input photo.png --origin 120,80 --time 0.3 -o out.png",
                             explanation: "the WWDC ripple 0.3 s after a tap at (120, 80)"),
                UsageExample("shaderfx render stripes --picture circle --thickness 12 --colors mint,indigo -o stripes.png"),
                UsageExample("shaderfx render blur --radius 30 --then background-warp --time 2 -i cover.png -o warped.png",
                             explanation: "effects chain with --then, each reading the previous one's output"),
                UsageExample("shaderfx render --shader Ripple.metal --input photo.png --arg origin=300,200 --arg time=0.1 --arg amplitude=12 --arg frequency=15 --arg decay=8 --arg speed=1200 --max-sample-offset 12 -o out.png",
                             explanation: "your own [[ stitchable ]] Metal function, kind and function read from the file"),
                UsageExample("shaderfx render --library Shaders/ --function Stripes --arg thickness=12 --arg ptr=mint,indigo -o stripes.png",
                             explanation: "one function of a folder of .metal files"),
                UsageExample("shaderfx render --shader my.glsl --function tint --kind color --arg amount=0.5 --arg color=teal -i in.png -o out.png"),
            ])
    }

    @Argument(help: "a built-in effect, e.g. ripple or stripes", completion: .builtInEffects)
    var effect: String?
    @Option(short: "o", valueName: "FILE",
            help: "where the picture goes, by its form: FILE.png (written whole or not at all), FILE.gif, .mp4, .webm or .mov (a one-frame video), a folder (frame_00000.png), or - (a PNG on standard output)")
    var output: OutputTarget
    @Option(help: "pixels per point, as @2x/@3x", in: 1...8)
    var scale = 1
    @Option(valueName: "frame|grown", help: "write the picture's frame, or the frame grown by maxSampleOffset")
    var region = OutputRegion.frame
    @Flag(help: "render with isEnabled: false (the layer drawn unchanged)")
    var disabled: Bool
    @Flag(short: "q", help: "print nothing but errors")
    var quiet: Bool
    @OptionGroup var inputFlags: InputFlags
    @OptionGroup var custom: CustomShaderFlags
    @OptionGroup var encoding: EncodingFlags
    @OptionGroup var video: VideoFlags
    @OptionGroup var limits: LimitFlags
    @OptionGroup var gpu: GPUFlags

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        out.quiet = quiet
        if output == .standardOutput { out.toStandardError = true }
        // Validate everything before the first GL call.
        let builtIn = try effect.map { name throws(UsageError) in
            guard let effect = BuiltInEffects.named(name) else { throw EffectOptions.unknownEffect(name) }
            return effect
        }
        let job: Job
        if let builtIn {
            if let given = custom.givenOption {
                throw UsageError.invalidValue(option: "--\(given.name)", value: given.value,
                                              expected: "no --\(given.name) with a built-in effect (it is for --shader)")
            }
            let value = try builtIn.init(values: EffectOptions.values(for: builtIn, from: context.parsed))
            job = Job(effects: value.passes, name: builtIn.name,
                      picture: builtIn.kind == .fill ? .circle : .pool)
        } else {
            job = try custom.job()
        }
        try inputFlags.validate()
        var effects = job.effects
        let firstStageEffects = effects.count
        for stage in context.chain { effects += try stage.effect.init(values: stage.values).passes }
        let name = ([job.name] + context.chain.map { $0.effect.name }).joined(separator: " then ")
        if disabled { effects = effects.map { var e = $0; e.isEnabled = false; return e } }

        let options = try gpu.resolve()
        let start = ContinuousClock.now
        let renderer = try Renderer(options: options)
        limits.apply(to: renderer)
        let ready = ContinuousClock.now
        let (image, inputName) = try inputFlags.load(defaultPicture: job.picture, budget: renderer.budget, scale: scale)
        // Image arguments of a custom shader are read now, once; chained stages have none pending.
        let images = try job.imagePaths.mapValues { try renderer.budget.readPNG(path: $0) }
        let resolved = effects.enumerated().map { index, effect in
            index < firstStageEffects ? job.resolveImages(effect, images: images) : effect
        }
        let decoded = ContinuousClock.now
        for effect in resolved { try renderer.prepare(effect) }
        let compiled = ContinuousClock.now
        let result = try renderer.render(image, effects: resolved, scale: scale, region: region)
        let rendered = ContinuousClock.now
        let encoded: ContinuousClock.Instant
        var bytes = ""
        if case let .png(path) = output {
            let png = try PNG.encode(result, compression: encoding.compression.level)
            encoded = ContinuousClock.now
            bytes = " (\(png.count) bytes)"
            try PNG.writeFile(png, to: path)
        } else {
            encoded = ContinuousClock.now
            try SinglePicture.write(result, to: output, effect: name, renderer: renderer.context.info.summary,
                                    compression: encoding.compression.level, video: video)
        }
        let stats = renderer.statistics
        out.status("wrote \(output.name) (\(result.width)x\(result.height), \(name) over \(inputName)) in \(milliseconds(since: start)) on \(renderer.context.info.summary)")
        out.status("time: set-up \(ms(ready - start)), decode \(ms(decoded - ready)), compile \(ms(compiled - decoded)), "
                   + "upload \(ms(stats.upload)), draw \(ms(stats.drawing)), read-back \(ms(stats.readBack)), "
                   + "encode \(ms(encoded - rendered))\(bytes), write \(ms(ContinuousClock.now - encoded))")
        return 0
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

    /// A `--arg` value read as the parameter's type.
    static func argument(_ text: String, for parameter: ShaderParameter) throws(UsageError) -> Shader.Argument {
        do {
            return try Shader.Argument.parse(text, for: parameter)
        } catch {
            throw .invalidValue(option: "--arg \(parameter.name)", value: text, expected: error.expected)
        }
    }
}

/// A user's own effect function: `--shader` or `--library`, `--include`, `--function`, `--kind`,
/// `--max-sample-offset`, `--arg`.
struct CustomShaderFlags: ParsableArguments {
    @Option(valueName: "FILE", help: "your effect: a [[ stitchable ]] Metal file (.metal), or GLSL ES 3.0 (any other file)",
            section: "CUSTOM SHADER")
    var shader: String?
    @Option(valueName: "DIR", help: "a folder of .metal files, translated as one library (as Xcode builds ShaderLibrary.default)",
            section: "CUSTOM SHADER")
    var library: String?
    @Option(short: "I", valueName: "DIR", help: "a folder searched by #include \"...\" in Metal, after the including file's own",
            section: "CUSTOM SHADER")
    var include: [String]
    @Option(valueName: "NAME", help: "the function to run (default: the library's only effect function)", section: "CUSTOM SHADER")
    var function: String?
    @Option(valueName: "KIND", help: "color, distortion, layer or fill: checked against the signature, which decides it when left out",
            section: "CUSTOM SHADER")
    var kind: EffectKind?
    @Option(valueName: "W[,H]", help: "points the function may sample beyond the frame (distortion, layer)",
            default: "0", section: "CUSTOM SHADER", read: { parsed, name throws(UsageError) in try CustomShaderFlags.offset(parsed, name) })
    var maxSampleOffset: SIMD2<Float>?
    @Option(valueName: "NAME=VALUE",
            help: "a value for a parameter: float 1.5; vec2 1,2; vec3 1,2,3; vec4 1,2,3,4 or a colour (red, #ff8800) or 'bounds' (the bounding rect); FloatArray 1,2,3; ColorArray red,blue; sampler2D a PNG file",
            section: "CUSTOM SHADER", repeatedRead: { parsed, name throws(UsageError) in try parsed.keyValuePairs(name) })
    var arg: [KeyValuePair]

    /// The first custom-shader option given, for the error when a built-in effect is named too.
    var givenOption: (name: String, value: String)? {
        if let shader { return ("shader", shader) }
        if let library { return ("library", library) }
        if let first = include.first { return ("include", first) }
        if let function { return ("function", function) }
        if let kind { return ("kind", kind.rawValue) }
        if let maxSampleOffset { return ("max-sample-offset", "\(maxSampleOffset.x),\(maxSampleOffset.y)") }
        if let last = arg.last { return ("arg", "\(last.key)=\(last.value)") }
        return nil
    }

    /// The library `--shader` or `--library` names (nil when neither is given), translated from
    /// Metal when it is Metal.
    func loadLibrary() throws -> ShaderLibrary? {
        try Self.library(shader: shader, folder: library, includes: include)
    }

    /// The library of a file (Metal or GLSL) or of a folder of `.metal` files, with include paths.
    static func library(shader: String?, folder: String?, includes: [String]) throws -> ShaderLibrary? {
        func isFolder(_ path: String) -> Bool {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
        }
        for path in includes where !isFolder(path) {
            throw UsageError.invalidValue(option: "--include", value: path, expected: "a folder of headers")
        }
        if let shader {
            if let folder {
                throw UsageError.invalidValue(option: "--library", value: folder, expected: "either --shader FILE or --library DIR, not both")
            }
            if isFolder(shader) {
                throw UsageError.invalidValue(option: "--shader", value: shader, expected: "a file (this is a directory; for a folder of .metal files, use --library)")
            }
            return try ShaderLibrary(contentsOf: shader, includePaths: includes)
        }
        if let folder {
            guard isFolder(folder) else {
                throw UsageError.invalidValue(option: "--library", value: folder, expected: "a folder of .metal files")
            }
            return try ShaderLibrary(metalFolder: folder, includePaths: includes)
        }
        if let first = includes.first {
            throw UsageError.invalidValue(option: "--include", value: first, expected: "-I with a Metal --shader or --library")
        }
        return nil
    }

    /// `W` or `W,H` in points, each >= 0.
    static func offset(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> SIMD2<Float>? {
        try parsed.value(name, expected: "W or W,H in points, >= 0") { text -> SIMD2<Float>? in
            let parts = text.split(separator: ",").map { Float(String($0)) }
            guard (1...2).contains(parts.count), let w = parts[0], w >= 0, w.isFinite else { return nil }
            guard parts.count == 2 else { return SIMD2(w, w) }
            guard let h = parts[1], h >= 0, h.isFinite else { return nil }
            return SIMD2(w, h)
        }
    }

    /// The job for the function the flags name.
    func job() throws -> RenderCommand.Job {
        guard let library = try loadLibrary() else {
            throw UsageError.missingArgument("effect (a built-in effect name, or --shader FILE / --library DIR)")
        }
        let resolved = try library.resolve(function: function, kind: kind)
        let kind = resolved.kind
        let functionName = resolved.function.name
        let parameters = resolved.namedParameters

        var given: [String: String] = [:]
        for pair in arg {
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
                arguments.append(try RenderCommand.argument(text, for: parameter))
            }
        }
        let shader = Shader(function: library.function(functionName), arguments: arguments)
        return RenderCommand.Job(effects: [Effect(kind: kind, shader: shader, maxSampleOffset: maxSampleOffset ?? .zero, isEnabled: true)],
                                 name: functionName, picture: kind == .fill ? .circle : .pool, imagePaths: imagePaths)
    }
}
