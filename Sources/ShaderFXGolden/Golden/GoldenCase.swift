import ShaderFXCore
import ShaderFXUI
import Foundation


/// One case of a golden suite: `SUITE_DIR/<name>.json`, with its references in `SUITE_DIR/<name>/`.
///
/// ## The case file
/// A JSON object; every field but one of `effect` and `shader` is optional:
///
/// ```json
/// {
///   "description": "the ripple early and late, over the pool floor",
///   "effect": "ripple",
///   "parameters": {"origin": "120,90", "amplitude": 12},
///   "picture": "pool", "size": "240x180",
///   "frames": [0.05, 0.3],
///   "scale": 1,
///   "tolerance": {"threshold": 0.05, "maxDifferentPixels": 20},
///   "gpuTolerance": {"threshold": 0.1, "maxDifferentRatio": 0.01}
/// }
/// ```
///
/// - `description`: free text, shown in the HTML report.
/// - `effect`: a built-in effect's name (`shaderfx effects` lists them). Or `shader`, an object:
///   `file` (a `.metal` or GLSL file, relative to the case file), `function` (default: the
///   file's only effect function), `kind` (color, distortion, layer or fill; default: the one
///   the signature fits), `args` (the function's parameters by name, in the
///   forms of `render --arg`: `"0.8"`, `"indigo"`, `"1,2"`, `"bounds"`, a PNG path relative to the
///   case file for a `sampler2D`), `maxSampleOffset` (`"W"` or `"W,H"` points, default 0) and
///   `timeArg` (a float parameter that each frame sets to its time) and `precision` (`"float"`,
///   the default, or `"apple"`: a Metal file's `half` as binary16, as Apple's GPUs compute it, so
///   a reference recorded on a device can be met).
/// - `parameters`: the built-in effect's parameters by their command-line names, as strings
///   typed on the command line (numbers and booleans are accepted too).
/// - Input: `input`, a PNG path relative to the case file; or `picture` (`pool` or `circle`;
///   default `circle` for fills, `pool` otherwise) and `size` (`"WxH"` points, default
///   `"512x384"`).
/// - `frames`: times in seconds, each rendered and compared on its own; the frame's reference is
///   `t<time>.png` (`t0.05.png`, `t1.png`). A time-driven effect gets its time parameter set; a
///   gesture-driven one (ripple) runs as after a tap at its `origin` (or the picture's centre) at
///   time 0, unless `events` gives taps and drags as an `animate --events` script does; its
///   `"keyframes"` move the effect's float, point and colour parameters as `animate --keyframe`
///   does. Without `frames` the case renders one frame, `still.png`, with its parameters as
///   given; a still effect lists frames only with keyframes.
/// - A view instead of a picture: `view`, a SwiftUI view file relative to the case file (as
///   `render --view` takes it), with `set` (values for its constants and its root's state and
///   properties, as `--set` takes them: `{"title": "Hello", "count": 3, "on": true, "tint":
///   "indigo", "origin": [120, 80]}`), `assets` (folders `Image("Name")` looks in after the view
///   file's own), `root` (the struct to render), `shader` (a Metal or GLSL file) or `library` (a
///   folder of `.metal` files) that `ShaderLibrary.name(...)` looks in, and `size` (the size
///   proposed to the root; without it, the root's ideal size). `effect` is then optional: a
///   built-in effect over the whole view. Each frame evaluates the file again with the frame's
///   time as `TimelineView`'s, as `animate --view` does. The file is parsed when the case is
///   read (a syntax error is the case file's error at `view`); an evaluation error fails the
///   case, located in the view file.
/// - `scale`: pixels per point, 1...8 (default 1).
/// - `tolerance`: `threshold`, `maxDifferentPixels`, `maxDifferentRatio`, `ignoreAntialiasing`,
///   as `shaderfx compare` takes them (default: threshold 0.1, anti-aliasing excused, no pixel may
///   differ).
/// - `gpuTolerance`: the tolerance used instead when the renderer family is not llvmpipe and
///   the case falls back to the common reference (common references are meant to be recorded
///   on llvmpipe, the renderer CI runs); default: `tolerance` with its threshold raised to at
///   least 0.01, which covers the one-level differences measured between an NVIDIA GPU and
///   llvmpipe (docs/GPU.md).
///
/// ## References
/// `<name>/t0.05.png` is the common reference of frame 0.05; `<name>/<family>/t0.05.png` the
/// one for a renderer family (`llvmpipe`, `nvidia`, `intel`, `amd`, `other`), used instead when
/// present, with `tolerance`.
package struct GoldenCase {
    /// The fields a case file may hold.
    package static let fields = ["description", "effect", "shader", "parameters", "events", "input", "picture", "size",
                         "frames", "scale", "tolerance", "gpuTolerance", "allowBlank", "mask", "metric", "maxMeanError"] + ViewInput.fields
    /// The fields of `shader`.
    package static let shaderFields = ["file", "function", "kind", "args", "maxSampleOffset", "timeArg", "precision"]
    /// The fields of `tolerance` and `gpuTolerance`.
    package static let toleranceFields = ["threshold", "maxDifferentPixels", "maxDifferentRatio", "ignoreAntialiasing",
                                          "shiftTolerance", "ignore", "regions"]

    /// What to render.
    package enum Source {
        /// A built-in effect with its parameters, the taps and drags that drive a gesture
        /// effect's frames (empty: one tap at `origin` or the centre at time 0), and the
        /// parameters the events' keyframes move.
        case builtIn(any BuiltInEffect.Type, values: ParameterValues, events: EventScript, keyframes: [String: KeyframedArgument])
        /// A user's function; `timeArgument` is the index of the argument each frame's time feeds.
        case custom(Effect, imagePaths: [Int: String], timeArgument: Int?)
        /// Nothing over the input: a view drawn as it is.
        case none
    }

    /// Where the input picture comes from.
    package enum Input {
        case file(String)
        case picture(BuiltInPicture, width: Int, height: Int)
        /// A SwiftUI view file, evaluated for each frame.
        case view(ViewInput)
    }

    /// One frame: its reference's file name (without `.png`) and its time, nil for `still`.
    package struct Frame {
        package var name: String
        package var time: Double?
    }

    /// The case's name: its file name without `.json`.
    package var name: String
    /// The case file's path.
    package var file: String
    /// The folder of its references: `SUITE_DIR/<name>`.
    package var folder: String
    package var description: String?
    /// A short name for what is rendered: the effect's or the function's.
    package var effectName: String
    package var source: Source
    package var input: Input
    package var frames: [Frame]
    package var scale: Int
    package var tolerance: ComparisonOptions
    package var gpuTolerance: ComparisonOptions?
    /// Whether a frame may be blank or the input unchanged (`"allowBlank": true`); by default
    /// such a frame fails, before it is compared or recorded (``BlankPicture``).
    package var allowBlank = false

    /// The reference file name of a frame at `time`: `t0.05`, `t1`.
    package static func frameName(_ time: Double) -> String { "t" + ValueForms.format(time) }

    /// The effect passes of `frame` over a picture of `size` points.
    package func passes(for frame: Frame, size: SIMD2<Double>) throws -> [Effect] {
        try framePasses(size: size)(frame)
    }

    /// The effect passes of each frame over a picture of `size` points: a built-in effect's
    /// parameters are read once, here, into its animator (or its still value), which every frame
    /// then changes without reading text or files again.
    package func framePasses(size: SIMD2<Double>) throws -> (Frame) throws -> [Effect] {
        switch source {
        case let .builtIn(type, values, events, keyframes):
            guard frames.contains(where: { $0.time != nil }) else {
                let still = try type.init(values: values).passes
                return { _ in still }
            }
            let animator = try Self.animator(type, values: values, events: events, keyframes: keyframes, size: size)
            // Frames without a time (beside timed ones) draw the value as given, read once too.
            let still = frames.contains { $0.time == nil } ? try type.init(values: values).passes : []
            return { frame in
                guard let time = frame.time else { return still }
                return try animator.passes(at: time)
            }
        case let .custom(effect, _, timeArgument):
            return { frame in
                var effect = effect
                if let timeArgument, let time = frame.time { effect.shader.arguments[timeArgument] = .float(Float(time)) }
                return [effect]
            }
        case .none:
            return { _ in [] }
        }
    }

    /// Reads and checks the case file at `path`.
    package static func load(path: String, name: String, folder: String, files: ViewFileCache = ViewFileCache()) throws(SuiteError) -> GoldenCase {
        let data: Data
        do {
            data = Data(try InputFile.read(path, maxBytes: 16 << 20))
        } catch {
            throw SuiteError(file: path, path: "", message: "cannot read the case file (\(error.reason))")
        }
        return try parse(JSONValue.parse(data, file: path), path: path, name: name, folder: folder, files: files)
    }

    /// Checks a parsed case; every error names `path` and the JSON path.
    /// - Parameters:
    ///   - extraFields: fields the caller reads itself (a batch job's `output`), allowed beside the case's.
    ///   - images: where a built-in effect's image parameters are decoded (a batch shares one
    ///     between its jobs, so jobs naming the same file decode it once).
    ///   - files: where a view file and its shader library are parsed (a batch shares one, so
    ///     jobs naming the same unchanged template parse it once).
    package static func parse(_ json: JSONValue, path: String, name: String, folder: String,
                              extraFields: [String] = [], images: ImageStore = ImageStore(),
                              files: ViewFileCache = ViewFileCache()) throws(SuiteError) -> GoldenCase {
        let f = try JSONFields(json, file: path, path: "", allowed: fields + extraFields)
        let directory = (path as NSString).deletingLastPathComponent
        func relative(_ file: String) -> String {
            file.hasPrefix("/") || directory.isEmpty ? file : directory + "/" + file
        }

        // Frames.
        var times: [Double]?
        if let value = f.fields["frames"], value != .null {
            guard case let .array(items) = value, !items.isEmpty else {
                throw f.error("frames", "expected a non-empty array of times in seconds, found \(value.typeName)")
            }
            times = []
            for (index, item) in items.enumerated() {
                guard case let .number(t) = item, t.isFinite, t >= 0 else {
                    let found = if case let .number(t) = item { ValueForms.format(t) } else { item.typeName }
                    throw SuiteError(file: path, path: "frames[\(index)]", message: "expected a time in seconds >= 0, found \(found)")
                }
                if times!.contains(t) {
                    throw SuiteError(file: path, path: "frames[\(index)]", message: "\(ValueForms.format(t)) is listed twice")
                }
                times!.append(t)
            }
        }
        let frames = times.map { $0.map { Frame(name: frameName($0), time: $0) } } ?? [Frame(name: "still", time: nil)]

        // Input.
        let input: Input
        let inputFile = try f.string("input")
        let pictureName = try f.string("picture")
        let view = try ViewInput.parse(f, relative: relative, files: files)
        if view != nil, let other = ["input", "picture"].first(where: { f.has($0) }) {
            throw f.error(other, "give either \"view\" (a SwiftUI view file) or \"\(other)\", not both")
        }
        let sizeText = try f.string("size")
        if inputFile != nil && (pictureName != nil || sizeText != nil) {
            throw f.error(pictureName != nil ? "picture" : "size", "give either \"input\" (a PNG file) or \"picture\" and \"size\", not both")
        }

        // The effect: over a view, a built-in effect if any ("shader" is then the view's library).
        let hasEffect = f.has("effect"), hasShader = view == nil && f.has("shader")
        if view != nil && !hasEffect {
            if f.has("parameters") { throw f.error("parameters", "parameters are for a built-in \"effect\" over the view") }
            if f.has("events") { throw f.error("events", "events drive a built-in \"effect\" over the view") }
        } else if hasEffect == hasShader {
            throw SuiteError(file: path, path: "", message: hasEffect
                ? "give either \"effect\" or \"shader\", not both"
                : "missing \"effect\" (a built-in effect, see 'shaderfx effects') or \"shader\" (your GLSL function)")
        }
        var source = Source.none
        var effectName = ""
        var kind = EffectKind.color
        if view != nil && !hasEffect {
            // The view drawn as it is.
        } else if hasEffect {
            let effectText = try f.string("effect")!
            guard let type = BuiltInEffects.named(effectText) else {
                let names = BuiltInEffects.all.map { $0.name }
                let suggestion = TextUtilities.suggestion(for: effectText, among: names).map { "; did you mean '\($0)'?" } ?? ""
                throw f.error("effect", "'\(effectText)' is not a built-in effect (\(names.joined(separator: ", ")))\(suggestion)")
            }
            if f.has("events") && times == nil {
                throw f.error("events", "events drive frames: give \"frames\" too")
            }
            var raw: [String: String] = [:]
            let names = type.parameters.map(\.name)
            for (key, value) in try f.textMap("parameters") {
                guard names.contains(key) else {
                    let suggestion = TextUtilities.suggestion(for: key, among: names).map { "; did you mean '\($0)'?" } ?? ""
                    throw f.error("parameters.\(key)", "\(type.name) has no parameter '\(key)' (it has: \(names.joined(separator: ", ")))\(suggestion)")
                }
                raw[key] = value
            }
            let values = ParameterValues(raw, images: images)
            do { _ = try type.init(values: values) } catch {
                throw f.error("parameters.\(error.parameter)", error.reason)
            }
            var events = EventScript()
            var keyframes: [String: KeyframedArgument] = [:]
            if let times {
                if let eventsJSON = f.fields["events"], eventsJSON != .null {
                    do {
                        let data = try JSONEncoder().encode(eventsJSON)
                        events = try EventScript.decode(data: data, name: "events")
                    } catch let error as EventScriptError {
                        // Reads "events: taps[0].x: missing field".
                        throw SuiteError(file: path, path: "", message: "\(error)")
                    } catch {
                        throw f.error("events", "\(error)")
                    }
                }
                if type.animation == .still && events.keyframes.isEmpty && view == nil {
                    throw f.error("frames", "\(type.name) does not change with time: a still effect has one frame unless \"events\" gives \"keyframes\" of its parameters; remove \"frames\"")
                }
                do { keyframes = try EffectAnimator.keyframes(events.keyframes, of: type, base: values) } catch {
                    throw f.error("events.keyframes.\(error.parameter)", "expected \(error.reason)")
                }
                let size = try pictureSize(sizeText, fields: f)
                let animator: EffectAnimator
                do {
                    animator = try Self.animator(type, values: values, events: events, keyframes: keyframes,
                                                 size: SIMD2(Double(size.width), Double(size.height)))
                } catch {
                    throw f.error("parameters.\(error.parameter)", error.reason)
                }
                for (index, time) in times.enumerated() {
                    do { _ = try animator.passes(at: time) } catch {
                        throw SuiteError(file: path, path: "frames[\(index)]", message: "\(error)")
                    }
                }
            }
            source = .builtIn(type, values: values, events: events, keyframes: keyframes)
            effectName = type.name
            kind = type.kind
        } else {
            if f.has("parameters") {
                throw f.error("parameters", "parameters are for a built-in \"effect\"; a shader takes \"args\" inside \"shader\"")
            }
            if f.has("events") {
                throw f.error("events", "events drive built-in effects; a shader's time comes from \"timeArg\"")
            }
            let custom = try customShader(f.fields["shader"]!, file: path, relative: relative, hasFrames: times != nil)
            source = custom.source
            effectName = custom.name
            kind = custom.kind
        }

        if let view {
            input = .view(view)
            effectName = effectName.isEmpty ? view.name : "\(effectName) over \(view.name)"
        } else if let inputFile {
            input = .file(relative(inputFile))
        } else {
            let picture: BuiltInPicture
            if let pictureName {
                guard let p = BuiltInPicture(rawValue: pictureName) else {
                    throw f.error("picture", "'\(pictureName)' is not a built-in picture (\(BuiltInPicture.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                picture = p
            } else {
                picture = kind == .fill ? .circle : .pool
            }
            let size = try pictureSize(sizeText, fields: f)
            input = .picture(picture, width: size.width, height: size.height)
        }

        var tolerance = try options(f.fields["tolerance"], file: path, key: "tolerance") ?? .default
        var gpuTolerance = try options(f.fields["gpuTolerance"], file: path, key: "gpuTolerance")
        // "metric": "flip" judges by ꟻLIP's mean error, at most "maxMeanError" (0.01 by default).
        switch try f.string("metric") {
        case nil, "yiq":
            if f.fields["maxMeanError"] != nil { throw f.error("maxMeanError", "needs \"metric\": \"flip\"") }
        case "flip":
            let limit = try f.number("maxMeanError") ?? 0.01
            guard (0...1).contains(limit) else { throw f.error("maxMeanError", "expected a number in 0...1, found \(ValueForms.format(limit))") }
            tolerance.maxMeanFLIP = limit
            gpuTolerance?.maxMeanFLIP = limit
        case let other?:
            throw f.error("metric", "expected \"yiq\" or \"flip\", found '\(other)'")
        }
        // "mask": a picture whose transparent pixels are not compared, relative to the case file.
        if let maskFile = try f.string("mask") {
            let maskPath = maskFile.hasPrefix("/") ? maskFile : (directory as NSString).appendingPathComponent(maskFile)
            let mask: RGBAImage
            do { mask = try PNG.read(path: maskPath) } catch { throw f.error("mask", "\(error)") }
            tolerance.mask = IgnoreMask(mask)
            gpuTolerance?.mask = tolerance.mask
        }
        return GoldenCase(
            name: name, file: path, folder: folder, description: try f.string("description"),
            effectName: effectName, source: source, input: input, frames: frames,
            scale: try f.int("scale", in: 1...8) ?? 1, tolerance: tolerance, gpuTolerance: gpuTolerance,
            allowBlank: try f.bool("allowBlank") ?? false)
    }

    /// The animator of a built-in effect's frames, its parameters following `keyframes`; a
    /// gesture or touch effect with no taps or drags gets one tap at time 0 at its `origin`
    /// parameter, or the picture's centre.
    package static func animator(_ type: any BuiltInEffect.Type, values: ParameterValues, events: EventScript,
                         keyframes: [String: KeyframedArgument], size: SIMD2<Double>) throws(ParameterError) -> EffectAnimator {
        var events = events
        if events.taps.isEmpty && events.drags.isEmpty {
            switch type.animation {
            case .gesture, .touch:
                var point = size / 2
                if values.raw["origin"] != nil, let origin = try? values.point("origin", .zero) {
                    point = SIMD2(Double(origin.x), Double(origin.y))
                }
                events.taps = [EventScript.Touch(time: 0, x: point.x, y: point.y)]
            case .still, .time:
                break
            }
        }
        return try EffectAnimator(effect: type, base: values, events: events, size: size, keyframes: keyframes)
    }

    /// `"WxH"`, each side 1...16384; 512x384 when absent.
    package static func pictureSize(_ text: String?, fields f: JSONFields) throws(SuiteError) -> (width: Int, height: Int) {
        guard let text else { return (512, 384) }
        guard let size = ValueForms.size(text) else {
            throw f.error("size", "expected a size \"WxH\" in points, e.g. \"240x180\", found '\(text)'")
        }
        return (size.x, size.y)
    }

    /// `tolerance` / `gpuTolerance`: the fields of `ComparisonOptions`, missing ones at their
    /// defaults.
    package static func options(_ value: JSONValue?, file: String, key: String) throws(SuiteError) -> ComparisonOptions? {
        guard let value, value != .null else { return nil }
        let f = try JSONFields(value, file: file, path: key, allowed: toleranceFields)
        var options = ComparisonOptions.default
        if let threshold = try f.number("threshold") {
            guard (0...1).contains(threshold) else { throw f.error("threshold", "expected a number in 0...1, found \(ValueForms.format(threshold))") }
            options.threshold = threshold
        }
        options.maxDifferentPixels = try f.int("maxDifferentPixels", in: 0...Int.max)
        if let ratio = try f.number("maxDifferentRatio") {
            guard (0...1).contains(ratio) else { throw f.error("maxDifferentRatio", "expected a fraction in 0...1, found \(ValueForms.format(ratio))") }
            options.maxDifferentRatio = ratio
        }
        options.ignoreAntialiasing = try f.bool("ignoreAntialiasing") ?? options.ignoreAntialiasing
        options.shiftTolerance = try f.int("shiftTolerance", in: 0...16) ?? 0
        for (k, item) in (try f.array("ignore") ?? []).enumerated() {
            guard case let .array(numbers) = item, numbers.count == 4,
                  let values = Optional(numbers.compactMap { v -> Int? in if case let .number(n) = v, n == n.rounded(), n >= 0, n < 1e6 { Int(n) } else { nil } }),
                  values.count == 4 else {
                throw f.error("ignore", "item \(k): expected a rectangle [x, y, width, height] of whole non-negative pixels")
            }
            options.ignore.append(PixelRect(x: values[0], y: values[1], width: values[2], height: values[3]))
        }
        for (k, item) in (try f.array("regions") ?? []).enumerated() {
            // Decoded as the options' JSON decodes a region, so both read alike.
            guard let region = try? JSONDecoder().decode(RegionThreshold.self, from: (try? JSONEncoder().encode(item)) ?? Data()),
                  (0...1).contains(region.threshold) else {
                throw f.error("regions", "item \(k): expected {\"rect\": [x, y, width, height], \"threshold\": t} with t in 0...1")
            }
            options.regions.append(region)
        }
        return options
    }

    /// The `shader` object: a user's function with its arguments.
    package static func customShader(
        _ value: JSONValue, file: String, relative: (String) -> String, hasFrames: Bool
    ) throws(SuiteError) -> (source: Source, name: String, kind: EffectKind) {
        let f = try JSONFields(value, file: file, path: "shader", allowed: shaderFields)
        guard let shaderFile = try f.string("file") else { throw f.error("file", "missing: the .metal or GLSL file, relative to the case file") }
        var requestedKind: EffectKind?
        if let kindText = try f.string("kind") {
            guard let kind = EffectKind(rawValue: kindText) else {
                throw f.error("kind", "expected one of \(EffectKind.allCases.map(\.rawValue).joined(separator: ", ")), found '\(kindText)'")
            }
            requestedKind = kind
        }
        let timeArg = try f.string("timeArg")
        if hasFrames && timeArg == nil {
            throw SuiteError(file: file, path: "frames", message: "a shader's frames need \"timeArg\" in \"shader\": the float parameter each frame's time feeds")
        }
        if !hasFrames && timeArg != nil {
            throw f.error("timeArg", "give \"frames\" (times in seconds) for the time to feed \(timeArg!)")
        }
        var offset = SIMD2<Float>.zero
        if let raw = f.fields["maxSampleOffset"], raw != .null {
            let text: String
            switch raw {
            case let .number(x): text = ValueForms.format(x)
            case let .string(s): text = s
            default: throw f.error("maxSampleOffset", "expected \"W\" or \"W,H\" in points, found \(raw.typeName)")
            }
            guard let parsed = ValueForms.sampleOffset(text) else {
                throw f.error("maxSampleOffset", "expected \"W\" or \"W,H\" in points, >= 0, found '\(text)'")
            }
            offset = parsed
        }
        var precision = ShaderPrecision.float
        if let text = try f.string("precision") {
            guard let given = ShaderPrecision(rawValue: text) else {
                throw f.error("precision", "expected \"float\" or \"apple\", found '\(text)'")
            }
            guard given == .float || shaderFile.lowercased().hasSuffix(".metal") || !shaderFile.contains(".") else {
                throw f.error("precision", "\"apple\" is for Metal files: GLSL has no half (\(shaderFile))")
            }
            precision = given
        }
        let custom: CustomEffect
        do {
            let library = try ShaderLibrary(contentsOf: relative(shaderFile), precision: precision)
            custom = try CustomEffect(library: library, function: try f.string("function"), kind: requestedKind,
                                      arguments: try f.textMap("args"), timeArgument: timeArg, maxSampleOffset: offset)
        } catch let error as SuiteError {
            throw error
        } catch let error as CustomEffectError {
            throw Self.suiteError(error, fields: f)
        } catch {
            throw f.error("file", "\(error)")
        }
        return (.custom(custom.effect, imagePaths: custom.imagePaths.mapValues(relative), timeArgument: custom.timeArgument),
                custom.name, custom.kind)
    }

    /// A custom effect's problem at its place in the case's `shader` object.
    static func suiteError(_ error: CustomEffectError, fields f: JSONFields) -> SuiteError {
        let message = "\(error)"
        switch error {
        case let .unknownArgument(name, value, function, parameters):
            return f.error("args.\(name)", parameters.isEmpty ? "\(function) takes no arguments"
                           : "not a parameter of \(function) (\(parameters.joined(separator: ", "))); got '\(value)'")
        case let .missingArgument(parameter, function):
            return f.error("args", "missing \"\(parameter.name)\" (\(function) declares \(parameter.type.rawValue) \(parameter.name))")
        case let .badValue(parameter, value, expected):
            return f.error("args.\(parameter.name)", "expected \(expected), found '\(value)'")
        case let .fedGiven(fed, _):
            return f.error("args.\(fed.name)", "\(fed.name) is the timeArg: each frame sets it")
        default:
            return f.error("timeArg", message)
        }
    }
}
