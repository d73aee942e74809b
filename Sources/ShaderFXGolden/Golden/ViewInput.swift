import Foundation
import ShaderFXUI

/// A case's or a batch job's view: a SwiftUI view file (`"view": "Card.swift"`) with the values
/// `"set"` gives its constants and state, the folders its images are found in, the library its
/// `ShaderLibrary.name(...)` calls look in, and the size proposed to its root.
///
/// The file is parsed when the case is read (a syntax error is the case file's error, at
/// `view`); it is evaluated when it is drawn, once per frame, as `animate --view` evaluates it,
/// so an evaluation error fails the case or the job, located in the view file.
package struct ViewInput {
    /// The fields a case with a view may hold beyond the common ones.
    package static let fields = ["view", "set", "assets", "root", "library"]

    /// The view file, parsed.
    package var program: ViewFileProgram
    /// `--set`'s values, as text read in each property's type.
    package var overrides: [String: String]
    /// The view file's folder, then `"assets"`'s folders.
    package var assetFolders: [String]
    /// The struct to render when the file has several candidates.
    package var root: String?
    /// Where `ShaderLibrary.name(...)` looks first: `"shader"` (a file) or `"library"` (a folder).
    package var shaders: ShaderLibrary?
    /// The size proposed to the root, in points; nil for its ideal size.
    package var size: SIMD2<Int>?

    /// A view with every setting given.
    package init(program: ViewFileProgram, overrides: [String: String] = [:], assetFolders: [String] = [],
                 root: String? = nil, shaders: ShaderLibrary? = nil, size: SIMD2<Int>? = nil) {
        self.program = program
        self.overrides = overrides
        self.assetFolders = assetFolders
        self.root = root
        self.shaders = shaders
        self.size = size
    }

    /// The view file's name, for reports: `Card.swift`.
    package var name: String { (program.file as NSString).lastPathComponent }

    /// What the file is evaluated with for a frame at `time` (nil: a still, at time 0), as
    /// `animate --view` evaluates each frame: `TimelineView` gets the time.
    package func settings(at time: Double?) -> ViewFileSettings {
        ViewFileSettings(overrides: overrides, time: time ?? 0, shaders: shaders, assetFolders: assetFolders, root: root)
    }

    /// The view fields of a case, or nil when it has no `"view"`; every error names the field.
    /// - Parameters:
    ///   - relative: a path of the case file resolved against its folder.
    ///   - files: where view files and shader libraries are parsed, and kept.
    package static func parse(_ f: JSONFields, relative: (String) -> String, files: ViewFileCache) throws(SuiteError) -> ViewInput? {
        guard let file = try f.string("view") else {
            for key in fields where f.has(key) {
                throw f.error(key, "\"\(key)\" is for a case with a \"view\" (a SwiftUI view file)")
            }
            return nil
        }
        guard !file.isEmpty else { throw f.error("view", "expected a SwiftUI view file, found an empty string") }
        let path = relative(file)
        let program: ViewFileProgram
        do {
            program = try files.program(path: path)
        } catch let error as InputFileError {
            throw f.error("view", "cannot read \(path) (\(error.reason))")
        } catch {
            // The parser's located error: Card.swift:12:5: error: ...
            throw f.error("view", "\(error)")
        }
        var overrides: [String: String] = [:]
        for (name, value) in try values(f) { overrides[name] = value }
        var assets: [String] = []
        for (index, item) in (try f.array("assets") ?? []).enumerated() {
            guard case let .string(folder) = item, !folder.isEmpty else {
                throw f.error("assets[\(index)]", "expected a folder (relative to the case file), found \(item.typeName)")
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: relative(folder), isDirectory: &isFolder), isFolder.boolValue else {
                throw f.error("assets[\(index)]", "\(relative(folder)) is not a folder")
            }
            assets.append(relative(folder))
        }
        let own = (path as NSString).deletingLastPathComponent
        var size: SIMD2<Int>?
        if let text = try f.string("size") {
            guard let parsed = ValueForms.size(text) else {
                throw f.error("size", "expected the size proposed to the view, \"WxH\" in points, e.g. \"320x200\", found '\(text)'")
            }
            size = parsed
        }
        return ViewInput(program: program, overrides: overrides, assetFolders: [own.isEmpty ? "." : own] + assets,
                         root: try f.string("root"), shaders: try library(f, relative: relative, files: files), size: size)
    }

    /// `"set"`: names and values as `--set` takes them. Strings, numbers and booleans as typed;
    /// an array of numbers is a point or a list (`[10, 20]` is `10,20`).
    static func values(_ f: JSONFields) throws(SuiteError) -> [(name: String, value: String)] {
        guard let value = f.fields["set"], value != .null else { return [] }
        guard case let .object(entries) = value else {
            throw f.error("set", "expected an object of names and values, e.g. {\"title\": \"Hello\", \"count\": 3}, found \(value.typeName)")
        }
        var plain: [String: JSONValue] = [:]
        var result: [(name: String, value: String)] = []
        for (name, entry) in entries {
            guard case let .array(items) = entry else { plain[name] = entry; continue }
            var numbers: [String] = []
            for item in items {
                guard case let .number(x) = item, x.isFinite else {
                    throw f.error("set.\(name)", "expected an array of numbers (a point: [10, 20]), found an array holding \(item.typeName)")
                }
                numbers.append(ValueForms.format(x))
            }
            guard !numbers.isEmpty else { throw f.error("set.\(name)", "expected an array of numbers (a point: [10, 20]), found an empty array") }
            result.append((name, numbers.joined(separator: ",")))
        }
        let scalars = try JSONFields(.object(["set": .object(plain)]), file: f.file, path: f.path, allowed: ["set"]).textMap("set")
        return (result + scalars).sorted { $0.name < $1.name }
    }

    /// `"shader"` (a Metal or GLSL file) or `"library"` (a folder of `.metal` files), relative to
    /// the case file: what the view's `ShaderLibrary.name(...)` calls find first.
    static func library(_ f: JSONFields, relative: (String) -> String, files: ViewFileCache) throws(SuiteError) -> ShaderLibrary? {
        if let value = f.fields["shader"], value != .null, case .object = value {
            throw f.error("shader", "in a case with a \"view\", \"shader\" is the file (Metal or GLSL) that ShaderLibrary.name(...) looks in; put an effect over the view with \"effect\"")
        }
        let file = try f.string("shader"), folder = try f.string("library")
        if file != nil && folder != nil { throw f.error("library", "give either \"shader\" (a file) or \"library\" (a folder of .metal files), not both") }
        guard let given = file ?? folder else { return nil }
        let key = file != nil ? "shader" : "library"
        let path = relative(given)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw f.error(key, "cannot read \(path) (no such file or folder)")
        }
        guard isFolder.boolValue == (key == "library") else {
            throw f.error(key, key == "library" ? "\(path) is a file; give a shader file as \"shader\"" : "\(path) is a folder; give a folder of .metal files as \"library\"")
        }
        do {
            return try files.library(path: path, isFolder: isFolder.boolValue)
        } catch {
            throw f.error(key, "\(error)")
        }
    }
}
