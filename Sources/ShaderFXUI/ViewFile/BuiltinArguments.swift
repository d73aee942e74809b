import Foundation

/// The arguments of one call into the API, read by label as the Swift signature names them:
/// each read removes the argument it takes, and `finish()` fails on any left over, naming it.
struct CallArguments {
    var items: [ArgumentValue]
    /// The labels asked for: what an unknown label's error suggests.
    private(set) var asked: Set<String> = []
    let name: String
    let range: SourceRange
    unowned let evaluation: Evaluation

    init(_ items: [ArgumentValue], name: String, range: SourceRange, evaluation: Evaluation) {
        self.items = items
        self.name = name
        self.range = range
        self.evaluation = evaluation
    }

    var isEmpty: Bool { items.isEmpty }
    var labels: [String?] { items.map(\.label) }

    /// Whether an argument labelled `label` (nil: an unlabelled one) is there.
    func has(_ label: String?) -> Bool { items.contains { $0.label == label && !($0.isTrailing && label == nil) } }

    /// Takes the argument labelled `label` (nil: the first unlabelled one that is not a trailing closure).
    mutating func take(_ label: String?) -> ArgumentValue? {
        if let label { asked.insert(label) }
        guard let index = items.firstIndex(where: { $0.label == label && !($0.isTrailing && label == nil) }) else { return nil }
        return items.remove(at: index)
    }

    /// Takes the closure labelled `label`, or the first trailing closure.
    mutating func closure(_ label: String? = nil) throws -> Function? {
        let index = items.firstIndex { $0.label == label && label != nil } ?? items.firstIndex { $0.isTrailing && ($0.label == nil || $0.label == label) }
            ?? (label == nil ? items.firstIndex { if case .function = $0.value { $0.label == nil } else { false } } : nil)
        guard let index else { return nil }
        let item = items.remove(at: index)
        guard case .function(let function) = item.value else {
            throw evaluation.fail("'\(name)' expects a closure\(label.map { " for '\($0)'" } ?? "")", at: item.range)
        }
        return function
    }

    mutating func requireClosure(_ label: String? = nil) throws -> Function {
        guard let function = try closure(label) else {
            throw evaluation.fail("'\(name)' needs a closure\(label.map { " '\($0):'" } ?? "")", at: range)
        }
        return function
    }

    mutating func require(_ label: String?) throws -> ArgumentValue {
        guard let argument = take(label) else {
            throw evaluation.fail("missing argument \(label.map { "'\($0):'" } ?? "") in call to '\(name)'", at: range)
        }
        return argument
    }

    mutating func double(_ label: String?) throws -> Double? {
        guard let argument = take(label) else { return nil }
        if argument.value.isNull { return nil }
        return try evaluation.double(argument.value, at: argument.range)
    }

    mutating func double(_ label: String?, default value: Double) throws -> Double { try double(label) ?? value }

    mutating func requireDouble(_ label: String?) throws -> Double {
        let argument = try require(label)
        return try evaluation.double(argument.value, at: argument.range)
    }

    mutating func cgFloat(_ label: String?) throws -> CGFloat? { try double(label).map { CGFloat($0) } }

    mutating func int(_ label: String?) throws -> Int? {
        guard let argument = take(label) else { return nil }
        if argument.value.isNull { return nil }
        return try evaluation.int(argument.value, at: argument.range)
    }

    mutating func bool(_ label: String?, default value: Bool) throws -> Bool {
        guard let argument = take(label) else { return value }
        return try evaluation.truth(argument.value, at: argument.range)
    }

    mutating func string(_ label: String?) throws -> String? {
        guard let argument = take(label) else { return nil }
        return try evaluation.string(argument.value, at: argument.range)
    }

    /// Takes an argument as the API type `type` (an implicit member resolved there).
    mutating func typed<T>(_ label: String?, _ type: String, as: T.Type) throws -> T? {
        guard let argument = take(label) else { return nil }
        if argument.value.isNull { return nil }
        return try evaluation.native(argument.value, type, as: T.self, at: argument.range)
    }

    mutating func requireTyped<T>(_ label: String?, _ type: String, as: T.Type) throws -> T {
        let argument = try require(label)
        return try evaluation.native(argument.value, type, as: T.self, at: argument.range)
    }

    /// Takes a view argument.
    mutating func view(_ label: String?) throws -> AnyView? {
        guard let argument = take(label) else { return nil }
        return try evaluation.view(of: argument.value, at: argument.range)
    }

    /// Fails when an argument is left: `'frame' has no argument labelled 'widht'`.
    func finish(known: [String] = []) throws {
        guard let extra = items.first else { return }
        if let label = extra.label {
            throw evaluation.unknown("argument '\(label)' for '\(name)'", label, candidates: Set(known).union(asked), at: extra.range)
        }
        throw evaluation.fail("extra argument in call to '\(name)'", at: extra.range)
    }
}

extension Evaluation {
    /// `value` as the API type `type` (`Color`, `Font`, `Alignment`...), an implicit member
    /// resolved in it.
    func native<T>(_ value: Value, _ type: String, as: T.Type, at range: SourceRange) throws -> T {
        var value = value
        if case .implicit(let deferred) = value { value = try resolve(deferred, as: type) }
        if T.self == Double.self || T.self == CGFloat.self {
            let number = try double(value, at: range)
            if T.self == CGFloat.self { return CGFloat(number) as! T }
            return number as! T
        }
        if case .native(let native as T) = value { return native }
        if T.self == AnyShapeStyle.self { return try shapeStyle(value, at: range) as! T }
        if T.self == Angle.self, case .native(let angle as Angle) = value { return angle as! T }
        throw fail("expected \(type), found \(value.typeName)", at: range)
    }

    func point(_ value: Value, at range: SourceRange) throws -> CGPoint { try native(value, "CGPoint", as: CGPoint.self, at: range) }
    func size(_ value: Value, at range: SourceRange) throws -> CGSize { try native(value, "CGSize", as: CGSize.self, at: range) }
    func color(_ value: Value, at range: SourceRange) throws -> Color { try native(value, "Color", as: Color.self, at: range) }
}
