import CDeflate
import Testing

@testable import ShaderFXCore

@Suite("PNGEncoder")
struct PNGEncoderTests {
    @Test("every format, size, level and filtering decodes (libpng) to exactly the input",
          arguments: allFormats, PNGEncoder.Compression.allCases)
    func roundTrip(format: PNGColorFormat, compression: PNGEncoder.Compression) throws {
        for (width, height) in [(1, 1), (2, 3), (17, 5), (64, 48), (5, 130)] {
            for (content, filtering) in zip(Content.allCases + Content.allCases,
                                            [PNGEncoder.Filtering.automatic, .automatic, .adaptive, .sub, .adaptive, .sub, .automatic, .adaptive]) {
                let pixels = testImage(width: width, height: height, channels: format.channels, content: content)
                let encoder = PNGEncoder(options: .init(compression: compression, filtering: filtering))
                let png = try encoder.encode(pixels, width: width, height: height, format: format)
                let decoded = try libpngDecode(png)
                #expect(decoded == Decoded(width: width, height: height, channels: format.channels, pixels: pixels),
                        "\(width)x\(height) \(content)")
            }
        }
    }

    @Test("the file is signature, IHDR, IDAT..., IEND with valid CRCs and the right header")
    func structure() throws {
        let pixels = testImage(width: 40, height: 30, channels: 3)
        let png = try PNGEncoder().encode(pixels, width: 40, height: 30, format: .rgb)
        let parts = try #require(chunks(png))
        #expect(parts.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(parts.allSatisfy { $0.crcIsValid })
        #expect(parts[0].data == [0, 0, 0, 40, 0, 0, 0, 30, 8, 2, 0, 0, 0])
        #expect(parts[2].data.isEmpty)
        // The zlib stream inflates to 30 rows of a filter byte (0...4) and 120 bytes.
        let filtered = try #require(zlibInflate(parts[1].data, expectedSize: 30 * 121))
        #expect(stride(from: 0, to: filtered.count, by: 121).allSatisfy { filtered[$0] <= 4 })
    }

    @Test("rows with padding (rowBytes > width * channels) are read correctly")
    func rowBytes() throws {
        let (width, height, stride) = (13, 9, 13 * 4 + 11)
        let packed = testImage(width: width, height: height, channels: 4)
        var padded = [UInt8](repeating: 0xEE, count: stride * (height - 1) + width * 4)
        for y in 0..<height {
            padded.replaceSubrange(y * stride..<y * stride + width * 4, with: packed[y * width * 4..<(y + 1) * width * 4])
        }
        let png = try PNGEncoder().encode(padded, width: width, height: height, rowBytes: stride, format: .rgba)
        #expect(try libpngDecode(png).pixels == packed)
    }

    @Test("dropOpaqueAlpha writes RGB (or grey) when every alpha is 255, and only then")
    func dropsOpaqueAlpha() throws {
        let encoder = PNGEncoder(compression: .fast, dropOpaqueAlpha: true)
        for format in [PNGColorFormat.rgba, .grayAlpha] {
            let channels = format.channels
            let opaque = testImage(width: 20, height: 10, channels: channels, opaque: true)
            let decoded = try libpngDecode(encoder.encode(opaque, width: 20, height: 10, format: format))
            #expect(decoded.channels == channels - 1)
            let withoutAlpha = opaque.enumerated().filter { $0.offset % channels != channels - 1 }.map(\.element)
            #expect(decoded.pixels == withoutAlpha)
            // One alpha of 254 keeps the alpha channel.
            var almost = opaque
            almost[channels * 57 + channels - 1] = 254
            let kept = try libpngDecode(encoder.encode(almost, width: 20, height: 10, format: format))
            #expect(kept.channels == channels && kept.pixels == almost)
            // So does one in the very last pixel, after every row before it was packed.
            var last = opaque
            last[last.count - 1] = 0
            let lastKept = try libpngDecode(encoder.encode(last, width: 20, height: 10, format: format))
            #expect(lastKept.channels == channels && lastKept.pixels == last)
            // The scratch memory reused by the next opaque image holds none of this one.
            let other = testImage(width: 20, height: 10, channels: channels, opaque: true, seed: 5)
            let otherDecoded = try libpngDecode(encoder.encode(other, width: 20, height: 10, format: format))
            #expect(otherDecoded.pixels == other.enumerated().filter { $0.offset % channels != channels - 1 }.map(\.element))
            // Without the option, opaque images keep their alpha.
            let plain = try libpngDecode(PNGEncoder().encode(opaque, width: 20, height: 10, format: format))
            #expect(plain.channels == channels && plain.pixels == opaque)
        }
    }

    @Test("an opaque RGBA image in parallel bands is packed to RGB row by row, the row above each band's first included",
          arguments: [PNGEncoder.Filtering.sub, .adaptive])
    func opaqueBandsPackTheirRows(filtering: PNGEncoder.Filtering) throws {
        let (width, height) = (301, 211)
        for content in Content.allCases {
            let pixels = testImage(width: width, height: height, channels: 4, content: content, opaque: true, seed: 3)
            let options = PNGEncoder.Options(compression: .fast, dropOpaqueAlpha: true, filtering: filtering,
                                             parallelism: .threads(4), minimumBandBytes: 3000)
            let decoded = try libpngDecode(PNGEncoder(options: options).encode(pixels, width: width, height: height, format: .rgba))
            #expect(decoded.channels == 3)
            // Compared first, so a failure does not print two arrays of 190,000 bytes.
            let same = decoded.pixels == pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
            #expect(same, "\(content): the decoded RGB differs from the RGBA given")
        }
    }

    @Test("parallel bands give one valid stream, for every level and content",
          arguments: PNGEncoder.Compression.allCases)
    func parallelBands(compression: PNGEncoder.Compression) throws {
        let (width, height) = (300, 211)
        for content in Content.allCases {
            for format in [PNGColorFormat.rgba, .gray] {
                let pixels = testImage(width: width, height: height, channels: format.channels, content: content, seed: 9)
                let options = PNGEncoder.Options(compression: compression, filtering: .adaptive, parallelism: .threads(4), minimumBandBytes: 3000)
                let plan = CompressionPlan(strategy: .minimumSum, level: compression.level, threads: 4, minimumBandBytes: 3000)
                #expect(plan.bandCount(filteredCount: height * (1 + width * format.channels), height: height) == 8)
                let png = try PNGEncoder(options: options).encode(pixels, width: width, height: height, format: format)
                #expect(try libpngDecode(png).pixels == pixels, "\(content) \(format)")
                // The same filtered bytes as the single-threaded encoder.
                let single = try PNGEncoder(options: .init(compression: compression, filtering: .adaptive)).encode(pixels, width: width, height: height, format: format)
                let stride = 1 + width * format.channels
                let idat = { (png: [UInt8]) in chunks(png)!.filter { $0.type == "IDAT" }.flatMap(\.data) }
                #expect(zlibInflate(idat(png), expectedSize: height * stride) == zlibInflate(idat(single), expectedSize: height * stride))
            }
        }
    }

    @Test("a large image on the automatic path decodes exactly (several bands of 256 KiB)")
    func largeImage() throws {
        let (width, height) = (1024, 700)
        let pixels = testImage(width: width, height: height, channels: 4, content: .smooth, seed: 3)
        let png = try PNGEncoder(options: .init(parallelism: .threads(3))).encode(pixels, width: width, height: height, format: .rgba)
        #expect(try libpngDecode(png).pixels == pixels)
    }

    @Test("long streams are split into IDAT chunks of at most 1 MiB")
    func idatSplitting() throws {
        let (width, height) = (700, 500)
        let pixels = testImage(width: width, height: height, channels: 4, content: .noise, seed: 5)
        let png = try PNGEncoder().encode(pixels, width: width, height: height, format: .rgba)
        let idats = try #require(chunks(png)).filter { $0.type == "IDAT" }
        #expect(idats.count == 2)
        #expect(idats[0].data.count == 1 << 20)
        #expect(try libpngDecode(png).pixels == pixels)
    }

    @Test("automatic filtering: Sub for fast (adaptive for detailed bands, the photo tier), adaptive otherwise; rows carry the chosen types")
    func filterChoice() throws {
        let pixels = testImage(width: 64, height: 40, channels: 3, content: .smooth)
        func filterTypes(_ options: PNGEncoder.Options) throws -> Set<UInt8> {
            let png = try PNGEncoder(options: options).encode(pixels, width: 64, height: 40, format: .rgb)
            let idat = try #require(chunks(png)).filter { $0.type == "IDAT" }.flatMap(\.data)
            let filtered = try #require(zlibInflate(idat, expectedSize: 40 * 193))
            return Set(stride(from: 0, to: filtered.count, by: 193).map { filtered[$0] })
        }
        // This content (sines and grain) is too detailed for ImageDeflater: the photo tier filters it again.
        #expect(try filterTypes(.init(compression: .fast)).count > 1)
        #expect(try filterTypes(.init(compression: .fast, filtering: .sub)) == [1])
        #expect(try filterTypes(.init(compression: .default)).count > 1)
        #expect(try filterTypes(.init(compression: .fast, filtering: .adaptive)).count > 1)
    }

    @Test("the zlib header is valid for every level")
    func zlibHeader() {
        for level in Int32(0)...12 {
            let header = ImageCompressor.zlibHeader(level: level)
            #expect(header[0] == 0x78 && (UInt16(header[0]) << 8 | UInt16(header[1])) % 31 == 0)
            #expect(header[1] & 0x20 == 0)  // no preset dictionary
        }
    }
}
