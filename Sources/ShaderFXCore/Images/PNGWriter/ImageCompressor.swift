// Filters an image and compresses it into one zlib stream (RFC 1950), in parallel bands
// when the image is large enough.
import CDeflate
import Dispatch

/// A validated view of 8-bit pixel rows.
struct PixelRows {
    let base: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let rowBytes: Int
    let format: PNGColorFormat
    /// The rows in memory carry one more sample a pixel, an alpha every pixel has at its
    /// maximum, which the image leaves out: `format` is the format without it. The compressor
    /// packs each row as it filters it, so no packed copy of the image is made.
    var droppedAlpha = false

    /// Bytes of pixel data in one row.
    var rowLength: Int { width * format.channels }
    /// Bytes of filtered data: a filter byte, then the row, for every row.
    var filteredCount: Int { height * (1 + rowLength) }

    func row(_ y: Int) -> UnsafePointer<UInt8> { base + y * rowBytes }
}

/// The settings that decide how one image is compressed.
struct CompressionPlan: Sendable {
    var strategy: FilterStrategy
    var level: Int32
    /// Whether bands go to `ImageDeflater` first (`PhotoDeflater` takes those it declines,
    /// filtered again with `photoStrategy`).
    var imageDeflater = false
    /// The filters of the bands `ImageDeflater` declines (unchanged from `strategy`: not
    /// filtered again).
    var photoStrategy: FilterStrategy = .sampledMinimumSum
    /// The most bands compressed at once (1: single-threaded).
    var threads: Int
    /// The smallest band worth compressing on its own, in filtered bytes.
    var minimumBandBytes: Int

    /// The number of bands for `filteredCount` bytes of `height` rows.
    func bandCount(filteredCount: Int, height: Int) -> Int {
        guard threads > 1, minimumBandBytes > 0 else { return 1 }
        // Two bands per thread balance uneven content; each band is at least the minimum.
        return max(1, min(filteredCount / minimumBandBytes, 2 * threads, height))
    }
}

/// A zlib stream in pieces: joined in order (`all`), they are the stream.
struct ZlibPieces {
    var header: [UInt8]
    /// Each band's buffer: its DEFLATE bytes are the first `bandCounts[i]` of `bands[i]` (a
    /// photographic band is written into a buffer from the scratch pool, kept whole).
    var bands: [[UInt8]]
    var bandCounts: [Int]
    var trailer: [UInt8]

    var all: [ArraySlice<UInt8>] { [header[...]] + zip(bands, bandCounts).map { $0[..<$1] } + [trailer[...]] }
    /// The stream's length in bytes.
    var count: Int { bandCounts.reduce(header.count + trailer.count, +) }

    /// Gives the bands' buffers to the encoder's scratch pool, each moved out of `bands` first
    /// so that the pool holds it alone (call it once `all`'s slices are gone).
    mutating func recycleBands() {
        bandCounts = []
        while let band = bands.popLast() { FrameBufferPool.scratch.recycle(band) }
    }
}

/// One band's compressed output: raw DEFLATE, ready to be concatenated.
private struct Band {
    /// The DEFLATE bytes are the first `count` of `bytes`.
    var bytes: [UInt8] = []
    var count = 0
    var adler: UInt32 = 1
    var filteredCount = 0
    var error: PNGEncodingError?
}

enum ImageCompressor {
    /// Filters and compresses `pixels` into a complete zlib stream.
    static func zlibStream(_ pixels: PixelRows, plan: CompressionPlan) throws(PNGEncodingError)
        -> [UInt8]
    {
        var pieces = try zlibPieces(pixels, plan: plan)
        var stream = [UInt8]()
        stream.reserveCapacity(pieces.count)
        for piece in pieces.all { stream += piece }
        pieces.recycleBands()
        return stream
    }

    /// Filters and compresses `pixels` into a zlib stream left in its pieces (header, each
    /// band's DEFLATE bytes, Adler-32), so that a writer can copy them once, into its file.
    static func zlibPieces(_ pixels: PixelRows, plan: CompressionPlan) throws(PNGEncodingError)
        -> ZlibPieces
    {
        let bandCount = plan.bandCount(filteredCount: pixels.filteredCount, height: pixels.height)
        let rowsPerBand = (pixels.height + bandCount - 1) / bandCount
        let bands = (pixels.height + rowsPerBand - 1) / rowsPerBand
        var results = [Band](repeating: Band(), count: bands)
        results.withUnsafeMutableBufferPointer { results in
            let shared = Unchecked(value: (results.baseAddress!, pixels))
            let work: @Sendable (Int) -> Void = { index in
                let (out, pixels) = shared.value
                let first = index * rowsPerBand
                let rows = first..<min(pixels.height, first + rowsPerBand)
                out[index] = compressBand(pixels, rows: rows, plan: plan, last: index == bands - 1)
            }
            if bands == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: work) }
        }
        var adler: UInt32 = 1
        for band in results {
            if let error = band.error { throw error }
            adler = adler32Combine(adler, band.adler, length: band.filteredCount)
        }
        return ZlibPieces(header: zlibHeader(level: plan.level), bands: results.map(\.bytes), bandCounts: results.map(\.count),
                          trailer: [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
    }

    /// Filters and compresses rows `rows`; unless `last`, turns the output into a non-final,
    /// byte-aligned piece of a longer stream.
    private static func compressBand(_ pixels: PixelRows, rows: Range<Int>, plan: CompressionPlan, last: Bool) -> Band {
        // Filtered rows in memory kept between frames: a 4K band's fresh pages would cost more
        // to fault in than to filter.
        var scratch = FrameBufferPool.scratch.takeForOverwrite(count: rows.count * (1 + pixels.rowLength))
        defer { FrameBufferPool.scratch.recycle(scratch) }
        return scratch.withUnsafeMutableBufferPointer { buffer in
            compressBand(pixels, rows: rows, plan: plan, last: last, filtered: buffer.baseAddress!)
        }
    }

    /// Filters rows `rows` into `filtered` and compresses them.
    private static func compressBand(_ pixels: PixelRows, rows: Range<Int>, plan: CompressionPlan, last: Bool,
                                     filtered: UnsafeMutablePointer<UInt8>) -> Band {
        let stride = 1 + pixels.rowLength
        let count = rows.count * stride
        var band = Band()
        band.filteredCount = count
        if plan.imageDeflater {
            // Only the rows of the trial block are filtered first: a photographic band is
            // filtered again with other filters, and the rest of a rendered one when its trial
            // block is accepted.
            let trialRows = min(rows.count, (ImageDeflater.trialInputBytes + stride - 1) / stride)
            let trial = rows.lowerBound..<(rows.lowerBound + trialRows), rest = trial.upperBound..<rows.upperBound
            filterRows(pixels, rows: trial, strategy: plan.strategy, into: filtered)
            if let bytes = ImageDeflater.compress(filtered, count: count, bytesPerPixel: pixels.format.channels,
                                                  rowStride: stride, last: last, prepareRest: {
                                                      filterRows(pixels, rows: rest, strategy: plan.strategy, into: filtered + trialRows * stride)
                                                  }) {
                band.bytes = bytes
                band.count = bytes.count
            } else {
                // Photographic content: the adaptive filters, then Huffman codes fitted to it,
                // a few rows at a time (the band is not stored filtered).
                (band.bytes, band.count, band.adler) = PhotoDeflater.compress(pixels, rows: rows, strategy: plan.photoStrategy, last: last)
                return band
            }
            band.adler = libdeflate_adler32(1, filtered, count)
            return band
        }
        filterRows(pixels, rows: rows, strategy: plan.strategy, into: filtered)
        band.adler = libdeflate_adler32(1, filtered, count)
        let size = CompressorPool.shared.withCompressor(level: plan.level) { compressor -> Int in
            guard let compressor else { return -1 }
            let bound = libdeflate_deflate_compress_bound(compressor, count)
            var size = 0
            band.bytes = [UInt8](unsafeUninitializedCapacity: bound + 5) { buffer, initialized in
                size = libdeflate_deflate_compress(compressor, filtered, count, buffer.baseAddress, bound)
                initialized = size
            }
            return size
        }
        guard size > 0 else {
            band.error = .compressionFailed(reason: size < 0
                ? "libdeflate could not allocate a compressor (level \(plan.level))"
                : "libdeflate produced no output for \(count) bytes")
            return band
        }
        if !last {
            do throws(DeflateWalkError) {
                try makeNonFinal(&band.bytes)
            } catch {
                band.error = .compressionFailed(reason: "cannot join bands: \(error)")
            }
        }
        band.count = band.bytes.count
        return band
    }

    /// Filters rows `rows` of `pixels` with `strategy` into `filtered`, one filtered row
    /// (filter byte and row) after another.
    static func filterRows(_ pixels: PixelRows, rows: Range<Int>, strategy: FilterStrategy,
                           into filtered: UnsafeMutablePointer<UInt8>) {
        var stream = RowStream(pixels, from: rows.lowerBound, strategy: strategy)
        for i in 0..<rows.count { stream.filterNext(into: filtered + i * stream.stride) }
    }

    /// Row `y` of `pixels` without its alpha samples, into `out` (`pixels.rowLength` bytes).
    static func pack(_ pixels: PixelRows, row y: Int, into out: UnsafeMutablePointer<UInt8>) {
        let row = pixels.row(y)
        let kept = pixels.format.channels, stored = kept + 1
        if kept == 3 {
            let source = UnsafeRawPointer(row), target = UnsafeMutableRawPointer(out)
            // Four pixels (two 64-bit words, RGBA RGBA) at a time as 12 bytes: one 64-bit store
            // (R0 G0 B0 R1 G1 B1 R2 G2) and one 32-bit store (B2 R3 G3 B3).
            var x = 0
            while x + 4 < pixels.width {
                let p01 = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self))
                let p23 = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: x * 4 + 8, as: UInt64.self))
                let first = p01 & 0xFF_FFFF | (p01 >> 8) & 0xFFFF_FF00_0000 | p23 << 48
                let second = UInt32(truncatingIfNeeded: (p23 >> 16) & 0xFF | (p23 >> 24) & 0xFFFF_FF00)
                target.storeBytes(of: first.littleEndian, toByteOffset: x * 3, as: UInt64.self)
                target.storeBytes(of: second.littleEndian, toByteOffset: x * 3 + 8, as: UInt32.self)
                x += 4
            }
            // The rest a pixel at a time, as one 32-bit word stored whole; the next store
            // overwrites its alpha byte.
            let last = pixels.width - 1
            for x in x..<last {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self), toByteOffset: x * 3, as: UInt32.self)
            }
            out[last * 3] = row[last * 4]; out[last * 3 + 1] = row[last * 4 + 1]; out[last * 3 + 2] = row[last * 4 + 2]
        } else {
            for x in 0..<pixels.width {
                for c in 0..<kept { out[x * kept + c] = row[x * stored + c] }
            }
        }
    }

    /// Clears the BFINAL bit of the final block of the raw DEFLATE stream `deflate` and
    /// appends an empty stored block, so that the stream ends byte-aligned and another
    /// DEFLATE stream's blocks can follow it.
    static func makeNonFinal(_ deflate: inout [UInt8]) throws(DeflateWalkError) {
        var walker = DeflateBlockWalker()
        let location = try deflate.withBytes { (bytes) throws(DeflateWalkError) in
            try walker.locateFinalBlock(in: bytes)
        }
        deflate[location.start >> 3] &= ~(1 << UInt8(location.start & 7))
        let used = (location.end + 7) >> 3
        deflate.removeLast(deflate.count - used)
        let spareBits = (8 - location.end & 7) & 7
        if spareBits > 0 { deflate[used - 1] &= UInt8(1 << (8 - spareBits)) - 1 }
        // The empty stored block: header bits 000, then padding to the byte boundary
        // (an extra byte when fewer than 3 spare bits remain), then LEN 0, NLEN 0xFFFF.
        if spareBits < 3 { deflate.append(0) }
        deflate += [0x00, 0x00, 0xFF, 0xFF]
    }

    /// The two zlib header bytes: deflate with a 32 KiB window, FLEVEL as libdeflate sets it.
    static func zlibHeader(level: Int32) -> [UInt8] {
        let cmf: UInt16 = 0x78
        let flevel: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var flg = flevel << 6
        flg += (31 - (cmf << 8 | flg) % 31) % 31
        return [UInt8(cmf), UInt8(flg)]
    }

    /// The Adler-32 of `A` followed by `B`, from `adler(A)`, `adler(B)` and `B`'s length.
    static func adler32Combine(_ first: UInt32, _ second: UInt32, length: Int) -> UInt32 {
        let base: UInt64 = 65521
        let n = UInt64(length) % base
        let a1 = UInt64(first & 0xFFFF), b1 = UInt64(first >> 16)
        let a2 = UInt64(second & 0xFFFF), b2 = UInt64(second >> 16)
        // B's sums start from 1: remove that start and add A's.
        let a = (a1 + a2 + base - 1) % base
        let b = (b1 + b2 + n * a1 + base - n) % base
        return UInt32(b << 16 | a)
    }
}

/// The rows of an image filtered one after another, each with the filter `strategy` chooses;
/// rows stored with an alpha the image leaves out (`PixelRows.droppedAlpha`) are packed first.
struct RowStream: ~Copyable {
    let pixels: PixelRows
    /// Bytes per filtered row: the filter byte, then the row.
    let stride: Int
    private let filterer: RowFilterer
    /// Two packed rows, the current one and the one above, when rows are packed.
    private var current: UnsafeMutablePointer<UInt8>?, above: UnsafeMutablePointer<UInt8>?
    private let packed: UnsafeMutablePointer<UInt8>?
    /// The row `filterNext` filters.
    private(set) var next: Int

    init(_ pixels: PixelRows, from first: Int, strategy: FilterStrategy) {
        self.pixels = pixels
        stride = 1 + pixels.rowLength
        filterer = RowFilterer(rowLength: pixels.rowLength, bytesPerPixel: pixels.format.channels, strategy: strategy)
        next = first
        if pixels.droppedAlpha {
            let packed = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * pixels.rowLength)
            self.packed = packed
            current = packed
            above = packed + pixels.rowLength
            if first > 0 { ImageCompressor.pack(pixels, row: first - 1, into: packed + pixels.rowLength) }
        } else {
            packed = nil
        }
    }

    deinit { packed?.deallocate() }

    /// Filters row `next` into `out` (`stride` bytes) and moves on to the row below.
    mutating func filterNext(into out: UnsafeMutablePointer<UInt8>) {
        let y = next
        if let row = current, let prior = above {
            ImageCompressor.pack(pixels, row: y, into: row)
            filterer.filter(row, above: y == 0 ? nil : UnsafePointer(prior), into: out)
            current = prior
            above = row
        } else {
            filterer.filter(pixels.row(y), above: y == 0 ? nil : pixels.row(y - 1), into: out)
        }
        next = y + 1
    }
}
