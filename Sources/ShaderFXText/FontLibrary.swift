import CFontconfig
import Foundation

/// Why a font could not be resolved.
public enum FontError: Error, Sendable, Equatable {
    /// No installed font has this family, full or PostScript name (a `.custom` name, or Inter
    /// itself when a design falls back to it).
    case notFound(name: String)
    /// fontconfig could not load its configuration (`FcInit`).
    case fontconfigUnavailable
    /// The matched file could not be opened.
    case file(FontFileError)
}

/// Where a resolved font differs from what was asked for.
public enum FontSubstitution: Sendable, Equatable {
    /// The design's family is not installed; `used` (Inter) stands in.
    case family(requested: String, used: String)
    /// An italic was asked for and the family has none: the upright face is drawn (no synthetic oblique).
    case upright
    /// The system family has no face near the weight asked for (100 or more apart, OpenType
    /// weights); fontconfig's synthetic emboldening is not applied.
    case weight(requested: Int, used: Int)
}

/// A font resolved to one face of one file at a size: what shaping, metrics and glyphs use.
public struct ResolvedFont: Sendable, Hashable {
    /// The font asked for.
    public let font: Font
    /// The file fontconfig matched.
    public let file: String
    /// The face in the file (a variable font's named instance in bits 16 and up, as fontconfig gives it).
    public let faceIndex: Int
    /// The face's family, as fontconfig names it ("Inter").
    public let family: String
    /// The face's style, as fontconfig names it ("Semi Bold").
    public let style: String
    /// The face's OpenType weight class.
    public let weight: Int
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// Where the face differs from the font asked for; empty when it is what was asked.
    public let substitutions: [FontSubstitution]
    let face: FontFace
    /// The library that resolved it, asked for fallback faces for characters this one lacks.
    let library: FontLibrary

    /// Whether the face draws colour bitmaps (an emoji font) rather than coverage.
    public var isColor: Bool { face.isColor }

    /// Whether the face has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { face.hasGlyph(for: scalar) }

    /// The size in points.
    public var size: Double { font.size }

    /// The face's vertical metrics at the size, in points.
    public var metrics: FontMetrics {
        let perUnit = size / Double(face.unitsPerEm)
        return FontMetrics(ascender: Double(face.ascender) * perUnit, descender: Double(face.descender) * perUnit,
                           lineGap: Double(face.lineGap) * perUnit, capHeight: Double(face.capHeight) * perUnit, unitsPerEm: face.unitsPerEm)
    }

    /// The same font on the same open face.
    public static func == (a: ResolvedFont, b: ResolvedFont) -> Bool {
        a.font == b.font && a.face === b.face
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(font)
        hasher.combine(face.serial)
    }
}

/// A face's vertical metrics at a size, in points, y up (the descender is negative). From hhea
/// (OS/2 where hhea has none) as FreeType reads them, scaled exactly, not rounded.
public struct FontMetrics: Sendable, Equatable {
    /// Baseline to the top of the line box (positive).
    public let ascender: Double
    /// Baseline to the bottom of the line box (negative).
    public let descender: Double
    /// Extra space the font asks for between lines.
    public let lineGap: Double
    /// Baseline to the top of the capitals (OS/2's cap height; the ascender where it has none).
    public let capHeight: Double
    /// The face's font units per em (the size the points above were scaled from).
    public let unitsPerEm: Int

    /// Baseline to baseline: ascender − descender + line gap (what Core Text's line height is;
    /// OpenSwiftUI's text spacing works from ascender − descender).
    public var lineHeight: Double { ascender - descender + lineGap }
}

/// Resolves `Font`s through fontconfig and keeps one open face per (file, face index).
/// Thread-safe: fontconfig calls and both caches are behind its own lock, FreeType calls behind
/// the module's FreeType lock.
public final class FontLibrary: @unchecked Sendable {
    /// The library every caller shares.
    public static let shared = FontLibrary()

    private let lock = NSLock()
    private let designFamilies: [Font.Design: String]
    private var initialised = false
    private var matches: [MatchKey: Match] = [:]
    private var faces: [FaceKey: FontFace] = [:]
    private var fallbacks: [FallbackKey: Match?] = [:]
    private let unusedFallbacks: Set<String>

    /// A library with the designs' families of `Font.Design.family`.
    public convenience init() {
        self.init(designFamilies: [:])
    }

    /// A library whose designs ask for other families, or that never falls back to some
    /// families (for tests of the fallbacks: as if those fonts were not installed).
    /// - Parameters:
    ///   - designFamilies: a family per design; the others keep `Font.Design.family`.
    ///   - unusedFallbacks: families never taken for a character a font lacks.
    package init(designFamilies: [Font.Design: String], unusedFallbacks: Set<String> = []) {
        self.designFamilies = designFamilies
        self.unusedFallbacks = unusedFallbacks
    }

    /// The family a design asks this library for.
    public func family(of design: Font.Design) -> String { designFamilies[design] ?? design.family }

    /// The face `font` names, at its size.
    /// - Throws: `FontError.notFound` for a custom name no installed font has (or a missing Inter
    ///   when a design falls back to it), `FontError.file` if the matched file cannot be opened.
    public func resolve(_ font: Font) throws -> ResolvedFont {
        let key = MatchKey(source: font.source, weight: font.weight, isItalic: font.isItalic)
        lock.lock()
        defer { lock.unlock() }
        let match: Match
        if let known = matches[key] {
            match = known
        } else {
            match = try find(key)
            matches[key] = match
        }
        let faceKey = FaceKey(file: match.file, index: match.index)
        let face: FontFace
        if let open = faces[faceKey] {
            face = open
        } else {
            do { face = try FontFace(file: match.file, index: match.index) } catch let error as FontFileError {
                throw FontError.file(error)
            }
            faces[faceKey] = face
        }
        return resolved(font, match: match, face: face)
    }

    private func resolved(_ font: Font, match: Match, face: FontFace) -> ResolvedFont {
        // The face's own slant: where fontconfig would slant an upright face (its synthetic
        // oblique), the upright face is drawn, and the substitution says so.
        return ResolvedFont(font: font, file: match.file, faceIndex: match.index, family: match.family,
                            style: match.style, weight: match.weight, isItalic: face.isItalic,
                            substitutions: match.substitutions + (font.isItalic && !face.isItalic ? [.upright] : []),
                            face: face, library: self)
    }

    /// The face that draws `scalar` where `font` has no glyph for it: fontconfig's fonts in its
    /// order of preference for the font's family, weight and slant (`FcFontSort`), the first
    /// whose character set holds `scalar`; with `color`, colour fonts are preferred (an emoji
    /// asked for in emoji presentation). Nil when no installed font has the character. The
    /// result keeps `font`'s size and request; its face, family and metrics are the fallback's.
    public func fallback(for scalar: Unicode.Scalar, of font: ResolvedFont, color: Bool) -> ResolvedFont? {
        let key = FallbackKey(scalar: scalar.value, weight: font.font.weight, isItalic: font.font.isItalic, color: color,
                              family: font.family)
        lock.lock()
        defer { lock.unlock() }
        let match: Match?
        if let known = fallbacks[key] {
            match = known
        } else {
            match = (try? findFallback(key)) ?? nil
            fallbacks[key] = match
        }
        guard let match else { return nil }
        let faceKey = FaceKey(file: match.file, index: match.index)
        let face: FontFace
        if let open = faces[faceKey] {
            face = open
        } else {
            guard let opened = try? FontFace(file: match.file, index: match.index) else { return nil }
            face = opened
            faces[faceKey] = face
        }
        return resolved(font.font, match: match, face: face)
    }

    /// How many faces are open.
    package var openFaceCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return faces.count
    }

    // MARK: fontconfig (called with the lock held)

    private struct MatchKey: Hashable {
        let source: Font.Source
        let weight: Font.Weight
        let isItalic: Bool
    }

    private struct FallbackKey: Hashable {
        let scalar: UInt32
        let weight: Font.Weight
        let isItalic: Bool
        let color: Bool
        let family: String
    }

    private struct FaceKey: Hashable {
        let file: String
        let index: Int
    }

    private struct Match {
        var file: String
        var index: Int
        var family: String
        var families: [String]
        var fullNames: [String]
        var postScriptName: String
        var style: String
        var weight: Int
        /// fontconfig's `color` property: a colour font (emoji).
        var isColor = false
        var substitutions: [FontSubstitution] = []

        /// Whether the face answers to `name` (case-insensitive, as fontconfig compares families).
        func isNamed(_ name: String) -> Bool {
            let wanted = name.lowercased()
            return (families + fullNames + [postScriptName]).contains { $0.lowercased() == wanted }
        }
    }

    private func find(_ key: MatchKey) throws -> Match {
        if !initialised {
            guard FcInit() != 0 else { throw FontError.fontconfigUnavailable }
            initialised = true
        }
        let weight = key.weight.openTypeWeight
        var match: Match
        switch key.source {
        case .custom(let name):
            if let byFamily = bestMatch(family: name, weight: weight, italic: key.isItalic), byFamily.isNamed(name) {
                match = byFamily
            } else if let listed = listed(property: "postscriptname", value: name)
                        ?? listed(property: "fullname", value: name) {
                match = listed
            } else {
                throw FontError.notFound(name: name)
            }
        case .system(let design):
            let requested = family(of: design)
            if let found = bestMatch(family: requested, weight: weight, italic: key.isItalic), found.isNamed(requested) {
                match = found
            } else {
                let fallback = Font.Design.default.family
                guard let inter = bestMatch(family: fallback, weight: weight, italic: key.isItalic),
                      inter.isNamed(fallback) else { throw FontError.notFound(name: fallback) }
                match = inter
                match.substitutions.append(.family(requested: requested, used: fallback))
            }
        }
        // A custom name often names a weight itself ("Inter-Bold"): only a system font's weight is a request.
        if case .system = key.source, abs(match.weight - weight) >= 100 {
            match.substitutions.append(.weight(requested: weight, used: match.weight))
        }
        return match
    }

    private func findFallback(_ key: FallbackKey) throws -> Match? {
        if !initialised {
            guard FcInit() != 0 else { throw FontError.fontconfigUnavailable }
            initialised = true
        }
        guard let pattern = FcPatternCreate(), let wanted = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(wanted) }
        FcCharSetAddChar(wanted, key.scalar)
        FcPatternAddString(pattern, "family", fcString(key.family))
        FcPatternAddCharSet(pattern, "charset", wanted)
        FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(key.weight.openTypeWeight)))
        FcPatternAddInteger(pattern, "slant", key.isItalic ? 100 : 0)
        if key.color { FcPatternAddBool(pattern, "color", 1) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        var candidates: [Match] = []
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset,
                  FcCharSetHasChar(charset, key.scalar) != 0, let match = read(font),
                  !match.families.contains(where: unusedFallbacks.contains) else { continue }
            candidates.append(match)
        }
        // fontconfig ranks the charset above the colour request, so an emoji asked for in
        // colour takes the first colour font among those that have it.
        if key.color, let colored = candidates.first(where: \.isColor) { return colored }
        return candidates.first
    }

    /// fontconfig's best match for a family at a weight and slant (`FcFontMatch`, after the
    /// configuration's and the default substitutions), whatever family it turns out to be.
    private func bestMatch(family: String, weight: Int, italic: Bool) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, "family", fcString(family))
        FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, "slant", italic ? 100 /* FC_SLANT_ITALIC */ : 0 /* FC_SLANT_ROMAN */)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        return read(found)
    }

    /// The first installed font whose `property` is `value` (`FcFontList`), by PostScript or full name.
    private func listed(property: String, value: String) -> Match? {
        guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcObjectSetDestroy(objects) }
        FcPatternAddString(pattern, property, fcString(value))
        for name in ["file", "index", "family", "fullname", "postscriptname", "style", "weight"] {
            FcObjectSetAdd(objects, name)
        }
        guard let set = FcFontList(nil, pattern, objects) else { return nil }
        defer { FcFontSetDestroy(set) }
        guard set.pointee.nfont > 0, let first = set.pointee.fonts?[0] else { return nil }
        return read(first)
    }

    private func read(_ pattern: OpaquePointer) -> Match? {
        guard let file = strings(pattern, "file").first else { return nil }
        let families = strings(pattern, "family")
        var index: Int32 = 0, weight: Int32 = 80
        _ = FcPatternGetInteger(pattern, "index", 0, &index)
        _ = FcPatternGetInteger(pattern, "weight", 0, &weight)
        var color: FcBool = 0
        _ = FcPatternGetBool(pattern, "color", 0, &color)
        return Match(file: file, index: Int(index), family: families.first ?? "", families: families,
                     fullNames: strings(pattern, "fullname"), postScriptName: strings(pattern, "postscriptname").first ?? "",
                     style: strings(pattern, "style").first ?? "", weight: Int(FcWeightToOpenType(weight)), isColor: color != 0)
    }

    /// Every value of a string property (a family can have several: "Inter", "Inter Semi Bold").
    private func strings(_ pattern: OpaquePointer, _ property: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        while true {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, property, n, &value) == FcResultMatch, let value else { break }
            values.append(String(cString: value))
            n += 1
        }
        return values
    }

    private func fcString(_ text: String) -> [FcChar8] { Array(text.utf8) + [0] }
}
