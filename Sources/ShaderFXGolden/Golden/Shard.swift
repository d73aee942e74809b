/// Shard K of N of a golden suite, for spreading one suite over several machines or processes
/// (`shaderfx test SUITE --shard K/N`), whose reports `shaderfx test --merge` combines.
///
/// ## The split
/// The suite's cases (after `--filter`) are sorted by name, as `GoldenSuite.loadSuite` returns
/// them, and the case at position i (from 0) goes to shard (i mod N) + 1: round robin over the
/// sorted names. It depends on the case names only, never on the order a file system lists them
/// in or on the machine, so every shard of one checkout agrees; the shards' sizes differ by at most
/// one case. (A hash of the name would keep a case on its shard as others are added, but splits a
/// small suite unevenly; shards of one run always see the same suite, so evenness wins.)
public struct Shard: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// K, from 1.
    public private(set) var index: Int
    /// N, at least 1.
    public private(set) var count: Int

    /// What `--shard` takes, for messages.
    package static let expectedForm = "K/N, shard K of N with 1 <= K <= N (e.g. 2/4)"

    /// Shard `index` of `count`; nil unless 1 <= index <= count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (decimal digits only); nil for any other text or when K is not in 1...N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The shard (from 1) that the case at `position` (from 0) of the sorted suite goes to.
    package static func shard(ofPosition position: Int, count: Int) -> Int {
        position % count + 1
    }

    /// This shard's part of `items`, given in suite order (sorted by name).
    package func select<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { Self.shard(ofPosition: $0.offset, count: count) == index }.map(\.element)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }
}

/// What a shard's report records beside its cases, so that `--merge` can check that the shards
/// belong together and cover the suite.
package struct ShardRecord: Codable, Equatable {
    /// K.
    package var index: Int
    /// N.
    package var count: Int
    /// Every case of the suite (after `--filter`), sorted: what the N shards cover together.
    package var suiteCases: [String]
    /// The `--filter` the shard ran with, if any.
    package var filter: String?

    /// A value with every field given.
    package init(index: Int, count: Int, suiteCases: [String], filter: String?) {
        self.index = index
        self.count = count
        self.suiteCases = suiteCases
        self.filter = filter
    }

    /// `K/N`.
    package var shard: String { "\(index)/\(count)" }
}

/// One shard report that a merged report was made from.
package struct MergedShard: Codable, Equatable {
    /// K.
    package var index: Int
    /// N.
    package var count: Int
    /// The report folder, as given to `--merge`.
    package var report: String
    /// The cases it held, in suite order.
    package var cases: [String]

    /// A value with every field given.
    package init(index: Int, count: Int, report: String, cases: [String]) {
        self.index = index
        self.count = count
        self.report = report
        self.cases = cases
    }
}
