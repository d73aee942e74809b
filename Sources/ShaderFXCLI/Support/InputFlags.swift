import ShaderFXCore
import Foundation
import ShaderFXGolden
import ShaderFXUI

/// Where a command's picture comes from: a picture file (PNG, JPEG or SVG) or a built-in picture.
struct InputFlags: ParsableArguments {
    @Option(short: "i", valueName: "FILE", help: "the picture to apply the effect to (PNG, JPEG or SVG, told apart by content; - reads it from standard input)", section: "INPUT")
    var input: String?
    @Option(valueName: "NAME",
            help: "a built-in picture when no --input is given: "
                + BuiltInPicture.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: ", "),
            section: "INPUT")
    var picture: BuiltInPicture?
    @Option(valueName: "WxH", help: "size of the built-in picture in points", default: "512x384", section: "INPUT",
            read: { parsed, name throws(UsageError) in try InputFlags.size(parsed, name) })
    var size: SIMD2<Int>?

    /// The most bytes `-i -` reads: a PNG larger than this is refused, not buffered.
    static let standardInputLimit = 256 << 20

    /// A `WxH` size, each side 1...16384 (`ValueForms.size`).
    static func size(_ args: ParsedArguments, _ name: String) throws(UsageError) -> SIMD2<Int>? {
        try args.size(name)
    }

    /// Checks the flags without reading any file.
    func validate() throws(UsageError) {
        if input != nil, let picture {
            throw UsageError.invalidValue(option: "--picture", value: picture.rawValue,
                                          expected: "either --input or --picture, not both")
        }
    }

    /// Starts reading and decoding the input PNG file on another thread, within the pixel budget
    /// of `--max-pixels` (the GPU's own size limit is checked by `load(prefetched:...)`); nil for
    /// standard input and built-in pictures.
    func prefetch(maxPixels: Int, scale: Int) -> Prefetch<RGBAImage>? {
        guard let input, input != "-" else { return nil }
        return Prefetch { try RenderBudget(maxPixels: maxPixels).readImage(path: input, scale: scale) }
    }

    /// The input: the prefetched picture checked against `budget`, or as `load` reads it.
    func load(prefetched: Prefetch<RGBAImage>?, defaultPicture: BuiltInPicture, renderer: Renderer,
              scale: Int) throws -> (image: RGBAImage, name: String) {
        guard let prefetched, let input else { return try load(defaultPicture: defaultPicture, renderer: renderer, scale: scale) }
        let image = try prefetched.value()
        do {
            try renderer.budget.check(width: image.width, height: image.height, scale: scale)
        } catch {
            throw error.naming(input)
        }
        return (image, input)
    }

    /// Reads the input PNG, or draws the built-in picture's view on `renderer`, refusing what
    /// exceeds the renderer's budget before anything is decoded or drawn.
    func load(defaultPicture: BuiltInPicture, renderer: Renderer, scale: Int) throws -> (image: RGBAImage, name: String) {
        let budget = renderer.budget
        if input == "-" {
            let bytes = try Output.readAll(STDIN_FILENO, name: "standard input", limit: InputFlags.standardInputLimit)
            return (try ImageFile.decode(bytes, name: "standard input", limits: budget.imageLimits(scale: scale)), "standard input")
        }
        if let input {
            return (try budget.readImage(path: input, scale: scale), input)
        }
        let picture = picture ?? defaultPicture
        let size = size ?? SIMD2(512, 384)
        try budget.check(width: size.x, height: size.y, scale: scale)
        return (try picture.draw(width: size.x, height: size.y, on: renderer), "built-in \(picture.rawValue) picture")
    }
}
