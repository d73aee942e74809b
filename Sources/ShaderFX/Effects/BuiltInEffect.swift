import ShaderFXCore

/// The kind of value a built-in effect's parameter takes on the command line.
public enum ValueType: String, Sendable, Codable {
    /// A number, e.g. `12` or `-0.5`.
    case float
    /// A point or size in points, `X,Y`.
    case point
    /// A colour: a SwiftUI name (`red`), `#rrggbb[aa]`, or `r,g,b[,a]` components.
    case color
    /// Colours separated by commas (`red,orange`), or by `;` when given as components.
    case colorList = "color-list"
    /// Numbers separated by commas.
    case floatList = "float-list"
    /// A PNG file.
    case image
    /// A switch: `true` or `false` (also yes/no, on/off, 1/0), e.g. `--reduce-motion true`.
    case bool
    /// Not given by the user: the renderer passes the layer's bounding rect, as SwiftUI's
    /// `.boundingRect` argument does (`vec4(0, 0, width, height)` in points).
    case boundingRect = "bounds"
}

/// One parameter of a built-in effect, as `shaderfx effects` lists it and `render` takes it.
/// Built from a row of the effect's table (`ParameterRow`), with the default read from the
/// Swift value, so the listing cannot disagree with the code.
public struct EffectParameter: Sendable {
    /// The command-line name, kebab-case (`--amplitude`).
    public let name: String
    /// The value's type.
    public let type: ValueType
    /// The default, as it would be typed on the command line ("" when there is none).
    public let defaultValue: String
    /// What the parameter does, with its unit.
    public let help: String
    /// The GLSL parameter it feeds, or nil when it only drives timing or enabling.
    public let glsl: (name: String, type: ParameterType)?
    /// The values the command line accepts, or nil when any value of the type is accepted.
    public let range: ClosedRange<Double>?

    /// Describes a parameter.
    public init(_ name: String, _ type: ValueType, default defaultValue: String, _ help: String,
                glsl: (name: String, type: ParameterType)?, range: ClosedRange<Double>? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.help = help
        self.glsl = glsl
        self.range = range
    }

    /// True when the user gives this parameter (false for the bounding rect, which the renderer passes).
    public var isOption: Bool { type != .boundingRect }
}

/// A built-in effect: a typed Swift value with named parameters that knows its kind, its
/// shader and its `maxSampleOffset`, as a SwiftUI view modifier does. Its parameters are one
/// table (`BuiltInShader.table`); what an effect adds is how it moves and how it is drawn.
///
/// A one-pass effect conforms to ``SinglePassEffect`` and is used as `value.effect`; an effect of
/// several passes (a blur) has only `passes`, so it cannot be drawn half.
public protocol BuiltInEffect: BuiltInShader {
    /// How `shaderfx animate` drives the effect's value (default: it does not move by itself);
    /// `animation` names it.
    static var motion: EffectMotion<Self> { get }
    /// The GLSL functions of the passes, in order (default: the one named as the file).
    static var passFunctions: [String] { get }
    /// How far the shader may sample beyond a pixel, in points (default zero).
    var maxSampleOffset: SIMD2<Float> { get }
    /// Whether the passes draw at all (default true); a disabled pass leaves its layer as it is.
    var isEnabled: Bool { get }
    /// How much coarser than the output's pixels the passes run, a power of two (default 1:
    /// the output's own pixels); see `Effect.reduction`.
    var reduction: Int { get }
    /// The passes to render, in order; one for a `SinglePassEffect`.
    var passes: [Effect] { get }
}

/// A built-in effect drawn in one pass, which is `effect`.
public protocol SinglePassEffect: BuiltInEffect {}

extension SinglePassEffect {
    /// The effect to render.
    public var effect: Effect { passes[0] }
}

/// How an effect moves over time, for `shaderfx animate`, on its typed value: the property a
/// frame's time or touch sets, by key path (`.time(\.time, duration: nil)`).
public enum EffectMotion<Root> {
    /// Nothing moves unless a parameter follows keyframes.
    case still
    /// The float property is set to the frame's time in seconds; `duration` is the natural length
    /// of one run (nil: runs until --duration).
    case time(WritableKeyPath<Root, Float>, duration: Double?)
    /// The effect follows taps and drags of an event script, as the seeds' gestures drive it; the
    /// effect is a `GestureDrivenEffect`, whose `animated(at:events:size:)` gives each frame's value.
    case gesture
    /// The point property follows the touch of an event script (a loupe, a bubble).
    case touch(WritableKeyPath<Root, SIMD2<Float>>)
}

/// How an effect moves over time, by parameter name: its `EffectMotion` as listings and
/// messages name it.
public enum EffectAnimation: Sendable, Equatable {
    /// Nothing moves unless a parameter is animated by an event script.
    case still
    /// The float parameter `parameter` is set to the frame's time in seconds; `duration` is the
    /// natural length of one run (nil: runs until --duration).
    case time(parameter: String, duration: Double?)
    /// The effect follows taps and drags of an event script (the seeds' gestures).
    case gesture
    /// The point parameter `parameter` follows the touch of an event script (a loupe, a bubble).
    case touch(parameter: String)
}

extension BuiltInEffect {
    public static var motion: EffectMotion<Self> { .still }

    /// The effect's `motion` with its properties named by their parameters.
    public static var animation: EffectAnimation {
        switch motion {
        case .still: .still
        case let .time(keyPath, duration): .time(parameter: parameterName(keyPath), duration: duration)
        case .gesture: .gesture
        case let .touch(keyPath): .touch(parameter: parameterName(keyPath))
        }
    }

    /// The name of the table's row for the property `keyPath`.
    static func parameterName(_ keyPath: PartialKeyPath<Self>) -> String {
        guard let row = table.first(where: { $0.keyPath == keyPath }) else {
            preconditionFailure("\(name)'s motion moves a property that is not in its parameter table")
        }
        return row.name
    }
    public static var passFunctions: [String] { [function.name] }
    public var maxSampleOffset: SIMD2<Float> { .zero }
    public var isEnabled: Bool { true }
    public var reduction: Int { 1 }

    /// Each pass function over the table's arguments, with the effect's kind, reach, enabling and
    /// reduction.
    public var passes: [Effect] {
        let arguments = shaderArguments
        return Self.passFunctions.map { name in
            Effect(kind: Self.kind, shader: Shader(function: Self.library.function(name), arguments: arguments),
                   maxSampleOffset: Self.kind == .color || Self.kind == .fill ? .zero : maxSampleOffset,
                   isEnabled: isEnabled, reduction: reduction)
        }
    }
}

/// The registry of built-in effects.
public enum BuiltInEffects {
    /// Every built-in effect, in the order `shaderfx effects` lists them.
    public static let all: [any BuiltInEffect.Type] = seedEffects + colorEffects + distortionEffects + layerEffects

    /// The effects of the seeds.
    static let seedEffects: [any BuiltInEffect.Type] = [Stripes.self, Ripple.self] + moreSeedEffects

    /// The effect with this command-line name.
    public static func named(_ name: String) -> (any BuiltInEffect.Type)? {
        all.first { $0.name == name }
    }

    /// An embedded GLSL file as a library.
    static func library(for file: EmbeddedShaderFile) -> ShaderLibrary {
        ShaderLibrary(source: file.source, name: "Shaders/\(file.path).glsl")
    }

    /// The embedded GLSL file `Shaders/<file>.glsl` (a catalogue entry's `shaderFile`, so always
    /// embedded) as a library; a path that is none gives an empty library, whose functions fail
    /// to render with an error naming the file.
    static func library(for file: String) -> ShaderLibrary {
        EmbeddedShaders.file(file).map(library(for:)) ?? ShaderLibrary(source: "", name: "Shaders/\(file).glsl")
    }
}

/// A bad value for a built-in effect's parameter.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    /// The parameter's command-line name.
    public let parameter: String
    /// What is wrong and what was expected.
    public let reason: String
    /// The error underneath, when reading the value failed for a reason of its own (a picture
    /// over the render budget, an unreadable file); `reason` already says it in words, and a
    /// caller that words errors itself (the command line) can word this one instead.
    public let cause: (any Error)?

    /// An error for `parameter`, saying `reason`, caused by `cause`.
    public init(parameter: String, reason: String, cause: (any Error)? = nil) {
        self.parameter = parameter
        self.reason = reason
        self.cause = cause
    }

    public var description: String { "--\(parameter): \(reason)" }

    /// Equal when the parameter and the reason are (the cause is said in the reason).
    public static func == (a: ParameterError, b: ParameterError) -> Bool {
        a.parameter == b.parameter && a.reason == b.reason
    }
}

/// Parameter values given as text (from the command line or a script), read with types.
public struct ParameterValues: Sendable, Equatable {
    /// The raw values by parameter name.
    public var raw: [String: String]
    /// Where image parameters' files are decoded: once per file, within the store's budget, and
    /// shared by every reading of these values (a command gives its run's store). Not part of
    /// the values' equality.
    public var images: ImageStore

    /// Values from a name -> text map, their images read by `images` (default: a store of their own
    /// with the default budget).
    public init(_ raw: [String: String] = [:], images: ImageStore = ImageStore()) {
        self.raw = raw
        self.images = images
    }

    /// Values are equal when their texts are.
    public static func == (lhs: ParameterValues, rhs: ParameterValues) -> Bool { lhs.raw == rhs.raw }

    /// The number given for `name`, or `fallback`; must be finite and within `range`.
    public func float(_ name: String, _ fallback: Float, in range: ClosedRange<Float>? = nil) throws(ParameterError) -> Float {
        guard let text = raw[name] else { return fallback }
        guard let value = ValueForms.finiteFloat(text) else {
            throw ParameterError(parameter: name, reason: "expected a number, got '\(text)'")
        }
        if let range, !range.contains(value) {
            throw ParameterError(parameter: name, reason: "must be between \(range.lowerBound) and \(range.upperBound), got \(text)")
        }
        return value
    }

    /// The point `X,Y` given for `name`, or `fallback`.
    public func point(_ name: String, _ fallback: SIMD2<Float>) throws(ParameterError) -> SIMD2<Float> {
        guard let text = raw[name] else { return fallback }
        guard let point = ValueForms.point(text) else {
            throw ParameterError(parameter: name, reason: "expected a point X,Y in points (e.g. 120,80), got '\(text)'")
        }
        return point
    }

    /// The whole number given for `name`, or `fallback`; within `range`.
    public func int(_ name: String, _ fallback: Int, in range: ClosedRange<Int>? = nil) throws(ParameterError) -> Int {
        guard let text = raw[name] else { return fallback }
        guard let value = ValueForms.integer(text) else {
            throw ParameterError(parameter: name, reason: "expected a whole number, got '\(text)'")
        }
        if let range, !range.contains(value) {
            throw ParameterError(parameter: name, reason: "must be between \(range.lowerBound) and \(range.upperBound), got \(text)")
        }
        return value
    }

    /// `true`/`false` (also yes/no, 1/0) given for `name`, or `fallback`.
    public func bool(_ name: String, _ fallback: Bool) throws(ParameterError) -> Bool {
        guard let text = raw[name] else { return fallback }
        guard let value = ValueForms.bool(text) else {
            throw ParameterError(parameter: name, reason: "expected true or false, got '\(text)'")
        }
        return value
    }

    /// The colour given for `name`, or `fallback`.
    public func color(_ name: String, _ fallback: RGBA) throws(ParameterError) -> RGBA {
        guard let text = raw[name] else { return fallback }
        do { return try RGBA.parse(text) } catch { throw ParameterError(parameter: name, reason: "\(error)") }
    }

    /// The path of the image file given for `name`, or nil; the CLI reads it.
    public func path(_ name: String) -> String? { raw[name] }

    /// The colour list given for `name`, or `fallback`.
    public func colors(_ name: String, _ fallback: [RGBA]) throws(ParameterError) -> [RGBA] {
        guard let text = raw[name] else { return fallback }
        do {
            let list = try RGBA.parseList(text)
            guard !list.isEmpty else { throw ParameterError(parameter: name, reason: "give at least one colour") }
            return list
        } catch let error as ParameterError {
            throw error
        } catch {
            throw ParameterError(parameter: name, reason: "\(error)")
        }
    }
}
