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
                column as clang does: FILE:LINE:COL: error: MESSAGE, then FILE:LINE:COL: note: lines (the macro a \
                token came from, the #include that read the file, the first definition of a name), up to 20 errors \
                (exit status 1). #warning lines print FILE:LINE:COL: warning: TEXT [-W#warnings] to standard error \
                and the translation goes on.
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

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        switch (file, library) {
        case (nil, nil): throw UsageError.missingArgument("file (a .metal file, or --library DIR)")
        case (.some, .some):
            throw UsageError.invalidValue(option: "--library", value: library!, expected: "either FILE or --library DIR, not both")
        default: break
        }
        guard let translated = try CustomShaderFlags.library(shader: file, folder: library, includes: include, precision: precision) else { return 0 }
        CustomShaderFlags.printWarnings(of: translated)
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
        // At most MetalError.errorLimit errors, as clang stops at its -ferror-limit.
        for failure in failures.prefix(MetalError.errorLimit) {
            Output.write("\(failure.error)\n", to: STDERR_FILENO)
        }
        if failures.count > MetalError.errorLimit {
            Output.write("fatal error: too many errors emitted, stopping now\n", to: STDERR_FILENO)
        }
        if function != nil, !translated.untranslated.isEmpty {
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
            let functions = translated.untranslated.filter(\.isStitchable).count
            Output.write("shaderfx: \(functions) stitchable function\(functions == 1 ? "" : "s") and \(failures.count - functions) other declaration\(failures.count - functions == 1 ? "" : "s") could not be translated; the GLSL above holds the rest\n", to: STDERR_FILENO)
            return 1
        }
        return 0
    }
}
