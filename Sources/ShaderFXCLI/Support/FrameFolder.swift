import Foundation
import ShaderFXGolden

/// The folder of a frame sequence (`animate`, `transition`): the names of its files, the
/// removal of frames an earlier, longer run left, and the manifest written last so that a
/// folder cut short is recognisable.
enum FrameFolder {
    /// The most frames a run may have unless `--max-frames` allows more: a minute at 1000 fps,
    /// or 27 minutes at 60 fps.
    static let defaultMaxFrames = 100_000

    /// `folder/frame_00042.png`: frame `index`, five digits at least.
    static func path(_ folder: String, _ index: Int) -> String {
        folder + "/" + fileName(index)
    }

    /// `frame_00042.png`.
    static func fileName(_ index: Int) -> String {
        "frame_" + padded(index) + ".png"
    }

    /// `00042`: five digits at least.
    static func padded(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    /// The frame index a file name of the sequence's pattern holds, or nil for any other file.
    static func index(ofFile name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Creates the folder (and its parents) unless it exists; a file in its place is an error.
    static func make(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw ImageError.unwritable(path: path, reason: "exists and is not a folder; a sequence writes its frames into a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ImageError.unwritable(path: path, reason: "cannot create the folder for the frames: \((error as NSError).localizedDescription)")
        }
    }

    /// The manifest's file name: `manifest.json` for a whole run, `manifest.frames_A-B.json`
    /// for a sub-range, so that shards sharing a folder each write their own.
    static func manifestName(range: ClosedRange<Int>, total: Int) -> String {
        range == 0...(total - 1) ? "manifest.json" : "manifest.frames_\(padded(range.lowerBound))-\(padded(range.upperBound)).json"
    }

    /// Prepares `folder` for frames `range` of a run of `total`: removes this run's old manifest
    /// (a run cut short must not look complete) and, when the whole run is rendered, the frame
    /// files of the same pattern beyond it that an earlier, longer run left. Other files are
    /// never touched. Returns the stale frames removed.
    static func prepare(_ folder: String, range: ClosedRange<Int>, total: Int) throws -> [String] {
        try make(folder)
        let fm = FileManager.default
        try? fm.removeItem(atPath: folder + "/" + manifestName(range: range, total: total))
        guard range == 0...(total - 1) else { return [] }
        let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
        var removed: [String] = []
        for name in names.sorted() {
            guard let index = index(ofFile: name), index >= total else { continue }
            do {
                try fm.removeItem(atPath: folder + "/" + name)
                removed.append(name)
            } catch {
                throw ImageError.unwritable(path: folder + "/" + name, reason: "cannot remove a frame of an earlier run: \((error as NSError).localizedDescription)")
            }
        }
        return removed
    }

    /// What the manifest records.
    struct Manifest: Encodable {
        /// Always true: the manifest is written after the last frame.
        var complete = true
        /// The first and last frame written, and how many frames the whole run has.
        var first: Int
        var last: Int
        var total: Int
        /// Frames per second (frame k is at time k / fps).
        var fps: Double
        /// Frame size in pixels.
        var width: Int
        var height: Int
        /// The effect or transition, as the status line names it.
        var effect: String
        /// GL_RENDERER and the backend.
        var renderer: String
        /// The file name pattern, printf style.
        var files = "frame_%05d.png"
        /// The ShaderFX version that wrote it.
        var shaderfx = ShaderFXVersion.string
    }

    /// Writes the manifest for `range`, after every frame is on disk.
    static func writeManifest(_ manifest: Manifest, folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(manifest)
        let path = folder + "/" + manifestName(range: manifest.first...manifest.last, total: manifest.total)
        try OutputFile.write([UInt8](data) + [10], to: path)
    }

    /// The status line's note on stale frames removed, or nothing.
    static func staleNote(_ removed: [String]) -> String {
        guard let first = removed.first, let last = removed.last else { return "" }
        return "\nremoved \(removed.count) frame\(removed.count == 1 ? "" : "s") of an earlier, longer run (\(first)\(removed.count > 1 ? " ... \(last)" : ""))"
    }
}
