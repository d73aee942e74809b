// A DEFLATE compressor (RFC 1951) made for filtered PNG rows: the fast tier's compressor.

import CPNGShim

/// Compresses one band of filtered rows into raw DEFLATE blocks: on rendered frames of 1080p
/// and more it takes a third to a half of libdeflate level 1's time, for files from 12 % smaller
/// to 5 % larger than its.
///
/// Rendered frames repeat themselves at two distances above all: the previous pixel (flat
/// colour and smooth gradients, after the Sub filter) and the row above. The match finder tries
/// those two first at every byte, then the last two places with the same hash for repeats
/// elsewhere in the 32 KiB window; it parses greedily, taking the longest of the candidates.
/// After a run of positions without a match it steps further at a time, so detailed areas cost
/// less to scan.
/// Each block (64 KiB first, then 1 MiB) gets its own Huffman codes.
///
/// Its working memory (2.3 MB: the hash table and one block's parse) comes from
/// `FrameBufferPool.scratch`, so that frames after the first fault in no fresh pages.
///
/// Photos and noise do not suit it: they are mostly literals and short matches, which its
/// match finder spends its time failing to find. So the first block is a trial: when it would
/// take more than a quarter of its input, `compress` returns nil and the caller compresses the
/// band with `PhotoDeflater` instead. (A third was the limit first; late frames of a ripple over
/// a photo scaled up twice have bands at a quarter to a third here, which the photo tier makes
/// 29 % smaller for 35 % less CPU: docs/GPU.md.)
struct ImageDeflater {
    /// Bytes per pixel: the distance to the left neighbour's sample.
    let bytesPerPixel: Int
    /// Bytes per filtered row (the filter byte and the row): the distance to the row above.
    let rowStride: Int
    /// The hash table: the last two positions seen for each hash of four bytes.
    private let table: UnsafeMutablePointer<UInt32>
    /// One block's parse.
    private let sequences: UnsafeMutablePointer<MatchSequence>

    /// The trial block's input size.
    static let trialBlockBytes = 64 * 1024
    /// The other blocks' input size.
    static let blockBytes = 1024 * 1024
    /// A band whose trial block takes more than 1/`fallbackRatio` of its input goes to `PhotoDeflater`.
    static let fallbackRatio = 4

    private static let hashBits = 15
    private static let tableEntries = 2 << hashBits
    /// Matches are at least 4 bytes long, and a block's parse may run one match past its end.
    private static let sequenceCapacity = (blockBytes + 258) / 4 + 2

    /// A run of literals followed by a match (`length` 0: no match, the block's last run).
    struct MatchSequence {
        var literals: UInt32
        var length: UInt16
        var distance: UInt16
    }

    /// Compresses `input[0..<count]`, filtered rows of `rowStride` bytes with pixels of
    /// `bytesPerPixel`, as DEFLATE blocks; unless `last`, the stream ends with an empty stored
    /// block instead of a final one, byte-aligned, so that another band's blocks can follow.
    /// Returns nil when the band is better left to `PhotoDeflater` (see the type's summary),
    /// unless `mayDecline` is false.
    ///
    /// Only `input[0..<trialInputBytes]` (or all of it, if shorter) need hold their bytes at
    /// first: `prepareRest` is called once the trial block is accepted, before anything past it
    /// is read, so that a caller can leave the rest of a band unfiltered until it is needed.
    static func compress(_ input: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int, rowStride: Int, last: Bool,
                         mayDecline: Bool = true, prepareRest: () -> Void = {}) -> [UInt8]? {
        withScratch(UInt32.self, count: tableEntries) { table in
            withScratch(MatchSequence.self, count: sequenceCapacity) { sequences in
                ImageDeflater(bytesPerPixel: bytesPerPixel, rowStride: rowStride, table: table, sequences: sequences)
                    .compress(input, count: count, last: last, mayDecline: mayDecline, prepareRest: prepareRest)
            }
        }
    }

    /// The input bytes the trial block reads: its own, and the longest match past its end.
    static let trialInputBytes = trialBlockBytes + 258

    /// Runs `body` with room for `count` values of `type` from the encoder's scratch pool.
    private static func withScratch<Element, Result>(_ type: Element.Type, count: Int,
                                                     _ body: (UnsafeMutablePointer<Element>) -> Result) -> Result {
        var memory = FrameBufferPool.scratch.takeForOverwrite(count: count * MemoryLayout<Element>.stride)
        defer { FrameBufferPool.scratch.recycle(memory) }
        return memory.withUnsafeMutableBytes { bytes in
            bytes.withMemoryRebound(to: Element.self) { body($0.baseAddress!) }
        }
    }

    private func compress(_ input: UnsafePointer<UInt8>, count: Int, last: Bool, mayDecline: Bool,
                          prepareRest: () -> Void) -> [UInt8]? {
        table.initialize(repeating: 0, count: Self.tableEntries)
        // Every block is at worst stored (5 bytes of header per 65535 bytes), plus 8 bytes of
        // slack for the bit writer's whole-word stores and the closing stored block.
        let capacity = count + (count / 65535 + 2) * 5 + 2 * (count / Self.blockBytes + 2) * 5 + 64
        var rejected = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var writer = BitWriter(buffer.baseAddress!)
            var position = 0
            var first = true
            repeat {
                let end = min(count, position + (first ? Self.trialBlockBytes : Self.blockBytes))
                let (parsed, sequenceCount) = parse(input, count: count, from: position, to: end)
                let final = last && parsed == count
                let block = BlockCodes(input + position, sequences: sequences, count: sequenceCount)
                let storedBits = Self.storedBits(parsed - position)
                if first, mayDecline, count > 4096, block.bitCount > 8 * (parsed - position) / Self.fallbackRatio {
                    rejected = true
                    initialized = 0
                    return
                }
                if first { prepareRest() }
                if block.bitCount < storedBits {
                    block.write(into: &writer, source: input + position, sequences: sequences, count: sequenceCount, final: final)
                } else {
                    writer.writeStored(input + position, count: parsed - position, final: final)
                }
                position = parsed
                first = false
            } while position < count
            if !last { writer.writeStored(input, count: 0, final: false) }
            initialized = writer.finish() - buffer.baseAddress!
            precondition(initialized <= capacity)
        }
        return rejected ? nil : bytes
    }

    /// The bits stored blocks take for `count` bytes, counting the worst padding.
    static func storedBits(_ count: Int) -> Int { 8 * (count + 5 * (count / 65535 + 1)) + 7 }

    /// Parses `input[start..<end]` (a match may run past `end`, never past `count`) into
    /// `sequences`; returns where the parse ended and how many sequences it made.
    private func parse(_ input: UnsafePointer<UInt8>, count: Int, from start: Int, to end: Int) -> (Int, Int) {
        let table = self.table, sequences = self.sequences
        let pixel = bytesPerPixel, row = rowStride
        let shift = UInt32(32 - Self.hashBits)
        var position = start, anchor = start, made = 0, misses = 0
        // Matching stops 8 bytes before the end: the match finder reads whole words.
        let matchEnd = min(end, count - 8)
        while position < matchEnd {
            let word = load32(input, position)
            let limit = min(count, position + 258)
            var length = 0, distance = 0
            // The previous pixel, then the row above: at least 4 bytes.
            if position >= pixel, load32(input, position - pixel) == word {
                length = 4 + commonLength(input, position + 4, position - pixel + 4, limit)
                distance = pixel
            }
            if length < 64, position >= row, load32(input, position - row) == word {
                let candidate = 4 + commonLength(input, position + 4, position - row + 4, limit)
                if candidate > length { length = candidate; distance = row }
            }
            // A repeat elsewhere in the window, among the last two places with the same hash: at
            // least 6 bytes, as shorter ones there cost about what their literals do.
            let hash = Int((word &* 2_654_435_761) >> shift)
            if length < 32 {
                for way in 0..<2 {
                    let candidate = Int(table[2 * hash + way])
                    if candidate < position, position - candidate <= 32768, load32(input, candidate) == word {
                        let found = 4 + commonLength(input, position + 4, candidate + 4, limit)
                        if found >= 6, found > length { length = found; distance = position - candidate }
                    }
                }
            }
            table[2 * hash + 1] = table[2 * hash]
            table[2 * hash] = UInt32(truncatingIfNeeded: position)
            if length >= 4 {
                sequences[made] = MatchSequence(
                    literals: UInt32(position - anchor), length: UInt16(length), distance: UInt16(distance))
                made += 1
                position += length
                anchor = position
                misses = 0
                // The bytes just before the match's end, for repeats of what follows it.
                if position + 2 <= count {
                    let tail = load32(input, position - 2)
                    let bucket = 2 * Int((tail &* 2_654_435_761) >> shift)
                    table[bucket + 1] = table[bucket]
                    table[bucket] = UInt32(truncatingIfNeeded: position - 2)
                }
            } else {
                misses += 1
                position += 1 + misses >> 7
            }
        }
        let parsed = min(count, max(position, end))
        sequences[made] = MatchSequence(literals: UInt32(parsed - anchor), length: 0, distance: 0)
        return (parsed, made + 1)
    }
}

@inline(__always)
private func load32(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt32 {
    UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self)
}

/// How many bytes from `a` equal those from `b` (`b` < `a`), stopping at `limit`.
@inline(__always)
private func commonLength(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int, _ limit: Int) -> Int {
    var i = a, j = b
    while i + 8 <= limit {
        let difference = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            ^ UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
        if difference != 0 { return i - a + UInt64(littleEndian: difference).trailingZeroBitCount >> 3 }
        i += 8; j += 8
    }
    while i < limit, base[i] == base[j] { i += 1; j += 1 }
    return i - a
}

/// DEFLATE's fixed tables: length and distance symbols, their bases and extra bits.
enum DeflateTables {
    static let lengthBase: [UInt16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                       67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [UInt16] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                         1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
                                         11, 11, 12, 12, 13, 13]
    /// The order in which a dynamic block's header gives the code-length code's lengths.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// For each match length 0...258, its length slot (symbol - 257).
    static let lengthSlot: [UInt8] = (0...258).map { length in
        length < 3 ? 0 : UInt8(lengthBase.lastIndex { Int($0) <= length }!)
    }
    /// Distance slots: entry d - 1 for distances up to 256, entry 256 + (d - 1) >> 7 above.
    static let distanceSlot: [UInt8] = (0..<512).map { index in
        let distance = index < 256 ? index + 1 : ((index - 256) << 7) + 1
        return UInt8(distanceBase.lastIndex { Int($0) <= distance }!)
    }

    @inline(__always)
    static func distanceIndex(_ distance: Int) -> Int {
        distance <= 256 ? distance - 1 : 256 + (distance - 1) >> 7
    }
}

/// Bits written least significant first into a byte buffer, eight bytes at a time.
struct BitWriter {
    private var out: UnsafeMutablePointer<UInt8>
    private var bits: UInt64 = 0
    private var count = 0

    init(_ out: UnsafeMutablePointer<UInt8>) { self.out = out }

    /// Adds `length` bits (at most 56 between flushes, counting up to 7 already held).
    @inline(__always)
    mutating func put(_ value: UInt64, _ length: Int) {
        // `count` is 0...63: its conversion needs no check.
        bits |= value &<< UInt64(truncatingIfNeeded: count)
        count &+= length
    }

    /// Moves the whole bytes held to the buffer (which has 8 bytes of room past them).
    @inline(__always)
    mutating func flush() {
        UnsafeMutableRawPointer(out).storeBytes(of: bits.littleEndian, as: UInt64.self)
        let whole = count >> 3
        out += whole
        bits = whole == 8 ? 0 : bits &>> UInt64(truncatingIfNeeded: whole << 3)
        count &= 7
    }

    /// Stored blocks for `input[0..<count]` (one empty block when `count` is 0), the last one
    /// final if `final`.
    mutating func writeStored(_ input: UnsafePointer<UInt8>, count total: Int, final: Bool) {
        var offset = 0
        repeat {
            let length = min(65535, total - offset)
            let isFinal = final && offset + length == total
            put(isFinal ? 1 : 0, 3)
            put(0, (8 - count & 7) & 7)
            flush()
            out[0] = UInt8(length & 0xFF); out[1] = UInt8(length >> 8)
            out[2] = ~out[0]; out[3] = ~out[1]
            (out + 4).update(from: input + offset, count: length)
            out += 4 + length
            offset += length
        } while offset < total
    }

    /// Runs `body` over the writer's state as C's bit writers take it (``sfx_bit_state``),
    /// which must be flushed (0...7 bits held) before and after.
    @inline(__always)
    mutating func withState<Result>(_ body: (inout sfx_bit_state) -> Result) -> Result {
        var state = sfx_bit_state(out: out, bits: bits, count: UInt64(truncatingIfNeeded: count))
        let result = body(&state)
        out = state.out
        bits = state.bits
        count = Int(truncatingIfNeeded: state.count)
        return result
    }

    /// The bits written since the writer was `start` (a copy of it taken earlier).
    func bits(since start: BitWriter) -> Int {
        (out - start.out) * 8 + count - start.count
    }

    /// Pads to a byte boundary and returns the end of the written bytes.
    mutating func finish() -> UnsafeMutablePointer<UInt8> {
        put(0, (8 - count & 7) & 7)
        flush()
        return out
    }
}

/// One dynamic block's codes, made from its parse, and its size.
struct BlockCodes {
    var literalLengths = [UInt8](repeating: 0, count: 286)
    var literalCodes = [UInt16](repeating: 0, count: 286)
    var distanceLengths = [UInt8](repeating: 0, count: 30)
    var distanceCodes = [UInt16](repeating: 0, count: 30)
    /// The header's code lengths, run-length coded: symbols 0...18 and their extra values.
    var runSymbols: [UInt8] = []
    var runExtras: [UInt8] = []
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    var codeLengthCodes = [UInt16](repeating: 0, count: 19)
    var literalCount = 257, distanceCount = 1, codeLengthCount = 4
    /// The block's size in bits, header included.
    var bitCount = 0

    /// The codes of the block `sequences[0..<count]` parse `source` into.
    ///
    /// When `sampled`, the literals counted are those among the first 64 bytes of every 256
    /// from `source`, each count then taken four times and every byte value counted at least
    /// once, so that every byte has a code: for photographic blocks, whose statistics change
    /// slowly, codes almost as short at a quarter of the counting. `bitCount` is then an
    /// estimate, and codes are at most 14 bits long.
    init(_ source: UnsafePointer<UInt8>, sequences: UnsafePointer<ImageDeflater.MatchSequence>, count: Int,
         sampled: Bool = false) {
        var literalFrequencies = [UInt32](repeating: 0, count: 286)
        var distanceFrequencies = [UInt32](repeating: 0, count: 30)
        DeflateTables.lengthSlot.withUnsafeBufferPointer { lengthSlot in
            DeflateTables.distanceSlot.withUnsafeBufferPointer { distanceSlot in
                literalFrequencies.withUnsafeMutableBufferPointer { literals in
                    distanceFrequencies.withUnsafeMutableBufferPointer { distances in
                        // Bytes are counted into four tables, a byte in four to each, and the
                        // tables summed after: one byte's count does not wait on the last
                        // byte's when the two are equal, as filtered bytes often are.
                        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 1024) { tables in
                            let t = tables.baseAddress!
                            t.initialize(repeating: 0, count: 1024)
                            var at = source
                            for i in 0..<count {
                                let sequence = sequences[i]
                                let end = at + Int(sequence.literals)
                                if sampled {
                                    Self.countSampledBytes(at - source, end - source, of: source, into: t)
                                } else {
                                    Self.countBytes(at, count: end - at, intoFourTables: t)
                                }
                                at = end
                                if sequence.length > 0 {
                                    literals[257 + Int(lengthSlot[Int(sequence.length)])] &+= 1
                                    distances[Int(distanceSlot[DeflateTables.distanceIndex(Int(sequence.distance))])] &+= 1
                                    at += Int(sequence.length)
                                }
                            }
                            for v in 0..<256 {
                                let counted = t[v] &+ t[256 + v] &+ t[512 + v] &+ t[768 + v]
                                literals[v] = sampled ? counted &* 4 | 1 : counted
                            }
                        }
                        literals[256] = 1
                    }
                }
            }
        }
        literalFrequencies.withUnsafeBufferPointer { frequencies in
            literalLengths.withUnsafeMutableBufferPointer {
                HuffmanCode.lengths(of: frequencies.baseAddress!, count: 286, limit: sampled ? 14 : 15, into: $0.baseAddress!)
            }
        }
        distanceFrequencies.withUnsafeBufferPointer { frequencies in
            distanceLengths.withUnsafeMutableBufferPointer {
                HuffmanCode.lengths(of: frequencies.baseAddress!, count: 30, limit: 15, into: $0.baseAddress!)
            }
        }
        literalLengths.withUnsafeBufferPointer { lengths in
            literalCodes.withUnsafeMutableBufferPointer { HuffmanCode.codes(for: lengths.baseAddress!, count: 286, into: $0.baseAddress!) }
        }
        distanceLengths.withUnsafeBufferPointer { lengths in
            distanceCodes.withUnsafeMutableBufferPointer { HuffmanCode.codes(for: lengths.baseAddress!, count: 30, into: $0.baseAddress!) }
        }
        literalCount = 286
        while literalCount > 257, literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        distanceCount = 30
        while distanceCount > 1, distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }

        // The two codes' lengths in one sequence, run-length coded with symbols 16 (repeat the
        // previous length 3-6 times), 17 (3-10 zeros) and 18 (11-138 zeros).
        let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
        var codeLengthFrequencies = [UInt32](repeating: 0, count: 19)
        var i = 0
        while i < all.count {
            let value = all[i]
            var run = 1
            while i + run < all.count, all[i + run] == value { run += 1 }
            if value == 0, run >= 3 {
                let taken = min(run, 138)
                if taken >= 11 { runSymbols.append(18); runExtras.append(UInt8(taken - 11)) }
                else { runSymbols.append(17); runExtras.append(UInt8(taken - 3)) }
                i += taken
            } else if value != 0, run >= 4 {
                let repeats = min(run - 1, 6)
                runSymbols += [value, 16]
                runExtras += [0, UInt8(repeats - 3)]
                i += 1 + repeats
            } else {
                runSymbols.append(value); runExtras.append(0)
                i += 1
            }
        }
        for symbol in runSymbols { codeLengthFrequencies[Int(symbol)] += 1 }
        codeLengthFrequencies.withUnsafeBufferPointer { frequencies in
            codeLengthLengths.withUnsafeMutableBufferPointer {
                HuffmanCode.lengths(of: frequencies.baseAddress!, count: 19, limit: 7, into: $0.baseAddress!)
            }
        }
        codeLengthLengths.withUnsafeBufferPointer { lengths in
            codeLengthCodes.withUnsafeMutableBufferPointer { HuffmanCode.codes(for: lengths.baseAddress!, count: 19, into: $0.baseAddress!) }
        }
        codeLengthCount = 19
        while codeLengthCount > 4, codeLengthLengths[DeflateTables.codeLengthOrder[codeLengthCount - 1]] == 0 { codeLengthCount -= 1 }

        // The size: header, then every symbol with its extra bits.
        var bits = 3 + 5 + 5 + 4 + 3 * codeLengthCount
        for (symbol, _) in zip(runSymbols, runExtras) {
            bits += Int(codeLengthLengths[Int(symbol)]) + Self.runExtraBits(symbol)
        }
        for symbol in 0..<286 {
            let extra = symbol > 256 ? Int(DeflateTables.lengthExtra[symbol - 257]) : 0
            bits += Int(literalFrequencies[symbol]) * (Int(literalLengths[symbol]) + extra)
        }
        for symbol in 0..<30 {
            bits += Int(distanceFrequencies[symbol]) * (Int(distanceLengths[symbol]) + Int(DeflateTables.distanceExtra[symbol]))
        }
        bitCount = bits
    }

    /// Adds `bytes[0..<count]` to the four tables of counts at `tables` (256 entries each),
    /// a byte in four to each, so that equal neighbouring bytes do not wait on each other's
    /// count; their sums are the counts.
    @inline(__always)
    static func countBytes(_ bytes: UnsafePointer<UInt8>, count: Int, intoFourTables tables: UnsafeMutablePointer<UInt32>) {
        var i = 0
        while i + 4 <= count {
            let word = UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt32.self)
            tables[Int(word & 0xFF)] &+= 1
            tables[256 + Int(word >> 8 & 0xFF)] &+= 1
            tables[512 + Int(word >> 16 & 0xFF)] &+= 1
            tables[768 + Int(word >> 24)] &+= 1
            i += 4
        }
        while i < count { tables[Int(bytes[i])] &+= 1; i += 1 }
    }

    /// Adds the bytes of `source[start..<end]` that are among the first 64 of every 256 from
    /// `source` to the four tables of counts at `tables` (``countBytes(_:count:intoFourTables:)``).
    @inline(__always)
    static func countSampledBytes(_ start: Int, _ end: Int, of source: UnsafePointer<UInt8>,
                                  into tables: UnsafeMutablePointer<UInt32>) {
        var window = start & ~255
        while window < end {
            let from = max(start, window), to = min(end, window + 64)
            if from < to { countBytes(source + from, count: to - from, intoFourTables: tables) }
            window += 256
        }
    }

    /// Writes the literals from `at` while four are left before `end`, four at a time, their
    /// codes (`codes` and `lengths` by byte, at most 14 bits each) joined into one value before
    /// it goes into `writer`; returns where it stopped. The loop is C's (`sfx_write_literals`),
    /// compiled twice and chosen at run time: with BMI2's shifts where the processor has them,
    /// which about halve its time on photographic blocks (docs/GPU.md), and without.
    static func writeLiteralsJoined(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>,
                                    codes: UnsafePointer<UInt16>, lengths: UnsafePointer<UInt8>,
                                    into writer: inout BitWriter) -> UnsafePointer<UInt8> {
        writer.withState { sfx_write_literals(start, end, codes, lengths, &$0)! }
    }

    /// The extra bits after a code-length symbol: 2, 3 and 7 for the repeat symbols 16, 17, 18.
    static func runExtraBits(_ symbol: UInt8) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// Writes the block: header, then the sequences' literals and matches, then end-of-block.
    ///
    /// With `joined` (photographic blocks: long runs of literals), four literals' codes are
    /// joined into one value before it goes into the writer, so that only one of the four
    /// waits for the writer's bit count; the bits are the same either way.
    func write(into writer: inout BitWriter, source: UnsafePointer<UInt8>,
               sequences: UnsafePointer<ImageDeflater.MatchSequence>, count: Int, final: Bool,
               joined: Bool = false) {
        writer.put(final ? 1 : 0, 1)
        writer.put(2, 2)
        writer.put(UInt64(literalCount - 257), 5)
        writer.put(UInt64(distanceCount - 1), 5)
        writer.put(UInt64(codeLengthCount - 4), 4)
        writer.flush()
        for i in 0..<codeLengthCount {
            writer.put(UInt64(codeLengthLengths[DeflateTables.codeLengthOrder[i]]), 3)
            writer.flush()
        }
        for (symbol, extra) in zip(runSymbols, runExtras) {
            writer.put(UInt64(codeLengthCodes[Int(symbol)]), Int(codeLengthLengths[Int(symbol)]))
            writer.put(UInt64(extra), Self.runExtraBits(symbol))
            writer.flush()
        }
        // Literal codes, and each length's code with its extra bits after it, in one table:
        // the code in the low 24 bits, its length in bits in the high 8, so one load gives both.
        var literal = [UInt32](repeating: 0, count: 256 + 259)
        // Entries 0...255 are bytes; 256 (no match length is 0) is end-of-block.
        for symbol in 0...256 {
            literal[symbol] = UInt32(literalCodes[symbol]) | UInt32(literalLengths[symbol]) << 24
        }
        for length in 3...258 {
            let slot = Int(DeflateTables.lengthSlot[length]), symbol = 257 + slot
            literal[256 + length] = UInt32(literalCodes[symbol])
                | UInt32(length - Int(DeflateTables.lengthBase[slot])) << UInt32(literalLengths[symbol])
                | UInt32(literalLengths[symbol] + DeflateTables.lengthExtra[slot]) << 24
        }
        var distance = [UInt32](repeating: 0, count: 30)
        var distanceBits = [UInt8](repeating: 0, count: 30)
        for slot in 0..<30 {
            distance[slot] = UInt32(distanceCodes[slot])
            distanceBits[slot] = distanceLengths[slot] + DeflateTables.distanceExtra[slot]
        }
        // Four literals fit the bit buffer between flushes (7 bits held, then 4 x 14) when no
        // byte's code is longer than 14 bits; otherwise three.
        let fourAtOnce = literalLengths[0..<256].max()! <= 14
        literalCodes.withUnsafeBufferPointer { literalCodes in
        literalLengths.withUnsafeBufferPointer { literalLengths in
        literal.withUnsafeBufferPointer { literal in
        distance.withUnsafeBufferPointer { distance in
        distanceBits.withUnsafeBufferPointer { distanceBits in
        distanceLengths.withUnsafeBufferPointer { distanceLengths in
        DeflateTables.distanceSlot.withUnsafeBufferPointer { distanceSlot in
        DeflateTables.distanceBase.withUnsafeBufferPointer { distanceBase in
            let table = literal.baseAddress!
            @inline(__always) func put(_ w: inout BitWriter, _ entry: UInt32) {
                w.put(UInt64(entry & 0xFF_FFFF), Int(entry >> 24))
            }
            var w = writer
            var at = source
            for i in 0..<count {
                let sequence = sequences[i]
                let end = at + Int(sequence.literals)
                if fourAtOnce && joined {
                    at = Self.writeLiteralsJoined(from: at, to: end, codes: literalCodes.baseAddress!,
                                                  lengths: literalLengths.baseAddress!, into: &w)
                } else if fourAtOnce {
                    while at + 4 <= end {
                        let word = UnsafeRawPointer(at).loadUnaligned(as: UInt32.self)
                        put(&w, table[Int(word & 0xFF)])
                        put(&w, table[Int(word >> 8 & 0xFF)])
                        put(&w, table[Int(word >> 16 & 0xFF)])
                        put(&w, table[Int(word >> 24)])
                        w.flush()
                        at += 4
                    }
                } else {
                    while at + 3 <= end {
                        put(&w, table[Int(at[0])])
                        put(&w, table[Int(at[1])])
                        put(&w, table[Int(at[2])])
                        w.flush()
                        at += 3
                    }
                }
                while at < end {
                    put(&w, table[Int(at[0])])
                    at += 1
                }
                w.flush()
                let length = Int(sequence.length)
                if length > 0 {
                    put(&w, table[256 + length])
                    let d = Int(sequence.distance)
                    let slot = Int(distanceSlot[DeflateTables.distanceIndex(d)])
                    let extra = UInt64(d - Int(distanceBase[slot])) << UInt64(distanceLengths[slot])
                    w.put(UInt64(distance[slot]) | extra, Int(distanceBits[slot]))
                    w.flush()
                    at += length
                }
            }
            put(&w, table[256])
            w.flush()
            writer = w
        }}}}}}}}
    }
}
