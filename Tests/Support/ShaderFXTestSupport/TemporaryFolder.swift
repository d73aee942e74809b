import Foundation

/// A folder made for one test under the system's temporary folder; `withTemporaryFolder` makes
/// it and removes it with everything in it when the test's body ends.
public struct TemporaryFolder: Sendable, CustomStringConvertible {
    /// The folder.
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    /// The path, so `"\(folder)/out.png"` names a file in it.
    public var description: String { path }

    /// The path of `name` in the folder.
    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The URL of `name` in the folder.
    public func appendingPathComponent(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names of the folder's entries, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// A fresh folder that the caller removes (`remove()`), for a fixture that owns one for its
    /// lifetime; a test body uses `withTemporaryFolder`.
    public static func make() throws -> TemporaryFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shaderfx-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return TemporaryFolder(url: url)
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with a fresh, empty folder, and removes the folder and its contents afterwards,
/// however `body` ends.
/// - Parameter body: the test's work; what it returns is returned.
/// - Throws: what `body` throws, or the error of creating the folder.
public func withTemporaryFolder<Result>(_ body: (TemporaryFolder) throws -> Result) throws -> Result {
    let folder = try TemporaryFolder.make()
    defer { folder.remove() }
    return try body(folder)
}

/// `withTemporaryFolder` for an asynchronous body.
public func withTemporaryFolder<Result>(_ body: (TemporaryFolder) async throws -> Result) async throws -> Result {
    let folder = try TemporaryFolder.make()
    defer { folder.remove() }
    return try await body(folder)
}
