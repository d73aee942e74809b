import Foundation
import ShaderFXMetal
import ShaderFXCore

extension ShaderLibrary {
    /// A library read from a file or folder URL; see `init(contentsOf:includePaths:)`.
    /// - Parameters:
    ///   - url: a `file:` URL of a `.metal` file, a folder of them, or a GLSL file.
    ///   - includePaths: folders searched by Metal's `#include`.
    public init(contentsOf url: URL, includePaths: [URL] = [], precision: ShaderPrecision = .float) throws(ShaderError) {
        self = try ShaderLibrary(contentsOf: try Self.path(of: url), includePaths: try Self.paths(of: includePaths), precision: precision)
    }

    /// A library translated from one Metal file at `url`; see `init(metalFile:includePaths:)`.
    public init(metalFile url: URL, includePaths: [URL] = [], precision: ShaderPrecision = .float) throws(ShaderError) {
        self = try ShaderLibrary(metalFile: try Self.path(of: url), includePaths: try Self.paths(of: includePaths), precision: precision)
    }

    /// A library translated from every `.metal` file of the folder at `url`; see `init(metalFolder:includePaths:)`.
    public init(metalFolder url: URL, includePaths: [URL] = [], precision: ShaderPrecision = .float) throws(ShaderError) {
        self = try ShaderLibrary(metalFolder: try Self.path(of: url), includePaths: try Self.paths(of: includePaths), precision: precision)
    }

    private static func path(of url: URL) throws(ShaderError) -> String {
        guard let path = url.localPath else { throw .unreadable(file: url.absoluteString, reason: url.notAFileReason) }
        return path
    }

    private static func paths(of urls: [URL]) throws(ShaderError) -> [String] {
        var paths: [String] = []
        for url in urls { paths.append(try path(of: url)) }
        return paths
    }
}

extension EventScript {
    /// Reads and validates the script at `url`; see `load(path:)`.
    public static func load(url: URL) throws(EventScriptError) -> EventScript {
        guard let path = url.localPath else {
            throw EventScriptError(file: url.absoluteString, path: "", problem: .unreadable(reason: url.notAFileReason))
        }
        return try load(path: path)
    }
}
