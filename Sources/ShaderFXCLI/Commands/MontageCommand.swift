import ShaderFXGolden

/// `shaderfx montage`: several PNGs of one size laid out in a grid, as a contact sheet.
enum MontageCommand {
    static let description = CommandDescription(
        name: "montage",
        abstract: "Lay PNG pictures of one size out in a grid (a contact sheet of effects or frames).",
        arguments: [ArgumentDescription("pictures", help: "the PNG files, in order", repeatable: true)],
        options: [
            .value("output", short: "o", valueName: "FILE", help: "the PNG to write", required: true),
            .value("columns", valueName: "N", help: "pictures per row", default: "6"),
            .value("max-width", valueName: "PIXELS", help: "the widest a picture may be in the grid (shrunk by 2, 3, ...)", default: "256"),
        ],
        examples: [UsageExample("shaderfx montage gallery/*.png --columns 6 -o gallery.png")])

    static func run(_ arguments: [String], output: inout Output) throws {
        let args = try description.parse(arguments)
        if args.isHelpRequested { output.print(description.helpText()); return }
        let paths = args.positionals("pictures")
        guard !paths.isEmpty else { throw UsageError.missingArgument("pictures") }
        guard let out = args.string("output") else { throw UsageError.missingOption("--output <FILE>") }
        let columns = try args.int("columns", in: 1...100) ?? 6
        let maxWidth = try args.int("max-width", in: 8...16384) ?? 256
        let images = try paths.map { try PNG.read(path: $0) }
        for (path, image) in zip(paths, images) where image.width != images[0].width || image.height != images[0].height {
            throw UsageError.invalidValue(option: "pictures", value: path,
                                          expected: "pictures of one size: \(paths[0]) is \(images[0].width)x\(images[0].height), this one \(image.width)x\(image.height)")
        }
        let sheet = ContactSheet.make(images, columns: columns, maxThumbnailWidth: maxWidth)
        try PNG.write(sheet, to: out)
        output.status("wrote \(out) (\(sheet.width)x\(sheet.height), \(images.count) pictures)")
    }
}
