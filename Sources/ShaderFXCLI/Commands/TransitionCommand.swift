import ShaderFXCore
import Foundation
import ShaderFXGolden
import ShaderFXUI

/// `shaderfx transition`: one frame of a built-in transition between two pictures, or the
/// whole transition as a numbered sequence of PNGs.
struct TransitionCommand: DynamicOptionsCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "transition",
            abstract: "Render a transition between two pictures: one frame, or a numbered sequence.",
            discussion: """
                A transition draws the incoming picture (--to) with the transition's shader, as SwiftUI \
                applies a transition's modifier to the inserted view, and shows the outgoing picture (--from) \
                wherever the incoming one has not arrived. Progress 0 is exactly --from and progress 1 exactly --to.
                Your own transition: --shader FILE (Metal or GLSL) instead of a name. A colour or layer function \
                runs over the incoming picture, gets the progress in a float parameter (--progress-arg, default \
                progress) and the outgoing picture in an image parameter (--from-arg, default from: texture2d<half> \
                in Metal, sampler2D in GLSL), and returns the finished pixel, premultiplied. A distortion function \
                gets only the progress and moves the incoming picture; the outgoing one is drawn behind it. The \
                other parameters take --arg NAME=VALUE, as for render.
                One frame: --progress P writes the frame at P. A sequence: --duration S writes round(S * fps) \
                frames (at least 2), frame k at time k / fps as animate counts them, and frame k's progress is \
                the timing curve at k / (frames - 1), so the first frame is --from and the last --to. \
                --output decides the form as for every command: a folder (frame_00000.png, ..., manifest.json), \
                a .png (a PNG; an animated PNG for a sequence), a .gif, .mp4, .webm or .mov video, or - for \
                standard output.
                Without --from the outgoing picture is the built-in pool floor (cool blue tiles); without --to \
                the incoming one is the same floor with red and blue swapped (warm orange tiles). They are drawn \
                at --size when it is given, else at the size of the picture file given, else at 512x384. A --to \
                of another size is fitted onto --from's size with --fit. The frames have --from's size.
                --scale N draws the frames at N pixels a point: the transition's geometry (cell sizes, the \
                genie's target) stays in points, views are drawn at @Nx, and picture files and the built-in \
                pictures (one pixel a point) are drawn N times larger first, as render --scale draws a picture.
                Views: --from-view A.swift and --to-view B.swift take SwiftUI view files (as render --view does) \
                in place of the pictures. A is proposed --size (its ideal size without it) and B is proposed A's \
                size; both are drawn at --scale. --set NAME=VALUE gives both views a value, --from-set and --to-set one \
                view only; --assets DIR is where their Image("Name") look, after each file's own folder; with a \
                built-in transition, --shader FILE or --library DIR is where their ShaderLibrary.name(...) look (with \
                --shader for your own transition, that library serves the views too). A sequence evaluates the \
                views again for every frame, frame k at time k / fps as TimelineView's time, so a moving view \
                keeps moving through the transition. An error in a view file exits 1, located in the file.
                """,
            examples: [
                UsageExample("shaderfx transition circles --from a.png --to b.png --progress 0.5 -o half.png",
                             explanation: "the frame half-way through the circles transition"),
                UsageExample("shaderfx transition genie --target 0,1 --duration 1 --fps 30 --curve easeInOut -o frames",
                             explanation: "30 frames of the genie, the incoming picture pouring out of the bottom-left corner, between the built-in pictures"),
                UsageExample("shaderfx transition circles --duration 1.5 -o circles.gif",
                             explanation: "the whole transition as a GIF"),
                UsageExample("shaderfx transition --shader examples/transitions/Wipe.metal --arg softness=0.2 --arg bounds=bounds --duration 1 -o wipe.gif",
                             explanation: "your own transition function, in Metal"),
                UsageExample("shaderfx transition wind --wind-size 0.4 --to photo.png --fit fit -p 0.3 -o wind.png",
                             explanation: "a raggeder wind over the pool floor, with photo.png fitted inside the frame"),
                UsageExample("shaderfx transition circles --from-view Card.swift --to-view Card.swift --from-set title=Before --to-set title=After --duration 1 -o card.gif",
                             explanation: "between two states of one SwiftUI view"),
            ])
    }

    @Argument(help: "the transition: " + BuiltInTransitions.all.map { $0.name }.joined(separator: ", ") + " (or --shader FILE for your own)",
              completion: .builtInTransitions)
    var transition: String?
    @Option(short: "o", valueName: "PATH",
            help: "where it goes, by its form: FILE.png (a PNG; an animated PNG for a sequence), FILE.gif, .mp4, .webm or .mov (a video through ffmpeg), a folder (numbered PNG frames), or - (standard output)")
    var output: OutputTarget
    @Option(short: "p", valueName: "P", help: "render one frame at this progress, 0...1", in: 0...1)
    var progress: Float?
    @Option(valueName: "SECONDS", help: "render the whole transition over this many seconds, as a sequence", in: 0.001...3600)
    var duration: Double?
    @Option(valueName: "N", help: "frames per second of a sequence (default: 30)", in: 0.001...1000)
    var fps: Double?
    @Option(valueName: "NAME", help: "timing curve of a sequence: linear, easeIn, easeOut or easeInOut (SwiftUI's cubic Béziers) (default: easeInOut)")
    var curve: TransitionCurve?
    @Option(valueName: "MODE",
            help: "how a --to of another size fits --from's size: fill (cover, cropped), fit (inside, transparent bands) or stretch")
    var fit = FitMode.fill
    @Option(help: "pixels per point of the frames, as @2x/@3x: views are drawn at that scale, pictures drawn larger, the transition's geometry in points", in: 1...8)
    var scale = 1
    @Flag(short: "q", help: "print nothing but errors")
    var quiet: Bool
    @Option(valueName: "FILE", help: "the outgoing picture (PNG); default the pool floor", section: "PICTURES")
    var from: String?
    @Option(valueName: "FILE", help: "the incoming picture (PNG); default the pool floor in warm colours", section: "PICTURES")
    var to: String?
    @Option(valueName: "FILE.swift", help: "the outgoing picture as a SwiftUI view file, proposed --size (default: its ideal size)", section: "VIEWS")
    var fromView: String?
    @Option(valueName: "FILE.swift", help: "the incoming picture as a SwiftUI view file, proposed the outgoing picture's size", section: "VIEWS")
    var toView: String?
    @Option(valueName: "NAME=VALUE", help: "a value for a top-level constant or the root view's @State or property of both views (repeatable)", section: "VIEWS",
            repeatedRead: { parsed, name throws(UsageError) in try parsed.keyValuePairs(name) })
    var set: [KeyValuePair]
    @Option(valueName: "NAME=VALUE", help: "as --set, for the --from-view only (after --set)", section: "VIEWS",
            repeatedRead: { parsed, name throws(UsageError) in try parsed.keyValuePairs(name) })
    var fromSet: [KeyValuePair]
    @Option(valueName: "NAME=VALUE", help: "as --set, for the --to-view only (after --set)", section: "VIEWS",
            repeatedRead: { parsed, name throws(UsageError) in try parsed.keyValuePairs(name) })
    var toSet: [KeyValuePair]
    @Option(valueName: "DIR", help: "a folder the views' Image(\"Name\") look in, after the view file's own (repeatable)", section: "VIEWS")
    var assets: [String]
    @Option(valueName: "WxH", help: "size of the built-in pictures in points, or the size proposed to --from-view (default: the size of the picture file given, else 512x384)",
            section: "PICTURES", read: { parsed, name throws(UsageError) in try InputFlags.size(parsed, name) })
    var size: SIMD2<Int>?
    @OptionGroup var custom: CustomShaderFlags
    @Option(valueName: "NAME", help: "the float parameter of --shader that the progress (0...1) feeds", section: "CUSTOM SHADER")
    var progressArg = "progress"
    @Option(valueName: "NAME", help: "the image parameter of --shader (texture2d<half> in Metal, sampler2D in GLSL) that the outgoing picture feeds; a distortion has none",
            section: "CUSTOM SHADER")
    var fromArg = "from"
    @OptionGroup var encoding: EncodingFlags
    @OptionGroup var video: VideoFlags
    @OptionGroup var limits: LimitFlags
    @OptionGroup var gpu: GPUFlags
    @OptionGroup var blankCheck: BlankCheckFlags

    static func unknownTransition(_ name: String) -> UsageError {
        let names = BuiltInTransitions.all.map { $0.name }
        let list = names.joined(separator: ", ")
        let expected = TextUtilities.suggestion(for: name, among: names).map { "'\($0)' or another built-in transition (\(list))" }
        return .invalidValue(option: "transition", value: name, expected: expected ?? "a built-in transition (\(list))")
    }

    static func dynamicOptions(_ first: ParsedArguments, words: [String]) throws(UsageError) -> [OptionDescription] {
        let name = first.positional("transition")
            ?? (first.isHelpRequested ? words.first { BuiltInTransitions.named($0) != nil } : nil)
        guard let name else { return [] }
        guard let transition = BuiltInTransitions.named(name) else { throw unknownTransition(name) }
        return EffectOptions.options(transition.parameters, section: "\(transition.name.uppercased()) PARAMETERS")
    }

    /// What to render: one frame at a progress, or a timed sequence.
    enum Plan {
        case frame(progress: Float)
        case sequence(TransitionTiming, curve: TransitionCurve)
    }

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        out.quiet = quiet
        // Validate everything before the first GL call.
        if output == .standardOutput { out.toStandardError = true }
        let plan = try self.plan()
        var transition: any Transition
        let name: String
        if let builtInName = self.transition {
            guard let builtIn = BuiltInTransitions.named(builtInName) else { throw Self.unknownTransition(builtInName) }
            // With views, --shader, --library and --include are the views' library.
            let forViews = hasViews && [custom.function, custom.kind?.rawValue].allSatisfy { $0 == nil } && custom.arg.isEmpty
            if !forViews, let given = custom.givenOption {
                throw UsageError.invalidValue(option: "--\(given.name)", value: given.value,
                                              expected: "no --\(given.name) with a built-in transition (it is for --shader)")
            }
            transition = try builtIn.init(values: EffectOptions.values(of: builtIn.parameters, from: context.parsed))
            name = builtIn.name
        } else {
            let own = try customTransition()
            transition = own
            name = own.name
        }

        let options = try gpu.resolve()
        let start = ContinuousClock.now
        let renderer = try Renderer(options: options)
        limits.apply(to: renderer)
        if let size { try renderer.budget.check(width: size.x, height: size.y, scale: scale) }
        let sides = try views(renderer: renderer)
        var (from, to, names) = try pictures(on: renderer, views: sides)
        if scale > 1 {
            // Pictures are one pixel a point: drawn at the frames' scale, as render --scale draws them.
            if fromView == nil { from = try renderer.render(from, effects: [], scale: scale) }
            if toView == nil { to = try renderer.render(to, effects: [], scale: scale) }
            guard from.width % scale == 0, from.height % scale == 0 else {
                throw CommandFailure(message: "--from-view \(fromView ?? ""): \(from.width)x\(from.height) pixels at @\(scale)x is not a whole number of points; give the view a whole size (--size WxH or a frame)", exitCode: 1)
            }
        }
        if let own = transition as? CustomTransition {
            transition = own.resolvingImages(try own.custom.imagePaths.mapValues { try renderer.budget.readImage(path: $0) })
        }
        for effect in transition.passes(progress: 0.5, from: from, incomingIsOpaque: true) { try renderer.prepare(effect) }

        var blank = BlankSequence()
        switch plan {
        case let .frame(progress):
            let frame = try transition.render(renderer, from: from, to: to, progress: progress, fit: fit, scale: scale)
            blank.add { BlankPicture.check(frame) }
            try SinglePicture.write(frame, to: output, effect: name, renderer: renderer.context.info.summary,
                                    compression: encoding.compression.level, video: video)
            out.status("wrote \(output.name) (\(frame.width)x\(frame.height), \(name) at progress \(progress), \(names)) in \(milliseconds(since: start)) on \(renderer.context.info.summary)")
        case let .sequence(timing, curve):
            let count = timing.frameCount
            let sink = try SequenceSink(target: output, range: 0...(count - 1), total: count, width: from.width, height: from.height,
                                        fps: timing.fps, effect: name, renderer: renderer.context.info.summary,
                                        compression: encoding.compression.level, video: video)
            // Fit once: every frame then starts from the same picture (and the same texture).
            var incoming = fit.fitting(to, width: from.width, height: from.height)
            var incomingIsOpaque = incoming.isOpaque  // once, not once a frame
            var outgoing = from
            for k in 0..<count {
                if let sides, k > 0 {
                    // The views again at this frame's time: what moves in them keeps moving.
                    let drawn = try sides.pictures(at: Double(k) / timing.fps)
                    if let picture = drawn.from {
                        guard picture.width == from.width, picture.height == from.height else {
                            throw CommandFailure(message: "--from-view \(fromView ?? ""): frame \(k) is \(picture.width)x\(picture.height), frame 0 was \(from.width)x\(from.height); give the view a fixed size (--size WxH or a frame)", exitCode: 1)
                        }
                        outgoing = picture
                    }
                    if let to = drawn.to {
                        incoming = fit.fitting(to, width: from.width, height: from.height)
                        incomingIsOpaque = incoming.isOpaque
                    }
                }
                let frame = try transition.render(renderer, from: outgoing, to: incoming, progress: timing.progress(ofFrame: k), fit: .stretch,
                                                  incomingIsOpaque: incomingIsOpaque, scale: scale)
                let straight = StraightFrame(image: frame)
                blank.add { BlankPicture.check(straight) }
                try sink.write(straight, index: k)
            }
            let written = try sink.finish()
            out.status("wrote \(count) frames to \(output.name) (\(from.width)x\(from.height), \(name) over \(timing.duration) s at \(timing.fps) fps, \(curve.rawValue), \(names)) in \(milliseconds(since: start)) on \(renderer.context.info.summary); \(written.summary)")
        }
        return blankCheck.warn(blank.common, in: output.name) ? 1 : 0
    }

    /// The user's transition function from --shader (or --library), --arg, --progress-arg and --from-arg.
    func customTransition() throws -> CustomTransition {
        guard let library = try custom.loadLibrary() else {
            throw UsageError.missingArgument("transition (a built-in transition name, or --shader FILE / --library DIR)")
        }
        do {
            return try CustomTransition(library: library, function: custom.function, kind: custom.kind,
                                        arguments: custom.arg.map { ($0.key, $0.value) }, progress: progressArg, from: fromArg,
                                        maxSampleOffset: custom.maxSampleOffset ?? .zero)
        } catch let error as CustomEffectError {
            throw CustomShaderFlags.usageError(error)
        }
    }

    /// One frame or a sequence, from --progress or --duration with --fps and --curve.
    func plan() throws(UsageError) -> Plan {
        if progress != nil, let duration {
            throw .invalidValue(option: "--duration", value: duration.optionText,
                                expected: "either --progress (one frame) or --duration (a sequence), not both")
        }
        if let progress {
            if let fps {
                throw .invalidValue(option: "--fps", value: fps.optionText,
                                    expected: "no --fps with --progress (it times a sequence, given with --duration)")
            }
            if let curve {
                throw .invalidValue(option: "--curve", value: curve.rawValue,
                                    expected: "no --curve with --progress (it times a sequence, given with --duration)")
            }
            return .frame(progress: progress)
        }
        guard let duration else {
            throw .missingOption("--progress <P> or --duration <SECONDS>")
        }
        let curve = curve ?? .easeInOut
        let timing = TransitionTiming(duration: duration, fps: fps ?? 30, curve: curve.unitCurve)
        guard timing.frameCount <= 100_000 else {
            throw .invalidValue(option: "--duration", value: duration.optionText,
                                expected: "at most 100000 frames (duration * fps + 1), got \(timing.frameCount)")
        }
        return .sequence(timing, curve: curve)
    }

    /// The outgoing and incoming pictures: the views drawn at time 0, the files given, or the
    /// built-in ones drawn on `renderer` at `size`, else at the size of the file that was given,
    /// else 512x384. Also a phrase naming them.
    func pictures(on renderer: Renderer, views: TransitionViews?) throws -> (from: RGBAImage, to: RGBAImage, names: String) {
        let limits = renderer.budget.imageLimits()
        let drawn = try views?.pictures(at: 0)
        let fromFile = try drawn?.from ?? from.map { try ImageFile.read(path: $0, limits: limits) }
        let toFile = try drawn?.to ?? to.map { try ImageFile.read(path: $0, limits: limits) }
        // A picture file is one pixel a point; a drawn view has `scale` pixels a point.
        let given = drawn?.from.map { SIMD2($0.width, $0.height) / scale } ?? drawn?.to.map { SIMD2($0.width, $0.height) / scale }
            ?? (fromFile ?? toFile).map { SIMD2($0.width, $0.height) }
        let size = size ?? given ?? SIMD2(512, 384)
        let names = "\(fromView ?? from ?? "built-in pool") to \(toView ?? to ?? "built-in warm pool")"
        if let fromFile, let toFile { return (fromFile, toFile, names) }
        let samples = try BuiltInTransitions.samplePictures(width: size.x, height: size.y, on: renderer)
        return (fromFile ?? samples.from, toFile ?? samples.to, names)
    }

    /// Whether a side is a view file.
    var hasViews: Bool { fromView != nil || toView != nil }

    /// The view files of --from-view and --to-view, parsed, with their values; nil without either.
    func views(renderer: Renderer) throws -> TransitionViews? {
        guard hasViews else { return nil }
        for (option, view, picture) in [("--from-view", fromView, from), ("--to-view", toView, to)] {
            if let view, let picture {
                throw UsageError.invalidValue(option: option, value: view, expected: "a view or a picture (--\(option.dropFirst(2).dropLast(5))), not both: \(picture)")
            }
        }
        let files = ViewFileCache()
        let shaders = try custom.loadLibrary()
        func side(_ path: String?, option: String, sets: [KeyValuePair]) throws -> ViewInput? {
            guard let path else { return nil }
            let program: ViewFileProgram
            do {
                program = try files.program(path: path)
            } catch let error as InputFileError {
                throw CommandFailure(message: "\(option) \(path): \(error)", exitCode: 1)
            }
            var overrides: [String: String] = [:]
            for pair in set + sets { overrides[pair.key] = pair.value }
            let folder = (path as NSString).deletingLastPathComponent
            return ViewInput(program: program, overrides: overrides, assetFolders: [folder.isEmpty ? "." : folder] + assets, shaders: shaders)
        }
        return TransitionViews(from: try side(fromView, option: "--from-view", sets: fromSet),
                               to: try side(toView, option: "--to-view", sets: toSet),
                               size: size, scale: scale, drawer: ViewCaseRenderer(renderer: renderer, files: files))
    }
}

/// The views a transition runs between, drawn for each frame's time on one warm view renderer.
struct TransitionViews {
    var from: ViewInput?
    var to: ViewInput?
    /// `--size`: proposed to the outgoing view; the incoming one is proposed the outgoing picture's size.
    var size: SIMD2<Int>?
    /// `--scale`: pixels per point the views are drawn at.
    var scale = 1
    let drawer: ViewCaseRenderer

    /// The views drawn at `time`; a side that is no view is nil.
    func pictures(at time: Double) throws -> (from: RGBAImage?, to: RGBAImage?) {
        var outgoing = from
        outgoing?.size = size
        let fromPicture = try outgoing.map { try drawer.render($0, time: time, scale: scale) }
        var incoming = to
        // Proposed the outgoing picture's size in points.
        incoming?.size = fromPicture.map { SIMD2($0.width / scale, $0.height / scale) } ?? size
        return (fromPicture, try incoming.map { try drawer.render($0, time: time, scale: scale) })
    }
}
