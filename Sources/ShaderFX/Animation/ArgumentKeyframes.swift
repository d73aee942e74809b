import ShaderFXCore

/// One keyframe of a shader argument: its value at a time, and the curve that leads into it
/// from the keyframe before.
///
/// The value is kept as it was written, numbers or text (a colour such as `red` or `#ff8800`),
/// and read against the parameter's type once the function is known (`KeyframedArgument`).
public struct ArgumentKeyframe: Sendable, Equatable {
    /// How a value was written.
    public enum Value: Sendable, Equatable {
        /// Components: one for a `float`, two for a `vec2`, and so on.
        case numbers([Double])
        /// Text as `--arg` takes it: `1.5`, `1,2`, `red`, `#ff8800`.
        case text(String)
    }

    /// Seconds since the start.
    public var time: Double
    /// The argument's value at `time`.
    public var value: Value
    /// The timing curve from the previous keyframe to this one (linear by default).
    public var curve: TransitionCurve

    /// A keyframe.
    /// - Parameters:
    ///   - time: seconds since the start.
    ///   - value: the value then.
    ///   - curve: the curve that leads into it.
    public init(time: Double, value: Value, curve: TransitionCurve = .linear) {
        self.time = time
        self.value = value
        self.curve = curve
    }
}

/// The keyframes of one numeric argument read against its type: a value at any time, linear
/// (or along each keyframe's curve) between keyframes, held before the first and after the last.
public struct KeyframedArgument: Sendable, Equatable {
    /// The keyframes' times, increasing.
    public let times: [Double]
    /// The components at each keyframe (a colour's straight red, green, blue, alpha).
    public let values: [[Float]]
    /// The curve into each keyframe (the first one's is unused).
    public let curves: [TransitionCurve]
    /// Whether the components are a colour (passed premultiplied, as `.color`).
    public let isColor: Bool

    /// Reads `keyframes` for a parameter of `type`.
    /// - Throws: `ArgumentKeyframeError` naming the keyframe (by index) and what was expected.
    public init(_ keyframes: [ArgumentKeyframe], type: ParameterType) throws(ArgumentKeyframeError) {
        let count: Int
        switch type {
        case .float: count = 1
        case .vec2: count = 2
        case .vec3: count = 3
        case .vec4: count = 4
        default: throw ArgumentKeyframeError(index: nil, expected: "a float, vec2, vec3 or vec4 parameter (a \(type.rawValue) cannot be keyframed)")
        }
        guard !keyframes.isEmpty else { throw ArgumentKeyframeError(index: nil, expected: "at least one keyframe") }
        var times: [Double] = [], values: [[Float]] = [], colours: [Bool] = []
        for (index, keyframe) in keyframes.enumerated() {
            guard keyframe.time.isFinite, keyframe.time >= 0 else {
                throw ArgumentKeyframeError(index: index, expected: "a time in seconds, >= 0")
            }
            if let last = times.last, keyframe.time <= last {
                throw ArgumentKeyframeError(index: index, expected: "times increasing (\(ValueForms.format(keyframe.time)) follows \(ValueForms.format(last)))")
            }
            let components: [Float]
            var colour = false
            switch keyframe.value {
            case let .numbers(numbers):
                guard numbers.count == count, numbers.allSatisfy({ $0.isFinite && abs($0) <= Double(Float.greatestFiniteMagnitude) }) else {
                    throw ArgumentKeyframeError(index: index, expected: Self.expected(type))
                }
                components = numbers.map { Float($0) }
            case let .text(text):
                let argument: Shader.Argument
                do { argument = try Shader.Argument.parse(text, for: ShaderParameter(type: type, name: "")) } catch {
                    throw ArgumentKeyframeError(index: index, expected: error.expected)
                }
                switch argument {
                case let .float(x): components = [x]
                case let .float2(x, y): components = [x, y]
                case let .float3(x, y, z): components = [x, y, z]
                case let .float4(x, y, z, w): components = [x, y, z, w]
                case let .color(c): components = [c.r, c.g, c.b, c.a]; colour = true
                default: throw ArgumentKeyframeError(index: index, expected: Self.expected(type) + " (not 'bounds')")
                }
            }
            times.append(keyframe.time)
            values.append(components)
            colours.append(colour)
        }
        // A colour is interpolated as a colour; mixing colours with plain numbers would pass
        // some keyframes premultiplied and others not.
        if colours.contains(true), let plain = colours.firstIndex(of: false) {
            throw ArgumentKeyframeError(index: plain, expected: "a colour, as the other keyframes of this argument")
        }
        self.times = times
        self.values = values
        self.curves = keyframes.map(\.curve)
        self.isColor = colours.contains(true)
    }

    static func expected(_ type: ParameterType) -> String {
        switch type {
        case .float: "a number"
        case .vec2: "two numbers [X, Y]"
        case .vec3: "three numbers [X, Y, Z]"
        default: "four numbers [X, Y, Z, W] or a colour"
        }
    }

    /// The argument at `time`.
    public func argument(at time: Double) -> Shader.Argument {
        let v = components(at: time)
        if isColor { return .color(RGBA(r: v[0], g: v[1], b: v[2], a: v[3])) }
        switch v.count {
        case 1: return .float(v[0])
        case 2: return .float2(v[0], v[1])
        case 3: return .float3(v[0], v[1], v[2])
        default: return .float4(v[0], v[1], v[2], v[3])
        }
    }

    /// The components at `time`.
    public func components(at time: Double) -> [Float] {
        guard let next = times.firstIndex(where: { $0 > time }) else { return values[values.count - 1] }
        guard next > 0 else { return values[0] }
        let t0 = times[next - 1], t1 = times[next]
        let f = Float(curves[next].unitCurve.value(at: (time - t0) / (t1 - t0)))
        return zip(values[next - 1], values[next]).map { a, b in a + (b - a) * f }
    }
}

/// A keyframe that does not fit its argument.
public struct ArgumentKeyframeError: Error, Sendable, Equatable {
    /// The keyframe at fault, by position; nil for the list as a whole.
    public let index: Int?
    /// What was expected.
    public let expected: String
}

extension ArgumentKeyframe: Encodable {
    private enum Keys: String, CodingKey { case time, value, curve }

    /// The event script's form: `{"time": 0, "value": 12}`, a value being a number, an array
    /// of numbers or text; the curve only when it is not linear.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(time, forKey: .time)
        switch value {
        case let .numbers(numbers) where numbers.count == 1: try container.encode(numbers[0], forKey: .value)
        case let .numbers(numbers): try container.encode(numbers, forKey: .value)
        case let .text(text): try container.encode(text, forKey: .value)
        }
        if curve != .linear { try container.encode(curve.rawValue, forKey: .curve) }
    }
}
