import ShaderFXCore
import Foundation
import ShaderFXGolden

/// Options shared by every command that opens a GPU.
struct GPUFlags: ParsableArguments {
    @Option(valueName: "NAME", completion: .words(Backend.allCases.map(\.rawValue)),
            help: "GPU backend: auto (hardware device, then gbm, then surfaceless), surfaceless (Mesa llvmpipe), device (EGL device, e.g. NVIDIA), gbm (/dev/dri/renderD*); overrides SHADERFX_BACKEND",
            section: "GPU")
    var backend: String?
    @Option(valueName: "N", help: "device index for --backend device or gbm (see 'shaderfx info')", in: 0...4096, section: "GPU")
    var device: Int?
    @Option(valueName: "N", help: "for --backend device: the GPU with this CUDA device number", in: 0...4096, section: "GPU")
    var cudaDevice: Int?

    /// The GPU options from the flags, falling back to SHADERFX_BACKEND / SHADERFX_DEVICE.
    func resolve() throws -> GPUOptions {
        var options = try GPUOptions.fromEnvironment()
        if let backend {
            let parsed = try GPUOptions.parse(backend, source: "--backend")
            options.backend = parsed.backend
            options.deviceIndex = parsed.deviceIndex ?? options.deviceIndex
        }
        if let device { options.deviceIndex = device }
        if let cudaDevice {
            options.cudaDevice = cudaDevice
            if backend == nil { options.backend = .device }
        }
        return options
    }
}

/// How PNG output is compressed.
struct EncodingFlags: ParsableArguments {
    /// The choices of `--compression`.
    enum Compression: String, CaseIterable, ChoiceOptionValue {
        case fast, `default`, small

        /// The writer's level.
        var level: PNGEncoder.Compression {
            switch self {
            case .fast: .fast
            case .default: .default
            case .small: .small
            }
        }
    }

    @Option(valueName: "fast|default|small",
            help: "PNG compression: fast (the quickest: a compressor made for rendered frames), default (about the size libpng makes), small (slowest, smallest; for files you keep)")
    var compression = Compression.fast
}

/// How much a command may take: the pixel budget, and (read by `main` before parsing) the time.
struct LimitFlags: ParsableArguments {
    @Option(valueName: "N",
            help: "the pixel budget: the most pixels of the largest layer (about 128 bytes of memory each); larger renders are refused before anything is allocated",
            in: 1...(1 << 40), section: "LIMITS")
    var maxPixels = RenderBudget.defaultMaxPixels
    @Option(valueName: "SECONDS",
            help: "stop the command (exit 1, no partial output) after this many seconds, shader compilation included; 0 for no limit (default: \(ProcessGuard.formatSeconds(ProcessGuard.defaultTimeout)))",
            in: 0...Double.greatestFiniteMagnitude, section: "LIMITS")
    var timeout: Double?

    /// Sets the renderer's budget from the flags.
    func apply(to renderer: Renderer) {
        renderer.budget.maxPixels = maxPixels
    }
}

extension BuiltInPicture: ChoiceOptionValue {}
extension OutputRegion: ChoiceOptionValue {}
extension EffectKind: ChoiceOptionValue {}

/// Where a command's picture comes from: a PNG file or a built-in picture.
struct InputFlags: ParsableArguments {
    @Option(short: "i", valueName: "FILE", help: "the picture to apply the effect to (PNG; - reads it from standard input)", section: "INPUT")
    var input: String?
    @Option(valueName: "NAME",
            help: "a built-in picture when no --input is given: "
                + BuiltInPicture.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: ", "),
            section: "INPUT")
    var picture: BuiltInPicture?
    @Option(valueName: "WxH", help: "size of the built-in picture in points", default: "512x384", section: "INPUT",
            read: { parsed, name throws(UsageError) in try InputFlags.size(parsed, name) })
    var size: SIMD2<Int>?

    /// The most bytes `-i -` reads: a PNG larger than this is refused, not buffered.
    static let standardInputLimit = 256 << 20

    /// A `WxH` size, each side 1...16384.
    static func size(_ args: ParsedArguments, _ name: String) throws(UsageError) -> SIMD2<Int>? {
        try args.value(name, expected: "a size WxH in points, e.g. 512x384") { text in
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                  (1...16384).contains(w), (1...16384).contains(h) else { return nil }
            return SIMD2(w, h)
        }
    }

    /// Checks the flags without reading any file.
    func validate() throws(UsageError) {
        if input != nil, let picture {
            throw UsageError.invalidValue(option: "--picture", value: picture.rawValue,
                                          expected: "either --input or --picture, not both")
        }
    }

    /// Starts reading and decoding the input PNG file on another thread, within the pixel budget
    /// of `--max-pixels` (the GPU's own size limit is checked by `load(prefetched:...)`); nil for
    /// standard input and built-in pictures.
    func prefetch(maxPixels: Int, scale: Int) -> Prefetch<RGBAImage>? {
        guard let input, input != "-" else { return nil }
        return Prefetch { try RenderBudget(maxPixels: maxPixels).readPNG(path: input, scale: scale) }
    }

    /// The input: the prefetched picture checked against `budget`, or as `load` reads it.
    func load(prefetched: Prefetch<RGBAImage>?, defaultPicture: BuiltInPicture, budget: RenderBudget,
              scale: Int) throws -> (image: RGBAImage, name: String) {
        guard let prefetched, let input else { return try load(defaultPicture: defaultPicture, budget: budget, scale: scale) }
        let image = try prefetched.value()
        do {
            try budget.check(width: image.width, height: image.height, scale: scale)
        } catch {
            throw error.naming(input)
        }
        return (image, input)
    }

    /// Reads the input PNG, or draws the built-in picture, refusing what exceeds `budget`
    /// before anything is decoded or drawn.
    func load(defaultPicture: BuiltInPicture, budget: RenderBudget, scale: Int) throws -> (image: RGBAImage, name: String) {
        if input == "-" {
            let bytes = try Output.readAll(STDIN_FILENO, name: "standard input", limit: InputFlags.standardInputLimit)
            return (try PNG.decode(bytes, name: "standard input", limits: budget.imageLimits(scale: scale)), "standard input")
        }
        if let input {
            return (try budget.readPNG(path: input, scale: scale), input)
        }
        let picture = picture ?? defaultPicture
        let size = size ?? SIMD2(512, 384)
        try budget.check(width: size.x, height: size.y, scale: scale)
        return (picture.draw(width: size.x, height: size.y), "built-in \(picture.rawValue) picture")
    }
}

extension ValueCompletion {
    /// The built-in effects' names, each with its summary.
    static var builtInEffects: ValueCompletion {
        .choices(BuiltInEffects.all.map { Choice(word: $0.name, summary: $0.summary) })
    }

    /// The built-in transitions' names, each with its summary.
    static var builtInTransitions: ValueCompletion {
        .choices(BuiltInTransitions.all.map { Choice(word: $0.name, summary: $0.summary) })
    }
}

/// A duration in milliseconds for status lines: `12.3 ms`.
func ms(_ duration: Duration) -> String {
    let value = duration.seconds * 1000
    return value < 10 ? "\((value * 10).rounded() / 10) ms" : "\(Int(value.rounded())) ms"
}

/// Milliseconds since `start`, for status lines.
func milliseconds(since start: ContinuousClock.Instant) -> String {
    ms(ContinuousClock.now - start)
}

/// A command whose first positional word names a built-in effect: the effect's parameters
/// become its options, and `--then NAME ...` chains more effects after it.
protocol BuiltInEffectCommand: DynamicOptionsCommand {}

extension BuiltInEffectCommand {
    static var acceptsEffectChain: Bool { true }

    static func dynamicOptions(_ first: ParsedArguments, words: [String]) throws(UsageError) -> [OptionDescription] {
        try EffectOptions.effect(in: first, arguments: words).map(EffectOptions.options(for:)) ?? []
    }
}

/// A built-in effect's parameters as command-line options.
enum EffectOptions {
    /// One option per parameter, in a section named after the effect.
    static func options(for effect: any BuiltInEffect.Type) -> [OptionDescription] {
        options(effect.options, section: "\(effect.name.uppercased()) PARAMETERS")
    }

    /// `parameters` as value options listed under `section`, with their defaults.
    static func options(_ parameters: [EffectParameter], section: String) -> [OptionDescription] {
        parameters.map { parameter in
            .value(parameter.name, valueName: parameter.type.rawValue.uppercased(), help: parameter.help,
                   default: parameter.defaultValue.isEmpty ? nil : parameter.defaultValue, section: section,
                   completion: completion(of: parameter.type))
        }
    }

    /// What a shell offers for a parameter's value: file names for a picture, true or false for a switch.
    static func completion(of type: ValueType) -> ValueCompletion {
        switch type {
        case .image: .files
        case .bool: .words(["true", "false"])
        default: .none
        }
    }

    /// The parameters given on the command line (absent ones keep the effect's defaults).
    static func values(for effect: any BuiltInEffect.Type, from args: ParsedArguments) -> ParameterValues {
        values(of: effect.options, from: args)
    }

    /// The values given on the command line for `parameters` (absent ones keep their defaults).
    static func values(of parameters: [EffectParameter], from args: ParsedArguments) -> ParameterValues {
        var raw: [String: String] = [:]
        for parameter in parameters where args.isPresent(parameter.name) {
            raw[parameter.name] = args.string(parameter.name)
        }
        return ParameterValues(raw)
    }

    /// The built-in effect named by the first positional word (with --help the parser stops
    /// early, so then the first word naming an effect).
    static func effect(in first: ParsedArguments, arguments: [String]) throws(UsageError) -> (any BuiltInEffect.Type)? {
        let name = first.positional("effect")
            ?? (first.isHelpRequested ? arguments.first { BuiltInEffects.named($0) != nil } : nil)
        guard let name else { return nil }
        guard let effect = BuiltInEffects.named(name) else { throw unknownEffect(name) }
        return effect
    }

    /// "not a built-in effect", with the list and a suggestion.
    static func unknownEffect(_ name: String) -> UsageError {
        let names = BuiltInEffects.all.map { $0.name }
        let suggestion = TextUtilities.suggestion(for: name, among: names)
        return .invalidValue(option: "effect", value: name,
                             expected: "a built-in effect (\(names.joined(separator: ", ")))\(suggestion.map { "; did you mean '\($0)'?" } ?? "")")
    }
}

/// Effects chained after the first with `--then NAME --param value ...` or `--then --shader
/// FILE --arg ...`, as SwiftUI modifiers chain (the seed's `.blur(radius: 30)` then
/// `.layerEffect(backgroundWarp)`): each stage reads the previous one's float output.
struct EffectChain {
    /// The arguments before the first `--then`: the command's own.
    let arguments: [String]
    /// One chained effect.
    enum Stage {
        /// A built-in effect and the values given for its parameters.
        case builtIn(any BuiltInEffect.Type, ParameterValues)
        /// A user's function (`--shader`, `--library`, `--function`, `--arg` ...), with
        /// `--time-arg` and `--keyframe` when the command animates.
        case custom(CustomShaderFlags, ShaderAnimationFlags?)
    }
    /// Each later stage, in order.
    let stages: [Stage]

    /// Splits `arguments` at each `--then` and reads every later stage; options of `command`
    /// (such as -o) may stand anywhere and go back to the command.
    init(_ all: [String], command: CommandDescription) throws {
        var segments: [[String]] = [[]]
        for word in all {
            if word == "--then" { segments.append([]) } else { segments[segments.count - 1].append(word) }
        }
        var main = segments[0]
        var stages: [Stage] = []
        let animates = command.option(named: "time-arg") != nil
        for segment in segments.dropFirst() {
            let first = segment.first ?? ""
            let isCustom = ["--shader", "--library"].contains { first == $0 || first.hasPrefix($0 + "=") }
            guard isCustom || (!first.isEmpty && !first.hasPrefix("-")) else {
                throw UsageError.invalidValue(option: "--then", value: first,
                                              expected: "a built-in effect name or --shader FILE after --then, e.g. --then background-warp --time 2")
            }
            let stage: CommandDescription
            var words: ArraySlice<String>
            if isCustom {
                let options = Self.options(of: CustomShaderFlags.self) + (animates ? Self.options(of: ShaderAnimationFlags.self) : [])
                stage = CommandDescription(name: "then --shader", abstract: "", options: options)
                words = segment[...]
            } else {
                guard let effect = BuiltInEffects.named(first) else { throw EffectOptions.unknownEffect(first) }
                stage = CommandDescription(name: "then \(first)", abstract: "", options: EffectOptions.options(for: effect))
                words = segment.dropFirst()
            }
            var own: [String] = []
            while let word = words.popFirst() {
                let bare = word.hasPrefix("--") ? String(word.dropFirst(2).prefix { $0 != "=" }) : ""
                let short = word.count == 2 && word.hasPrefix("-") && !word.hasPrefix("--") ? word.last : nil
                func lookup(_ description: CommandDescription) -> OptionDescription? {
                    if !bare.isEmpty { return description.option(named: bare) }
                    return short.flatMap { description.option(short: $0) }
                }
                // The stage's own option first; else the command's, given after the stage: hand it (and its value) back.
                if let option = lookup(stage) {
                    own.append(word)
                    if option.kind == .value, !word.contains("="), let value = words.popFirst() { own.append(value) }
                    continue
                }
                guard let option = lookup(command) else {
                    let near = bare.isEmpty ? nil : TextUtilities.suggestion(for: bare, among: stage.options.map(\.name))
                    throw UsageError.unknownOption(word, suggestion: near.map { "--\($0)" })
                }
                main.append(word)
                if option.kind == .value, !word.contains("="), let value = words.popFirst() { main.append(value) }
            }
            let parsed = try stage.parse(own)
            if isCustom {
                let flags = CustomShaderFlags()
                try flags.bind(from: parsed)
                var animation: ShaderAnimationFlags?
                if animates {
                    animation = ShaderAnimationFlags()
                    try animation!.bind(from: parsed)
                }
                stages.append(.custom(flags, animation))
            } else if let effect = BuiltInEffects.named(first) {
                stages.append(.builtIn(effect, EffectOptions.values(for: effect, from: parsed)))
            }
        }
        arguments = main
        self.stages = stages
    }

    /// The options a group of flags declares.
    static func options(of flags: any ParsableArguments.Type) -> [OptionDescription] {
        flags.declarations().compactMap { if case let .option(option) = $0 { option } else { nil } }
    }
}


extension FitMode: ChoiceOptionValue {}
extension TransitionCurve: ChoiceOptionValue {}
extension RecordMode: ChoiceOptionValue {}
