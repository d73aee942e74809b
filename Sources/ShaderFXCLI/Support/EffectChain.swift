import ShaderFXCore
import ShaderFXGolden

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

    /// Splits `arguments` at each `--then` and reads every later stage with the parser's one
    /// tokeniser; options of `command` (such as -o) may stand anywhere and go back to the command.
    /// - Parameters:
    ///   - all: the command's words.
    ///   - command: the command's own options.
    ///   - animates: whether a custom stage takes `--time-arg` and `--keyframe` (`animate`).
    init(_ all: [String], command: CommandDescription, animates: Bool) throws {
        var segments: [[String]] = [[]]
        for word in all {
            if word == "--then" { segments.append([]) } else { segments[segments.count - 1].append(word) }
        }
        var main = segments[0]
        var stages: [Stage] = []
        for segment in segments.dropFirst() {
            let first = segment.first ?? ""
            let isCustom = ["--shader", "--library"].contains { first == $0 || first.hasPrefix($0 + "=") }
            guard isCustom || (!first.isEmpty && !first.hasPrefix("-")) else {
                throw UsageError.invalidValue(option: "--then", value: first,
                                              expected: "a built-in effect name or --shader FILE after --then, e.g. --then background-warp --time 2")
            }
            if isCustom {
                let options = Self.options(of: CustomShaderFlags.self) + (animates ? Self.options(of: ShaderAnimationFlags.self) : [])
                let stage = CommandDescription(name: "then --shader", abstract: "", options: options)
                let (parsed, handedBack) = try stage.parse(segment, handingBackOptionsOf: command)
                main += handedBack
                let flags = CustomShaderFlags()
                try flags.bind(from: parsed)
                var animation: ShaderAnimationFlags?
                if animates {
                    animation = ShaderAnimationFlags()
                    try animation!.bind(from: parsed)
                }
                stages.append(.custom(flags, animation))
            } else {
                guard let effect = BuiltInEffects.named(first) else { throw EffectOptions.unknownEffect(first) }
                let stage = CommandDescription(name: "then \(first)", abstract: "", options: EffectOptions.options(for: effect))
                let (parsed, handedBack) = try stage.parse(Array(segment.dropFirst()), handingBackOptionsOf: command)
                main += handedBack
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
