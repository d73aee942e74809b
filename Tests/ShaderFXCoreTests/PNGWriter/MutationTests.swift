// The checks above must be able to fail: each test here damages a valid output the way a
// bug would, and expects the same checks to catch it.
import CDeflate
import Foundation
import Testing
import ShaderFXTestSupport

@testable import ShaderFXCore

@Suite("The checks catch damage")
struct MutationTests {
    let pixels = testImage(width: 30, height: 20, channels: 4)

    func png() throws -> [UInt8] {
        try PNGEncoder().encode(pixels, width: 30, height: 20, format: .rgba)
    }

    @Test("a flipped CRC byte in any chunk is rejected by libpng and by the chunk parser")
    func flippedCRC() throws {
        let good = try png()
        for part in try #require(chunks(good)) {
            var bad = good
            bad[part.offset + 8 + part.data.count + 2] ^= 0x10
            #expect(throws: DecodeFailure.self, "\(part.type)") { try libpngDecode(bad) }
            #expect(chunks(bad)!.contains { !$0.crcIsValid })
        }
    }

    @Test("a changed filter type (valid stream, valid CRCs) fails the pixel comparison")
    func changedFilterType() throws {
        let good = try png()
        let parts = try #require(chunks(good))
        let idat = try #require(parts.first { $0.type == "IDAT" })
        let stride = 1 + 30 * 4
        var filtered = try #require(zlibInflate(idat.data, expectedSize: 20 * stride))
        filtered[5 * stride] = (filtered[5 * stride] + 1) % 5  // row 5 gets another filter
        let compressor = libdeflate_alloc_compressor(6)!
        defer { libdeflate_free_compressor(compressor) }
        var stream = [UInt8](repeating: 0, count: 100_000)
        let size = stream.withUnsafeMutableBytes { o in
            filtered.withUnsafeBytes { libdeflate_zlib_compress(compressor, $0.baseAddress, $0.count, o.baseAddress, o.count) }
        }
        var out = ChunkWriter()
        out.bytes += ChunkWriter.signature
        out.appendChunk("IHDR", parts[0].data)
        out.appendChunk("IDAT", Array(stream.prefix(size)))
        out.appendChunk("IEND", [])
        let decoded = try libpngDecode(out.bytes)  // still a valid PNG...
        #expect(decoded.pixels != pixels)  // ...whose pixels the round-trip tests compare
        // An out-of-range filter type is rejected outright.
        filtered[5 * stride] = 5
        let bad = stream.withUnsafeMutableBytes { o in
            filtered.withUnsafeBytes { libdeflate_zlib_compress(compressor, $0.baseAddress, $0.count, o.baseAddress, o.count) }
        }
        var invalid = ChunkWriter()
        invalid.bytes += ChunkWriter.signature
        invalid.appendChunk("IHDR", parts[0].data)
        invalid.appendChunk("IDAT", Array(stream.prefix(bad)))
        invalid.appendChunk("IEND", [])
        #expect(throws: DecodeFailure.self) { try libpngDecode(invalid.bytes) }
    }

    @Test("a wrong Adler-32 or a BFINAL left set between bands is caught")
    func brokenStream() throws {
        var bad = try png()
        let idat = try #require(chunks(bad)?.first { $0.type == "IDAT" })
        bad[idat.offset + 8 + idat.data.count - 1] ^= 1  // last byte of the Adler-32
        fixCRC(&bad, chunkAt: idat.offset)
        #expect(throws: DecodeFailure.self) { try libpngDecode(bad) }

        // Joining without clearing BFINAL: the decoder stops after the first band.
        let first = [UInt8](repeating: 1, count: 1000), second = [UInt8](repeating: 2, count: 1000)
        let joined = rawDeflate(first, level: 6) + rawDeflate(second, level: 6)
        #expect(rawInflate(joined, expectedSize: 2000) == nil)
    }

    @Test("a repeated, skipped or reordered APNG sequence number is reported")
    func sequenceNumbers() throws {
        try withTemporaryFolder { (folder) throws in
            let directory = folder.path
            let path = directory + "/s.png"
            let writer = try APNGWriter(path: path, width: 30, height: 20)
            for _ in 0..<3 { try writer.append(pixels, delay: .init(fps: 5)) }
            try writer.finish()
            let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(apngProblems(good) == [])
            let numbered = try #require(chunks(good)).filter { $0.type == "fcTL" || $0.type == "fdAT" }
            #expect(numbered.count == 5)
            for (index, part) in numbered.enumerated() {
                for delta in [1, 255] {
                    var bad = good
                    bad[part.offset + 11] = UInt8((index + delta) & 0xFF)  // low byte of the number
                    fixCRC(&bad, chunkAt: part.offset)
                    #expect(apngProblems(bad).contains { $0.hasPrefix("sequence") }, "chunk \(index) +\(delta)")
                }
            }
            // A frame count in acTL that does not match.
            var wrongCount = good
            let actl = try #require(chunks(good)?.first { $0.type == "acTL" })
            wrongCount[actl.offset + 11] = 4
            fixCRC(&wrongCount, chunkAt: actl.offset)
            #expect(apngProblems(wrongCount) == ["acTL says 4 frames, 3 fcTL"])
        }
    }
}
