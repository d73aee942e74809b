import ShaderFXCore

/// What a wrapped property declares for the parser.
enum DeclaredInput {
    /// A `--name` option or flag.
    case option(OptionDescription)
    /// A positional argument.
    case argument(ArgumentDescription)
}

/// A property the parser fills: an option, a flag, a positional argument, or a group of them.
protocol ParsedProperty {
    /// What it declares; `label` is the property's name, from which the option's name comes.
    func declarations(label: String) -> [DeclaredInput]
    /// Takes its value from a finished parse.
    func bind(label: String, from parsed: ParsedArguments) throws(UsageError)
}

/// The value a wrapped property shows, written once by the parser. A reference, so the copy
/// of the command that reflection sees and the command itself share it.
final class ParsedSlot<Value> {
    var value: Value?
    /// The option's name, set when it is bound; whether it was given.
    var name: String?
    var isGiven = false
    init(_ value: Value?) { self.value = value }
}

/// Whether an option was given on the command line (a default does not count), and how it is
/// spelt: an `@Option`'s projected value, so `$record.isGiven` and `$record.spelling` replace
/// look-ups by a string name.
struct GivenOption {
    /// True when the option was on the command line.
    let isGiven: Bool
    /// `--record`: the option as typed, for messages.
    let spelling: String
}

/// `maxSampleOffset` (or its storage `_maxSampleOffset`) as an option name: `max-sample-offset`.
func optionName(forProperty label: String) -> String {
    var name = ""
    for character in label.drop(while: { $0 == "_" }) {
        if character.isUppercase {
            name += "-" + character.lowercased()
        } else {
            name.append(character)
        }
    }
    return name
}

/// A type an option's value can have: it knows how to read itself from a parse, with the
/// parser's messages for bad values.
protocol OptionValue {
    /// The placeholder in help, e.g. `N` for `--fps <N>`.
    static var valueName: String { get }
    /// The value of option `name`, nil when absent.
    static func read(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> Self?
    /// The value as it would be typed, for `(default: ...)` in help.
    var optionText: String { get }
    /// What a shell offers for the value; nil: what the value name says (see `ValueCompletion`).
    static var completion: ValueCompletion? { get }
}

extension OptionValue {
    static var completion: ValueCompletion? { nil }
}

/// An option value that can be limited to a range, checked with a message naming the range.
protocol RangedOptionValue: OptionValue, Comparable {
    /// The value of option `name`, nil when absent; outside `range` is a usage error.
    static func read(_ parsed: ParsedArguments, _ name: String, in range: ClosedRange<Self>) throws(UsageError) -> Self?
}

extension Int: RangedOptionValue {
    static var valueName: String { "N" }
    static func read(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> Int? { try parsed.int(name) }
    static func read(_ parsed: ParsedArguments, _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        try parsed.int(name, in: range)
    }
    var optionText: String { String(self) }
}

extension Double: RangedOptionValue {
    static var valueName: String { "X" }
    static func read(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> Double? { try parsed.double(name) }
    static func read(_ parsed: ParsedArguments, _ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        try parsed.double(name, in: range)
    }
    var optionText: String { ValueForms.format(self) }
}

extension Float: RangedOptionValue {
    static var valueName: String { "X" }
    static func read(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> Float? { try parsed.float(name) }
    static func read(_ parsed: ParsedArguments, _ name: String, in range: ClosedRange<Float>) throws(UsageError) -> Float? {
        try parsed.float(name, in: range)
    }
    var optionText: String { ValueForms.format(Double(self)) }
}

extension String: OptionValue {
    static var valueName: String { "VALUE" }
    static func read(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> String? { parsed.string(name) }
    var optionText: String { self }
}

/// Enumerations typed by their raw names (`--region frame|grown`).
protocol ChoiceOptionValue: OptionValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceOptionValue {
    static var valueName: String { "NAME" }
    static func read(_ parsed: ParsedArguments, _ name: String) throws(UsageError) -> Self? {
        try parsed.choice(name, as: Self.self)
    }
    var optionText: String { rawValue }
    static var completion: ValueCompletion? { .words(allCases.map(\.rawValue)) }
}

/// An option that takes a value: `--name VALUE`, `--name=VALUE`, or `-x VALUE`.
///
/// With an initial value the option is optional and that value is its default (shown in help);
/// without one it is required, or `nil` when absent for an optional type.
@propertyWrapper
struct Option<Value>: ParsedProperty {
    private let slot: ParsedSlot<Value>
    private let explicitName: String?
    private let short: Character?
    private let valueName: String
    private let help: String
    private let defaultText: String?
    private let isRequired: Bool
    private let isRepeatable: Bool
    private let section: String
    private let completion: ValueCompletion?
    private let read: (ParsedArguments, String) throws(UsageError) -> Value?

    /// The parsed value (the default before parsing).
    var wrappedValue: Value {
        guard let value = slot.value else { preconditionFailure("a required option was read before parsing") }
        return value
    }

    /// Whether the option was given, and its spelling (`$name` in a command).
    var projectedValue: GivenOption {
        guard let name = slot.name ?? explicitName else { preconditionFailure("an option was asked about before parsing") }
        return GivenOption(isGiven: slot.isGiven, spelling: "--\(name)")
    }

    private init(initial: Value?, name: String?, short: Character?, valueName: String, help: String,
                 defaultText: String?, required: Bool, repeatable: Bool, section: String,
                 completion: ValueCompletion? = nil, read: @escaping (ParsedArguments, String) throws(UsageError) -> Value?) {
        slot = ParsedSlot(initial)
        explicitName = name
        self.short = short
        self.valueName = valueName
        self.help = help
        self.defaultText = defaultText
        isRequired = required
        isRepeatable = repeatable
        self.section = section
        self.completion = completion
        self.read = read
    }

    func declarations(label: String) -> [DeclaredInput] {
        let name = explicitName ?? optionName(forProperty: label)
        return [.option(.value(name, short: short, valueName: valueName, help: help, default: defaultText,
                               required: isRequired, repeatable: isRepeatable, section: section, completion: completion))]
    }

    func bind(label: String, from parsed: ParsedArguments) throws(UsageError) {
        let name = explicitName ?? optionName(forProperty: label)
        slot.name = name
        // Absent options keep the property's initial value (its default, nil or []).
        guard parsed.isPresent(name) else { return }
        slot.isGiven = true
        if let value = try read(parsed, name) { slot.value = value }
    }
}

extension Option where Value: OptionValue {
    /// An option with a default.
    init(wrappedValue: Value, name: String? = nil, short: Character? = nil, valueName: String? = nil,
         help: String, section: String = "OPTIONS") {
        self.init(initial: wrappedValue, name: name, short: short, valueName: valueName ?? Value.valueName, help: help,
                  defaultText: wrappedValue.optionText, required: false, repeatable: false, section: section,
                  completion: Value.completion, read: { parsed, name throws(UsageError) in try Value.read(parsed, name) })
    }

    /// A required option.
    init(name: String? = nil, short: Character? = nil, valueName: String? = nil, help: String, section: String = "OPTIONS") {
        self.init(initial: nil, name: name, short: short, valueName: valueName ?? Value.valueName, help: help,
                  defaultText: nil, required: true, repeatable: false, section: section,
                  completion: Value.completion, read: { parsed, name throws(UsageError) in try Value.read(parsed, name) })
    }
}

extension Option where Value: RangedOptionValue {
    /// An option with a default, limited to `range`.
    init(wrappedValue: Value, name: String? = nil, short: Character? = nil, valueName: String? = nil,
         help: String, in range: ClosedRange<Value>, section: String = "OPTIONS") {
        self.init(initial: wrappedValue, name: name, short: short, valueName: valueName ?? Value.valueName, help: help,
                  defaultText: wrappedValue.optionText, required: false, repeatable: false, section: section,
                  completion: Value.completion, read: { parsed, name throws(UsageError) in try Value.read(parsed, name, in: range) })
    }
}

extension Option {
    /// An option that is `nil` when absent; `completion` replaces what shells offer for its type.
    init<Wrapped: OptionValue>(name: String? = nil, short: Character? = nil, valueName: String? = nil,
                               completion: ValueCompletion? = nil, help: String, section: String = "OPTIONS") where Value == Wrapped? {
        self.init(initial: .some(nil), name: name, short: short, valueName: valueName ?? Wrapped.valueName, help: help,
                  defaultText: nil, required: false, repeatable: false, section: section,
                  completion: completion ?? Wrapped.completion, read: { parsed, name throws(UsageError) in try Wrapped.read(parsed, name).map { $0 } })
    }

    /// An option that is `nil` when absent, limited to `range`.
    init<Wrapped: RangedOptionValue>(name: String? = nil, short: Character? = nil, valueName: String? = nil,
                                     help: String, in range: ClosedRange<Wrapped>, section: String = "OPTIONS") where Value == Wrapped? {
        self.init(initial: .some(nil), name: name, short: short, valueName: valueName ?? Wrapped.valueName, help: help,
                  defaultText: nil, required: false, repeatable: false, section: section,
                  completion: Wrapped.completion, read: { parsed, name throws(UsageError) in try Wrapped.read(parsed, name, in: range).map { $0 } })
    }

    /// An option of a type read by `read` (a size, a frame range, a list): `nil` when absent.
    init<Wrapped>(name: String? = nil, short: Character? = nil, valueName: String, help: String,
                  default defaultText: String? = nil, section: String = "OPTIONS",
                  read: @escaping (ParsedArguments, String) throws(UsageError) -> Wrapped?) where Value == Wrapped? {
        self.init(initial: .some(nil), name: name, short: short, valueName: valueName, help: help,
                  defaultText: defaultText, required: false, repeatable: false, section: section,
                  read: { parsed, name throws(UsageError) in try read(parsed, name).map { $0 } })
    }
}

extension Option {
    /// An option that may be given several times, its values read together by `read`.
    init<Element>(name: String? = nil, short: Character? = nil, valueName: String, help: String, section: String = "OPTIONS",
                  repeatedRead read: @escaping (ParsedArguments, String) throws(UsageError) -> [Element]) where Value == [Element] {
        self.init(initial: [], name: name, short: short, valueName: valueName, help: help,
                  defaultText: nil, required: false, repeatable: true, section: section,
                  read: { parsed, name throws(UsageError) in try read(parsed, name) })
    }
}

extension Option where Value == [String] {
    /// An option that may be given several times; every value, in order.
    init(name: String? = nil, short: Character? = nil, valueName: String, help: String, section: String = "OPTIONS") {
        self.init(initial: [], name: name, short: short, valueName: valueName, help: help,
                  defaultText: nil, required: false, repeatable: true, section: section,
                  read: { parsed, name throws(UsageError) in parsed.values(name) })
    }
}

/// A switch without a value: `--quiet`, `-q`.
@propertyWrapper
struct Flag: ParsedProperty {
    private let slot = ParsedSlot<Bool>(false)
    private let explicitName: String?
    private let short: Character?
    private let help: String
    private let section: String

    /// True when the flag was given.
    var wrappedValue: Bool { slot.value ?? false }

    /// A flag, false unless given.
    init(name: String? = nil, short: Character? = nil, help: String, section: String = "OPTIONS") {
        explicitName = name
        self.short = short
        self.help = help
        self.section = section
    }

    func declarations(label: String) -> [DeclaredInput] {
        [.option(.flag(explicitName ?? optionName(forProperty: label), short: short, help: help, section: section))]
    }

    func bind(label: String, from parsed: ParsedArguments) throws(UsageError) {
        slot.value = parsed.flag(explicitName ?? optionName(forProperty: label))
    }
}

/// A positional argument: `String` (required), `String?` (optional) or `[String]` (the rest).
@propertyWrapper
struct Argument<Value>: ParsedProperty {
    private let slot: ParsedSlot<Value>
    private let explicitName: String?
    private let help: String
    private let isOptional: Bool
    private let isRepeatable: Bool
    private let completion: ValueCompletion
    private let read: (ParsedArguments, String) -> Value?

    /// The parsed words.
    var wrappedValue: Value {
        guard let value = slot.value else { preconditionFailure("a required argument was read before parsing") }
        return value
    }

    func declarations(label: String) -> [DeclaredInput] {
        [.argument(ArgumentDescription(explicitName ?? optionName(forProperty: label), help: help,
                                       optional: isOptional, repeatable: isRepeatable, completion: completion))]
    }

    func bind(label: String, from parsed: ParsedArguments) throws(UsageError) {
        if let value = read(parsed, explicitName ?? optionName(forProperty: label)) { slot.value = value }
    }
}

extension Argument where Value == String {
    /// A required positional argument.
    init(name: String? = nil, help: String, completion: ValueCompletion = .none) {
        slot = ParsedSlot(nil)
        explicitName = name
        self.help = help
        self.completion = completion
        isOptional = false
        isRepeatable = false
        read = { parsed, name in parsed.positional(name) }
    }
}

extension Argument where Value == String? {
    /// A positional argument that may be left out.
    init(name: String? = nil, help: String, completion: ValueCompletion = .none) {
        slot = ParsedSlot(.some(nil))
        explicitName = name
        self.help = help
        self.completion = completion
        isOptional = true
        isRepeatable = false
        read = { parsed, name in .some(parsed.positional(name)) }
    }
}

extension Argument where Value == [String] {
    /// Every remaining positional word (at least one unless `optional`).
    init(name: String? = nil, help: String, optional: Bool = false, completion: ValueCompletion = .none) {
        slot = ParsedSlot([])
        explicitName = name
        self.help = help
        self.completion = completion
        isOptional = optional
        isRepeatable = true
        read = { parsed, name in parsed.positionals(name) }
    }
}

/// Options declared once in a `ParsableArguments` type and shared by several commands.
@propertyWrapper
struct OptionGroup<Group: ParsableArguments>: ParsedProperty {
    /// The group, its properties filled by the parser.
    let wrappedValue: Group

    /// The group with its defaults.
    init() { wrappedValue = Group() }

    func declarations(label: String) -> [DeclaredInput] {
        wrappedValue.parsedProperties().flatMap { $0.property.declarations(label: $0.label) }
    }

    func bind(label: String, from parsed: ParsedArguments) throws(UsageError) {
        try wrappedValue.bind(from: parsed)
    }
}
