import CDeflate
import Testing

@testable import ShaderFXCore

@Suite("Joining DEFLATE streams")
struct DeflateJoinTests {
    /// Inputs that make libdeflate emit stored, fixed and dynamic blocks, and several blocks.
    static func inputs() -> [[UInt8]] {
        var random = SplitMix(state: 42)
        var result: [[UInt8]] = [[7], [1, 2, 3], Array("hello hello hello hello".utf8)]
        for size in [10, 100, 1000, 5000, 70_000, 400_000] {
            result.append((0..<size).map { _ in random.byte() })  // stored
            result.append((0..<size).map { UInt8($0 % 7) })  // runs
            result.append((0..<size).map { i in UInt8(truncatingIfNeeded: i * i / 97) &+ (random.byte() & 3) })
            result.append((0..<size).map { _ in random.next() % 5 == 0 ? random.byte() : 65 })  // skewed
        }
        return result
    }

    @Test("the walker finds the final block: cleared BFINAL + empty stored block joins streams",
          arguments: [Int32(0), 1, 2, 4, 6, 7, 9, 10, 12])
    func joinsStreams(level: Int32) throws {
        let inputs = Self.inputs()
        for (index, first) in inputs.enumerated() {
            let second = inputs[(index * 7 + 3) % inputs.count]
            var head = rawDeflate(first, level: level)
            try ImageCompressor.makeNonFinal(&head)
            let joined = head + rawDeflate(second, level: level)
            #expect(rawInflate(joined, expectedSize: first.count + second.count) == first + second,
                    "input \(index) (\(first.count) bytes) at level \(level)")
            // Unchanged alone, the non-final head no longer ends the stream.
            #expect(rawInflate(head, expectedSize: first.count) == nil)
        }
    }

    @Test("the spare bits of the last byte: 0, 1, 2 (extra byte) and 3 or more")
    func spareBitCases() throws {
        var seen = Set<Int>()
        var random = SplitMix(state: 7)
        for size in 1..<400 {
            let data = (0..<size).map { _ in random.byte() & 0x0F }
            let deflate = rawDeflate(data, level: 6)
            var walker = DeflateBlockWalker()
            let location = try deflate.withUnsafeBytes { try walker.locateFinalBlock(in: $0) }
            #expect((location.end + 7) / 8 == deflate.count)
            seen.insert(location.end % 8)
            var head = deflate
            try ImageCompressor.makeNonFinal(&head)
            let tail: [UInt8] = [1, 2, 3]
            #expect(rawInflate(head + rawDeflate(tail, level: 1), expectedSize: size + 3) == data + tail)
        }
        #expect(seen.count == 8)
    }

    @Test("the walker rejects truncated and corrupt streams without crashing")
    func rejectsBadStreams() {
        let deflate = rawDeflate(Array(repeating: 0, count: 3000) + (0..<3000).map { UInt8($0 % 251) }, level: 6)
        for length in [0, 1, 2, deflate.count / 2, deflate.count - 1] {
            var walker = DeflateBlockWalker()
            let bytes = Array(deflate.prefix(length))
            #expect(throws: DeflateWalkError.self) {
                try bytes.withUnsafeBytes { try walker.locateFinalBlock(in: $0) }
            }
        }
        var walker = DeflateBlockWalker()
        #expect(throws: DeflateWalkError.invalidBlockType) {
            try [UInt8]([0x07, 0, 0]).withUnsafeBytes { try walker.locateFinalBlock(in: $0) }
        }
    }

    @Test("adler32Combine equals the Adler-32 of the concatenation")
    func adlerCombine() {
        var random = SplitMix(state: 3)
        for (a, b) in [(0, 0), (1, 0), (0, 1), (5, 70_000), (65_521, 65_521), (200_000, 131_072)] {
            let first = (0..<a).map { _ in random.byte() }, second = (0..<b).map { _ in random.byte() }
            let whole = libdeflate_adler32(1, first + second, a + b)
            let combined = ImageCompressor.adler32Combine(
                libdeflate_adler32(1, first, a), libdeflate_adler32(1, second, b), length: b)
            #expect(combined == whole, "\(a) + \(b)")
        }
    }
}
