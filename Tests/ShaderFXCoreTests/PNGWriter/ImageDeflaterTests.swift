import CDeflate
import CPNGReference
import Foundation
import Testing
import ShaderFXTestSupport

@testable import ShaderFXCore

/// The fast tier's own DEFLATE compressor: its streams are checked by libdeflate's inflater and
/// (through PNG files) by libpng's zlib; its Huffman codes against RFC 1951 and Kraft's sum.
@Suite("ImageDeflater")
struct ImageDeflaterTests {
    /// Compresses `data` as one band; nil when the band is left to libdeflate.
    func deflate(_ data: [UInt8], bytesPerPixel: Int = 4, rowStride: Int? = nil, last: Bool = true,
                 mayDecline: Bool = false) -> [UInt8]? {
        data.withUnsafeBufferPointer { buffer in
            ImageDeflater.compress(buffer.baseAddress!, count: data.count, bytesPerPixel: bytesPerPixel,
                                   rowStride: rowStride ?? 1 + 64 * bytesPerPixel, last: last, mayDecline: mayDecline)
        }
    }

    /// Filtered rows of a smooth render: a filter byte, then `width` pixels of Sub differences.
    func filteredRows(width: Int, height: Int, channels: Int, content: Content = .smooth, seed: UInt64 = 1) -> [UInt8] {
        let pixels = testImage(width: width, height: height, channels: channels, content: content, seed: seed)
        var out = [UInt8]()
        let row = width * channels
        for y in 0..<height {
            out.append(1)
            for i in 0..<row {
                let left = i >= channels ? pixels[y * row + i - channels] : 0
                out.append(pixels[y * row + i] &- left)
            }
        }
        return out
    }

    @Test("the canonical codes of RFC 1951's example (lengths 3,3,3,3,3,2,4,4)")
    func canonicalCodes() {
        let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
        var codes = [UInt16](repeating: 0, count: 8)
        lengths.withUnsafeBufferPointer { l in
            codes.withUnsafeMutableBufferPointer { HuffmanCode.codes(for: l.baseAddress!, count: 8, into: $0.baseAddress!) }
        }
        // RFC 1951, 3.2.2: A 010, B 011, C 100, D 101, E 110, F 00, G 1110, H 1111, stored
        // bit-reversed because DEFLATE writes codes from their most significant bit.
        let expected: [(UInt16, Int)] = [(0b010, 3), (0b011, 3), (0b100, 3), (0b101, 3), (0b110, 3), (0b00, 2), (0b1110, 4), (0b1111, 4)]
        for (i, (code, length)) in expected.enumerated() {
            var reversed: UInt16 = 0
            for bit in 0..<length { reversed |= (code >> UInt16(bit) & 1) << UInt16(length - 1 - bit) }
            #expect(codes[i] == reversed, "symbol \(i)")
        }
    }

    /// Code lengths for `frequencies`, checked: within the limit, complete, used symbols coded.
    func checkedLengths(_ frequencies: [UInt32], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        frequencies.withUnsafeBufferPointer { f in
            lengths.withUnsafeMutableBufferPointer {
                HuffmanCode.lengths(of: f.baseAddress!, count: frequencies.count, limit: limit, into: $0.baseAddress!)
            }
        }
        let kraft = lengths.reduce(0.0) { $1 == 0 ? $0 : $0 + pow(2, -Double($1)) }
        #expect(kraft == 1, "Kraft sum \(kraft) for \(frequencies.prefix(8))...")
        #expect(lengths.allSatisfy { $0 <= limit })
        let used = frequencies.indices.filter { frequencies[$0] > 0 }
        if used.count >= 2 { #expect(frequencies.indices.allSatisfy { (frequencies[$0] > 0) == (lengths[$0] > 0) }) }
        return lengths
    }

    @Test("code lengths: optimal when nothing is cut, complete and within the limit when it is")
    func codeLengths() {
        // 256 equal frequencies: every code is 8 bits.
        #expect(checkedLengths([UInt32](repeating: 5, count: 256) + [0, 0, 0], limit: 15).prefix(256).allSatisfy { $0 == 8 })
        // Dyadic frequencies: lengths 1, 2, 3, 4, 4 exactly (the entropy).
        #expect(checkedLengths([8, 4, 2, 1, 1], limit: 15) == [1, 2, 3, 4, 4])
        // Fibonacci frequencies make a Huffman tree as deep as there are symbols: cut to 15 and 7.
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let deep = checkedLengths(fibonacci, limit: 15)
        #expect(deep.max() == 15)
        _ = checkedLengths(Array(fibonacci.prefix(19)), limit: 7)
        _ = checkedLengths(fibonacci + [UInt32](repeating: 1, count: 256), limit: 15)
        // One used symbol, or none: two codes of one bit.
        #expect(checkedLengths([0, 0, 9, 0], limit: 15) == [1, 0, 1, 0])
        #expect(checkedLengths([0, 0, 0], limit: 7) == [1, 1, 0])
        // Random frequency sets, some sparse.
        var random = SplitMix(state: 7)
        for _ in 0..<200 {
            let count = [19, 30, 286][Int(random.next() % 3)]
            let frequencies = (0..<count).map { _ in random.next() % 3 == 0 ? 0 : UInt32(random.next() % (1 << (random.next() % 24))) }
            _ = checkedLengths(frequencies, limit: count == 19 ? 7 : 15)
        }
    }

    @Test("streams inflate (libdeflate) to their input: renders, runs, long matches, tiny inputs, every pixel size")
    func roundTrips() throws {
        var inputs: [(String, [UInt8], Int)] = []
        for channels in 1...4 {
            inputs.append(("smooth \(channels)", filteredRows(width: 64, height: 40, channels: channels), channels))
            inputs.append(("noise \(channels)", filteredRows(width: 64, height: 40, channels: channels, content: .noise), channels))
            inputs.append(("stripes \(channels)", filteredRows(width: 64, height: 40, channels: channels, content: .stripes), channels))
            inputs.append(("constant \(channels)", filteredRows(width: 64, height: 40, channels: channels, content: .constant), channels))
        }
        for count in [1, 2, 3, 7, 8, 9, 15, 16, 17, 100] {
            inputs.append(("\(count) bytes", (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 / 5) }, 4))
        }
        inputs.append(("zeros: 258-byte matches", [UInt8](repeating: 0, count: 200_000), 4))
        // A random 300-byte piece repeated at exactly 32768 bytes, DEFLATE's farthest distance.
        var random = SplitMix(state: 3)
        var far = (0..<70_000).map { _ in random.byte() & 0x0F }
        for i in 0..<300 { far[40_000 + i] = far[40_000 - 32768 + i] }
        inputs.append(("distance 32768", far, 4))
        // More than one 1 MiB block, each with its own codes.
        let big = filteredRows(width: 700, height: 800, channels: 4, content: .stripes)
        inputs.append(("2.2 MB, three blocks", big, 4))
        // Noise over several blocks: stored blocks where Huffman codes would not gain.
        inputs.append(("noise, 1.5 MB", (0..<1_500_000).map { _ in random.byte() }, 4))
        for (name, data, channels) in inputs {
            let stream = deflate(data, bytesPerPixel: channels) ?? []
            #expect(rawInflate(stream, expectedSize: data.count) == data, "\(name)")
        }
    }

    @Test("300 random inputs built from literals and copies at random distances and lengths inflate to themselves")
    func randomStructures() {
        var random = SplitMix(state: 11)
        for round in 0..<300 {
            let target = 1 + Int(random.next() % 120_000)
            var data = [UInt8]()
            data.reserveCapacity(target + 300)
            while data.count < target {
                if data.isEmpty || random.next() % 3 == 0 {
                    // A few literals from a small or a full alphabet.
                    let alphabet = random.next() % 2 == 0 ? 4 : 256
                    for _ in 0..<(1 + random.next() % 40) { data.append(UInt8(random.next() % UInt64(alphabet))) }
                } else {
                    // A copy: often at the window's edge or DEFLATE's longest length, overlapping or not.
                    let distance = random.next() % 4 == 0 ? min(data.count, 32768) : 1 + Int(random.next() % UInt64(min(data.count, 32768)))
                    let length = random.next() % 4 == 0 ? 258 + Int(random.next() % 3) : 1 + Int(random.next() % 300)
                    for _ in 0..<length { data.append(data[data.count - distance]) }
                }
            }
            let channels = 1 + round % 4
            let stream = deflate(data, bytesPerPixel: channels, rowStride: 1 + Int(random.next() % 2000) + channels) ?? []
            #expect(rawInflate(stream, expectedSize: data.count) == data, "round \(round): \(data.count) bytes")
        }
    }

    @Test("a band that is not the last ends byte-aligned and open: two bands joined inflate as one")
    func joinedBands() throws {
        let data = filteredRows(width: 128, height: 60, channels: 4)
        let cut = 129 * 4 * 25 + 25
        let first = try #require(deflate(Array(data[..<cut]), last: false))
        let second = try #require(deflate(Array(data[cut...]), last: true))
        #expect(rawInflate(first + second, expectedSize: data.count) == data)
        // The first alone is not a complete stream: it has no final block.
        #expect(rawInflate(first, expectedSize: cut) == nil)
    }

    @Test("noisy bands are left to libdeflate; rendered ones are not, except small ones never are")
    func declines() throws {
        let noise = filteredRows(width: 300, height: 200, channels: 4, content: .noise)
        #expect(deflate(noise, mayDecline: true) == nil)
        let stripes = filteredRows(width: 300, height: 200, channels: 4, content: .stripes)
        #expect(deflate(stripes, mayDecline: true) != nil)
        // A trial needs more than 4 KiB.
        #expect(deflate(Array(noise.prefix(4000)), mayDecline: true) != nil)
    }

    /// Pixels that repeat the one before with probability `repeats`, else are 4 random bytes:
    /// what the match finder makes of them is about `1 - repeats` of the input in literals.
    func repeatingPixels(_ repeats: Double, count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix(state: seed)
        var out = [UInt8](repeating: 0, count: count)
        for p in stride(from: 4, to: count - 3, by: 4) {
            let repeatsPixel = Double(random.next() >> 11) / Double(1 << 53) < repeats
            for c in 0..<4 { out[p + c] = repeatsPixel ? out[p - 4 + c] : random.byte() }
        }
        return out
    }

    /// A band whose trial block the match finder takes to more than a quarter of its size goes to
    /// the photo tier. Over late frames of a ripple on a photo scaled up twice, such bands (a
    /// quarter to a third) came out 29 % smaller and 35 % cheaper there (docs/GPU.md).
    @Test("a band the match finder takes to between a quarter and a third of its size goes to the photo tier; one under a quarter stays")
    func declinesPastAQuarter() throws {
        let between = repeatingPixels(0.76, count: 256 * 1024, seed: 3)
        let kept = try #require(deflate(between))
        let fraction = Double(kept.count) / Double(between.count)
        #expect(fraction > 0.25 && fraction < 1.0 / 3, "the premise: \(fraction)")
        let declined = deflate(between, mayDecline: true) == nil
        #expect(declined, "a band at \(fraction) of its size stayed with the match finder")
        let under = repeatingPixels(0.85, count: 256 * 1024, seed: 4)
        let underFraction = Double(try #require(deflate(under)).count) / Double(under.count)
        #expect(underFraction < 0.25, "the premise: \(underFraction)")
        let stayed = deflate(under, mayDecline: true) != nil
        #expect(stayed, "a band at \(underFraction) of its size went to the photo tier")
    }

    @Test("renders (the seed references) as fast-tier PNG files: within 5 % of the size of the encoder it replaced (libpng, zlib level 1, Sub)",
          arguments: ["ripple-t0.05.png", "ripple-t0.05@2x.png", "ripple-t0.15.png", "ripple-t0.3.png", "ripple-refraction-t0.9.png",
                      "ripple-wave-t0.12.png", "background-warp-t2.png", "background-warp-pipeline-t2.png", "blur-r6.png"])
    func renderSizes(_ name: String) throws {
        let path = repositoryRoot.appendingPathComponent("Tests/ShaderFXTests/References/Seeds/\(name)").path
        let image = try libpngDecode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let ours = try PNGEncoder(options: .init(compression: .fast)).encode(
            image.pixels, width: image.width, height: image.height, format: allFormats[image.channels - 1])
        var reference: UnsafeMutablePointer<UInt8>?
        var referenceSize = 0
        let status = image.pixels.withUnsafeBufferPointer {
            ref_png_encode($0.baseAddress, UInt32(image.width), UInt32(image.height), Int32(image.channels), 1, &reference, &referenceSize)
        }
        defer { free(reference) }
        #expect(status == 0)
        #expect(Double(ours.count) <= 1.05 * Double(referenceSize), "\(name): \(ours.count) bytes against \(referenceSize)")
        #expect(try libpngDecode(ours) == image)
    }

    @Test("the fast tier's PNG files decode (libpng) to their input, one band or many")
    func pngFiles() throws {
        for (width, height, channels) in [(300, 200, 4), (257, 129, 3), (1000, 700, 4), (33, 1, 1)] {
            for content in [Content.smooth, .stripes, .constant, .noise] {
                let pixels = testImage(width: width, height: height, channels: channels, content: content)
                let format = allFormats[channels - 1]
                for parallelism in [PNGEncoder.Parallelism.disabled, .threads(4)] {
                    let encoder = PNGEncoder(options: .init(compression: .fast, parallelism: parallelism, minimumBandBytes: 20_000))
                    let png = try encoder.encode(pixels, width: width, height: height, format: format)
                    #expect(try libpngDecode(png) == Decoded(width: width, height: height, channels: channels, pixels: pixels),
                            "\(width)x\(height)x\(channels) \(content) \(parallelism)")
                }
            }
        }
    }
}
