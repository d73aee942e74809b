import CFreeType
import Foundation
import ShaderFXTestSupport
@testable import ShaderFXText

/// FreeType called directly, on its own library and face: the values the text engine must
/// agree with, read by a path that shares none of its code.
final class FreeTypeOracle {
    private var library: FT_Library?
    private var face: FT_Face?

    init(file: String, index: Int = 0) throws {
        guard FT_Init_FreeType(&library) == 0, let library else { throw OracleError.freeType("FT_Init_FreeType") }
        guard FT_New_Face(library, file, index, &face) == 0, face != nil else { throw OracleError.freeType("FT_New_Face \(file)") }
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    var unitsPerEm: Int { Int(face!.pointee.units_per_EM) }

    func glyph(for scalar: Unicode.Scalar) -> UInt32 { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value))) }

    /// hhea's ascender, descender and line gap in font units, from the table itself.
    func hhea() -> (ascender: Int, descender: Int, lineGap: Int) {
        let table = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)!.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        return (Int(table.Ascender), Int(table.Descender), Int(table.Line_Gap))
    }

    /// The unhinted advance at `size` pixels per em: 26.6 (`advance.x`) and 16.16 (`linearHoriAdvance`).
    func advance(_ glyph: UInt32, size: Double) -> (fixed26_6: Int, linear: Double) {
        FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72)
        FT_Load_Glyph(face, glyph, noHintingNoBitmap)
        let slot = face!.pointee.glyph!.pointee
        return (Int(slot.advance.x), Double(slot.linearHoriAdvance) / 65536)
    }

    /// The advance in font units (FT_LOAD_NO_SCALE).
    func advanceInFontUnits(_ glyph: UInt32) -> Int {
        FT_Load_Glyph(face, glyph, 0x1 /* FT_LOAD_NO_SCALE */)
        return Int(face!.pointee.glyph!.pointee.advance.x)
    }

    /// FT_Render_Glyph's coverage (normal mode, unhinted) at `pixels` per em, rows top-down.
    func render(_ glyph: UInt32, pixels: Double) -> (width: Int, height: Int, left: Int, top: Int, bytes: [UInt8]) {
        FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
        FT_Load_Glyph(face, glyph, noHintingNoBitmap)
        let slot = face!.pointee.glyph!
        FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        let bitmap = slot.pointee.bitmap
        var bytes: [UInt8] = []
        for row in 0..<Int(bitmap.rows) {
            for x in 0..<Int(bitmap.width) { bytes.append(bitmap.buffer[row * Int(bitmap.pitch) + x]) }
        }
        return (Int(bitmap.width), Int(bitmap.rows), Int(slot.pointee.bitmap_left), Int(slot.pointee.bitmap_top), bytes)
    }
}

enum OracleError: Error {
    case freeType(String)
    case tool(String)
}

/// `fc-match -f '%{file}' PATTERN`: the file fontconfig's own tool picks.
func fcMatchFile(_ pattern: String) throws -> String {
    let result = try runProcess(try tool("fc-match"), ["-f", "%{file}", pattern])
    guard result.status == 0 else { throw OracleError.tool("fc-match \(pattern): \(result.stderr)") }
    return result.stdout
}

/// `hb-shape`'s glyphs for `text` at the font's units per em: (glyph id, cluster, advance, dx, dy).
func hbShape(file: String, _ text: String) throws -> [(id: UInt32, cluster: Int, advance: Int, dx: Int, dy: Int)] {
    let result = try runProcess(try tool("hb-shape"), ["--output-format=json", "--no-glyph-names", file, text])
    guard result.status == 0 else { throw OracleError.tool("hb-shape: \(result.stderr)") }
    let glyphs = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Int]]
    return glyphs.map { (UInt32($0["g"]!), $0["cl"]!, $0["ax"]!, $0["dx"]!, $0["dy"]!) }
}

/// The regular faces of Inter and JetBrains Mono, as fontconfig (not the engine) finds them.
let interRegular = (try? fcMatchFile("Inter:regular")) ?? "Inter-Regular.otf (fc-match failed)"
let monoRegular = (try? fcMatchFile("JetBrains Mono:regular")) ?? "JetBrainsMono-Regular.ttf (fc-match failed)"

/// The path of the command-line tool `name` on PATH (fc-match from fontconfig, hb-shape from
/// libharfbuzz-bin: make test installs both).
func tool(_ name: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
        return "\(dir)/\(name)"
    }
    throw OracleError.tool("\(name) is not on PATH (apt-get install fontconfig libharfbuzz-bin; make test does)")
}

/// FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP, from freetype.h.
private let noHintingNoBitmap: Int32 = 0x2 | 0x8
