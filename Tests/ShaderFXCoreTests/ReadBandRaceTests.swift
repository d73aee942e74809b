import Dispatch
import Testing
@testable import ShaderFXCore

/// `Framebuffer.readBandBytes` is read by every read-back, on whichever thread renders, while a
/// test may lower it. Under `make sanitize` (ThreadSanitizer) this test fails if the setting is
/// ever a plain shared variable again; in any run it checks the bands a reader sees are whole.
struct ReadBandRaceTests {
    @Test func readBandBytesMayChangeWhileOtherThreadsReadIt() {
        let saved = Framebuffer.readBandBytes
        defer { Framebuffer.readBandBytes = saved }
        let rowBytes = 4096, height = 64
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<20_000 {
                if worker == 0 {
                    Framebuffer.readBandBytes = (round % 2 == 0 ? 3 : 64) * rowBytes
                } else {
                    let bands = Framebuffer.bands(height: height, rowBytes: rowBytes)
                    // Whatever value it read, it cut the rows into bands of one size, in order.
                    #expect(bands.first?.lowerBound == 0 && bands.last?.upperBound == height)
                    #expect(Set(bands.dropLast().map(\.count)).count <= 1)
                }
            }
        }
    }
}
