// Test helpers: an independent decoder (libpng), a chunk parser, and test images.
import CDeflate
import CPNGReference
import Foundation
import Testing

@testable import ShaderFXCore

/// An image decoded by libpng, samples as stored.
struct Decoded: Equatable {
    var width: Int
    var height: Int
    var channels: Int
    var pixels: [UInt8]
}

/// Decodes with libpng (which checks every CRC and the Adler-32); throws libpng's message.
func libpngDecode(_ png: [UInt8]) throws -> Decoded {
    var width: UInt32 = 0, height: UInt32 = 0
    var channels: Int32 = 0
    var out: UnsafeMutablePointer<UInt8>?
    var message = [CChar](repeating: 0, count: 256)
    let status = ref_png_decode(png, png.count, &width, &height, &channels, &out, &message, 256)
    guard status == 0, let out else {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw DecodeFailure(message: text)
    }
    defer { free(out) }
    let count = Int(width) * Int(height) * Int(channels)
    return Decoded(
        width: Int(width), height: Int(height), channels: Int(channels),
        pixels: Array(UnsafeBufferPointer(start: out, count: count)))
}

struct DecodeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "libpng: \(message)" }
}

/// One chunk of a PNG file.
struct Chunk {
    var type: String
    var data: [UInt8]
    /// The offset of the chunk's length field in the file.
    var offset: Int
    var crcIsValid: Bool
}

/// Splits a PNG file into chunks (after the signature); nil if the framing is broken.
func chunks(_ png: [UInt8]) -> [Chunk]? {
    guard png.count >= 8, Array(png[0..<8]) == ChunkWriter.signature else { return nil }
    var result: [Chunk] = []
    var i = 8
    while i < png.count {
        guard i + 12 <= png.count else { return nil }
        let length = Int(bigEndian32(png, i))
        guard i + 12 + length <= png.count else { return nil }
        let type = String(decoding: png[i + 4..<i + 8], as: UTF8.self)
        let crc = png.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress! + i + 4, 4 + length) }
        result.append(Chunk(
            type: type, data: Array(png[i + 8..<i + 8 + length]), offset: i,
            crcIsValid: crc == bigEndian32(png, i + 8 + length)))
        i += 12 + length
    }
    return result
}

func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

/// Rewrites the CRC of the chunk at `offset` to match its (possibly edited) contents.
func fixCRC(_ png: inout [UInt8], chunkAt offset: Int) {
    let length = Int(bigEndian32(png, offset))
    let crc = png.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress! + offset + 4, 4 + length) }
    for k in 0..<4 { png[offset + 8 + length + k] = UInt8(crc >> (24 - 8 * k) & 0xFF) }
}

/// Inflates a zlib stream with libdeflate, checking its Adler-32; nil if invalid.
func zlibInflate(_ stream: [UInt8], expectedSize: Int) -> [UInt8]? {
    let decompressor = libdeflate_alloc_decompressor()!
    defer { libdeflate_free_decompressor(decompressor) }
    var out = [UInt8](repeating: 0, count: expectedSize)
    var actual = 0
    let result = out.withUnsafeMutableBytes { o in
        stream.withUnsafeBytes { i in
            libdeflate_zlib_decompress(decompressor, i.baseAddress, i.count, o.baseAddress, o.count, &actual)
        }
    }
    return result == LIBDEFLATE_SUCCESS && actual == expectedSize ? out : nil
}

/// Inflates raw DEFLATE data with libdeflate; nil if invalid or not exactly `expectedSize`.
func rawInflate(_ data: [UInt8], expectedSize: Int) -> [UInt8]? {
    let decompressor = libdeflate_alloc_decompressor()!
    defer { libdeflate_free_decompressor(decompressor) }
    var out = [UInt8](repeating: 0, count: max(1, expectedSize))
    var actual = 0
    let result = out.withUnsafeMutableBytes { o in
        data.withUnsafeBytes { i in
            libdeflate_deflate_decompress(decompressor, i.baseAddress, i.count, o.baseAddress, o.count, &actual)
        }
    }
    return result == LIBDEFLATE_SUCCESS && actual == expectedSize ? Array(out.prefix(actual)) : nil
}

/// Raw DEFLATE from libdeflate at `level`.
func rawDeflate(_ data: [UInt8], level: Int32) -> [UInt8] {
    let compressor = libdeflate_alloc_compressor(level)!
    defer { libdeflate_free_compressor(compressor) }
    let bound = libdeflate_deflate_compress_bound(compressor, data.count)
    var out = [UInt8](repeating: 0, count: bound)
    let size = out.withUnsafeMutableBytes { o in
        data.withUnsafeBytes { libdeflate_deflate_compress(compressor, $0.baseAddress, $0.count, o.baseAddress, bound) }
    }
    return Array(out.prefix(size))
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

/// Kinds of test content: each exercises different filters and deflate block types.
enum Content: CaseIterable {
    case smooth, noise, constant, stripes
}

/// `width * height * channels` bytes of `content`; alpha (when present) varies unless `opaque`.
func testImage(width: Int, height: Int, channels: Int, content: Content = .smooth, opaque: Bool = false, seed: UInt64 = 1) -> [UInt8] {
    var random = SplitMix(state: seed)
    var pixels = [UInt8](repeating: 0, count: width * height * channels)
    let hasAlpha = channels == 2 || channels == 4
    for y in 0..<height {
        for x in 0..<width {
            for c in 0..<channels {
                let value: UInt8
                switch content {
                case .smooth:
                    let wave = sin(Double(x) * 0.05 + Double(c)) * cos(Double(y) * 0.07) * 100
                    value = UInt8(truncatingIfNeeded: 128 + Int(wave) + Int(random.next() % 5))
                case .noise: value = random.byte()
                case .constant: value = UInt8(40 * c + 7)
                case .stripes: value = (x / 3 + y / 2 + c) % 2 == 0 ? 200 : 30
                }
                pixels[(y * width + x) * channels + c] = value
            }
            if hasAlpha {
                pixels[(y * width + x) * channels + channels - 1] = opaque ? 255 : UInt8((x * 7 + y * 3) & 0xFF)
            }
        }
    }
    return pixels
}

let allFormats: [PNGColorFormat] = [.gray, .grayAlpha, .rgb, .rgba]

/// Runs `apngdis` on a file if it is installed; returns the frame files it wrote, or nil
/// (after printing a note) when it is not installed.
func disassembleWithApngdis(_ path: String) throws -> [String]? {
    let tool = ["/usr/bin/apngdis", "/usr/local/bin/apngdis"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let tool else {
        print("note: apngdis is not installed (apt-get install apngdis); skipping its check")
        return nil
    }
    let directory = (path as NSString).deletingLastPathComponent
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [path, "frame"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw DecodeFailure(message: "apngdis failed") }
    return try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasPrefix("frame") && $0.hasSuffix(".png") }.sorted()
        .map { "\(directory)/\($0)" }
}

