import CFreeType
import CHarfBuzz
import Foundation

/// What a FreeType or HarfBuzz call refused, with the call's name.
public enum FontFileError: Error, Sendable, Equatable {
    /// `FT_Init_FreeType` failed (FreeType's error code).
    case freeTypeInit(code: Int32)
    /// `FT_New_Face` could not open the face `index` of `file` (FreeType's error code).
    case openFace(file: String, index: Int, code: Int32)
    /// HarfBuzz read no bytes from `file`.
    case unreadable(file: String)
}

/// The one lock of every FreeType call in the process. FreeType's library and faces are not
/// thread-safe (a face holds its current size and glyph slot, the library its face list), so
/// each call into FreeType from this module happens inside `FreeType.locked`; HarfBuzz fonts,
/// immutable once made, are shaped under it too, which keeps the rule simple.
enum FreeType {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var handle: FT_Library?

    /// Runs `body` holding the lock, with the process's FreeType library (made on first use).
    static func locked<Result>(_ body: (FT_Library) throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        if handle == nil {
            var library: FT_Library?
            let code = FT_Init_FreeType(&library)
            guard code == 0, let library else { throw FontFileError.freeTypeInit(code: code) }
            handle = library
        }
        return try body(handle!)
    }
}

/// FreeType's load flags for every glyph this module measures or draws: outlines without
/// hinting (Core Text does not hint either, and unhinted outlines scale with the size), never an
/// embedded bitmap.
let glyphLoadFlags: Int32 = (1 << 1) /* FT_LOAD_NO_HINTING */ | (1 << 3) /* FT_LOAD_NO_BITMAP */

/// One face of one font file, opened once per (file, face index) by `FontLibrary`: the FreeType
/// face that rasterises and the HarfBuzz font that shapes (at the face's own units per em, so
/// advances come back exact in font units). Both are released in `deinit`.
final class FontFace: @unchecked Sendable {
    /// The file and face index (fontconfig's: a variable font's named instance is in bits 16 and up).
    let file: String
    let index: Int
    /// A number of its own, for cache keys.
    let serial: Int
    /// Font units per em.
    let unitsPerEm: Int
    /// hhea's ascender (positive, up), descender (negative) and line gap, in font units, as
    /// FreeType reports them (OS/2's when hhea has none).
    let ascender: Int
    let descender: Int
    let lineGap: Int
    /// Whether the face itself is italic or oblique (FreeType's style flag; fontconfig's
    /// synthetic oblique, which its match reports as a slant, is not applied here).
    let isItalic: Bool
    /// The family and style names FreeType read from the file.
    let familyName: String
    let styleName: String
    private let face: FT_Face
    private let blob: OpaquePointer
    private let hbFace: OpaquePointer
    let hbFont: OpaquePointer

    nonisolated(unsafe) private static var serials = 0

    init(file: String, index: Int) throws {
        self.file = file
        self.index = index
        var opened: FT_Face?
        let (face, serial): (FT_Face, Int) = try FreeType.locked { library in
            let code = FT_New_Face(library, file, index, &opened)
            guard code == 0, let opened else { throw FontFileError.openFace(file: file, index: index, code: code) }
            FontFace.serials += 1
            return (opened, FontFace.serials)
        }
        self.face = face
        self.serial = serial
        unitsPerEm = Int(face.pointee.units_per_EM)
        ascender = Int(face.pointee.ascender)
        descender = Int(face.pointee.descender)
        lineGap = Int(face.pointee.height) - (ascender - descender)
        isItalic = face.pointee.style_flags & 1 /* FT_STYLE_FLAG_ITALIC */ != 0
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""

        guard let blob = hb_blob_create_from_file(file), hb_blob_get_length(blob) > 0 else {
            _ = try? FreeType.locked { _ in FT_Done_Face(face) }
            throw FontFileError.unreadable(file: file)
        }
        self.blob = blob
        hbFace = hb_face_create(blob, UInt32(index & 0xFFFF))
        hbFont = hb_font_create(hbFace)
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
        if index >> 16 > 0 { hb_font_set_var_named_instance(hbFont, UInt32((index >> 16) - 1)) }
        hb_font_make_immutable(hbFont)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
        _ = try? FreeType.locked { _ in FT_Done_Face(face) }
    }

    /// The glyph for a Unicode scalar, or nil where the face has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let id = try? FreeType.locked { _ in FT_Get_Char_Index(face, FT_ULong(scalar.value)) }
        guard let id, id != 0 else { return nil }
        return UInt32(id)
    }

    /// `glyph` rendered to 8-bit coverage at `pixelSize` pixels per em (26.6), unhinted, as
    /// `FT_Render_Glyph` in `FT_RENDER_MODE_NORMAL` gives it. Nil if FreeType refuses the glyph.
    func rasterise(glyph: UInt32, pixelSize26_6: Int) -> GlyphBitmap? {
        try? FreeType.locked { _ -> GlyphBitmap? in
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize26_6), 72, 72) == 0,
                  FT_Load_Glyph(face, glyph, glyphLoadFlags) == 0,
                  let slot = face.pointee.glyph,
                  FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            var bytes = [UInt8](repeating: 0, count: width * rows)
            if let buffer = bitmap.buffer, width > 0 {
                for row in 0..<rows {
                    // A negative pitch means the rows run bottom-up from `buffer`.
                    let source = buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
                    bytes.withUnsafeMutableBufferPointer { out in
                        for x in 0..<width { out[row * width + x] = source[x] }
                    }
                }
            }
            return GlyphBitmap(width: width, height: rows, left: Int(slot.pointee.bitmap_left),
                               top: Int(slot.pointee.bitmap_top), coverage: bytes)
        }
    }
}

/// One glyph's 8-bit coverage: `width` × `height` bytes, row 0 at the top, and where its top-left
/// pixel lies from the pen position (`left` to the right, `top` up), in pixels.
public struct GlyphBitmap: Sendable, Equatable {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// The top-left pixel's offset from the pen position: right, and up.
    public let left: Int
    public let top: Int
    /// Coverage, 0 to 255, `width` bytes a row.
    public let coverage: [UInt8]
}
