import ShaderFXCore
import Dispatch
import ShaderFXGolden

#if canImport(Glibc)
import Glibc
#endif

/// `shaderfx animate`: an effect over time, as numbered PNG frames or an animated PNG.
enum AnimateCommand {
    static let description = CommandDescription(
        name: "animate",
        abstract: "Render an effect over time: numbered PNG frames, an animated PNG, a contact sheet.",
        discussion: """
            Frame k shows time k / fps. Time-driven effects get the frame's time; gesture-driven ones \
            (ripple and the other seed effects) follow taps and drags, given with --tap/--drag or an event \
            script (--events), as the seeds' gestures drive them; with none, one tap at --origin (or the \
            centre) at time 0. Without --duration an effect runs for its own length (3 s for ripple). \
            Each frame depends only on its time, so --frames A..B renders a sub-range exactly as the \
            whole run would (spread one animation over many machines).
            """,
        arguments: [ArgumentDescription("effect", help: "a built-in effect, e.g. ripple")],
        options: [
            .value("output", short: "o", valueName: "DIR|FILE.png|-",
                   help: "a folder for frame_00000.png, ..., a .png file for an animated PNG (APNG), or - for raw straight RGBA frames on standard output (for a video encoder: ffmpeg -f rawvideo -pix_fmt rgba -s WxH -r FPS -i -)", required: true),
            .value("fps", valueName: "N", help: "frames per second", default: "60"),
            .value("duration", valueName: "SECONDS", help: "length of the animation (default: the effect's own)"),
            .value("frames", valueName: "A..B", help: "render only frames A to B (inclusive) of the whole run"),
            .value("contact-sheet", valueName: "FILE", help: "also write a grid of up to 12 evenly spaced frames"),
            .value("scale", valueName: "N", help: "pixels per point, as @2x/@3x", default: "1"),
            .value("max-pixels", valueName: "N", help: "the pixel budget: the most pixels of the largest layer (about 128 bytes of memory each); larger renders are refused before anything is allocated", default: "16777216"),
            .flag("quiet", short: "q", help: "print nothing but errors (no progress bar)"),
        ] + InputFlags.options + [
            .value("events", valueName: "FILE", help: "an event script: {\"taps\": [{\"time\": 0, \"x\": 100, \"y\": 80}], \"drags\": [{\"points\": [{\"time\": 1, \"x\": 10, \"y\": 20}, ...]}]}", section: "GESTURES"),
            .value("tap", valueName: "X,Y[@T]", help: "a tap at (X, Y) points at T seconds (default 0)", repeatable: true, section: "GESTURES"),
            .value("drag", valueName: "X,Y@T;X,Y@T;...", help: "a drag through time-stamped points", repeatable: true, section: "GESTURES"),
        ] + GPUFlags.options,
        examples: [
            UsageExample("shaderfx animate ripple --origin 256,192 -o frames/", explanation: "the 3 s ripple at 60 fps as 180 PNG files"),
            UsageExample("shaderfx animate ripple --tap 100,80@0 --tap 300,200@1.2 --duration 4 -o ripple.png",
                         explanation: "two taps, as an animated PNG"),
            UsageExample("shaderfx animate ripple --frames 0..59 -o frames/", explanation: "the first second only"),
            UsageExample("shaderfx animate blur --radius 30 --then background-warp --duration 10 --fps 30 -i cover.png -o warp.png",
                         explanation: "seed 004: the cover art blurred, then warped by flowing noise"),
        ])

    static func run(_ all: [String], output: inout Output) throws {
        let chain = try EffectChain(all, command: description)
        let arguments = chain.arguments
        let first = try description.parse(arguments, collectingUnknownOptions: true)
        let builtIn = try EffectOptions.effect(in: first, arguments: arguments)
        let command = builtIn.map { description.addingOptions(EffectOptions.options(for: $0)) } ?? description
        if first.isHelpRequested { output.print(command.helpText()); return }
        try first.checkCollectedOptions(allowed: builtIn?.options.map(\.name) ?? [])
        let args = try command.parse(arguments)
        guard let effect = builtIn else { throw UsageError.missingArgument("effect") }
        output.quiet = args.flag("quiet")

        // Everything is checked before the first GL call.
        let fps = try args.int("fps", in: 1...1000) ?? 60
        let scale = try args.int("scale", in: 1...8) ?? 1
        guard let outputPath = args.string("output") else { throw UsageError.missingOption("--output <DIR|FILE.png>") }
        let raw = outputPath == "-"
        let animated = outputPath.lowercased().hasSuffix(".png")
        if raw { output.toStandardError = true }
        try InputFlags.validate(args, defaultPicture: effect.kind == .fill ? .circle : .pool)
        let base = EffectOptions.values(for: effect, from: args)
        var events = try gestures(args)
        let options = try GPUFlags.resolve(args)

        let renderer = try Renderer(options: options)
        renderer.budget.maxPixels = try args.int("max-pixels", in: 1...(1 << 40)) ?? RenderBudget.defaultMaxPixels
        let (image, inputName) = try InputFlags.load(args, defaultPicture: effect.kind == .fill ? .circle : .pool, budget: renderer.budget, scale: scale)
        let size = SIMD2(Double(image.width), Double(image.height))
        let stageEffects = [effect] + chain.stages.map { $0.effect }
        if events.taps.isEmpty && events.drags.isEmpty,
           stageEffects.contains(where: { $0.animation == .gesture || isTouch($0.animation) }) {
            // --origin, when the effect has one and it was given, is the tap; else the centre.
            let given = command.option(named: "origin") != nil && args.isPresent("origin") ? try args.float2("origin") : nil
            let origin = given.map { SIMD2(Double($0.x), Double($0.y)) } ?? size / 2
            events.taps = [EventScript.Touch(time: 0, x: origin.x, y: origin.y)]
        }
        let animators = [EffectAnimator(effect: effect, base: base, events: events, size: size)]
            + chain.stages.map { EffectAnimator(effect: $0.effect, base: $0.values, events: events, size: size) }
        // A gesture effect whose gestures start nothing (drags for ripple-wave) has no length of its own.
        let natural = try animators.compactMap { try $0.naturalDuration() }.filter { $0 > 0 }.max()
        guard let duration = try args.double("duration", in: 0.001...86_400) ?? natural else {
            throw UsageError.missingOption("--duration <SECONDS> (\(effect.name) has no length of its own)")
        }
        let name = animators.map { $0.effect.name }.joined(separator: " then ")
        let total = max(1, Int((duration * Double(fps)).rounded()))
        let range = try args.frameRange("frames", within: 0...(total - 1)) ?? 0...(total - 1)
        if animated && range.count != total && args.isPresent("frames") {
            throw UsageError.invalidValue(option: "--frames", value: args.string("frames") ?? "",
                                          expected: "a folder --output for a sub-range (an animated PNG holds the whole run)")
        }
        if !animated && !raw { try FrameFolder.make(outputPath) }
        let sheetPath = args.string("contact-sheet")
        let sheetFrames = Set(sheetIndices(range, count: 12))
        for animator in animators { for pass in try animator.passes(at: 0) { try renderer.prepare(pass) } }

        // Render on this thread (the GPU's); read back through pixel buffers while the next
        // frame draws; encode and write on other threads, overlapping both.
        let writer = FrameWriter(directory: animated || raw ? nil : outputPath, frameCount: raw ? 0 : range.count,
                                 firstIndex: range.lowerBound)
        var progress = Progress(total: range.count, enabled: !output.quiet && isatty(STDERR_FILENO) != 0)
        var sheet: [Int: RGBAImage] = [:]
        var rawBytes = 0
        let start = ContinuousClock.now
        try renderer.renderSequence(image, frames: range, scale: scale, effects: { index in
            try animators.flatMap { try $0.passes(at: Double(index) / Double(fps)) }
        }, deliver: { index, frame in
            if sheetFrames.contains(index) { sheet[index] = frame.premultipliedImage }
            if raw {
                try Output.writeAll(frame.bytes, to: STDOUT_FILENO, name: "standard output")
                rawBytes += frame.bytes.count
            } else {
                try writer.submit(frame, index: index)
            }
            progress.update(done: index - range.lowerBound + 1, elapsed: ContinuousClock.now - start)
        })
        let encoded = try writer.finish()
        progress.finish()
        if animated {
            var apng = APNGBuilder(width: image.width * scale, height: image.height * scale, fps: fps)
            for bytes in encoded.frames { try apng.append(encodedFrame: bytes) }
            try apng.write(to: outputPath)
        }
        if let sheetPath {
            try PNG.write(ContactSheet.make(sheet.keys.sorted().map { sheet[$0]! }), to: sheetPath)
        }
        let elapsed = ContinuousClock.now - start
        let stats = renderer.statistics
        let seconds = elapsed.seconds
        output.status("""
            wrote \(range.count) frame\(range.count == 1 ? "" : "s") (\(range.lowerBound)..\(range.upperBound) of \(total), \
            \(image.width * scale)x\(image.height * scale), \(name) over \(inputName)) to \(outputPath) \
            in \(format(seconds)) s: \(format(Double(range.count) / seconds)) frames/s on \(renderer.context.info.summary)
            time: drawing \(format(stats.drawing.seconds)) s, read-back \(format(stats.readBack.seconds)) s, \
            encoding \(format(encoded.encodingSeconds)) s on \(FrameWriter.workers) threads (overlapped); \
            \(raw ? "\(rawBytes) bytes of raw RGBA to standard output" : "\(encoded.bytes) bytes of PNG")
            """ + (sheetPath.map { "\ncontact sheet: \($0)" } ?? ""))
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

    /// The event script from --events, --tap and --drag.
    static func gestures(_ args: ParsedArguments) throws -> EventScript {
        var script = try args.string("events").map { try EventScript.load(path: $0) } ?? EventScript()
        for text in args.values("tap") {
            guard let touch = parseTouch(text, defaultTime: 0) else {
                throw UsageError.invalidValue(option: "--tap", value: text, expected: "X,Y or X,Y@T (points, seconds)")
            }
            script.taps.append(touch)
        }
        for text in args.values("drag") {
            let points = text.split(separator: ";").map { parseTouch(String($0), defaultTime: nil) }
            guard !points.isEmpty, points.allSatisfy({ $0 != nil }) else {
                throw UsageError.invalidValue(option: "--drag", value: text, expected: "X,Y@T;X,Y@T;... with times increasing")
            }
            script.drags.append(EventScript.Drag(points: points.map { $0! }))
        }
        try script.validate(name: "the gestures")
        return script
    }

    static func parseTouch(_ text: String, defaultTime: Double?) -> EventScript.Touch? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let point = parts.first else { return nil }
        let xy = point.split(separator: ",").map { Double(String($0).trimmed) }
        guard xy.count == 2, let x = xy[0], let y = xy[1], x.isFinite, y.isFinite else { return nil }
        let time = parts.count == 2 ? Double(String(parts[1]).trimmed) : defaultTime
        guard let time, time.isFinite, time >= 0 else { return nil }
        return EventScript.Touch(time: time, x: x, y: y)
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

/// Encodes and writes frames on worker threads while the GPU renders the next ones.
final class FrameWriter: @unchecked Sendable {
    /// Encoding threads: one per core, at least one.
    static let workers = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    private let directory: String?
    private let firstIndex: Int
    private let queue = DispatchQueue(label: "shaderfx.frame-writer", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots = DispatchSemaphore(value: FrameWriter.workers * 2)
    private let lock = NSLockLike()
    private var encoded: [[UInt8]]
    private var error: (any Error)?
    private var bytes = 0
    private var encodingSeconds = 0.0

    /// A writer of `frameCount` frames into `directory` (nil: keep the encoded frames in memory).
    init(directory: String?, frameCount: Int, firstIndex: Int) {
        self.directory = directory
        self.firstIndex = firstIndex
        encoded = directory == nil ? Array(repeating: [], count: frameCount) : []
    }

    /// Queues frame `index` for encoding; waits while too many are in flight.
    func submit(_ frame: StraightFrame, index: Int) throws {
        if let error = lock.withLock({ self.error }) { throw error }
        slots.wait()
        group.enter()
        queue.async { [self] in
            defer { slots.signal(); group.leave() }
            let start = ContinuousClock.now
            do {
                if let directory {
                    let png = try PNG.encode(frame, fast: true)
                    try PNG.writeFile(png, to: FrameFolder.path(directory, index), durable: false)
                    lock.withLock { bytes += png.count; encodingSeconds += (ContinuousClock.now - start).seconds }
                } else {
                    let png = try PNG.encode(frame, fast: true, keepAlpha: true)
                    lock.withLock {
                        encoded[index - firstIndex] = png
                        bytes += png.count
                        encodingSeconds += (ContinuousClock.now - start).seconds
                    }
                }
            } catch {
                lock.withLock { if self.error == nil { self.error = error } }
            }
        }
    }

    /// Waits for every frame; returns the encoded frames (when kept) and the totals.
    func finish() throws -> (frames: [[UInt8]], bytes: Int, encodingSeconds: Double) {
        group.wait()
        return try lock.withLock {
            if let error { throw error }
            return (encoded, bytes, encodingSeconds)
        }
    }
}

/// A pthread mutex.
final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}

/// A progress bar with frames per second on standard error, for terminals only.
struct Progress {
    let total: Int
    let enabled: Bool
    private var lastDrawn = -1

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    mutating func update(done: Int, elapsed: Duration) {
        guard enabled else { return }
        let percent = done * 100 / max(1, total)
        guard percent != lastDrawn || done == total else { return }
        lastDrawn = percent
        let width = 30
        let filled = done * width / max(1, total)
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let rate = Double(done) / max(elapsed.seconds, 1e-6)
        Output.write("\r[\(bar)] \(done)/\(total) frames  \(format(rate)) frames/s ", to: STDERR_FILENO)
    }

    func finish() {
        guard enabled else { return }
        Output.write("\n", to: STDERR_FILENO)
    }
}
