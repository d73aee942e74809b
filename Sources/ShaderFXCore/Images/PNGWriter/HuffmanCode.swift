// Length-limited Huffman codes as DEFLATE's dynamic blocks carry them (RFC 1951, 3.2.2).

/// Builds the prefix codes of a DEFLATE block from symbol frequencies.
///
/// Lengths come from a Huffman tree (the two-queue construction over symbols sorted by
/// frequency); lengths over the limit are cut to it and the code is made valid again by
/// lengthening the shortest codes that can give room, one unit of code space at a time. The
/// result is always a complete code (its Kraft sum is exactly 1), which every inflater accepts.
enum HuffmanCode {
    /// Writes into `lengths[0..<count]` the code length of each symbol (0 for unused ones),
    /// none longer than `limit` (1...15).
    ///
    /// With fewer than two used symbols, two symbols get length 1 (the used one and symbol 0 or
    /// 1), so that the code stays complete.
    static func lengths(
        of frequencies: UnsafePointer<UInt32>, count: Int, limit: Int, into lengths: UnsafeMutablePointer<UInt8>
    ) {
        precondition((1...15).contains(limit) && count <= 320 && count >= 2)
        lengths.update(repeating: 0, count: count)
        // Used symbols as (frequency, symbol) keys, sorted: least frequent first.
        var keys = [UInt64]()
        keys.reserveCapacity(count)
        for symbol in 0..<count where frequencies[symbol] > 0 {
            keys.append(UInt64(frequencies[symbol]) << 16 | UInt64(symbol))
        }
        if keys.count < 2 {
            let used = keys.first.map { Int($0 & 0xFFFF) } ?? 0
            lengths[used] = 1
            lengths[used == 0 ? 1 : 0] = 1
            return
        }
        keys.sort()
        let leaves = keys.count
        // Nodes 0..<leaves are the leaves in order; internal nodes follow in the order they are
        // made, which is also the order of their weights, so two queues replace a heap.
        var weight = [UInt64](repeating: 0, count: 2 * leaves - 1)
        var parent = [Int](repeating: 0, count: 2 * leaves - 1)
        for i in 0..<leaves { weight[i] = keys[i] >> 16 }
        var nextLeaf = 0, nextInner = leaves
        for made in leaves..<(2 * leaves - 1) {
            var picked = (0, 0)
            for k in 0..<2 {
                let node: Int
                if nextLeaf < leaves, nextInner >= made || weight[nextLeaf] <= weight[nextInner] {
                    node = nextLeaf; nextLeaf += 1
                } else {
                    node = nextInner; nextInner += 1
                }
                if k == 0 { picked.0 = node } else { picked.1 = node }
            }
            weight[made] = weight[picked.0] + weight[picked.1]
            parent[picked.0] = made
            parent[picked.1] = made
        }
        // Depths from the root down (a parent always comes after its children).
        var depth = [Int](repeating: 0, count: 2 * leaves - 1)
        for node in stride(from: 2 * leaves - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }

        // Leaves per length, the deep ones cut to the limit; then give back code space.
        var perLength = [Int](repeating: 0, count: limit + 1)
        for leaf in 0..<leaves { perLength[min(depth[leaf], limit)] += 1 }
        var kraft = 0  // in units of 2^-limit
        for length in 1...limit { kraft += perLength[length] << (limit - length) }
        while kraft > 1 << limit {
            // Move one code from the longest length below the limit down a level, where it
            // and one code from the limit share the space it had: the sum drops by one unit.
            var length = limit - 1
            while perLength[length] == 0 { length -= 1 }
            perLength[length] -= 1
            perLength[length + 1] += 2
            perLength[limit] -= 1
            kraft -= 1
        }
        // The least frequent symbols get the longest codes.
        var leaf = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<perLength[length] {
                lengths[Int(keys[leaf] & 0xFFFF)] = UInt8(length)
                leaf += 1
            }
        }
    }

    /// Writes the canonical code of each symbol (RFC 1951, 3.2.2), bit-reversed so that it can
    /// be written least significant bit first, into `codes[0..<count]`.
    static func codes(for lengths: UnsafePointer<UInt8>, count: Int, into codes: UnsafeMutablePointer<UInt16>) {
        var perLength = [UInt16](repeating: 0, count: 16)
        for symbol in 0..<count { perLength[Int(lengths[symbol])] += 1 }
        perLength[0] = 0
        var next = [UInt16](repeating: 0, count: 16)
        var code: UInt16 = 0
        for length in 1...15 {
            code = (code &+ perLength[length - 1]) << 1
            next[length] = code
        }
        for symbol in 0..<count {
            let length = Int(lengths[symbol])
            guard length > 0 else { codes[symbol] = 0; continue }
            var value = next[length], reversed: UInt16 = 0
            next[length] &+= 1
            for _ in 0..<length {
                reversed = reversed << 1 | value & 1
                value >>= 1
            }
            codes[symbol] = reversed
        }
    }
}
