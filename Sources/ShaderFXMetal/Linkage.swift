// Each .metal file of a library is its own translation unit, as Xcode compiles it: a helper, a
// program-scope constant, a struct or a type alias that two files both define is two things,
// each file seeing its own (`constant float2x2 m` in one file and another `m` in the next is
// legal Metal: namespace-scope constants have internal linkage, and static or inline helpers
// are local to their file). The translator reads a library as one program, so before the
// semantic pass the names that two files define differently are made distinct, per file.

/// The renaming of file-local definitions that two or more files of a library define.
struct LibraryLinkage {
    /// Per unit (in the order given), each clashing name it defines and the name it gets.
    private(set) var renames: [[String: String]]

    /// Finds the names defined at different places by different units. A definition that
    /// several units share (from one header included by each) is one definition. Stitchable
    /// functions keep their names: SwiftUI finds them by name, so two of one name stay an error.
    init(units: [TranslationUnit], mainFiles: [String]) {
        var definers: [String: [Int: Set<String>]] = [:]
        for (index, unit) in units.enumerated() {
            for (name, loc) in Self.definitions(in: unit) where loc.file == mainFiles[index] {
                definers[name, default: [:]][index, default: []].insert("\(loc)")
            }
        }
        renames = Array(repeating: [:], count: units.count)
        let stems = mainFiles.map(Self.stem)
        for (name, byUnit) in definers where byUnit.count > 1 {
            for index in byUnit.keys {
                // Two files of one stem in different folders get the unit's number as well.
                let shared = stems.indices.contains { $0 != index && stems[$0] == stems[index] }
                renames[index][name] = shared ? "\(name)_\(stems[index])\(index)" : "\(name)_\(stems[index])"
            }
        }
    }

    var isEmpty: Bool { renames.allSatisfy(\.isEmpty) }

    /// The unit's tokens with its clashing names replaced, except where they follow `.` or
    /// `->` (a member of that name is another thing).
    func apply(to tokens: [Token], unit index: Int) -> [Token] {
        let map = renames[index]
        guard !map.isEmpty else { return tokens }
        var out = tokens
        for k in out.indices where out[k].kind == .identifier {
            guard let renamed = map[out[k].text] else { continue }
            if k > 0, out[k - 1].isPunct(".") || out[k - 1].isPunct("->") { continue }
            out[k].text = renamed
        }
        return out
    }

    /// The names a unit defines at program scope that other files cannot see or that would
    /// clash: function bodies (not stitchable), constants and variables, structs, aliases.
    private static func definitions(in unit: TranslationUnit) -> [(String, MetalSourceLocation)] {
        unit.decls.compactMap { decl in
            switch decl {
            case .function(let f): return f.body != nil && !f.isStitchable && !f.isSizeInstance ? (f.name, f.loc) : nil
            case .structure(let s): return (s.name, s.loc)
            case .global(let g): return (g.name, g.loc)
            case .typeAlias(let name, _, let loc): return (name, loc)
            // Lowered before linkage (``Lowering``): none is left.
            case .enumeration, .namespace, .usingNamespace, .typedefStruct, .staticAssert: return nil
            }
        }
    }

    /// A file's name as an identifier's tail: the ASCII letters and digits of its stem, other
    /// characters as one underscore (GLSL reserves names with two in a row).
    private static func stem(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let base = file.hasSuffix(".metal") ? String(file.dropLast(6)) : file
        var cleaned = ""
        for scalar in base.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                cleaned.unicodeScalars.append(scalar)
            } else if !cleaned.isEmpty, cleaned.last != "_" {
                cleaned.append("_")
            }
        }
        while cleaned.last == "_" { cleaned.removeLast() }
        return cleaned.isEmpty ? "file" : cleaned
    }
}
