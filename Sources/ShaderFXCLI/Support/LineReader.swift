#if canImport(Glibc)
import Glibc
#endif

/// Reads a file descriptor line by line as lines arrive (a pipe, a terminal, a file), with a
/// bound on a line's length so that input without newlines cannot grow memory without end.
struct LineReader {
    /// One line, or a line that was too long (its start dropped, the rest skipped to the newline).
    enum Line: Equatable {
        case text(String)
        case tooLong(bytes: Int)
    }

    private let fd: Int32
    private let maxLineBytes: Int
    private var buffer: [UInt8] = []
    /// What one read(2) fills, kept between reads.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private var start = 0
    private var atEnd = false

    /// A reader of `fd`; lines longer than `maxLineBytes` are reported as too long.
    init(fd: Int32, maxLineBytes: Int = 1 << 20) {
        self.fd = fd
        self.maxLineBytes = maxLineBytes
    }

    /// The next line without its newline (a final line without one counts), or nil at the end.
    mutating func next() throws -> Line? {
        var skipped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let bytes = buffer[start..<newline]
                start = newline + 1
                compact()
                if skipped > 0 { return .tooLong(bytes: skipped + bytes.count) }
                return .text(String(decoding: bytes, as: UTF8.self))
            }
            if buffer.count - start > maxLineBytes {
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if atEnd {
                guard start < buffer.count || skipped > 0 else { return nil }
                let bytes = buffer[start...]
                buffer.removeAll()
                start = 0
                if skipped > 0 { return .tooLong(bytes: skipped + bytes.count) }
                return .text(String(decoding: bytes, as: UTF8.self))
            }
            try fill()
        }
    }

    private mutating func compact() {
        if start > 65536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func fill() throws {
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw CommandFailure(message: "cannot read the jobs: \(String(cString: strerror(errno)))", exitCode: 1) }
            if n == 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<n]) }
            return
        }
    }
}
