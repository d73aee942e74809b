import Foundation
import ShaderFXGolden

/// `shaderfx effects`: the built-in effects with kind, parameters, types and defaults.
enum EffectsCommand {
    static let description = CommandDescription(
        name: "effects",
        abstract: "List the built-in effects with their kind, parameters, types and defaults.",
        arguments: [ArgumentDescription("effect", help: "show only this effect", optional: true)],
        options: [
            .flag("json", help: "one JSON document for tools: every effect and transition with its kind, summary and parameters (name, type, default, range, help)"),
        ],
        examples: [UsageExample("shaderfx effects ripple"), UsageExample("shaderfx effects --json")])

    static func run(_ arguments: [String], output: inout Output) throws {
        let args = try description.parse(arguments)
        if args.isHelpRequested { output.print(description.helpText()); return }
        var effects = BuiltInEffects.all
        if let name = args.positional("effect") {
            guard let effect = BuiltInEffects.named(name) else { throw EffectOptions.unknownEffect(name) }
            effects = [effect]
        }
        if args.flag("json") {
            var catalogue = ShaderCatalogue.builtIn
            if args.positional("effect") != nil {
                catalogue.effects = effects.map { $0.listing(category: "effect") }
                catalogue.transitions = []
            }
            output.print(try json(catalogue))
            return
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
    }

    /// `value` as pretty-printed JSON with sorted keys.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
