import CHarfBuzz

/// One glyph as HarfBuzz shaped it, in points (x right, y up, as the font's own units are).
public struct ShapedGlyph: Sendable, Equatable {
    /// The glyph id in the face.
    public let id: UInt32
    /// The UTF-8 offset, in the shaped text, of the first byte of the cluster this glyph belongs to.
    public let cluster: Int
    /// How far the pen moves after the glyph (kerning included), in points.
    public let advance: Double
    /// Where the glyph is drawn from the pen position (marks, GPOS), in points: right...
    public let offsetX: Double
    /// ...and up.
    public let offsetY: Double
}

extension ResolvedFont {
    /// Shapes `text` as one left-to-right run with HarfBuzz (its OpenType functions, at the face's
    /// units per em, so the advances are exact in font units and then scaled to the size; kerning
    /// and the font's default features on). Script and language are guessed from the text.
    /// - Parameter text: the text; its UTF-8 offsets are the glyphs' clusters.
    /// - Returns: the glyphs in visual order.
    public func shape(_ text: Substring) -> [ShapedGlyph] {
        guard !text.isEmpty else { return [] }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                hb_buffer_add_utf8(buffer, chars, Int32(bytes.count), 0, Int32(bytes.count))
            }
        }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        _ = try? FreeType.locked { _ in hb_shape(face.hbFont, buffer, nil, 0) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let perUnit = size / Double(face.unitsPerEm)
        return (0..<Int(count)).map { i in
            ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster),
                        advance: Double(positions[i].x_advance) * perUnit,
                        offsetX: Double(positions[i].x_offset) * perUnit,
                        offsetY: Double(positions[i].y_offset) * perUnit)
        }
    }

    /// Shapes a whole string (see `shape(_:)` for a substring).
    public func shape(_ text: String) -> [ShapedGlyph] { shape(text[...]) }

    /// The width of `text` on one line, in points: its advances plus `tracking` after each glyph.
    public func width(of text: String, tracking: Double = 0) -> Double {
        shape(text).reduce(0) { $0 + $1.advance + tracking }
    }
}
