import ShaderFXContract

/// Wraps a user's effect function in the uniforms and `main` that run it, as SwiftUI
/// stitches a `[[stitchable]]` function into its own pipeline.
///
/// The generated fragment shader has three parts, each numbered by a `#line` directive so the
/// driver's messages can be traced back: the prelude (precision, `Layer`, `sampleLayer`, the
/// array types) from line 200001, the user's file with its own line numbers (source string 1),
/// and the uniforms and `main` from line 100001. Line numbers, not source-string numbers,
/// decide where a message belongs: Mesa gives some messages source string 0 whatever
/// `#line` said.
struct Stitcher {
    let kind: EffectKind
    let signature: ShaderSignature
    let file: String
    /// The library, whose line map (if its GLSL was translated) places messages in the original.
    let library: ShaderLibrary
    let fragmentSource: String

    /// Parses `function` in `library`, checks it against `kind`, and builds the fragment shader.
    init(function: ShaderFunction, kind: EffectKind) throws(ShaderError) {
        self.kind = kind
        library = function.library
        file = function.library.name
        signature = try function.signature()
        do { try signature.validate(as: kind, file: file) } catch { throw library.mapped(error) }
        fragmentSource = StitchedInterface.prelude + StitchedInterface.userLineDirective + Self.userSource(function.library.source)
            + "\n#line \(StitchedInterface.mainFirstLine) 2\n" + Self.main(kind: kind, signature: signature)
    }

    /// The user's text with any `#version` line blanked (the prelude sets it), lines kept.
    static func userSource(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.trimmingWhitespace.hasPrefix("#version") ? "" : String(line)
        }.joined(separator: "\n")
    }


    static func main(kind: EffectKind, signature: ShaderSignature) -> String {
        var lines: [String] = []
        var callArguments: [String] = []
        for parameter in signature.arguments(for: kind) {
            let uniform = StitchedInterface.uniformName(parameter.name)
            switch parameter.type {
            case .floatArray, .colorArray:
                lines.append("uniform int \(uniform)_offset;")
                lines.append("uniform int \(uniform)_count;")
                callArguments.append("\(parameter.type.rawValue)(\(uniform)_offset, \(uniform)_count)")
            default:
                lines.append("uniform \(parameter.type.rawValue) \(uniform);")
                callArguments.append(uniform)
            }
        }
        let contract = StitchedInterface.self
        let layer = "\(contract.layerType)(0.0)"
        let leading: [String]
        switch kind {
        case .color: leading = ["position", "sfx_own"]
        case .distortion, .fill: leading = ["position"]
        case .layer: leading = ["position", layer]
        }
        let call = "\(signature.function)(\((leading + callArguments).joined(separator: ", ")))"
        let result: String
        switch kind {
        case .color, .layer: result = call
        case .distortion: result = "\(contract.sampleLayer)(\(layer), \(call))"
        case .fill: result = "\(call) * sfx_own.a"
        }
        // sfx_outputOffset places a smaller target (the frame alone) on the layer's grid, and
        // sfx_straight writes the last pass straight to 8 bits, rounded as PNG.encode rounds, so
        // a picture read back for a PNG needs no conversion pass (Renderer.renderStraight).
        lines += [
            "uniform ivec2 \(contract.outputOffset);",
            "uniform bool \(contract.straight);",
            "out vec4 sfx_fragColor;",
            "void main() {",
            "    vec2 sfx_coord = gl_FragCoord.xy + vec2(\(contract.outputOffset));",
            "    vec2 position = \(contract.layerOrigin) + sfx_coord / \(contract.scale);",
            "    vec4 sfx_own = texelFetch(\(contract.layerTexture), ivec2(sfx_coord), 0);",
            "    vec4 sfx_result = \(result);",
            "    if (\(contract.straight)) {",
            "        float a8 = floor(clamp(sfx_result.a, 0.0, 1.0) * 255.0 + 0.5);",
            "        vec3 c = a8 == 0.0 ? vec3(0.0) : clamp(sfx_result.rgb / clamp(sfx_result.a, 0.0, 1.0), 0.0, 1.0);",
            "        sfx_result = a8 == 0.0 ? vec4(0.0) : vec4(floor(c * 255.0 + 0.5) / 255.0, a8 / 255.0);",
            "    }",
            "    sfx_fragColor = sfx_result;",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rewrites a driver's compile log so each message names the user's file and line.
    /// Mesa writes `1:5(12): error: ...`, NVIDIA `1(5) : error C0000: ...`; the leading
    /// number is the source string (1 = the user's file).
    static func describe(log: String, file: String) -> String {
        describe(log: log, library: ShaderLibrary(source: "", name: file))
    }

    /// Rewrites a driver's compile log as `describe(log:file:)` does; lines of GLSL translated
    /// from another language (the library has a line map) are named by the file and line they
    /// were translated from, e.g. `Ripple.metal:14:5: error: ... (generated GLSL 31:9)`: the
    /// Metal line and the column where the statement that became the GLSL line starts, the
    /// driver's own line and column after it.
    static func describe(log: String, library: ShaderLibrary) -> String {
        log.split(separator: "\n").map { rawLine -> String in
            let line = String(rawLine)
            if let mapped = mapMesa(line, library: library) ?? mapNVIDIA(line, library: library) { return mapped }
            return line
        }.joined(separator: "\n")
    }

    /// Where a message belongs, and a note to put after it (the generated GLSL's own place).
    private static func place(_ line: Int, _ column: Int?, library: ShaderLibrary) -> (place: String, note: String) {
        let where_: String
        if line >= EmbeddedShaders.includeFirstLine, let included = included(line, library: library) {
            where_ = included
        } else if line >= StitchedInterface.preludeFirstLine {
            where_ = "<ShaderFX prelude>:\(line - StitchedInterface.preludeFirstLine + 1)"
        } else if line >= StitchedInterface.mainFirstLine {
            where_ = "<ShaderFX generated main>:\(line - StitchedInterface.mainFirstLine + 1)"
        } else if !library.lineMap.isEmpty {
            let glsl = "\(line)" + (column.map { ":\($0)" } ?? "")
            // The Metal place the line was translated from: its line and the column where the
            // statement or declaration that became this GLSL line starts.
            if line <= library.lineMap.count, let origin = library.lineMap[line - 1] {
                return (origin.description, " (generated GLSL \(glsl))")
            }
            return ("\(library.name) (generated GLSL):\(glsl)", "")
        } else {
            where_ = "\(library.name):\(line)"
        }
        return (column.map { "\(where_):\($0)" } ?? where_, "")
    }

    /// `Shaders/Include/<name>.glsl:<line>` for a line of a snippet a built-in shader file includes.
    private static func included(_ line: Int, library: ShaderLibrary) -> String? {
        guard EmbeddedShaders.all.contains(where: { "Shaders/\($0.path).glsl" == library.name && $0.source == library.source })
        else { return nil }
        let (k, offset) = (line - EmbeddedShaders.includeFirstLine).quotientAndRemainder(dividingBy: EmbeddedShaders.includeStride)
        guard k < EmbeddedShaders.includes.count else { return nil }
        return "Shaders/Include/\(EmbeddedShaders.includes[k]).glsl:\(offset + 1)"
    }

    private static func mapMesa(_ line: String, library: ShaderLibrary) -> String? {
        // S:L(C): message
        var scan = LogScanner(line)
        guard scan.number() != nil, scan.skip(":"), let lineNumber = scan.number(), scan.skip("("),
              let column = scan.number(), scan.skip(")"), scan.rest.hasPrefix(":") else { return nil }
        let (place, note) = place(lineNumber, column, library: library)
        return place + scan.rest + note
    }

    private static func mapNVIDIA(_ line: String, library: ShaderLibrary) -> String? {
        // S(L) : message
        var scan = LogScanner(line)
        guard scan.number() != nil, scan.skip("("), let lineNumber = scan.number(), scan.skip(")") else { return nil }
        let rest = scan.rest.trimmingWhitespace
        guard rest.hasPrefix(":") else { return nil }
        let (place, note) = place(lineNumber, nil, library: library)
        return place + ": " + rest.dropFirst().trimmingWhitespace + note
    }
}

/// Reads numbers and punctuation off the front of a driver's log line.
private struct LogScanner {
    private let characters: [Character]
    private var index = 0

    init(_ line: String) { characters = Array(line) }

    /// The decimal number at the front, or nil.
    mutating func number() -> Int? {
        let start = index
        while index < characters.count, characters[index].isNumber { index += 1 }
        return index > start ? Int(String(characters[start..<index])) : nil
    }

    /// Skips `character` if it is next; false if it is not.
    mutating func skip(_ character: Character) -> Bool {
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    /// What is left of the line.
    var rest: String { String(characters[index...]) }
}
