import ShaderFXUI
import ShaderFXCore
import Dispatch
import ShaderFXGolden

#if canImport(Glibc)
import Glibc
#endif

/// `shaderfx animate`: an effect over time, as numbered PNG frames, an animated PNG, a video,
/// or frames on standard output.
struct AnimateCommand: BuiltInEffectCommand {
    /// A chained `--then --shader` stage animates as the first effect does.
    static var animatesEffectChain: Bool { true }

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "animate",
            abstract: "Render an effect over time: PNG frames, an animated PNG, a GIF or video, a contact sheet.",
            discussion: """
                Frame k shows time k / fps. Time-driven effects get the frame's time; gesture-driven ones \
                (ripple and the other seed effects) follow taps and drags, given with --tap/--drag or an event \
                script (--events), as the seeds' gestures drive them; with none, one tap at --origin (or the \
                centre) at time 0. Without --duration an effect runs for its own length (3 s for ripple). \
                Each frame depends only on its time, so --frames A..B renders a sub-range exactly as the \
                whole run would (spread one animation over many machines). \
                --keyframe NAME=VALUE@T moves a float, point or colour parameter from value to value \
                (ripple's amplitude, a loupe's zoom, checkerboard's replacement colour); a still effect then \
                runs until its last keyframe.
                Your own function (--shader FILE, Metal or GLSL, with --arg as for render) animates through \
                --time-arg NAME (the float parameter each frame's time feeds) and --keyframe NAME=VALUE@T (an \
                argument moving from value to value; an event script's "keyframes" may add timing curves); \
                without --duration it runs until its last keyframe. --then --shader FILE chains one after an effect.
                A view file (--view FILE.swift) is evaluated again for each frame: --tap, --drag and --events \
                run its own gesture handlers, each touch before the first frame at or after it, and the @State \
                they change lasts for the run (Date() is the run's clock); with no handler in the file, \
                --tap sets the root's origin and starts its keyframe animators. --time-arg NAME gives a \
                top-level constant or the root's property the frame's time; --keyframe NAME=VALUE@T moves one.
                """,
            examples: [
                UsageExample("shaderfx animate ripple --origin 256,192 -o frames/", explanation: "the 3 s ripple at 60 fps as 180 PNG files"),
                UsageExample("shaderfx animate ripple --tap 100,80@0 --tap 300,200@1.2 --duration 4 -o ripple.png",
                             explanation: "two taps, as an animated PNG"),
                UsageExample("shaderfx animate ripple --frames 0..59 -o frames/", explanation: "the first second only"),
                UsageExample("shaderfx animate ripple --keyframe amplitude=0@0 --keyframe amplitude=24@1.5 -o ripple.mp4",
                             explanation: "the ripple's amplitude keyframed from 0 to 24 over its first 1.5 s"),
                UsageExample("shaderfx animate blur --radius 30 --then background-warp --duration 10 --fps 30 -i cover.png -o warp.png",
                             explanation: "seed 004: the cover art blurred, then warped by flowing noise"),
                UsageExample("shaderfx animate --shader Ripple.metal --time-arg time --arg origin=256,192 --arg amplitude=12 --arg frequency=15 --arg decay=8 --arg speed=1200 --max-sample-offset 12 --duration 1 -o ripple.mp4",
                             explanation: "your own [[ stitchable ]] function, its time argument fed each frame's time"),
                UsageExample("shaderfx animate --view examples/views/RefractionView.swift --library examples/metal --size 390x844 --drag \"80,200@0.1;160,320@0.4;240,440@0.7\" --duration 2 --fps 30 -o refraction.mp4",
                             explanation: "seed 002: a drag through the view's own DragGesture leaves ripples in the picture"),
                UsageExample("shaderfx animate --shader vignette.glsl --arg tint=indigo --arg bounds=bounds --keyframe strength=0@0 --keyframe strength=2@1.5 -o vignette.gif",
                             explanation: "an argument keyframed from 0 to 2 over 1.5 s"),
            ])
    }

    @Argument(help: "a built-in effect, e.g. ripple (or --shader FILE for your own)", completion: .builtInEffects)
    var effect: String?
    @Option(short: "o", valueName: "DIR/|FILE.png|FILE.gif|FILE.mp4|FILE.webm|FILE.mov|-",
            help: "where the frames go, by its form: a folder (frame_00000.png, ..., and manifest.json last), a .png file (an animated PNG), a .gif, .mp4, .webm or .mov video (through ffmpeg), or - for standard output (raw straight RGBA frames unless --format png: ffmpeg -f rawvideo -pix_fmt rgba -s WxH -r FPS -i -)")
    var output: OutputTarget
    @Option(help: "frames per second", in: 1...1000)
    var fps = 60
    @Option(valueName: "SECONDS", help: "length of the animation (default: the effect's own)", in: 0.001...86_400)
    var duration: Double?
    @Option(valueName: "A..B", help: "render only frames A to B (inclusive) of the whole run",
            read: { parsed, name throws(UsageError) in try parsed.frameRange(name) })
    var frames: ClosedRange<Int>?
    @Option(valueName: "FILE", help: "also write a grid of up to 12 evenly spaced frames")
    var contactSheet: String?
    @Option(help: "pixels per point, as @2x/@3x", in: 1...8)
    var scale = 1
    @Option(valueName: "N", help: "refuse a run of more frames than this (duration * fps); raise it for longer runs", in: 1...Int.max)
    var maxFrames = FrameFolder.defaultMaxFrames
    @Flag(short: "q", help: "print nothing but errors (no progress bar)")
    var quiet: Bool
    @OptionGroup var inputFlags: InputFlags
    @OptionGroup var viewFlags: ViewFlags
    @OptionGroup var custom: CustomShaderFlags
    @OptionGroup var animation: ShaderAnimationFlags
    @OptionGroup var gestureFlags: GestureFlags
    @OptionGroup var encoding: EncodingFlags
    @OptionGroup var video: VideoFlags
    @OptionGroup var limits: LimitFlags
    @OptionGroup var gpu: GPUFlags
    @OptionGroup var blankCheck: BlankCheckFlags

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        let builtIn = try effect.map { name throws(UsageError) in
            guard let effect = BuiltInEffects.named(name) else { throw EffectOptions.unknownEffect(name) }
            return effect
        }
        out.quiet = quiet
        let args = context.parsed
        if viewFlags.view != nil { return try animateView(output: &out) }

        // Everything is checked before the first GL call.
        if output == .standardOutput { out.toStandardError = true }
        try inputFlags.validate()
        var events = try gestureFlags.script()
        // Image parameters are decoded once for the run, within --max-pixels (the GPU's size
        // limit checked once it is up).
        let images = ImageStore(budget: RenderBudget(maxPixels: limits.maxPixels))
        let stages = try EffectStage.stages(builtIn: builtIn.map { ($0, EffectOptions.values(for: $0, from: args)) },
                                            custom: custom, animation: animation, scriptKeyframes: events.keyframes,
                                            chain: context.chain, images: images)
        let options = try gpu.resolve()

        let renderer = try Renderer(options: options)
        limits.apply(to: renderer)
        images.budget = renderer.budget
        let (image, inputName) = try inputFlags.load(defaultPicture: stages[0].kind == .fill ? .circle : .pool,
                                                     renderer: renderer, scale: scale)
        let size = SIMD2(Double(image.width), Double(image.height))
        let gestureDriven = stages.contains {
            if case let .builtIn(effect, _) = $0 { return type(of: effect).animation == .gesture || Self.isTouch(type(of: effect).animation) }
            return false
        }
        if events.taps.isEmpty && events.drags.isEmpty, gestureDriven {
            // --origin, when the effect has one and it was given, is the tap; else the centre.
            let values = builtIn.map { EffectOptions.values(for: $0, from: args) }
            let given = try values.flatMap { values throws(ParameterError) in values.raw["origin"] == nil ? nil : try values.point("origin", .zero) }
            let origin = given.map { SIMD2(Double($0.x), Double($0.y)) } ?? size / 2
            events.taps = [EventScript.Touch(time: 0, x: origin.x, y: origin.y)]
        }
        let animators = try stages.map { try StageAnimator(try $0.readingImages(images), events: events, size: size) }
        // A gesture effect whose gestures start nothing (drags for ripple-wave) has no length of its own.
        let natural = animators.compactMap { $0.naturalDuration() }.filter { $0 > 0 }.max()
        guard let duration = duration ?? natural else {
            let reason = builtIn.map { "\($0.name) has no length of its own" }
                ?? "a --shader has no length of its own unless its arguments have keyframes"
            throw UsageError.missingOption("--duration <SECONDS> (\(reason))")
        }
        let name = stages.map(\.name).joined(separator: " then ")
        let (total, range) = try frameRange(duration: duration)
        let sheetPath = contactSheet
        let sheetFrames = Set(Self.sheetIndices(range, count: 12))
        for animator in animators { for pass in try animator.passes(at: 0) { try renderer.prepare(pass) } }

        // Render on this thread (the GPU's); read back through pixel buffers while the next
        // frame draws; encode and write on other threads, overlapping both.
        let width = image.width * scale, height = image.height * scale
        let sink = try SequenceSink(target: output, range: range, total: total, width: width, height: height, fps: Double(fps),
                                    effect: name, renderer: renderer.context.info.summary,
                                    compression: encoding.compression.level, video: video)
        var progress = ProgressBar(total: range.count, enabled: !out.quiet && isatty(STDERR_FILENO) != 0)
        var sheet: [Int: RGBAImage] = [:]
        var blank = BlankSequence()
        let unchangedInput = scale == 1 ? StraightFrame(image: image) : nil
        let start = ContinuousClock.now
        try renderer.renderSequence(image, frames: range, scale: scale, effects: { index in
            try animators.flatMap { try $0.passes(at: Double(index) / Double(fps)) }
        }, deliver: { index, frame in
            // Only the thumbnails a sheet shows are kept, never whole frames.
            if sheetPath != nil && sheetFrames.contains(index) {
                sheet[index] = ContactSheet.thumbnail(frame.premultipliedImage, maxWidth: ContactSheet.defaultThumbnailWidth)
            }
            blank.add { BlankPicture.check(frame, input: unchangedInput) }
            try sink.write(frame, index: index)
            progress.update(done: index - range.lowerBound + 1, elapsed: ContinuousClock.now - start)
        })
        if case .video = output { out.status("finishing the video (ffmpeg) ...") }
        let written = try sink.finish()
        progress.finish()
        if let sheetPath {
            try PNG.write(ContactSheet.make(sheet.keys.sorted().map { sheet[$0]! }), to: sheetPath)
        }
        let elapsed = ContinuousClock.now - start
        let stats = renderer.statistics
        let seconds = elapsed.seconds
        out.status("""
            wrote \(range.count) frame\(range.count == 1 ? "" : "s") (\(range.lowerBound)..\(range.upperBound) of \(total), \
            \(width)x\(height), \(name) over \(inputName)) to \(output.name) \
            in \(format(seconds)) s: \(format(Double(range.count) / seconds)) frames/s on \(renderer.context.info.summary)
            time: upload \(format(stats.upload.seconds)) s, drawing \(format(stats.drawing.seconds)) s, read-back \(format(stats.readBack.seconds)) s, \
            encoding and writing \(format(written.encodingSeconds)) s on \(FrameWriter.workers) threads (overlapped); \
            \(written.summary)
            """ + (sheetPath.map { "\ncontact sheet: \($0)" } ?? ""))
        return blankCheck.warn(blank.common, in: "every frame of \(output.name)") ? 1 : 0
    }

    /// The run's frame count for `duration` at `--fps` (within `--max-frames`) and the frames to
    /// render (`--frames`, or all).
    func frameRange(duration: Double) throws(UsageError) -> (total: Int, range: ClosedRange<Int>) {
        let exactTotal = (duration * Double(fps)).rounded()
        guard exactTotal <= Double(maxFrames) else {
            throw UsageError.invalidValue(option: "--duration", value: duration.optionText,
                                          expected: "at most --max-frames \(maxFrames) frames at \(fps) fps (this run would be \(Int(exactTotal)) frames); give --max-frames to allow more")
        }
        let total = max(1, Int(exactTotal))
        if let frames {
            guard frames.upperBound <= total - 1 else {
                throw UsageError.invalidValue(option: "--frames", value: "\(frames.lowerBound)..\(frames.upperBound)",
                                              expected: "a frame range A..B with 0 <= A <= B within 0..\(total - 1)")
            }
            return (total, frames)
        }
        return (total, 0...(total - 1))
    }

    static func isTouch(_ animation: EffectAnimation) -> Bool {
        if case .touch = animation { return true }
        return false
    }

    /// Up to `count` frame indices spread evenly over `range`, ends included.
    static func sheetIndices(_ range: ClosedRange<Int>, count: Int) -> [Int] {
        let n = min(count, range.count)
        guard n > 1 else { return [range.lowerBound] }
        return (0..<n).map { range.lowerBound + Int((Double($0) * Double(range.count - 1) / Double(n - 1)).rounded()) }
    }
}

func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return "\(rounded)"
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }

}

extension AnimateCommand {
    /// `animate --view FILE`: the view file evaluated again for every frame, its `TimelineView`s
    /// given the frame's time, `--keyframe NAME=V@T` moving its constants and state, `--time-arg
    /// NAME` setting one to the frame's time, and the taps and drags of `--tap`, `--drag` and
    /// `--events` delivered to the view's own gesture handlers, in time order, each before the
    /// first frame at or after it; the state they change is kept for the whole run. A file with no
    /// gesture handler has each `--tap X,Y@T` set its `origin` and start its keyframe animators at T.
    fileprivate func animateView(output out: inout Output) throws -> Int32 {
        if effect != nil {
            throw UsageError.invalidValue(option: "--view", value: viewFlags.view ?? "",
                                          expected: "the effects inside the view file (.layerEffect, .colorEffect, ...), not an effect name")
        }
        if output == .standardOutput { out.toStandardError = true }
        let shaders = try custom.loadLibrary()
        guard let (program, given) = try viewFlags.program(shaders: shaders) else { return 1 }
        var base = given
        guard let duration else { throw UsageError.missingOption("--duration <SECONDS> (a view has no length of its own)") }
        let (total, range) = try frameRange(duration: duration)
        // Keyframed values: each name's keyframes read as numbers (1 to 4 components).
        var moving: [(name: String, values: KeyframedArgument)] = []
        for (name, list) in try ShaderAnimationFlags.keyframes(animation.keyframe, script: [:]) {
            let width: Int
            if case .text(let text) = list[0].value { width = max(1, min(4, text.split(separator: ",").count)) } else { width = 1 }
            let type: ParameterType = [.float, .vec2, .vec3, .vec4][width - 1]
            do {
                moving.append((name, try KeyframedArgument(list, type: type)))
            } catch {
                throw UsageError.invalidValue(option: "--keyframe", value: name, expected: "\(error)")
            }
        }
        let touches = ViewTouchRun(script: try gestureFlags.script())
        // State lives for the run: made at time 0, then changed only by the view's handlers.
        base.session = ViewFileSession()

        let renderer = try Renderer(options: try gpu.resolve())
        limits.apply(to: renderer)
        func settings(at time: Double) -> ViewFileSettings {
            var settings = base
            settings.time = time
            settings.triggerTime = nil
            for (name, values) in moving {
                settings.overrides[name] = values.components(at: time).map { "\($0)" }.joined(separator: ",")
            }
            if let name = animation.timeArg { settings.overrides[name] = "\(time)" }
            touches.apply(to: &settings, at: time)
            return settings
        }
        // One view renderer for the run: fonts, glyphs, pictures and programs are kept.
        let viewRenderer = try program.renderer(settings: settings(at: 0), renderer: renderer, size: inputFlags.size, scale: scale)
        if let note = try touches.begin(viewRenderer) { out.status("note: \(note)") }
        let name = viewFlags.view.map { ($0 as NSString).lastPathComponent } ?? "view"
        var sink: SequenceSink?
        var viewBlank = BlankSequence()
        var width = 0, height = 0
        var progress = ProgressBar(total: range.count, enabled: !out.quiet && isatty(STDERR_FILENO) != 0)
        var sheet: [Int: RGBAImage] = [:]
        let sheetFrames = Set(Self.sheetIndices(range, count: 12))
        let start = ContinuousClock.now
        // On a GPU, each frame's pixels are read back while the next is evaluated and drawn, so a
        // frame is written once the next one is drawn (the last after the loop). A CPU rasteriser
        // copies into the pixel buffer at once: there the buffer is one copy more for nothing
        // (llvmpipe, 1080 × 1920 card: read-back 0–6 ms slower a frame, 4 runs), and frames are read directly.
        let overlapsReadBack = !renderer.context.info.isSoftware
        func write(_ frame: StraightFrame, index: Int) throws {
            if sink == nil {
                width = frame.width
                height = frame.height
                sink = try SequenceSink(target: output, range: range, total: total, width: width, height: height, fps: Double(fps),
                                        effect: name, renderer: renderer.context.info.summary,
                                        compression: encoding.compression.level, video: video)
            }
            guard frame.width == width, frame.height == height else {
                throw CommandFailure(message: "--view \(name): frame \(index) is \(frame.width)x\(frame.height), frame \(range.lowerBound) was \(width)x\(height); give the view a fixed size (--size WxH or a frame)", exitCode: 1)
            }
            if contactSheet != nil && sheetFrames.contains(index) {
                sheet[index] = ContactSheet.thumbnail(frame.premultipliedImage, maxWidth: ContactSheet.defaultThumbnailWidth)
            }
            viewBlank.add { BlankPicture.check(frame) }
            try sink?.write(frame, index: index)
            progress.update(done: index - range.lowerBound + 1, elapsed: ContinuousClock.now - start)
        }
        for index in range {
            let time = Double(index) / Double(fps)
            // Each touch at or before this frame, on the view as it is at the touch's time.
            try touches.deliver(upTo: time, program: program, viewRenderer: viewRenderer, settings: settings(at:))
            try program.update(viewRenderer, settings: settings(at: time))
            if overlapsReadBack {
                if let frame = try viewRenderer.renderStraightOverlapped() { try write(frame, index: index - 1) }
            } else {
                try write(try viewRenderer.renderStraight(), index: index)
            }
        }
        if let frame = try viewRenderer.finishStraight() { try write(frame, index: range.upperBound) }
        guard let sink else { return 1 }
        let first = viewRenderer
        if let note = touches.unhandledNote { out.status("note: \(note)") }
        if let error = program.drawingError { throw error }
        if case .video = output { out.status("finishing the video (ffmpeg) ...") }
        let written = try sink.finish()
        progress.finish()
        if let sheetPath = contactSheet {
            try PNG.write(ContactSheet.make(sheet.keys.sorted().map { sheet[$0]! }), to: sheetPath)
        }
        for note in program.notes + first.notes { out.status("note: \(note)") }
        let seconds = (ContinuousClock.now - start).seconds
        out.status("wrote \(range.count) frame\(range.count == 1 ? "" : "s") (\(range.lowerBound)..\(range.upperBound) of \(total), \(width)x\(height), \(name)) to \(output.name) in \(format(seconds)) s: \(format(Double(range.count) / seconds)) frames/s on \(renderer.context.info.summary); \(written.summary)")
        return blankCheck.warn(viewBlank.common, in: "every frame of \(output.name)") ? 1 : 0
    }
}
