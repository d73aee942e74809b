// The fast tier's compressor for photographic bands: Huffman codes fitted to the band's
// filtered bytes, runs of one byte as distance-1 matches, no other match search.

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
    /// from band to band, large enough that a block's header (about 80 bytes) costs nothing.
    static let blockBytes = 128 * 1024
    /// Runs of one byte shorter than this are left as literals.
    static let minimumRun = 8
    /// One block's parse: at most one run every `minimumRun` bytes, one past the block's end,
    /// and the closing literals.
    private static let sequenceCapacity = (blockBytes + 258) / minimumRun + 2

    /// The size of `compress`'s output for `count` bytes, at most.
    static func capacity(for count: Int) -> Int {
        count + (count / 65535 + 2) * 5 + 2 * (count / blockBytes + 2) * 5 + 64
    }

    /// Compresses `input[0..<count]` as DEFLATE blocks; unless `last`, the stream ends with an
    /// empty stored block instead of a final one, byte-aligned, so that another band's blocks
    /// can follow.
    static func compress(_ input: UnsafePointer<UInt8>, count: Int, last: Bool) -> [UInt8] {
        var memory = FrameBufferPool.scratch.take(count: sequenceCapacity * MemoryLayout<ImageDeflater.MatchSequence>.stride)
        defer { FrameBufferPool.scratch.recycle(memory) }
        return memory.withUnsafeMutableBytes { bytes in
            bytes.withMemoryRebound(to: ImageDeflater.MatchSequence.self) { sequences in
                compress(input, count: count, last: last, sequences: sequences.baseAddress!)
            }
        }
    }

    private static func compress(_ input: UnsafePointer<UInt8>, count: Int, last: Bool,
                                 sequences: UnsafeMutablePointer<ImageDeflater.MatchSequence>) -> [UInt8] {
        let capacity = capacity(for: count)
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var writer = BitWriter(buffer.baseAddress!)
            var position = 0
            repeat {
                let end = min(count, position + blockBytes)
                let (parsed, sequenceCount) = parseRuns(input, count: count, from: position, to: end, into: sequences)
                let final = last && parsed == count
                let block = BlockCodes(input + position, sequences: sequences, count: sequenceCount)
                if block.bitCount < ImageDeflater.storedBits(parsed - position) {
                    block.write(into: &writer, source: input + position, sequences: sequences, count: sequenceCount, final: final)
                } else {
                    writer.writeStored(input + position, count: parsed - position, final: final)
                }
                position = parsed
            } while position < count
            if !last { writer.writeStored(input, count: 0, final: false) }
            initialized = writer.finish() - buffer.baseAddress!
            precondition(initialized <= capacity)
        }
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
