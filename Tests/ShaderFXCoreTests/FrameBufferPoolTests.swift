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
