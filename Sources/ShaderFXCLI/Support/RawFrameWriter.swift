import Dispatch
import Foundation
import ShaderFXGolden

#if canImport(Glibc)
import Glibc
#endif

/// Raw straight RGBA frames to a file descriptor (standard output), off the GPU's thread.
///
/// Every frame has the same size, so when the descriptor is a regular file (`-o - > frames.rgba`)
/// frame k has its own place in it and several threads write frames at once with `pwrite`,
/// filling the page cache in parallel; a pipe or a device gets the frames in order from one
/// writer thread, which still frees the GPU's thread to draw the next frame. At most
/// `2 × FrameWriter.workers` frames are in flight, so memory stays bounded.
final class RawFrameWriter: @unchecked Sendable {
    private let fd: Int32
    private let frameBytes: Int
    private let firstIndex: Int
    /// Where frame `firstIndex` starts, for a regular file written in place; nil for a stream.
    private let base: off_t?
    private let queue: DispatchQueue
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var error: (any Error)?
    private var written = 0

    /// A writer of frames of `frameBytes` bytes, the first being `firstIndex`, to `fd`.
    init(fd: Int32, frameBytes: Int, firstIndex: Int) {
        self.fd = fd
        self.frameBytes = frameBytes
        self.firstIndex = firstIndex
        var status = stat()
        let regular = fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        let appends = (fcntl(fd, F_GETFL) & O_APPEND) != 0  // pwrite ignores the offset then
        let position = lseek(fd, 0, SEEK_CUR)
        if regular && !appends && position >= 0 {
            base = position
            queue = DispatchQueue(label: "shaderfx.raw-writer", attributes: .concurrent)
            slots = DispatchSemaphore(value: FrameWriter.workers * 2)
        } else {
            base = nil
            queue = DispatchQueue(label: "shaderfx.raw-writer")
            slots = DispatchSemaphore(value: 4)
            if (status.st_mode & S_IFMT) == S_IFIFO { Self.enlargePipe(fd, toward: frameBytes) }
        }
    }

    /// Fcntl's F_SETPIPE_SZ (Linux), which Glibc's Swift module does not export.
    private static let setPipeSize: Int32 = 1031

    /// Gives a pipe a larger buffer: a frame's size within 1...8 MiB, or the largest the system
    /// allows an unprivileged process (/proc/sys/fs/pipe-max-size, 1 MiB by default). A 4K
    /// frame then crosses in a few writes instead of 500 of 64 KiB, each waking the reader.
    /// Nothing changes on failure.
    static func enlargePipe(_ fd: Int32, toward frameBytes: Int) {
        let wanted = Int32(min(max(frameBytes, 1 << 20), 8 << 20))
        if fcntl(fd, setPipeSize, wanted) >= 0 { return }
        if let text = try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8),
           let limit = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit > 0 {
            _ = fcntl(fd, setPipeSize, min(wanted, limit))
        }
    }

    /// Queues frame `index` (frames come in order); its buffer returns to the pool once written.
    func submit(_ frame: StraightFrame, index: Int) throws {
        if let error = lock.withLock({ self.error }) { throw error }
        precondition(frame.bytes.count == frameBytes, "every raw frame has the same size")
        slots.wait()
        group.enter()
        let handoff = Handoff(frame)
        queue.async { [self] in
            defer { slots.signal(); group.leave() }
            let frame = handoff.take()
            let problem: String? = frame.bytes.withUnsafeBytes { bytes in
                guard let base else { return OutputFile.writeAll(bytes, to: fd) }
                return Self.pwriteAll(bytes, to: fd, at: base + off_t(index - firstIndex) * off_t(frameBytes))
            }
            (consume frame).release()
            lock.withLock {
                if let problem {
                    if error == nil { error = ImageError.unwritable(path: "standard output", reason: problem) }
                } else {
                    written += frameBytes
                }
            }
        }
    }

    /// Waits for every frame; leaves a regular file's offset after the last frame. Returns the bytes written.
    func finish() throws -> Int {
        group.wait()
        return try lock.withLock {
            if let error { throw error }
            if let base { lseek(fd, base + off_t(written), SEEK_SET) }
            return written
        }
    }

    /// Writes all of `bytes` at `offset`, resuming after partial writes and EINTR; nil, or the problem.
    static func pwriteAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, at offset: off_t) -> String? {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, offset + off_t(done))
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            done += n
        }
        return nil
    }
}
