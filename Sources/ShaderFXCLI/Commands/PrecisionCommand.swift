import ShaderFXUI
import ShaderFXGolden
import ShaderFXMetal
import Foundation

/// `shaderfx precision`: where Metal's `half` changes a picture between a desktop GPU (float)
/// and an Apple GPU (binary16), and which source lines cause it.
struct PrecisionCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "precision",
            abstract: "Show where Metal's half precision changes an effect's picture, and which lines cause it.",
            discussion: """
                Renders a [[ stitchable ]] Metal function twice over the same picture: with half computed at \
                32-bit float (as desktop GPUs and llvmpipe compute it; 'render' does this by default) and as \
                Apple's GPUs compute it (binary16, rounded after every operation; 'render --precision apple'). \
                It prints the largest difference in 8-bit levels, the mean, and the share of pixels more than \
                one level apart, then ranks the source lines where half values round: each is rendered once \
                more with that line's half operations promoted to float, and the lines that move the picture \
                most come first. -o writes the difference as a picture (black: equal; blue, red, yellow, white \
                past 1, 4, 16 and 64 levels). Exit status 0 when the report was made, whatever it found.
                """,
            examples: [
                UsageExample("shaderfx precision Phase.metal --arg time=1000.3 -o difference.png",
                             explanation: "how a phase at 1000 s bands on a device, and the line that does it"),
                UsageExample("shaderfx precision --library Shaders/ --function Ripple -i photo.png --arg time=0.5 --json precision.json"),
            ])
    }

    @Argument(help: "the .metal file (or --shader FILE, or --library DIR)", completion: .files)
    var file: String?
    @Option(short: "o", valueName: "FILE", help: "write the difference picture here (PNG)")
    var output: String?
    @Option(valueName: "FILE", help: "write the render with half at float here (PNG)")
    var floatPicture: String?
    @Option(valueName: "FILE", help: "write the render with half as binary16 here (PNG)")
    var applePicture: String?
    @Option(valueName: "FILE", help: "write the report as JSON")
    var json: String?
    @Option(help: "how many ranked lines to print", in: 0...10_000)
    var top = 10
    @Option(help: "the most lines tried one at a time (each one more translation and render)", in: 0...10_000)
    var maxLines = 64
    @Option(help: "pixels per point, as @2x/@3x", in: 1...8)
    var scale = 1
    @Flag(short: "q", help: "print nothing but errors")
    var quiet: Bool
    @OptionGroup var inputFlags: InputFlags
    @OptionGroup var custom: CustomShaderFlags
    @OptionGroup var limits: LimitFlags
    @OptionGroup var gpu: GPUFlags

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        out.quiet = quiet
        if let file, let shader = custom.shader {
            throw UsageError.invalidValue(option: "--shader", value: shader, expected: "either FILE or --shader FILE, not both (FILE is \(file))")
        }
        let shader = file ?? custom.shader
        if shader == nil && custom.library == nil { throw UsageError.missingArgument("file (a .metal file, or --library DIR)") }
        if let shader, !shader.lowercased().hasSuffix(".metal") {
            throw UsageError.invalidValue(option: "file", value: shader, expected: "a .metal file: GLSL has no half")
        }
        if custom.precision != .float {
            throw UsageError.invalidValue(option: "--precision", value: custom.precision.rawValue, expected: "nothing: the report renders both precisions")
        }
        for path in [output, floatPicture, applePicture].compactMap({ $0 }) where !path.lowercased().hasSuffix(".png") {
            throw UsageError.invalidValue(option: "-o", value: path, expected: "a .png file")
        }
        try inputFlags.validate()
        // Everything the arguments can get wrong is found before the GPU starts.
        let images = ImageStore(budget: RenderBudget(maxPixels: limits.maxPixels))
        let first = try Self.passes(custom, shader: shader, images: images)(.apple, [])
        let renderer = try Renderer(options: try gpu.resolve())
        limits.apply(to: renderer)
        images.budget = renderer.budget
        let kind = first.effects.first?.kind ?? .color
        let (image, inputName) = try inputFlags.load(defaultPicture: kind == .fill ? .circle : .pool, renderer: renderer, scale: scale)
        let report = try Self.report(custom, shader: shader, images: images, renderer: renderer, image: image, scale: scale,
                                     maxLines: maxLines, output: &out)
        for (path, picture) in [(output, report.differencePicture), (floatPicture, report.floatPicture), (applePicture, report.applePicture)] {
            guard let path else { continue }
            try PNG.writeFile(try PNG.encode(StraightFrame(image: picture)), to: path)
        }
        if let json { try OutputFile.write(Array(try Self.json(report, input: inputName)) + [10], to: json) }
        out.print(Self.text(report, name: shader ?? custom.library ?? "", input: inputName, top: top))
        return 0
    }

    /// The function the custom flags name (`shader` in place of `--shader`) with its arguments,
    /// for a precision and the lines kept at float.
    static func passes(_ custom: CustomShaderFlags, shader: String?, images: ImageStore)
        -> (ShaderPrecision, Set<ShaderSourceLine>) throws -> (effects: [Effect], roundingLines: [ShaderSourceLine]) {
        { precision, floatLines in
            guard let library = try CustomShaderFlags.library(shader: shader, folder: custom.library, includes: custom.include,
                                                              precision: precision, floatLines: floatLines) else {
                throw UsageError.missingArgument("file (a .metal file, or --library DIR)")
            }
            let effect = try custom.customEffect(library: library)
            return (try EffectStage.custom(effect).readingImages(images).passes(), library.halfRoundingLines)
        }
    }

    /// The report of the custom flags' function over `image`, with progress on standard error.
    static func report(_ custom: CustomShaderFlags, shader: String?, images: ImageStore, renderer: Renderer, image: RGBAImage,
                       scale: Int, maxLines: Int, output out: inout Output) throws -> PrecisionReport {
        let passes = Self.passes(custom, shader: shader, images: images)
        let tried = min(try passes(.apple, []).roundingLines.count, maxLines)
        if tried > 0 { out.status("rendering at float, as binary16, and once per line for \(tried) line\(tried == 1 ? "" : "s") ...") }
        var shown = -1
        let quiet = out.quiet
        return try PrecisionReport.make(renderer: renderer, image: image, scale: scale, maxLines: maxLines, passes: passes) { done, all in
            let tenth = done * 10 / max(all, 1)
            if tenth != shown, done < all, all >= 16, !quiet { shown = tenth; Output.write("  \(done)/\(all) lines\n", to: STDERR_FILENO) }
        }
    }

    /// The report as people read it.
    static func text(_ report: PrecisionReport, name: String, input: String, top: Int) -> String {
        let pixels = report.floatPicture.width * report.floatPicture.height
        var lines = ["half as binary16 (Apple GPUs) against half at float, over \(input) (\(report.floatPicture.width)x\(report.floatPicture.height) pixels):"]
        lines.append("  largest difference \(levels(report.maxDifference)) (at \(report.maxDifferenceAt.x),\(report.maxDifferenceAt.y)), mean \(format(report.meanDifference)) levels; "
                     + "\(percent(report.differingShare)) of pixels (\(Int((report.differingShare * Double(pixels)).rounded()))) more than one level apart")
        if report.maxDifference <= 1 { lines.append("  half precision does not change this picture beyond one level") }
        if report.lines.isEmpty {
            lines.append("  no line of \(name) rounds a half value")
        } else if top > 0 {
            lines.append("lines whose half values matter most (the change when the line computes at float):")
            for line in report.lines.prefix(top) {
                let change = line.maxChange == 0 ? "no change" : "mean \(format(line.meanChange)), largest \(levels(line.maxChange)), \(percent(line.changedShare)) of pixels"
                lines.append("  \(line.line): \(change)")
                if !line.text.isEmpty { lines.append("      \(line.text)") }
            }
            if report.lines.count > top { lines.append("  (\(report.lines.count - top) more lines: --top N)") }
        }
        if report.untriedLines > 0 { lines.append("  \(report.untriedLines) more lines round half values and were not tried: --max-lines N") }
        return lines.joined(separator: "\n")
    }

    private static func levels(_ n: Int) -> String { n == 1 ? "1 level" : "\(n) levels" }
    private static func format(_ v: Double) -> String { String(format: "%.2f", v) }
    private static func percent(_ v: Double) -> String { String(format: "%.1f %%", v * 100) }

    struct JSONReport: Encodable {
        struct Line: Encodable {
            var file: String, line: Int, text: String, meanChange: Double, maxChange: Int, changedShare: Double
        }
        var input: String, width: Int, height: Int
        var maxDifference: Int, maxDifferenceAt: [Int], meanDifference: Double, differingShare: Double
        var lines: [Line], untriedLines: Int
    }

    static func json(_ report: PrecisionReport, input: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(JSONReport(
            input: input, width: report.floatPicture.width, height: report.floatPicture.height,
            maxDifference: report.maxDifference, maxDifferenceAt: [report.maxDifferenceAt.x, report.maxDifferenceAt.y],
            meanDifference: report.meanDifference, differingShare: report.differingShare,
            lines: report.lines.map { .init(file: $0.line.file, line: $0.line.line, text: $0.text, meanChange: $0.meanChange,
                                            maxChange: $0.maxChange, changedShare: $0.changedShare) },
            untriedLines: report.untriedLines))
    }
}
