import ShaderFXGolden

/// One effect of a command's chain as the command runs it: a built-in effect (its value, or
/// its animator when the command animates) or a user's function.
enum EffectStage {
    /// A built-in effect with the values given for its parameters, and the parameters that
    /// follow keyframes (`animate` only).
    case builtIn(any BuiltInEffect.Type, ParameterValues, keyframes: [String: KeyframedArgument])
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
        var stages: [EffectStage]
        if var (effect, values) = builtIn {
            values.images = images
            // Keyframes may move a built-in effect's parameters; a time argument is a function's.
            if let given = custom.givenOption ?? animation?.timeArg.map({ ("time-arg", $0) }) {
                throw UsageError.invalidValue(option: "--\(given.0)", value: given.1,
                                              expected: "no --\(given.0) with a built-in effect (it is for --shader)")
            }
            let lists = try ShaderAnimationFlags.keyframes(animation?.keyframe ?? [], script: scriptKeyframes)
            do {
                stages = [.builtIn(effect, values, keyframes: try EffectAnimator.keyframes(lists, of: effect, base: values))]
            } catch {
                throw UsageError.invalidValue(option: scriptKeyframes[error.parameter] != nil ? "--events" : "--keyframe",
                                              value: error.parameter, expected: error.reason)
            }
        } else {
            stages = [.custom(try custom.customEffect(animation: animation, scriptKeyframes: scriptKeyframes))]
        }
        for stage in chain {
            switch stage {
            case .builtIn(let effect, var values):
                values.images = images
                stages.append(.builtIn(effect, values, keyframes: [:]))
            case let .custom(flags, animation): stages.append(.custom(try flags.customEffect(animation: animation)))
            }
        }
        for case let .builtIn(effect, values, _) in stages { _ = try effect.init(values: values) }
        return stages
    }

    /// The name status lines use: the effect's, or the function's.
    var name: String {
        switch self {
        case let .builtIn(effect, _, _): effect.name
        case let .custom(custom): custom.name
        }
    }

    /// The kind of the stage's effect.
    var kind: EffectKind {
        switch self {
        case let .builtIn(effect, _, _): effect.kind
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
        case let .builtIn(effect, values, _): try effect.init(values: values).passes
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
    /// built-in effect's values read once into its typed value, which every frame changes.
    init(_ stage: EffectStage, events: EventScript, size: SIMD2<Double>) throws {
        switch stage {
        case let .builtIn(effect, values, keyframes):
            self = .builtIn(try EffectAnimator(effect: effect, base: values, events: events, size: size, keyframes: keyframes))
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
