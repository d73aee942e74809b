import Foundation
import ShaderFXUI

/// Parsed view files and the shader libraries their `ShaderLibrary.name(...)` calls look in,
/// kept by path while the file on disk stays the same, so that a batch of a thousand jobs naming
/// one template parses it once. A file whose modification time or size changed is read again,
/// so a long-lived `shaderfx batch` worker picks up an edited template at its next job.
///
/// Not thread-safe: one per batch or suite run, used from the thread that reads the jobs.
package final class ViewFileCache {
    /// What a file (or a folder's direct entries) looked like when it was read.
    struct Stamp: Equatable {
        var entries: [String: [Double]]
    }

    private var programs: [String: (stamp: Stamp, program: ViewFileProgram)] = [:]
    private var libraries: [String: (stamp: Stamp, library: ShaderLibrary)] = [:]
    /// How many times a view file was read and parsed (a kept one counts once).
    package private(set) var parses = 0
    /// How many times a shader file or folder was read and translated.
    package private(set) var libraryLoads = 0

    package init() {}

    /// The parsed view file at `path`, parsed now if it is new or changed on disk.
    /// - Throws: `InputFileError` when it cannot be read, the parser's `ViewFileError`.
    package func program(path: String) throws -> ViewFileProgram {
        let stamp = Self.stamp(path)
        if let kept = programs[path], kept.stamp == stamp { return kept.program }
        let source = try InputFile.readText(path)
        let program = try ViewFileProgram(source: source, file: path)
        parses += 1
        programs[path] = (stamp, program)
        return program
    }

    /// `program` afresh from its own text, for a program whose `Canvas` closure failed: its
    /// drawing error stays with the job or case that met it. The copy replaces it in the cache.
    package func renewed(_ program: ViewFileProgram) throws -> ViewFileProgram {
        let fresh = try ViewFileProgram(source: program.source, file: program.file)
        parses += 1
        if let kept = programs[program.file], kept.program === program { programs[program.file] = (kept.stamp, fresh) }
        return fresh
    }

    /// The library of a shader file (Metal or GLSL) or of a folder of `.metal` files.
    /// - Throws: the translator's or the reader's `ShaderError`.
    package func library(path: String, isFolder: Bool) throws -> ShaderLibrary {
        let key = (isFolder ? "folder:" : "file:") + path
        let stamp = Self.stamp(path)
        if let kept = libraries[key], kept.stamp == stamp { return kept.library }
        let library = isFolder ? try ShaderLibrary(metalFolder: path) : try ShaderLibrary(contentsOf: path)
        libraryLoads += 1
        libraries[key] = (stamp, library)
        return library
    }

    /// The modification time and size of `path`, and for a folder those of its direct entries
    /// too (a `.metal` file edited inside does not change the folder's own time).
    static func stamp(_ path: String) -> Stamp {
        let fm = FileManager.default
        func entry(_ file: String) -> [Double] {
            guard let attributes = try? fm.attributesOfItem(atPath: file) else { return [] }
            let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
            return [time, size]
        }
        var entries = ["": entry(path)]
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] { entries[name] = entry(path + "/" + name) }
        }
        return Stamp(entries: entries)
    }
}
