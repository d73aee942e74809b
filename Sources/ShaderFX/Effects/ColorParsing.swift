// Temporary: replaced by the colour parser.
public struct RGBA: Sendable, Equatable {
    public var r: Float, g: Float, b: Float, a: Float
    public init(r: Float, g: Float, b: Float, a: Float = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public var premultiplied: SIMD4<Float> { SIMD4(r * a, g * a, b * a, a) }
}
extension RGBA {
    public static func parse(_ text: String) throws -> RGBA {
        let table: [String: (Float, Float, Float)] = ["red": (1, 0.231, 0.188), "orange": (1, 0.584, 0), "yellow": (1, 0.8, 0), "green": (0.204, 0.78, 0.349), "blue": (0, 0.478, 1), "purple": (0.686, 0.322, 0.871)]
        guard let c = table[text] else { throw ParameterError(parameter: "color", reason: text) }
        return RGBA(r: c.0, g: c.1, b: c.2)
    }
    public static func parseList(_ text: String) throws -> [RGBA] { try text.split(separator: ",").map { try parse(String($0)) } }
}
