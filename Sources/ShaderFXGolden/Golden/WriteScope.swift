#if canImport(Glibc)
import Glibc
#endif

/// The folders a golden run may write into (the suite, for references, and the report
/// folder), checked on their real paths.
///
/// A case folder or reference that is a symbolic link, or a `..` in a name, could otherwise
/// make record mode write anywhere the user can. Every path is resolved before anything is
/// created: the deepest part of it that exists is resolved with `realpath` (following every
/// link), the rest must be plain names, and the result must lie inside one of the roots,
/// themselves resolved.
package struct WriteScope: Sendable {
    /// The folders written into, as given.
    package let roots: [String]

    /// A scope over `roots` (folders; they need not exist yet).
    package init(_ roots: [String]) {
        self.roots = roots
    }

    /// The real path of `path`: the deepest existing ancestor resolved, the rest appended.
    /// Nil when a remaining component is `..` or `.`, or a link dangles.
    package static func resolve(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        var existing = absolute
        var rest: [Substring] = []
        while true {
            var info = stat()
            if lstat(existing, &info) == 0 { break }
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else { return nil }
            rest.insert(existing[existing.index(after: slash)...], at: 0)
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
        guard !rest.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        guard let real = realpath(existing, nil) else { return nil }  // a dangling link fails here
        defer { free(real) }
        let base = String(cString: real)
        return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
    }

    /// Throws unless `path` resolves inside one of the roots.
    /// - Parameters:
    ///   - path: the file or folder about to be written or created.
    ///   - what: what it is, for the message ("reference", "report picture").
    package func check(_ path: String, what: String) throws(SuiteError) {
        guard let real = Self.resolve(path) else {
            throw SuiteError(file: path, path: "", message: "refusing to write the \(what): the path cannot be resolved (a dangling link, or '..' in it)")
        }
        for root in roots {
            guard let base = Self.resolve(root) else { continue }
            if real == base || real.hasPrefix(base == "/" ? "/" : base + "/") { return }
        }
        throw SuiteError(file: path, path: "", message: "refusing to write the \(what) at \(real): it is outside the suite and report folders "
            + "(\(roots.joined(separator: ", "))); a case folder or reference that is a symbolic link must point inside the suite")
    }

    private static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}
