import Foundation
import ShaderFXGolden
import ShaderFXMetal

/// `shaderfx translate`: the GLSL a developer's Metal becomes, as the stitcher reads it.
struct TranslateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "translate",
            abstract: "Print the GLSL ES that a [[ stitchable ]] Metal file (or folder) is translated to.",
            discussion: """
                Reads a .metal file as SwiftUI developers write them (#include <metal_stdlib>, \
                #include <SwiftUI/SwiftUI.h>, [[ stitchable ]] functions), or with --library every .metal file \
                of a folder as one library, and prints the GLSL ES 3.0 library that 'shaderfx render --shader' \
                runs: each stitchable function keeps its name, with ShaderFX's GLSL signature (see 'shaderfx \
                render --help'). With --function it also says the function's kind and the arguments it takes \
                (as --arg NAME=VALUE), as comment lines before the GLSL. Errors name the Metal file, line and \
                column as clang does: FILE:LINE:COL: error: MESSAGE [KIND], then FILE:LINE:COL: note: lines (the macro a \
                token came from, the #include that read the file, the first definition of a name), up to 20 errors \
                (exit status 1). #warning lines print FILE:LINE:COL: warning: TEXT [-W#warnings] to standard error \
                and the translation goes on. With --diagnostics json, standard error is one JSON object instead: \
                {"diagnostics": [{"severity", "kind", "file", "line", "column", "message", "notes": [{"file", "line", \
                "column", "message"}]}], "tooManyErrors"}, each error's kind one of ShaderFXMetal's MetalDiagnosticKind \
                (syntax, undeclaredIdentifier, typeMismatch, noMatchingOverload, redefinition, unsupportedConstruct...), \
                the KIND the text form prints in brackets after each error's message.
                """,
            examples: [
                UsageExample("shaderfx translate Ripple.metal", explanation: "the GLSL of every function of the file"),
                UsageExample("shaderfx translate Ripple.metal --function Ripple",
                             explanation: "also: 'Ripple' is a layer effect taking origin (vec2), time (float), ..."),
                UsageExample("shaderfx translate --library Shaders/ -I Shaders/Include -o shaders.glsl"),
            ])
    }

    @Argument(help: "the .metal file (or give --library DIR)", completion: .files)
    var file: String?
    @Option(valueName: "DIR", help: "a folder of .metal files (subfolders included), translated as one library")
    var library: String?
    @Option(short: "I", valueName: "DIR", help: "a folder searched by #include \"...\", after the including file's own")
    var include: [String]
    @Option(valueName: "NAME", help: "a stitchable function: print its kind and arguments too")
    var function: String?
    @Option(short: "o", valueName: "FILE", help: "write the GLSL to FILE instead of standard output")
    var output: String?
    @Option(valueName: "P", help: "float, or apple: half as binary16, each rounding an mtl_h() call in the GLSL")
    var precision: MetalPrecision = .float
    @Option(valueName: "FORMAT", help: "how errors and warnings are written to standard error: text (clang's form) or json (with each one's kind)")
    var diagnostics: DiagnosticsFormat = .text

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        switch (file, library) {
        case (nil, nil): throw UsageError.missingArgument("file (a .metal file, or --library DIR)")
        case (.some, .some):
            throw UsageError.invalidValue(option: "--library", value: library!, expected: "either FILE or --library DIR, not both")
        default: break
        }
        // Metal is translated here first for its diagnostics: a translation that fails as a whole
        // still has the warnings read before it stopped, which clang prints before the errors.
        let metal = metalDiagnostics()
        if let outcome = metal {
            switch diagnostics {
            case .json:
                Output.write(outcome.json() + "\n", to: STDERR_FILENO)
                if outcome.failure != nil { return 1 }
            case .text:
                if let failure = outcome.failure {
                    let lines = outcome.warnings.map(\.description) + [failure.taggedDescription]
                    Output.write(lines.joined(separator: "\n") + "\n", to: STDERR_FILENO)
                    return 1
                }
            }
        }
        let asText = diagnostics == .text
        guard let translated = try CustomShaderFlags.library(shader: file, folder: library, includes: include, precision: precision) else { return 0 }
        if asText { CustomShaderFlags.printWarnings(of: translated) }
        if let path = file, translated.lineMap.isEmpty {
            throw UsageError.invalidValue(option: "file", value: path, expected: "a .metal file (GLSL needs no translation)")
        }

        var text = ""
        if let name = function {
            let resolved = try translated.resolve(function: name, kind: nil)
            text += "// \(name): a \(resolved.kind.rawValue) effect (\(resolved.kind.modifierName))\n"
            if resolved.namedParameters.isEmpty {
                text += "// arguments: none\n"
            } else {
                text += "// arguments, in order (--arg NAME=VALUE):\n"
                for parameter in resolved.namedParameters {
                    text += "//   \(parameter.name): \(parameter.type.rawValue)\n"
                }
            }
        }
        text += translated.source.hasSuffix("\n") ? translated.source : translated.source + "\n"
        // What was left out is an error of the library, each with its place; the rest is still
        // printed. Asking for one function that translated is not spoilt by the others.
        let failures = translated.untranslated.filter { function == nil || $0.isStitchable && $0.name == function }
        // Every error of every declaration left out (several statements of one body among them),
        // at most MetalError.errorLimit in all, as clang stops at its -ferror-limit.
        if asText, !failures.isEmpty {
            let lines = metal.map { $0.errors.map(\.taggedDiagnostic) } ?? failures.prefix(MetalError.errorLimit).map { "\($0.error)" }
            let tooMany = metal?.tooManyErrors ?? (failures.count > MetalError.errorLimit)
            let fatal = tooMany ? ["fatal error: too many errors emitted, stopping now"] : []
            Output.write((lines + fatal).joined(separator: "\n") + "\n", to: STDERR_FILENO)
        }
        if function != nil, !translated.untranslated.isEmpty, asText {
            let count = translated.untranslated.filter(\.isStitchable).count
            if count > 0, !out.quiet {
                Output.write("note: \(count) other stitchable function\(count == 1 ? "" : "s") of the library could not be translated; 'shaderfx translate' without --function lists why\n", to: STDERR_FILENO)
            }
        }
        if let path = output {
            // The one writer of users' output paths: atomic for files, straight through to devices.
            try OutputFile.write(Array(text.utf8), to: path)
            out.status("wrote \(path) (\(translated.source.split(separator: "\n", omittingEmptySubsequences: false).count) lines of GLSL)")
        } else {
            Output.write(text, to: STDOUT_FILENO)
        }
        if !failures.isEmpty {
            guard asText else { return 1 }
            let functions = translated.untranslated.filter(\.isStitchable).count
            Output.write("shaderfx: \(functions) stitchable function\(functions == 1 ? "" : "s") and \(failures.count - functions) other declaration\(failures.count - functions == 1 ? "" : "s") could not be translated; the GLSL above holds the rest\n", to: STDERR_FILENO)
            return 1
        }
        return 0
    }

    /// How diagnostics are written to standard error.
    enum DiagnosticsFormat: String, CaseIterable, ChoiceOptionValue {
        /// `file:line:col: error: message` and its notes, as clang prints them.
        case text
        /// One JSON object listing every diagnostic with its kind.
        case json
    }

    /// The Metal translation's warnings and errors (nil for input that is not Metal, which the
    /// usual path reports).
    private func metalDiagnostics() -> MetalDiagnostics? {
        // Options the usual path refuses (a file for -I, a missing folder) are its to report.
        func isFolder(_ path: String) -> Bool {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
        }
        guard include.allSatisfy(isFolder), library.map(isFolder) ?? true, !(file.map(isFolder) ?? false) else { return nil }
        let translator = MetalTranslator(includePaths: include, precision: precision)
        do {
            let translation: MetalTranslation
            if let path = file {
                guard path.lowercased().hasSuffix(".metal") else { return nil }
                translation = try translator.translate(file: path)
            } else if let folder = library {
                translation = try translator.translate(directory: folder)
            } else {
                return nil
            }
            let declared = translation.untranslated.filter {
                !$0.isStageFunction && (function == nil || $0.isStitchable && $0.name == function)
            }.map(\.error)
            // A declaration's error carries the others found in it (one per broken statement).
            let errors = declared.flatMap { [$0] + $0.moreErrors }
            return MetalDiagnostics(warnings: translation.warnings, errors: Array(errors.prefix(MetalError.errorLimit)),
                                    tooManyErrors: errors.count > MetalError.errorLimit || declared.contains(where: \.tooManyErrors),
                                    failure: nil)
        } catch {
            return MetalDiagnostics(warnings: error.warnings, errors: [error] + error.moreErrors,
                                    tooManyErrors: error.tooManyErrors, failure: error)
        }
    }
}

/// What a Metal translation reported: its warnings, its errors (at most the limit), and the
/// error that stopped it when it failed as a whole.
private struct MetalDiagnostics {
    var warnings: [MetalWarning]
    var errors: [MetalError]
    var tooManyErrors: Bool
    var failure: MetalError?

    /// `{"diagnostics": [...], "tooManyErrors": false}`, warnings first, keys sorted.
    func json() -> String {
        let listing = DiagnosticListing(diagnostics: warnings.map(DiagnosticRecord.init) + errors.map(DiagnosticRecord.init),
                                        tooManyErrors: tooManyErrors)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(listing), let json = String(data: data, encoding: .utf8) else { return "{}" }
        return json
    }
}

/// `shaderfx translate --diagnostics json`: every diagnostic of a translation.
private struct DiagnosticListing: Encodable {
    var diagnostics: [DiagnosticRecord]
    var tooManyErrors: Bool
}

/// One diagnostic: severity, kind, place, message and notes.
private struct DiagnosticRecord: Encodable {
    struct Note: Encodable {
        var file: String
        var line: Int
        var column: Int
        var message: String
    }
    var severity: String
    var kind: String
    var file: String
    var line: Int
    var column: Int
    var message: String
    var notes: [Note]

    private init(severity: String, kind: MetalDiagnosticKind, location: MetalSourceLocation, message: String, notes: [MetalNote]) {
        self.severity = severity
        self.kind = kind.rawValue
        file = location.file
        line = location.line
        column = location.column
        self.message = message
        self.notes = notes.map { Note(file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message) }
    }

    init(_ error: MetalError) {
        self.init(severity: "error", kind: error.kind, location: error.location, message: error.message, notes: error.notes)
    }

    init(_ warning: MetalWarning) {
        self.init(severity: "warning", kind: warning.kind, location: warning.location, message: warning.message, notes: warning.notes)
    }
}
