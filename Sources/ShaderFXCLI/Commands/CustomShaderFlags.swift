import Foundation
import ShaderFX

/// The options naming a developer's own shader: a `.metal` or GLSL file, or a folder of
/// `.metal` files, with Metal's include paths; shared by `render` and `translate`.
enum CustomShaderFlags {
    /// The options' names, for commands that refuse them next to a built-in effect.
    static let names = ["shader", "library", "include", "function", "kind"]

    static let options: [OptionDescription] = [
        .value("shader", valueName: "FILE",
               help: "your effect: a [[ stitchable ]] Metal file (.metal), or GLSL ES 3.0 (any other file)", section: "CUSTOM SHADER"),
        .value("library", valueName: "DIR",
               help: "a folder of .metal files, translated as one library (as Xcode builds ShaderLibrary.default)", section: "CUSTOM SHADER"),
        .value("include", short: "I", valueName: "DIR",
               help: "a folder searched by #include \"...\" in Metal, after the including file's own (repeatable)",
               repeatable: true, section: "CUSTOM SHADER"),
        .value("function", valueName: "NAME",
               help: "the function to run (default: the library's only effect function)", section: "CUSTOM SHADER"),
        .value("kind", valueName: "KIND",
               help: "color, distortion, layer or fill: checked against the signature, which decides it when left out", section: "CUSTOM SHADER"),
    ]

    /// The library `--shader` or `--library` names (nil when neither is given), translated from
    /// Metal when it is Metal.
    static func library(_ args: ParsedArguments) throws -> ShaderLibrary? {
        let includes = args.values("include")
        for folder in includes {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError.invalidValue(option: "--include", value: folder, expected: "a folder of headers")
            }
        }
        if let file = args.string("shader") {
            if args.isPresent("library") {
                throw UsageError.invalidValue(option: "--library", value: args.string("library") ?? "",
                                              expected: "either --shader FILE or --library DIR, not both")
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
                throw UsageError.invalidValue(option: "--shader", value: file, expected: "a file (for a folder of .metal files, use --library)")
            }
            return try ShaderLibrary(contentsOf: file, includePaths: includes)
        }
        if let folder = args.string("library") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError.invalidValue(option: "--library", value: folder, expected: "a folder of .metal files")
            }
            return try ShaderLibrary(metalFolder: folder, includePaths: includes)
        }
        if !includes.isEmpty {
            throw UsageError.invalidValue(option: "--include", value: includes[0], expected: "-I with a Metal --shader or --library")
        }
        return nil
    }
}
