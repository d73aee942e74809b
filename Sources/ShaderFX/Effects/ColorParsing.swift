/// A colour as written on a command line: straight (not premultiplied) alpha, sRGB-encoded
/// components in 0...1, like SwiftUI's `Color(.sRGB, red:green:blue:opacity:)`.
///
/// Text forms accepted by `parse(_:)`:
/// - a SwiftUI colour name (`red`, `blue`, ..., `clear`; case-insensitive; `grey` = `gray`)
///   with SwiftUI's iOS light-mode sRGB values, listed in `swiftUINames`;
/// - hex `#rgb`, `#rrggbb` or `#rrggbbaa` (case-insensitive; the `#` is required, so quote it
///   in a shell, where a word starting with `#` is a comment: `'#ff8800'` or `--color=#ff8800`);
/// - components `r,g,b` or `r,g,b,a`, each a number in 0...1 (`1,0.5,0`);
/// - any of the above followed by `/opacity` (a number in 0...1) that multiplies alpha,
///   as in `red/0.5` or `#ff000080/0.5`.
public struct RGBA: Sendable, Equatable {
    /// Red, sRGB-encoded, 0...1, not multiplied by alpha.
    public var r: Float
    /// Green, sRGB-encoded, 0...1, not multiplied by alpha.
    public var g: Float
    /// Blue, sRGB-encoded, 0...1, not multiplied by alpha.
    public var b: Float
    /// Alpha (opacity), 0...1.
    public var a: Float

    /// Makes a colour from straight components.
    /// - Parameters:
    ///   - r: red in 0...1.
    ///   - g: green in 0...1.
    ///   - b: blue in 0...1.
    ///   - a: alpha in 0...1; opaque by default.
    public init(r: Float, g: Float, b: Float, a: Float = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The colour as `RGBAImage` stores it: `(r·a, g·a, b·a, a)`, still sRGB-encoded.
    public var premultiplied: SIMD4<Float> {
        SIMD4(r * a, g * a, b * a, a)
    }

    /// An opaque colour from `0xRRGGBB`.
    init(rgb: UInt32) {
        self.init(r: Self.byte(rgb >> 16), g: Self.byte(rgb >> 8), b: Self.byte(rgb))
    }

    private static func byte(_ value: UInt32) -> Float {
        Float(value & 0xFF) / 255
    }

    /// SwiftUI's named colours with their iOS light-mode sRGB values, in a stable order
    /// for help listings (`grey`, an accepted alias of `gray`, is not listed).
    public static let swiftUINames: [(String, RGBA)] = [
        ("red", RGBA(rgb: 0xFF3B30)),
        ("orange", RGBA(rgb: 0xFF9500)),
        ("yellow", RGBA(rgb: 0xFFCC00)),
        ("green", RGBA(rgb: 0x34C759)),
        ("mint", RGBA(rgb: 0x00C7BE)),
        ("teal", RGBA(rgb: 0x30B0C7)),
        ("cyan", RGBA(rgb: 0x32ADE6)),
        ("blue", RGBA(rgb: 0x007AFF)),
        ("indigo", RGBA(rgb: 0x5856D6)),
        ("purple", RGBA(rgb: 0xAF52DE)),
        ("pink", RGBA(rgb: 0xFF2D55)),
        ("brown", RGBA(rgb: 0xA2845E)),
        ("gray", RGBA(rgb: 0x8E8E93)),
        ("black", RGBA(rgb: 0x000000)),
        ("white", RGBA(rgb: 0xFFFFFF)),
        ("clear", RGBA(r: 0, g: 0, b: 0, a: 0)),
    ]

    /// SwiftUI's colour `name` (`red`, `white`): one of ``swiftUINames``.
    public static func named(_ name: String) -> RGBA {
        guard let colour = swiftUINames.first(where: { $0.0 == name })?.1 else {
            preconditionFailure("'\(name)' is not one of SwiftUI's named colours")
        }
        return colour
    }

    /// Parses one colour (see the type's documentation for the forms).
    /// - Parameter text: the colour text; surrounding whitespace is ignored.
    /// - Returns: the colour, straight alpha.
    /// - Throws: `ColorParseError` saying what was expected.
    public static func parse(_ text: String) throws(ColorParseError) -> RGBA {
        let text = trim(text)
        if text.isEmpty { throw .empty }
        if let slash = text.firstIndex(of: "/") {
            let opacityText = trim(text[text.index(after: slash)...])
            guard let opacity = number(opacityText), (0...1).contains(opacity) else {
                throw .invalidOpacity(opacityText)
            }
            var color = try parse(String(text[..<slash]))
            color.a *= Float(opacity)
            return color
        }
        if text.hasPrefix("#") { return try parseHex(text) }
        if text.contains(",") { return try parseComponents(text) }
        let lowered = text.lowercased()
        if let named = swiftUINames.first(where: { $0.0 == lowered }) { return named.1 }
        if lowered == "grey" { return RGBA(rgb: 0x8E8E93) }
        if [3, 6, 8].contains(text.count), text.allSatisfy(\.isHexDigit),
           text.count > 3 || text.contains(where: \.isNumber) {
            throw .missingHash(text)
        }
        if number(text) != nil { throw .invalidComponents(text) }
        throw .unknownName(text, suggestion: suggestion(for: lowered))
    }

    /// Parses a list of colours.
    ///
    /// When the text contains `;`, colours are separated by `;` and each may have any form:
    /// `1,0,0;0,0,1;red`. Otherwise they are separated by `,` (`red,orange,#00ff00`), except
    /// that text made only of numbers is one component colour (`1,0.5,0` is one colour).
    /// - Parameter text: the list text.
    /// - Returns: the colours in order; at least one.
    /// - Throws: `ColorParseError` for the first bad item (an empty item is `.empty`).
    public static func parseList(_ text: String) throws(ColorParseError) -> [RGBA] {
        if trim(text).isEmpty { throw .empty }
        if text.contains(";") { return try parseEach(text.split(separator: ";", omittingEmptySubsequences: false)) }
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        let allNumbers = items.allSatisfy { number(trim($0.prefix { $0 != "/" })) != nil }
        return allNumbers ? [try parse(text)] : try parseEach(items)
    }

    private static func parseEach(_ items: [Substring]) throws(ColorParseError) -> [RGBA] {
        var colors: [RGBA] = []
        for item in items { colors.append(try parse(String(item))) }
        return colors
    }

    /// `#rgb`, `#rrggbb` or `#rrggbbaa`.
    private static func parseHex(_ text: String) throws(ColorParseError) -> RGBA {
        var digits = Array(text.dropFirst())
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { throw .invalidHex(text) }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        if digits.count == 6 { digits += ["f", "f"] }
        let value = UInt32(String(digits), radix: 16)!
        return RGBA(r: byte(value >> 24), g: byte(value >> 16), b: byte(value >> 8), a: byte(value))
    }

    /// `r,g,b` or `r,g,b,a`, each in 0...1.
    private static func parseComponents(_ text: String) throws(ColorParseError) -> RGBA {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { trim($0) }
        guard parts.count == 3 || parts.count == 4 else { throw .invalidComponents(text) }
        var values: [Float] = []
        for part in parts {
            guard let value = Double(part) else { throw .invalidComponents(text) }
            guard value.isFinite, (0...1).contains(value) else {
                throw .componentOutOfRange(component: part, text: text)
            }
            values.append(Float(value))
        }
        return RGBA(r: values[0], g: values[1], b: values[2], a: values.count == 4 ? values[3] : 1)
    }

    private static func number(_ text: String) -> Double? {
        Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    private static func trim(_ text: some StringProtocol) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// The nearest colour name within two edits (a swap of neighbours counts one).
    private static func suggestion(for text: String) -> String? {
        let names = swiftUINames.map(\.0)
        let scored = names.map { ($0, TextUtilities.editDistance(text, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, text.count / 3)) else { return nil }
        return best.0
    }
}

/// Why a colour text did not parse; `description` says what is accepted.
public enum ColorParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text (or a list item) is empty.
    case empty
    /// Starts with `#` but is not 3, 6 or 8 hex digits.
    case invalidHex(String)
    /// Hex digits without the required `#`, such as `ff0000`.
    case missingHash(String)
    /// Not 3 or 4 comma-separated numbers (also a lone number).
    case invalidComponents(String)
    /// A component outside 0...1 (e.g. 255): the component and the whole text.
    case componentOutOfRange(component: String, text: String)
    /// The part after `/` is not a number in 0...1.
    case invalidOpacity(String)
    /// Not a known colour name; the nearest name if one is close.
    case unknownName(String, suggestion: String?)

    /// The accepted forms, for messages.
    static let forms = "#rgb, #rrggbb, #rrggbbaa, r,g,b[,a] with components in 0...1, or a name: "
        + RGBA.swiftUINames.map(\.0).joined(separator: ", ")

    /// What went wrong and what is accepted instead.
    public var description: String {
        switch self {
        case .empty:
            return "empty colour; expected " + Self.forms
        case .invalidHex(let text):
            return "invalid hex colour '\(text)'; expected #rgb, #rrggbb or #rrggbbaa with hex digits 0-9 and a-f"
        case .missingHash(let text):
            return "hex colour '\(text)' needs a leading '#': write '#\(text)' (quoted in a shell, where # starts a comment)"
        case .invalidComponents(let text):
            return "invalid colour components '\(text)'; expected r,g,b or r,g,b,a with numbers in 0...1"
                + " (separate component colours in a list with ';')"
        case let .componentOutOfRange(component, text):
            return "colour component '\(component)' in '\(text)' is outside 0...1 (for 0...255 values use #rrggbb)"
        case .invalidOpacity(let text):
            return "invalid opacity '\(text)'; expected a number in 0...1 after '/', as in red/0.5"
        case let .unknownName(text, suggestion):
            return "unknown colour '\(text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + "; expected " + Self.forms
        }
    }
}
