import ShaderFXGolden

/// `shaderfx montage`: several PNGs of one size laid out in a grid, as a contact sheet.
struct MontageCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "montage",
            abstract: "Lay PNG pictures of one size out in a grid (a contact sheet of effects or frames).",
            examples: [UsageExample("shaderfx montage gallery/*.png --columns 6 -o gallery.png")])
    }

    @Argument(help: "the PNG files, in order", completion: .files)
    var pictures: [String]
    @Option(short: "o", valueName: "FILE", help: "the PNG to write")
    var output: String
    @Option(help: "pictures per row", in: 1...100)
    var columns = 6
    @Option(valueName: "PIXELS", help: "the widest a picture may be in the grid (shrunk by 2, 3, ...)", in: 8...16384)
    var maxWidth = 256

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        let paths = pictures
        let target = output
        let images = try paths.map { try ImageFile.read(path: $0) }
        for (path, image) in zip(paths, images) where image.width != images[0].width || image.height != images[0].height {
            throw UsageError.invalidValue(option: "pictures", value: path,
                                          expected: "pictures of one size: \(paths[0]) is \(images[0].width)x\(images[0].height), this one \(image.width)x\(image.height)")
        }
        let sheet = ContactSheet.make(images, columns: columns, maxThumbnailWidth: maxWidth)
        try PNG.write(sheet, to: target)
        out.status("wrote \(target) (\(sheet.width)x\(sheet.height), \(images.count) pictures)")
        return 0
    }
}
