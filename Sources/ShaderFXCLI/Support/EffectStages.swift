import ShaderFXGolden

/// One effect of a command's chain as the command runs it: a built-in effect (its value, or
/// its animator when the command animates) or a user's function.
enum EffectStage {
    /// A built-in effect, its parameters read once into its typed value, and the parameters
    /// that follow keyframes (`animate` only).
    case builtIn(any BuiltInEffect, keyframes: [String: KeyframedArgument])
    /// A user's function; its image arguments are read once the GPU is up (`readingImages`).
    case custom(CustomEffect)

    /// The stages of a command: its own effect (a built-in one named by `builtIn`, else the
    /// custom flags' function) then the `--then` chain, every built-in stage's values and
    /// keyframes checked (before the GPU starts), their image parameters decoded by `images`.
    /// - Parameters:
    ///   - builtIn: the built-in effect the command names, if any, with its values.
    ///   - custom: the command's custom-shader flags (refused beside a built-in effect).
    ///   - animation: the command's `--time-arg` and `--keyframe` (animate only).
    ///   - scriptKeyframes: keyframes from an event script, for the command's own effect.
    ///   - chain: the `--then` stages.
    ///   - images: the run's image store: every built-in stage's image parameters are decoded
    ///     there, once per file, within its budget.
    static func stages(builtIn: (any BuiltInEffect.Type, ParameterValues)?, custom: CustomShaderFlags,
                       animation: ShaderAnimationFlags? = nil, scriptKeyframes: [String: [ArgumentKeyframe]] = [:],
                       chain: [EffectChain.Stage], images: ImageStore) throws -> [EffectStage] {
        // Built-in stages are read into their typed values last, in order, once every stage's
        // flags and keyframes were checked.
        var pending: [(effect: any BuiltInEffect.Type, values: ParameterValues, keyframes: [String: KeyframedArgument])?] = []
        var customs: [CustomEffect] = []
        if let (effect, given) = builtIn {
            var values = given
            values.images = images
            // Keyframes may move a built-in effect's parameters; a time argument is a function's.
            if let given = custom.givenOption ?? animation?.timeArg.map({ ("time-arg", $0) }) {
                throw UsageError.invalidValue(option: "--\(given.0)", value: given.1,
                                              expected: "no --\(given.0) with a built-in effect (it is for --shader)")
            }
            let lists = try ShaderAnimationFlags.keyframes(animation?.keyframe ?? [], script: scriptKeyframes)
            do {
                pending.append((effect, values, try EffectAnimator.keyframes(lists, of: effect, base: values)))
            } catch {
                throw UsageError.invalidValue(option: scriptKeyframes[error.parameter] != nil ? "--events" : "--keyframe",
                                              value: error.parameter, expected: error.reason)
            }
        } else {
            pending.append(nil)
            customs.append(try custom.customEffect(animation: animation, scriptKeyframes: scriptKeyframes))
        }
        for stage in chain {
            switch stage {
            case .builtIn(let effect, var values):
                values.images = images
                pending.append((effect, values, [:]))
            case let .custom(flags, animation):
                pending.append(nil)
                customs.append(try flags.customEffect(animation: animation))
            }
        }
        var nextCustom = customs.makeIterator()
        return try pending.map { stage throws -> EffectStage in
            guard let stage else { return .custom(nextCustom.next()!) }
            return .builtIn(try stage.effect.init(values: stage.values), keyframes: stage.keyframes)
        }
    }

    /// The name status lines use: the effect's, or the function's.
    var name: String {
        switch self {
        case let .builtIn(effect, _): type(of: effect).name
        case let .custom(custom): custom.name
        }
    }

    /// The kind of the stage's effect.
    var kind: EffectKind {
        switch self {
        case let .builtIn(effect, _): type(of: effect).kind
        case let .custom(custom): custom.kind
        }
    }

    /// The stage with its image arguments read by `images` (the run's store, within its budget:
    /// a file a built-in stage also names is decoded once).
    func readingImages(_ images: ImageStore) throws -> EffectStage {
        guard case let .custom(custom) = self, !custom.imagePaths.isEmpty else { return self }
        return .custom(custom.resolvingImages(try custom.imagePaths.mapValues { try images.image(path: $0) }))
    }

    /// The passes of a still picture: a built-in effect as its values say, a function at time 0.
    func passes() throws -> [Effect] {
        switch self {
        case let .builtIn(effect, _): effect.passes
        case let .custom(custom): [custom.effect(at: 0)]
        }
    }
}

/// A stage over time, for `animate`: a built-in effect's animator (time, taps, drags) or a
/// user's function with its time argument and keyframes.
enum StageAnimator {
    case builtIn(EffectAnimator)
    case custom(CustomEffect)

    /// The animator of `stage`, its gestures from `events` over a picture of `size` points: a
    /// built-in effect's typed value, which every frame changes.
    init(_ stage: EffectStage, events: EventScript, size: SIMD2<Double>) throws {
        switch stage {
        case let .builtIn(effect, keyframes):
            func animator<E: BuiltInEffect>(_ value: E) throws -> EffectAnimator {
                try EffectAnimator(value, events: events, size: size, keyframes: keyframes)
            }
            self = .builtIn(try animator(effect))
        case let .custom(custom): self = .custom(custom)
        }
    }

    /// The passes at `time` seconds.
    func passes(at time: Double) throws -> [Effect] {
        switch self {
        case let .builtIn(animator): try animator.passes(at: time)
        case let .custom(custom): [custom.effect(at: time)]
        }
    }

    /// How long the stage runs on its own: a built-in effect's length, a function's last keyframe.
    func naturalDuration() -> Double? {
        switch self {
        case let .builtIn(animator): animator.naturalDuration()
        case let .custom(custom): custom.keyframesDuration
        }
    }
}
