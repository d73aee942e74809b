// The fast tier on photographic content: PhotoDeflater's streams, and PNG files of photo-like
// pictures checked by libpng and by ffmpeg's PNG decoder.
import CPNGReference
import CPNGShim
import Foundation
import ShaderFXTestSupport
import Testing

@testable import ShaderFXCore

/// A made-up photo, `width * height * channels` bytes: detail at every scale (value noise in
/// octaves, amplitude halving as the scale halves), colour that drifts at large scales, sensor
/// grain, and highlights and shadows clipped flat. Alpha, when present, is 255 if `opaque`,
/// otherwise a smooth ramp.
func photoImage(width: Int, height: Int, channels: Int, opaque: Bool = true, seed: UInt64 = 7) -> [UInt8] {
    var random = SplitMix(state: seed)
    func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) * 2 - 1 }
    /// Value noise with cells of `cell` pixels: random corners, smoothstep between them.
    func octave(_ cell: Int) -> [Double] {
        let gw = width / cell + 2, gh = height / cell + 2
        let grid = (0..<(gw * gh)).map { _ in unit() }
        var out = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            let gy = y / cell, fy = Double(y % cell) / Double(cell), sy = fy * fy * (3 - 2 * fy)
            for x in 0..<width {
                let gx = x / cell, fx = Double(x % cell) / Double(cell), sx = fx * fx * (3 - 2 * fx)
                let top = grid[gy * gw + gx] * (1 - sx) + grid[gy * gw + gx + 1] * sx
                let bottom = grid[(gy + 1) * gw + gx] * (1 - sx) + grid[(gy + 1) * gw + gx + 1] * sx
                out[y * width + x] = top * (1 - sy) + bottom * sy
            }
        }
        return out
    }
    var light = [Double](repeating: 0, count: width * height)
    for (cell, amplitude) in [(64, 70.0), (32, 36.0), (16, 18.0), (8, 9.0), (4, 5.0), (2, 3.0)] {
        for (i, v) in octave(cell).enumerated() { light[i] += amplitude * v }
    }
    let tints = (0..<3).map { _ in octave(48) }
    let colour = channels >= 3 ? 3 : 1
    var pixels = [UInt8](repeating: 0, count: width * height * channels)
    for i in 0..<(width * height) {
        for c in 0..<colour {
            let grain = Double(random.next() % 7) - 3
            let value = 128 + 1.3 * light[i] + (colour == 3 ? 30 * tints[c][i] : 0) + grain
            pixels[i * channels + c] = UInt8(min(255, max(0, value.rounded())))
        }
        if channels == 2 || channels == 4 {
            pixels[i * channels + channels - 1] = opaque ? 255 : UInt8((i % width) * 255 / max(1, width - 1))
        }
    }
    return pixels
}

/// Decodes `png` with ffmpeg's own PNG decoder (its inflater and unfilter), to the samples as
/// stored: a second decoder, independent of libpng and of ShaderFX.
func ffmpegDecode(_ png: [UInt8], channels: Int, in folder: TemporaryFolder) throws -> [UInt8] {
    let ffmpeg = try imageTool("ffmpeg", package: "ffmpeg")
    let file = folder.file("decode-\(UUID().uuidString).png")
    try Data(png).write(to: URL(fileURLWithPath: file))
    let format = ["gray", "ya8", "rgb24", "rgba"][channels - 1]
    return [UInt8](try runImageTool(ffmpeg, ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", format, "-"]))
}

/// The filter type of every row of a PNG file `rowLength` bytes wide.
func filterTypes(_ png: [UInt8], rowLength: Int, height: Int) throws -> Set<UInt8> {
    let idat = try #require(chunks(png)).filter { $0.type == "IDAT" }.flatMap(\.data)
    let filtered = try #require(zlibInflate(idat, expectedSize: height * (1 + rowLength)))
    return Set(stride(from: 0, to: filtered.count, by: 1 + rowLength).map { filtered[$0] })
}

struct PhotoTierTests {
    /// The photo tier's stream for `data`, inflated back, or nil when it does not inflate.
    func roundTrip(_ data: [UInt8], last: Bool = true) -> [UInt8]? {
        let stream = data.withUnsafeBufferPointer { PhotoDeflater.compress($0.baseAddress!, count: $0.count, last: last) }
        return rawInflate(stream, expectedSize: data.count)
    }

    @Test("streams inflate (libdeflate) to their input: empty, tiny, all zero, noise, runs of every length at every place")
    func streams() throws {
        var random = SplitMix(state: 3)
        var inputs: [[UInt8]] = (0..<24).map { n in (0..<n).map { _ in random.byte() } }
        inputs.append([UInt8](repeating: 0, count: 1 << 20))
        inputs.append((0..<300_000).map { _ in random.byte() })
        for _ in 0..<60 {
            // Literals and runs of random lengths (1 to 700 bytes), across block boundaries.
            var data: [UInt8] = []
            while data.count < 300_000 {
                if random.next() % 2 == 0 {
                    data += (0..<Int(random.next() % 40)).map { _ in random.byte() }
                } else {
                    data += [UInt8](repeating: random.byte(), count: 1 + Int(random.next() % 700))
                }
            }
            inputs.append(data)
        }
        for data in inputs {
            #expect(roundTrip(data) == data, "\(data.count) bytes")
        }
    }

    @Test("runs are coded as matches: a MiB of one byte takes under 5 KB; noise is stored, within 0.1 % of its size")
    func runsAndNoise() throws {
        let zeros = [UInt8](repeating: 9, count: 1 << 20)
        let runs = zeros.withUnsafeBufferPointer { PhotoDeflater.compress($0.baseAddress!, count: $0.count, last: true) }
        #expect(runs.count < 5000)
        var random = SplitMix(state: 5)
        let noise = (0..<500_000).map { _ in random.byte() }
        let stored = noise.withUnsafeBufferPointer { PhotoDeflater.compress($0.baseAddress!, count: $0.count, last: true) }
        #expect(stored.count <= noise.count + noise.count / 1000)
    }

    @Test("bands filtered a few rows at a time: joined, they inflate to rows that unfilter (PNG spec) to the pixels, runs cross the row groups, each band's Adler-32 is its rows'",
          arguments: [(3, false), (4, true), (1, false)])
    func streamedBands(_ channels: Int, _ packed: Bool) throws {
        // 601 bytes a filtered row, so groups of `group` rows, in bands from rows 0 and `cut`.
        // Black rows from a group's first on (filter None: all zero, filter bytes too) make a
        // run that starts the group by repeating the byte before it, which is not zero: the row
        // above ends in a white pixel.
        let kept = packed ? channels - 1 : channels
        let group = PhotoDeflater.blockBytes / 601, cut = group + 64
        let (width, height) = (600 / kept, cut + group + 100)
        var pixels = photoImage(width: width, height: height, channels: channels)
        for first in [group, cut + group] {
            for i in 0..<kept { pixels[(first * width - 1) * channels + i] = 255 }
            for y in first..<(first + 22) {
                for i in 0..<(width * channels) { pixels[y * width * channels + i] = channels == 4 && i % 4 == 3 ? 255 : 0 }
            }
        }
        let rowLength = width * kept
        try pixels.withUnsafeBufferPointer { buffer in
            var rows = PixelRows(base: buffer.baseAddress!, width: width, height: height, rowBytes: width * channels,
                                 format: allFormats[kept - 1])
            rows.droppedAlpha = packed
            let first = PhotoDeflater.compress(rows, rows: 0..<cut, strategy: .sampledMinimumSum, last: false)
            let second = PhotoDeflater.compress(rows, rows: cut..<height, strategy: .sampledMinimumSum, last: true)
            let filtered = try #require(rawInflate(Array(first.bytes[..<first.count]) + second.bytes[..<second.count], expectedSize: height * (1 + rowLength)))
            #expect(referenceUnfilter(filtered, rowLength: rowLength, bytesPerPixel: kept)
                    == (packed ? dropAlpha(pixels, channels: channels) : pixels))
            #expect(first.adler == adler32(filtered[..<(cut * (1 + rowLength))]))
            #expect(second.adler == adler32(filtered[(cut * (1 + rowLength))...]))
        }
    }

    @Test("a block whose sampled bytes mislead its codes is stored: bytes 0-7 (half of them 0, a quarter 1, ...) in the sampled 64 of every 256, noise of 8-255 elsewhere")
    func misleadingSample() throws {
        var random = SplitMix(state: 13)
        // Codes fitted to the sample give the unsampled bytes codes of 14 bits.
        let data = (0..<(PhotoDeflater.blockBytes + 5000)).map { i -> UInt8 in
            i % 256 < 64 ? UInt8(min(7, random.next().trailingZeroBitCount)) : UInt8(8 + random.next() % 248)
        }
        let stream = data.withUnsafeBufferPointer { PhotoDeflater.compress($0.baseAddress!, count: $0.count, last: true) }
        #expect(rawInflate(stream, expectedSize: data.count) == data)
        // Stored: 5 bytes of header for every 65535, and a byte of padding.
        #expect(stream.count <= data.count + 5 * (data.count / 65535 + 2) + 1, "\(stream.count) bytes for \(data.count)")
    }

    @Test("a band that is not the last ends open: bands joined inflate as one, and the first alone does not")
    func joinedBands() throws {
        let data = photoImage(width: 300, height: 200, channels: 3)
        let cut = 100_003
        let first = Array(data[..<cut]).withUnsafeBufferPointer { PhotoDeflater.compress($0.baseAddress!, count: $0.count, last: false) }
        let second = Array(data[cut...]).withUnsafeBufferPointer { PhotoDeflater.compress($0.baseAddress!, count: $0.count, last: true) }
        #expect(rawInflate(first + second, expectedSize: data.count) == data)
        #expect(rawInflate(first, expectedSize: cut) == nil)
    }

    @Test("photographic PNG files decode exactly with libpng and with ffmpeg: every format, one band or many, opaque alpha dropped",
          arguments: allFormats)
    func photoFiles(_ format: PNGColorFormat) throws {
        try withTemporaryFolder { folder in
            let (width, height) = (320, 240)
            for opaque in [true, false] {
                let pixels = photoImage(width: width, height: height, channels: format.channels, opaque: opaque)
                for parallelism in [PNGEncoder.Parallelism.disabled, .threads(4)] {
                    let options = PNGEncoder.Options(compression: .fast, dropOpaqueAlpha: true, parallelism: parallelism, minimumBandBytes: 20_000)
                    let png = try PNGEncoder(options: options).encode(pixels, width: width, height: height, format: format)
                    let decoded = try libpngDecode(png)
                    // Opaque RGBA and grey + alpha are written without their alpha.
                    let dropped = opaque && (format.channels == 2 || format.channels == 4)
                    let expected = dropped ? dropAlpha(pixels, channels: format.channels) : pixels
                    let label = "\(format) opaque \(opaque) \(parallelism)"
                    #expect(decoded.pixels == expected, "libpng: \(label)")
                    #expect(try ffmpegDecode(png, channels: decoded.channels, in: folder) == expected, "ffmpeg: \(label)")
                }
            }
        }
    }

    @Test("adversarial frames decode exactly with libpng and ffmpeg: all zero, noise, 1 pixel wide, 1 row, 40000 wide")
    func adversarialFiles() throws {
        var random = SplitMix(state: 11)
        let cases: [(String, Int, Int, Int, [UInt8])] = [
            ("all zero", 700, 500, 4, [UInt8](repeating: 0, count: 700 * 500 * 4)),
            ("noise", 600, 400, 3, (0..<(600 * 400 * 3)).map { _ in random.byte() }),
            ("1 pixel wide", 1, 9000, 3, photoImage(width: 1, height: 9000, channels: 3)),
            ("1 row", 9000, 1, 4, photoImage(width: 9000, height: 1, channels: 4, opaque: false)),
            ("40000 wide", 40000, 6, 3, photoImage(width: 40000, height: 6, channels: 3)),
            ("noise 40000 wide", 40000, 3, 1, (0..<(40000 * 3)).map { _ in random.byte() }),
        ]
        try withTemporaryFolder { folder in
            for (name, width, height, channels, pixels) in cases {
                for parallelism in [PNGEncoder.Parallelism.disabled, .threads(4)] {
                    let options = PNGEncoder.Options(compression: .fast, parallelism: parallelism, minimumBandBytes: 20_000)
                    let png = try PNGEncoder(options: options).encode(pixels, width: width, height: height, format: allFormats[channels - 1])
                    #expect(try libpngDecode(png) == Decoded(width: width, height: height, channels: channels, pixels: pixels), "libpng: \(name)")
                    #expect(try ffmpegDecode(png, channels: channels, in: folder) == pixels, "ffmpeg: \(name)")
                }
            }
        }
    }

    @Test("photographic bands take the adaptive filters; rendered ones and an explicit Sub keep Sub")
    func filters() throws {
        let (width, height) = (320, 240)
        let photo = photoImage(width: width, height: height, channels: 3)
        let stripes = testImage(width: width, height: height, channels: 3, content: .stripes)
        func types(_ pixels: [UInt8], _ filtering: PNGEncoder.Filtering) throws -> Set<UInt8> {
            let options = PNGEncoder.Options(compression: .fast, filtering: filtering, parallelism: .disabled)
            let png = try PNGEncoder(options: options).encode(pixels, width: width, height: height, format: .rgb)
            return try filterTypes(png, rowLength: 3 * width, height: height)
        }
        #expect(try types(photo, .automatic).count > 1)
        #expect(try types(stripes, .automatic) == [1])
        #expect(try types(photo, .sub) == [1])
    }

    @Test("the sampled choice: each row takes the filter with the least sum of magnitudes over bytes 0-63 of every 256, and holds that filter's output",
          arguments: [(1, 1), (3, 5), (3, 21), (4, 64), (3, 100), (4, 333), (3, 1280)])
    func sampledFilterChoice(_ channels: Int, _ width: Int) throws {
        let height = 12
        var random = SplitMix(state: UInt64(width))
        // A photo's rows, then rows of noise and rows that repeat, so that every filter wins somewhere.
        var pixels = photoImage(width: width, height: height, channels: channels)
        for i in 0..<(width * channels * 3) { pixels[4 * width * channels + i] = random.byte() }
        for i in 0..<(width * channels) { pixels[9 * width * channels + i] = pixels[8 * width * channels + i] }
        let n = width * channels
        let filterer = RowFilterer(rowLength: n, bytesPerPixel: channels, strategy: .sampledMinimumSum)
        var chosen = Set<UInt8>()
        for y in 0..<height {
            let row = Array(pixels[(y * n)..<((y + 1) * n)])
            let above = y == 0 ? [UInt8](repeating: 0, count: n) : Array(pixels[((y - 1) * n)..<(y * n)])
            let candidates = (0..<5).map { referenceFilter(row, above: above, bytesPerPixel: channels, filter: $0) }
            let costs = candidates.map { bytes in
                bytes.indices.filter { $0 % 256 < 64 }.reduce(0) { $0 + min(Int(bytes[$1]), 256 - Int(bytes[$1])) }
            }
            let expected = costs.indices.min { costs[$0] < costs[$1] || costs[$0] == costs[$1] && $0 < $1 }!
            var output = [UInt8](repeating: 0, count: 1 + n)
            row.withUnsafeBufferPointer { r in
                above.withUnsafeBufferPointer { a in
                    output.withUnsafeMutableBufferPointer { filterer.filter(r.baseAddress!, above: y == 0 ? nil : a.baseAddress!, into: $0.baseAddress!) }
                }
            }
            #expect(Int(output[0]) == expected, "row \(y): costs \(costs)")
            #expect(Array(output[1...]) == candidates[Int(output[0])], "row \(y)")
            chosen.insert(output[0])
        }
        if width >= 64 { #expect(chosen.count > 1, "\(chosen)") }
    }

    @Test("the row filters' two compiled loops (AVX2 and plain) give what the PNG specification's filters give, and the sampled costs its sums: every filter, 1-8 bytes a pixel, rows of 1 to 70,000 bytes",
          arguments: [(1, 1), (3, 2), (4, 3), (1, 63), (3, 64), (2, 65), (3, 300), (4, 1000), (6, 11520), (8, 4096), (4, 70_000)])
    func rowFilterVariants(_ bpp: Int, _ n: Int) {
        let variants = sfx_filter_use_avx2() != 0 ? [0, 1] : [0]
        var random = SplitMix(state: UInt64(n * 31 + bpp))
        // Noise, and a smooth ramp with small noise, so that every predictor is taken somewhere
        // (Paeth's three choices and its ties included).
        let row = (0..<n).map { i in i % 512 < 256 ? random.byte() : UInt8(truncatingIfNeeded: i / 7 + Int(random.byte() % 3)) }
        let above = (0..<n).map { i in i % 512 < 256 ? random.byte() : UInt8(truncatingIfNeeded: i / 7 + Int(random.byte() % 5)) }
        for variant in variants {
            var expectedCosts = [UInt32](repeating: 0, count: 5)
            for filter in 0..<5 {
                let expected = referenceFilter(row, above: above, bytesPerPixel: bpp, filter: filter)
                var out = [UInt8](repeating: 0, count: n)
                out.withUnsafeMutableBufferPointer { sfx_filter_row_variant(Int32(variant), Int32(filter), row, above, $0.baseAddress!, n, bpp) }
                #expect(out == expected, "filter \(filter), variant \(variant)")
                expectedCosts[filter] = expected.indices.filter { $0 % 256 < 64 }
                    .reduce(0) { $0 + UInt32(min(Int(expected[$1]), 256 - Int(expected[$1]))) }
            }
            var costs = [UInt32](repeating: 7, count: 5)
            costs.withUnsafeMutableBufferPointer {
                sfx_filter_sampled_costs_variant(Int32(variant), row, above, n, bpp, 64, 256, $0.baseAddress!)
            }
            #expect(costs == expectedCosts, "variant \(variant)")
        }
    }

    @Test("Paeth in both compiled loops predicts as the specification does for every left, up and up-left byte (16,777,216 cases)")
    func paethEveryCase() {
        let variants = sfx_filter_use_avx2() != 0 ? [0, 1] : [0]
        // 256 bytes a pixel: byte 256 + j of a row has left = row[j], up = above[256 + j] and
        // up-left = above[j]. The first pixel holds left `a` and up-left `c`, the second every up.
        let n = 512
        var row = [UInt8](repeating: 0, count: n), above = [UInt8](repeating: 0, count: n)
        var out = [UInt8](repeating: 0, count: n)
        for j in 0..<256 { above[256 + j] = UInt8(j); row[256 + j] = UInt8(truncatingIfNeeded: j &* 7 &+ 3) }
        var wrong = 0
        for variant in variants {
            for a in 0..<256 {
                for c in 0..<256 {
                    for j in 0..<256 { row[j] = UInt8(a); above[j] = UInt8(c) }
                    out.withUnsafeMutableBufferPointer { sfx_filter_row_variant(Int32(variant), 4, row, above, $0.baseAddress!, n, 256) }
                    for b in 0..<256 {
                        let predicted = referencePrediction(filter: 4, left: a, above: b, aboveLeft: c)
                        if out[256 + b] != UInt8((Int(row[256 + b]) - predicted + 256) % 256) { wrong += 1 }
                    }
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test("photographic files are at most 1.10x the size of libpng's zlib level 1 with its adaptive filters (Pillow's compress_level=1)",
          arguments: [3, 4])
    func photoSizes(_ channels: Int) throws {
        let (width, height) = (512, 384)
        let pixels = photoImage(width: width, height: height, channels: channels, opaque: false)
        let ours = try PNGEncoder(options: .init(compression: .fast)).encode(pixels, width: width, height: height, format: allFormats[channels - 1])
        var reference: UnsafeMutablePointer<UInt8>?
        var referenceSize = 0
        let status = pixels.withUnsafeBufferPointer {
            ref_png_encode($0.baseAddress, UInt32(width), UInt32(height), Int32(channels), 2, &reference, &referenceSize)
        }
        defer { free(reference) }
        #expect(status == 0)
        #expect(Double(ours.count) <= 1.10 * Double(referenceSize), "\(ours.count) bytes against \(referenceSize)")
        print("photo \(width)x\(height)x\(channels): \(ours.count) bytes, libpng level 1 adaptive \(referenceSize)")
    }

    @Test("the literal writer's two compiled loops (BMI2's shifts and the plain ones) write what a bit-at-a-time writer writes: codes of 1-14 bits, 0-7 bits held before, runs of 0-300 bytes")
    func literalWriterVariants() throws {
        var random = SplitMix(state: 24)
        let variants = sfx_bits_use_bmi2() != 0 ? [0, 1] : [0]
        for trial in 0..<400 {
            // Codes of 1...14 bits (the longest the loop takes), drawn as one table (the code in the
            // low 24 bits, its length in the high 8) and given to the loop as its two.
            let longest = 1 + trial % 14
            let table: [UInt32] = (0..<256).map { _ in
                let length = 1 + Int(random.next() % UInt64(longest))
                return UInt32(random.next() & (1 << UInt64(length) - 1)) | UInt32(length) << 24
            }
            let codes = table.map { UInt16($0 & 0xFFFF) }, lengths = table.map { UInt8($0 >> 24) }
            let bytes = (0..<Int(random.next() % 301)).map { _ in random.byte() }
            let heldCount = Int(random.next() % 8)
            let held = random.next() & (1 << UInt64(heldCount) - 1)
            // The reference: every bit of every code, least significant first, then padding.
            var expectedBits = (0..<heldCount).map { held >> UInt64($0) & 1 }
            let written = bytes.count / 4 * 4
            for b in bytes[..<written] {
                let entry = table[Int(b)], length = Int(entry >> 24)
                expectedBits += (0..<length).map { UInt64(entry) >> UInt64($0) & 1 }
            }
            for variant in variants {
                var out = [UInt8](repeating: 0, count: 2 * bytes.count + 16)
                let (stopped, state): (Int, sfx_bit_state) = out.withUnsafeMutableBufferPointer { buffer in
                    bytes.withUnsafeBufferPointer { input in
                        codes.withUnsafeBufferPointer { codes in
                            lengths.withUnsafeBufferPointer { lengths in
                                var state = sfx_bit_state(out: buffer.baseAddress!, bits: held, count: UInt64(heldCount))
                                let base = input.baseAddress ?? UnsafePointer(buffer.baseAddress!)
                                let end = sfx_write_literals_variant(Int32(variant), base, base + input.count, codes.baseAddress!,
                                                                     lengths.baseAddress!, &state)!
                                return (end - base, state)
                            }
                        }
                    }
                }
                #expect(stopped == written, "trial \(trial), variant \(variant)")
                let storedBytes = out.withUnsafeBufferPointer { state.out - UnsafeMutablePointer(mutating: $0.baseAddress!) }
                #expect(state.count < 8 && storedBytes * 8 + Int(state.count) == expectedBits.count, "trial \(trial), variant \(variant)")
                var got: [UInt64] = []
                for i in 0..<storedBytes { got += (0..<8).map { UInt64(out[i]) >> UInt64($0) & 1 } }
                got += (0..<Int(state.count)).map { state.bits >> UInt64($0) & 1 }
                let firstDifference = zip(got, expectedBits).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                #expect(got.count == expectedBits.count && firstDifference == nil,
                        "trial \(trial), variant \(variant): \(got.count) bits against \(expectedBits.count), first difference at bit \(firstDifference ?? -1)")
                #expect(state.bits >> state.count == 0, "bits past the count are clear: trial \(trial), variant \(variant)")
            }
        }
    }
}

/// One row filtered with PNG filter type `filter` (PNG specification, 9.2), in Int arithmetic:
/// a reference apart from `RowFilterer`.
func referenceFilter(_ row: [UInt8], above: [UInt8], bytesPerPixel bpp: Int, filter: Int) -> [UInt8] {
    row.indices.map { i in
        let x = Int(row[i]), a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(above[i]), c = i >= bpp ? Int(above[i - bpp]) : 0
        let predicted = referencePrediction(filter: filter, left: a, above: b, aboveLeft: c)
        return UInt8((x - predicted + 256) % 256)
    }
}

/// What PNG filter type `filter` predicts a byte from (PNG specification, 9.2-9.4): the byte to
/// its left, above it and above-left, in Int arithmetic.
func referencePrediction(filter: Int, left a: Int, above b: Int, aboveLeft c: Int) -> Int {
    switch filter {
    case 0: return 0
    case 1: return a
    case 2: return b
    case 3: return (a + b) / 2
    default:
        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }
}

/// `pixels` without their last (alpha) sample.
func dropAlpha(_ pixels: [UInt8], channels: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(pixels.count / channels * (channels - 1))
    for start in stride(from: 0, to: pixels.count, by: channels) { out += pixels[start..<(start + channels - 1)] }
    return out
}

/// Filtered rows (a filter byte, then `rowLength` bytes, for every row) unfiltered as the PNG
/// specification (9.2) reconstructs them, in Int arithmetic: a decoder apart from the encoder.
func referenceUnfilter(_ filtered: [UInt8], rowLength: Int, bytesPerPixel bpp: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(filtered.count / (1 + rowLength) * rowLength)
    var above = [Int](repeating: 0, count: rowLength)
    for start in stride(from: 0, to: filtered.count, by: 1 + rowLength) {
        let filter = filtered[start]
        var row = [Int](repeating: 0, count: rowLength)
        for i in 0..<rowLength {
            let x = Int(filtered[start + 1 + i]), a = i >= bpp ? row[i - bpp] : 0, b = above[i], c = i >= bpp ? above[i - bpp] : 0
            let predicted = referencePrediction(filter: Int(filter), left: a, above: b, aboveLeft: c)
            row[i] = (x + predicted) % 256
        }
        out += row.map { UInt8($0) }
        above = row
    }
    return out
}

/// Adler-32 (RFC 1950, 8.2) of `bytes`, summed in Int.
func adler32(_ bytes: some Collection<UInt8>) -> UInt32 {
    var a = 1, b = 0
    for byte in bytes {
        a = (a + Int(byte)) % 65521
        b = (b + a) % 65521
    }
    return UInt32(b << 16 | a)
}
