import ShaderFXCore
import ShaderFXGolden
import Foundation
import ShaderFXMetal

/// A user's own effect function: `--shader` or `--library`, `--include`, `--function`, `--kind`,
/// `--max-sample-offset`, `--arg`.
struct CustomShaderFlags: ParsableArguments {
    @Option(valueName: "FILE", help: "your effect: a [[ stitchable ]] Metal file (.metal), or GLSL ES 3.0 (any other file)",
            section: "CUSTOM SHADER")
    var shader: String?
    @Option(valueName: "DIR", help: "a folder of .metal files (subfolders included), translated as one library (as Xcode builds ShaderLibrary.default)",
            section: "CUSTOM SHADER")
    var library: String?
    @Option(short: "I", valueName: "DIR", help: "a folder searched by #include \"...\" in Metal, after the including file's own",
            section: "CUSTOM SHADER")
    var include: [String]
    @Option(valueName: "NAME", help: "the function to run (default: the library's only effect function)", section: "CUSTOM SHADER")
    var function: String?
    @Option(valueName: "P", help: "how Metal's half computes: float (as desktop GPUs do) or apple (binary16, rounded after every operation, as iPhones, iPads and Macs compute it); 'shaderfx precision' shows where it matters",
            section: "CUSTOM SHADER")
    var precision: MetalPrecision = .float
    @Option(valueName: "KIND", help: "color, distortion, layer or fill: checked against the signature, which decides it when left out",
            section: "CUSTOM SHADER")
    var kind: EffectKind?
    @Option(valueName: "W[,H]", help: "points the function may sample beyond the frame (distortion, layer)",
            default: "0", section: "CUSTOM SHADER", read: { parsed, name throws(UsageError) in try CustomShaderFlags.offset(parsed, name) })
    var maxSampleOffset: SIMD2<Float>?
    @Option(valueName: "NAME=VALUE",
            help: "a value for a parameter: float 1.5; vec2 1,2; vec3 1,2,3; vec4 1,2,3,4 or a colour (red, #ff8800) or 'bounds' (the bounding rect); FloatArray 1,2,3; ColorArray red,blue; sampler2D a picture file (PNG, JPEG or SVG)",
            section: "CUSTOM SHADER", repeatedRead: { parsed, name throws(UsageError) in try parsed.keyValuePairs(name) })
    var arg: [KeyValuePair]

    /// The first custom-shader option given, for the error when a built-in effect is named too.
    var givenOption: (name: String, value: String)? {
        if let shader { return ("shader", shader) }
        if let library { return ("library", library) }
        if let first = include.first { return ("include", first) }
        if let function { return ("function", function) }
        if precision != .float { return ("precision", precision.rawValue) }
        if let kind { return ("kind", kind.rawValue) }
        if let maxSampleOffset { return ("max-sample-offset", "\(maxSampleOffset.x),\(maxSampleOffset.y)") }
        if let last = arg.last { return ("arg", "\(last.key)=\(last.value)") }
        return nil
    }

    /// The library `--shader` or `--library` names (nil when neither is given), translated from
    /// Metal when it is Metal; the translation's warnings (`#warning`) go to standard error, also
    /// those read before a translation that failed as a whole stopped (before its error, as clang
    /// prints them).
    func loadLibrary() throws -> ShaderLibrary? {
        let loaded: ShaderLibrary?
        do {
            loaded = try Self.library(shader: shader, folder: library, includes: include, precision: precision)
        } catch let error as ShaderError {
            if case .translationFailed = error { Self.printWarningsOfFailedTranslation(shader: shader, folder: library, includes: include, precision: precision) }
            throw error
        }
        if let loaded { Self.printWarnings(of: loaded) }
        return loaded
    }

    /// The warnings a Metal translation that fails as a whole read before it stopped, written to
    /// standard error (the failed library has none to give: its error is all it reports).
    static func printWarningsOfFailedTranslation(shader: String?, folder: String?, includes: [String], precision: MetalPrecision) {
        let translator = MetalTranslator(includePaths: includes, precision: precision)
        do throws(MetalError) {
            if let shader, shader.lowercased().hasSuffix(".metal") {
                _ = try translator.translate(file: shader)
            } else if shader == nil, let folder {
                _ = try translator.translate(directory: folder)
            }
        } catch {
            for warning in error.warnings { Output.write(warning.description + "\n", to: STDERR_FILENO) }
        }
    }

    /// Writes a translated library's warnings to standard error, as clang does; the command goes on.
    static func printWarnings(of library: ShaderLibrary) {
        for warning in library.warnings { Output.write(warning + "\n", to: STDERR_FILENO) }
    }

    /// The library of a file (Metal or GLSL) or of a folder of `.metal` files, with include paths.
    static func library(shader: String?, folder: String?, includes: [String], precision: MetalPrecision = .float,
                        floatLines: Set<MetalSourceLine> = []) throws -> ShaderLibrary? {
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
            if precision == .apple, !shader.lowercased().hasSuffix(".metal") {
                throw UsageError.invalidValue(option: "--precision", value: "apple", expected: "a Metal --shader (.metal) or --library: GLSL has no half")
            }
            if shader.lowercased().hasSuffix(".metal") {
                return try ShaderLibrary(metalFile: shader, includePaths: includes, precision: precision, floatLines: floatLines)
            }
            return try ShaderLibrary(contentsOf: shader, includePaths: includes, precision: precision)
        }
        if let folder {
            guard isFolder(folder) else {
                throw UsageError.invalidValue(option: "--library", value: folder, expected: "a folder of .metal files")
            }
            return try ShaderLibrary(metalFolder: folder, includePaths: includes, precision: precision, floatLines: floatLines)
        }
        if let first = includes.first {
            throw UsageError.invalidValue(option: "--include", value: first, expected: "-I with a Metal --shader or --library")
        }
        if precision == .apple {
            throw UsageError.invalidValue(option: "--precision", value: "apple", expected: "with a Metal --shader or --library (built-in effects compute at float)")
        }
        return nil
    }

    /// `W` or `W,H` in points, each >= 0.
    static func offset(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> SIMD2<Float>? {
        try parsed.value(name, expected: "W or W,H in points, >= 0") { ValueForms.sampleOffset($0) }
    }

    /// The user's function with its `--arg` values.
    /// - Parameters:
    ///   - fed: parameters the command feeds (a transition's progress and outgoing picture).
    ///   - animation: `--time-arg` and `--keyframe`, when the command animates.
    ///   - scriptKeyframes: keyframes from an event script, by parameter name.
    ///   - library: the library to take the function from, in place of the one the flags name.
    func customEffect(fed: [CustomEffect.Fed] = [], animation: ShaderAnimationFlags? = nil,
                      scriptKeyframes: [String: [ArgumentKeyframe]] = [:], library given: ShaderLibrary? = nil) throws -> CustomEffect {
        guard let library = try given ?? loadLibrary() else {
            throw UsageError.missingArgument("effect (a built-in effect name, or --shader FILE / --library DIR)")
        }
        let keyframes = try ShaderAnimationFlags.keyframes(animation?.keyframe ?? [], script: scriptKeyframes)
        do {
            return try CustomEffect(library: library, function: function, kind: kind,
                                    arguments: arg.map { ($0.key, $0.value) }, fed: fed, timeArgument: animation?.timeArg,
                                    keyframes: keyframes, maxSampleOffset: maxSampleOffset ?? .zero)
        } catch let error as CustomEffectError {
            throw Self.usageError(error)
        }
    }

    /// A custom effect's problem in the command line's words.
    static func usageError(_ error: CustomEffectError) -> UsageError {
        switch error {
        case let .unknownArgument(name, value, _, _):
            return .invalidValue(option: "--arg", value: "\(name)=\(value)", expected: Self.detail(error, after: "\(name)=\(value): "))
        case let .missingArgument(parameter, function):
            return .missingOption("--arg \(parameter.name)=<\(parameter.type.rawValue)> (\(function) declares \(parameter.type.rawValue) \(parameter.name))")
        case let .badValue(parameter, value, expected):
            return .invalidValue(option: "--arg \(parameter.name)", value: value, expected: expected)
        case let .fedMissing(fed, _, _), let .fedType(fed, _), let .fedGiven(fed, _), let .fedKeyframed(fed):
            let option = fed.role == "each frame's time" ? "--time-arg" : fed.type == .image ? "--from-arg" : "--progress-arg"
            return .invalidValue(option: option, value: fed.name, expected: "\(error)")
        case let .unknownKeyframed(name, _, _), let .keyframedAndGiven(name, _), let .badKeyframe(name, _):
            return .invalidValue(option: "--keyframe", value: name, expected: "\(error)")
        }
    }

    private static func detail(_ error: CustomEffectError, after prefix: String) -> String {
        let text = "\(error)"
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}

/// How parameters move over time in `animate`: `--time-arg` (a custom shader's) and
/// `--keyframe` (a built-in effect's parameters or a custom shader's arguments).
struct ShaderAnimationFlags: ParsableArguments {
    @Option(valueName: "NAME", help: "the float parameter of --shader that each frame's time feeds, in seconds (as a TimelineView's date would)",
            section: "CUSTOM SHADER")
    var timeArg: String?
    @Option(valueName: "NAME=VALUE@T",
            help: "a keyframe: a parameter's value at T seconds, for a built-in effect's float, point and colour parameters or a --shader's arguments (repeat for more; linear in between, held before the first and after the last; an event script's \"keyframes\" may also give curves)",
            section: "CUSTOM SHADER", repeatedRead: { parsed, name throws(UsageError) in try ShaderAnimationFlags.keyframes(parsed, name) })
    var keyframe: [KeyframeOption]

    /// One `--keyframe NAME=VALUE@T`.
    struct KeyframeOption: Sendable, Equatable {
        let name: String
        let keyframe: ArgumentKeyframe
    }

    /// The keyframes by parameter name: the event script's and `--keyframe`'s, each list sorted
    /// by time; a parameter may have them from one of the two only.
    static func keyframes(_ options: [KeyframeOption], script: [String: [ArgumentKeyframe]]) throws(UsageError)
        -> [String: [ArgumentKeyframe]]
    {
        var keyframes = script
        for (name, list) in options.grouped {
            if keyframes[name] != nil {
                throw UsageError.invalidValue(option: "--keyframe", value: name, expected: "keyframes for \(name) either in the event script or with --keyframe, not both")
            }
            keyframes[name] = list
        }
        return keyframes
    }

    /// Every `--keyframe`, in the order given.
    static func keyframes(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> [KeyframeOption] {
        try parsed.keyValuePairs(name, unique: false).map { pair throws(UsageError) in
            let expected = "NAME=VALUE@T, e.g. amplitude=12@0 or tint=red@1.5 (T in seconds, >= 0)"
            guard let at = pair.value.lastIndex(of: "@") else {
                throw .invalidValue(option: "--\(name)", value: "\(pair.key)=\(pair.value)", expected: expected)
            }
            let value = String(pair.value[..<at]).trimmed
            guard let time = ValueForms.duration(String(pair.value[pair.value.index(after: at)...])), !value.isEmpty else {
                throw .invalidValue(option: "--\(name)", value: "\(pair.key)=\(pair.value)", expected: expected)
            }
            return KeyframeOption(name: pair.key, keyframe: ArgumentKeyframe(time: time, value: .text(value)))
        }
    }
}

extension [ShaderAnimationFlags.KeyframeOption] {
    /// The keyframes by parameter name, each list sorted by time.
    var grouped: [String: [ArgumentKeyframe]] {
        Dictionary(grouping: self, by: \.name).mapValues { $0.map(\.keyframe).sorted { $0.time < $1.time } }
    }
}
