/// A Swift type a built-in parameter can hold: how it reads from command-line text, how its
/// default is written back as such text, and which shader argument it becomes.
public protocol ParameterValue: Sendable, Equatable {
    /// The kind of value on the command line.
    static var valueType: ValueType { get }
    /// The GLSL type it feeds, or nil when it cannot feed a shader (a switch).
    static var glslType: ParameterType? { get }
    /// The value given for `name` in `values`, or `fallback` when none is.
    static func read(_ values: ParameterValues, _ name: String, fallback: Self) throws(ParameterError) -> Self
    /// The value as typed on the command line; "" when it cannot be typed (a built-in picture).
    var commandLineText: String { get }
    /// The value as a shader argument.
    var shaderArgument: Shader.Argument { get }
    /// The value that keyframe `components` give the parameter `name` (a number's one component,
    /// a point's two, a colour's straight red, green, blue and alpha), checked as the command line
    /// checks a value; `text` writes the components for messages. The default refuses them:
    /// only numbers, points and colours follow keyframes.
    static func keyframed(_ components: [Float], _ name: String, text: () -> String) throws(ParameterError) -> Self
}

extension ParameterValue {
    public static func keyframed(_ components: [Float], _ name: String, text: () -> String) throws(ParameterError) -> Self {
        throw ParameterError(parameter: name, reason: "a float, point or colour parameter (\(name) is a \(valueType.rawValue))")
    }
}

/// Keyframe components as a parameter's text, for messages: `x`, `x,y`, or a colour's straight `r,g,b,a`.
func keyframeText(_ components: [Float]) -> String {
    components.map { "\($0)" }.joined(separator: ",")
}

/// A parameter value with an order, so a row can give it a range.
public protocol RangedParameterValue: ParameterValue, Comparable {
    /// The value given for `name` in `values`, or `fallback`; an error outside `range`.
    static func read(_ values: ParameterValues, _ name: String, fallback: Self, in range: ClosedRange<Self>) throws(ParameterError) -> Self
    /// The value as a Double, for listings.
    var doubleValue: Double { get }
}

extension Float: RangedParameterValue {
    public static var valueType: ValueType { .float }
    public static var glslType: ParameterType? { .float }
    public static func read(_ values: ParameterValues, _ name: String, fallback: Float) throws(ParameterError) -> Float {
        try values.float(name, fallback)
    }
    public static func read(_ values: ParameterValues, _ name: String, fallback: Float, in range: ClosedRange<Float>) throws(ParameterError) -> Float {
        try values.float(name, fallback, in: range)
    }
    /// The shortest text that reads back as this number, without a trailing `.0` (`12`, `0.05`).
    public var commandLineText: String {
        let text = description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
    public var shaderArgument: Shader.Argument { .float(self) }
    /// The Double written the same (`0.001`, not `0.0010000000474974513`).
    public var doubleValue: Double { Double(description) ?? Double(self) }
    /// The one component; it must be finite.
    public static func keyframed(_ components: [Float], _ name: String, text: () -> String) throws(ParameterError) -> Float {
        guard components.count == 1, components[0].isFinite else {
            throw ParameterError(parameter: name, reason: "expected a number, got '\(text())'")
        }
        return components[0]
    }
}

/// A whole number: typed as a number and passed to the shader as a `float`.
extension Int: RangedParameterValue {
    public static var valueType: ValueType { .float }
    public static var glslType: ParameterType? { .float }
    public static func read(_ values: ParameterValues, _ name: String, fallback: Int) throws(ParameterError) -> Int {
        try values.int(name, fallback)
    }
    public static func read(_ values: ParameterValues, _ name: String, fallback: Int, in range: ClosedRange<Int>) throws(ParameterError) -> Int {
        try values.int(name, fallback, in: range)
    }
    public var commandLineText: String { String(self) }
    public var shaderArgument: Shader.Argument { .float(Float(self)) }
    public var doubleValue: Double { Double(self) }
    /// Refused, as the command line refuses a number written with a fraction (keyframes move
    /// continuously, a whole number cannot).
    public static func keyframed(_ components: [Float], _ name: String, text: () -> String) throws(ParameterError) -> Int {
        throw ParameterError(parameter: name, reason: "expected a whole number, got '\(text())'")
    }
}

extension SIMD2: ParameterValue where Scalar == Float {
    public static var valueType: ValueType { .point }
    public static var glslType: ParameterType? { .vec2 }
    public static func read(_ values: ParameterValues, _ name: String, fallback: SIMD2<Float>) throws(ParameterError) -> SIMD2<Float> {
        try values.point(name, fallback)
    }
    public var commandLineText: String { "\(x.commandLineText),\(y.commandLineText)" }
    public var shaderArgument: Shader.Argument { .float2(self) }
    /// X and Y; both must be finite.
    public static func keyframed(_ components: [Float], _ name: String, text: () -> String) throws(ParameterError) -> SIMD2<Float> {
        guard components.count == 2, components.allSatisfy(\.isFinite) else {
            throw ParameterError(parameter: name, reason: "expected a point X,Y in points (e.g. 120,80), got '\(text())'")
        }
        return SIMD2(components[0], components[1])
    }
}

extension Bool: ParameterValue {
    public static var valueType: ValueType { .bool }
    public static var glslType: ParameterType? { nil }
    public static func read(_ values: ParameterValues, _ name: String, fallback: Bool) throws(ParameterError) -> Bool {
        try values.bool(name, fallback)
    }
    public var commandLineText: String { self ? "true" : "false" }
    public var shaderArgument: Shader.Argument { .float(self ? 1 : 0) }
}

extension RGBA: ParameterValue {
    public static var valueType: ValueType { .color }
    public static var glslType: ParameterType? { .vec4 }
    public static func read(_ values: ParameterValues, _ name: String, fallback: RGBA) throws(ParameterError) -> RGBA {
        try values.color(name, fallback)
    }
    /// The SwiftUI name when the colour is one (`red`), else its components `r,g,b,a`.
    public var commandLineText: String {
        if let name = RGBA.swiftUINames.first(where: { $0.1 == self })?.0 { return name }
        return [r, g, b, a].map(\.commandLineText).joined(separator: ",")
    }
    public var shaderArgument: Shader.Argument { .color(self) }
    /// Straight red, green, blue and alpha, each in 0...1 as `r,g,b,a` text must have them.
    public static func keyframed(_ components: [Float], _ name: String, text: () -> String) throws(ParameterError) -> RGBA {
        guard components.count == 4 else {
            throw ParameterError(parameter: name, reason: "\(ColorParseError.invalidComponents(text()))")
        }
        if let bad = components.first(where: { !$0.isFinite || !(0...1).contains($0) }) {
            throw ParameterError(parameter: name, reason: "\(ColorParseError.componentOutOfRange(component: "\(bad)", text: text()))")
        }
        return RGBA(r: components[0], g: components[1], b: components[2], a: components[3])
    }
}

extension Array: ParameterValue where Element == RGBA {
    public static var valueType: ValueType { .colorList }
    public static var glslType: ParameterType? { .colorArray }
    public static func read(_ values: ParameterValues, _ name: String, fallback: [RGBA]) throws(ParameterError) -> [RGBA] {
        try values.colors(name, fallback)
    }
    /// Names separated by commas, or components separated by `;` when a colour has no name.
    public var commandLineText: String {
        let texts = map(\.commandLineText)
        return texts.joined(separator: texts.contains { $0.contains(",") } ? ";" : ",")
    }
    public var shaderArgument: Shader.Argument { .colorArray(self) }
}

extension RGBAImage: ParameterValue {
    public static var valueType: ValueType { .image }
    public static var glslType: ParameterType? { .image }
    /// Reads the PNG file named by the value through `values.images`: decoded once, within its budget.
    public static func read(_ values: ParameterValues, _ name: String, fallback: RGBAImage) throws(ParameterError) -> RGBAImage {
        guard let path = values.path(name) else { return fallback }
        do { return try values.images.image(path: path) } catch {
            throw ParameterError(parameter: name, reason: "cannot read the picture: \(error)", cause: error)
        }
    }
    /// "": a picture has no text; the default is described in the help.
    public var commandLineText: String { "" }
    public var shaderArgument: Shader.Argument { .image(self) }
}

/// Which GLSL parameter a row feeds.
public enum GLSLName: Sendable, Equatable, ExpressibleByStringLiteral {
    /// The command-line name in camel case (`square-size` feeds `squareSize`).
    case fromName
    /// A parameter of another name.
    case named(String)
    /// None: the value drives timing or enabling only.
    case notInShader

    public init(stringLiteral name: String) { self = .named(name) }

    /// The GLSL name for the command-line name `name`, or nil.
    func resolve(_ name: String) -> String? {
        switch self {
        case .fromName:
            let words = name.split(separator: "-")
            return String(words[0]) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        case let .named(glsl): return glsl
        case .notInShader: return nil
        }
    }
}

/// One row of a built-in effect's or transition's parameter table: the command-line name, the
/// value's type, its range and help, the GLSL parameter it feeds, and how to read, write and
/// pass the value of type `Root`. The default is not in the row: it is the stored property's
/// initial value (`public var amplitude: Float = 12`), read from `Root()`.
public struct ParameterRow<Root> {
    /// The command-line name, kebab-case (`square-size`).
    public let name: String
    /// The value's type on the command line.
    public let type: ValueType
    /// What the parameter does.
    public let help: String
    /// The GLSL parameter it feeds, or nil.
    public let glsl: (name: String, type: ParameterType)?
    /// The allowed values, for listings (the reading checks them).
    public let range: ClosedRange<Double>?
    /// The value in `root` as typed on the command line ("" when it cannot be typed).
    public let text: (Root) -> String
    /// Reads the row's value from `values` into `root` (keeping it when absent).
    public let read: (inout Root, ParameterValues) throws(ParameterError) -> Void
    /// The row's value in `root` as a shader argument.
    public let argument: (Root) -> Shader.Argument
    /// The stored property the row reads and writes, or nil for a row built from its parts.
    public let keyPath: PartialKeyPath<Root>?
    /// Sets the row's value in `root` from keyframe components (a number's one, a point's two, a
    /// colour's straight r, g, b, a), checked as a value given on the command line is (its type,
    /// range and check), with no text in between; nil when the row cannot follow keyframes.
    public let keyframe: ((inout Root, [Float]) throws(ParameterError) -> Void)?

    /// A row from its parts, for values no key path reaches (see `value(_:_:in:help:glsl:where:)`).
    public init(name: String, type: ValueType, help: String, glsl: (name: String, type: ParameterType)?,
                range: ClosedRange<Double>? = nil, text: @escaping (Root) -> String,
                read: @escaping (inout Root, ParameterValues) throws(ParameterError) -> Void,
                argument: @escaping (Root) -> Shader.Argument,
                keyPath: PartialKeyPath<Root>? = nil,
                keyframe: ((inout Root, [Float]) throws(ParameterError) -> Void)? = nil) {
        self.name = name
        self.type = type
        self.help = help
        self.glsl = glsl
        self.range = range
        self.text = text
        self.read = read
        self.argument = argument
        self.keyPath = keyPath
        self.keyframe = keyframe
    }

    /// A row for the stored property `keyPath`.
    /// - Parameters:
    ///   - keyPath: the property holding the value and, in `Root()`, its default.
    ///   - name: the command-line name, kebab-case.
    ///   - help: what it does, with its unit.
    ///   - glsl: the GLSL parameter it feeds (default: `name` in camel case).
    ///   - check: says what is wrong with a value given on the command line, or nil when it is fine.
    public static func value<V: ParameterValue>(_ keyPath: WritableKeyPath<Root, V>, _ name: String, help: String,
                                                glsl: GLSLName = .fromName,
                                                where check: ((V) -> String?)? = nil) -> ParameterRow {
        row(keyPath, name, help: help, glsl: glsl, range: nil, check: check, read: { values, fallback throws(ParameterError) in
            try V.read(values, name, fallback: fallback)
        }, keyframed: { components, text throws(ParameterError) in
            try V.keyframed(components, name, text: text)
        })
    }

    /// A row for the stored property `keyPath`, whose values given on the command line must lie in `range`.
    public static func value<V: RangedParameterValue>(_ keyPath: WritableKeyPath<Root, V>, _ name: String, in range: ClosedRange<V>,
                                                      help: String, glsl: GLSLName = .fromName) -> ParameterRow {
        row(keyPath, name, help: help, glsl: glsl, range: range.lowerBound.doubleValue...range.upperBound.doubleValue,
            check: nil, read: { values, fallback throws(ParameterError) in
            try V.read(values, name, fallback: fallback, in: range)
        }, keyframed: { components, text throws(ParameterError) in
            let value = try V.keyframed(components, name, text: text)
            guard range.contains(value) else {
                throw ParameterError(parameter: name, reason: "must be between \(range.lowerBound) and \(range.upperBound), got \(text())")
            }
            return value
        })
    }

    private static func row<V: ParameterValue>(_ keyPath: WritableKeyPath<Root, V>, _ name: String, help: String, glsl: GLSLName,
                                               range: ClosedRange<Double>?, check: ((V) -> String?)?,
                                               read: @escaping (ParameterValues, V) throws(ParameterError) -> V,
                                               keyframed: @escaping ([Float], () -> String) throws(ParameterError) -> V) -> ParameterRow {
        let feeds = glsl.resolve(name).flatMap { glslName in V.glslType.map { (name: glslName, type: $0) } }
        return ParameterRow(name: name, type: V.valueType, help: help, glsl: feeds, range: range,
                            text: { $0[keyPath: keyPath].commandLineText },
                            read: { root, values throws(ParameterError) in
                                let value = try read(values, root[keyPath: keyPath])
                                if let check, let text = values.raw[name], let problem = check(value) {
                                    throw ParameterError(parameter: name, reason: "\(problem), got '\(text)'")
                                }
                                root[keyPath: keyPath] = value
                            },
                            argument: { $0[keyPath: keyPath].shaderArgument },
                            keyPath: keyPath,
                            keyframe: { root, components throws(ParameterError) in
                                // Text only for a message, written when a value is refused.
                                let text = { keyframeText(components) }
                                let value = try keyframed(components, text)
                                if let check, let problem = check(value) {
                                    throw ParameterError(parameter: name, reason: "\(problem), got '\(text())'")
                                }
                                root[keyPath: keyPath] = value
                            })
    }

    /// The `vec4` parameter `glslName` that the renderer fills with the layer's bounding rect
    /// (`.boundingRect`). It is not a command-line option: giving it is an error.
    public static func boundingRect(_ glslName: String = "bounds") -> ParameterRow {
        ParameterRow(name: glslName, type: .boundingRect,
                     help: "set by the renderer: the layer's bounding rect (0, 0, width, height) in points",
                     glsl: (glslName, .vec4), text: { _ in "" },
                     read: { _, values throws(ParameterError) in
                         if let text = values.raw[glslName] {
                             throw ParameterError(parameter: glslName,
                                                  reason: "is the view's size, set automatically; leave it out (got '\(text)')")
                         }
                     },
                     argument: { _ in .boundingRect })
    }

    /// The row as `shaderfx effects` lists it, with the default taken from `defaults`.
    public func description(defaults: Root) -> EffectParameter {
        EffectParameter(name, type, default: text(defaults), help, glsl: glsl, range: range)
    }
}

/// A built-in shader value (an effect or a transition) defined by one parameter table: the
/// Swift value's defaults are its stored properties' initial values, and from the table come
/// `init(values:)` (the command line's text, range-checked), the listed `parameters` with their
/// defaults, and the shader's arguments in the GLSL function's order.
public protocol BuiltInShader: Sendable {
    /// The name, kind, shader file, summary and origin.
    static var entry: CatalogueEntry { get }
    /// Every parameter, in the order the GLSL function takes those that feed it.
    static var table: [ParameterRow<Self>] { get }
    /// The value with every parameter at its default.
    init()
    /// The value with its parameters read from command-line values (defaults for the rest).
    init(values: ParameterValues) throws(ParameterError)
    /// The values the shader is given; `self` unless some are adjusted first (Reduce Motion).
    var shaderValues: Self { get }
}

extension BuiltInShader {
    /// The command-line name, kebab-case (`ripple`).
    public static var name: String { entry.name }
    /// The effect kind of the shader.
    public static var kind: EffectKind { entry.kind }
    /// One line saying what it does.
    public static var summary: String { entry.summary }
    /// Where it comes from (seed, public effect).
    public static var origin: String { entry.origin }
    /// The shader file below `Shaders/`, without extension (`Layer/ripple`).
    public static var shaderFile: String { entry.shaderFile }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init()
        for row in Self.table { try row.read(&self, values) }
    }

    /// The value with its defaults changed by `configure`:
    /// `Ripple { $0.origin = SIMD2(120, 80); $0.time = 0.2 }`.
    public init(_ configure: (inout Self) -> Void) {
        self.init()
        configure(&self)
    }

    /// A copy with `keyPath` set to `value`: `Stripes().with(\.thickness, 10)`.
    public func with<V>(_ keyPath: WritableKeyPath<Self, V>, _ value: V) -> Self {
        var copy = self
        copy[keyPath: keyPath] = value
        return copy
    }

    public var shaderValues: Self { self }

    /// Every parameter with its default, in the table's order.
    public static var parameters: [EffectParameter] {
        let defaults = Self()
        return table.map { $0.description(defaults: defaults) }
    }

    /// The parameters the user gives (on the command line or in a script): all but the bounding rect.
    public static var options: [EffectParameter] { parameters.filter(\.isOption) }

    /// The built-in shader library holding this value's function.
    public static var library: ShaderLibrary { BuiltInEffects.library(for: shaderFile) }

    /// The GLSL function, named as its file.
    public static var function: ShaderFunction { library.function(String(shaderFile.split(separator: "/").last!)) }

    /// The arguments of the table's rows that feed the shader, in order, from `shaderValues`.
    public var shaderArguments: [Shader.Argument] {
        let values = shaderValues
        return Self.table.filter { $0.glsl != nil }.map { $0.argument(values) }
    }

    /// The value as `shaderfx effects --json` lists it.
    public static func listing(category: String) -> ShaderListing {
        ShaderListing(category: category, name: name, kind: kind, summary: summary, origin: origin,
                      shader: "Shaders/\(shaderFile).glsl", parameters: options.map(ParameterListing.init))
    }
}

/// A built-in effect or transition as `shaderfx effects --json` lists it.
public struct ShaderListing: Codable, Sendable, Equatable {
    /// "effect" or "transition".
    public var category: String
    /// The command-line name.
    public var name: String
    /// The shader's kind (`color`, `distortion`, `layer`, `fill`).
    public var kind: EffectKind
    /// One line saying what it does.
    public var summary: String
    /// Where it comes from.
    public var origin: String
    /// The GLSL file.
    public var shader: String
    /// The command-line parameters, in order.
    public var parameters: [ParameterListing]
}

/// One command-line parameter as `shaderfx effects --json` lists it.
public struct ParameterListing: Codable, Sendable, Equatable {
    /// The command-line name (`--name`).
    public var name: String
    /// The value's type (`float`, `point`, `color`, ...).
    public var type: ValueType
    /// The default as typed on the command line; nil when it cannot be typed (a built-in picture, none).
    public var `default`: String?
    /// The smallest and largest accepted values, or nil when any value is accepted.
    public var range: [Double]?
    /// What it does.
    public var help: String

    private enum CodingKeys: String, CodingKey { case name, type, `default`, range, help }

    /// Writes every key, `null` where there is no default or range.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(type, forKey: .type)
        try c.encode(self.default, forKey: .default)
        try c.encode(range, forKey: .range)
        try c.encode(help, forKey: .help)
    }

    /// The listing of `parameter`.
    public init(_ parameter: EffectParameter) {
        name = parameter.name
        type = parameter.type
        self.default = parameter.defaultValue.isEmpty ? nil : parameter.defaultValue
        range = parameter.range.map { [$0.lowerBound, $0.upperBound] }
        help = parameter.help
    }
}

/// Every built-in effect and transition, for tools (`shaderfx effects --json`).
public struct ShaderCatalogue: Codable, Sendable, Equatable {
    /// The effects, in the order `shaderfx effects` lists them.
    public var effects: [ShaderListing]
    /// The transitions, in the order help lists them.
    public var transitions: [ShaderListing]

    /// The catalogue of the built-in effects and transitions.
    public static var builtIn: ShaderCatalogue {
        ShaderCatalogue(effects: BuiltInEffects.all.map { $0.listing(category: "effect") },
                        transitions: BuiltInTransitions.all.map { $0.listing(category: "transition") })
    }
}
