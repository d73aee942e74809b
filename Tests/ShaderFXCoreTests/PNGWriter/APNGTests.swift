import Dispatch
import Foundation
import Testing
import ShaderFXTestSupport

@testable import ShaderFXCore

/// Checks an APNG's structure; returns the problems found (empty when it is valid).
func apngProblems(_ png: [UInt8]) -> [String] {
    guard let parts = chunks(png) else { return ["broken chunk framing"] }
    var problems: [String] = []
    if let bad = parts.first(where: { !$0.crcIsValid }) { problems.append("bad CRC in \(bad.type)") }
    guard parts.first?.type == "IHDR", parts.last?.type == "IEND" else { return problems + ["not IHDR...IEND"] }
    guard let actl = parts.firstIndex(where: { $0.type == "acTL" }) else { return problems + ["no acTL"] }
    if let idat = parts.firstIndex(where: { $0.type == "IDAT" }), idat < actl { problems.append("acTL after IDAT") }
    let frames = Int(bigEndian32(parts[actl].data, 0))
    let controls = parts.filter { $0.type == "fcTL" }
    if controls.count != frames { problems.append("acTL says \(frames) frames, \(controls.count) fcTL") }
    var expected: UInt32 = 0
    for part in parts where part.type == "fcTL" || part.type == "fdAT" {
        let number = bigEndian32(part.data, 0)
        if number != expected { problems.append("sequence \(number) where \(expected) was due") }
        expected = number &+ 1
    }
    if let first = parts.firstIndex(where: { $0.type == "fcTL" }),
       let idat = parts.firstIndex(where: { $0.type == "IDAT" }), first > idat {
        problems.append("first fcTL after IDAT")
    }
    return problems
}

/// The frames of an APNG as stand-alone PNGs (IHDR with the frame's size, its data as IDAT),
/// with each frame's fcTL fields: (x, y, delay numerator, denominator, dispose, blend).
func splitFrames(_ png: [UInt8]) -> [(png: [UInt8], control: [Int])] {
    let parts = chunks(png)!
    let header = parts[0].data
    var frames: [(png: [UInt8], control: [Int])] = []
    var current: (header: [UInt8], data: [UInt8], control: [Int])?
    func flush() {
        guard let frame = current else { return }
        var out = ChunkWriter()
        out.bytes += ChunkWriter.signature
        out.appendChunk("IHDR", frame.header)
        out.appendChunk("IDAT", frame.data)
        out.appendChunk("IEND", [])
        frames.append((out.bytes, frame.control))
    }
    for part in parts {
        switch part.type {
        case "fcTL":
            flush()
            var frameHeader = header
            frameHeader.replaceSubrange(0..<8, with: part.data[4..<12])
            let d = part.data
            let control = [
                Int(bigEndian32(d, 12)), Int(bigEndian32(d, 16)), Int(d[20]) << 8 | Int(d[21]),
                Int(d[22]) << 8 | Int(d[23]), Int(d[24]), Int(d[25]),
            ]
            current = (frameHeader, [], control)
        case "IDAT": current?.data += part.data
        case "fdAT": current?.data += part.data[4...]
        default: break
        }
    }
    flush()
    return frames
}

@Suite("APNGWriter")
struct APNGTests {
    static func frame(_ index: Int, width: Int = 48, height: Int = 32, channels: Int = 4) -> [UInt8] {
        testImage(width: width, height: height, channels: channels, content: index % 2 == 0 ? .smooth : .stripes,
                  seed: UInt64(index + 1))
    }

    @Test("frames stream to a file; acTL is rewritten; every frame decodes to its input",
          arguments: [nil, 5] as [Int?])
    func streamsFrames(announced: Int?) throws {
        try withTemporaryFolder { (folder) throws in
            let directory = folder.path
            let path = directory + "/anim.png"
            let writer = try APNGWriter(path: path, width: 48, height: 32, frameCount: announced, plays: 3)
            for i in 0..<5 {
                try writer.append(Self.frame(i), delay: .init(numerator: i + 1, denominator: 30))
            }
            try writer.finish()
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(apngProblems(png) == [])
            let parts = try #require(chunks(png))
            #expect(parts.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT"] + Array(repeating: ["fcTL", "fdAT"], count: 4).flatMap { $0 } + ["IEND"])
            #expect(parts[1].data == [0, 0, 0, 5, 0, 0, 0, 3])
            // Viewers without APNG support see the first frame.
            #expect(try libpngDecode(png).pixels == Self.frame(0))
            let frames = splitFrames(png)
            #expect(frames.count == 5)
            for (i, frame) in frames.enumerated() {
                #expect(try libpngDecode(frame.png).pixels == Self.frame(i), "frame \(i)")
                #expect(frame.control == [0, 0, i + 1, 30, 0, 0])
            }
            // An independent decoder: apngdis composes each frame.
            if let files = try disassembleWithApngdis(path) {
                #expect(files.count == 5)
                for (i, file) in files.enumerated() {
                    let decoded = try libpngDecode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
                    #expect(decoded.pixels == Self.frame(i), "apngdis frame \(i)")
                }
            }
        }
    }

    @Test("regions, dispose and blend are written as given; apngdis composes them")
    func regions() throws {
        try withTemporaryFolder { (folder) throws in
            let directory = folder.path
            let path = directory + "/regions.png"
            let writer = try APNGWriter(path: path, width: 20, height: 10, format: .rgb, encoder: PNGEncoder(compression: .small))
            let background = testImage(width: 20, height: 10, channels: 3, content: .smooth)
            let patch = testImage(width: 6, height: 4, channels: 3, content: .stripes)
            try writer.append(background, delay: .init(fps: 10))
            try writer.append(patch, delay: .init(numerator: 0, denominator: 1), dispose: .background, blend: .over,
                              region: (x: 5, y: 3, width: 6, height: 4))
            try writer.finish()
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(apngProblems(png) == [])
            let frames = splitFrames(png)
            #expect(frames[1].control == [5, 3, 0, 1, 1, 1])
            #expect(try libpngDecode(frames[1].png).pixels == patch)
            if let files = try disassembleWithApngdis(path) {
                var expected = background
                for y in 0..<4 {
                    expected.replaceSubrange(((y + 3) * 20 + 5) * 3..<((y + 3) * 20 + 11) * 3, with: patch[y * 18..<(y + 1) * 18])
                }
                let second = try libpngDecode([UInt8](try Data(contentsOf: URL(fileURLWithPath: files[1]))))
                // apngdis writes RGBA: compare the colour samples.
                let rgb = second.channels == 4
                    ? second.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element) : second.pixels
                #expect(rgb == expected)
            }
        }
    }

    @Test("large frames use the parallel path and stay valid")
    func largeFrames() throws {
        try withTemporaryFolder { (folder) throws in
            let directory = folder.path
            let path = directory + "/large.png"
            let encoder = PNGEncoder(options: .init(parallelism: .threads(4), minimumBandBytes: 50_000))
            let writer = try APNGWriter(path: path, width: 400, height: 300, encoder: encoder)
            let frames = (0..<3).map { Self.frame($0, width: 400, height: 300) }
            for frame in frames { try writer.append(frame, delay: .init(fps: 24)) }
            try writer.finish()
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(apngProblems(png) == [])
            for (i, frame) in splitFrames(png).enumerated() {
                #expect(try libpngDecode(frame.png).pixels == frames[i])
            }
        }
    }

    @Test("misuse is reported as typed errors")
    func errors() throws {
        try withTemporaryFolder { (folder) throws in
            let directory = folder.path
            let frame = Self.frame(0)
            let writer = try APNGWriter(path: directory + "/a.png", width: 48, height: 32, frameCount: 2)
            #expect(throws: PNGEncodingError.frameMismatch(reason: "the first frame must cover the whole 48x32 canvas")) {
                try writer.append(frame, delay: .init(fps: 1), region: (x: 0, y: 0, width: 10, height: 10))
            }
            #expect(throws: PNGEncodingError.invalidDelay(numerator: 1, denominator: 0)) {
                try writer.append(frame, delay: .init(numerator: 1, denominator: 0))
            }
            #expect(throws: PNGEncodingError.invalidDelay(numerator: 70_000, denominator: 1)) {
                try writer.append(frame, delay: .init(numerator: 70_000, denominator: 1))
            }
            #expect(throws: PNGEncodingError.bufferTooSmall(count: 10, needed: 48 * 32 * 4)) {
                try writer.append([UInt8](repeating: 0, count: 10), delay: .init(fps: 1))
            }
            try writer.append(frame, delay: .init(fps: 1))
            #expect(throws: PNGEncodingError.frameMismatch(reason: "region 40x10 at (10, 0) is not inside the 48x32 canvas")) {
                try writer.append(frame, delay: .init(fps: 1), region: (x: 10, y: 0, width: 40, height: 10))
            }
            #expect(throws: PNGEncodingError.frameCountMismatch(announced: 2, written: 1)) { try writer.finish() }
            #expect(throws: PNGEncodingError.writerClosed) { try writer.append(frame, delay: .init(fps: 1)) }

            let full = try APNGWriter(path: directory + "/b.png", width: 48, height: 32, frameCount: 1)
            try full.append(frame, delay: .init(fps: 1))
            #expect(throws: PNGEncodingError.frameCountMismatch(announced: 1, written: 2)) {
                try full.append(frame, delay: .init(fps: 1))
            }
            try full.finish()

            let empty = try APNGWriter(path: directory + "/c.png", width: 4, height: 4)
            #expect(throws: PNGEncodingError.frameCountMismatch(announced: 1, written: 0)) { try empty.finish() }

            #expect(throws: PNGEncodingError.invalidDimensions(width: 0, height: 4)) {
                try APNGWriter(path: directory + "/d.png", width: 0, height: 4)
            }
            let missing = directory + "/no/such/dir.png"
            // Opened as every ShaderFX output is: the error names the missing folder.
            let error = #expect(throws: PNGEncodingError.self) { try APNGWriter(path: missing, width: 4, height: 4) }
            guard case let .io(operation, _, message)? = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(operation == "open \(missing)")
            #expect(message.contains("directory \(directory)/no/such does not exist"))
            // A pipe cannot be rewound: the frame count must be given up front.
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { close(ends[0]); close(ends[1]) }
            #expect(throws: PNGEncodingError.self) { try APNGWriter(fileDescriptor: ends[1], width: 4, height: 4) }
            let piped = try APNGWriter(fileDescriptor: ends[1], width: 4, height: 4, frameCount: 1)
            try piped.append(testImage(width: 4, height: 4, channels: 4), delay: .init(fps: 1))
            try piped.finish()
        }
    }
}

@Suite("APNGWriter with frames compressed ahead")
struct CompressedFrameTests {
    @Test("frames compressed concurrently, appended in order, give the same file")
    func concurrentCompression() throws {
        try withTemporaryFolder { (folder) throws in
            let directory = folder.path
            let frames = (0..<6).map { APNGTests.frame($0) }
            let encoder = PNGEncoder(options: .init(parallelism: .disabled))
            let compressed = Unchecked(value: UnsafeMutableBufferPointer<CompressedFrame?>.allocate(capacity: 6))
            compressed.value.initialize(repeating: nil)
            defer { compressed.value.deinitialize(); compressed.value.deallocate() }
            DispatchQueue.concurrentPerform(iterations: 6) { i in
                compressed.value[i] = try? encoder.compressFrame(frames[i], width: 48, height: 32, format: .rgba)
            }
            let ahead = try APNGWriter(path: directory + "/ahead.png", width: 48, height: 32, encoder: encoder)
            for frame in compressed.value { try ahead.append(try #require(frame), delay: .init(fps: 12)) }
            try ahead.finish()
            let direct = try APNGWriter(path: directory + "/direct.png", width: 48, height: 32, encoder: encoder)
            for frame in frames { try direct.append(frame, delay: .init(fps: 12)) }
            try direct.finish()
            let a = try Data(contentsOf: URL(fileURLWithPath: directory + "/ahead.png"))
            #expect(a == (try Data(contentsOf: URL(fileURLWithPath: directory + "/direct.png"))))
            #expect(apngProblems([UInt8](a)) == [])
            // A frame of another format is refused.
            let grey = try encoder.compressFrame([UInt8](repeating: 9, count: 48 * 32), width: 48, height: 32, format: .gray)
            let writer = try APNGWriter(path: directory + "/x.png", width: 48, height: 32)
            #expect(throws: PNGEncodingError.frameMismatch(reason: "the frame is gray, the animation rgba")) {
                try writer.append(grey, delay: .init(fps: 1))
            }
        }
    }
}
