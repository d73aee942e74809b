// Walks the blocks of a raw DEFLATE stream (RFC 1951) without producing output, to find
// where its final block starts and ends. Used to join independently compressed bands into
// one stream: libdeflate always marks its last block final (BFINAL = 1).

/// Why a DEFLATE stream could not be walked.
enum DeflateWalkError: Error, Equatable {
    case truncated
    case invalidBlockType
    case invalidStoredLength
    case invalidCode(String)
}

/// Where the final block of a raw DEFLATE stream lies, in bits from the start of the data
/// (bit 0 is the least significant bit of byte 0).
struct FinalBlockLocation: Equatable {
    /// The bit offset of the final block's header (its BFINAL bit).
    var start: Int
    /// The bit offset just after the final block (after its end-of-block code).
    var end: Int
}

/// A block walker: decodes block headers and Huffman codes, skipping the symbols.
///
/// The symbol tables do not give symbols: each entry says how many bits to skip (the code
/// and its extra bits together) and what kind of symbol it was, so a literal costs one
/// lookup and a length/distance pair two.
struct DeflateBlockWalker: ~Copyable {
    /// Entry layout: bits 0-4 the bits to skip, bits 5-6 the kind.
    private static let literal: UInt16 = 0 << 5, length: UInt16 = 1 << 5
    private static let endOfBlock: UInt16 = 2 << 5, unusable: UInt16 = 3 << 5
    private static let kindMask: UInt16 = 3 << 5
    /// Bits indexed by the primary tables, which stay in the L1 cache; longer codes are
    /// looked up in the full tables.
    private static let primaryBits = 10

    private let literalPrimary: UnsafeMutablePointer<UInt16>
    private let literalFull: UnsafeMutablePointer<UInt16>
    private let distancePrimary: UnsafeMutablePointer<UInt16>
    private let distanceFull: UnsafeMutablePointer<UInt16>
    /// The code length code's table: `symbol << 4 | codeLength`, 0 for unused codes.
    private let lengthsTable: UnsafeMutablePointer<UInt16>
    private var literalBits = 0, distanceBits = 0

    init() {
        literalPrimary = .allocate(capacity: 1 << Self.primaryBits)
        literalFull = .allocate(capacity: 1 << 15)
        distancePrimary = .allocate(capacity: 1 << Self.primaryBits)
        distanceFull = .allocate(capacity: 1 << 15)
        lengthsTable = .allocate(capacity: 1 << 7)
    }

    deinit {
        literalPrimary.deallocate()
        literalFull.deallocate()
        distancePrimary.deallocate()
        distanceFull.deallocate()
        lengthsTable.deallocate()
    }

    /// Extra bits after each length symbol 257...285.
    private static let lengthExtraBits: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Extra bits after each distance symbol 0...29.
    private static let distanceExtraBits: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
        13, 13,
    ]
    /// The order in which code length code lengths are stored.
    private static let codeLengthOrder: [Int] = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ]

    /// The skip entry of a literal/length symbol whose code is `length` bits long.
    private static func literalEntry(_ symbol: Int, _ length: Int) -> UInt16 {
        switch symbol {
        case 0..<256: literal | UInt16(length)
        case 256: endOfBlock | UInt16(length)
        case 257...285: Self.length | UInt16(length + Int(lengthExtraBits[symbol - 257]))
        default: unusable
        }
    }

    /// The skip entry of a distance symbol whose code is `length` bits long.
    private static func distanceEntry(_ symbol: Int, _ length: Int) -> UInt16 {
        symbol < 30 ? literal | UInt16(length + Int(distanceExtraBits[symbol])) : unusable
    }

    /// Finds the final block of `data`, a complete raw DEFLATE stream.
    mutating func locateFinalBlock(in data: UnsafeRawBufferPointer) throws(DeflateWalkError)
        -> FinalBlockLocation
    {
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count > 0
        else { throw .truncated }
        var reader = BitReader(base: base, count: data.count)
        while true {
            reader.refill()
            let start = reader.bitPosition
            let header = reader.take(3)
            switch header >> 1 {
            case 0: try skipStored(&reader)
            case 1:
                buildFixedTables()
                try skipSymbols(&reader)
            case 2:
                try readDynamicTables(&reader)
                try skipSymbols(&reader)
            default: throw .invalidBlockType
            }
            if reader.isOverrun { throw .truncated }
            if header & 1 == 1 { return FinalBlockLocation(start: start, end: reader.bitPosition) }
        }
    }

    private func skipStored(_ reader: inout BitReader) throws(DeflateWalkError) {
        reader.alignToByte()
        reader.refill()
        let length = reader.take(16), complement = reader.take(16)
        guard length ^ complement == 0xFFFF else { throw .invalidStoredLength }
        // The reader holds no partial byte now: skip `length` whole bytes.
        try reader.skipBytes(Int(length))
    }

    private mutating func buildFixedTables() {
        var lengths = [UInt8](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        literalBits = try! Self.buildTables(
            lengths[...], full: literalFull, primary: literalPrimary, entry: Self.literalEntry)
        distanceBits = try! Self.buildTables(
            [UInt8](repeating: 5, count: 32)[...], full: distanceFull, primary: distancePrimary,
            entry: Self.distanceEntry)
    }

    private mutating func readDynamicTables(_ reader: inout BitReader) throws(DeflateWalkError) {
        reader.refill()
        let literalCount = Int(reader.take(5)) + 257
        let distanceCount = Int(reader.take(5)) + 1
        let codeLengthCount = Int(reader.take(4)) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .invalidCode("counts") }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        reader.refill()  // 19 * 3 = 57 bits at most: refill halfway
        for i in 0..<codeLengthCount {
            if i == 10 { reader.refill() }
            codeLengthLengths[Self.codeLengthOrder[i]] = UInt8(reader.take(3))
        }
        let codeLengthBits = try Self.buildTables(
            codeLengthLengths[...], full: lengthsTable, primary: nil) { UInt16($0 << 4 | $1) }
        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var i = 0
        while i < total {
            reader.refill()
            if reader.isOverrun { throw .truncated }
            let entry = lengthsTable[Int(reader.peek(codeLengthBits))]
            guard entry != 0 else { throw .invalidCode("code length code") }
            reader.drop(Int(entry & 15))
            let symbol = Int(entry >> 4)
            var repeatCount = 0, value: UInt8 = 0
            switch symbol {
            case 0..<16:
                lengths[i] = UInt8(symbol)
                i += 1
                continue
            case 16:
                guard i > 0 else { throw .invalidCode("repeat with no previous length") }
                value = lengths[i - 1]
                repeatCount = 3 + Int(reader.take(2))
            case 17: repeatCount = 3 + Int(reader.take(3))
            default: repeatCount = 11 + Int(reader.take(7))
            }
            guard i + repeatCount <= total else { throw .invalidCode("lengths overflow") }
            for k in i..<i + repeatCount { lengths[k] = value }
            i += repeatCount
        }
        guard lengths[256] != 0 else { throw .invalidCode("no end-of-block code") }
        literalBits = try Self.buildTables(
            lengths[0..<literalCount], full: literalFull, primary: literalPrimary, entry: Self.literalEntry)
        distanceBits = try Self.buildTables(
            lengths[literalCount...], full: distanceFull, primary: distancePrimary, entry: Self.distanceEntry)
    }

    /// Skips literal/length and distance symbols up to and including end-of-block.
    private func skipSymbols(_ reader: inout BitReader) throws(DeflateWalkError) {
        // A local copy of the reader stays in registers; it is stored back on every exit.
        var bits = reader
        defer { reader = bits }
        let primaryMask = UInt64(1) << Self.primaryBits - 1
        let literalMask = UInt64(1) << literalBits - 1
        let distanceMask = UInt64(1) << distanceBits - 1
        let literalPrimary = literalPrimary, literalFull = literalFull
        let distancePrimary = distancePrimary, distanceFull = distanceFull
        while true {
            // 15 + 5 + 15 + 13 = 48 bits at most per length/distance pair.
            if bits.available < 48 {
                bits.refill()
                if bits.isOverrun { throw .truncated }
            }
            var entry = literalPrimary[Int(truncatingIfNeeded: bits.buffer & primaryMask)]
            if entry & Self.kindMask == Self.unusable {
                entry = literalFull[Int(truncatingIfNeeded: bits.buffer & literalMask)]
                guard entry & Self.kindMask != Self.unusable else { throw .invalidCode("literal/length") }
            }
            bits.drop(Int(entry & 31))
            let kind = entry & Self.kindMask
            if kind == Self.literal { continue }
            if kind == Self.endOfBlock { return }
            var distance = distancePrimary[Int(truncatingIfNeeded: bits.buffer & primaryMask)]
            if distance & Self.kindMask == Self.unusable {
                distance = distanceFull[Int(truncatingIfNeeded: bits.buffer & distanceMask)]
                guard distance & Self.kindMask != Self.unusable else { throw .invalidCode("distance") }
            }
            bits.drop(Int(distance & 31))
        }
    }

    /// Builds the lookup tables of a canonical Huffman code given its code lengths; returns
    /// the longest code length (at least 1).
    ///
    /// `full` is indexed by the next `longest` bits of the stream (codes are stored
    /// bit-reversed); unused codes hold `unusable`. `primary`, if given, is indexed by the
    /// next `primaryBits` bits and holds `unusable` where the code is longer (look in `full`).
    private static func buildTables(
        _ lengths: ArraySlice<UInt8>, full: UnsafeMutablePointer<UInt16>,
        primary: UnsafeMutablePointer<UInt16>?, entry: (Int, Int) -> UInt16
    ) throws(DeflateWalkError) -> Int {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1...15 {
            left = left << 1 - counts[length]
            guard left >= 0 else { throw .invalidCode("oversubscribed") }
        }
        let longest = max(1, (1...15).last { counts[$0] > 0 } ?? 1)
        let empty: UInt16 = primary == nil ? 0 : unusable
        full.update(repeating: empty, count: 1 << longest)
        primary?.update(repeating: unusable, count: 1 << primaryBits)
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        for (offset, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let canonical = next[length]
            next[length] += 1
            var reversed = 0
            for bit in 0..<length where canonical & (1 << bit) != 0 {
                reversed |= 1 << (length - 1 - bit)
            }
            let value = entry(offset, length)
            var index = reversed
            while index < 1 << longest {
                full[index] = value
                index += 1 << length
            }
            if let primary, length <= primaryBits {
                index = reversed
                while index < 1 << primaryBits {
                    primary[index] = value
                    index += 1 << length
                }
            }
        }
        return longest
    }
}

/// Reads bits least significant first, refilling 64 bits at a time. Reading past the end
/// yields zeros and sets `isOverrun` once the position passes the end.
private struct BitReader {
    let base: UnsafePointer<UInt8>
    let count: Int
    /// The next byte to load.
    private var next = 0
    /// Loaded, unconsumed bits (low bits first).
    private(set) var buffer: UInt64 = 0
    /// The number of valid bits in `buffer`.
    private(set) var available = 0

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The bit offset of the next unconsumed bit.
    var bitPosition: Int { next * 8 - available }

    /// Whether the bits consumed so far go past the end of the data.
    var isOverrun: Bool { bitPosition > count * 8 }

    /// Loads whole bytes until at least 56 bits are available.
    @inline(__always)
    mutating func refill() {
        if next + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + next).loadUnaligned(as: UInt64.self))
            buffer |= word &<< UInt64(available)
            let bytes = (63 &- available) &>> 3
            next &+= bytes
            available &+= bytes &<< 3
        } else {
            while available <= 56 {
                let byte = next < count ? base[next] : 0
                buffer |= UInt64(byte) << UInt64(available)
                next += 1
                available += 8
            }
        }
    }

    @inline(__always)
    func peek(_ bits: Int) -> UInt64 { buffer & (UInt64(1) << UInt64(bits) - 1) }

    @inline(__always)
    mutating func drop(_ bits: Int) {
        buffer &>>= UInt64(bits)
        available &-= bits
    }

    @inline(__always)
    mutating func take(_ bits: Int) -> UInt64 {
        let value = peek(bits)
        drop(bits)
        return value
    }

    mutating func alignToByte() { drop(available & 7) }

    /// Skips `bytes` whole bytes; the reader must be byte-aligned.
    mutating func skipBytes(_ bytes: Int) throws(DeflateWalkError) {
        let position = bitPosition >> 3 + bytes
        guard position <= count else { throw .truncated }
        next = position
        buffer = 0
        available = 0
    }
}
