import ShaderFXGolden

/// `shaderfx effects`: the built-in effects with kind, parameters, types and defaults.
struct EffectsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "effects",
            abstract: "List the built-in effects with their kind, parameters, types and defaults.",
            examples: [UsageExample("shaderfx effects ripple")])
    }

    @Argument(help: "show only this effect")
    var effect: String?

    func run(_ context: CommandContext, output: inout Output) throws -> Int32 {
        var effects = BuiltInEffects.all
        if let name = effect {
            guard let effect = BuiltInEffects.named(name) else { throw EffectOptions.unknownEffect(name) }
            effects = [effect]
        }
        var lines: [String] = []
        for effect in effects {
            lines.append("\(effect.name)  (\(effect.kind.modifierName))  \(effect.summary)")
            lines.append("    from: \(effect.origin); shader: Shaders/\(effect.shaderFile).glsl")
            let width = effect.options.map { $0.name.count + $0.type.rawValue.count }.max() ?? 0
            for parameter in effect.options {
                let head = "--\(parameter.name) <\(parameter.type.rawValue)>"
                let pad = String(repeating: " ", count: max(1, width + 6 - head.count + 2))
                let fallback = parameter.defaultValue.isEmpty ? "" : " (default: \(parameter.defaultValue))"
                lines.append("    \(head)\(pad)\(parameter.help)\(fallback)")
            }
            lines.append("")
        }
        output.print(lines.joined(separator: "\n"))
        return 0
    }
}
