import Foundation
import Testing
import ShaderFXTestSupport

@testable import ShaderFXCore

// MARK: - Fixtures: every kind of PNG, made with libpng through PNG.encodeRaw

/// A PNG colour type, bit depth and whether it has transparency (tRNS, or an alpha channel).
struct PNGFormat: Sendable, CustomTestStringConvertible {
    let colorType: PNG.ColorType
    let bitDepth: Int
    /// tRNS for grey, RGB and palette; ignored for the types with an alpha channel.
    let tRNS: Bool

    var testDescription: String { "\(colorType) \(bitDepth)-bit\(tRNS ? " + tRNS" : "")" }

    /// Every colour type and bit depth PNG allows, with and without tRNS where it applies.
    static let all: [PNGFormat] =
        [1, 2, 4, 8, 16].flatMap { [PNGFormat(.gray, $0, false), PNGFormat(.gray, $0, true)] }
        + [8, 16].map { PNGFormat(.grayAlpha, $0, false) }
        + [1, 2, 4, 8].flatMap { [PNGFormat(.palette, $0, false), PNGFormat(.palette, $0, true)] }
        + [8, 16].flatMap { [PNGFormat(.rgb, $0, false), PNGFormat(.rgb, $0, true)] }
        + [8, 16].map { PNGFormat(.rgba, $0, false) }

    init(_ colorType: PNG.ColorType, _ bitDepth: Int, _ tRNS: Bool) {
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.tRNS = tRNS
    }
}

/// A raw image for the encoder, and the straight 16-bit RGBA that decoding it must give.
struct Fixture {
    var raw: PNG.RawImage
    var straight: [UInt16]
}

/// A deterministic pseudo-random number for pixel (x, y), channel c.
func noise(_ x: Int, _ y: Int, _ c: Int, seed: Int = 0) -> Int {
    var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ c &* 83_492_791
        ^ seed &* 2_654_435_761)
    h ^= h >> 13
    h &*= 0x5bd1_e995
    h ^= h >> 15
    return Int(h)
}

/// Packs samples of `depth` bits into bytes the way PNG rows are laid out.
func packRow(_ samples: [Int], depth: Int) -> [UInt8] {
    if depth == 16 { return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] } }
    var bytes = [UInt8](repeating: 0, count: (samples.count * depth + 7) / 8)
    for (i, sample) in samples.enumerated() {
        let bit = i * depth
        bytes[bit / 8] |= UInt8(sample << (8 - depth - bit % 8))
    }
    return bytes
}

/// An image of `format` with varied samples (pixel 0 all zero, pixel 1 all maximum) and its
/// expected decoding, computed here from the PNG rules: a d-bit sample v is v * 65535 / (2^d - 1).
func fixture(_ format: PNGFormat, width: Int = 13, height: Int = 7, interlaced: Bool = false)
    -> Fixture
{
    let depth = format.bitDepth
    let maximum = (1 << depth) - 1
    let scale = 65535 / maximum  // exact: 65535 = 3 * 5 * 17 * 257
    let paletteSize = 1 << depth
    let palette = (0..<paletteSize * 3).map { UInt8(noise($0, 0, 9, seed: 1) & 0xff) }
    let paletteAlpha = format.tRNS && format.colorType == .palette
        ? (0..<paletteSize / 2 + 1).map { UInt8(noise($0, 0, 8, seed: 2) & 0xff) } : []
    let transparent = (0..<3).map { noise($0, 0, 7, seed: 3) & maximum }

    var rows = [UInt8]()
    var straight = [UInt16]()
    for y in 0..<height {
        var samples = [Int]()
        for x in 0..<width {
            var pixel = (0..<format.colorType.channels).map { c in
                x + y == 0 ? 0 : (x == 1 && y == 0 ? maximum : noise(x, y, c) & maximum)
            }
            if format.colorType == .palette { pixel[0] %= paletteSize }
            if format.tRNS && (x + 2 * y) % 3 == 0 {  // make some pixels the transparent colour
                switch format.colorType {
                case .gray: pixel = [transparent[0]]
                case .rgb: pixel = transparent
                default: break
                }
            }
            samples += pixel
            let rgba: [Int]
            switch format.colorType {
            case .gray:
                let v = pixel[0] * scale
                let hidden = format.tRNS && pixel[0] == transparent[0]
                rgba = [v, v, v, hidden ? 0 : 65535]
            case .grayAlpha:
                rgba = [pixel[0], pixel[0], pixel[0], pixel[1]].map { $0 * scale }
            case .rgb:
                let hidden = format.tRNS && pixel == transparent
                rgba = pixel.map { $0 * scale } + [hidden ? 0 : 65535]
            case .rgba:
                rgba = pixel.map { $0 * scale }
            case .palette:
                let i = pixel[0]
                let alpha = i < paletteAlpha.count ? Int(paletteAlpha[i]) * 257 : 65535
                rgba = (0..<3).map { Int(palette[3 * i + $0]) * 257 } + [alpha]
            }
            straight += rgba.map { UInt16($0) }
        }
        rows += packRow(samples, depth: depth)
    }
    var raw = PNG.RawImage(
        width: width, height: height, bitDepth: depth, colorType: format.colorType,
        interlaced: interlaced, rows: rows)
    if format.colorType == .palette {
        raw.palette = palette
        raw.paletteAlpha = paletteAlpha
    }
    if format.tRNS && format.colorType == .gray { raw.transparentColor = [UInt16(transparent[0])] }
    if format.tRNS && format.colorType == .rgb { raw.transparentColor = transparent.map { UInt16($0) } }
    return Fixture(raw: raw, straight: straight)
}

/// The premultiplied values PNG.decode must give for straight 16-bit RGBA: c = (C/65535) * a.
func premultiplied(_ straight: [UInt16]) -> [Float] {
    stride(from: 0, to: straight.count, by: 4).flatMap { i -> [Float] in
        let a = Float(straight[i + 3]) / 65535
        return [
            Float(straight[i]) / 65535 * a, Float(straight[i + 1]) / 65535 * a,
            Float(straight[i + 2]) / 65535 * a, a,
        ]
    }
}

/// A small valid PNG (8-bit RGB unless told otherwise).
func samplePNG(_ format: PNGFormat = PNGFormat(.rgb, 8, false), interlaced: Bool = false)
    throws -> [UInt8]
{
    try PNG.encodeRaw(fixture(format, interlaced: interlaced).raw)
}

// MARK: - Byte-level helpers for corrupting files

/// CRC-32 as PNG chunks use it.
func crc32<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xedb8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
}

func putBigEndian(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
    for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
}

/// The chunks of a PNG: where each starts (its length field), its type and data length.
func chunks(of png: [UInt8]) -> [(offset: Int, type: String, length: Int)] {
    var result: [(offset: Int, type: String, length: Int)] = []
    var offset = 8
    while offset + 8 <= png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
        result.append((offset, type, length))
        offset += 12 + length
    }
    return result
}

/// Recomputes the CRC of the chunk whose length field is at `offset`.
func fixCRC(_ png: inout [UInt8], chunkAt offset: Int, length: Int) {
    let crc = crc32(png[offset + 4..<offset + 8 + length])
    putBigEndian(crc, into: &png, at: offset + 8 + length)
}

/// Decodes, returning the ImageError (or nil on success).
func decodeError(_ bytes: [UInt8], name: String = "test.png", limits: ImageLimits = .default)
    -> ImageError?
{
    do {
        _ = try PNG.decode(bytes, name: name, limits: limits)
        return nil
    } catch {
        return error
    }
}

// MARK: - Decoding every format

@Suite("PNG decoding")
struct PNGDecodingTests {
    @Test("decodes every colour type and bit depth exactly", arguments: PNGFormat.all, [false, true])
    func decodesEveryFormat(format: PNGFormat, interlaced: Bool) throws {
        let fixture = fixture(format, interlaced: interlaced)
        let png = try PNG.encodeRaw(fixture.raw)

        let header = try PNG.readHeader(png, name: "f.png")
        #expect(header == PNG.Header(
            width: 13, height: 7, bitDepth: format.bitDepth, colorType: format.colorType,
            interlaced: interlaced))
        let (_, straight) = try PNG.decodeStraight16(png, name: "f.png", limits: .default)
        #expect(straight == fixture.straight)
        let image = try PNG.decode(png, name: "f.png")
        #expect(image.width == 13 && image.height == 7)
        #expect(image.pixels == premultiplied(fixture.straight))
    }

    @Test("interlaced (Adam7) decodes to the same image as non-interlaced", arguments: PNGFormat.all)
    func interlacedEqualsPlain(format: PNGFormat) throws {
        var plain = fixture(format, width: 37, height: 29).raw
        var interlaced = plain
        interlaced.interlaced = true
        plain.interlaced = false
        let plainPNG = try PNG.encodeRaw(plain)
        let interlacedPNG = try PNG.encodeRaw(interlaced)
        #expect(plainPNG != interlacedPNG)
        #expect(try PNG.readHeader(interlacedPNG, name: "i.png").interlaced)
        #expect(try PNG.decode(interlacedPNG, name: "i.png") == PNG.decode(plainPNG, name: "p.png"))
    }

    @Test("16-bit precision is kept: 1000 decodes to 1000/65535")
    func sixteenBitPrecision() throws {
        let raw = PNG.RawImage(
            width: 2, height: 1, bitDepth: 16, colorType: .grayAlpha,
            rows: packRow([1000, 65535, 65535, 1000], depth: 16))
        let image = try PNG.decode(PNG.encodeRaw(raw), name: "deep.png")
        let v = Float(1000) / 65535
        #expect(image[0, 0] == SIMD4(v, v, v, 1))
        let a = Float(1000) / 65535
        #expect(image[1, 0] == SIMD4(a, a, a, a))
        // Not a multiple of 257: 8-bit rounding would have lost it.
        #expect(image[0, 0].x != Float((1000 + 128) / 257 * 257) / 65535)
    }

    @Test("samples below 16 bits scale exactly (8-bit v is v/255)")
    func exactScaling() throws {
        let rgb = PNG.RawImage(
            width: 1, height: 1, bitDepth: 8, colorType: .rgb, rows: [128, 1, 254])
        let pixel = try PNG.decode(PNG.encodeRaw(rgb), name: "x.png")[0, 0]
        #expect(pixel == SIMD4(Float(128) / 255, Float(1) / 255, Float(254) / 255, 1))
        let grey2 = PNG.RawImage(
            width: 4, height: 1, bitDepth: 2, colorType: .gray, rows: packRow([0, 1, 2, 3], depth: 2))
        let levels = try PNG.decode(PNG.encodeRaw(grey2), name: "g.png")
        #expect((0..<4).map { levels[$0, 0].x } == [0, Float(1) / 3, Float(2) / 3, 1])
    }

    @Test("semi-transparent pixels are premultiplied")
    func premultipliesSemiTransparent() throws {
        let raw = PNG.RawImage(
            width: 2, height: 1, bitDepth: 8, colorType: .rgba,
            rows: [200, 100, 50, 128, 255, 255, 255, 0])
        let image = try PNG.decode(PNG.encodeRaw(raw), name: "semi.png")
        let a = Float(128) / 255
        #expect(image[0, 0] == SIMD4(Float(200) / 255 * a, Float(100) / 255 * a, Float(50) / 255 * a, a))
        #expect(abs(image[0, 0].x - 200.0 * 128 / (255 * 255)) < 1e-6)
        #expect(image[1, 0] == .zero)  // straight white at alpha 0 premultiplies to nothing
        #expect(!image.isOpaque)
    }

    @Test("palette tRNS: entries past the tRNS list are opaque")
    func paletteTransparency() throws {
        let raw = PNG.RawImage(
            width: 3, height: 1, bitDepth: 8, colorType: .palette, rows: [0, 1, 2],
            palette: [255, 0, 0, 0, 255, 0, 0, 0, 255], paletteAlpha: [0, 51])
        let image = try PNG.decode(PNG.encodeRaw(raw), name: "pal.png")
        #expect(image[0, 0] == .zero)
        #expect(image[1, 0] == SIMD4(0, Float(51) / 255, 0, Float(51) / 255))
        #expect(image[2, 0] == SIMD4(0, 0, 1, 1))
    }

    @Test("reads from a file like from memory")
    func readsFile() throws {
        try withTemporaryFolder { (directory) throws in
            let png = try samplePNG(PNGFormat(.rgba, 16, false))
            let path = directory.file("in.png")
            try Data(png).write(to: URL(fileURLWithPath: path))
            #expect(try PNG.read(path: path) == PNG.decode(png, name: "mem"))
        }
    }
}

// MARK: - Encoding

@Suite("PNG encoding")
struct PNGEncodingTests {
    @Test(
        "RGB when every alpha quantises to 255, RGBA otherwise",
        arguments: [
            (Float(1), PNG.ColorType.rgb), (1 - 0.4 / 255, .rgb), (1.5, .rgb),
            (1 - 0.6 / 255, .rgba), (0.5, .rgba), (0, .rgba),
        ])
    func choosesColorType(alpha: Float, expected: PNG.ColorType) throws {
        var image = RGBAImage(width: 3, height: 2, fill: SIMD4(0.2, 0.4, 0.6, 1))
        image[1, 1] = SIMD4(0.2, 0.2, 0.2, 1) * min(alpha, 1)
        image[1, 1].w = alpha
        let header = try PNG.readHeader(PNG.encode(image), name: "c.png")
        #expect(header.colorType == expected)
        #expect(header.bitDepth == 8 && !header.interlaced)
    }

    @Test("quantisation: un-premultiply, clamp, NaN to 0, round to nearest, clear transparent")
    func quantises() throws {
        let image = RGBAImage(
            width: 5, height: 1,
            pixels: [
                .nan, 2, -1, 1,  // NaN -> 0, clamped
                0.25, 0.1, 0, 0.5,  // straight 0.5, 0.2, 0 at alpha 0.5 (127.5 rounds up)
                0.3, 0.2, 0.1, 0.001,  // alpha rounds to 0: written 0, 0, 0, 0
                0.5, 0.5, 0.5, .nan,  // NaN alpha is 0
                1, 1, 1, 1,
            ])
        let (_, straight) = try PNG.decodeStraight16(PNG.encode(image), name: "q", limits: .default)
        #expect(straight.map { $0 / 257 } == [
            0, 255, 0, 255,
            128, 51, 0, 128,
            0, 0, 0, 0,
            0, 0, 0, 0,
            255, 255, 255, 255,
        ])
    }

    @Test("8-bit RGBA round-trips exactly for every value and every non-zero alpha")
    func roundTripsEveryValueAndAlpha() throws {
        // Pixel (x, y): red x, green 255 - x, blue 7x mod 256, alpha y: all 65536 pairs.
        var rows = [UInt8]()
        for y in 0..<256 {
            for x in 0..<256 { rows += [UInt8(x), UInt8(255 - x), UInt8(x * 7 & 255), UInt8(y)] }
        }
        let source = PNG.RawImage(width: 256, height: 256, bitDepth: 8, colorType: .rgba, rows: rows)
        let image = try PNG.decode(PNG.encodeRaw(source), name: "all.png")
        let written = try PNG.encode(image)
        let (header, straight) = try PNG.decodeStraight16(written, name: "w", limits: .default)
        #expect(header.colorType == .rgba)
        let expected = stride(from: 0, to: rows.count, by: 4).flatMap { i in
            rows[i + 3] == 0 ? [0, 0, 0, 0] : Array(rows[i..<i + 4])
        }
        #expect(straight.map { UInt8($0 / 257) } == expected)
        #expect(straight.allSatisfy { $0 % 257 == 0 })
    }

    @Test("opaque 8-bit pixels come back with the same bytes; re-encoding is stable")
    func opaqueRoundTrip() throws {
        let source = fixture(PNGFormat(.rgba, 8, false), width: 64, height: 16)
        var raw = source.raw
        for i in stride(from: 3, to: raw.rows.count, by: 4) { raw.rows[i] = 255 }
        let first = try PNG.encode(PNG.decode(PNG.encodeRaw(raw), name: "o.png"))
        let (header, straight) = try PNG.decodeStraight16(first, name: "o", limits: .default)
        #expect(header.colorType == .rgb)
        #expect(straight.map { UInt8($0 / 257) } == raw.rows)
        #expect(try PNG.encode(PNG.decode(first, name: "first")) == first)
    }

    @Test("writing what was read keeps every value (8-bit exactly, 16-bit to the nearest level)",
          arguments: PNGFormat.all)
    func reencodeKeepsValues(format: PNGFormat) throws {
        let source = fixture(format)
        let image = try PNG.decode(PNG.encodeRaw(source.raw), name: "s.png")
        let (_, again) = try PNG.decodeStraight16(PNG.encode(image), name: "w", limits: .default)
        for (i, value) in again.enumerated() {
            let pixel = i / 4 * 4
            let alpha8 = (Int(source.straight[pixel + 3]) + 128) / 257
            let original = alpha8 == 0 ? 0 : Int(source.straight[i])
            if format.bitDepth <= 8 {
                #expect(Int(value) == original, "value \(i)")
            } else {
                #expect(abs(Int(value) - original) <= 128, "value \(i)")
            }
        }
    }
}

// MARK: - Bad input

@Suite("PNG errors")
struct PNGErrorTests {
    @Test(
        "data without the PNG signature is .notPNG",
        arguments: [
            [], Array("GIF89a\u{1}\u{0}".utf8), [0xff, 0xd8, 0xff, 0xe0], Array("hello".utf8),
            [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b, 0, 0, 0, 0],
        ] as [[UInt8]])
    func notPNG(bytes: [UInt8]) {
        #expect(decodeError(bytes, name: "photo.png") == .notPNG(path: "photo.png"))
    }

    @Test(
        "a PNG cut at any offset is .corrupt, never a crash",
        arguments: [
            PNGFormat(.rgb, 8, false), PNGFormat(.palette, 4, true), PNGFormat(.grayAlpha, 16, false),
        ], [false, true])
    func truncated(format: PNGFormat, interlaced: Bool) throws {
        let png = try samplePNG(format, interlaced: interlaced)
        for length in 1..<png.count {
            let error = decodeError(Array(png[..<length]), name: "cut.png")
            guard case let .corrupt(path, reason) = error else {
                Issue.record("cut at \(length) of \(png.count): \(String(describing: error))")
                continue
            }
            #expect(path == "cut.png" && !reason.isEmpty)
        }
        #expect(decodeError(png) == nil)
    }

    @Test("a wrong CRC on the image data is .corrupt (CRC error)")
    func crcError() throws {
        var png = try samplePNG()
        let idat = try #require(chunks(of: png).first { $0.type == "IDAT" })
        png[idat.offset + 8 + idat.length] ^= 0x55
        #expect(decodeError(png, name: "c.png") == .corrupt(path: "c.png", reason: "IDAT: CRC error"))
    }

    @Test("a flipped byte inside the image data is .corrupt")
    func flippedDataByte() throws {
        var png = try samplePNG()
        let idat = try #require(chunks(of: png).first { $0.type == "IDAT" })
        png[idat.offset + 8 + idat.length / 2] ^= 0x55
        guard case let .corrupt(path, reason) = decodeError(png, name: "d.png") else {
            Issue.record("expected .corrupt")
            return
        }
        #expect(path == "d.png" && !reason.isEmpty)
    }

    @Test("bad compressed data with a valid CRC is .corrupt")
    func badDeflate() throws {
        var png = try samplePNG()
        let idat = try #require(chunks(of: png).first { $0.type == "IDAT" })
        for i in idat.offset + 10..<idat.offset + 8 + idat.length { png[i] = 0xff }
        fixCRC(&png, chunkAt: idat.offset, length: idat.length)
        guard case let .corrupt(path, reason) = decodeError(png, name: "z.png") else {
            Issue.record("expected .corrupt")
            return
        }
        #expect(path == "z.png" && !reason.isEmpty)
    }

    @Test("flipping any single byte never crashes")
    func flippedBytes() throws {
        let png = try samplePNG(PNGFormat(.palette, 8, true), interlaced: true)
        var failures = 0
        for i in 0..<png.count {
            var bad = png
            bad[i] ^= 0xff
            if decodeError(bad) != nil { failures += 1 }
        }
        #expect(failures > png.count / 2)
    }

    @Test("an IHDR claiming 100000x100000 is .tooLarge before any pixel is allocated")
    func oversizedHeader() throws {
        var png = try samplePNG(PNGFormat(.gray, 8, false))
        let ihdr = try #require(chunks(of: png).first)
        #expect(ihdr.type == "IHDR" && ihdr.offset == 8)
        putBigEndian(100_000, into: &png, at: 16)
        putBigEndian(100_000, into: &png, at: 20)
        fixCRC(&png, chunkAt: 8, length: ihdr.length)

        #expect(try PNG.readHeader(png, name: "big.png").width == 100_000)
        // 100000 x 100000 x 8 bytes would be 80 GB: reaching the allocation would fail the test.
        #expect(decodeError(png, name: "big.png") == .tooLarge(
            path: "big.png", width: 100_000, height: 100_000, limit: .dimension(16384)))
        let wide = ImageLimits(maxDimension: 1 << 20)
        #expect(decodeError(png, name: "big.png", limits: wide) == .tooLarge(
            path: "big.png", width: 100_000, height: 100_000, limit: .pixelBudget(64 << 20)))
    }

    @Test("limits: at the limit decodes, one over is .tooLarge naming the limit")
    func tinyLimits() throws {
        let png = try samplePNG()  // 13 x 7 = 91 pixels
        #expect(decodeError(png, limits: ImageLimits(maxDimension: 13, maxPixels: 91)) == nil)
        #expect(decodeError(png, name: "s.png", limits: ImageLimits(maxDimension: 12)) == .tooLarge(
            path: "s.png", width: 13, height: 7, limit: .dimension(12)))
        #expect(decodeError(png, name: "s.png", limits: ImageLimits(maxPixels: 90)) == .tooLarge(
            path: "s.png", width: 13, height: 7, limit: .pixelBudget(90)))
    }

    @Test("a missing file or a directory is .unreadable; not-a-PNG on disk is .notPNG")
    func unreadable() throws {
        try withTemporaryFolder { (directory) throws in
            let missing = directory.file("missing.png")
            #expect(throws: ImageError.unreadable(path: missing, reason: "No such file or directory")) {
                try PNG.read(path: missing)
            }
            #expect(throws: ImageError.unreadable(path: directory.path, reason: "it is a directory, not a file")) {
                try PNG.read(path: directory.path)
            }
            let text = directory.file("notes.png")
            try Data("not a picture".utf8).write(to: URL(fileURLWithPath: text))
            #expect(throws: ImageError.notPNG(path: text)) { try PNG.read(path: text) }
            let throughFile = text + "/inner.png"
            #expect(throws: ImageError.unreadable(path: throughFile, reason: "Not a directory")) {
                try PNG.read(path: throughFile)
            }
        }
    }

    @Test("a file without read permission is .unreadable",
          .enabled(if: getuid() != 0, "skipped as root: root reads files whatever their permissions; run the tests as another user to check"))
    func noPermission() throws {
        try withTemporaryFolder { (directory) throws in
            let path = directory.file("secret.png")
            try Data(samplePNG()).write(to: URL(fileURLWithPath: path))
            chmod(path, 0)
            #expect(throws: ImageError.unreadable(path: path, reason: "Permission denied")) {
                try PNG.read(path: path)
            }
        }
    }

    @Test("error messages start with the path and say what is wrong")
    func descriptions() {
        #expect(ImageError.notPNG(path: "photo.png").description
            .hasPrefix("photo.png: not a PNG file (bad signature)"))
        let big = ImageError.tooLarge(
            path: "big.png", width: 100_000, height: 100_000, limit: .dimension(16384))
            .description
        #expect(big.hasPrefix("big.png: image is 100000x100000"))
        #expect(big.contains("maximum dimension of 16384"))
        let budget = ImageError.tooLarge(
            path: "big.png", width: 9000, height: 9000, limit: .pixelBudget(67_108_864))
            .description
        #expect(budget.contains("81000000 pixels") && budget.contains("pixel budget of 67108864"))
        let errors: [ImageError] = [
            .unreadable(path: "a.png", reason: "No such file or directory"),
            .corrupt(path: "a.png", reason: "IDAT: CRC error"),
            .unwritable(path: "a.png", reason: "directory out does not exist"),
        ]
        for error in errors {
            #expect(error.description.hasPrefix("a.png: "))
            #expect(!error.description.contains("\n"))
        }
    }
}

// MARK: - Writing files

@Suite("PNG writing")
struct PNGWritingTests {
    @Test("write then read gives the image back; only the file is left")
    func atomicWrite() throws {
        try withTemporaryFolder { (directory) throws in
            let path = directory.file("out.png")
            let first = RGBAImage(width: 4, height: 3, fill: SIMD4(0, 0.4, 0, 0.4))
            try PNG.write(first, to: path)
            #expect(try directory.contents() == ["out.png"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(PNG.encode(first)))

            let second = RGBAImage(width: 2, height: 2, fill: SIMD4(1, 1, 1, 1))
            try PNG.write(second, to: path)  // replaces the file
            #expect(try directory.contents() == ["out.png"])
            #expect(try PNG.read(path: path) == second)
        }
    }

    @Test("a relative path's missing directory is named as given")
    func relativePathNaming() throws {
        #expect(throws: ImageError.unwritable(
            path: "no-such-dir-\(getpid())/x.png",
            reason: "directory no-such-dir-\(getpid()) does not exist")
        ) {
            try PNG.write(RGBAImage(width: 1, height: 1), to: "no-such-dir-\(getpid())/x.png")
        }
    }

    @Test("writing into a missing directory fails, naming it, and creates nothing")
    func missingDirectory() throws {
        try withTemporaryFolder { (directory) throws in
            let missing = directory.file("missing")
            let path = missing + "/out.png"
            #expect(throws: ImageError.unwritable(path: path, reason: "directory \(missing) does not exist")) {
                try PNG.write(RGBAImage(width: 1, height: 1), to: path)
            }
            #expect(try directory.contents() == [])
        }
    }

    @Test("a directory that is a file, or a path ending in /, is .unwritable")
    func notADirectory() throws {
        try withTemporaryFolder { (directory) throws in
            let file = directory.file("plain")
            try Data([1]).write(to: URL(fileURLWithPath: file))
            let image = RGBAImage(width: 1, height: 1)
            #expect(throws: ImageError.unwritable(path: file + "/x.png", reason: "\(file) is not a directory")) {
                try PNG.write(image, to: file + "/x.png")
            }
            #expect(throws: ImageError.unwritable(
                path: directory.path + "/", reason: "the path names a directory, not a file")
            ) {
                try PNG.write(image, to: directory.path + "/")
            }
            #expect(try directory.contents() == ["plain"])
        }
    }

    @Test("a failed rename (destination is a directory) leaves no temporary file")
    func failedRename() throws {
        try withTemporaryFolder { (directory) throws in
            let path = directory.file("taken")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let error = #expect(throws: ImageError.self) {
                try PNG.write(RGBAImage(width: 1, height: 1), to: path)
            }
            guard case let .unwritable(errorPath, reason) = error else {
                Issue.record("expected .unwritable, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path && reason.contains("Is a directory"))
            #expect(try directory.contents() == ["taken"])
        }
    }

    @Test("a read-only directory is .unwritable and stays empty",
          .enabled(if: getuid() != 0, "skipped as root: root writes into read-only folders; run the tests as another user to check"))
    func readOnlyDirectory() throws {
        try withTemporaryFolder { (directory) throws in
            defer { chmod(directory.path, 0o755) }
            chmod(directory.path, 0o555)
            let path = directory.file("out.png")
            let error = #expect(throws: ImageError.self) {
                try PNG.write(RGBAImage(width: 1, height: 1), to: path)
            }
            guard case let .unwritable(errorPath, reason) = error else {
                Issue.record("expected .unwritable, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path && reason.contains("Permission denied"))
            #expect(try directory.contents() == [])
        }
    }
}
