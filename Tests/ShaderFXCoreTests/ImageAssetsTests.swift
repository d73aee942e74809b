import Foundation
import Testing
import ShaderFXTestSupport

@testable import ShaderFXCore

/// Writes `files` (relative path: contents) under `root`, making folders as needed.
private func lay(_ files: [String: String], in root: TemporaryFolder) throws {
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

/// An image set's Contents.json with (filename, scale) entries; nil filename: a slot left empty.
private func contents(_ images: [(String?, String?)]) -> String {
    let entries = images.map { filename, scale in
        var fields = [#""idiom" : "universal""#]
        if let filename { fields.append(#""filename" : "\#(filename)""#) }
        if let scale { fields.append(#""scale" : "\#(scale)""#) }
        return "{ " + fields.joined(separator: ", ") + " }"
    }
    return #"{ "images" : [ "# + entries.joined(separator: ", ") + #" ], "info" : { "author" : "xcode", "version" : 1 } }"#
}

@Suite("Asset look-up, as an asset catalogue resolves Image(\"Name\")")
struct ImageAssetsTests {
    @Test("loose files: the requested scale, else vector, else the nearest larger, else smaller")
    func looseFiles() throws {
        try withTemporaryFolder { root in
            try lay(["Palm.png": "", "Palm@2x.png": "", "Sun@3x.jpg": "", "Sun@1x.jpeg": "", "Leaf.svg": "",
                     "Leaf.png": "", "Moon.jpeg": ""], in: root)
            let assets = ImageAssets(folders: [root.path])
            func pick(_ name: String, _ scale: Int) throws -> (String, Int?) {
                let asset = try assets.resolve(name, scale: scale)
                return ((asset.path as NSString).lastPathComponent, asset.scale)
            }
            #expect(try pick("Palm", 1) == ("Palm.png", 1))
            #expect(try pick("Palm", 2) == ("Palm@2x.png", 2))
            #expect(try pick("Palm", 3) == ("Palm@2x.png", 2))      // the nearest smaller: no larger one
            #expect(try pick("Sun", 2) == ("Sun@3x.jpg", 3))        // a larger one before a smaller one
            #expect(try pick("Sun", 1) == ("Sun@1x.jpeg", 1))
            #expect(try pick("Leaf", 1) == ("Leaf.png", 1))         // the exact scale first
            #expect(try pick("Leaf", 2) == ("Leaf.svg", nil))       // then a vector image
            #expect(try pick("Moon", 2) == ("Moon.jpeg", 1))
            #expect(assets.availableNames() == ["Leaf", "Moon", "Palm", "Sun"])
        }
    }

    @Test("asset catalogues: Contents.json's files and scales, groups and namespaces")
    func catalogues() throws {
        try withTemporaryFolder { root in
            try lay([
                "Assets.xcassets/Contents.json": #"{ "info" : { "version" : 1 } }"#,
                "Assets.xcassets/PalmTreeBeach.imageset/Contents.json": contents([("beach.jpg", "1x"), ("beach-2.png", "2x"), (nil, "3x")]),
                "Assets.xcassets/PalmTreeBeach.imageset/beach.jpg": "",
                "Assets.xcassets/PalmTreeBeach.imageset/beach-2.png": "",
                "Assets.xcassets/Scenery/Contents.json": #"{ "info" : { "version" : 1 } }"#,
                "Assets.xcassets/Scenery/Dune.imageset/Contents.json": contents([("dune.svg", nil)]),
                "Assets.xcassets/Scenery/Dune.imageset/dune.svg": "",
                "Assets.xcassets/Icons/Contents.json": #"{ "properties" : { "provides-namespace" : true } }"#,
                "Assets.xcassets/Icons/Star.imageset/Contents.json": contents([("star@3x.png", "3x")]),
                "Assets.xcassets/Icons/Star.imageset/star@3x.png": "",
                "PalmTreeBeach.png": "",  // a loose file beside the catalogue: the catalogue wins
            ], in: root)
            let assets = ImageAssets(folders: [root.path])
            let set = root.path + "/Assets.xcassets"
            #expect(try assets.resolve("PalmTreeBeach", scale: 1) == ImageAsset(name: "PalmTreeBeach", path: set + "/PalmTreeBeach.imageset/beach.jpg", scale: 1))
            #expect(try assets.resolve("PalmTreeBeach", scale: 2).path == set + "/PalmTreeBeach.imageset/beach-2.png")
            #expect(try assets.resolve("PalmTreeBeach", scale: 3).scale == 2)   // the 3x slot is empty
            #expect(try assets.resolve("Dune", scale: 2) == ImageAsset(name: "Dune", path: set + "/Scenery/Dune.imageset/dune.svg", scale: nil))
            #expect(try assets.resolve("Icons/Star").scale == 3)
            #expect(throws: ImageAssetError.self) { try assets.resolve("Star") }   // its group provides a namespace
            #expect(assets.availableNames() == ["Dune", "Icons/Star", "PalmTreeBeach"])
        }
    }

    @Test("folders in order: the view file's folder, then --assets folders")
    func folderOrder() throws {
        try withTemporaryFolder { root in
            try lay(["app/ContentView.swift": "", "app/Logo.svg": "", "shared/Logo.png": "", "shared/Badge@2x.png": ""], in: root)
            let assets = ImageAssets(viewFile: root.file("app/ContentView.swift"), assetFolders: [root.file("shared")])
            #expect(assets.folders == [root.file("app"), root.file("shared")])
            #expect(try assets.resolve("Logo").path == root.file("app/Logo.svg"))
            #expect(try assets.resolve("Badge", scale: 2).path == root.file("shared/Badge@2x.png"))
            #expect(ImageAssets(viewFile: "ContentView.swift").folders == ["."])
        }
    }

    @Test("not found: where it looked, and the nearest names")
    func notFound() throws {
        try withTemporaryFolder { root in
            try lay(["a/PalmTreeBeach.png": "", "a/Palms@2x.png": "", "b/Assets.xcassets/PalmTreeBench.imageset/Contents.json": contents([]),
                     "b/Sky.jpg": ""], in: root)
            let assets = ImageAssets(folders: [root.file("a"), root.file("b")])
            do {
                _ = try assets.resolve("PalmTreeBeech")
                Issue.record("found")
            } catch let error as ImageAssetError {
                let a = root.file("a"), b = root.file("b")
                #expect(error == .notFound(name: "PalmTreeBeech", searched: [
                    "\(a)/*.xcassets/PalmTreeBeech.imageset", "\(a)/PalmTreeBeech{,@2x,@3x}.{png,jpg,jpeg,svg}",
                    "\(b)/*.xcassets/PalmTreeBeech.imageset", "\(b)/PalmTreeBeech{,@2x,@3x}.{png,jpg,jpeg,svg}",
                ], nearest: ["PalmTreeBeach", "PalmTreeBench"]))
                #expect(error.description.hasPrefix("no image named \"PalmTreeBeech\": looked in \(a)/*.xcassets/"))
                #expect(error.description.hasSuffix("; did you mean \"PalmTreeBeach\", \"PalmTreeBench\"?"))
            }
            // An image set with no file is not a match.
            #expect(throws: ImageAssetError.self) { try assets.resolve("PalmTreeBench") }
            // Names differing in case are not matches, but are suggested.
            do {
                _ = try assets.resolve("sky")
                Issue.record("found")
            } catch let error as ImageAssetError {
                guard case let .notFound(_, _, nearest) = error else { Issue.record("\(error)"); return }
                #expect(nearest == ["Sky"])
            }
        }
    }

    @Test("bad names and bad Contents.json files are errors naming them")
    func badInput() throws {
        try withTemporaryFolder { root in
            try lay(["X.xcassets/Broken.imageset/Contents.json": "{ not json",
                     "X.xcassets/Odd.imageset/Contents.json": contents([("odd.png", "two")]),
                     "X.xcassets/Odd.imageset/odd.png": ""], in: root)
            let assets = ImageAssets(folders: [root.path])
            #expect(throws: ImageAssetError.badCatalogue(path: root.path + "/X.xcassets/Broken.imageset/Contents.json",
                                                         reason: "not the JSON of an image set (an object with an \"images\" array)")) {
                try assets.resolve("Broken")
            }
            #expect(throws: ImageAssetError.self) { try assets.resolve("Odd") }
            for name in ["", "../secret", "a//b", "./x"] {
                #expect(throws: ImageAssetError.self, "\(name)") { try assets.resolve(name) }
            }
        }
    }

    @Test("a found asset reads through ImageFile, whatever its format")
    func readsFoundAsset() throws {
        try withTemporaryFolder { root in
            try lay(["Mark.imageset/ignored": ""], in: root)
            try #"<svg xmlns="http://www.w3.org/2000/svg" width="6" height="3"/>"#.write(toFile: root.file("Mark.svg"), atomically: true, encoding: .utf8)
            let asset = try ImageAssets(folders: [root.path]).resolve("Mark", scale: 2)
            #expect(asset.scale == nil)
            let image = try RGBAImage(contentsOfImageFile: asset.path)
            #expect(image.width == 6 && image.height == 3)
        }
    }
}
