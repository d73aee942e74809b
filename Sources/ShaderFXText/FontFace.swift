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
    /// OS/2's cap height in font units (version 2 and later); the ascender where the face has none.
    let capHeight: Int
    /// Whether the face itself is italic or oblique (FreeType's style flag; fontconfig's
    /// synthetic oblique, which its match reports as a slant, is not applied here).
    let isItalic: Bool
    /// The family and style names FreeType read from the file.
    let familyName: String
    let styleName: String
    /// Whether the face's glyphs are colour bitmaps (CBDT/CBLC, sbix: FreeType's
    /// `FT_FACE_FLAG_COLOR` on a face without outlines), drawn in their own colours.
    let isColor: Bool
    /// A colour face's bitmap strikes, pixels per em (a colour bitmap font has a few fixed sizes).
    let strikes: [Double]
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
        if face.pointee.units_per_EM > 0 {
            unitsPerEm = Int(face.pointee.units_per_EM)
            ascender = Int(face.pointee.ascender)
            descender = Int(face.pointee.descender)
            lineGap = Int(face.pointee.height) - (ascender - descender)
        } else {
            // FreeType leaves the face's metrics at 0 for a bitmap-only face (a colour emoji
            // font): they are read from its head and hhea tables instead.
            let tables = try? FreeType.locked { _ -> (Int, Int, Int, Int)? in
                guard let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self).pointee,
                      let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
                else { return nil }
                return (Int(head.Units_Per_EM), Int(hhea.Ascender), Int(hhea.Descender), Int(hhea.Line_Gap))
            }
            let (units, up, down, gap) = (tables ?? nil) ?? (1000, 800, -200, 0)
            unitsPerEm = max(units, 1)
            ascender = up
            descender = down
            lineGap = gap
        }
        let os2CapHeight = try? FreeType.locked { _ -> Int? in
            guard let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
                  os2.version >= 2, os2.version != 0xFFFF, os2.sCapHeight > 0 else { return nil }
            return Int(os2.sCapHeight)
        }
        capHeight = (os2CapHeight ?? nil) ?? ascender
        isItalic = face.pointee.style_flags & 1 /* FT_STYLE_FLAG_ITALIC */ != 0
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        let flags = face.pointee.face_flags
        isColor = flags & (1 << 14) /* FT_FACE_FLAG_COLOR */ != 0 && flags & 1 /* FT_FACE_FLAG_SCALABLE */ == 0
        strikes = (0..<Int(face.pointee.num_fixed_sizes)).map { Double(face.pointee.available_sizes[$0].y_ppem) / 64 }

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

    /// Whether the face maps `scalar` to a glyph (HarfBuzz's cmap look-up: no FreeType lock, as
    /// the HarfBuzz font is immutable).
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 && glyph != 0
    }

    /// A colour face's `glyph` as FreeType decodes it with `FT_LOAD_COLOR` from the strike
    /// nearest above `pixelSize` (the largest if none is): premultiplied BGRA turned into
    /// premultiplied RGBA bytes, then resampled by exact area to `pixelSize` pixels per em, so
    /// an emoji is as big as the text around it. Nil for an outline face or a refused glyph.
    func rasteriseColor(glyph: UInt32, pixelSize: Double) -> GlyphBitmap? {
        guard isColor, !strikes.isEmpty, pixelSize > 0 else { return nil }
        let strike = strikes.indices.filter { strikes[$0] >= pixelSize }.min { strikes[$0] < strikes[$1] }
            ?? strikes.indices.max { strikes[$0] < strikes[$1] }!
        let decoded: GlyphBitmap? = try? FreeType.locked { _ -> GlyphBitmap? in
            guard FT_Select_Size(face, Int32(strike)) == 0,
                  FT_Load_Glyph(face, glyph, 1 << 20 /* FT_LOAD_COLOR */) == 0,
                  let slot = face.pointee.glyph else { return nil }
            let bitmap = slot.pointee.bitmap
            guard bitmap.pixel_mode == 7 /* FT_PIXEL_MODE_BGRA */ else { return nil }
            let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            var bytes = [UInt8](repeating: 0, count: width * rows * 4)
            if let buffer = bitmap.buffer, width > 0 {
                for row in 0..<rows {
                    let source = buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
                    for x in 0..<width {
                        let o = (row * width + x) * 4
                        bytes[o] = source[x * 4 + 2]
                        bytes[o + 1] = source[x * 4 + 1]
                        bytes[o + 2] = source[x * 4]
                        bytes[o + 3] = source[x * 4 + 3]
                    }
                }
            }
            return GlyphBitmap(width: width, height: rows, left: Int(slot.pointee.bitmap_left),
                               top: Int(slot.pointee.bitmap_top), coverage: bytes, channels: 4)
        }
        guard let decoded else { return nil }
        return decoded.resampled(by: pixelSize / strikes[strike])
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

/// One glyph's 8-bit coverage (`width` × `height` bytes), or a colour glyph's premultiplied RGBA
/// (4 bytes a pixel), row 0 at the top, and where its top-left pixel lies from the pen position
/// (`left` to the right, `top` up), in pixels.
public struct GlyphBitmap: Sendable, Equatable {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// The top-left pixel's offset from the pen position: right, and up.
    public let left: Int
    public let top: Int
    /// Coverage, 0 to 255, `width` bytes a row; for a colour glyph premultiplied RGBA, `width` × 4 a row.
    public let coverage: [UInt8]
    /// Bytes a pixel: 1 (coverage) or 4 (premultiplied RGBA, a colour glyph).
    public let channels: Int

    /// A bitmap from its parts.
    public init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8], channels: Int = 1) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
        self.channels = channels
    }
}
