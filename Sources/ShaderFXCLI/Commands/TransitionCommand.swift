import ShaderFXCore
import Foundation
import ShaderFXGolden

/// `shaderfx transition`: one frame of a built-in transition between two pictures, or the
/// whole transition as a numbered sequence of PNGs.
enum TransitionCommand {
    static let description = CommandDescription(
        name: "transition",
        abstract: "Render a transition between two pictures: one frame, or a numbered sequence.",
        discussion: """
            A transition draws the incoming picture (--to) with the transition's shader, as SwiftUI \
            applies a transition's modifier to the inserted view, and shows the outgoing picture (--from) \
            wherever the incoming one has not arrived. Progress 0 is exactly --from and progress 1 exactly --to.
            One frame: --progress P writes the frame at P to the PNG named by --output. A sequence: \
            --duration S writes DIR/frame_00000.png, frame_00001.png, ... into the folder named by --output \
            (created if needed): frame k is at time k / fps, round(S * fps) + 1 frames in all, and its \
            progress is the timing curve at k / (frames - 1), so the first frame is --from and the last --to.
            Without --from the outgoing picture is the built-in pool floor (cool blue tiles); without --to \
            the incoming one is the same floor with red and blue swapped (warm orange tiles). They are drawn \
            at --size when it is given, else at the size of the picture file given, else at 512x384. A --to \
            of another size is fitted onto --from's size with --fit. The frames have --from's size.
            """,
        arguments: [ArgumentDescription(
            "transition",
            help: "the transition: " + BuiltInTransitions.all.map { $0.name }.joined(separator: ", "))],
        options: [
            .value("output", short: "o", valueName: "PATH",
                   help: "the PNG to write (with --progress), or the folder for the frames (with --duration)", required: true),
            .value("progress", short: "p", valueName: "P", help: "render one frame at this progress, 0...1"),
            .value("duration", valueName: "SECONDS", help: "render the whole transition over this many seconds, as a sequence"),
            .value("fps", valueName: "N", help: "frames per second of a sequence", default: "30"),
            .value("curve", valueName: "NAME",
                   help: "timing curve of a sequence: linear, easeIn, easeOut or easeInOut (SwiftUI's cubic Béziers)",
                   default: "easeInOut"),
            .value("fit", valueName: "MODE",
                   help: "how a --to of another size fits --from's size: fill (cover, cropped), fit (inside, transparent bands) or stretch",
                   default: "fill"),
            .flag("quiet", short: "q", help: "print nothing but errors"),
            .value("max-pixels", valueName: "N", help: "the pixel budget: the most pixels of the largest layer (about 128 bytes of memory each); larger renders are refused before anything is allocated", default: "16777216"),
            .value("from", valueName: "FILE", help: "the outgoing picture (PNG); default the pool floor", section: "PICTURES"),
            .value("to", valueName: "FILE", help: "the incoming picture (PNG); default the pool floor in warm colours", section: "PICTURES"),
            .value("size", valueName: "WxH", help: "size of the built-in pictures in points (default: the size of the picture file given, else 512x384)",
                   section: "PICTURES"),
        ] + GPUFlags.options,
        examples: [
            UsageExample("shaderfx transition circles --from a.png --to b.png --progress 0.5 -o half.png",
                         explanation: "the frame half-way through the circles transition"),
            UsageExample("shaderfx transition genie --target 0,1 --duration 1 --fps 30 --curve easeInOut -o frames",
                         explanation: "31 frames of the genie, the incoming picture pouring out of the bottom-left corner, between the built-in pictures"),
            UsageExample("shaderfx transition wind --wind-size 0.4 --to photo.png --fit fit -p 0.3 -o wind.png",
                         explanation: "a raggeder wind over the pool floor, with photo.png fitted inside the frame"),
        ])

    static func unknownTransition(_ name: String) -> UsageError {
        let names = BuiltInTransitions.all.map { $0.name }
        let list = names.joined(separator: ", ")
        let expected = TextUtilities.suggestion(for: name, among: names).map { "'\($0)' or another built-in transition (\(list))" }
        return .invalidValue(option: "transition", value: name, expected: expected ?? "a built-in transition (\(list))")
    }

    /// The command's description with `transition`'s parameters as options.
    static func description(for transition: any BuiltInTransition.Type) -> CommandDescription {
        description.addingOptions(EffectOptions.options(transition.parameters, section: "\(transition.name.uppercased()) PARAMETERS"))
    }

    /// What to render: one frame at a progress, or a timed sequence.
    enum Plan {
        case frame(progress: Float)
        case sequence(TransitionTiming, curve: TransitionCurve)
    }

    static func run(_ arguments: [String], output: inout Output) throws {
        // A first pass finds the transition, whose parameters then become options.
        let first = try description.parse(arguments, collectingUnknownOptions: true)
        let name = first.positional("transition")
            ?? (first.isHelpRequested ? arguments.first { BuiltInTransitions.named($0) != nil } : nil)
        let builtIn = try name.map { name throws(UsageError) in
            guard let transition = BuiltInTransitions.named(name) else { throw unknownTransition(name) }
            return transition
        }
        let command = builtIn.map(description(for:)) ?? description
        if first.isHelpRequested { output.print(command.helpText()); return }
        // A misspelt option is reported before anything it may have caused, such as a missing --output.
        try first.checkCollectedOptions(allowed: builtIn?.parameters.map { $0.name } ?? [])
        let args = try command.parse(arguments)
        output.quiet = args.flag("quiet")
        guard let builtIn else { throw UsageError.missingArgument("<transition>") }

        // Validate everything before the first GL call.
        guard let outputPath = args.string("output") else { throw UsageError.missingOption("--output <PATH>") }
        let plan = try plan(args)
        let fit = try args.choice("fit", as: FitMode.self) ?? .fill
        let size = try InputFlags.size(args, "size")
        let transition = try builtIn.init(values: EffectOptions.values(of: builtIn.parameters, from: args))

        let options = try GPUFlags.resolve(args)
        let start = ContinuousClock.now
        let renderer = try Renderer(options: options)
        renderer.budget.maxPixels = try args.int("max-pixels", in: 1...(1 << 40)) ?? RenderBudget.defaultMaxPixels
        if let size { try renderer.budget.check(width: size.x, height: size.y) }
        let limits = renderer.budget.imageLimits()
        let (from, to, names) = try pictures(args, size: size, limits: limits)
        for effect in transition.passes(progress: 0.5, from: from) { try renderer.prepare(effect) }

        switch plan {
        case let .frame(progress):
            let frame = try transition.render(renderer, from: from, to: to, progress: progress, fit: fit)
            try PNG.write(frame, to: outputPath)
            output.status("wrote \(outputPath) (\(frame.width)x\(frame.height), \(builtIn.name) at progress \(progress), \(names)) in \(milliseconds(since: start)) on \(renderer.context.info.summary)")
        case let .sequence(timing, curve):
            try FrameFolder.make(outputPath)
            let count = timing.frameCount
            // Fit once: every frame then starts from the same picture (and the same texture).
            let incoming = fit.fitting(to, width: from.width, height: from.height)
            for k in 0..<count {
                let frame = try transition.render(renderer, from: from, to: incoming, progress: timing.progress(ofFrame: k), fit: .stretch)
                try PNG.writeFile(PNG.encodeFast(frame), to: FrameFolder.path(outputPath, k), durable: false)
            }
            output.status("wrote \(count) frames \(FrameFolder.path(outputPath, 0)) ... \(FrameFolder.path(outputPath, count - 1)) (\(from.width)x\(from.height), \(builtIn.name) over \(timing.duration) s at \(timing.fps) fps, \(curve.rawValue), \(names)) in \(milliseconds(since: start)) on \(renderer.context.info.summary)")
        }
    }

    /// One frame or a sequence, from --progress or --duration with --fps and --curve.
    static func plan(_ args: ParsedArguments) throws(UsageError) -> Plan {
        if args.isPresent("progress") && args.isPresent("duration") {
            throw .invalidValue(option: "--duration", value: args.string("duration") ?? "",
                                expected: "either --progress (one frame) or --duration (a sequence), not both")
        }
        if let progress = try args.float("progress", in: 0...1) {
            for option in ["fps", "curve"] where args.isPresent(option) {
                throw .invalidValue(option: "--\(option)", value: args.string(option) ?? "",
                                    expected: "no --\(option) with --progress (it times a sequence, given with --duration)")
            }
            return .frame(progress: progress)
        }
        guard let duration = try args.double("duration", in: 0.001...3600) else {
            throw .missingOption("--progress <P> or --duration <SECONDS>")
        }
        let fps = try args.double("fps", in: 0.001...1000) ?? 30
        let curve = try args.choice("curve", as: TransitionCurve.self) ?? .easeInOut
        let timing = TransitionTiming(duration: duration, fps: fps, curve: curve.unitCurve)
        guard timing.frameCount <= 100_000 else {
            throw .invalidValue(option: "--duration", value: args.string("duration") ?? "",
                                expected: "at most 100000 frames (duration * fps + 1), got \(timing.frameCount)")
        }
        return .sequence(timing, curve: curve)
    }

    /// The outgoing and incoming pictures: the files given, or the built-in ones at `size`, else
    /// at the size of the file that was given, else 512x384. Also a phrase naming them.
    static func pictures(_ args: ParsedArguments, size: SIMD2<Int>?, limits: ImageLimits) throws
        -> (from: RGBAImage, to: RGBAImage, names: String) {
        let fromFile = try args.string("from").map { try PNG.read(path: $0, limits: limits) }
        let toFile = try args.string("to").map { try PNG.read(path: $0, limits: limits) }
        let given = fromFile ?? toFile
        let size = size ?? given.map { SIMD2($0.width, $0.height) } ?? SIMD2(512, 384)
        let samples = BuiltInTransitions.samplePictures(width: size.x, height: size.y)
        let names = "\(args.string("from") ?? "built-in pool") to \(args.string("to") ?? "built-in warm pool")"
        return (fromFile ?? samples.from, toFile ?? samples.to, names)
    }
}
