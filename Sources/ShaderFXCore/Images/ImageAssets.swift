import Foundation

/// Finds the picture file that `Image("PalmTreeBeach")` names, as an Xcode asset catalogue and
/// an app bundle's resources would resolve it, in a list of folders searched in order (a view
/// file's folder first, then `--assets` folders).
///
/// In each folder, in this order:
/// 1. an image set of an asset catalogue: `*.xcassets/Name.imageset/` (directly in the
///    catalogue, or in one of its group folders), whose `Contents.json` lists the files,
///    `images[].filename` and `images[].scale` ("1x", "2x", "3x"; an entry without a scale is a
///    single, scale-independent image, such as an SVG that preserves vector data);
/// 2. loose files: `Name.png`, `Name.jpg`, `Name.jpeg`, `Name.svg`, and `Name@2x.png`,
///    `Name@3x.jpg`... (`Name.png` counts as 1x).
///
/// The first folder that has the name wins. Among its files, the one for the requested scale
/// is chosen as a device would: the exact scale, else a vector image (drawn sharp at any
/// scale), else the nearest larger scale (drawn smaller), else the nearest smaller one; on a
/// tie, PNG before JPEG before SVG. The asset records the chosen file's scale, so a 2x file is
/// drawn at half its pixel size in points. Names are matched exactly, case included (as on
/// the case-sensitive file systems of Linux). A name not found is an error listing every
/// place looked and the nearest names that exist.
public struct ImageAssets: Sendable, Equatable {
    /// The file extensions of loose files, in order of preference.
    public static let extensions = ["png", "jpg", "jpeg", "svg"]
    /// The scales a loose file's `@Nx` suffix may give.
    public static let scales = 1...3

    /// The folders searched, in order.
    public let folders: [String]

    /// Assets in `folders`, searched in order.
    public init(folders: [String]) {
        self.folders = folders
    }

    /// Assets for a view file: its own folder first, then `assetFolders` (`--assets DIR`).
    /// - Parameters:
    ///   - viewFile: the path of the Swift file whose `Image("...")` names are resolved.
    ///   - assetFolders: further folders, in order.
    public init(viewFile: String, assetFolders: [String] = []) {
        let folder = (viewFile as NSString).deletingLastPathComponent
        self.init(folders: [folder.isEmpty ? "." : folder] + assetFolders)
    }

    /// The file for `Image(name)` drawn at `scale` pixels per point.
    /// - Parameters:
    ///   - name: the image's name, without extension or scale suffix; `Group/Name` for an image
    ///     set in a catalogue group that provides a namespace.
    ///   - scale: the display scale the picture is for (1, 2, 3).
    /// - Throws: `ImageAssetError.invalidName`, `.notFound` (with the places looked and the
    ///   nearest names), `.badCatalogue` (an image set's `Contents.json` that cannot be read).
    public func resolve(_ name: String, scale: Int = 1) throws(ImageAssetError) -> ImageAsset {
        try Self.validate(name)
        for folder in folders {
            if let asset = try catalogueAsset(name, in: folder, scale: scale) { return asset }
            if let asset = looseAsset(name, in: folder, scale: scale) { return asset }
        }
        throw .notFound(name: name, searched: folders.flatMap { Self.places(name, in: $0) },
                        nearest: nearestNames(to: name))
    }

    /// Every name these folders hold (loose files without extension and scale suffix, image
    /// sets without `.imageset`), sorted.
    public func availableNames() -> [String] {
        var names = Set<String>()
        for folder in folders {
            for entry in Self.entries(folder) {
                if entry.hasSuffix(".xcassets") {
                    for set in Self.imageSets(in: folder + "/" + entry) { names.insert(set.name) }
                } else if let (base, _) = Self.looseName(entry) {
                    names.insert(base)
                }
            }
        }
        return names.sorted()
    }

    // MARK: - Loose files

    /// The best loose file for `name` in `folder`.
    private func looseAsset(_ name: String, in folder: String, scale: Int) -> ImageAsset? {
        var candidates: [ImageAsset] = []
        for ext in Self.extensions {
            let vector = ext == "svg"
            let plain = "\(folder)/\(name).\(ext)"
            if Self.isFile(plain) { candidates.append(ImageAsset(name: name, path: plain, scale: vector ? nil : 1)) }
            for s in Self.scales {
                let suffixed = "\(folder)/\(name)@\(s)x.\(ext)"
                if Self.isFile(suffixed) { candidates.append(ImageAsset(name: name, path: suffixed, scale: vector ? nil : s)) }
            }
        }
        return Self.best(candidates, for: scale)
    }

    /// A loose file's name as (image name, scale), or nil for a file that is no picture.
    private static func looseName(_ file: String) -> (String, Int?)? {
        let ns = file as NSString
        guard extensions.contains(ns.pathExtension.lowercased()), ns.pathExtension == ns.pathExtension.lowercased()
        else { return nil }
        var base = ns.deletingPathExtension
        var scale: Int? = 1
        for s in scales where base.hasSuffix("@\(s)x") {
            base.removeLast(3)
            scale = s
        }
        guard !base.isEmpty else { return nil }
        return (base, ns.pathExtension == "svg" ? nil : scale)
    }

    // MARK: - Asset catalogues

    /// An image set of a catalogue in `folder`.
    private struct ImageSet {
        /// The name `Image(_:)` gives it: namespaced groups joined by "/".
        var name: String
        var path: String
    }

    /// One entry of an image set's `Contents.json`.
    private struct CatalogueEntry: Decodable {
        var filename: String?
        var scale: String?
    }

    private struct CatalogueContents: Decodable {
        var images: [CatalogueEntry]?
    }

    /// The best file of the image set `name` in a catalogue of `folder`.
    private func catalogueAsset(_ name: String, in folder: String, scale: Int) throws(ImageAssetError) -> ImageAsset? {
        for entry in Self.entries(folder) where entry.hasSuffix(".xcassets") {
            let catalogue = folder + "/" + entry
            guard let set = Self.imageSets(in: catalogue).first(where: { $0.name == name }) else { continue }
            let contentsPath = set.path + "/Contents.json"
            let data: [UInt8]
            do { data = try InputFile.read(contentsPath, maxBytes: 1 << 20) } catch {
                throw .badCatalogue(path: contentsPath, reason: error.reason)
            }
            let contents: CatalogueContents
            do { contents = try JSONDecoder().decode(CatalogueContents.self, from: Data(data)) } catch {
                throw .badCatalogue(path: contentsPath, reason: "not the JSON of an image set (an object with an \"images\" array)")
            }
            var candidates: [ImageAsset] = []
            for image in contents.images ?? [] {
                guard let filename = image.filename, !filename.contains("/") else { continue }
                let path = set.path + "/" + filename
                guard Self.isFile(path) else { continue }
                let entryScale: Int?
                switch image.scale {
                case nil: entryScale = nil
                case let text?:
                    guard text.hasSuffix("x"), let value = Int(text.dropLast()), value > 0 else {
                        throw .badCatalogue(path: contentsPath, reason: "the scale \"\(text)\" of \(filename) is not 1x, 2x or 3x")
                    }
                    entryScale = value
                }
                candidates.append(ImageAsset(name: name, path: path, scale: entryScale))
            }
            if let best = Self.best(candidates, for: scale) { return best }
        }
        return nil
    }

    /// The image sets of a catalogue: directly in it, in its groups (a group whose
    /// `Contents.json` says `"provides-namespace": true` prefixes its sets' names with its own),
    /// at most 8 folders deep.
    private static func imageSets(in catalogue: String) -> [ImageSet] {
        var sets: [ImageSet] = []
        func walk(_ folder: String, prefix: String, depth: Int) {
            guard depth < 8 else { return }
            for entry in entries(folder) {
                let path = folder + "/" + entry
                if entry.hasSuffix(".imageset") {
                    sets.append(ImageSet(name: prefix + String(entry.dropLast(".imageset".count)), path: path))
                } else if !entry.contains("."), isFolder(path) {
                    walk(path, prefix: prefix + (providesNamespace(path) ? entry + "/" : ""), depth: depth + 1)
                }
            }
        }
        walk(catalogue, prefix: "", depth: 0)
        return sets
    }

    /// Whether a catalogue group's `Contents.json` sets `properties.provides-namespace`.
    private static func providesNamespace(_ group: String) -> Bool {
        struct Group: Decodable {
            struct Properties: Decodable {
                var providesNamespace: Bool?
                enum CodingKeys: String, CodingKey { case providesNamespace = "provides-namespace" }
            }
            var properties: Properties?
        }
        guard let data = try? InputFile.read(group + "/Contents.json", maxBytes: 1 << 20),
              let parsed = try? JSONDecoder().decode(Group.self, from: Data(data)) else { return false }
        return parsed.properties?.providesNamespace == true
    }

    // MARK: - Choosing, and what to say when nothing is found

    /// The candidate for `scale`: exact, then vector, then the nearest larger, then the nearest
    /// smaller scale; the first listed on a tie.
    private static func best(_ candidates: [ImageAsset], for scale: Int) -> ImageAsset? {
        func rank(_ asset: ImageAsset) -> Int {
            guard let s = asset.scale else { return 1 }
            if s == scale { return 0 }
            return s > scale ? 100 + (s - scale) : 1000 + (scale - s)
        }
        return candidates.enumerated().min { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }?.element
    }

    /// The places `resolve` looked in `folder`, as patterns a person can read.
    private static func places(_ name: String, in folder: String) -> [String] {
        ["\(folder)/*.xcassets/\(name).imageset", "\(folder)/\(name){,@2x,@3x}.{png,jpg,jpeg,svg}"]
    }

    /// Up to three names that exist, nearest to `name` by edit distance (case ignored), within
    /// a third of the name's length (at least 2).
    private func nearestNames(to name: String) -> [String] {
        let limit = max(2, name.count / 3)
        return availableNames()
            .map { ($0, TextUtilities.editDistance(name.lowercased(), $0.lowercased())) }
            .filter { $0.1 <= limit }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(3).map(\.0)
    }

    private static func validate(_ name: String) throws(ImageAssetError) {
        if name.isEmpty { throw .invalidName(name: name, reason: "the name is empty") }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) || name.contains("\0") {
            throw .invalidName(name: name, reason: "a name is an image's name or Group/Name, with no empty, '.' or '..' part")
        }
    }

    // MARK: - The file system

    private static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private static func isFile(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}

/// The file chosen for an image name.
public struct ImageAsset: Sendable, Equatable {
    /// The name asked for.
    public let name: String
    /// The file's path (read it with `ImageFile`: its format is told by its content).
    public let path: String
    /// The file's pixels per point (1, 2 or 3); nil for a scale-independent image (an SVG, or
    /// an image set's one entry without a scale), drawn at the scale it is needed at.
    public let scale: Int?

    /// Creates a record of a chosen file.
    public init(name: String, path: String, scale: Int?) {
        self.name = name
        self.path = path
        self.scale = scale
    }
}

/// Why an image name could not be resolved.
public enum ImageAssetError: Error, Equatable, CustomStringConvertible {
    /// No folder has the name.
    /// - Parameters:
    ///   - name: the name asked for.
    ///   - searched: the places looked, in order, as patterns.
    ///   - nearest: up to three names that exist, the nearest first.
    case notFound(name: String, searched: [String], nearest: [String])
    /// The name cannot be an image's (empty, or with a `..` part).
    case invalidName(name: String, reason: String)
    /// An image set's `Contents.json` cannot be read or is not an image set's.
    case badCatalogue(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notFound(name, searched, nearest):
            let hint = nearest.isEmpty ? "" : "; did you mean " + nearest.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
            return "no image named \"\(name)\": looked in " + searched.joined(separator: ", ") + hint
        case let .invalidName(name, reason):
            return "\"\(name)\" is not an image name: \(reason)"
        case let .badCatalogue(path, reason):
            return "\(path): \(reason)"
        }
    }
}
