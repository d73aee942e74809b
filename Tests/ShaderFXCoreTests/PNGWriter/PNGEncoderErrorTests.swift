import Testing

@testable import ShaderFXCore

@Suite("PNGEncoder errors")
struct PNGEncoderErrorTests {
    let encoder = PNGEncoder()

    @Test("zero, negative and over-2^31 sizes are .invalidDimensions")
    func dimensions() {
        for (width, height) in [(0, 1), (1, 0), (-5, 3), (1 << 31, 1), (1, Int.max)] {
            #expect(throws: PNGEncodingError.invalidDimensions(width: width, height: height)) {
                try encoder.encode([], width: width, height: height, format: .rgba)
            }
        }
    }

    @Test("more than 2^31 bytes of image data is .imageTooLarge, before the buffer is read")
    func tooLarge() {
        let limit = PNGEncoder.maximumImageBytes
        #expect(throws: PNGEncodingError.imageTooLarge(bytes: 70_000 * (1 + 70_000 * 4), limit: limit)) {
            try encoder.encode([], width: 70_000, height: 70_000, format: .rgba)
        }
        #expect(throws: PNGEncodingError.imageTooLarge(bytes: Int.max, limit: limit)) {
            try encoder.encode([], width: Int(Int32.max), height: Int(Int32.max), format: .rgba)
        }
        // Exactly at the limit passes the size check (and fails on the empty buffer).
        #expect(throws: PNGEncodingError.bufferTooSmall(count: 0, needed: 32_768 * 65_535)) {
            try encoder.encode([], width: 65_535, height: 32_768, format: .gray)
        }
    }

    @Test("row bytes shorter than a row, and short buffers, are reported with the sizes")
    func shortInput() {
        #expect(throws: PNGEncodingError.rowBytesTooSmall(rowBytes: 11, minimum: 12)) {
            try encoder.encode([UInt8](repeating: 0, count: 100), width: 3, height: 2, rowBytes: 11, format: .rgba)
        }
        #expect(throws: PNGEncodingError.bufferTooSmall(count: 23, needed: 24)) {
            try encoder.encode([UInt8](repeating: 0, count: 23), width: 3, height: 2, format: .rgba)
        }
        // The last row needs only its pixels, not a whole stride.
        #expect(throws: PNGEncodingError.bufferTooSmall(count: 31, needed: 32)) {
            try encoder.encode([UInt8](repeating: 0, count: 31), width: 3, height: 2, rowBytes: 20, format: .rgba)
        }
        #expect((try? encoder.encode([UInt8](repeating: 0, count: 32), width: 3, height: 2, rowBytes: 20, format: .rgba)) != nil)
    }

    @Test("descriptions are one line")
    func descriptions() {
        let errors: [PNGEncodingError] = [
            .invalidDimensions(width: 0, height: 1), .rowBytesTooSmall(rowBytes: 1, minimum: 2),
            .bufferTooSmall(count: 1, needed: 2), .imageTooLarge(bytes: 3, limit: 2),
            .compressionFailed(reason: "x"), .frameMismatch(reason: "y"), .invalidDelay(numerator: 1, denominator: 0),
            .frameCountMismatch(announced: 1, written: 2), .writerClosed, .io(operation: "write", code: 5, message: "EIO"),
        ]
        for error in errors { #expect(!error.description.isEmpty && !error.description.contains("\n")) }
    }
}
