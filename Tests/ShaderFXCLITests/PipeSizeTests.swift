import Foundation
import Testing
@testable import ShaderFXCLI

#if canImport(Glibc)
import Glibc
#endif

/// Raw frames to a pipe: the pipe's buffer is enlarged so that big frames cross in few writes.
@Suite("Raw frames to a pipe")
struct PipeSizeTests {
    /// F_GETPIPE_SZ (Linux).
    static let getPipeSize: Int32 = 1032

    func pipeSize(afterEnlargingToward frameBytes: Int) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(fcntl(ends[1], Self.getPipeSize) == 65536, "a new pipe holds 64 KiB")
        RawFrameWriter.enlargePipe(ends[1], toward: frameBytes)
        return fcntl(ends[0], Self.getPipeSize)
    }

    @Test("a 4K frame's pipe grows to 8 MiB, or to the system's limit for unprivileged processes")
    func largeFrames() throws {
        let size = try pipeSize(afterEnlargingToward: 3840 * 2160 * 4)
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 1 << 20
        #expect(size == 8 << 20 || size == limit, "got \(size)")
    }

    @Test("small frames never shrink a pipe: at least 1 MiB where allowed")
    func smallFrames() throws {
        #expect(try pipeSize(afterEnlargingToward: 64 * 64 * 4) >= 1 << 20)
    }
}
