// Writes PNG files: signature, IHDR, IDAT, IEND, compressed by ImageDeflater or libdeflate.
import CDeflate
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes 8-bit pixels as PNG files, compressing with `ImageDeflater` (the fast tier, for
/// rendered images) or libdeflate, on several cores for large images.
///
/// ```swift
/// let png = try PNGEncoder().encode(rgba, width: 640, height: 480, format: .rgba)
/// ```
///
/// The output is an ordinary, non-interlaced 8-bit PNG with four chunk types: IHDR, IDAT
/// (one or more), IEND. An encoder holds only its options; it can be shared by threads.
public struct PNGEncoder: Sendable {
    /// The trade-off between speed and file size.
    public enum Compression: Sendable, Equatable, CaseIterable {
        /// The Sub filter on every row, then ShaderFX's own compressor for rendered images
        /// (`ImageDeflater`: the previous pixel, the row above and two hash candidates, greedy):
        /// on renders of 1080p and more it takes a third to a half of libdeflate level 1's time,
        /// for files from 12 % smaller to 5 % larger than its. Bands it finds too detailed
        /// (photos, noise) go to the photo tier (`PhotoDeflater`): the adaptive filters (unless
        /// `filtering` says otherwise), then Huffman codes fitted to the band and runs of one
        /// byte as the only matches. For animation frames.
        case fast
        /// libdeflate level 7, adaptive filters: about the size of libpng's default output
        /// (zlib level 6), two to four times faster.
        case `default`
        /// libdeflate level 10 (its near-optimal parser), adaptive filters: 5 to 15 % smaller
        /// than libpng's default on renders, slower than it. For stills.
        case small

        /// The libdeflate compression level (`.fast` does not use libdeflate; 1 is its zlib header's level).
        var level: Int32 {
            switch self {
            case .fast: 1
            case .default: 7
            case .small: 10
            }
        }

        /// The row filters used by `Filtering.automatic`.
        var automaticFilters: FilterStrategy { self == .fast ? .fixed(.sub) : .minimumSum }
    }

    /// How rows are filtered before compression.
    public enum Filtering: Sendable, Equatable {
        /// Sub for `.fast`, adaptive for `.default` and `.small`.
        case automatic
        /// Per row, the filter (None, Sub, Up, Average, Paeth) whose output has the smallest sum
        /// of absolute values: libpng's default heuristic. Smaller files, slower; on smooth
        /// renders with `.fast` it costs up to twice the time for files a fifth smaller.
        case adaptive
        /// The Sub filter on every row: the cheapest useful filter.
        case sub
    }

    /// How many threads may compress one image.
    public enum Parallelism: Sendable, Equatable {
        /// As many threads as active processors, for images large enough to gain.
        case automatic
        /// One thread: the calling one.
        case disabled
        /// At most this many threads (1 behaves as `.disabled`).
        case threads(Int)

        /// The thread count this setting allows.
        var threadCount: Int {
            switch self {
            case .automatic: max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            case .disabled: 1
            case let .threads(count): max(1, count)
            }
        }
    }

    /// What the encoder does.
    public struct Options: Sendable, Equatable {
        /// Speed against size; `.fast` by default.
        public var compression: Compression
        /// Write RGB (or grey) instead of RGBA (or grey + alpha) when every alpha is 255, as
        /// ShaderFX's `PNG.encode` does; off by default (frames of an animation share one
        /// colour type).
        public var dropOpaqueAlpha: Bool
        /// How rows are filtered; `.automatic` by default.
        public var filtering: Filtering
        /// How many threads may compress one image; `.automatic` by default.
        public var parallelism: Parallelism
        /// The smallest piece of an image compressed on its own thread, in bytes of filtered
        /// data (about `rows * width * channels`); images smaller than twice this use one
        /// thread. Default 256 KiB: smaller pieces cost size and gain little time.
        public var minimumBandBytes: Int

        /// Creates options; every parameter has the default described on its property.
        public init(
            compression: Compression = .fast, dropOpaqueAlpha: Bool = false,
            filtering: Filtering = .automatic, parallelism: Parallelism = .automatic,
            minimumBandBytes: Int = 256 * 1024
        ) {
            self.compression = compression
            self.filtering = filtering
            self.dropOpaqueAlpha = dropOpaqueAlpha
            self.parallelism = parallelism
            self.minimumBandBytes = minimumBandBytes
        }
    }

    /// The largest image accepted, in bytes of filtered data (`height * (1 + width * channels)`):
    /// 2 GiB.
    public static let maximumImageBytes = 1 << 31

    /// The largest IDAT (or fdAT) chunk written; longer streams are split.
    static let maximumChunkData = 1 << 20

    /// The options used by `encode`.
    public var options: Options

    /// An encoder with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// An encoder with the given compression and the other options at their defaults.
    public init(compression: Compression, dropOpaqueAlpha: Bool = false) {
        self.options = Options(compression: compression, dropOpaqueAlpha: dropOpaqueAlpha)
    }

    /// Encodes pixels as a complete PNG file.
    /// - Parameters:
    ///   - pixels: `height` rows of `width` pixels in `format`, each row starting `rowBytes`
    ///     after the previous one.
    ///   - width: pixels per row, 1...2147483647.
    ///   - height: rows, 1...2147483647.
    ///   - rowBytes: the distance between rows in bytes; nil for packed rows
    ///     (`width * format.channels`).
    ///   - format: the pixel layout of `pixels`.
    /// - Returns: the PNG file's bytes.
    /// - Throws: `PNGEncodingError.invalidDimensions`, `.rowBytesTooSmall`, `.bufferTooSmall`,
    ///   `.imageTooLarge` or (not expected) `.compressionFailed`.
    public func encode(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int? = nil,
        format: PNGColorFormat
    ) throws(PNGEncodingError) -> [UInt8] {
        let rows = try Self.validate(pixels, width: width, height: height, rowBytes: rowBytes, format: format)
        if options.dropOpaqueAlpha, format.hasAlpha, Self.isOpaque(rows) {
            // Encoded without alpha: the compressor packs each row as it filters it.
            var opaque = PixelRows(base: rows.base, width: width, height: height, rowBytes: rows.rowBytes, format: format.withoutAlpha)
            opaque.droppedAlpha = true
            return try encodeValidated(opaque)
        }
        return try encodeValidated(rows)
    }

    /// Encodes pixels held in an array as a complete PNG file; see
    /// `encode(_:width:height:rowBytes:format:)` for the parameters.
    public func encode(
        _ pixels: [UInt8], width: Int, height: Int, rowBytes: Int? = nil, format: PNGColorFormat
    ) throws(PNGEncodingError) -> [UInt8] {
        try pixels.withBytes { (buffer) throws(PNGEncodingError) in
            try encode(buffer, width: width, height: height, rowBytes: rowBytes, format: format)
        }
    }

    /// Filters and compresses one animation frame for `APNGWriter.append(_:delay:dispose:blend:at:)`,
    /// so that frames can be compressed on several threads and written in order.
    /// `dropOpaqueAlpha` does not apply: the frame keeps `format`.
    /// - Parameters: as for `encode(_:width:height:rowBytes:format:)`.
    /// - Returns: the compressed frame.
    public func compressFrame(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int? = nil,
        format: PNGColorFormat
    ) throws(PNGEncodingError) -> CompressedFrame {
        let rows = try Self.validate(pixels, width: width, height: height, rowBytes: rowBytes, format: format)
        return CompressedFrame(width: width, height: height, format: format, zlibStream: try zlibStream(rows))
    }

    /// `compressFrame` for pixels held in an array.
    public func compressFrame(
        _ pixels: [UInt8], width: Int, height: Int, rowBytes: Int? = nil, format: PNGColorFormat
    ) throws(PNGEncodingError) -> CompressedFrame {
        try pixels.withBytes { (buffer) throws(PNGEncodingError) in
            try compressFrame(buffer, width: width, height: height, rowBytes: rowBytes, format: format)
        }
    }

    /// Filters and compresses validated rows into a zlib stream (IDAT's content).
    func zlibStream(_ rows: PixelRows) throws(PNGEncodingError) -> [UInt8] {
        try ImageCompressor.zlibStream(rows, plan: compressionPlan)
    }

    /// How `options` compress an image.
    var compressionPlan: CompressionPlan {
        CompressionPlan(
            strategy: filterStrategy, level: options.compression.level,
            imageDeflater: options.compression == .fast,
            photoStrategy: options.filtering == .automatic ? .sampledMinimumSum : filterStrategy,
            threads: options.parallelism.threadCount, minimumBandBytes: options.minimumBandBytes)
    }

    /// The row filters that `options` select.
    var filterStrategy: FilterStrategy {
        switch options.filtering {
        case .automatic: options.compression.automaticFilters
        case .adaptive: .minimumSum
        case .sub: .fixed(.sub)
        }
    }

    private func encodeValidated(_ rows: PixelRows) throws(PNGEncodingError) -> [UInt8] {
        // The stream's pieces go straight into the file's IDAT chunks: one copy of the bytes.
        var pieces = try ImageCompressor.zlibPieces(rows, plan: compressionPlan)
        let count = pieces.count
        // The file's bytes go into memory from the encoder's scratch pool: a frame writer gives
        // them back (`FrameBufferPool.scratch.recycle`) once written, and the next frame's file
        // faults in no fresh pages.
        var out = ChunkWriter(bytes: FrameBufferPool.scratch.takeEmpty(capacity: count + count / Self.maximumChunkData * 12 + 64))
        out.bytes += ChunkWriter.signature
        out.appendChunk("IHDR", ChunkWriter.headerData(width: rows.width, height: rows.height, format: rows.format))
        out.appendChunks("IDAT", joining: pieces.all, maximumData: Self.maximumChunkData)
        out.appendChunk("IEND", [])
        pieces.recycleBands()
        return out.bytes
    }

    /// Checks the sizes and the buffer; returns the rows.
    static func validate(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int?,
        format: PNGColorFormat
    ) throws(PNGEncodingError) -> PixelRows {
        let limit = Int(Int32.max)
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        let rowLength = width * format.channels  // width <= 2^31: no overflow in 64 bits
        let (filtered, overflow) = height.multipliedReportingOverflow(by: rowLength + 1)
        guard !overflow, filtered <= maximumImageBytes else {
            throw .imageTooLarge(bytes: overflow ? Int.max : filtered, limit: maximumImageBytes)
        }
        let stride = rowBytes ?? rowLength
        guard stride >= rowLength else { throw .rowBytesTooSmall(rowBytes: stride, minimum: rowLength) }
        let (span, spanOverflow) = stride.multipliedReportingOverflow(by: height - 1)
        let needed = spanOverflow ? Int.max : span.addingReportingOverflow(rowLength).partialValue
        guard pixels.count >= needed, let base = pixels.baseAddress else {
            throw .bufferTooSmall(count: pixels.count, needed: needed)
        }
        return PixelRows(
            base: base.assumingMemoryBound(to: UInt8.self), width: width, height: height,
            rowBytes: stride, format: format)
    }

    /// Whether every alpha sample is 255 (RGBA read a 32-bit word at a time).
    static func isOpaque(_ rows: PixelRows) -> Bool {
        let channels = rows.format.channels
        for y in 0..<rows.height {
            let row = rows.row(y)
            if channels == 4 {
                let words = UnsafeRawPointer(row)
                var all: UInt32 = 0xFFFF_FFFF
                for x in 0..<rows.width { all &= UInt32(littleEndian: words.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)) }
                if all >> 24 != 0xFF { return false }
            } else {
                var all: UInt8 = 0xFF
                var i = channels - 1
                while i < rows.rowLength {
                    all &= row[i]
                    i += channels
                }
                if all != 0xFF { return false }
            }
        }
        return true
    }
}

/// An image compressed by `PNGEncoder.compressFrame`, ready for `APNGWriter`.
public struct CompressedFrame: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixel layout it was compressed from.
    public let format: PNGColorFormat
    /// The filtered rows as one zlib stream (the content of IDAT or fdAT chunks).
    let zlibStream: [UInt8]

    /// The compressed size in bytes.
    public var byteCount: Int { zlibStream.count }
}

/// Builds PNG chunks: length, type, data, CRC-32 of type and data.
struct ChunkWriter {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// A writer appending to `bytes` (an empty buffer with room, from a pool).
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Appends a chunk whose data is `data`.
    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        data.withUnsafeBytes { appendChunk(type, $0) }
    }

    /// Appends a chunk: `prefix` (e.g. a sequence number) then `data` form its data.
    mutating func appendChunk(_ type: String, prefix: [UInt8] = [], _ data: UnsafeRawBufferPointer) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "chunk types have four letters")
        Self.putUInt32(&bytes, UInt32(prefix.count + data.count))
        let start = bytes.count
        bytes += typeBytes
        bytes += prefix
        bytes.append(contentsOf: data)
        let crc = bytes.withUnsafeBytes { all in
            libdeflate_crc32(0, all.baseAddress! + start, all.count - start)
        }
        Self.putUInt32(&bytes, crc)
    }

    /// Appends chunks of `type` whose data, joined, are `pieces` joined: each chunk holds
    /// `maximumData` bytes but the last (at least one chunk, empty if the pieces are).
    mutating func appendChunks(_ type: String, joining pieces: [ArraySlice<UInt8>], maximumData: Int) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4 && maximumData > 0, "chunk types have four letters")
        var remaining = pieces.reduce(0) { $0 + $1.count }
        var piece = 0, offset = 0
        repeat {
            let length = min(maximumData, remaining)
            Self.putUInt32(&bytes, UInt32(length))
            let start = bytes.count
            bytes += typeBytes
            var needed = length
            while needed > 0 {
                let taken = min(needed, pieces[piece].count - offset)
                let start = pieces[piece].startIndex + offset
                bytes += pieces[piece][start..<(start + taken)]
                needed -= taken
                offset += taken
                if offset == pieces[piece].count { piece += 1; offset = 0 }
            }
            remaining -= length
            let crc = bytes.withUnsafeBytes { all in
                libdeflate_crc32(0, all.baseAddress! + start, all.count - start)
            }
            Self.putUInt32(&bytes, crc)
        } while remaining > 0
    }

    /// Appends `value` big-endian.
    static func putUInt32(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// IHDR's 13 bytes: size, bit depth 8, colour type, deflate, adaptive filters, no interlace.
    static func headerData(width: Int, height: Int, format: PNGColorFormat) -> [UInt8] {
        var data = [UInt8]()
        putUInt32(&data, UInt32(width))
        putUInt32(&data, UInt32(height))
        data += [8, format.colorType, 0, 0, 0]
        return data
    }
}
