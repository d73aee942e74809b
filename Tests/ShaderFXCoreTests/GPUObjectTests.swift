import Testing
@testable import ShaderFXCore

/// The GPU objects ShaderFXCore owns besides textures, framebuffers and programs: pixel buffers,
/// fences, uniform buffers and vertex arrays, each deleted with its last reference.
@Suite(.serialized) struct GPUObjectTests {
    static func bytes(width: Int, height: Int) -> [UInt8] {
        (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 13) }
    }

    @Test func aPixelBufferReadsARegionInBandsBehindAFence() throws {
        let context = try TestContext.shared()
        let saved = Framebuffer.readBandBytes
        defer { Framebuffer.readBandBytes = saved }
        try context.withCurrent {
            let width = 13, height = 11
            let source = Self.bytes(width: width, height: height)
            let framebuffer = try Framebuffer(context: context, width: width, height: height, eightBit: true)
            framebuffer.clear()
            try framebuffer.texture.upload(source, at: .zero, width: width, height: height)
            let counter = Fence.LiveCounter()
            for band in [64 << 20, 9 * 4 * 2] {  // one read; reads of two rows of the region
                Framebuffer.readBandBytes = band
                let buffer = try PixelBuffer(context: context, byteCount: 9 * 7 * 4)
                buffer.readBytes(from: framebuffer, x: 2, y: 3, width: 9, height: 7)
                var fence: Fence? = try Fence(context: context, counter: counter)
                #expect(counter.value == 1)
                try fence?.wait(timeout: .seconds(10), for: "the read")
                fence = nil
                #expect(counter.value == 0)
                let read = try buffer.withMappedBytes(count: 9 * 7 * 4) { Array($0) }
                var expected: [UInt8] = []
                for y in 3..<10 { expected += source[(y * width + 2) * 4 ..< (y * width + 11) * 4] }
                #expect(read == expected, "bands of \(band) bytes")
            }
            try context.check("the reads")
        }
    }

    @Test func aClearedFramebufferIsTransparent() throws {
        let context = try TestContext.shared()
        let read = try context.withCurrent { () throws -> [UInt8] in
            let framebuffer = try Framebuffer(context: context, width: 5, height: 4, eightBit: true)
            try framebuffer.texture.upload(Self.bytes(width: 5, height: 4), at: .zero, width: 5, height: 4)
            framebuffer.clear()
            return try framebuffer.readBytes(x: 0, y: 0, width: 5, height: 4)
        }
        #expect(read == [UInt8](repeating: 0, count: 80))
    }

    @Test func objectsReleasedWithoutTheirContextCurrentAreDeletedOnIt() throws {
        let context = try GPUContext(options: GPUOptions(backend: .surfaceless))
        let counter = Fence.LiveCounter()
        var objects: (VertexArray, UniformBuffer, PixelBuffer, Fence)? = try context.withCurrent {
            (try VertexArray(context: context), try UniformBuffer(context: context, byteCount: 256),
             try PixelBuffer(context: context, byteCount: 64), try Fence(context: context, counter: counter))
        }
        #expect(!context.isCurrent && counter.value == 1)
        try context.withCurrent { objects?.1.write([1, 2, 3]) }
        objects = nil  // each deinit makes the context current for its delete
        #expect(counter.value == 0)
        try context.withCurrent { try context.check("deleting the objects") }
    }

    @Test func textureSizesInBytes() throws {
        let context = try TestContext.shared()
        let (eight, float) = try context.withCurrent {
            (try Texture(context: context, width: 3, height: 2, eightBit: true), try Texture(context: context, width: 3, height: 2))
        }
        #expect(eight.isEightBit && eight.byteCount == 24)
        #expect(!float.isEightBit && float.byteCount == 96)
    }
}
