import Testing
import ShaderFXCore

/// Who gives a frame's buffer back is explicit: a frame names the pool its bytes came from and
/// `release()` returns them there; a frame without a pool has nothing to give back.
@Suite("Frame buffer ownership")
struct FrameBufferPoolTests {
    @Test func aFrameGivesItsBytesBackToThePoolTheyCameFrom() {
        let pool = FrameBufferPool(maxBuffers: 4, maxBytes: 1 << 20)
        let other = FrameBufferPool(maxBuffers: 4, maxBytes: 1 << 20)
        let frame = StraightFrame(width: 2, height: 2, bytes: pool.take(count: 16), pool: pool)
        #expect(frame.pool === pool && pool.count == 0)
        frame.release()
        #expect(pool.count == 1 && other.count == 0)
        // The kept buffer is the one the next frame of that size gets.
        #expect(pool.take(count: 16).count == 16 && pool.count == 0)
    }

    @Test func aFrameWithoutAPoolOwnsItsBytes() {
        let frame = StraightFrame(width: 1, height: 1, bytes: [1, 2, 3, 4])
        #expect(frame.pool == nil)
        frame.release()  // nothing to give back
        #expect(frame.bytes == [1, 2, 3, 4])
        #expect(StraightFrame(image: RGBAImage(width: 1, height: 1)).pool == nil)
        // The pool is not part of the frame's value.
        let pool = FrameBufferPool()
        #expect(StraightFrame(width: 1, height: 1, bytes: [1, 2, 3, 4], pool: pool) == frame)
    }
}

/// The pool keeps what later takes reuse, within its limits, and never shows an earlier user's
/// bytes to a caller that asked for zeroed memory.
@Suite("Frame buffer pool")
struct FrameBufferPoolLimitsTests {
    /// The address of an array's storage (the same address: the same memory, reused).
    private func address(_ bytes: [UInt8]) -> UInt {
        bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func aBufferGivenBackIsTheMemoryTheNextTakeGets() {
        let pool = FrameBufferPool(maxBuffers: 8, maxBytes: 1 << 24)
        var first = pool.takeForOverwrite(count: 1 << 20)
        first.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 7) }
        let memory = address(first)
        pool.recycle(first)
        first = []  // the pool holds the only reference now
        #expect(pool.count == 1 && pool.heldBytes >= 1 << 20)
        var again = pool.takeForOverwrite(count: 1 << 20)
        #expect(address(again) == memory && again.count == 1 << 20 && pool.count == 0)
        // Written in place: the pool kept no second reference that would force a copy.
        again[0] = 1
        #expect(address(again) == memory)
        // A kept buffer serves an empty take with room for it, and a zeroed take of its size.
        pool.recycle(again)
        again = []
        var empty = pool.takeEmpty(capacity: 1 << 20)
        #expect(empty.isEmpty && empty.capacity >= 1 << 20 && address(empty) == memory)
        // Filled part way (a compressed band's bytes) and given back: it serves a whole-size take.
        empty.append(contentsOf: repeatElement(3, count: 1000))
        pool.recycle(empty)
        empty = []
        #expect(address(pool.takeForOverwrite(count: 1 << 20)) == memory)
    }

    @Test func aZeroedTakeShowsNoEarlierBytes() {
        let pool = FrameBufferPool(maxBuffers: 8, maxBytes: 1 << 24)
        for count in [1, 4096, 65_537, 1 << 20] {
            var used = pool.takeForOverwrite(count: count)
            used.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0xA5) }
            pool.recycle(used)
            used = []
            let zeroed = pool.take(count: count)
            #expect(zeroed.count == count && zeroed.allSatisfy { $0 == 0 }, "count \(count)")
            // A buffer cut short and given back, then taken at its full length: zero past the cut too.
            var short = zeroed
            short.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0x5A) }
            short.removeLast(count / 2)
            pool.recycle(short)
            short = []
            let grown = pool.take(count: count)
            #expect(grown.count == count && grown.allSatisfy { $0 == 0 }, "count \(count), cut short")
        }
    }

    @Test func thePoolStaysWithinItsLimitsWhateverIsGivenBack() {
        let pool = FrameBufferPool(maxBuffers: 5, maxBytes: 100_000)
        // Many buffers of many sizes, some larger than the whole limit.
        var given = 0
        for round in 0..<200 {
            let count = [1, 17, 4096, 30_000, 99_999, 250_000, 8][round % 7] + round
            pool.recycle(pool.takeForOverwrite(count: count))
            given += 1
            #expect(pool.count <= 5 && pool.heldBytes <= 100_000, "after \(given) buffers")
        }
        #expect(pool.count > 0)
        pool.drain()
        #expect(pool.count == 0 && pool.heldBytes == 0)
    }

    @Test func theBuffersKeptLongestGoFirst() {
        let pool = FrameBufferPool(maxBuffers: 3, maxBytes: 1 << 30)
        var memories: [UInt] = []
        var buffers = (0..<4).map { _ in pool.takeForOverwrite(count: 10_000) }
        for buffer in buffers { memories.append(address(buffer)) }
        for buffer in buffers { pool.recycle(buffer) }
        buffers = []
        #expect(pool.count == 3)
        // The first given back was dropped; the three later ones remain. (Which of them a take
        // gets first depends on the capacities malloc gave them: the smallest that fits.)
        let taken = (0..<3).map { _ in address(pool.takeForOverwrite(count: 10_000)) }
        #expect(Set(taken) == Set(memories[1...3]))
        #expect(pool.count == 0)
    }

    @Test func aSmallRequestDoesNotTakeAMuchLargerBuffer() {
        let pool = FrameBufferPool(maxBuffers: 8, maxBytes: 1 << 30)
        pool.recycle(pool.takeForOverwrite(count: 1 << 22))
        let small = pool.takeForOverwrite(count: 1 << 12)
        #expect(small.count == 1 << 12 && pool.count == 1)
        // Nor a larger request a smaller buffer.
        let large = pool.takeForOverwrite(count: (1 << 22) + (1 << 16))
        #expect(large.count == (1 << 22) + (1 << 16) && pool.count == 1)
    }

    @Test func aRequestTakesTheSmallestBufferThatFits() {
        let pool = FrameBufferPool(maxBuffers: 8, maxBytes: 1 << 30)
        var exact = pool.takeForOverwrite(count: 1_000_000), larger = pool.takeForOverwrite(count: 1_050_000)
        let exactMemory = address(exact), largerMemory = address(larger)
        pool.recycle(exact)
        pool.recycle(larger)  // kept last, but larger than needed
        (exact, larger) = ([], [])
        #expect(address(pool.takeForOverwrite(count: 1_000_000)) == exactMemory)
        // With its own size gone, the larger one (within an eighth) serves, cut to length in place.
        #expect(address(pool.takeForOverwrite(count: 1_000_000)) == largerMemory)
    }

    @Test func theLimitsGrowWithTheCoresWithinBounds() {
        let memory: UInt64 = 128 << 30
        let one = FrameBufferPool.Limits.scaled(cores: 1, physicalMemory: memory)
        let two = FrameBufferPool.Limits.scaled(cores: 2, physicalMemory: memory)
        let sixteen = FrameBufferPool.Limits.scaled(cores: 16, physicalMemory: memory)
        let many = FrameBufferPool.Limits.scaled(cores: 1000, physicalMemory: memory)
        // At least 64 buffers and 1 GiB.
        #expect(one == FrameBufferPool.Limits(maxBuffers: 64, maxBytes: 1 << 30) && two == one)
        // 16 cores: two 4K frames (2 x 33,177,600 bytes) for each of 2 x 16 frames in flight,
        // beside 12 buffers a core.
        #expect(sixteen.maxBuffers == 192 && sixteen.maxBytes == 16 * (128 << 20))
        #expect(sixteen.maxBytes >= 2 * 16 * 33_177_600)
        // Bounded: 4096 buffers, a quarter of the memory.
        #expect(many.maxBuffers == 4096 && many.maxBytes == Int(memory / 4))
        // A small machine keeps at most a quarter of its memory, but 64 MiB at least.
        #expect(FrameBufferPool.Limits.scaled(cores: 4, physicalMemory: 2 << 30).maxBytes == 512 << 20)
        #expect(FrameBufferPool.Limits.scaled(cores: 4, physicalMemory: 64 << 20).maxBytes == 64 << 20)
        // The shared pools follow this machine.
        #expect(FrameBufferPool.shared.limits == .forThisMachine)
    }
}
