import ShaderFXCore
import ShaderFXGolden

/// An undeclared `--name value` kept by `CommandDescription.parse(_:collectingUnknownOptions:)`.
struct CollectedOption: Sendable, Equatable {
    /// The name without dashes.
    let name: String
    /// The value as typed.
    let value: String

    /// Makes a collected option.
    /// - Parameters:
    ///   - name: the name without dashes.
    ///   - value: the value as typed.
    init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One `name=value` of a repeatable option such as `--arg amplitude=2`.
struct KeyValuePair: Sendable, Equatable {
    /// The text before the first `=`, trimmed.
    let key: String
    /// The text after the first `=` (may be empty or contain `=`).
    let value: String

    /// Makes a pair.
    /// - Parameters:
    ///   - key: the name.
    ///   - value: the value.
    init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// The result of parsing: positional values and options, read through typed getters.
///
/// Getters take the long option name without dashes, return `nil` when the option is absent
/// and has no default, and throw `UsageError` naming the option when the value is malformed.
/// Asking for a name that is neither declared nor collectable is a programming error (trap).
struct ParsedArguments: Sendable {
    /// The description this was parsed against.
    let command: CommandDescription
    /// True when `-h` or `--help` was given: show `command.helpText()` and do nothing else.
    let isHelpRequested: Bool
    /// Every positional word, in order (after `--` too).
    let arguments: [String]
    /// Undeclared options kept when parsing with `collectingUnknownOptions: true`, in order.
    let collectedOptions: [CollectedOption]
    private let collecting: Bool
    private let positionalValues: [String: [String]]
    private let occurrences: [String: [String]]

    init(
        command: CommandDescription, helpRequested: Bool, collecting: Bool,
        arguments: [String] = [], positionalValues: [String: [String]] = [:],
        occurrences: [String: [String]] = [:], collectedOptions: [CollectedOption] = []
    ) {
        self.command = command
        self.isHelpRequested = helpRequested
        self.collecting = collecting
        self.arguments = arguments
        self.positionalValues = positionalValues
        self.occurrences = occurrences
        self.collectedOptions = collectedOptions
    }

    // MARK: Positional arguments

    /// The value of a positional argument, or `nil` when an optional one was left out.
    /// - Parameter name: the argument's name as declared (without `<>`).
    func positional(_ name: String) -> String? {
        positionals(name).first
    }

    /// Every value of a (repeatable) positional argument, in order.
    /// - Parameter name: the argument's name as declared (without `<>`).
    func positionals(_ name: String) -> [String] {
        precondition(command.arguments.contains { $0.name == name }, "<\(name)> is not declared")
        return positionalValues[name] ?? []
    }

    // MARK: Raw values

    /// True when the option was given on the command line (a default does not count). For the
    /// property wrappers' binding and for options made at run time (an effect's parameters);
    /// a command asks its own options through their projected values (`$record.isGiven`).
    /// - Parameter name: the long name without dashes.
    func isPresent(_ name: String) -> Bool {
        !rawValues(name, withDefault: false).isEmpty
    }

    /// The text given on the command line for the option (the last one), nil when absent (a
    /// default does not count).
    /// - Parameter name: the long name without dashes.
    func given(_ name: String) -> String? {
        rawValues(name, withDefault: false).last
    }

    /// How many times the option was given (useful for repeatable flags like `-v -v`).
    /// - Parameter name: the long name without dashes.
    func count(_ name: String) -> Int {
        rawValues(name, withDefault: false).count
    }

    /// Every value given for the option, in order; the default alone when it was not given.
    /// - Parameter name: the long name without dashes.
    func values(_ name: String) -> [String] {
        rawValues(name, withDefault: true)
    }

    /// Checks the options kept by a collecting parse against the names a second stage allows.
    /// - Parameter allowed: the names (without dashes) that are valid, e.g. an effect's parameters.
    /// - Throws: `UsageError.unknownOption` for the first name not allowed, suggesting the
    ///   nearest allowed or declared name.
    func checkCollectedOptions(allowed: some Sequence<String>) throws(UsageError) {
        let allowed = Array(allowed)
        for option in collectedOptions where !allowed.contains(option.name) {
            let candidates = allowed + command.options.map(\.name) + ["help"]
            let suggestion = TextUtilities.suggestion(for: option.name, among: candidates)
            throw .unknownOption("--\(option.name)", suggestion: suggestion.map { "--\($0)" })
        }
    }

    private func rawValues(_ name: String, withDefault: Bool) -> [String] {
        if let option = command.option(named: name) {
            if let given = occurrences[name] { return given }
            return withDefault ? option.defaultValue.map { [$0] } ?? [] : []
        }
        precondition(collecting, "--\(name) is not declared by '\(command.name)'")
        return collectedOptions.filter { $0.name == name }.map(\.value)
    }

    // MARK: Typed getters

    /// The option's value as text (the last one for a repeatable option).
    /// - Parameter name: the long name without dashes.
    func string(_ name: String) -> String? {
        values(name).last
    }

    /// Whether a flag was given.
    /// - Parameter name: the long name without dashes.
    func flag(_ name: String) -> Bool {
        isPresent(name)
    }

    /// Converts the option's value with your own parser, for forms not covered here.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - expected: what a valid value is, for the error, e.g. "a size like 512x512".
    ///   - parse: returns `nil` for invalid text.
    /// - Throws: `UsageError.invalidValue` when `parse` returns `nil`.
    func value<T>(_ name: String, expected: String, parse: (String) -> T?) throws(UsageError) -> T? {
        guard let raw = string(name) else { return nil }
        guard let value = parse(raw) else { throw .invalidValue(option: "--\(name)", value: raw, expected: expected) }
        return value
    }

    /// The option's value as an integer, optionally within a range.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - range: the allowed values, e.g. `1...Int.max` for positive integers.
    /// - Throws: `UsageError.invalidValue` when it is not an integer in range.
    func int(_ name: String, in range: ClosedRange<Int>? = nil) throws(UsageError) -> Int? {
        try value(name, expected: ValueForms.integer(in: range)) { text in
            Int(text.trimmed).flatMap { range?.contains($0) ?? true ? $0 : nil }
        }
    }

    /// The option's value as a finite number, optionally within a range.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - range: the allowed values, e.g. `0...1` or `0...Double.infinity`.
    /// - Throws: `UsageError.invalidValue` when it is not a finite number in range.
    func double(_ name: String, in range: ClosedRange<Double>? = nil) throws(UsageError) -> Double? {
        try value(name, expected: ValueForms.number(in: range)) { text in
            ValueForms.finite(text).flatMap { range?.contains($0) ?? true ? $0 : nil }
        }
    }

    /// The option's value as a finite `Float`, optionally within a range.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - range: the allowed values.
    /// - Throws: `UsageError.invalidValue` when it is not a finite `Float` in range.
    func float(_ name: String, in range: ClosedRange<Float>? = nil) throws(UsageError) -> Float? {
        let doubleRange = range.map { Double($0.lowerBound)...Double($0.upperBound) }
        return try value(name, expected: ValueForms.number(in: doubleRange)) { text in
            ValueForms.finiteFloat(text).flatMap { range?.contains($0) ?? true ? $0 : nil }
        }
    }

    /// The option's value as a 2-vector written `x,y` (e.g. `--origin -5,10`).
    /// - Parameter name: the long name without dashes.
    /// - Throws: `UsageError.invalidValue` unless it is two finite numbers separated by a comma.
    func float2(_ name: String) throws(UsageError) -> SIMD2<Float>? {
        try value(name, expected: "two numbers as x,y") { ValueForms.point($0) }
    }

    /// The option's value as a size `WxH`, each side within `sides` (`ValueForms.size`).
    /// - Parameter name: the long name without dashes.
    /// - Throws: `UsageError.invalidValue` for any other form.
    func size(_ name: String, sides: ClosedRange<Int> = 1...16384) throws(UsageError) -> SIMD2<Int>? {
        try value(name, expected: "a size WxH in points, e.g. 512x384") { ValueForms.size($0, sides: sides) }
    }

    /// The option's comma-separated values `a,b,c`, trimmed; every occurrence of a repeatable
    /// option contributes, in order.
    /// - Parameter name: the long name without dashes.
    /// - Throws: `UsageError.invalidValue` when an item is empty (`a,,b`, trailing comma).
    func list(_ name: String) throws(UsageError) -> [String]? {
        let raw = values(name)
        if raw.isEmpty { return nil }
        var items: [String] = []
        for text in raw {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmed }
            if parts.contains(where: \.isEmpty) {
                throw .invalidValue(option: "--\(name)", value: text, expected: "a comma-separated list like a,b,c")
            }
            items += parts
        }
        return items
    }

    /// The option's inclusive frame range `A..B` with `0 <= A <= B`; a single `N` means `N..N`.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - bounds: when given, the range must lie inside it (e.g. `0...(frameCount - 1)`).
    /// - Throws: `UsageError.invalidValue` for other forms, `A > B`, or a range outside `bounds`.
    func frameRange(_ name: String, within bounds: ClosedRange<Int>? = nil) throws(UsageError) -> ClosedRange<Int>? {
        var expected = "a frame range A..B with 0 <= A <= B"
        if let bounds { expected += " within \(bounds.lowerBound)..\(bounds.upperBound)" }
        return try value(name, expected: expected) { text in
            let ends = text.trimmed.split(separator: "..", omittingEmptySubsequences: false)
            guard ends.count <= 2, let first = Int(ends[0]), let last = Int(ends[ends.count - 1]) else { return nil }
            guard 0 <= first, first <= last else { return nil }
            if let bounds, !(bounds.contains(first) && bounds.contains(last)) { return nil }
            return first...last
        }
    }

    /// The option's value, which must be one of a fixed set of words (exact match).
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - choices: the accepted words, listed in the error.
    /// - Throws: `UsageError.invalidValue` listing the choices.
    func choice(_ name: String, from choices: [String]) throws(UsageError) -> String? {
        try value(name, expected: "one of " + choices.joined(separator: ", ")) { choices.contains($0) ? $0 : nil }
    }

    /// The option's value as a case of a string-backed enum (matching its raw values).
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - type: the enum type; its cases are listed in the error, in declaration order.
    /// - Throws: `UsageError.invalidValue` listing the raw values.
    func choice<T: CaseIterable & RawRepresentable>(_ name: String, as type: T.Type) throws(UsageError) -> T?
    where T.RawValue == String {
        try choice(name, from: T.allCases.map(\.rawValue)).flatMap(T.init(rawValue:))
    }

    /// The `name=value` pairs of a repeatable option (`--arg a=1 --arg b=2`), in order;
    /// empty when it was not given.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - unique: whether a name may be given only once.
    /// - Throws: `UsageError.invalidValue` for an occurrence without `=` or with an empty name,
    ///   or (when `unique`) a name given twice.
    func keyValuePairs(_ name: String, unique: Bool = true) throws(UsageError) -> [KeyValuePair] {
        var pairs: [KeyValuePair] = []
        for text in values(name) {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).trimmed
            guard parts.count == 2, !key.isEmpty else {
                throw .invalidValue(option: "--\(name)", value: text, expected: "name=value")
            }
            if unique, pairs.contains(where: { $0.key == key }) {
                throw .invalidValue(option: "--\(name)", value: text, expected: "each name once ('\(key)' was already given)")
            }
            pairs.append(KeyValuePair(key: key, value: String(parts[1])))
        }
        return pairs
    }

    /// The option's value as a colour (see `RGBA.parse(_:)`: names, `#rrggbb`, `r,g,b[,a]`).
    /// - Parameter name: the long name without dashes.
    /// - Throws: `UsageError.invalidColor` with what colours look like.
    func color(_ name: String) throws(UsageError) -> RGBA? {
        guard let raw = string(name) else { return nil }
        do { return try RGBA.parse(raw) } catch { throw .invalidColor(option: "--\(name)", error: error) }
    }

    /// The option's value as a list of colours (see `RGBA.parseList(_:)`).
    /// - Parameter name: the long name without dashes.
    /// - Throws: `UsageError.invalidColor` with what colours look like.
    func colors(_ name: String) throws(UsageError) -> [RGBA]? {
        guard let raw = string(name) else { return nil }
        do { return try RGBA.parseList(raw) } catch { throw .invalidColor(option: "--\(name)", error: error) }
    }
}
