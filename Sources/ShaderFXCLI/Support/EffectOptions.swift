import ShaderFXGolden

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
        for parameter in parameters {
            if let text = args.given(parameter.name) { raw[parameter.name] = text }
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
