import Foundation
import ShaderFXGolden
import ShaderFXUI

#if canImport(Glibc)
import Glibc
#endif

/// `shaderfx batch`: many jobs on one warm renderer, one JSON object per line in and one
/// JSON result per line out, so a server or a job queue pays for EGL start-up and shader
/// compilation once.
struct BatchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "batch",
            abstract: "Render many jobs on one warm renderer: JSON Lines in, one JSON result per job out.",
            discussion: """
                Each line of the input is a job: a JSON object with the fields of a golden-suite case \
                ('shaderfx test --help': effect or shader, parameters, input or picture and size, frames, \
                scale, events; or a SwiftUI view file: view, set, assets, root, shader or library, size, frames, \
                and optionally an effect over it) and "output", the PNG to write (relative to the jobs file's folder, or to the \
                working directory when the jobs come on standard input); with several "frames" "output" is a \
                folder ("frames/", or a name without an extension) that receives t<time>.png per frame. An optional "id" is echoed in the result. Blank \
                lines and lines starting with # are skipped.
                Every job renders on one GPU context: shader programs, framebuffers and built-in pictures are \
                reused between jobs. View jobs ({"view": "card.swift", "set": {"title": "Hello"}, "output": \
                "card-1.png"}) share one warm view renderer (its fonts, glyphs, paint programs and decoded \
                pictures), and each view file is parsed once and kept until its modification time or size \
                changes, so a worker renders a template per job at the cost of evaluating and drawing it; a view \
                job's picture is the one 'render --view' writes for the same file and values. With --timings a \
                view job's result also holds "times": where its milliseconds went (evaluate, resolve, layout, \
                draw, readBack, encode, write). A view job's PNG is encoded and written on a thread of its own while \
                the next job is drawn (at most two frames held; a job that reads a file or folder an unfinished \
                job writes waits for it first; under --stop-on-error each job waits for the one before). When view jobs ran, a last line on standard error says how many \
                times view files were parsed. Outputs are written whole or not at all. For each job one line goes to \
                standard output, as soon as the job is done: {"line": N, "id": ..., "ok": true, "outputs": [...], \
                "ms": T} or {"line": N, "id": ..., "ok": false, "error": "..."}. A bad job fails alone; the rest \
                run. A job whose picture is blank (wholly transparent or one colour) or whose effect left its input \
                unchanged still succeeds, with "warnings": [...] in its line, unless the job says "allowBlank": true; \
                under --strict it fails.
                As a long-lived worker: start 'shaderfx batch' (reading standard input) once, write one job per \
                line to its standard input, and read one result line per job from its standard output; it \
                exits when its input closes.
                Exit codes: 0 every job succeeded; 1 a job failed; 2 usage error or no GPU.
                """,
            examples: [
                UsageExample("shaderfx batch jobs.jsonl", explanation: "every job of the file, one result line each"),
                UsageExample(#"echo '{"effect": "ripple", "parameters": {"time": 0.2}, "size": "256x256", "output": "r.png"}' | shaderfx batch"#,
                             explanation: "one job from standard input"),
                UsageExample(#"echo '{"view": "Card.swift", "set": {"title": "Hello"}, "size": "320x200", "output": "card-1.png"}' | shaderfx batch --timings"#,
                             explanation: "a SwiftUI view file as a template: one card per job, the file parsed once"),
            ])
    }

    @Argument(help: "the jobs, one JSON object per line (JSON Lines); - or nothing for standard input", completion: .files)
    var jobs: String?
    @Flag(help: "stop after the first job that fails (by default a bad job fails alone)")
    var stopOnError: Bool
    @Flag(help: "add to each view job's result where its time went: \"times\": {\"evaluate\": ms, \"resolve\": ..., \"layout\", \"draw\", \"readBack\", \"encode\", \"write\"}")
    var timings: Bool
    @OptionGroup var encoding: EncodingFlags
    @OptionGroup var limits: LimitFlags
    @OptionGroup var gpu: GPUFlags
    @OptionGroup var blankCheck: BlankCheckFlags

    /// What is printed for each job.
    struct Result: Encodable {
        var line: Int
        var id: JSONValue?
        var ok: Bool
        var outputs: [String]?
        var ms: Double?
        var times: [String: Double]?
        /// A picture written blank, or an effect that changed nothing (see `BlankPicture`).
        var warnings: [String]?
        var error: String?
    }

    func run(_ context: CommandContext, output: inout Output) throws -> Int32 {
        let source = jobs ?? "-"
        let fd: Int32
        if source == "-" {
            fd = STDIN_FILENO
        } else {
            fd = open(source, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw CommandFailure(message: "\(source): cannot read the jobs: \(String(cString: strerror(errno)))", exitCode: 2)
            }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        let name = source == "-" ? "<stdin>" : source
        let folder = source == "-" ? "" : (source as NSString).deletingLastPathComponent

        let renderer = try Renderer(options: try gpu.resolve())
        limits.apply(to: renderer)
        var pictures = PictureCache()
        // Image parameters (masks, noise textures, a shader's pictures) are decoded once for the
        // whole run: jobs naming the same unchanged file share the decode.
        let images = ImageStore(budget: renderer.budget)
        // View files are parsed once while unchanged, and every view job draws on one view renderer.
        let views = ViewCaseRenderer(renderer: renderer)
        var viewJobs = 0
        var reader = LineReader(fd: fd)
        var lineNumber = 0
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Each job's frames are encoded and written, and its result line printed, on the
        // finisher's thread, in order, while this thread evaluates and draws the next job.
        let finisher = JobFinisher(stopOnError: stopOnError) { result in
            try Output.writeAll([UInt8](try encoder.encode(result)) + [10], to: STDOUT_FILENO, name: "standard output")
        }
        let strict = blankCheck.strict, timings = self.timings, compression = encoding.compression.level
        while !finisher.isStopped, let line = try reader.next() {
            lineNumber += 1
            let number = lineNumber
            switch line {
            case let .tooLong(bytes):
                try finisher.submitResult { Result(line: number, ok: false, error: "\(name):\(number): a job of \(bytes) bytes; a line holds at most 1 MiB") }
            case let .text(text):
                let trimmed = text.trimmed
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                // Under --stop-on-error a job starts only once the one before is written and
                // judged: nothing after the first failure is written.
                if stopOnError {
                    try finisher.drain()
                    if finisher.isStopped { continue }  // the loop ends at its condition
                }
                let start = ContinuousClock.now
                let file = "\(name):\(number)"
                var id: JSONValue?
                var record: JobRecord?
                do {
                    let json = try BatchJob.parse(trimmed, file: file)
                    if case let .object(fields) = json { id = fields["id"] }
                    // A job that reads what a job still in flight writes waits for it to be written.
                    if finisher.mustWait(for: BatchJob.paths(in: json, folder: folder)) { try finisher.drain() }
                    let job = try BatchJob(json: json, file: file, folder: folder, images: images, files: views.files)
                    let written = JobRecord()
                    record = written
                    if case let .view(view) = job.golden.input {
                        viewJobs += 1
                        try job.render(view, on: views, compression: compression, finisher: finisher, into: written)
                    } else {
                        written.outputs = try job.render(on: renderer, pictures: &pictures, images: images,
                                                         compression: compression, warnings: &written.warnings)
                    }
                    let jobID = id
                    try finisher.submitResult(outputs: written.planned) {
                        let ms = BatchJob.milliseconds(ContinuousClock.now - start)
                        if let error = written.error {
                            return Result(line: number, id: jobID, ok: false, error: ErrorWording.message(error))
                        }
                        var result = Result(line: number, id: jobID, ok: true, outputs: written.outputs, ms: ms,
                                            times: timings ? written.times : nil,
                                            warnings: written.warnings.isEmpty ? nil : written.warnings)
                        if strict, let first = written.warnings.first {
                            result.ok = false
                            result.error = "\(first) (--strict)"
                        }
                        return result
                    }
                } catch {
                    // The frames already handed over are written first; a failure among them is the job's first.
                    let jobID = id, planned = record?.planned ?? []
                    try finisher.submitResult(outputs: planned) {
                        Result(line: number, id: jobID, ok: false, error: ErrorWording.message(record?.error ?? error))
                    }
                }
            }
        }
        let failed = try finisher.finish()
        if viewJobs > 0 {
            let parses = views.files.parses
            output.toStandardError = true
            output.status("views: \(viewJobs) job\(viewJobs == 1 ? "" : "s") drawn by \(views.renderersMade) view renderer\(views.renderersMade == 1 ? "" : "s"); view files parsed \(parses) time\(parses == 1 ? "" : "s")")
        }
        return failed > 0 ? 1 : 0
    }
}

/// One line of a batch: a golden-suite case plus where to write it.
struct BatchJob {
    let golden: GoldenCase
    let output: String

    /// The JSON of a job line; a syntax error names the line and the column.
    static func parse(_ text: String, file: String) throws(JSONError) -> JSONValue {
        do {
            return try JSONValue.parse(Data(text.utf8), file: file)
        } catch {
            guard case let .invalidJSON(detail, _, column) = error.problem else { throw error }
            let place = column.map { " at column \($0)" } ?? ""
            throw JSONError(file: file, path: "", message: "invalid JSON\(place): \(detail)")
        }
    }

    /// Checks a job; errors name `file` (`jobs.jsonl:4`) and the JSON path; its image parameters
    /// are decoded by `images`.
    init(json: JSONValue, file: String, folder: String, images: ImageStore, files: ViewFileCache = ViewFileCache()) throws {
        // `file` is the jobs file's path and line (`dir/jobs.jsonl:4`): paths in the job resolve against its folder.
        let place = folder.isEmpty ? file : folder + "/" + (file as NSString).lastPathComponent
        golden = try GoldenCase.parse(json, path: place, name: file, folder: "",
                                      extraFields: ["output", "id"], images: images, files: files)
        guard case let .object(fields) = json, let value = fields["output"] else {
            throw JSONError(file: file, path: "output", problem: .missingField)
        }
        guard case let .string(path) = value, !path.isEmpty else {
            throw JSONError(file: file, path: "output", problem: .wrongType(expected: "a file path", found: value.typeName))
        }
        let joined = path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
        if golden.frames.count == 1 {
            guard joined.lowercased().hasSuffix(".png") else {
                throw JSONError(file: file, path: "output", message: "expected a .png file for one frame, found '\(path)'")
            }
            output = joined
        } else {
            // Several frames go into a folder, as `-o` decides by its form: never a folder named like a file.
            let name = URL(fileURLWithPath: joined).lastPathComponent
            var isFolder: ObjCBool = false
            let existingFolder = FileManager.default.fileExists(atPath: joined, isDirectory: &isFolder) && isFolder.boolValue
            guard joined.hasSuffix("/") || existingFolder || !name.contains(".") else {
                throw JSONError(file: file, path: "output", message: "expected a folder (\"frames/\") for \(golden.frames.count) frames, each written as t<time>.png, found '\(path)'; for a video or an animated PNG use 'shaderfx animate'")
            }
            var trimmed = joined
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
            output = trimmed
        }
    }

    /// Renders every frame and writes it, a shader's image arguments read by `images`; returns the files written.
    func render(on renderer: Renderer, pictures: inout PictureCache, images store: ImageStore,
                compression: PNGEncoder.Compression, warnings: inout [String]) throws -> [String] {
        let budget = renderer.budget
        let input: RGBAImage
        switch golden.input {
        case let .file(path): input = try budget.readImage(path: path, scale: golden.scale)
        case let .picture(picture, width, height):
            try budget.check(width: width, height: height, scale: golden.scale)
            input = try pictures.picture(picture, width: width, height: height, on: renderer)
        case .view:
            throw JSONError(file: golden.file, path: "view", message: "a view job is drawn by its view renderer")
        }
        var images: [Int: RGBAImage] = [:]
        if case let .custom(_, paths, _) = golden.source {
            for (index, path) in paths { images[index] = try store.image(path: path) }
        }
        let size = SIMD2(Double(input.width), Double(input.height))
        var written: [String] = []
        try makeOutputFolder()
        let framePasses = try golden.framePasses(size: size)
        // The input as a PNG holds it, once for the job, for "the effect changed nothing".
        let unchangedInput = golden.allowBlank ? nil : StraightFrame(image: input)
        for frame in golden.frames {
            var passes = try framePasses(frame)
            for (index, image) in images { passes[0].shader.arguments[index] = .image(image) }
            let rendered = try renderer.render(input, effects: passes, scale: golden.scale)
            let path = path(of: frame)
            try PNG.write(rendered, to: path, compression: compression)
            if !golden.allowBlank, let blank = BlankPicture.check(StraightFrame(image: rendered), input: unchangedInput) {
                warnings.append("\(path): \(blank)")
            }
            written.append(path)
        }
        return written
    }

    /// Draws every frame of a view job on the warm view renderer, straightened on the GPU, and
    /// hands each to `finisher`, which encodes it as `render --view` writes its PNG and writes it
    /// into `record` (its outputs, warnings, a failure, and in milliseconds where the last
    /// frame's time went) while this thread goes on.
    func render(_ view: ViewInput, on views: ViewCaseRenderer, compression: PNGEncoder.Compression,
                finisher: JobFinisher, into record: JobRecord) throws {
        try makeOutputFolder()
        let framePasses = try views.framePasses(of: golden, over: view)
        let allowBlank = golden.allowBlank
        for frame in golden.frames {
            let effects = try framePasses(frame)
            let drawn = try views.renderStraight(view, time: frame.time, scale: golden.scale, effects: effects)
            var times = ["evaluate": Self.milliseconds(views.timings.evaluate)]
            if let split = views.timings.view {
                times["resolve"] = Self.milliseconds(split.resolve)
                times["layout"] = Self.milliseconds(split.layout)
                times["draw"] = Self.milliseconds(split.draw)
                times["readBack"] = Self.milliseconds(split.readBack)
            }
            let path = path(of: frame)
            record.planned.append(path)
            finisher.willWrite([path])
            try finisher.submitStep {
                // The frame's bytes go back to the pool the next job's read-back takes from,
                // written or not: no fresh 8 MB for the 1080 × 1920 card to fault in.
                defer { drawn.release() }
                guard record.error == nil else { return }
                do {
                    let started = ContinuousClock.now
                    let png = try PNG.encode(drawn, compression: compression, parallel: true)
                    let encoded = ContinuousClock.now
                    try PNG.writeFile(png, to: path)
                    if !allowBlank, let blank = BlankPicture.check(drawn) { record.warnings.append("\(path): \(blank)") }
                    record.outputs.append(path)
                    times["encode"] = Self.milliseconds(encoded - started)
                    times["write"] = Self.milliseconds(ContinuousClock.now - encoded)
                    record.times = times
                } catch {
                    record.error = error
                }
            }
        }
    }

    /// Every string of a job but its output and id, as a path against `folder` (the jobs file's
    /// folder): what the job may read, for `JobFinisher.mustWait(for:)`. Strings that are no
    /// paths (a title) only make a job wait when they name a pending output's folder.
    static func paths(in json: JSONValue, folder: String) -> [String] {
        var strings: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case let .string(text): strings.append(text)
            case let .array(values): values.forEach(collect)
            case let .object(fields): fields.values.forEach(collect)
            case .null, .bool, .number: break
            }
        }
        if case let .object(fields) = json {
            for (key, value) in fields where key != "output" && key != "id" { collect(value) }
        }
        return strings.filter { !$0.isEmpty }.map { $0.hasPrefix("/") || folder.isEmpty ? $0 : folder + "/" + $0 }
    }

    /// The output's folder, made as needed, as a job queue expects.
    private func makeOutputFolder() throws {
        try FrameFolder.make(golden.frames.count > 1 ? output : (output as NSString).deletingLastPathComponent.nonEmpty ?? ".")
    }

    /// Where a frame is written: `output` itself for one frame, `output/t<time>.png` for several.
    private func path(of frame: GoldenCase.Frame) -> String {
        golden.frames.count == 1 ? output : output + "/" + frame.name + ".png"
    }

    /// A duration in milliseconds to a tenth.
    static func milliseconds(_ duration: Duration) -> Double { (duration.seconds * 10_000).rounded() / 10 }
}

/// What a job's steps on the finishing thread leave for its result line; written by one thread
/// at a time (the job's steps run in order, after this thread handed them over).
final class JobRecord: @unchecked Sendable {
    /// The files written so far.
    var outputs: [String] = []
    /// The files the job's steps will write (pending for `JobFinisher.mustWait(for:)`).
    var planned: [String] = []
    var warnings: [String] = []
    /// Where the last frame's time went, in milliseconds.
    var times: [String: Double]?
    /// The first failure of a step; later steps of the job do nothing.
    var error: (any Error)?
}

/// Built-in pictures drawn once per size and reused by later jobs (a few sizes at most).
struct PictureCache {
    private var pictures: [String: RGBAImage] = [:]
    private var order: [String] = []
    private let capacity = 8

    /// The picture at this size, drawn on first use.
    mutating func picture(_ picture: BuiltInPicture, width: Int, height: Int, on renderer: Renderer) throws -> RGBAImage {
        let key = "\(picture.rawValue) \(width)x\(height)"
        if let cached = pictures[key] { return cached }
        let drawn = try picture.draw(width: width, height: height, on: renderer)
        pictures[key] = drawn
        order.append(key)
        if order.count > capacity { pictures[order.removeFirst()] = nil }
        return drawn
    }
}

extension String {
    /// The string, or nil when it is empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}
