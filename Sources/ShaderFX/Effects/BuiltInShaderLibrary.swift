import ShaderFXCore

/// The built-in effects' GLSL functions as one library, reached as SwiftUI code reaches an
/// app's Metal: `ShaderLibrary.default.ripple(...)`, `ShaderLibrary.ripple(...)` or
/// `ShaderLibrary.builtIn.function("ripple")(...)` make the `Shader` the `ripple` effect runs.
///
/// Each function lives in its own file (`Shaders/Layer/ripple.glsl`) and runs with that file's
/// helpers. Effects' files come before transitions', so `circleWave` is the colour effect; the
/// transition's function is `function("circleWave", file: "Transition/circleWave")`. A name no
/// built-in file defines gives a function that fails to render with an error naming it, as an
/// unknown name in SwiftUI's `ShaderLibrary` does.
@dynamicMemberLookup
public struct BuiltInShaderLibrary: Sendable {
    /// Each function's file (`Layer/ripple`), by function name: effects first, then transitions.
    public let files: [String: String]

    init() {
        var files: [String: String] = [:]
        let order = ["Color/", "Distortion/", "Fill/", "Layer/", "Transition/"]
        let sorted = EmbeddedShaders.all.map(\.path).sorted { a, b in
            let x = order.firstIndex { a.hasPrefix($0) } ?? order.count, y = order.firstIndex { b.hasPrefix($0) } ?? order.count
            return x != y ? x < y : a < b
        }
        for file in sorted {
            for function in BuiltInEffects.library(for: file).effectFunctions() where files[function.name] == nil {
                files[function.name] = file
            }
        }
        self.files = files
    }

    /// Every effect function's name, sorted.
    public var functionNames: [String] { files.keys.sorted() }

    /// The function of this name, in the file that defines it (or in `file` when given).
    public func function(_ name: String, file: String? = nil) -> ShaderFunction {
        guard let file = (file ?? files[name]).flatMap(EmbeddedShaders.file) else {
            return ShaderLibrary(source: "", name: "the built-in shaders").function(name)
        }
        return BuiltInEffects.library(for: file).function(name)
    }

    /// The function of this name, as `ShaderLibrary.default.name` reads in SwiftUI.
    public subscript(dynamicMember name: String) -> ShaderFunction { function(name) }
}

extension ShaderLibrary {
    /// The built-in effects' functions.
    public static let builtIn = BuiltInShaderLibrary()

    /// The library unqualified names reach, as SwiftUI's `ShaderLibrary.default` is the app's:
    /// here the built-in effects' functions.
    public static var `default`: BuiltInShaderLibrary { builtIn }

    /// A built-in function by name: `ShaderLibrary.ripple(...)`, as in SwiftUI.
    public static subscript(dynamicMember name: String) -> ShaderFunction { builtIn.function(name) }
}
