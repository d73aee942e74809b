import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Picture files (PNG, JPEG or SVG, by content) decoded once and shared: the image parameters
/// of a run (masks, noise textures, pictures) read through its `RenderBudget`, kept by the
/// file's identity, so every frame of an animation, and every job of a batch that names the
/// same file, uses one decode.
///
/// A file is known by its device and inode, and is the same file while its size, modification
/// and status-change times are unchanged: a file rewritten between two reads is decoded again,
/// and two paths of one file (a link, `./m.png` and `m.png`) share the decode. Each read is
/// checked against `budget` first: a file not yet decoded through `RenderBudget.readImage` (its
/// header, or an SVG's intrinsic size, checked before any pixel is decoded), a kept one by its
/// size, so a smaller budget set later (the GPU's, once it is up) still refuses it.
///
/// The decoded images kept take at most `maxBytes` (the least recently used go first; the
/// latest is always kept). Safe to use from several threads; a decode holds the store's lock.
public final class ImageStore: @unchecked Sendable {
    /// The default memory for kept images: 512 MiB (two pictures of the default pixel budget).
    public static let defaultMaxBytes = 512 << 20

    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private struct Version: Equatable {
        var size: Int64
        var modified: timespec
        var changed: timespec

        static func == (a: Version, b: Version) -> Bool {
            a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    private struct Entry {
        var version: Version
        var image: RGBAImage
        var lastUse: Int
        /// Which decode made `image` (`decodeCount` then): equal stamps, the same pixels.
        var stamp: Int
        var bytes: Int { image.pixels.count * MemoryLayout<Float>.stride }
    }

    private let lock = NSLock()
    private var entries: [Identity: Entry] = [:]
    private var clock = 0
    private var storedBudget: RenderBudget
    private var decodeCount = 0
    /// The most bytes of decoded images kept.
    public let maxBytes: Int

    /// A store reading within `budget`, keeping at most `maxBytes` of decoded images.
    public init(budget: RenderBudget = RenderBudget(), maxBytes: Int = ImageStore.defaultMaxBytes) {
        storedBudget = budget
        self.maxBytes = maxBytes
    }

    /// The limits every read is checked against (a command sets the renderer's once the GPU is up).
    public var budget: RenderBudget {
        get { lock.withLock { storedBudget } }
        set { lock.withLock { storedBudget = newValue } }
    }

    /// How many files this store has decoded (a file decoded again after a change counts again).
    package var decodes: Int { lock.withLock { decodeCount } }

    /// The decoded image of the picture file at `path` (PNG, JPEG or SVG), to render at
    /// `scale`: decoded on the first read (and after the file changes), else the one kept.
    /// - Throws: `RenderBudgetError` naming the file when it is over `budget` (before any pixel
    ///   is decoded), `ImageError` when it cannot be read or decoded.
    public func image(path: String, scale: Int = 1) throws -> RGBAImage {
        try stampedImage(path: path, scale: scale).image
    }

    /// `image(path:scale:)` with the stamp of the decode that made it: a later call returning
    /// the same stamp returned the same pixels (the file unchanged and its image still kept), so
    /// whatever was made from them (a texture) can be kept too.
    package func stampedImage(path: String, scale: Int = 1) throws -> (image: RGBAImage, stamp: Int) {
        lock.lock()
        defer { lock.unlock() }
        let before = Self.identify(path)
        if let (identity, version) = before, var entry = entries[identity], entry.version == version {
            do {
                try storedBudget.check(width: entry.image.width, height: entry.image.height, scale: scale)
            } catch {
                throw error.naming(path)
            }
            clock += 1
            entry.lastUse = clock
            entries[identity] = entry
            return (entry.image, entry.stamp)
        }
        let image = try storedBudget.readImage(path: path, scale: scale)
        decodeCount += 1
        // Kept only when the file did not change while it was read.
        if let (identity, version) = before, let after = Self.identify(path), after.0 == identity, after.1 == version {
            clock += 1
            entries[identity] = Entry(version: version, image: image, lastUse: clock, stamp: decodeCount)
            evict(keeping: identity)
        }
        return (image, decodeCount)
    }

    /// Forgets every kept image.
    public func removeAll() {
        lock.withLock { entries.removeAll() }
    }

    /// Drops the least recently used images until the rest fit `maxBytes`; `keeping` stays.
    private func evict(keeping kept: Identity) {
        var total = entries.values.reduce(0) { $0 + $1.bytes }
        while total > maxBytes, let oldest = entries.filter({ $0.key != kept }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            total -= oldest.value.bytes
            entries[oldest.key] = nil
        }
    }

    /// The file's identity and version, or nil when it cannot be examined (the read then says why).
    private static func identify(_ path: String) -> (Identity, Version)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
                Version(size: Int64(info.st_size), modified: info.st_mtim, changed: info.st_ctim))
    }
}
