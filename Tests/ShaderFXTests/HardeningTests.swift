import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFX
@testable import ShaderFXCore

#if canImport(Glibc)
import Glibc
#endif

/// A PNG chunk with its CRC, for hand-made (hostile) files.
func pngChunk(_ type: String, _ data: [UInt8], claimedLength: UInt32? = nil) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    let body = Array(type.utf8) + data
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
    }
    return be(claimedLength ?? UInt32(data.count)) + body + be(~crc)
}

/// The PNG signature and an IHDR of `width` x `height`, 8-bit RGBA.
func pngHead(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + pngChunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
}

@Suite("Hardening: budgets, read-back, hostile PNGs")
struct BudgetTests {
    @Test func theBudgetRefusesLargeRendersNamingTheOption() throws {
        let budget = RenderBudget(maxPixels: 1000, maxDimension: 64)
        try budget.check(width: 10, height: 10, scale: 3)  // 900 pixels
        let error = #expect(throws: RenderBudgetError.self) { try budget.check(width: 10, height: 10, scale: 3, margin: SIMD2(2, 0)) }
        // The error carries the values (the command line names its option: HardeningCLITests).
        #expect(error?.kind == .pixels(limit: 1000))
        #expect(error?.width == 34 && error?.height == 30)
        #expect(error?.suggestedMaxPixels == 1 << 20)
        #expect(error?.description.contains("pixel budget of 1000 pixels") == true)
        #expect(error?.description.contains("--") == false)
        #expect(throws: RenderBudgetError.self) { try budget.check(width: 65, height: 1) }
        #expect(throws: RenderBudgetError.self) { try budget.check(width: Int.max / 2, height: 3, scale: 8) }
        #expect(RenderBudget.defaultMaxPixels == 16 << 20)
    }

    @Test func theRendererChecksTheBudgetBeforeAllocating() throws {
        let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
        renderer.budget.maxPixels = 16 * 12
        let image = gradientImage()
        #expect(try renderer.render(image, effects: []) == image)
        // A margin grows the layer past the budget: refused, nothing drawn.
        var effect = Effect(kind: .layer, shader: Shader(function: ShaderLibrary(source: "vec4 f(vec2 p, Layer l) { return l.sample(p); }").function("f"), arguments: []),
                            maxSampleOffset: SIMD2(4, 4), isEnabled: true)
        let error = #expect(throws: RenderBudgetError.self) { try renderer.render(image, effects: [effect]) }
        #expect(error?.width == 24 && error?.height == 20)
        effect.maxSampleOffset = SIMD2(.infinity, 1)
        #expect(throws: RenderBudgetError.self) { try renderer.render(image, effects: [effect]) }
        #expect(renderer.statistics.frames == 1)
    }

    @Test func aTinyPNGDeclaringAHugeImageIsRefusedByTheBudget() throws {
        let bytes = pngHead(width: 8192, height: 8192) + pngChunk("IDAT", []) + pngChunk("IEND", [])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sfx-huge-\(UUID().uuidString).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let error = #expect(throws: RenderBudgetError.self) { try RenderBudget().readPNG(path: path) }
        #expect(error?.kind == .pixels(limit: RenderBudget.defaultMaxPixels))
        #expect(error?.width == 8192 && error?.height == 8192 && error?.suggestedMaxPixels == 8192 * 8192)
        #expect(error?.description.hasPrefix(path) == true)
    }

    @Test func readBackInBandsGivesTheSamePixels() throws {
        let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
        let image = gradientImage(width: 37, height: 23)
        let whole = try renderer.render(image, effects: [], scale: 2)
        #expect(Framebuffer.bands(height: 23, rowBytes: 100).count == 1)
        let saved = Framebuffer.readBandBytes
        Framebuffer.readBandBytes = 37 * 2 * 16 * 3  // three rows a read
        defer { Framebuffer.readBandBytes = saved }
        #expect(Framebuffer.bands(height: 46, rowBytes: 37 * 2 * 16).map(\.count) == Array(repeating: 3, count: 15) + [1])
        #expect(try renderer.render(image, effects: [], scale: 2) == whole)
        var frames: [StraightFrame] = []
        try renderer.renderSequence(image, frames: 0..<2, scale: 2, effects: { _ in [] }, deliver: { frames.append($1) })
        #expect(frames.count == 2 && frames[0].premultipliedImage.width == 74)
        #expect(maxDifference(frames[0].premultipliedImage, whole) < 0.003)
    }

    @Test func aFailedDeliveryLeavesNoFence() throws {
        let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try renderer.renderSequence(gradientImage(), frames: 0..<4, effects: { _ in [] }, deliver: { _, _ in throw Stop() })
        }
        #expect(renderer.liveFences == 0)
        #expect(throws: Stop.self) {
            try renderer.renderSequence(gradientImage(), frames: 0..<4, effects: { index in if index == 2 { throw Stop() }; return [] }, deliver: { _, _ in })
        }
        #expect(renderer.liveFences == 0)
    }

    @Test func aSequenceLongerThanItsBufferRingDeliversEveryFrameInOrderWithItsOwnPixels() throws {
        let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
        let wave = try #require(BuiltInEffects.named("wave"))
        let image = gradientImage(width: 40, height: 30)
        // Each frame its own phase of the wave, so that a frame read from another's buffer shows.
        func passes(_ index: Int) throws -> [Effect] { try wave.init(values: ParameterValues(["time": "\(Double(index) * 0.37)"])).passes }
        let count = 3 * Renderer.sequenceBuffers + 1
        var delivered: [(Int, StraightFrame)] = []
        try renderer.renderSequence(image, frames: 0..<count, effects: passes, deliver: { delivered.append(($0, $1)) })
        #expect(delivered.map(\.0) == Array(0..<count))
        for (index, frame) in delivered {
            // Apart from the sequence: one frame drawn and read back alone, without a pixel buffer.
            let alone = try renderer.renderStraight(image, effects: try passes(index))
            #expect(frame == alone, "frame \(index)")
        }
        #expect(Set(delivered.map { $0.1.bytes }).count == count)
        #expect(renderer.liveFences == 0)
    }

    @Test func aDeliveryFailingWithCopiesInFlightLeavesNoFenceAndEndsTheCopies() throws {
        let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
        struct Stop: Error {}
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try renderer.renderSequence(gradientImage(width: 300, height: 200), frames: 0..<12, effects: { _ in [] }, deliver: { index, _ in
                seen.append(index)
                if index == 5 { throw Stop() }
            })
        }
        #expect(seen == Array(0...5))
        #expect(renderer.liveFences == 0)
        // The buffers the copies read were unmapped: the renderer draws on.
        var frames = 0
        try renderer.renderSequence(gradientImage(), frames: 0..<6, effects: { _ in [] }, deliver: { _, _ in frames += 1 })
        #expect(frames == 6)
    }

    @Test func theSpareFramebufferPoolIsBounded() throws {
        let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
        let effect = BuiltInEffects.all.first { $0.name == "passthrough" } ?? BuiltInEffects.all[0]
        let passes = try effect.init(values: ParameterValues([:])).passes
        for size in 1...24 {
            _ = try renderer.render(gradientImage(width: 4 + size, height: 3 + size), effects: passes + passes)
        }
        #expect(renderer.spareFramebufferCount <= Renderer.maxSpareFramebuffers)
    }

    @Test func hostileChunkLengthsFailFastWithoutAllocating() throws {
        // 44 bytes: a tEXt chunk claiming 0x7ffffff0 bytes (libpng used to allocate them first).
        let text = pngHead(width: 1, height: 1) + [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + [1, 2, 3]
        #expect(text.count == 44)
        let iccp = pngHead(width: 1, height: 1) + pngChunk("iCCP", [], claimedLength: 0x4000_0000)
        var many = pngHead(width: 1, height: 1)
        for _ in 0..<1500 { many += pngChunk("tEXt", Array("k\u{0}v".utf8)) }
        many += pngChunk("IEND", [])
        for (name, bytes) in [("text", text), ("iccp", iccp), ("many", many)] {
            let started = ContinuousClock.now
            let error = #expect(throws: ImageError.self, "\(name)") { try PNG.decode(bytes, name: name) }
            #expect(ContinuousClock.now - started < .seconds(1), "\(name)")
            if case let .corrupt(_, reason)? = error, name != "many" {
                #expect(reason.contains("claims"), "\(name): \(reason)")
            }
        }
    }
}

@Suite("Hardening: GL contexts")
struct ContextDisciplineTests {
    @Test func aContextOpenedInsideWithCurrentDoesNotBlankTheNextRender() throws {
        let renderer = try Renderer(options: GPUOptions(backend: .surfaceless))
        let image = gradientImage()
        let result = try renderer.context.withCurrent { () throws -> RGBAImage in
            let other = try GPUContext(options: GPUOptions(backend: .surfaceless))
            #expect(renderer.context.isCurrent)
            _ = other
            return try renderer.render(image, effects: [])
        }
        #expect(result == image)
        #expect(!renderer.context.isCurrent)
    }

    @Test func nestedContextsRestoreTheOuterOne() throws {
        let a = try GPUContext(options: GPUOptions(backend: .surfaceless))
        let b = try GPUContext(options: GPUOptions(backend: .surfaceless))
        try a.withCurrent {
            try b.withCurrent { #expect(b.isCurrent) }
            #expect(a.isCurrent)
            struct Stop: Error {}
            _ = try? b.withCurrent { throw Stop() }
            #expect(a.isCurrent)
        }
        #expect(!a.isCurrent && !b.isCurrent)
    }

    @Test func emptyBackendNamesAreUsageErrors() throws {
        for text in ["", ":", ":1"] {
            #expect(throws: GPUOptions.OptionsError.self, "'\(text)'") { try GPUOptions.parse(text, source: "--backend") }
        }
        #expect(throws: GPUOptions.OptionsError.self) { try GPUOptions.fromEnvironment(["SHADERFX_BACKEND": ":"]) }
        #expect(try GPUOptions.parse("device:1", source: "x") == GPUOptions(backend: .device, deviceIndex: 1))
    }

    @Test func autoFallsBackWhenADisplayOpensButNoContextCanBeMade() throws {
        let context = try GPUContext.$simulateNoContext.withValue([.surfaceless]) {
            try GPUContext(options: GPUOptions(backend: .auto))
        }
        #expect(context.info.backend != .surfaceless)
        let error = #expect(throws: GPUError.self) {
            try GPUContext.$simulateNoContext.withValue(Set(Backend.allCases)) { try GPUContext(options: GPUOptions(backend: .auto)) }
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("simulated"))
    }
}

@Suite("Hardening: output and input files", .serialized)
struct OutputInputFileTests {
    @Test func devicesAndFIFOsAreWrittenThroughNeverReplaced() throws {
        try withTemporaryFolder { (directory) throws in
            // A copy of /dev/null: a regression must not replace the system's own.
            var info = stat()
            let null = directory.file("null")
            if mknod(null, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 {
                try OutputFile.write([1, 2, 3], to: null)
                #expect(lstat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
                unlink(null)
            }
            let fifo = directory.file("pipe")
            #expect(mkfifo(fifo, 0o600) == 0)
            let reader = Thread {
                let fd = open(fifo, O_RDONLY)
                var buffer = [UInt8](repeating: 0, count: 16)
                _ = read(fd, &buffer, 16)
                close(fd)
            }
            reader.start()
            try OutputFile.write([7, 7], to: fifo)
            #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
            #expect(try directory.contents() == ["pipe"])
        }
    }

    @Test func aFullDeviceIsAnErrorAndStaysADevice() throws {
        try withTemporaryFolder { (directory) throws in
            let full = directory.file("full")
            guard mknod(full, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0 else { return }  // needs CAP_MKNOD
            let error = #expect(throws: ImageError.self) { try PNG.write(RGBAImage(width: 2, height: 2), to: full) }
            #expect("\(error.map { "\($0)" } ?? "")".contains("No space left"))
            var info = stat()
            #expect(lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
            #expect(try directory.contents() == ["full"])
        }
    }

    @Test func socketsAndDirectoriesAreRefused() throws {
        try withTemporaryFolder { (directory) throws in
            let path = directory.file("sock")
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            #expect(bound == 0)
            let error = #expect(throws: ImageError.self) { try OutputFile.write([1], to: path) }
            #expect("\(error.map { "\($0)" } ?? "")".contains("socket"))
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK)
            #expect(throws: ImageError.self) { try OutputFile.write([1], to: directory.path) }
        }
    }

    @Test func aSymlinkIsKeptAndItsTargetReplaced() throws {
        try withTemporaryFolder { (directory) throws in
            try FileManager.default.createDirectory(atPath: directory.file("real"), withIntermediateDirectories: false)
            try Data([9]).write(to: URL(fileURLWithPath: directory.file("real/target.png")))
            #expect(symlink("real/target.png", directory.file("link.png")) == 0)
            try OutputFile.write([1, 2], to: directory.file("link.png"))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.png")) == "real/target.png")
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("real/target.png"))) == Data([1, 2]))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("real")) == ["target.png"])
            // A dangling link creates the file it names.
            #expect(symlink("real/new.png", directory.file("dangling.png")) == 0)
            try OutputFile.write([3], to: directory.file("dangling.png"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("real/new.png"))) == Data([3]))
        }
    }

    @Test(arguments: [229, 240, 250, 255])
    func longOutputNamesWork(length: Int) throws {
        try withTemporaryFolder { (directory) throws in
            let name = String(repeating: "é", count: (length - 4) / 2) + String(repeating: "a", count: (length - 4) % 2) + ".png"
            #expect(name.utf8.count == length)
            try PNG.write(RGBAImage(width: 1, height: 1), to: directory.file(name))
            #expect(try directory.contents() == [name])
            #expect(OutputFile.temporaryName(for: name, unique: "ffffffffffffffff").utf8.count <= 255)
        }
    }

    @Test func temporaryFilesAreRegisteredAndRemovable() throws {
        try withTemporaryFolder { (directory) throws in
            let before = ProcessGuard.registeredCount
            try PNG.write(RGBAImage(width: 1, height: 1), to: directory.file("a.png"))
            #expect(ProcessGuard.registeredCount == before)
            let path = directory.file(".a.png.tmp-test")
            try Data([1]).write(to: URL(fileURLWithPath: path))
            let token = ProcessGuard.register(temporaryFile: path)
            #expect(token != nil)
            ProcessGuard.removeRegisteredFiles()
            #expect(!FileManager.default.fileExists(atPath: path))
            ProcessGuard.unregister(token)
            #expect(try directory.contents() == ["a.png"])
        }
    }

    @Test func inputsMustBeRegularUTF8FilesAndErrorsAreOurOwn() throws {
        try withTemporaryFolder { (directory) throws in
            // A folder.
            var error = #expect(throws: ShaderError.self) { try ShaderLibrary(contentsOf: directory.path) }
            #expect("\(error.map { "\($0)" } ?? "")".contains("is a directory"))
            // Not UTF-8.
            try Data([0x76, 0x65, 0x63, 0x0A, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: directory.file("latin.glsl")))
            error = #expect(throws: ShaderError.self) { try ShaderLibrary(contentsOf: directory.file("latin.glsl")) }
            let text = "\(error.map { "\($0)" } ?? "")"
            #expect(text.contains("must be UTF-8") && text.contains("line 2"), "\(text)")
            #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("operation"))
            // Endless inputs are never read.
            let fifo = directory.file("pipe.glsl")
            #expect(mkfifo(fifo, 0o600) == 0)
            for path in [fifo, "/dev/zero"] {
                let started = ContinuousClock.now
                let failure = #expect(throws: InputFileError.self) { try InputFile.read(path) }
                #expect(failure?.reason.contains("not a regular file") == true)
                #expect(ContinuousClock.now - started < .seconds(1))
            }
            #expect(throws: EventScriptError.self) { try EventScript.load(path: fifo) }
            // Size-capped.
            try Data(count: 100).write(to: URL(fileURLWithPath: directory.file("big")))
            #expect(throws: InputFileError.self) { try InputFile.read(directory.file("big"), maxBytes: 99) }
        }
    }
}
