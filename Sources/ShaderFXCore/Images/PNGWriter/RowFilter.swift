// PNG row filters (PNG specification, section 9) and the per-row choice among them.

import CPNGShim

/// The five PNG filter types; the raw value is the byte written before each filtered row.
enum RowFilter: UInt8, CaseIterable, Sendable {
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4
}

/// How rows are filtered.
enum FilterStrategy: Sendable, Equatable {
    /// Every row with one filter.
    case fixed(RowFilter)
    /// Per row, the filter whose output has the smallest sum of absolute values (bytes read
    /// as signed), over all five filters: libpng's default heuristic.
    case minimumSum
    /// Per row, the filter whose output has the smallest sum of absolute values over a sample
    /// of the row (`RowFilterer.sampleBytes` of every `samplePeriod`), over all five filters;
    /// only the chosen filter is then applied. For photographic rows, whose statistics vary
    /// little along a row, it picks what `minimumSum` picks at about half the work.
    case sampledMinimumSum
}

/// Filters rows of 8-bit samples into PNG's filtered form (a filter-type byte, then the row).
///
/// One `RowFilterer` holds the scratch rows for one thread; it is not shared.
struct RowFilterer: ~Copyable {
    /// Bytes per row of pixels (without the filter byte).
    let rowLength: Int
    /// Bytes per complete pixel (the distance to the left neighbour).
    let bytesPerPixel: Int
    let strategy: FilterStrategy
    /// Four candidate rows (sub, up, average, paeth), then one row of zeros (the row above
    /// the first row).
    private let scratch: UnsafeMutablePointer<UInt8>

    init(rowLength: Int, bytesPerPixel: Int, strategy: FilterStrategy) {
        self.rowLength = rowLength
        self.bytesPerPixel = bytesPerPixel
        self.strategy = strategy
        scratch = .allocate(capacity: 5 * rowLength)
        (scratch + 4 * rowLength).initialize(repeating: 0, count: rowLength)
    }

    deinit { scratch.deallocate() }

    /// Filters one row.
    /// - Parameters:
    ///   - row: the row's samples, `rowLength` bytes.
    ///   - above: the previous row's samples, or nil for the first row of the image.
    ///   - output: `1 + rowLength` bytes: receives the filter type, then the filtered row.
    func filter(
        _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        let prior = above ?? UnsafePointer(scratch + 4 * rowLength)
        switch strategy {
        case let .fixed(filter):
            output[0] = filter.rawValue
            store(filter, row, prior, output + 1)
        case .minimumSum:
            let chosen = chooseMinimumSum(row, prior)
            output[0] = chosen.rawValue
            if chosen == .none {
                (output + 1).update(from: row, count: rowLength)
            } else {
                let candidate = scratch + (Int(chosen.rawValue) - 1) * rowLength
                (output + 1).update(from: candidate, count: rowLength)
            }
        case .sampledMinimumSum:
            let chosen = chooseSampledMinimumSum(row, prior)
            output[0] = chosen.rawValue
            store(chosen, row, prior, output + 1)
        }
    }

    /// Bytes in each sample of a row that `sampledMinimumSum` measures...
    static let sampleBytes = 64
    /// ...and the distance from one sample's start to the next: a quarter of the row is read.
    static let samplePeriod = 256

    /// The filter whose output over the samples of the row has the smallest sum of
    /// magnitudes; ties go to the simpler filter, as in `chooseMinimumSum`. The sums are C's
    /// (`sfx_filter_sampled_costs`, with AVX2 where the processor has it).
    private func chooseSampledMinimumSum(_ row: UnsafePointer<UInt8>, _ prior: UnsafePointer<UInt8>) -> RowFilter {
        var costs: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &costs) { raw in
            sfx_filter_sampled_costs(row, prior, rowLength, bytesPerPixel, Self.sampleBytes, Self.samplePeriod,
                                     raw.baseAddress!.assumingMemoryBound(to: UInt32.self))
        }
        var best = RowFilter.none, least = costs.0
        if costs.1 < least { best = .sub; least = costs.1 }
        if costs.2 < least { best = .up; least = costs.2 }
        if costs.3 < least { best = .average; least = costs.3 }
        if costs.4 < least { best = .paeth }
        return best
    }

    /// Computes all four candidate rows into `scratch` with their costs; returns the cheapest.
    ///
    /// Each filter is C's loop over the row (`store`), its cost summed from its output, which
    /// is still in the L1 cache.
    private func chooseMinimumSum(_ row: UnsafePointer<UInt8>, _ prior: UnsafePointer<UInt8>)
        -> RowFilter
    {
        let n = rowLength
        var costs: [UInt32] = [
            Self.cost(of: row, count: n),
            apply(.sub, row, prior, scratch),
            apply(.up, row, prior, scratch + n),
            apply(.average, row, prior, scratch + 2 * n),
            apply(.paeth, row, prior, scratch + 3 * n),
        ]
        // Ties go to the simpler filter, in libpng's order of evaluation.
        var best = 0
        for filter in 1..<5 where costs[filter] < costs[best] { best = filter }
        costs.removeAll()
        return RowFilter(rawValue: UInt8(best))!
    }

    /// The sum of the magnitudes of `count` bytes read as signed (min(v, 256 - v)).
    ///
    /// The sum runs in 16-bit lanes over blocks of 256 bytes (at most 256 * 128 = 32768), so
    /// that the vectorized loop handles 8 bytes per 128-bit operation instead of 4.
    private static func cost(of bytes: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        var sum: UInt32 = 0
        var start = 0
        while start < count {
            let end = min(count, start &+ 256)
            var partial: UInt16 = 0
            for i in start..<end {
                let v = bytes[i]
                partial &+= UInt16(min(v, 0 &- v))
            }
            sum &+= UInt32(partial)
            start = end
        }
        return sum
    }

    /// Writes `row` filtered with `filter` to `out` (`rowLength` bytes); returns the cost of
    /// the output (the sum of its bytes' magnitudes read as signed).
    private func apply(
        _ filter: RowFilter, _ row: UnsafePointer<UInt8>, _ prior: UnsafePointer<UInt8>,
        _ out: UnsafeMutablePointer<UInt8>
    ) -> UInt32 {
        store(filter, row, prior, out)
        return Self.cost(of: UnsafePointer(out), count: rowLength)
    }

    /// Writes `row` filtered with `filter` to `out` (`rowLength` bytes), without its cost: the
    /// filter chosen from samples, or fixed, is only applied, by C's loop (`sfx_filter_row`,
    /// with AVX2 where the processor has it).
    private func store(
        _ filter: RowFilter, _ row: UnsafePointer<UInt8>, _ prior: UnsafePointer<UInt8>,
        _ out: UnsafeMutablePointer<UInt8>
    ) {
        sfx_filter_row(Int32(filter.rawValue), row, prior, out, rowLength, bytesPerPixel)
    }
}
