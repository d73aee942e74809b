import Foundation
import PackagePlugin

/// Embeds every `Shaders/<Kind>/<name>.glsl` file of the package into the target that uses
/// this plugin, as a typed constant each (`EmbeddedShaderFile.colorRainbowNoise`, all of them in
/// `EmbeddedShaders.all`), with `#include "<name>.glsl"` lines replaced by the snippets of
/// `Shaders/Include/`, so the GLSL travels inside the binary however it is installed.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaders = context.package.directoryURL.appending(path: "Shaders")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: shaders, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "glsl" {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) shaders",
                executable: try context.tool(named: "shader-embedder").url,
                arguments: [shaders.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
