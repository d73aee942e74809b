import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// The colour error `body` throws, or `nil`.
private func colorError(_ body: () throws -> Void) -> ColorParseError? {
    do { try body() } catch { return error as? ColorParseError }
    return nil
}

/// An opaque colour from 8-bit components.
private func bytes(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> RGBA {
    RGBA(r: Float(r) / 255, g: Float(g) / 255, b: Float(b) / 255, a: Float(a) / 255)
}

@Suite struct ColorParsingTests {
    static let expectedNames: [(String, RGBA)] = [
        ("red", bytes(0xFF, 0x3B, 0x30)), ("orange", bytes(0xFF, 0x95, 0x00)), ("yellow", bytes(0xFF, 0xCC, 0x00)),
        ("green", bytes(0x34, 0xC7, 0x59)), ("mint", bytes(0x00, 0xC7, 0xBE)), ("teal", bytes(0x30, 0xB0, 0xC7)),
        ("cyan", bytes(0x32, 0xAD, 0xE6)), ("blue", bytes(0x00, 0x7A, 0xFF)), ("indigo", bytes(0x58, 0x56, 0xD6)),
        ("purple", bytes(0xAF, 0x52, 0xDE)), ("pink", bytes(0xFF, 0x2D, 0x55)), ("brown", bytes(0xA2, 0x84, 0x5E)),
        ("gray", bytes(0x8E, 0x8E, 0x93)), ("black", bytes(0, 0, 0)), ("white", bytes(255, 255, 255)),
        ("clear", RGBA(r: 0, g: 0, b: 0, a: 0)),
    ]

    @Test(arguments: expectedNames)
    func swiftUINameValues(_ name: String, _ expected: RGBA) throws {
        #expect(try RGBA.parse(name) == expected)
        #expect(try RGBA.parse(name.uppercased()) == expected)
        #expect(try RGBA.parse("  \(name)\n") == expected)
    }

    @Test func swiftUINamesListIsStableAndComplete() {
        #expect(RGBA.swiftUINames.map(\.0) == Self.expectedNames.map(\.0))
        #expect(RGBA.swiftUINames.map(\.1) == Self.expectedNames.map(\.1))
    }

    @Test func greyIsGray() throws {
        #expect(try RGBA.parse("grey") == RGBA.parse("gray"))
        #expect(try RGBA.parse("Grey") == bytes(0x8E, 0x8E, 0x93))
    }

    @Test(arguments: [
        ("#f00", bytes(255, 0, 0)), ("#F80", bytes(0xFF, 0x88, 0x00)), ("#ff8800", bytes(0xFF, 0x88, 0x00)),
        ("#FF8800", bytes(0xFF, 0x88, 0x00)), ("#12345678", bytes(0x12, 0x34, 0x56, 0x78)),
        ("#abcdef80", bytes(0xAB, 0xCD, 0xEF, 0x80)), ("#000000", bytes(0, 0, 0)), ("#00000000", RGBA(r: 0, g: 0, b: 0, a: 0)),
    ])
    func hexForms(_ text: String, _ expected: RGBA) throws {
        #expect(try RGBA.parse(text) == expected)
    }

    @Test(arguments: [
        ("1,0,0", RGBA(r: 1, g: 0, b: 0)), ("0.25, 0.5 ,0.75", RGBA(r: 0.25, g: 0.5, b: 0.75)),
        ("0,0,1,0.5", RGBA(r: 0, g: 0, b: 1, a: 0.5)), ("0,0,0,0", RGBA(r: 0, g: 0, b: 0, a: 0)), ("1e-1,0,0", RGBA(r: 0.1, g: 0, b: 0)),
    ])
    func componentForms(_ text: String, _ expected: RGBA) throws {
        #expect(try RGBA.parse(text) == expected)
    }

    @Test(arguments: [
        ("red/0.5", RGBA(r: 1, g: 59 / 255, b: 48 / 255, a: 0.5)), ("#ffffff/0.25", RGBA(r: 1, g: 1, b: 1, a: 0.25)),
        ("#00000080/0.5", RGBA(r: 0, g: 0, b: 0, a: Float(0x80) / 255 * 0.5)), ("1,1,1,0.5 / 0.5", RGBA(r: 1, g: 1, b: 1, a: 0.25)),
        ("blue/1", bytes(0x00, 0x7A, 0xFF)), ("blue/0", RGBA(r: 0, g: 0x7A / 255, b: 1, a: 0)),
    ])
    func opacitySuffix(_ text: String, _ expected: RGBA) throws {
        #expect(try RGBA.parse(text) == expected)
    }

    @Test func premultipliedValues() throws {
        #expect(RGBA(r: 1, g: 0.5, b: 0.25, a: 0.5).premultiplied == SIMD4(0.5, 0.25, 0.125, 0.5))
        #expect(try RGBA.parse("red").premultiplied == SIMD4(1, 59 / 255, 48 / 255, 1))
        #expect(try RGBA.parse("white/0.5").premultiplied == SIMD4(0.5, 0.5, 0.5, 0.5))
        #expect(try RGBA.parse("clear").premultiplied == .zero)
        #expect(try RGBA.parse("#ff000080").premultiplied == SIMD4(Float(0x80) / 255, 0, 0, Float(0x80) / 255))
    }

    @Test(arguments: [
        ("", ColorParseError.empty), ("   ", .empty), ("#", .invalidHex("#")), ("#ff", .invalidHex("#ff")),
        ("#ff00", .invalidHex("#ff00")), ("#ff00001", .invalidHex("#ff00001")), ("#gg0000", .invalidHex("#gg0000")),
        ("#ff0000ff00", .invalidHex("#ff0000ff00")), ("# ff0000", .invalidHex("# ff0000")),
        ("ff0000", .missingHash("ff0000")), ("12345678", .missingHash("12345678")), ("f00", .missingHash("f00")),
        ("1,0", .invalidComponents("1,0")), ("1,0,0,0,0", .invalidComponents("1,0,0,0,0")),
        ("1,x,0", .invalidComponents("1,x,0")), ("1,,0", .invalidComponents("1,,0")), ("0.5", .invalidComponents("0.5")),
        ("255,0,0", .componentOutOfRange(component: "255", text: "255,0,0")),
        ("0,-0.1,0", .componentOutOfRange(component: "-0.1", text: "0,-0.1,0")),
        ("0,0,0,inf", .componentOutOfRange(component: "inf", text: "0,0,0,inf")),
        ("red/2", .invalidOpacity("2")), ("red/", .invalidOpacity("")), ("red/half", .invalidOpacity("half")),
        ("red/0.5/0.5", .invalidOpacity("0.5/0.5")), ("redd/0.5", .unknownName("redd", suggestion: "red")),
        ("redd", .unknownName("redd", suggestion: "red")), ("Bleu", .unknownName("Bleu", suggestion: "blue")),
        ("purpel", .unknownName("purpel", suggestion: "purple")), ("chartreuse", .unknownName("chartreuse", suggestion: nil)),
        ("fff", .unknownName("fff", suggestion: nil)),
    ])
    func badInput(_ text: String, _ expected: ColorParseError) {
        #expect(colorError { _ = try RGBA.parse(text) } == expected)
    }

    static let forms = "#rgb, #rrggbb, #rrggbbaa, r,g,b[,a] with components in 0...1, or a name: "
        + "red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, black, white, clear"

    @Test(arguments: [
        (ColorParseError.empty, "empty colour; expected " + forms),
        (.invalidHex("#ff"), "invalid hex colour '#ff'; expected #rgb, #rrggbb or #rrggbbaa with hex digits 0-9 and a-f"),
        (.missingHash("ff0000"), "hex colour 'ff0000' needs a leading '#': write '#ff0000' (quoted in a shell, where # starts a comment)"),
        (.invalidComponents("1,0"),
         "invalid colour components '1,0'; expected r,g,b or r,g,b,a with numbers in 0...1 (separate component colours in a list with ';')"),
        (.componentOutOfRange(component: "255", text: "255,0,0"),
         "colour component '255' in '255,0,0' is outside 0...1 (for 0...255 values use #rrggbb)"),
        (.invalidOpacity("2"), "invalid opacity '2'; expected a number in 0...1 after '/', as in red/0.5"),
        (.unknownName("redd", suggestion: "red"), "unknown colour 'redd'; did you mean 'red'?; expected " + forms),
        (.unknownName("zz", suggestion: nil), "unknown colour 'zz'; expected " + forms),
    ])
    func errorMessages(_ error: ColorParseError, _ message: String) {
        #expect(error.description == message)
    }

    @Test(arguments: [
        ("red,orange,#00ff00", [bytes(0xFF, 0x3B, 0x30), bytes(0xFF, 0x95, 0x00), bytes(0, 255, 0)]),
        ("red, blue/0.5", [bytes(0xFF, 0x3B, 0x30), RGBA(r: 0, g: 0x7A / 255, b: 1, a: 0.5)]),
        ("white", [bytes(255, 255, 255)]),
        ("1,0.5,0", [RGBA(r: 1, g: 0.5, b: 0)]),
        ("1,0.5,0,0.5/0.5", [RGBA(r: 1, g: 0.5, b: 0, a: 0.25)]),
        ("1,0,0;0,0,1,0.5", [RGBA(r: 1, g: 0, b: 0), RGBA(r: 0, g: 0, b: 1, a: 0.5)]),
        ("1,0,0; red ;#000", [RGBA(r: 1, g: 0, b: 0), bytes(0xFF, 0x3B, 0x30), bytes(0, 0, 0)]),
        ("red;", nil),
    ])
    func lists(_ text: String, _ expected: [RGBA]?) {
        #expect((try? RGBA.parseList(text)) == expected)
    }

    @Test(arguments: [
        ("", ColorParseError.empty), ("red,,blue", .empty), ("red,", .empty), ("red;", .empty),
        ("1,0,0,1,0,0", .invalidComponents("1,0,0,1,0,0")), ("red,1,0,0", .invalidComponents("1")),
        ("red,bleu", .unknownName("bleu", suggestion: "blue")), ("1,0,0;2,0,0", .componentOutOfRange(component: "2", text: "2,0,0")),
    ])
    func badLists(_ text: String, _ expected: ColorParseError) {
        #expect(colorError { _ = try RGBA.parseList(text) } == expected)
    }
}
