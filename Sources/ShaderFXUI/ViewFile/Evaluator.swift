import Foundation
import ShaderFXContract

/// A parsed view file, ready to run: `makeView(settings:)` evaluates it into the view to render.
///
/// The evaluator is a small interpreter of the Swift a SwiftUI view is written in: values,
/// `let`/`var`, the file's `struct`s and `enum`s (stored properties with defaults and memberwise
/// initialisers, computed properties, methods, `body`, `ViewModifier`s and `extension View`
/// methods), `if`/`guard`/`for`/`switch`, closures, arithmetic with Swift's `Int`/`Double` rules.
/// Calls into SwiftUI's API (`Text`, `VStack`, `.padding()`, `Canvas`...) are calls of
/// ShaderFXUI's own Swift API, so an evaluated view lays out and draws as the same view
/// compiled does.
///
/// The view is the file's trailing expression; else its last `#Preview`'s; else the struct
/// `settings.root` names (which, given, wins over the others); else the file's one `View` struct
/// that needs no arguments.
///
/// Every error is a `ViewFileError` located at the node that caused it. Nothing the file says
/// crashes or hangs: calls nest at most `Evaluation.maximumDepth` deep, a loop runs at most
/// `Evaluation.maximumIterations` times, integer overflow and division by zero are errors.
package final class ViewFileProgram {
    /// The syntax tree.
    package let syntax: ViewFileSyntax
    /// The file's text.
    package let source: String
    /// The path errors name.
    package let file: String
    /// What the last `makeView` accepted and ignored (gestures, `onAppear`, animations, `task`,
    /// environment values not modelled), each once.
    package private(set) var notes: [String] = []
    let drawErrors = DeferredErrors()
    let handlerErrors = DeferredErrors()

    /// Parses `source`, the text of the view file at `file`.
    /// - Throws: the parser's first `ViewFileError`.
    package init(source: String, file: String) throws(ViewFileError) {
        self.source = source
        self.file = file
        syntax = try ViewFileParser.parse(source: source, file: file)
    }

    /// Evaluates the file into its view, with `settings`' overrides, time and shaders.
    /// - Throws: `ViewFileError` located at the node that failed.
    package func makeView(settings: ViewFileSettings = ViewFileSettings()) throws(ViewFileError) -> AnyView {
        let evaluation = Evaluation(program: self, settings: settings)
        let result = Evaluation.onLargeStack { () -> Result<AnyView, ViewFileError> in
            do {
                return .success(try evaluation.makeRoot())
            } catch let error as ViewFileError {
                return .failure(error)
            } catch {
                return .failure(evaluation.fail("\(error)", at: self.syntax.range))
            }
        }
        notes = evaluation.notes
        switch result {
        case .success(let view):
            return AnyView(EvaluatedView(content: view, lease: EvaluationLease(evaluation)))
        case .failure(let error):
            evaluation.releaseScopes()
            throw error
        }
    }

    /// The first error a `Canvas` closure of this program met while drawing (closures the
    /// renderer runs cannot throw): nil when every one ran. Check it after rendering.
    package var drawingError: ViewFileError? { drawErrors.first }

    /// The first error a gesture handler of this program met (handlers the delivery runs cannot
    /// throw): nil when every one ran. Check it after `ViewRenderer.deliver`.
    package var handlerError: ViewFileError? { handlerErrors.first }
}

/// One run of a view file: its types, globals, settings and notes.
final class Evaluation: @unchecked Sendable {
    /// How deeply calls (functions, views' bodies, initialisers) nest.
    static let maximumDepth = 200
    /// How many times one loop runs.
    static let maximumIterations = 100_000
    /// How many statements one evaluation runs in all.
    static let maximumSteps = 5_000_000

    let program: ViewFileProgram
    let settings: ViewFileSettings
    let file: String
    let bytes: [UInt8]
    let globals = Scope(parent: nil)
    var types: [String: UserType] = [:]
    /// `extension View { func ... }` methods and extensions of API types, by type then name.
    var extensionMethods: [String: [String: [FunctionDecl]]] = [:]
    var extensionComputed: [String: [String: [Stmt]]] = [:]
    var notes: [String] = []
    var depth = 0
    var steps = 0
    var computedLocals: Set<ObjectIdentifier> = []
    /// Top-level names overridden with `--set`, so that the file's declaration keeps the value.
    var usedOverrides: Set<String> = []
    /// `@Environment(\.name)` properties, by type, then name.
    var environmentProperties: [ObjectIdentifier: [String: Attribute]] = [:]
    /// Seconds since the run began: what `Date()` reads (`now`); the frame's time, or the
    /// event's while a gesture handler runs.
    var clock: Double
    /// How many views with `@State` each place in the file has made in this pass (the body's
    /// evaluation, or one run of a closure the API calls later): the state's key in the session.
    var stateOccurrences: [String: Int] = [:]

    init(program: ViewFileProgram, settings: ViewFileSettings) {
        self.program = program
        self.settings = settings
        file = program.file
        bytes = Array(program.source.utf8)
        clock = settings.time
    }

    /// Empties the globals and every scope a function captured: the end of this evaluation's
    /// values (its view is no longer held, or it failed). Scopes that closures kept in the run's
    /// state (`settings.session`) need stay as they are, for the next evaluation.
    func releaseScopes() {
        let kept = ScopeRegistry.scopesNeeded(by: settings.session?.keptStates().flatMap { $0.values.values } ?? [])
        globals.registry.releaseAll(keeping: kept)
        if !kept.contains(ObjectIdentifier(globals)) { globals.release() }
    }

    // MARK: - Errors and notes

    /// An evaluation error at `range`'s start.
    func fail(_ message: String, at range: SourceRange, kind: ViewFileError.Kind = .evaluation) -> ViewFileError {
        ViewFileError(kind, message, at: range.start, file: file, source: bytes)
    }

    /// An unknown name's error, with the nearest of `candidates`.
    func unknown(_ what: String, _ name: String, candidates: some Sequence<String>, at range: SourceRange) -> ViewFileError {
        let near = nearestNames(to: name, in: candidates)
        let suffix = near.isEmpty ? "" : "; did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?"
        return fail("unknown \(what)\(suffix)", at: range)
    }

    /// Records `text` once.
    func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    /// Counts a statement against the step budget.
    func step(at range: SourceRange) throws {
        steps += 1
        if steps > Evaluation.maximumSteps {
            throw fail("the view file ran more than \(Evaluation.maximumSteps) statements: stopped", at: range)
        }
    }

    /// Runs `body` one call deeper, failing past `maximumDepth`.
    func nested<T>(at range: SourceRange, _ body: () throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        if depth > Evaluation.maximumDepth {
            throw fail("calls nest more than \(Evaluation.maximumDepth) deep (a view or function that calls itself without end?)", at: range, kind: .tooDeep)
        }
        return try body()
    }

    /// Runs `body` on a thread with a stack deep enough for `maximumDepth` nested calls.
    static func onLargeStack<T>(_ body: @escaping () -> T) -> T {
        LargeStack.run(stackSize: 256 << 20, body)
    }

    /// Runs a closure the API calls later (a `GeometryReader`'s content, a `Canvas`'s
    /// renderer) on a deep stack, with a fresh step budget.
    func later<T>(_ body: @escaping () -> T) -> T {
        Evaluation.onLargeStack { [self] in
            let savedDepth = depth, savedSteps = steps, savedOccurrences = stateOccurrences
            depth = 0
            steps = 0
            stateOccurrences = [:]
            defer { depth = savedDepth; steps = savedSteps; stateOccurrences = savedOccurrences }
            return body()
        }
    }

    // MARK: - The root view

    func makeRoot() throws -> AnyView {
        for decl in program.syntax.declarations {
            switch decl.kind {
            case .type(let type): try register(type, at: decl.range)
            case .extensionDecl(let extensionDecl): try register(extensionDecl, at: decl.range)
            default: break
            }
        }
        for decl in program.syntax.declarations {
            switch decl.kind {
            case .variable, .function: try declareGlobal(decl)
            default: break
            }
        }
        let globalNames = Set(globals.variables.keys)
        let syntax = program.syntax
        let root: Value
        if let name = settings.root {
            guard let type = types[name] else {
                throw unknown("view '\(name)' (given as the root)", name, candidates: types.values.filter(\.isView).map(\.name), at: syntax.range)
            }
            root = try instantiateRoot(type, at: syntax.range)
        } else if let expr = syntax.view {
            // `Card()` at the end: the root struct itself, so `--set` reaches its properties.
            if case .call(let callee, let arguments, let closures) = expr.kind, arguments.isEmpty, closures.isEmpty,
               case .identifier(let name) = callee.kind, let type = types[name], type.isView {
                root = try instantiateRoot(type, at: expr.range)
            } else {
                root = try evaluate(expr, in: globals)
            }
        } else if let preview = syntax.previews.last {
            root = try runBody(preview.body, in: Scope(parent: globals), range: preview.range)
        } else {
            var candidates = types.values.filter { $0.isView && $0.stored.allSatisfy { $0.initializer != nil || $0.type.map(isOptional) == true || $0.attributes.contains("Environment") } && $0.initializers.isEmpty }
                .sorted { $0.range.start < $1.range.start }
            if candidates.count > 1 {
                // Several could be the root: the one no other view of the file uses (a screen's
                // parts, its tiles or its cover, are named in its body).
                let used = Set(candidates.flatMap { other in candidates.filter { $0.name != other.name && mentions(other, $0.name) }.map(\.name) })
                let tops = candidates.filter { !used.contains($0.name) }
                if tops.count == 1 { candidates = tops }
            }
            guard candidates.count == 1 else {
                let views = types.values.filter(\.isView).sorted { $0.range.start < $1.range.start }.map(\.name)
                let found = views.isEmpty ? "no View struct" : "View structs \(views.joined(separator: ", "))"
                throw fail("no view to render: the file has no trailing view expression and no #Preview, and \(found)\(candidates.count > 1 ? " (several need no arguments)" : ""); end the file with the view to render (e.g. '\(views.first ?? "MyView")()'), add a #Preview, or name the root struct", at: syntax.range)
            }
            root = try instantiateRoot(candidates[0], at: syntax.range)
        }
        let unused = Set(settings.overrides.keys).subtracting(usedOverrides)
        if let name = unused.sorted().first {
            var names = globalNames
            if case .instance(let instance) = root { names.formUnion(instance.type.stored.map(\.name)) }
            throw unknown("name '\(name)' in --set: it is no top-level constant or stored property of the root view", name, candidates: names, at: syntax.range)
        }
        return try view(of: root, at: syntax.view?.range ?? syntax.range)
    }

    /// Whether `type`'s declaration names `name` (its source text holds the word).
    func mentions(_ type: UserType, _ name: String) -> Bool {
        let bytes = Array(program.source.utf8)
        let start = max(0, min(type.range.start.offset, bytes.count)), end = max(start, min(type.range.end.offset, bytes.count))
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        var search = text.startIndex
        while let found = text.range(of: name, range: search..<text.endIndex) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            func isWordCharacter(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            search = found.upperBound
        }
        return false
    }

    func isOptional(_ type: TypeSyntax) -> Bool {
        if case .optional = type.kind { return true }
        if case .implicitlyUnwrapped = type.kind { return true }
        return false
    }

    /// The root struct made with no arguments, its overridden properties set.
    func instantiateRoot(_ type: UserType, at range: SourceRange) throws -> Value {
        try construct(type, arguments: [], at: range, overrides: true)
    }

    /// A top-level `let`/`var` or function, `--set` values replacing constants' defaults.
    func declareGlobal(_ decl: Decl) throws {
        guard case .variable(let variable) = decl.kind else { return try declare(decl, in: globals) }
        for binding in variable.bindings {
            guard case .named(let name) = binding.pattern.kind, let text = settings.overrides[name] else { continue }
            usedOverrides.insert(name)
            var value: Value = .null
            if binding.type == nil, let initializer = binding.initializer { value = try evaluate(initializer, in: globals) }
            globals.variables[name] = Box(try parseOverride(text, name: name, type: binding.type, like: value, at: binding.range),
                                          isLet: variable.isLet, type: binding.type)
        }
        var rest = variable
        rest.bindings = variable.bindings.filter { if case .named(let name) = $0.pattern.kind { settings.overrides[name] == nil } else { true } }
        if !rest.bindings.isEmpty { try declare(Decl(kind: .variable(rest), range: decl.range), in: globals) }
    }

    /// `--set` text read as a value of the property's declared type, or its default's.
    func parseOverride(_ text: String, name: String, type: TypeSyntax?, like value: Value, at range: SourceRange) throws -> Value {
        let declared = type.flatMap(typeName)
        let kind: String
        switch (declared, value) {
        case (let name?, _): kind = name
        case (nil, .int): kind = "Int"
        case (nil, .double): kind = "Double"
        case (nil, .bool): kind = "Bool"
        case (nil, .string): kind = "String"
        case (nil, .native(let native)) where native is Color: kind = "Color"
        case (nil, .native(let native)) where native is CGPoint: kind = "CGPoint"
        case (nil, .native(let native)) where native is CGSize: kind = "CGSize"
        case (nil, .enumCase(let enumValue)): kind = enumValue.type.name
        default: kind = "String"
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func bad(_ what: String) -> ViewFileError { fail("--set \(name)=\(text): '\(text)' is not \(what)", at: range) }
        switch kind {
        case "Int":
            guard let n = Int(trimmed) else { throw bad("an Int") }
            return .int(n)
        case "Double", "CGFloat", "Float", "TimeInterval":
            guard let d = Double(trimmed), d.isFinite else { throw bad("a number") }
            return .double(d)
        case "Bool":
            guard let b = Bool(trimmed) else { throw bad("true or false") }
            return .bool(b)
        case "String":
            return .string(text)
        case "CGPoint", "CGSize":
            // `X,Y` as ValueForms reads points everywhere else on the command line.
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let a = parts[0], let b = parts[1], a.isFinite, b.isFinite else {
                throw bad(kind == "CGPoint" ? "a point X,Y (e.g. 120,80)" : "a size W,H (e.g. 120,80)")
            }
            return .native(kind == "CGPoint" ? CGPoint(x: a, y: b) as Any : CGSize(width: a, height: b) as Any)
        case "Color":
            let colourName = trimmed.hasPrefix(".") ? String(trimmed.dropFirst()) : trimmed
            guard let colour = try? staticMember(of: "Color", colourName, arguments: nil, at: range), case .native(let c) = colour, c is Color else {
                throw bad("a colour by name (red, blue, ...)")
            }
            return colour
        default:
            if let type = types[kind], type.keyword == "enum" {
                let caseName = trimmed.hasPrefix(".") ? String(trimmed.dropFirst()) : trimmed
                guard type.cases[caseName] != nil else { throw bad("a case of \(kind) (\(type.caseOrder.joined(separator: ", ")))") }
                return .enumCase(EnumValue(type: type, name: caseName, associated: []))
            }
            throw fail("--set \(name): a property of type \(kind) cannot be set from the command line (numbers, strings, booleans, colours and enum cases can)", at: range)
        }
    }

    // MARK: - The file's types

    func register(_ decl: TypeDecl, at range: SourceRange) throws {
        let type = types[decl.name] ?? UserType(name: decl.name, keyword: decl.keyword, range: range,
                                                 conformances: Set(decl.inheritance.compactMap(typeName)))
        types[decl.name] = type
        try addMembers(decl.members, to: type)
    }

    func register(_ decl: ExtensionDecl, at range: SourceRange) throws {
        guard let name = typeName(decl.extendedType) else { return }
        if let type = types[name] {
            type.conformances.formUnion(decl.inheritance.compactMap(typeName))
            return try addMembers(decl.members, to: type)
        }
        for member in decl.members {
            switch member.kind {
            case .function(let function):
                extensionMethods[name, default: [:]][function.name, default: []].append(function)
            case .variable(let variable):
                for binding in variable.bindings where !binding.accessors.isEmpty {
                    guard case .named(let property) = binding.pattern.kind else { continue }
                    extensionComputed[name, default: [:]][property] = binding.accessors.first { $0.kind == "get" }?.body ?? []
                }
            default:
                break
            }
        }
    }

    func addMembers(_ members: [Decl], to type: UserType) throws {
        for member in members {
            switch member.kind {
            case .variable(let variable):
                let isStatic = variable.modifiers.contains("static") || variable.modifiers.contains("class")
                for binding in variable.bindings {
                    guard case .named(let name) = binding.pattern.kind else {
                        throw fail("a property must be a single name", at: binding.range, kind: .unsupported)
                    }
                    let getter = binding.accessors.first { $0.kind == "get" }?.body
                    let isComputed = getter != nil && binding.initializer == nil
                    switch (isStatic, isComputed) {
                    case (true, true): type.staticComputed[name] = getter
                    case (true, false): type.staticStored[name] = (binding, nil)
                    case (false, true):
                        type.computed[name] = getter
                        if let setter = binding.accessors.first(where: { $0.kind == "set" }), let body = setter.body {
                            type.setters[name] = (setter.parameter ?? "newValue", body)
                        }
                    case (false, false):
                        type.stored.append(StoredProperty(name: name, type: binding.type, initializer: binding.initializer,
                                                          isLet: variable.isLet, attributes: variable.attributes.map(\.name),
                                                          range: binding.range))
                    }
                    if !isComputed, !isStatic, variable.attributes.contains(where: { $0.name == "Binding" }) {
                        type.bindingProperties.insert(name)
                    }
                    if !isComputed, let environment = variable.attributes.first(where: { $0.name == "Environment" }) {
                        environmentProperties[ObjectIdentifier(type), default: [:]][name] = environment
                    }
                }
            case .function(let function):
                if function.modifiers.contains("static") || function.modifiers.contains("class") {
                    type.staticMethods[function.name, default: []].append(function)
                } else {
                    type.methods[function.name, default: []].append(function)
                }
            case .initializer(let initializer):
                type.initializers.append(initializer)
            case .enumCase(let enumCase):
                for element in enumCase.elements {
                    type.cases[element.name] = element
                    type.caseOrder.append(element.name)
                }
            case .type(let nested):
                try register(nested, at: member.range)
            default:
                break
            }
        }
    }
}
