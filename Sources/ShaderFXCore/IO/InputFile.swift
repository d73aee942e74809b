#if canImport(Glibc)
import Glibc
#endif

/// Reads a user's input file (a shader, an event script, a case file, a reference or input
/// PNG): the one way ShaderFX reads them.
///
/// Only regular files are read, and only up to a size cap, so no input can make a command
/// read forever or fill memory: a FIFO, `/dev/zero` or a socket is "not a regular file", a
/// folder "is a directory". Opening never blocks (`O_NONBLOCK`, which regular files ignore).
/// Text must be UTF-8. Errors are `InputFileError`s with a one-line message naming the path,
/// never a Foundation error text.
public enum InputFile {
    /// The default size cap: 256 MiB, far above any shader, script or PNG a render can use
    /// (a PNG at the default pixel budget compresses to much less).
    public static let defaultMaxBytes = 256 << 20

    /// The whole file's bytes.
    /// - Parameters:
    ///   - path: the file.
    ///   - maxBytes: the size cap.
    /// - Throws: `InputFileError`.
    public static func read(_ path: String, maxBytes: Int = defaultMaxBytes) throws(InputFileError) -> [UInt8] {
        guard !path.isEmpty else { throw InputFileError(path: path, problem: .missing("the path is empty")) }
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw InputFileError(path: path, problem: .missing(systemError(code)))
            case EACCES, EPERM: throw InputFileError(path: path, problem: .unreadable("permission denied"))
            case ENXIO: throw InputFileError(path: path, problem: .notRegular("a socket or a device with nothing behind it"))
            default: throw InputFileError(path: path, problem: .unreadable(systemError(code)))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw InputFileError(path: path, problem: .unreadable(systemError(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw InputFileError(path: path, problem: .directory)
        case S_IFIFO: throw InputFileError(path: path, problem: .notRegular("a FIFO"))
        case S_IFCHR: throw InputFileError(path: path, problem: .notRegular("a character device"))
        case S_IFBLK: throw InputFileError(path: path, problem: .notRegular("a block device"))
        case S_IFSOCK: throw InputFileError(path: path, problem: .notRegular("a socket"))
        default: throw InputFileError(path: path, problem: .notRegular("not a file"))
        }
        if Int(info.st_size) > maxBytes {
            throw InputFileError(path: path, problem: .tooLarge(size: Int(info.st_size), limit: maxBytes))
        }
        // The size may change while reading (a file being written): read up to the cap plus one.
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputFileError(path: path, problem: .unreadable(systemError(errno)))
            }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxBytes {
                throw InputFileError(path: path, problem: .tooLarge(size: bytes.count, limit: maxBytes))
            }
        }
    }

    /// The whole file as UTF-8 text (a leading byte-order mark is dropped).
    /// - Throws: `InputFileError`, `.notUTF8` naming the first bad byte's line.
    public static func readText(_ path: String, maxBytes: Int = 16 << 20) throws(InputFileError) -> String {
        var bytes = try read(path, maxBytes: maxBytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let line = 1 + bytes.prefix(firstInvalidUTF8(bytes)).count(where: { $0 == 0x0A })
            throw InputFileError(path: path, problem: .notUTF8(line: line))
        }
        return text
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return offset
            }
        }
    }

    private static func systemError(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Why a user's input file could not be read; `description` is one line naming the path.
public struct InputFileError: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    public enum Problem: Sendable, Equatable {
        /// The file does not exist (or the path is empty).
        case missing(String)
        /// The system refused to read it (permissions, an I/O error).
        case unreadable(String)
        /// A folder where a file was expected.
        case directory
        /// A FIFO, device or socket: never read, as it could be endless.
        case notRegular(String)
        /// Larger than the cap.
        case tooLarge(size: Int, limit: Int)
        /// Text that is not UTF-8; the line of the first bad byte.
        case notUTF8(line: Int)
    }

    /// The file.
    public let path: String
    /// What went wrong.
    public let problem: Problem

    /// Creates an error.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The reason alone, without the path: "is a directory", "not a regular file (a FIFO)".
    public var reason: String {
        switch problem {
        case let .missing(text): return text
        case let .unreadable(text): return text
        case .directory: return "it is a directory, not a file"
        case let .notRegular(what): return "not a regular file (\(what)); give a file"
        case let .tooLarge(size, limit): return "\(size) bytes or more, over the limit of \(limit) bytes for an input file"
        case let .notUTF8(line): return "must be UTF-8 text (invalid bytes on line \(line))"
        }
    }

    public var description: String { "\(path): \(reason)" }
}
