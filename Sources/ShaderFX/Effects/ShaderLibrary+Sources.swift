import Foundation
import ShaderFXContract
import ShaderFXMetal

/// A place in the source a developer wrote: a file, a 1-based line and column (0 when unknown).
public struct ShaderSourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file's path as it was given.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, or 0 when only the line is known.
    public var column: Int

    public init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, or `file:line` without a column.
    public var description: String { column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)" }
}

/// An effect function a source marks as one (Metal's `[[ stitchable ]]`), with its kind.
public struct StitchableFunction: Sendable, Equatable {
    /// The function's name, the same in the source and in the GLSL.
    public var name: String
    /// The kind its original signature gives it. Metal tells apart what GLSL cannot: a
    /// `half4 f(float2, float4 bounds)` is a fill, a `half4 f(float2, half4 color)` a colour effect.
    public var kind: EffectKind
    /// The names of the parameters arguments feed, as the source spells them (the GLSL may
    /// rename one that is reserved there, such as `input`); empty when they are the GLSL's.
    public var argumentNames: [String]
    /// The function's GLSL signature as the translator wrote it, so it is not read back from the
    /// GLSL; nil to read it from the source.
    public var signature: StitchedSignature?

    public init(name: String, kind: EffectKind, argumentNames: [String] = [], signature: StitchedSignature? = nil) {
        self.name = name
        self.kind = kind
        self.argumentNames = argumentNames
        self.signature = signature
    }
}

// MARK: - Metal sources

/// How Metal's `half` computes: at float (`.float`, the default) or as Apple's GPUs compute
/// binary16 (`.apple`); see docs/METAL.md.
public typealias ShaderPrecision = MetalPrecision
/// A line of a Metal source file.
public typealias ShaderSourceLine = MetalSourceLine

extension ShaderLibrary {
    /// A library translated from one `.metal` file.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - includePaths: folders searched by `#include "..."` after the file's own folder.
    ///   - precision: how `half` computes (`.apple`: as binary16, as Apple's GPUs compute it).
    ///   - floatLines: under Apple precision, lines whose `half` operations compute at float all the same.
    public init(metalFile path: String, includePaths: [String] = [], precision: ShaderPrecision = .float,
                floatLines: Set<ShaderSourceLine> = []) throws(ShaderError) {
        // Read as every input is (a regular UTF-8 file of bounded size); its headers the translator reads.
        let text: String
        do { text = try InputFile.readText(path) } catch { throw .unreadable(file: path, reason: error.reason) }
        let translation: MetalTranslation
        do {
            translation = try Self.translator(includePaths, precision, floatLines).translate([MetalSourceFile(path: path, text: text)])
        } catch {
            throw ShaderError(error)
        }
        self.init(translation: translation, name: path)
    }

    /// One library translated from every `.metal` file of a folder and its subfolders, as Xcode
    /// compiles a target's `.metal` files into `ShaderLibrary.default`.
    /// - Parameters:
    ///   - path: the folder's path.
    ///   - includePaths: folders searched by `#include "..."` after each file's own folder.
    ///   - precision: how `half` computes (`.apple`: as binary16, as Apple's GPUs compute it).
    ///   - floatLines: under Apple precision, lines whose `half` operations compute at float all the same.
    public init(metalFolder path: String, includePaths: [String] = [], precision: ShaderPrecision = .float,
                floatLines: Set<ShaderSourceLine> = []) throws(ShaderError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .unreadable(file: path, reason: "no such folder")
        }
        let names = (try? MetalTranslator.metalFiles(in: path)) ?? []
        guard !names.isEmpty else {
            throw .unreadable(file: path, reason: "is a directory with no .metal files in it or its subfolders (a folder is read as one library of .metal files)")
        }
        let translation: MetalTranslation
        do { translation = try Self.translator(includePaths, precision, floatLines).translate(directory: path) } catch {
            throw ShaderError(error)
        }
        self.init(translation: translation, name: path)
    }

    /// A library translated from Metal text.
    /// - Parameters:
    ///   - metalSource: the text of a `.metal` file.
    ///   - name: its file name, for messages (and the folder `#include "..."` looks in first).
    ///   - includePaths: folders searched by `#include "..."`.
    ///   - precision: how `half` computes (`.apple`: as binary16, as Apple's GPUs compute it).
    ///   - floatLines: under Apple precision, lines whose `half` operations compute at float all the same.
    public init(metalSource: String, name: String = "shader.metal", includePaths: [String] = [],
                precision: ShaderPrecision = .float, floatLines: Set<ShaderSourceLine> = []) throws(ShaderError) {
        let translation: MetalTranslation
        do {
            translation = try Self.translator(includePaths, precision, floatLines).translate([MetalSourceFile(path: name, text: metalSource)])
        } catch {
            throw ShaderError(error)
        }
        self.init(translation: translation, name: name)
    }

    private static func translator(_ includePaths: [String], _ precision: ShaderPrecision, _ floatLines: Set<ShaderSourceLine>) -> MetalTranslator {
        var translator = MetalTranslator(includePaths: includePaths, precision: precision)
        translator.floatLines = floatLines
        return translator
    }

    /// The translator's GLSL, its line map, its stitchable functions and what it left out.
    init(translation: MetalTranslation, name: String) {
        self.init(source: translation.glsl, name: name,
                  lineMap: translation.lineMap.map { $0.map { ShaderSourceLocation(file: $0.file, line: $0.line, column: $0.column) } },
                  stitchableFunctions: translation.functions.map {
                      StitchableFunction(name: $0.name, kind: EffectKind(rawValue: $0.kind.rawValue) ?? .fill,
                                         argumentNames: $0.parameters.map(\.name), signature: $0.signature)
                  })
        precision = translation.precision
        halfRoundingLines = translation.halfRoundingLines
        warnings = translation.warnings.map(\.description)
        // Vertex, fragment and kernel functions are Metal for other pipelines: not failures.
        untranslated = translation.untranslated.filter { !$0.isStageFunction }.map {
            UntranslatedDeclaration(name: $0.name, isStitchable: $0.isStitchable, error: ShaderError($0.error))
        }
    }

    /// Where GLSL line `line` (1-based) of `source` came from: the developer's file and line, or
    /// nil for a line the translator generated. For hand-written GLSL, the line itself.
    public func origin(ofLine line: Int) -> ShaderSourceLocation? {
        guard !lineMap.isEmpty else { return ShaderSourceLocation(file: name, line: line) }
        guard line >= 1, line <= lineMap.count else { return nil }
        return lineMap[line - 1].map { ShaderSourceLocation(file: $0.file, line: $0.line) }
    }

    /// `error` with a line of the generated GLSL replaced by the developer's file and line.
    func mapped(_ error: ShaderError) -> ShaderError {
        guard !lineMap.isEmpty, case let .badSignature(file, line, function, reason) = error, file == name,
              let origin = origin(ofLine: line) else { return error }
        return .badSignature(file: origin.file, line: origin.line, function: function, reason: reason)
    }
}

extension ShaderError {
    /// A translator error, as `file:line:column: error: message`; the message goes on with the
    /// error's notes and the translation's further errors, one line each, as clang prints them.
    init(_ error: MetalError) {
        self = .translationFailed(file: error.location.file, line: error.location.line,
                                  column: error.location.column, message: error.detail)
    }
}

/// A declaration of a Metal library that could not be translated: a stitchable function, or a
/// helper, constant or type that the functions using it needed.
public struct UntranslatedDeclaration: Sendable, Equatable {
    /// The name it defines, when the translator found one.
    public var name: String?
    /// Whether it is a `[[ stitchable ]]` function.
    public var isStitchable: Bool
    /// Why it was left out (`file:line:column: error: message`).
    public var error: ShaderError
}

// MARK: - Which function, which kind

extension EffectKind {
    /// The kind a signature's return type and leading parameter types fit, or nil:
    /// colour `vec4 f(vec2, vec4, ...)`; distortion `vec2 f(vec2, ...)`; layer
    /// `vec4 f(vec2, Layer, ...)`; fill any other `vec4 f(vec2, ...)`.
    /// A `vec4 f(vec2, vec4, ...)` is a colour effect, though a fill taking a `vec4` first
    /// fits it too: ask for `.fill` explicitly to run it as one.
    public static func inferred(returnType: String, parameterTypes: [String]) -> EffectKind? {
        guard parameterTypes.first == "vec2" else { return nil }
        switch returnType {
        case "vec2": return .distortion
        case "vec4":
            if parameterTypes.count > 1 && parameterTypes[1] == "vec4" { return .color }
            if parameterTypes.count > 1 && parameterTypes[1] == StitchedInterface.layerType { return .layer }
            return .fill
        default: return nil
        }
    }

    /// The signature the kind requires in Metal, for messages about `.metal` files.
    var metalContract: String {
        switch self {
        case .color: return "half4 f(float2 position, half4 color, ...)"
        case .distortion: return "float2 f(float2 position, ...)"
        case .layer: return "half4 f(float2 position, SwiftUI::Layer layer, ...)"
        case .fill: return "half4 f(float2 position, ...)"
        }
    }
}

/// An effect function of a library with the kind it runs as.
public struct ResolvedEffectFunction: Sendable, Equatable {
    /// The function.
    public let function: ShaderFunction
    /// The kind it runs as: inferred from its signature, or the one asked for.
    public let kind: EffectKind
    /// Its parsed signature.
    public let signature: ShaderSignature
    /// The parameters the arguments feed (those after the kind's leading ones), in the GLSL.
    public var parameters: [ShaderParameter] { signature.arguments(for: kind) }
    /// The parameters the arguments feed with the names the developer wrote (a Metal `input`
    /// stays `input` though the GLSL renames it): what `--arg NAME=...` and messages use.
    public var namedParameters: [ShaderParameter] {
        let glsl = parameters
        guard argumentNames.count == glsl.count else { return glsl }
        return zip(glsl, argumentNames).map { ShaderParameter(type: $0.type, name: $1) }
    }
    var argumentNames: [String] = []
}

extension ShaderLibrary {
    /// The library's effect functions and the kind each one's signature fits, in source order:
    /// for Metal the `[[ stitchable ]]` functions with their Metal signature's kind; for GLSL
    /// every function whose return type and leading parameters fit a kind.
    public func effectFunctions() -> [(name: String, kind: EffectKind)] {
        if let stitchableFunctions { return stitchableFunctions.map { ($0.name, $0.kind) } }
        let definitions = ShaderSignature.functionDefinitions(in: ShaderSignature.stripComments(source))
        var result: [(name: String, kind: EffectKind)] = []
        for definition in definitions where !result.contains(where: { $0.name == definition.name }) {
            let types = definition.parameters.split(separator: ",").prefix(2).map { piece in
                piece.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
                    .filter { !["const", "in", "highp", "mediump", "lowp"].contains($0) }.first ?? ""
            }
            if let kind = EffectKind.inferred(returnType: definition.returnType, parameterTypes: types) {
                result.append((definition.name, kind))
            }
        }
        return result
    }

    /// The effect function to run and its kind.
    /// - Parameters:
    ///   - name: the function; nil to take the library's only effect function (if there are
    ///     several, the one named as the file, as before inference existed, or an error listing them).
    ///   - kind: the kind asked for, checked against the signature; nil to infer it.
    /// - Throws: `ShaderError` when the function is missing, ambiguous, or does not fit `kind`.
    public func resolve(function name: String?, kind: EffectKind?) throws(ShaderError) -> ResolvedEffectFunction {
        let candidates = effectFunctions()
        // Stitchable functions the translation left out exist on a device: naming one, or
        // taking the only one, gives its error; they count when no function is named.
        let left = untranslated.filter(\.isStitchable)
        let chosen: String
        if let name {
            if let failed = left.first(where: { $0.name == name }) { throw failed.error }
            chosen = name
        } else if candidates.count == 1 && left.isEmpty {
            chosen = candidates[0].name
        } else if candidates.isEmpty && left.count == 1 {
            throw left[0].error
        } else {
            let stem = String(self.name.split(separator: "/").last?.split(separator: ".").first ?? "")
            if let match = candidates.first(where: { $0.name == stem }) {
                chosen = match.name
            } else {
                throw .functionNotChosen(file: self.name, candidates: candidates.map { "\($0.name) (\($0.kind.rawValue))" }
                                             + left.map { "\($0.name ?? "?") (not translated)" })
            }
        }
        var declared: EffectKind?
        if let stitchable = stitchableFunctions {
            guard let function = stitchable.first(where: { $0.name == chosen }) else {
                throw .functionNotFound(file: self.name, function: chosen, defined: stitchable.map(\.name))
            }
            declared = function.kind
        }
        let signature = try function(chosen).signature()
        let types = signature.parameters.map(\.type.rawValue)
        let inferred = declared ?? EffectKind.inferred(returnType: signature.returnType, parameterTypes: types)
        let where_ = origin(ofLine: signature.line) ?? ShaderSourceLocation(file: self.name, line: signature.line)
        func contract(_ kind: EffectKind) -> String { lineMap.isEmpty ? kind.contract : kind.metalContract }
        func mismatch(_ actual: EffectKind, _ asked: EffectKind) -> String {
            "its signature makes it a \(actual.rawValue) effect (\(actual.modifierName): \(contract(actual))), not a \(asked.rawValue) effect (\(asked.modifierName): \(contract(asked)))"
        }
        if let kind {
            // A source that declares kinds (Metal) decides them; a colour-shaped function may
            // still run as a fill (its `half4` is then an argument), as in GLSL.
            if let declared, kind != declared, !(kind == .fill && declared == .color) {
                throw .badSignature(file: where_.file, line: where_.line, function: chosen,
                                    reason: mismatch(declared, kind))
            }
            do {
                try signature.validate(as: kind, file: self.name)
            } catch {
                guard let inferred, inferred != kind else { throw mapped(error) }
                throw .badSignature(file: where_.file, line: where_.line, function: chosen,
                                    reason: mismatch(inferred, kind))
            }
            var resolved = ResolvedEffectFunction(function: function(chosen), kind: kind, signature: signature)
            resolved.argumentNames = argumentNames(chosen, kind: kind, signature: signature)
            return resolved
        }
        guard let inferred else {
            throw .badSignature(file: where_.file, line: where_.line, function: chosen,
                                reason: "its signature fits no effect kind (color: \(EffectKind.color.contract); distortion: \(EffectKind.distortion.contract); layer: \(EffectKind.layer.contract); fill: \(EffectKind.fill.contract))")
        }
        do { try signature.validate(as: inferred, file: self.name) } catch { throw mapped(error) }
        var resolved = ResolvedEffectFunction(function: function(chosen), kind: inferred, signature: signature)
        resolved.argumentNames = argumentNames(chosen, kind: inferred, signature: signature)
        return resolved
    }

    /// The source's names of `function`'s argument parameters when run as `kind` (a colour-shaped
    /// function run as a fill takes its `half4` as the first argument).
    private func argumentNames(_ function: String, kind: EffectKind, signature: ShaderSignature) -> [String] {
        guard let declared = stitchableFunctions?.first(where: { $0.name == function }), !declared.argumentNames.isEmpty else { return [] }
        let extra = signature.arguments(for: kind).count - declared.argumentNames.count
        guard extra >= 0 else { return [] }
        return signature.arguments(for: kind).prefix(extra).map(\.name) + declared.argumentNames
    }
}
