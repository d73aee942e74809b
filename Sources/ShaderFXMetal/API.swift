import Foundation
import ShaderFXContract

/// One Metal source file given to the translator as text.
public struct MetalSourceFile: Sendable {
    /// The file's path, used in error locations and to resolve `#include "..."` relative to it.
    public var path: String
    /// The file's contents.
    public var text: String
    /// Creates a source file from its path and text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// The SwiftUI effect kind of a `[[ stitchable ]]` function, decided by its signature.
public enum MetalEffectKind: String, Sendable {
    /// `half4 f(float2 position, half4 color, ...)`, used by `colorEffect`.
    case color
    /// `float2 f(float2 position, ...)`, used by `distortionEffect`.
    case distortion
    /// `half4 f(float2 position, SwiftUI::Layer layer, ...)`, used by `layerEffect`.
    case layer
    /// `half4 f(float2 position, ...)` (second parameter not `half4`), used as a `ShapeStyle`.
    case fill
}

/// A `[[ stitchable ]]` function of the translated library.
public struct MetalStitchableFunction: Sendable {
    /// The function's name (the same in Metal and GLSL).
    public var name: String
    /// Its effect kind.
    public var kind: MetalEffectKind
    /// Where it is defined in Metal.
    public var location: MetalSourceLocation
    /// The user's arguments after the leading ones (`position`, and `color` or `layer`), in order, with their
    /// Metal names and GLSL types (`float`, `vec2`, `vec3`, `vec4`, `FloatArray`, `ColorArray` or `sampler2D`).
    public var parameters: [(name: String, glslType: String)]
    /// The GLSL names of ``parameters`` (the Metal name unless reserved in GLSL or clashing, e.g. `m_input`);
    /// `#pragma shaderfx sampler(...)` lines use these.
    public var glslParameterNames: [String]
    /// The function's whole GLSL signature against the stitched interface (GLSL names, every
    /// parameter with the leading ones, the sampler of each texture, the line of its definition):
    /// what the stitcher uses instead of reading the GLSL back.
    public var signature: StitchedSignature?
    /// Creates a description of a stitchable function.
    public init(name: String, kind: MetalEffectKind, location: MetalSourceLocation, parameters: [(name: String, glslType: String)]) {
        self.name = name
        self.kind = kind
        self.location = location
        self.parameters = parameters
        self.glslParameterNames = parameters.map(\.name)
    }
}

/// The result of a translation: a GLSL library and what it contains.
public struct MetalTranslation: Sendable {
    /// The GLSL ES 3.00 library: function definitions, no `main`, no `#version`.
    public var glsl: String
    /// Every `[[ stitchable ]]` function, in source order.
    public var functions: [MetalStitchableFunction]
    /// `lineMap[k]` is the Metal location of GLSL line `k + 1` (nil for generated helper lines).
    public var lineMap: [MetalSourceLocation?]
    /// The declarations left out because they could not be translated, each with its error, in
    /// the order found: the stitchable functions among them are not in ``functions``.
    public var untranslated: [MetalUntranslated] = []
    /// The warnings of the translation (`#warning` lines), in the order read.
    public var warnings: [MetalWarning] = []

    /// The Metal type of every expression of the source, as semantic analysis resolved it, in the
    /// order analysed: whether each is `half` is what Apple-precision rendering needs to know.
    public var expressionTypes: [MetalExpressionType] = []

    /// The precision `half` was translated for.
    public var precision = MetalPrecision.float
    /// Under Apple precision, the source lines where `half` values are rounded to binary16 (and
    /// lines the translator was asked to keep at float), in the order analysed: the candidates a
    /// precision report ranks.
    public var halfRoundingLines: [MetalSourceLine] = []

    /// The types of the expressions that start at a Metal line (of `file`, when given), in the
    /// order analysed.
    public func expressionTypes(atLine line: Int, file: String? = nil) -> [MetalExpressionType] {
        expressionTypes.filter { $0.location.line == line && (file == nil || $0.location.file == file) }
    }

    /// Creates a translation result.
    public init(glsl: String, functions: [MetalStitchableFunction], lineMap: [MetalSourceLocation?]) {
        self.glsl = glsl
        self.functions = functions
        self.lineMap = lineMap
    }

    /// The stitchable function with this name, if any.
    public func function(named name: String) -> MetalStitchableFunction? {
        functions.first { $0.name == name }
    }

    /// The Metal location of a 1-based GLSL line (for mapping driver errors back), if known.
    public func metalLocation(ofGLSLLine line: Int) -> MetalSourceLocation? {
        guard line >= 1, line <= lineMap.count else { return nil }
        return lineMap[line - 1]
    }
}

/// One expression of the Metal source and the type semantic analysis gave it.
public struct MetalExpressionType: Sendable, Equatable, CustomStringConvertible {
    /// Where the expression starts (inside a macro expansion: the macro's use).
    public var location: MetalSourceLocation
    /// What kind of expression it is: `literal`, `name 'x'`, `call`, `binary '*'`, `member 'rgb'` ...
    public var kind: String
    /// The Metal spelling of its type (`half4`, `float`, `float3x3`, `half[4]`).
    public var metalType: String
    /// Whether the type's element is `half` (`half`, `halfN`, `halfNxM`, arrays of them).
    public var isHalf: Bool
    /// The Metal function it belongs to (nil at program scope).
    public var function: String?
    /// For a call, the function it resolved to: a Metal function by its signature (`blend(half4,
    /// float)`, the overload chosen; a template instance `twice<float>(float)`), a standard-library
    /// function (`metal::mix`), or a member function of a texture or layer (`texture2d<half>::sample`).
    public var callee: String?

    public init(location: MetalSourceLocation, kind: String, metalType: String, isHalf: Bool, function: String?,
                callee: String? = nil) {
        self.callee = callee
        self.location = location
        self.kind = kind
        self.metalType = metalType
        self.isHalf = isHalf
        self.function = function
    }

    public var description: String { "\(location): \(kind): \(metalType)" }
}

/// Translates Metal Shading Language `[[ stitchable ]]` shaders to a GLSL ES 3.00 library.
///
/// The pipeline: ``Lexer`` → ``Preprocessor`` → ``Parser`` (AST of what was written) →
/// ``Lowering`` (namespaces, enums, constructors ... rewritten) → ``Semantic`` (names, types,
/// explicit conversions, lowering to the typed GLSL IR) → ``Emitter`` (printing only).
public struct MetalTranslator: Sendable {
    /// Directories searched for `#include "..."` after the including file's directory.
    public var includePaths: [String]
    /// How `half` computes: at float (the default), or as Apple's GPUs compute binary16
    /// (HalfPrecision.swift lists where it rounds).
    public var precision: MetalPrecision
    /// Under Apple precision, lines whose `half` operations compute at float all the same: what
    /// the precision report promotes one line at a time to rank them.
    public var floatLines: Set<MetalSourceLine> = []

    /// Creates a translator with `-I` include directories and a precision for `half`.
    public init(includePaths: [String] = [], precision: MetalPrecision = .float) {
        self.includePaths = includePaths
        self.precision = precision
    }

    /// Translates several files as one library (like the `.metal` files of one Xcode target):
    /// a function in one may call a helper defined in another (declared `extern` or by a
    /// prototype); helpers, constants, structs and aliases that two files each define are each
    /// file's own, as in separate translation units; two stitchable functions of one name are an
    /// error (declarations that come from one header included by several files count once).
    /// `#include "x.h"` finds, in order, the file next to the including one, then in `includePaths`;
    /// a path that names one of `files` is read from memory rather than from disk.
    /// A translation that fails throws its first error, the others (``MetalError/moreErrors``)
    /// and the warnings read before it stopped (``MetalError/warnings``) with it.
    public func translate(_ files: [MetalSourceFile]) throws(MetalError) -> MetalTranslation {
        // The parser, analysis and lowering recurse once per level of an expression's tree (a long
        // sum is as deep as it has terms): on a stack of their own, whatever thread calls.
        let result = LargeStack.run(stackSize: 256 << 20) { () -> Result<MetalTranslation, MetalError> in
            var warnings: [MetalWarning] = []
            do throws(MetalError) {
                return .success(try self.translate(files, warnings: &warnings))
            } catch {
                var failed = error
                failed.warnings = warnings
                return .failure(failed)
            }
        }
        return try result.get()
    }

    private func translate(_ files: [MetalSourceFile], warnings: inout [MetalWarning]) throws(MetalError) -> MetalTranslation {
        // One spelling per file: `./Common.metal` of the library and `A/../Common.metal` included
        // from A are the same file, and LibraryLinkage tells shared headers by their paths.
        let files = files.map { MetalSourceFile(path: normalizePath($0.path), text: $0.text) }
        var streams: [[Token]] = []
        var preprocessed: [MetalSourceFile] = []
        var unreadable: [MetalUntranslated] = []
        let memory = Dictionary(files.map { ($0.path, $0.text) }, uniquingKeysWith: { a, _ in a })  // paths normalised above
        for file in files {
            let pp = Preprocessor(includePaths: includePaths, memoryFiles: memory)
            do {
                streams.append(try pp.run(file))
                preprocessed.append(file)
                warnings += pp.warnings
            } catch {
                warnings += pp.warnings
                // A file the preprocessor stops on costs its own functions, not the library's.
                guard files.count > 1 else { throw error }
                let names = Self.stitchableNames(in: file)
                if names.isEmpty { unreadable.append(MetalUntranslated(name: nil, isStitchable: false, error: error)) }
                unreadable += names.map { MetalUntranslated(name: $0, isStitchable: true, error: error) }
            }
        }
        guard let firstProblem = unreadable.first else {
            var translation = try translateUnits(streams, files: preprocessed)
            translation.warnings = warnings
            return translation
        }
        let reported = unreadable.first(where: \.isStitchable)?.error ?? firstProblem.error
        // The library fails: the other files' errors come after the one reported, each once.
        func failure(_ more: [MetalError]) -> MetalError {
            var seen: Set<String> = [reported.identity]
            var failed = reported.with(moreErrors: (unreadable.map(\.error) + more).filter { seen.insert($0.identity).inserted })
            failed.tooManyErrors = failed.tooManyErrors || (unreadable.map(\.error) + more).contains(where: \.tooManyErrors)
            return failed
        }
        guard !streams.isEmpty else { throw failure([]) }
        do {
            var translation = try translateUnits(streams, files: preprocessed)
            translation.untranslated = unreadable + translation.untranslated
            translation.warnings = warnings
            return translation
        } catch {
            throw failure([error] + error.moreErrors)
        }
    }

    /// Each file is its own translation unit (LibraryLinkage renames what two files define
    /// differently), and a declaration that cannot be translated is left out with its error
    /// rather than failing the library (Recovery.swift).
    private func translateUnits(_ streams: [[Token]], files: [MetalSourceFile]) throws(MetalError) -> MetalTranslation {
        guard !streams.isEmpty else {
            throw MetalError(.sourceFile, location: MetalSourceLocation(file: "", line: 1, column: 1), message: "no Metal files to translate")
        }
        let (program, types, untranslated) = try analyzeRecovering(streams, files: files)
        var translation = Emitter.emit(program)
        translation.expressionTypes = types
        translation.untranslated = untranslated
        translation.precision = precision
        translation.halfRoundingLines = program.halfRoundingLines
        return translation
    }

    /// The names of a file's `[[ stitchable ]]` functions, found from its tokens alone (for a
    /// file that cannot be preprocessed); empty when it cannot even be split into tokens.
    static func stitchableNames(in file: MetalSourceFile) -> [String] {
        guard let tokens = try? Lexer.tokenize(file.text, file: file.path) else { return [] }
        var names: [String] = []
        var k = 0
        while k + 3 < tokens.count {
            defer { k += 1 }
            guard tokens[k].isPunct("["), tokens[k + 1].isPunct("["), tokens[k + 2].isIdent("stitchable") else { continue }
            var j = k + 3
            while j + 1 < tokens.count, !tokens[j + 1].isPunct("(") { j += 1 }
            if j < tokens.count, tokens[j].kind == .identifier { names.append(tokens[j].text) }
        }
        return names
    }

    /// Reads a UTF-8 `.metal` file and translates it.
    public func translate(file path: String) throws(MetalError) -> MetalTranslation {
        let file = try readSourceFile(path)
        return try translate([file])
    }

    /// Translates every `*.metal` file of a directory and its subfolders (as Xcode compiles every
    /// `.metal` file of a target, wherever it sits, into one default library) as one library, the
    /// files in the order of their paths relative to `path`.
    public func translate(directory path: String) throws(MetalError) -> MetalTranslation {
        let metal = try Self.metalFiles(in: path)
        guard !metal.isEmpty else {
            throw MetalError(.sourceFile, location: MetalSourceLocation(file: path, line: 1, column: 1),
                             message: "no .metal files in directory '\(path)' or its subfolders")
        }
        var files: [MetalSourceFile] = []
        for name in metal {
            files.append(try readSourceFile((path as NSString).appendingPathComponent(name)))
        }
        return try translate(files)
    }

    /// The most folders deep `metalFiles(in:)` looks, and the most files it lists: a library is a
    /// project's shaders, not a file system.
    static let folderDepthLimit = 16, folderFileLimit = 10_000

    /// The `.metal` files under `path`, as paths relative to it, sorted; hidden folders (`.git`),
    /// documentation catalogs (`*.docc`, whose files Xcode and SwiftPM keep as resources of the
    /// documentation, never compile) and folders deeper than `folderDepthLimit` are not read.
    public static func metalFiles(in path: String) throws(MetalError) -> [String] {
        let here = MetalSourceLocation(file: path, line: 1, column: 1)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw MetalError(.sourceFile, location: here, message: "no such directory '\(path)'")
        }
        guard isDir.boolValue else {
            throw MetalError(.sourceFile, location: here, message: "'\(path)' is not a directory")
        }
        var found: [String] = []
        var seen = 0
        func walk(_ relative: String, depth: Int) throws(MetalError) {
            let folder = relative.isEmpty ? path : (path as NSString).appendingPathComponent(relative)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                throw MetalError(.sourceFile, location: here, message: "cannot list directory '\(folder)': \(error.localizedDescription)")
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                seen += 1
                guard seen <= folderFileLimit else {
                    throw MetalError(.sourceFile, location: here, message: "directory '\(path)' holds more than \(folderFileLimit) entries: give the folder of the shaders")
                }
                let child = relative.isEmpty ? name : (relative as NSString).appendingPathComponent(name)
                var childIsDir: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(child), isDirectory: &childIsDir)
                if childIsDir.boolValue {
                    if depth < folderDepthLimit, !name.hasSuffix(".docc") { try walk(child, depth: depth + 1) }
                } else if name.hasSuffix(".metal") {
                    found.append(child)
                }
            }
        }
        try walk("", depth: 0)
        return found.sorted()
    }
}

/// Reads a source file, turning every failure into a located ``MetalError``.
func readSourceFile(_ path: String, from: MetalSourceLocation? = nil) throws(MetalError) -> MetalSourceFile {
    let here = from ?? MetalSourceLocation(file: path, line: 1, column: 1)
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
        throw MetalError(.sourceFile, location: here, message: "file not found: '\(path)'")
    }
    if isDir.boolValue {
        throw MetalError(.sourceFile, location: here, message: "'\(path)' is a directory, not a Metal source file")
    }
    if let attrs = try? FileManager.default.attributesOfItem(atPath: path),
       let type = attrs[.type] as? FileAttributeType, type != .typeRegular {
        throw MetalError(.sourceFile, location: here, message: "'\(path)' is not a regular file")
    }
    if let attrs = try? FileManager.default.attributesOfItem(atPath: path),
       let size = attrs[.size] as? Int, size > maximumSourceBytes {
        throw MetalError(.sourceFile, location: here, message: "'\(path)' is \(size) bytes, more than a Metal source file may be (\(maximumSourceBytes >> 20) MiB)")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw MetalError(.sourceFile, location: here, message: "cannot read '\(path)'")
    }
    guard let text = String(data: data, encoding: .utf8) else {
        throw MetalError(.sourceFile, location: here, message: "'\(path)' is not valid UTF-8 text")
    }
    return MetalSourceFile(path: path, text: text)
}

/// The largest `.metal` file read (16 MiB, as every other text input): it bounds the lengths of
/// identifiers, literals and lines too.
let maximumSourceBytes = 16 << 20

/// Lexically normalises a path (`a/./b/../c` → `a/c`, `./B/../C.metal` → `C.metal`), relative
/// paths as well as absolute ones (Foundation's `standardizingPath` takes `..` out of absolute
/// paths only, so one header included as `lib/B/../C.metal` and read as `lib/C.metal` would be
/// two files).
func normalizePath(_ path: String) -> String {
    if path.hasPrefix("/") { return (path as NSString).standardizingPath }
    guard path.contains("/") else { return path }
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        switch part {
        case ".": continue
        case ".." where !parts.isEmpty && parts.last != "..": parts.removeLast()
        default: parts.append(part)
        }
    }
    return parts.isEmpty ? "." : parts.joined(separator: "/")
}

