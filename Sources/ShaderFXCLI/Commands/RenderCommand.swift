import ShaderFXUI
import ShaderFXGolden

import Foundation

/// `shaderfx render`: one effect (built-in, or a user's Metal or GLSL function) over one picture, to PNG.
struct RenderCommand: BuiltInEffectCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "render",
            abstract: "Apply an effect to a picture and write a PNG.",
            discussion: """
                Give a built-in effect by name ('shaderfx effects' lists them, with their parameters), or your own \
                function with --shader FILE: a SwiftUI [[ stitchable ]] Metal file (.metal) as you ship it, or the \
                function in GLSL ES 3.0 (any other file); --library DIR takes every .metal file of a folder as one \
                library, as Xcode builds ShaderLibrary.default. The signature fixes the kind \
                (color: half4 f(float2 position, half4 color, ...), in GLSL vec4 f(vec2 position, vec4 color, ...); \
                distortion: float2 f(float2 position, ...); layer: half4 f(float2 position, SwiftUI::Layer layer, ...); \
                fill: any other half4 f(float2 position, ...)); --kind only checks it (or picks fill for a \
                colour-shaped signature). --function may be left out when the file has one effect function. --arg \
                gives the other parameters by name. Chain built-in effects after the first with --then NAME [--PARAM VALUE ...].

                A view file (--view FILE.swift) is drawn instead of a picture. --tap, --drag and --events are delivered \
                to the view's own gesture handlers first, in time order, as animate --view delivers them, and the \
                picture shows the state they leave: the view at --at SECONDS (touches after it are not delivered), \
                or at the last touch's time.
                """,
            examples: [
                UsageExample("shaderfx render ripple --input photo.png --origin 120,80 --time 0.3 -o out.png",
                             explanation: "the WWDC ripple 0.3 s after a tap at (120, 80)"),
                UsageExample("shaderfx render stripes --picture circle --thickness 12 --colors mint,indigo -o stripes.png"),
                UsageExample("shaderfx render blur --radius 30 --then background-warp --time 2 -i cover.png -o warped.png",
                             explanation: "effects chain with --then, each reading the previous one's output"),
                UsageExample("shaderfx render --shader Ripple.metal --input photo.png --arg origin=300,200 --arg time=0.1 --arg amplitude=12 --arg frequency=15 --arg decay=8 --arg speed=1200 --max-sample-offset 12 -o out.png",
                             explanation: "your own [[ stitchable ]] Metal function, kind and function read from the file"),
                UsageExample("shaderfx render --library Shaders/ --function Stripes --arg thickness=12 --arg ptr=mint,indigo -o stripes.png",
                             explanation: "one function of a folder of .metal files"),
                UsageExample("shaderfx render --shader my.glsl --function tint --kind color --arg amount=0.5 --arg color=teal -i in.png -o out.png"),
                UsageExample("shaderfx render --view examples/views/RefractionView.swift --library examples/metal --size 390x844 --drag \"80,200@0.1;160,320@0.4\" --at 0.6 -o dragged.png",
                             explanation: "seed 002's view as its DragGesture leaves it, 0.2 s after the drag"),
            ])
    }

    @Argument(help: "a built-in effect, e.g. ripple or stripes", completion: .builtInEffects)
    var effect: String?
    @Option(short: "o", valueName: "FILE",
            help: "where the picture goes, by its form: FILE.png (written whole or not at all), FILE.gif, .mp4, .webm or .mov (a one-frame video), a folder (frame_00000.png), or - (a PNG on standard output)")
    var output: OutputTarget
    @Option(help: "pixels per point, as @2x/@3x", in: 1...8)
    var scale = 1
    @Option(valueName: "frame|grown", help: "write the picture's frame, or the frame grown by maxSampleOffset")
    var region = OutputRegion.frame
    @Flag(help: "render with isEnabled: false (the layer drawn unchanged)")
    var disabled: Bool
    @Flag(short: "q", help: "print nothing but errors")
    var quiet: Bool
    @Flag(help: "after the picture, report where Metal's half precision changes it and which lines cause it (as 'shaderfx precision')")
    var precisionReport: Bool
    @OptionGroup var inputFlags: InputFlags
    @OptionGroup var viewFlags: ViewFlags
    @OptionGroup var gestureFlags: GestureFlags
    @OptionGroup var custom: CustomShaderFlags
    @OptionGroup var encoding: EncodingFlags
    @OptionGroup var video: VideoFlags
    @OptionGroup var limits: LimitFlags
    @OptionGroup var gpu: GPUFlags
    @OptionGroup var blankCheck: BlankCheckFlags

    func run(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        out.quiet = quiet
        if output == .standardOutput { out.toStandardError = true }
        if viewFlags.view != nil { return try renderView(context, output: &out) }
        if !gestureFlags.isEmpty {
            throw UsageError.missingOption("--view FILE.swift (--tap, --drag and --events reach a view's gesture handlers; a built-in effect's tap is --origin and --time)")
        }
        // Validate everything before the first GL call.
        let builtIn = try effect.map { name throws(UsageError) in
            guard let effect = BuiltInEffects.named(name) else { throw EffectOptions.unknownEffect(name) }
            return effect
        }
        if precisionReport, builtIn != nil || !(custom.library != nil || custom.shader?.lowercased().hasSuffix(".metal") == true) || !context.chain.isEmpty {
            throw UsageError.missingOption("--shader FILE.metal or --library DIR, without --then, for --precision-report (built-in effects and GLSL have no half to report on)")
        }
        // Image parameters are decoded once, within --max-pixels (the GPU's size limit checked once it is up).
        let images = ImageStore(budget: RenderBudget(maxPixels: limits.maxPixels))
        let stages = try EffectStage.stages(
            builtIn: builtIn.map { ($0, EffectOptions.values(for: $0, from: context.parsed)) },
            custom: custom, chain: context.chain, images: images)
        try inputFlags.validate()
        let name = stages.map(\.name).joined(separator: " then ")

        let options = try gpu.resolve()
        let start = ContinuousClock.now
        // The input is read and decoded while the GPU context starts.
        let prefetched = inputFlags.prefetch(maxPixels: limits.maxPixels, scale: scale)
        let renderer = try Renderer(options: options)
        limits.apply(to: renderer)
        images.budget = renderer.budget
        let ready = ContinuousClock.now
        let (image, inputName) = try inputFlags.load(prefetched: prefetched, defaultPicture: stages[0].kind == .fill ? .circle : .pool,
                                                     renderer: renderer, scale: scale)
        // Image arguments of custom shaders are read now, once.
        var resolved = try stages.flatMap { try $0.readingImages(images).passes() }
        if disabled { resolved = resolved.map { var e = $0; e.isEnabled = false; return e } }
        let decoded = ContinuousClock.now
        for effect in resolved { try renderer.prepare(effect) }
        let compiled = ContinuousClock.now
        let rendered: ContinuousClock.Instant
        let encoded: ContinuousClock.Instant
        var bytes = ""
        let size: (width: Int, height: Int)
        // The input, as the frame holds it, for "the effect changed nothing" (same size only).
        let unchangedInput = { (width: Int, height: Int) -> StraightFrame? in
            image.width == width && image.height == height ? StraightFrame(image: image) : nil
        }
        let blank: BlankPicture?
        if case let .png(path) = output {
            // A PNG file: straightened to 8 bits on the GPU, read back as bytes, encoded as they are.
            let frame = try renderer.renderStraight(image, effects: resolved, scale: scale, region: region)
            rendered = ContinuousClock.now
            size = (frame.width, frame.height)
            blank = BlankPicture.check(frame, input: unchangedInput(frame.width, frame.height))
            let png = try PNG.encode(frame, compression: encoding.compression.level, parallel: true)
            encoded = ContinuousClock.now
            bytes = " (\(png.count) bytes)"
            try PNG.writeFile(png, to: path)
        } else {
            let result = try renderer.render(image, effects: resolved, scale: scale, region: region)
            rendered = ContinuousClock.now
            size = (result.width, result.height)
            blank = BlankPicture.check(StraightFrame(image: result), input: unchangedInput(result.width, result.height))
            encoded = ContinuousClock.now
            try SinglePicture.write(result, to: output, effect: name, renderer: renderer.context.info.summary,
                                    compression: encoding.compression.level, video: video)
        }
        let stats = renderer.statistics
        out.status("wrote \(output.name) (\(size.width)x\(size.height), \(name) over \(inputName)) in \(milliseconds(since: start)) on \(renderer.context.info.summary)")
        out.status("time: set-up \(ms(ready - start)), decode \(ms(decoded - ready)), compile \(ms(compiled - decoded)), "
                   + "upload \(ms(stats.upload)), draw \(ms(stats.drawing)), read-back \(ms(stats.readBack)), "
                   + "encode \(ms(encoded - rendered))\(bytes), write \(ms(ContinuousClock.now - encoded))")
        if precisionReport {
            let report = try PrecisionCommand.report(custom, shader: custom.shader, images: images, renderer: renderer, image: image,
                                                     scale: scale, maxLines: 64, output: &out)
            let text = PrecisionCommand.text(report, name: custom.shader ?? custom.library ?? "", input: inputName, top: 10)
            if output == .standardOutput { Output.write(text + "\n", to: STDERR_FILENO) } else { out.print(text) }
        }
        return blankCheck.warn(blank, in: output.name) ? 1 : 0
    }

    /// `render --view FILE`: the view file evaluated, laid out in `--size` (its ideal size by
    /// default), drawn at `--scale`, with a built-in effect (and its `--then` chain) over the
    /// whole view when one is named. Touches (`--tap`, `--drag`, `--events`) are delivered to the
    /// view's handlers first, in time order, as `animate --view` delivers them; the picture is
    /// the view at `--at` (touches after it are not delivered), or at the last touch's time.
    private func renderView(_ context: CommandContext, output out: inout Output) throws -> Int32 {
        let start = ContinuousClock.now
        if inputFlags.input != nil || inputFlags.picture != nil {
            throw UsageError.invalidValue(option: "--view", value: viewFlags.view ?? "",
                                          expected: "a view or a picture (--input, --picture), not both")
        }
        let builtIn = try effect.map { name throws(UsageError) in
            guard let effect = BuiltInEffects.named(name) else { throw EffectOptions.unknownEffect(name) }
            return effect
        }
        let shaders = builtIn == nil ? try custom.loadLibrary() : nil
        let images = ImageStore(budget: RenderBudget(maxPixels: limits.maxPixels))
        var passes: [Effect] = []
        if let builtIn {
            let stages = try EffectStage.stages(builtIn: (builtIn, EffectOptions.values(for: builtIn, from: context.parsed)),
                                                custom: custom, chain: context.chain, images: images)
            passes = try stages.flatMap { try $0.readingImages(images).passes() }
        }
        if disabled { passes = passes.map { var e = $0; e.isEnabled = false; return e } }
        let script = try gestureFlags.script()
        guard let (program, given) = try viewFlags.program(shaders: shaders) else { return 1 }
        let renderer = try Renderer(options: try gpu.resolve())
        limits.apply(to: renderer)
        let ready = ContinuousClock.now
        let viewRenderer: ViewRenderer<AnyView>
        var touchNotes: [String] = []
        if gestureFlags.isEmpty {
            viewRenderer = try program.renderer(settings: given, renderer: renderer, size: inputFlags.size, scale: scale, effects: passes)
        } else {
            // The touches change the view's state (kept from time 0 to the picture), as in a run
            // of animate --view; the picture is the frame such a run draws at that time.
            let touches = ViewTouchRun(script: script)
            let time = viewFlags.at ?? touches.lastTime ?? 0
            var base = given
            base.session = ViewFileSession()
            func settings(at moment: Double) -> ViewFileSettings {
                var settings = base
                settings.time = moment
                settings.triggerTime = nil
                touches.apply(to: &settings, at: moment)
                return settings
            }
            viewRenderer = try program.renderer(settings: settings(at: 0), renderer: renderer, size: inputFlags.size, scale: scale, effects: passes)
            if let note = try touches.begin(viewRenderer) { touchNotes.append(note) }
            try touches.deliver(upTo: time, program: program, viewRenderer: viewRenderer, effects: passes, settings: settings(at:))
            try program.update(viewRenderer, settings: settings(at: time), effects: passes)
            if let note = touches.unhandledNote { touchNotes.append(note) }
            let late = touches.pendingCount
            if late > 0 {
                touchNotes.append("\(late) touch\(late == 1 ? "" : "es") after --at \(time) s not delivered (the picture is the view at --at)")
            }
            if !script.keyframes.isEmpty { touchNotes.append("the event script's keyframes move effects' parameters over time: ignored for one picture of a view") }
        }
        let size: (width: Int, height: Int)
        let rendered: ContinuousClock.Instant
        let blank: BlankPicture?
        if case let .png(path) = output {
            // A PNG file: straightened to 8 bits on the GPU, read back as bytes, encoded as they are.
            let frame = try viewRenderer.renderStraight()
            if let error = program.drawingError { throw error }
            rendered = ContinuousClock.now
            size = (frame.width, frame.height)
            blank = BlankPicture.check(frame)
            try PNG.writeFile(try PNG.encode(frame, compression: encoding.compression.level, parallel: true), to: path)
        } else {
            let image = try viewRenderer.render()
            if let error = program.drawingError { throw error }
            rendered = ContinuousClock.now
            size = (image.width, image.height)
            blank = BlankPicture.check(image)
            try SinglePicture.write(image, to: output, effect: "view", renderer: renderer.context.info.summary,
                                    compression: encoding.compression.level, video: video)
        }
        for note in touchNotes + program.notes + viewRenderer.notes { out.status("note: \(note)") }
        let name = viewFlags.view.map { ($0 as NSString).lastPathComponent } ?? "view"
        out.status("wrote \(output.name) (\(size.width)x\(size.height), \(name)\(passes.isEmpty ? "" : " with \(effect ?? "")") at @\(scale)x) in \(milliseconds(since: start)) on \(renderer.context.info.summary)")
        let t = viewRenderer.timings
        out.status("time: set-up \(ms(ready - start)), view \(ms(rendered - ready)) (resolve \(ms(t.resolve)), layout \(ms(t.layout)), draw \(ms(t.draw)), read-back \(ms(t.readBack))), write \(ms(ContinuousClock.now - rendered))")
        return blankCheck.warn(blank, in: output.name) ? 1 : 0
    }
}
