// The fast tier's compressor for photographic bands: Huffman codes fitted to the band's
// filtered bytes, runs of one byte as distance-1 matches, no other match search.
import CDeflate

/// Compresses one band of filtered rows of photographic content (photos, film grain, noise)
/// into raw DEFLATE blocks.
///
/// After a prediction filter, a photo's bytes are small numbers around zero with little
/// repetition at any distance: a match finder spends most of its time failing, and what it
/// finds saves a few per cent. So this compressor looks for one thing only, runs of a single
/// byte (flat or clipped areas: a sky burnt out to white, a black border), checking one word
/// every 8 bytes; everything else is a literal. Each block of `blockBytes` gets its own Huffman
/// codes, fitted to its bytes, which is where a photo's compression comes from.
///
/// `ImageCompressor` gives it the bands `ImageDeflater`'s trial block finds too detailed, after
/// filtering them again with the adaptive filters (which photos repay; see `PNGEncoder`).
enum PhotoDeflater {
    /// Input bytes per block: small enough that the codes follow a frame's changes of texture
    /// from band to band, large enough that a block's header (about 80 bytes) and the making of
    /// its codes cost nothing. (128 KiB cost 6 % more CPU on 4K photo frames, 10 % at 1080p,
    /// for files 0.1 % larger.)
    static let blockBytes = 256 * 1024
    /// Runs of one byte shorter than this are left as literals.
    static let minimumRun = 8
    /// The size of `compress`'s output for `count` bytes, at most. A block is written with
    /// Huffman codes first and replaced by stored blocks when that came out larger, so there is
    /// room for one block at 15 bits a byte past the stored size.
    static func capacity(for count: Int) -> Int {
        count + (count / 65535 + 2) * 5 + 2 * (count / blockBytes + 2) * 5 + 2 * min(count, blockBytes) + 400
    }

    /// Compresses `input[0..<count]` as DEFLATE blocks; unless `last`, the stream ends with an
    /// empty stored block instead of a final one, byte-aligned, so that another band's blocks
    /// can follow.
    static func compress(_ input: UnsafePointer<UInt8>, count: Int, last: Bool) -> [UInt8] {
        withSequences(for: count) { sequences in
            [UInt8](unsafeUninitializedCapacity: capacity(for: count)) { buffer, initialized in
                var writer = BitWriter(buffer.baseAddress!)
                writeBlocks(input, count: count, previousByte: false, final: last, sequences: sequences, into: &writer)
                if !last { writer.writeStored(input, count: 0, final: false) }
                initialized = writer.finish() - buffer.baseAddress!
                precondition(initialized <= capacity(for: count))
            }
        }
    }

    /// Filters rows `rows` of `pixels` with `strategy` and compresses them as DEFLATE blocks
    /// (as `compress(_:count:last:)` does a filtered band), returning the blocks (the first
    /// `count` bytes of `bytes`, a buffer from the encoder's scratch pool kept at its full
    /// size, for `ZlibPieces.recycleBands` to give back) and the Adler-32 of the filtered rows.
    ///
    /// The band is filtered a few rows at a time (about `blockBytes`) into a buffer that stays
    /// in the cache while it is summed, parsed, counted and written: the filtered band is never
    /// stored whole, nor read back from memory.
    static func compress(_ pixels: PixelRows, rows: Range<Int>, strategy: FilterStrategy,
                         last: Bool) -> (bytes: [UInt8], count: Int, adler: UInt32) {
        var stream = RowStream(pixels, from: rows.lowerBound, strategy: strategy)
        let stride = stream.stride
        let count = rows.count * stride
        let rowsPerChunk = max(1, blockBytes / stride)
        let chunkBytes = min(rows.count, rowsPerChunk) * stride
        var adler: UInt32 = 1
        // A chunk's rows follow one byte, the previous chunk's last, which a run may repeat.
        var memory = FrameBufferPool.scratch.takeForOverwrite(count: 1 + chunkBytes)
        defer { FrameBufferPool.scratch.recycle(memory) }
        // Output pages kept between frames too: a 4K photo frame's blocks are 2,000 pages.
        var bytes = FrameBufferPool.scratch.takeForOverwrite(count: capacity(for: count))
        let written = memory.withUnsafeMutableBufferPointer { memory in
            let chunk = memory.baseAddress!
            return withSequences(for: chunkBytes) { sequences in
                bytes.withUnsafeMutableBufferPointer { buffer -> Int in
                    var writer = BitWriter(buffer.baseAddress!)
                    var done = 0
                    while done < rows.count {
                        let n = min(rowsPerChunk, rows.count - done)
                        for i in 0..<n { stream.filterNext(into: chunk + 1 + i * stride) }
                        adler = libdeflate_adler32(adler, chunk + 1, n * stride)
                        writeBlocks(chunk + 1, count: n * stride, previousByte: done > 0, final: last && done + n == rows.count,
                                    sequences: sequences, into: &writer)
                        chunk[0] = chunk[n * stride]
                        done += n
                    }
                    if !last { writer.writeStored(chunk, count: 0, final: false) }
                    let written = writer.finish() - buffer.baseAddress!
                    precondition(written <= buffer.count)
                    return written
                }
            }
        }
        return (bytes, written, adler)
    }

    /// Runs `body` with room for the parse of a block of `count` bytes at most (at most one run
    /// every `minimumRun` bytes, one past the block's end, and the closing literals), from the
    /// encoder's scratch pool.
    private static func withSequences<Result>(for count: Int,
                                              _ body: (UnsafeMutablePointer<ImageDeflater.MatchSequence>) -> Result) -> Result {
        let capacity = (min(count, blockBytes) + 258) / minimumRun + 2
        var memory = FrameBufferPool.scratch.takeForOverwrite(count: capacity * MemoryLayout<ImageDeflater.MatchSequence>.stride)
        defer { FrameBufferPool.scratch.recycle(memory) }
        return memory.withUnsafeMutableBytes { bytes in
            bytes.withMemoryRebound(to: ImageDeflater.MatchSequence.self) { body($0.baseAddress!) }
        }
    }

    /// Writes `input[0..<count]` as blocks of at most `blockBytes`, the last one final if
    /// `final`. When `previousByte`, `input[-1]` is the stream's byte before, which a run may
    /// start from.
    ///
    /// A block's literal codes come from the counts of a quarter of its literals (64 bytes of
    /// every 256), every byte value counted at least once (`BlockCodes.init(sampled:)`); a block
    /// that comes out larger than stored blocks would be is written again as stored blocks.
    static func writeBlocks(_ input: UnsafePointer<UInt8>, count: Int, previousByte: Bool, final: Bool,
                            sequences: UnsafeMutablePointer<ImageDeflater.MatchSequence>, into writer: inout BitWriter) {
        let skip = previousByte ? 1 : 0
        let base = input - skip
        var position = 0
        repeat {
            let end = min(count, position + blockBytes)
            let (parsed, sequenceCount) = parseRuns(base, count: count + skip, from: position + skip, to: end + skip, into: sequences)
            let blockEnd = parsed - skip
            let isFinal = final && blockEnd == count
            let block = BlockCodes(input + position, sequences: sequences, count: sequenceCount, sampled: true)
            let stored = ImageDeflater.storedBits(blockEnd - position)
            let start = writer
            var coded = false
            if block.bitCount < stored {
                block.write(into: &writer, source: input + position, sequences: sequences, count: sequenceCount, final: isFinal,
                            joined: true)
                coded = writer.bits(since: start) < stored
            }
            if !coded {
                writer = start
                writer.writeStored(input + position, count: blockEnd - position, final: isFinal)
            }
            position = blockEnd
        } while position < count
    }

    /// Parses `input[start..<end]` into literals and runs of one byte (distance-1 matches of at
    /// least `minimumRun` bytes; a run may go past `end`, never past `count`); returns where
    /// the parse ended and how many sequences it made.
    ///
    /// A run of 16 bytes or more always holds 9 equal bytes `p - 1 ... p + 7` for some `p` on
    /// the 8-byte grid the scan steps along: one comparison of two words finds it, then the run
    /// is followed back to its first byte and forward to its end.
    static func parseRuns(_ input: UnsafePointer<UInt8>, count: Int, from start: Int, to end: Int,
                          into sequences: UnsafeMutablePointer<ImageDeflater.MatchSequence>) -> (Int, Int) {
        var anchor = start, made = 0
        var position = max(start, 1)
        // The scan reads 8 bytes from `position`.
        let scanEnd = min(end, count - 8)
        while position < scanEnd {
            let word = UnsafeRawPointer(input + position).loadUnaligned(as: UInt64.self)
            let before = UnsafeRawPointer(input + position - 1).loadUnaligned(as: UInt64.self)
            guard word == before else { position += 8; continue }
            // `input[position - 1]` repeats: a match may start at any byte after the literals
            // so far whose previous byte is the run's byte.
            let byte = input[position]
            var first = position
            while first - 1 >= max(anchor, 1), input[first - 2] == byte { first -= 1 }
            let limit = min(count, first + 258)
            var length = min(258, position + 8 - first)
            while first + length < limit, input[first + length] == byte { length += 1 }
            if length >= minimumRun {
                sequences[made] = ImageDeflater.MatchSequence(
                    literals: UInt32(first - anchor), length: UInt16(length), distance: 1)
                made += 1
                anchor = first + length
                position = anchor
            } else {
                position += 8
            }
        }
        let parsed = min(count, max(anchor, end))
        sequences[made] = ImageDeflater.MatchSequence(literals: UInt32(parsed - anchor), length: 0, distance: 0)
        return (parsed, made + 1)
    }
}
