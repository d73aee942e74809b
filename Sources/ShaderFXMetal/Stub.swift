// TEMPORARY stub of the translator's API until /work/dev/metal delivers it (replaced by rsync).
public struct MetalSourceFile: Sendable { public var path: String; public var text: String; public init(path: String, text: String) { self.path = path; self.text = text } }
public struct MetalSourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String; public var line: Int; public var column: Int
    public init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    public var description: String { "\(file):\(line):\(column)" }
}
public struct MetalError: Error, Sendable, CustomStringConvertible {
    public var location: MetalSourceLocation; public var message: String
    public var description: String { "\(location): error: \(message)" }
}
public enum MetalEffectKind: String, Sendable { case color, distortion, layer, fill }
public struct MetalStitchableFunction: Sendable { public var name: String; public var kind: MetalEffectKind; public var location: MetalSourceLocation; public var parameters: [(name: String, glslType: String)] }
public struct MetalTranslation: Sendable { public var glsl: String; public var functions: [MetalStitchableFunction]; public var lineMap: [MetalSourceLocation?] }
public struct MetalTranslator: Sendable {
    public init(includePaths: [String] = []) {}
    public func translate(_ files: [MetalSourceFile]) throws(MetalError) -> MetalTranslation {
        throw MetalError(location: MetalSourceLocation(file: files.first?.path ?? "?", line: 1, column: 1), message: "translator not yet available")
    }
    public func translate(file path: String) throws(MetalError) -> MetalTranslation { try translate([MetalSourceFile(path: path, text: "")]) }
    public func translate(directory path: String) throws(MetalError) -> MetalTranslation { try translate([MetalSourceFile(path: path, text: "")]) }
}
