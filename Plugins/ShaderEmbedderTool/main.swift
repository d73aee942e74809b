// shader-embedder SHADERS_DIR OUTPUT.swift
// Writes a Swift file holding every `<Kind>/<name>.glsl` below SHADERS_DIR as a typed constant,
// `EmbeddedShaderFile.kindName` (e.g. `.colorRainbowNoise` for Color/rainbowNoise.glsl), so a
// built-in effect names its file in a way the compiler checks. Run by the EmbedShaders
// build-tool plugin, never by hand.
//
// Shared GLSL snippets live in SHADERS_DIR/Include/<name>.glsl and are not shader files of their
// own: a line `#include "<name>.glsl"` in a shader file is replaced by the snippet at embed time.
// The snippet's lines are numbered from `includeFirstLine + 10000 * k` (k: the snippet's index
// in `EmbeddedShaders.includes`), and a `#line` after it gives the including file's next line
// its own number again, so a driver's message names the right line of either file.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: shader-embedder SHADERS_DIR OUTPUT.swift\n".utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("shader-embedder: \(message)\n".utf8))
    exit(1)
}

let root = URL(fileURLWithPath: arguments[1])
let includeFolder = "Include"
/// The line number of the first included line; the stitcher's prelude starts at 200001.
let includeFirstLine = 300_001
let includeStride = 10_000

/// The shader files (sorted by key) and the snippets of `Include/` (by name) below `root`.
func readShaders() -> (shaders: [(key: String, text: String)], includes: [String: String]) {
    var shaders: [(key: String, text: String)] = []
    var includes: [String: String] = [:]
    if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
        for case let url as URL in walker where url.pathExtension == "glsl" {
            let relative = url.path.dropFirst(root.path.count + 1)
            let key = String(relative.dropLast(".glsl".count))
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { fail("cannot read \(url.path) as UTF-8") }
            if key.hasPrefix(includeFolder + "/") {
                includes[String(key.dropFirst(includeFolder.count + 1))] = text
            } else {
                shaders.append((key, text))
            }
        }
    }
    return (shaders.sorted { $0.key < $1.key }, includes)
}
let (shaders, includes) = readShaders()
let includeNames = includes.keys.sorted()

/// The `<name>` of a line `#include "<name>.glsl"`, or nil.
func includeName(_ line: Substring) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("#include") else { return nil }
    let rest = trimmed.dropFirst("#include".count).trimmingCharacters(in: .whitespaces)
    guard rest.count > 2, rest.hasPrefix("\""), rest.hasSuffix("\""), rest.hasSuffix(".glsl\"") else { return "" }
    return String(rest.dropFirst().dropLast(".glsl\"".count))
}

/// `text` with its `#include` lines replaced by the snippets they name.
func resolved(_ text: String, file: String) -> String {
    var out: [String] = []
    var seen: Set<String> = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
        guard let name = includeName(line) else { out.append(String(line)); continue }
        guard let snippet = includes[name], let k = includeNames.firstIndex(of: name) else {
            fail("Shaders/\(file).glsl:\(index + 1): no such include: \(line) (expected #include \"NAME.glsl\" for Shaders/\(includeFolder)/NAME.glsl)")
        }
        guard seen.insert(name).inserted else { fail("Shaders/\(file).glsl:\(index + 1): \(name).glsl is included twice") }
        let body = snippet.hasSuffix("\n") ? String(snippet.dropLast()) : snippet
        if body.split(separator: "\n", omittingEmptySubsequences: false).contains(where: { includeName($0) != nil }) {
            fail("Shaders/\(includeFolder)/\(name).glsl: an include may not include another")
        }
        out.append("#line \(includeFirstLine + includeStride * k)")
        out.append(body)
        out.append("#line \(index + 2)")
    }
    return out.joined(separator: "\n")
}

/// A Swift raw string literal that holds `text` exactly, whatever it contains.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains(hashes + "\"") { hashes += "#" }
    return hashes + "\"\"\"\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "\"\"\"" + hashes
}

/// `Color/rainbowNoise` → `colorRainbowNoise`.
func identifier(_ key: String) -> String {
    let words = key.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    var name = words.enumerated().map { index, word in
        index == 0 ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    if name.first?.isNumber ?? true { name = "file" + name }
    return name
}

var names: [String: String] = [:]
for shader in shaders {
    let name = identifier(shader.key)
    if let other = names[name] { fail("Shaders/\(shader.key).glsl and Shaders/\(other).glsl would both be .\(name)") }
    names[name] = shader.key
}

var out = "// Generated by shader-embedder from the Shaders/ folder. Do not edit.\n\n"
out += """
/// A built-in shader file: its path below `Shaders/` without extension and its GLSL, `#include`
/// lines resolved. Every file is a constant here (`.colorRainbowNoise`), so a built-in effect names
/// its file in a way the compiler checks.
struct EmbeddedShaderFile: Sendable, Hashable {
    /// `<Kind>/<name>`, e.g. `Color/rainbowNoise`.
    let path: String
    /// The GLSL.
    let source: String
}

extension EmbeddedShaderFile {

"""
for shader in shaders {
    out += "    /// `Shaders/\(shader.key).glsl`.\n"
    out += "    static let \(identifier(shader.key)) = EmbeddedShaderFile(path: \"\(shader.key)\", source: \(literal(resolved(shader.text, file: shader.key))))\n"
}
out += "}\n\n"
out += """
/// The built-in shader files and the snippets they include.
enum EmbeddedShaders {
    /// Every shader file, by path.
    static let all: [EmbeddedShaderFile] = [\(shaders.map { "." + identifier($0.key) }.joined(separator: ", "))]
    /// The names of the snippets of `Shaders/\(includeFolder)/`; snippet k's lines are numbered from
    /// `includeFirstLine + includeStride * k`.
    static let includes: [String] = [\(includeNames.map { "\"\($0)\"" }.joined(separator: ", "))]
    /// The line number of an included snippet's first line.
    static let includeFirstLine = \(includeFirstLine)
    /// How far apart the line numbers of two snippets start.
    static let includeStride = \(includeStride)

    /// The shader file `Shaders/<path>.glsl`, if there is one.
    static func file(_ path: String) -> EmbeddedShaderFile? { byPath[path] }
    private static let byPath = Dictionary(uniqueKeysWithValues: all.map { ($0.path, $0) })
}

"""
let outURL = URL(fileURLWithPath: arguments[2])
if (try? String(contentsOf: outURL, encoding: .utf8)) != out {
    do { try out.write(to: outURL, atomically: true, encoding: .utf8) } catch {
        fail("cannot write \(outURL.path): \(error)")
    }
}
