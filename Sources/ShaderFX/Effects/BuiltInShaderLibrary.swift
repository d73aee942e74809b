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
    /// Whether names are looked up in `ShaderLibrary.app` first (`ShaderLibrary.default`).
    var includesApp = false

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

    /// The function of this name, as `ShaderLibrary.default.name` reads in SwiftUI: the app's
    /// (`ShaderLibrary.app`) when this is the default library and the app defines it, else the
    /// built-in one.
    public subscript(dynamicMember name: String) -> ShaderFunction {
        if includesApp, let app = ShaderLibrary.app, app.defines(name) { return app.function(name) }
        return function(name)
    }
}

extension ShaderLibrary {
    /// The built-in effects' functions.
    public static let builtIn = BuiltInShaderLibrary()

    /// The app's own effect functions, as Xcode compiles a target's `.metal` files into
    /// `ShaderLibrary.default`: within `ShaderLibrary.$app.withValue(try ShaderLibrary(contentsOf:
    /// "Shaders/")) { ... }`, `ShaderLibrary.Name(...)` and `ShaderLibrary.default.Name(...)` find
    /// its functions before the built-in ones. A task-local value, so renders on other tasks (other
    /// tests, other jobs) keep theirs.
    @TaskLocal public static var app: ShaderLibrary?

    /// The library unqualified names reach, as SwiftUI's `ShaderLibrary.default` is the app's:
    /// `app`'s functions, then the built-in effects'.
    public static var `default`: BuiltInShaderLibrary {
        var library = builtIn
        library.includesApp = true
        return library
    }

    /// A function by name, `ShaderLibrary.Ripple(...)` as in SwiftUI: the app's, else built-in.
    public static subscript(dynamicMember name: String) -> ShaderFunction { `default`[dynamicMember: name] }

    /// Whether this library has an effect function called `name`.
    public func defines(_ name: String) -> Bool {
        if let functions = stitchableFunctions { return functions.contains { $0.name == name } }
        return (try? ShaderSignature.parse(function: name, in: source, file: self.name)) != nil
    }
}
