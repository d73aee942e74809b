import Foundation
import ShaderFXGolden

/// `shaderfx effects`: the built-in effects with kind, parameters, types and defaults.
struct EffectsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "effects",
            abstract: "List the built-in effects with their kind, parameters, types and defaults.",
            examples: [UsageExample("shaderfx effects ripple"), UsageExample("shaderfx effects --json")])
    }

    @Argument(help: "show only this effect", completion: .builtInEffects)
    var effect: String?
    @Flag(help: "one JSON document for tools: every effect and transition with its kind, summary and parameters (name, type, default, range, help)")
    var json: Bool

    func run(_ context: CommandContext, output: inout Output) throws -> Int32 {
        var effects = BuiltInEffects.all
        if let name = effect {
            guard let effect = BuiltInEffects.named(name) else { throw EffectOptions.unknownEffect(name) }
            effects = [effect]
        }
        if json {
            var catalogue = ShaderCatalogue.builtIn
            if effect != nil {
                catalogue.effects = effects.map { $0.listing(category: "effect") }
                catalogue.transitions = []
            }
            output.print(try Self.json(catalogue))
            return 0
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

    /// `value` as pretty-printed JSON with sorted keys.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
