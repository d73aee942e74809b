#if canImport(Glibc)
import Glibc
#endif

/// Writes a user's output path: the one way every ShaderFX writer (PNG, APNG, frames, reports)
/// puts bytes on disk.
///
/// What happens depends on what is at the path already:
///
/// | At the path | What is written |
/// |---|---|
/// | nothing, or a regular file | a temporary file beside it, renamed into place: the path holds the old file or the whole new one, never a part; an existing file's permissions are kept |
/// | a symbolic link | the link is kept; the file it points to is replaced as above (the temporary file goes beside the target); a link to a device or FIFO is written through |
/// | a character device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe) | written straight through, never replaced |
/// | `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N` | written straight through to the descriptor, whatever it is (a redirect to a file stays a redirect) |
/// | a directory, a socket, a block device | refused |
///
/// Temporary names stay within the 255-byte limit of a file name, however long the output's
/// name is, and are registered with `ProcessGuard` so that a signal or the watchdog removes
/// them too. Every failed write, flush, close or rename is an error naming the path.
public enum OutputFile {
    /// Writes `bytes` to `path` as the table above says.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - path: the user's output path.
    ///   - durable: flush a regular file to disk (`fsync`) before renaming it into place;
    ///     frames of an animation skip it.
    /// - Throws: `ImageError.unwritable` naming the path and the problem.
    public static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(ImageError) {
        switch try destination(of: path) {
        case let .through(device):
            // A descriptor alias may lead to a regular file (a redirect): start it afresh.
            try writeThrough(bytes, to: device, truncate: isDescriptorAlias(device))
        case let .replace(target, mode):
            try replace(bytes, at: target, shownAs: path, mode: mode, durable: durable)
        }
    }

    /// The name of the temporary file for `name`: `.NAME.tmp-PID-RANDOM`, with `NAME` cut (at a
    /// character boundary) so that the whole stays within `maxNameBytes` bytes.
    static func temporaryName(for name: String, unique: String, maxNameBytes: Int = 255) -> String {
        let suffix = ".tmp-\(getpid())-\(unique)"
        let room = maxNameBytes - 1 - suffix.utf8.count
        var kept = ""
        var used = 0
        for scalar in name.unicodeScalars {
            let size = String(scalar).utf8.count
            if used + size > room { break }
            kept.unicodeScalars.append(scalar)
            used += size
        }
        return "." + kept + suffix
    }

    /// An output written in pieces (an animation, a video's frames) with the same rules as
    /// `write`: a regular file goes to a temporary file beside it and is renamed into place by
    /// `commit()`; a device, FIFO or descriptor alias is written straight through. Until
    /// `commit()` nothing replaces the path, and `discard()` (or dropping the stream) removes
    /// the temporary file.
    public final class Stream {
        /// The descriptor to write to (seekable when the destination is a regular file).
        public let descriptor: Int32
        /// The user's path, for messages.
        public let path: String
        private let temporary: String?
        private let target: String
        private let mode: mode_t?
        private let token: Int32?
        private var finished = false

        /// Opens `path` for writing as `OutputFile.write` would write it.
        /// - Throws: `ImageError.unwritable` naming the path and the problem.
        public init(path: String) throws(ImageError) {
            self.path = path
            let destination = try OutputFile.destination(of: path)
            switch destination {
            case let .through(device):
                var fd: Int32
                repeat { fd = open(device, O_WRONLY | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
                guard fd >= 0 else { throw .unwritable(path: path, reason: "cannot open: \(systemError(errno))") }
                descriptor = fd
                temporary = nil
                target = device
                mode = nil
                token = nil
            case let .replace(target, mode):
                let (prefix, name, directory) = try OutputFile.split(target, shownAs: path)
                let unique = String(UInt64.random(in: .min ... .max), radix: 16)
                let temporary = prefix + temporaryName(for: name, unique: unique)
                switch ProcessGuard.createTemporary(temporary, mode: mode ?? 0o644) {
                case let .success(created):
                    descriptor = created.descriptor
                    token = created.token
                case let .failure(error):
                    throw .unwritable(path: path, reason: "cannot create a file in \(directory): \(systemError(error.code))")
                }
                self.temporary = temporary
                self.target = target
                self.mode = mode
            }
        }

        /// Writes all of `bytes`.
        public func write(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
            if let problem = OutputFile.writeAll(bytes, to: descriptor) { throw .unwritable(path: path, reason: problem) }
        }

        /// Finishes the output: flushes (when `durable`), closes, and renames a temporary file
        /// into place.
        public func commit(durable: Bool = true) throws(ImageError) {
            guard !finished else { return }
            finished = true
            defer { ProcessGuard.unregister(token) }
            var problem: String?
            if let mode, fchmod(descriptor, mode) != 0 { problem = "cannot keep the file's permissions: \(systemError(errno))" }
            if problem == nil, durable, temporary != nil, fsync(descriptor) != 0 { problem = "cannot flush: \(systemError(errno))" }
            if close(descriptor) != 0, problem == nil { problem = "cannot close: \(systemError(errno))" }
            if problem == nil, let temporary, rename(temporary, target) != 0 {
                problem = "cannot move the new file into place: \(systemError(errno))"
            }
            if let problem {
                if let temporary { unlink(temporary) }
                throw .unwritable(path: path, reason: problem)
            }
        }

        /// Abandons the output: closes and removes the temporary file; the path is untouched.
        public func discard() {
            guard !finished else { return }
            finished = true
            close(descriptor)
            if let temporary { unlink(temporary) }
            ProcessGuard.unregister(token)
        }

        deinit { discard() }
    }

    /// Where the bytes for `path` go: through an existing device, or into a new regular file
    /// at a target (the path, or the file a link names) that keeps `mode`.
    package enum Destination {
        case through(String)
        case replace(target: String, mode: mode_t?)
    }

    /// Decides, as the table above says, how `path` is written.
    package static func destination(of path: String) throws(ImageError) -> Destination {
        guard !path.isEmpty else { throw .unwritable(path: path, reason: "the path is empty") }
        if path.hasSuffix("/") { throw .unwritable(path: path, reason: "the path names a directory, not a file") }
        if isDescriptorAlias(path) { return .through(path) }
        var link = stat()
        if lstat(path, &link) != 0 {
            let code = errno
            guard code == ENOENT || code == ENOTDIR else {
                throw .unwritable(path: path, reason: "cannot inspect the path: \(systemError(code))")
            }
            return .replace(target: path, mode: nil)
        }
        var info = link
        if kind(link) == S_IFLNK, stat(path, &info) != 0 {
            return .replace(target: try resolveLink(path), mode: nil)  // a dangling link: create what it names
        }
        switch kind(info) {
        case S_IFREG:
            return .replace(target: kind(link) == S_IFLNK ? try resolveLink(path) : path, mode: info.st_mode & 0o7777)
        case S_IFCHR, S_IFIFO:
            return .through(path)
        case S_IFDIR:
            throw .unwritable(path: path, reason: "Is a directory: give a file name")
        case S_IFSOCK:
            throw .unwritable(path: path, reason: "it is a socket; ShaderFX writes regular files, character devices and FIFOs only")
        case S_IFBLK:
            throw .unwritable(path: path, reason: "it is a block device; ShaderFX never writes to a disk device")
        default:
            throw .unwritable(path: path, reason: "not a regular file, character device or FIFO")
        }
    }

    /// `dir/name.png` as its prefix `dir/`, its name and its directory, checked to exist.
    static func split(_ target: String, shownAs path: String) throws(ImageError) -> (prefix: String, name: String, directory: String) {
        let slash = target.lastIndex(of: "/")
        let prefix = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let directory = prefix.isEmpty ? "." : (prefix == "/" ? "/" : String(prefix.dropLast()))
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .unwritable(path: path, reason: "the path names a directory, not a file")
        }
        var info = stat()
        guard stat(directory, &info) == 0 else {
            let code = errno
            throw .unwritable(path: path, reason: code == ENOENT
                ? "directory \(directory) does not exist"
                : "cannot access directory \(directory): \(systemError(code))")
        }
        guard kind(info) == S_IFDIR else { throw .unwritable(path: path, reason: "\(directory) is not a directory") }
        return (prefix, name, directory)
    }

    // MARK: - Private

    static func kind(_ info: stat) -> mode_t { info.st_mode & S_IFMT }

    /// `/dev/stdout` and its kin: names of an open descriptor, written through as they are.
    static func isDescriptorAlias(_ path: String) -> Bool {
        if ["/dev/stdout", "/dev/stderr", "/dev/stdin"].contains(path) { return true }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"] where path.hasPrefix(prefix) {
            return Int(path.dropFirst(prefix.count)) != nil
        }
        return false
    }

    /// The final path a symbolic link names (relative links taken from the link's folder),
    /// following up to 40 links; the last one need not exist.
    static func resolveLink(_ path: String) throws(ImageError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, kind(info) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else {
                throw .unwritable(path: path, reason: "cannot read the symbolic link: \(systemError(errno))")
            }
            let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") {
                current = target
            } else {
                let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = folder + target
            }
        }
        throw .unwritable(path: path, reason: "too many levels of symbolic links")
    }

    /// Writes into an existing device, FIFO or descriptor alias without replacing it.
    private static func writeThrough(_ bytes: [UInt8], to path: String, truncate: Bool) throws(ImageError) {
        // O_TRUNC only matters when a descriptor alias leads to a regular file (a redirect).
        var fd: Int32
        repeat {
            fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (truncate ? O_TRUNC : 0))
        } while fd < 0 && errno == EINTR
        if fd < 0, truncate, errno == EINVAL || errno == EACCES {
            fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)  // a pipe or a tty refuses O_TRUNC on some systems
        }
        guard fd >= 0 else { throw .unwritable(path: path, reason: "cannot open: \(systemError(errno))") }
        var info = stat()
        if fstat(fd, &info) == 0, kind(info) == S_IFSOCK || kind(info) == S_IFBLK || kind(info) == S_IFDIR {
            close(fd)
            throw .unwritable(path: path, reason: "not a regular file, character device or FIFO")
        }
        let problem = writeAll(bytes, to: fd)
        let closed = close(fd) == 0 ? nil : "cannot close: \(systemError(errno))"
        if let problem = problem ?? closed { throw .unwritable(path: path, reason: problem) }
    }

    /// Writes a new regular file at `target` through a temporary file beside it.
    private static func replace(_ bytes: [UInt8], at target: String, shownAs path: String,
                                mode: mode_t?, durable: Bool) throws(ImageError) {
        let (prefix, name, directory) = try split(target, shownAs: path)
        let unique = String(UInt64.random(in: .min ... .max), radix: 16)
        let temporary = prefix + temporaryName(for: name, unique: unique)
        // Created and registered in one step, so that a signal arriving at any moment finds it.
        let fd: Int32, token: Int32?
        switch ProcessGuard.createTemporary(temporary, mode: mode ?? 0o644) {
        case let .success(created): (fd, token) = (created.descriptor, created.token)
        case let .failure(error):
            throw .unwritable(path: path, reason: "cannot create a file in \(directory): \(systemError(error.code))")
        }
        defer { ProcessGuard.unregister(token) }
        var problem = writeAll(bytes, to: fd)
        if problem == nil, let mode, fchmod(fd, mode) != 0 { problem = "cannot keep the file's permissions: \(systemError(errno))" }
        if problem == nil, durable, fsync(fd) != 0 { problem = "cannot flush: \(systemError(errno))" }
        if close(fd) != 0, problem == nil { problem = "cannot close: \(systemError(errno))" }
        if problem == nil, rename(temporary, target) != 0 {
            problem = "cannot move the new file into place: \(systemError(errno))"
        }
        if let problem {
            unlink(temporary)
            throw .unwritable(path: path, reason: problem)
        }
    }

    /// Writes every byte to `fd`; returns the problem, or nil.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// Writes every byte of `buffer` to `fd`; returns the problem, or nil.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(fd, base + offset, min(buffer.count - offset, 1 << 30))
            if written < 0 {
                if errno == EINTR { continue }
                return "cannot write: \(systemError(errno))"
            }
            if written == 0 { return "cannot write: the device accepted no bytes" }
            offset += written
        }
        return nil
    }

    static func systemError(_ code: Int32) -> String { String(cString: strerror(code)) }
}
