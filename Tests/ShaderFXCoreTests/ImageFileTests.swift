import Foundation
import Testing
import ShaderFXTestSupport

@testable import ShaderFXCore

@Suite("Picture files: PNG, JPEG and SVG told apart by content")
struct ImageFileTests {
    static let pngBytes: [UInt8] = try! PNG.encode(RGBAImage(width: 3, height: 2, fill: SIMD4(0.5, 0, 0, 0.5)))
    static let svgText = ##"<svg xmlns="http://www.w3.org/2000/svg" width="5" height="4"><rect width="5" height="4" fill="#00f"/></svg>"##

    @Test("the first bytes decide, never the name")
    func formats() {
        #expect(ImageFile.format(of: Self.pngBytes) == .png)
        #expect(ImageFile.format(of: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFile.format(of: svg(Self.svgText)) == .svg)
        let prolog = "\u{FEFF}\n  <?xml version=\"1.0\"?>\n<!-- a comment -->\n<!DOCTYPE svg [ <!ENTITY a \"x>y\"> ]>\n<svg width=\"1\" height=\"1\"/>"
        #expect(ImageFile.format(of: svg(prolog)) == .svg)
        #expect(ImageFile.format(of: svg(#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>"#)) == .svg)
        for other in ["<html><svg/></html>", "<svgx/>", "hello", "", "<!-- unterminated", "<svg"] {
            #expect(ImageFile.format(of: svg(other)) == nil, "\(other)")
        }
        #expect(ImageFile.format(of: Array("GIF89a".utf8)) == nil)
        #expect(ImageFile.format(of: [0xFF, 0xD8]) == nil)
        #expect(ImageFile.format(of: Array(Self.pngBytes.prefix(7))) == nil)
    }

    @Test("each format is read whatever its file is called", arguments: ["png", "jpg", "svg", "bin"])
    func byContent(misnamedAs ext: String) throws {
        try withTemporaryFolder { folder in
            let jpeg = try makeJPEG(JPEGKind.all[1], in: folder)
            let cases: [(ImageFormat, [UInt8], RGBAImage)] = [
                (.png, Self.pngBytes, try PNG.decode(Self.pngBytes, name: "p")),
                (.jpeg, jpeg, try JPEG.decode(jpeg, name: "j")),
                (.svg, svg(Self.svgText), try SVGDocument.decode(svg(Self.svgText), name: "s")),
            ]
            for (format, bytes, expected) in cases {
                let file = folder.file("\(format.rawValue).\(ext)")
                try Data(bytes).write(to: URL(fileURLWithPath: file))
                #expect(try RGBAImage(contentsOfImageFile: file) == expected, "\(format) named .\(ext)")
                #expect(try RenderBudget().readImage(path: file) == expected, "\(format) named .\(ext)")
                #expect(try ImageFile.decode(bytes, name: "standard input") == expected)
            }
        }
    }

    @Test("none of the formats: an error naming the file and what was expected")
    func unrecognised() throws {
        try withTemporaryFolder { folder in
            for (name, bytes) in [("notes.png", Array("hello".utf8)), ("empty.jpg", []), ("anim.gif", Array("GIF89a....".utf8))] {
                let file = folder.file(name)
                try Data(bytes).write(to: URL(fileURLWithPath: file))
                #expect(throws: ImageError.unrecognised(path: file)) { try ImageFile.read(path: file) }
                #expect(ImageError.unrecognised(path: file).description
                    == "\(file): not a PNG, JPEG or SVG file (its first bytes are none of theirs); give a picture in one of these formats")
            }
            let missing = folder.file("missing.jpg")
            let error = imageError { try ImageFile.read(path: missing) }
            guard case let .unreadable(path, _)? = error else { Issue.record("\(String(describing: error))"); return }
            #expect(path == missing)
        }
    }

    @Test("the budget is checked against the header, at the scale, before decoding")
    func budget() throws {
        try withTemporaryFolder { folder in
            let jpeg = folder.file("photo.png")  // a JPEG by content
            try Data(try makeJPEG(JPEGKind.all[0], in: folder)).write(to: URL(fileURLWithPath: jpeg))
            let small = RenderBudget(maxPixels: 37 * 23 * 4 - 1)
            #expect(try small.readImage(path: jpeg, scale: 1).width == 37)
            do {
                _ = try small.readImage(path: jpeg, scale: 2)
                Issue.record("read over the budget")
            } catch let error as RenderBudgetError {
                #expect(error.file == jpeg && error.width == 74 && error.height == 46)
            }
        }
    }

    @Test("ImageStore decodes a JPEG or an SVG once, and again after it changes")
    func storeDecodesOnce() throws {
        try withTemporaryFolder { folder in
            let jpeg = folder.file("mask.jpg"), svgFile = folder.file("mask.svg")
            try Data(try makeJPEG(JPEGKind.all[0], in: folder)).write(to: URL(fileURLWithPath: jpeg))
            try Self.svgText.write(toFile: svgFile, atomically: true, encoding: .utf8)
            let store = ImageStore()
            for _ in 0..<3 {
                #expect(try store.image(path: jpeg).width == 37)
                #expect(try store.image(path: svgFile).width == 5)
            }
            #expect(store.decodes == 2)
            try Self.svgText.replacingOccurrences(of: "width=\"5\"", with: "width=\"7\"")
                .write(toFile: svgFile, atomically: true, encoding: .utf8)
            #expect(try store.image(path: svgFile).width == 7)
            #expect(store.decodes == 3)
        }
    }
}
