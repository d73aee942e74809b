import ShaderFXCore

/// A developer's own effect function with its arguments: what `--shader` with `--arg`s, a
/// golden case's `shader` and a batch job's shader all describe.
///
/// Arguments are given as text by parameter name, as typed on a command line. Some parameters
/// are fed by the caller instead (`fed`): each frame's time (`--time-arg`), a transition's
/// progress and outgoing picture. Image parameters are read by the caller (`imagePaths`) and
/// bound with `resolvingImages(_:)`; keyframed parameters change with time (`effect(at:)`).
public struct CustomEffect: Sendable {
    /// A parameter the caller feeds rather than the arguments.
    public struct Fed: Sendable, Equatable {
        /// The parameter's name.
        public var name: String
        /// The type it must have.
        public var type: ParameterType
        /// What feeds it, for messages: "each frame's time".
        public var role: String

        /// A fed parameter.
        public init(name: String, type: ParameterType, role: String) {
            self.name = name
            self.type = type
            self.role = role
        }
    }

    /// The effect with every argument in place (fed, image and keyframed ones hold placeholders
    /// until set).
    public var effect: Effect
    /// The function's name.
    public let name: String
    /// The parameters the arguments feed, with the names the developer wrote.
    public let parameters: [ShaderParameter]
    /// Image arguments still to read, by argument index: the path as given.
    public var imagePaths: [Int: String]
    /// The index of each fed parameter, by name.
    public let fedIndices: [String: Int]
    /// Keyframed arguments, by argument index.
    public var keyframes: [Int: KeyframedArgument]
    /// The argument each frame's time feeds, if any.
    public var timeArgument: Int?

    /// The function `function` (nil: the library's only effect function) of `library` with
    /// `arguments` by name.
    /// - Parameters:
    ///   - library: the Metal or GLSL library.
    ///   - function: the function's name; nil for the only one.
    ///   - kind: the kind asked for, checked against the signature; nil to infer it.
    ///   - arguments: every parameter's value as text, by name, except fed and keyframed ones.
    ///   - fed: parameters the caller sets (a transition's progress).
    ///   - timeArgument: the float parameter each frame's time feeds.
    ///   - keyframes: keyframes by parameter name.
    ///   - maxSampleOffset: points the function may sample beyond the layer.
    /// - Throws: `ShaderError` for the library, `CustomEffectError` for the arguments.
    public init(library: ShaderLibrary, function: String? = nil, kind: EffectKind? = nil,
                arguments: [(name: String, value: String)], fed: [Fed] = [], timeArgument: String? = nil,
                keyframes: [String: [ArgumentKeyframe]] = [:], maxSampleOffset: SIMD2<Float> = .zero) throws {
        let resolved = try library.resolve(function: function, kind: kind)
        let name = resolved.function.name
        let parameters = resolved.namedParameters
        let names = parameters.map(\.name)
        var fed = fed
        if let timeArgument { fed.append(Fed(name: timeArgument, type: .float, role: "each frame's time")) }

        for pair in arguments where !names.contains(pair.name) {
            throw CustomEffectError.unknownArgument(pair.name, value: pair.value, function: name, parameters: names)
        }
        for track in keyframes.keys.sorted() where !names.contains(track) {
            throw CustomEffectError.unknownKeyframed(track, function: name, parameters: names)
        }
        for item in fed {
            guard let parameter = parameters.first(where: { $0.name == item.name }) else {
                throw CustomEffectError.fedMissing(item, function: name, parameters: parameters)
            }
            guard parameter.type == item.type else { throw CustomEffectError.fedType(item, declared: parameter.type) }
            if let pair = arguments.first(where: { $0.name == item.name }) {
                throw CustomEffectError.fedGiven(item, value: pair.value)
            }
            if keyframes[item.name] != nil { throw CustomEffectError.fedKeyframed(item) }
        }

        var values: [Shader.Argument] = []
        var imagePaths: [Int: String] = [:]
        var fedIndices: [String: Int] = [:]
        var tracks: [Int: KeyframedArgument] = [:]
        for (index, parameter) in parameters.enumerated() {
            if fed.contains(where: { $0.name == parameter.name }) {
                fedIndices[parameter.name] = index
                values.append(.float(0))  // set by the caller
                continue
            }
            if let list = keyframes[parameter.name] {
                if let pair = arguments.first(where: { $0.name == parameter.name }) {
                    throw CustomEffectError.keyframedAndGiven(parameter.name, value: pair.value)
                }
                do { tracks[index] = try KeyframedArgument(list, type: parameter.type) } catch {
                    throw CustomEffectError.badKeyframe(parameter.name, error)
                }
                values.append(tracks[index]!.argument(at: 0))
                continue
            }
            // The last value given wins, as repeated options do.
            guard let text = arguments.last(where: { $0.name == parameter.name })?.value else {
                throw CustomEffectError.missingArgument(parameter, function: name)
            }
            if parameter.type == .image {
                imagePaths[index] = text
                values.append(.float(0))  // replaced by the image once it is read
                continue
            }
            do { values.append(try Shader.Argument.parse(text, for: parameter)) } catch {
                throw CustomEffectError.badValue(parameter, value: text, expected: error.expected)
            }
        }
        self.effect = Effect(kind: resolved.kind, shader: Shader(function: library.function(name), arguments: values),
                             maxSampleOffset: maxSampleOffset, isEnabled: true)
        self.name = name
        self.parameters = parameters
        self.imagePaths = imagePaths
        self.fedIndices = fedIndices
        self.keyframes = tracks
        self.timeArgument = timeArgument.flatMap { fedIndices[$0] }
    }

    /// The kind the function runs as.
    public var kind: EffectKind { effect.kind }

    /// The last keyframe's time: how long the keyframes take (nil without keyframes).
    public var keyframesDuration: Double? { keyframes.values.compactMap { $0.times.last }.max() }

    /// The effect with its images bound, `images` by argument index.
    public func resolvingImages(_ images: [Int: RGBAImage]) -> CustomEffect {
        var copy = self
        for (index, image) in images where copy.effect.shader.arguments.indices.contains(index) {
            copy.effect.shader.arguments[index] = .image(image)
            copy.imagePaths[index] = nil
        }
        return copy
    }

    /// The effect at `time` seconds: the time argument set to it, keyframed arguments at their values then.
    public func effect(at time: Double) -> Effect {
        var effect = self.effect
        if let timeArgument { effect.shader.arguments[timeArgument] = .float(Float(time)) }
        for (index, track) in keyframes { effect.shader.arguments[index] = track.argument(at: time) }
        return effect
    }

    /// The effect with the fed parameter `name` set to `value`.
    public func feeding(_ name: String, _ value: Shader.Argument) -> CustomEffect {
        var copy = self
        if let index = fedIndices[name] { copy.effect.shader.arguments[index] = value }
        return copy
    }
}

/// What is wrong with a custom effect's arguments; each caller words it in its own terms
/// (`--arg x=1` on a command line, `args.x` in a golden case).
public enum CustomEffectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An argument for a parameter the function does not have.
    case unknownArgument(String, value: String, function: String, parameters: [String])
    /// Keyframes for a parameter the function does not have.
    case unknownKeyframed(String, function: String, parameters: [String])
    /// A parameter without a value.
    case missingArgument(ShaderParameter, function: String)
    /// A value that does not fit its parameter.
    case badValue(ShaderParameter, value: String, expected: String)
    /// A fed parameter the function does not declare.
    case fedMissing(CustomEffect.Fed, function: String, parameters: [ShaderParameter])
    /// A fed parameter of the wrong type.
    case fedType(CustomEffect.Fed, declared: ParameterType)
    /// A fed parameter given a value too.
    case fedGiven(CustomEffect.Fed, value: String)
    /// A fed parameter given keyframes too.
    case fedKeyframed(CustomEffect.Fed)
    /// A parameter given both a value and keyframes.
    case keyframedAndGiven(String, value: String)
    /// Keyframes that do not fit their parameter.
    case badKeyframe(String, ArgumentKeyframeError)

    public var description: String {
        switch self {
        case let .unknownArgument(name, value, function, parameters):
            return "\(name)=\(value): " + (parameters.isEmpty ? "\(function) takes no arguments"
                : "not a parameter of \(function) (\(parameters.joined(separator: ", ")))")
        case let .unknownKeyframed(name, function, parameters):
            return "keyframes for \(name): not a parameter of \(function) (\(parameters.joined(separator: ", ")))"
        case let .missingArgument(parameter, function):
            return "no value for \(parameter.name) (\(function) declares \(parameter.type.rawValue) \(parameter.name))"
        case let .badValue(parameter, value, expected):
            return "\(parameter.name)=\(value): expected \(expected)"
        case let .fedMissing(fed, function, parameters):
            let candidates = parameters.filter { $0.type == fed.type }.map(\.name)
            return "\(function) has no \(fed.type.rawValue) parameter '\(fed.name)' for \(fed.role)"
                + (candidates.isEmpty ? "" : " (its \(fed.type.rawValue) parameters: \(candidates.joined(separator: ", ")))")
        case let .fedType(fed, declared):
            return "\(fed.name) is \(declared.rawValue); \(fed.role) feeds a \(fed.type.rawValue) parameter"
        case let .fedGiven(fed, value):
            return "\(fed.name)=\(value): \(fed.name) takes \(fed.role), so it is not given a value"
        case let .fedKeyframed(fed):
            return "keyframes for \(fed.name): it takes \(fed.role)"
        case let .keyframedAndGiven(name, value):
            return "\(name)=\(value): \(name) has keyframes; give either a value or keyframes"
        case let .badKeyframe(name, error):
            return "keyframes for \(name)" + (error.index.map { "[\($0)]" } ?? "") + ": expected \(error.expected)"
        }
    }
}
