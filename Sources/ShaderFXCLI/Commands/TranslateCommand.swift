import Foundation
import ShaderFX

/// `shaderfx translate`: the GLSL a developer's Metal becomes, as the stitcher reads it.
enum TranslateCommand {
    static let description = CommandDescription(
        name: "translate",
        abstract: "Print the GLSL ES that a [[ stitchable ]] Metal file (or folder) is translated to.",
        discussion: """
            Reads a .metal file as SwiftUI developers write them (#include <metal_stdlib>, \\
            #include <SwiftUI/SwiftUI.h>, [[ stitchable ]] functions), or with --library every .metal file \\
            of a folder as one library, and prints the GLSL ES 3.0 library that 'shaderfx render --shader' \\
            runs: each stitchable function keeps its name, with ShaderFX's GLSL signature (see 'shaderfx \\
            render --help'). With --function it also says the function's kind and the arguments it takes \\
            (as --arg NAME=VALUE), as comment lines before the GLSL. Errors name the Metal file, line and \\
            column: FILE:LINE:COL: error: MESSAGE (exit status 1).
            """,
        arguments: [ArgumentDescription("file", help: "the .metal file (or give --library DIR)", optional: true)],
        options: [
            .value("library", valueName: "DIR", help: "a folder of .metal files, translated as one library"),
            .value("include", short: "I", valueName: "DIR",
                   help: "a folder searched by #include \"...\", after the including file's own (repeatable)", repeatable: true),
            .value("function", valueName: "NAME", help: "a stitchable function: print its kind and arguments too"),
            .value("output", short: "o", valueName: "FILE", help: "write the GLSL to FILE instead of standard output"),
        ],
        examples: [
            UsageExample("shaderfx translate Ripple.metal", explanation: "the GLSL of every function of the file"),
            UsageExample("shaderfx translate Ripple.metal --function Ripple",
                         explanation: "also: 'Ripple' is a layer effect taking origin (vec2), time (float), ..."),
            UsageExample("shaderfx translate --library Shaders/ -I Shaders/Include -o shaders.glsl"),
        ])

    static func run(_ arguments: [String], output: inout Output) throws {
        let args = try description.parse(arguments)
        if args.isHelpRequested { output.print(description.helpText()); return }
        let file = args.positional("file")
        let folder = args.string("library")
        switch (file, folder) {
        case (nil, nil): throw UsageError.missingArgument("file (a .metal file, or --library DIR)")
        case (.some, .some):
            throw UsageError.invalidValue(option: "--library", value: folder!, expected: "either FILE or --library DIR, not both")
        default: break
        }
        // Reuse render's reading of --shader / --library / -I.
        var words: [String] = []
        if let file { words += ["--shader", file] }
        if let folder { words += ["--library", folder] }
        for include in args.values("include") { words += ["--include", include] }
        let custom = CommandDescription(name: "translate", abstract: "", options: CustomShaderFlags.options)
        guard let library = try CustomShaderFlags.library(try custom.parse(words)) else { return }
        if let path = file, library.lineMap.isEmpty {
            throw UsageError.invalidValue(option: "file", value: path, expected: "a .metal file (GLSL needs no translation)")
        }

        var text = ""
        if let name = args.string("function") {
            let resolved = try library.resolve(function: name, kind: nil)
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
        text += library.source.hasSuffix("\n") ? library.source : library.source + "\n"
        if let path = args.string("output") {
            do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw ImageError.unwritable(path: path, reason: "\(error)")
            }
            output.status("wrote \(path) (\(library.source.split(separator: "\n", omittingEmptySubsequences: false).count) lines of GLSL)")
        } else {
            Output.write(text, to: STDOUT_FILENO)
        }
    }
}
