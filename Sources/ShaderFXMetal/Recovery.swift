// Recovery: one construct the translator cannot take must not cost a library every function.
// Xcode compiled the library, so each of its functions exists on a device; ShaderFX keeps every
// function it can translate and names, for each one it cannot, the error that stops it.
//
// The unit of recovery is a top-level declaration (a function, a struct, a constant, ...),
// found by brackets in the preprocessed tokens. When parsing or analysis fails inside one, that
// declaration is left out, with its error, and the library is read again. Leaving out a helper
// leaves out every other definition of its name too (so that no call silently reaches another
// overload), and whatever calls it then fails in turn, its error saying which helper it needed.
// Errors that concern the library as a whole (two definitions of one name, kind `.redefinition`)
// fail the library: the declaration is left out all the same and the reading goes on, so that the
// other declarations' errors are found too. When the library fails (such an error, or nothing
// stitchable left), its first error is thrown with the others after it (MetalError.moreErrors):
// several errors per run, as clang reports them. Within a declaration, the parser goes on after
// each broken statement (Parser.recover) and the declaration's error carries the others.

/// A top-level declaration's place in a unit's tokens, and the name it defines (if one is found).
struct TopLevelChunk {
    var range: Range<Int>
    var name: String?
    var isStitchable: Bool
    /// A `[[ vertex ]]`, `[[ fragment ]]` or `[[ kernel ]]` function: Metal for another pipeline,
    /// which SwiftUI never calls.
    var isStageFunction = false

    /// The unit's top-level declarations, in order (the end-of-file token is in none).
    ///
    /// Braces outrank parentheses, so that one broken declaration cannot swallow the next: a `}`
    /// closes its `{` with whatever `(` or `[` was left open inside (`f(a; }`), a `;` outside
    /// braces ends a declaration even inside an open `(`, a closer with no opener of its kind is
    /// stray, and a `[[ stitchable ]]` function starts a declaration of its own even where a
    /// `{` was never closed (no function's body can hold one). Balanced text splits as it would
    /// by counting brackets.
    static func split(_ tokens: [Token]) -> [TopLevelChunk] {
        var chunks: [TopLevelChunk] = []
        var start = 0
        var open = OpenBrackets()
        var k = 0
        let end = tokens.last?.kind == .eof ? tokens.count - 1 : tokens.count
        func close(_ last: Int) {
            chunks.append(describe(start..<(last + 1), in: tokens))
            start = last + 1
            open = OpenBrackets()
        }
        while k < end {
            let t = tokens[k]
            if !open.kinds.isEmpty, k + 2 < end, t.isPunct("["), tokens[k + 1].isPunct("["), tokens[k + 2].isIdent("stitchable") {
                close(k - 1)
            }
            switch open.take(t) {
            case .closedBrace:
                // A function body or namespace ends the declaration; a type's body waits
                // for its `;` (`struct S { ... };`, `struct S { ... } s;`).
                if open.kinds.isEmpty && !startsTypeDefinition(tokens, start) && !(k + 1 < end && tokens[k + 1].isPunct(";")) {
                    close(k)
                }
            case .other where t.isPunct(";"):
                if !open.insideBraces { close(k) }
            case .other, .strayBrace: break
            }
            k += 1
        }
        if start < end { chunks.append(describe(start..<end, in: tokens)) }
        return chunks
    }

    private static func startsTypeDefinition(_ tokens: [Token], _ start: Int) -> Bool {
        var k = start
        while k < tokens.count, tokens[k].kind == .identifier, ["typedef", "template", "constant", "static"].contains(tokens[k].text) { k += 1 }
        guard k < tokens.count else { return false }
        return ["struct", "class", "enum", "union", "typedef"].contains(tokens[k].text)
    }

    /// The defined name: after `struct`/`class`/`enum`, else the identifier before the first `(`,
    /// `=`, `[` or `;` outside brackets (attributes are inside `[[ ]]`, so not seen).
    private static func describe(_ range: Range<Int>, in tokens: [Token]) -> TopLevelChunk {
        var depth = 0
        var name: String?
        var stitchable = false
        var stage = false
        var k = range.lowerBound
        while k < range.upperBound {
            let t = tokens[k]
            if t.isIdent("stitchable") && depth > 0 { stitchable = true }
            if depth > 0, k >= 2, tokens[k - 1].isPunct("["), tokens[k - 2].isPunct("["),
               ["vertex", "fragment", "kernel", "mesh", "object"].contains(t.text) { stage = true }
            if t.kind == .punct {
                if depth == 0 && ["(", "=", ";", "{"].contains(t.text) || depth == 0 && t.text == "[" && !(k + 1 < range.upperBound && tokens[k + 1].isPunct("[")) {
                    break
                }
                if ["(", "[", "{"].contains(t.text) { depth += 1 }
                if [")", "]", "}"].contains(t.text) { depth = max(0, depth - 1) }
            } else if depth == 0, t.kind == .identifier {
                // `kernel void f(...)`: the stage keyword comes first.
                if name == nil, ["vertex", "fragment", "kernel"].contains(t.text) { stage = true }
                if k > range.lowerBound, ["struct", "class", "enum", "union"].contains(tokens[k - 1].text) {
                    name = t.text
                    break
                }
                name = t.text
            }
            k += 1
        }
        // A `static_assert` defines no name: leaving out one must not leave out the others.
        if let n = name, ["struct", "class", "enum", "union", "namespace", "using", "static_assert"].contains(n) { name = nil }
        return TopLevelChunk(range: range, name: name, isStitchable: stitchable, isStageFunction: stage)
    }

    /// Whether a location falls among this declaration's tokens of that file.
    func contains(_ loc: MetalSourceLocation, in tokens: [Token]) -> Bool {
        var low: (Int, Int)?
        var high: (Int, Int)?
        for t in tokens[range] where t.loc.file == loc.file {
            let p = (t.loc.line, t.loc.column)
            if low.map({ p < $0 }) ?? true { low = p }
            if high.map({ p > $0 }) ?? true { high = p }
        }
        guard let low, let high else { return false }
        let p = (loc.line, loc.column)
        return p >= low && p <= high
    }
}

/// The brackets left open at a point of a token stream, braces outranking parentheses: a `}`
/// closes its `{` with whatever `(` or `[` was left open inside it, and a closer with no opener of
/// its kind is stray. What splits a unit into declarations and a body into statements after an
/// error (``Parser/statementEnd(from:)``) counts brackets with.
struct OpenBrackets {
    /// The open brackets, outermost first: `(`, `[` or `{`.
    private(set) var kinds: [String] = []

    enum Effect {
        /// A `}` closed a `{`.
        case closedBrace
        /// A `}` with no `{` open.
        case strayBrace
        /// Any other token.
        case other
    }

    /// Whether a `{` is open.
    var insideBraces: Bool { kinds.contains("{") }

    /// Takes the next token.
    mutating func take(_ t: Token) -> Effect {
        guard t.kind == .punct else { return .other }
        switch t.text {
        case "(", "[", "{": kinds.append(t.text)
        case ")": if kinds.last == "(" { kinds.removeLast() }
        case "]": if kinds.last == "[" { kinds.removeLast() }
        case "}":
            guard let brace = kinds.lastIndex(of: "{") else { return .strayBrace }
            kinds.removeSubrange(brace...)
            return .closedBrace
        default: break
        }
        return .other
    }
}

/// A declaration the translation left out, with the error that stopped it.
public struct MetalUntranslated: Sendable, CustomStringConvertible {
    /// The name it defines, when one was found (a function, a struct, a constant).
    public var name: String?
    /// Whether it is a `[[ stitchable ]]` function (one SwiftUI would find in the library).
    public var isStitchable: Bool
    /// Why it could not be translated.
    public var error: MetalError
    /// A `[[ vertex ]]`, `[[ fragment ]]` or `[[ kernel ]]` function: Metal for another
    /// pipeline, which SwiftUI never calls, so not a failure.
    public var isStageFunction = false

    public var description: String { error.description }
}

extension MetalTranslator {
    /// The most declarations left out before the translation gives up and reports the first error.
    static let recoveryLimit = 256

    /// Parses and analyses the units, leaving out each top-level declaration that fails (see the
    /// top of this file); throws the first error when nothing stitchable is left.
    func analyzeRecovering(_ streams: [[Token]], files: [MetalSourceFile]) throws(MetalError) -> (GProgram, [MetalExpressionType], [MetalUntranslated]) {
        let chunks = streams.map(TopLevelChunk.split)
        var dropped = streams.map { _ in Set<Int>() }
        var untranslated: [MetalUntranslated] = []
        var droppedNames: [String: MetalError] = [:]

        func leaveOut(_ error: MetalError, parseUnit: Int? = nil) -> Bool {
            guard untranslated.count < Self.recoveryLimit else { return false }
            var hit: [(Int, Int)] = []
            for (u, list) in chunks.enumerated() where parseUnit == nil || parseUnit == u {
                for (c, chunk) in list.enumerated() where !dropped[u].contains(c) && chunk.contains(error.location, in: streams[u]) {
                    hit.append((u, c))
                }
            }
            guard let first = hit.first else { return false }
            let chunk = chunks[first.0][first.1]
            let reported = Self.explained(error, using: droppedNames)
            untranslated.append(MetalUntranslated(name: chunk.name, isStitchable: chunk.isStitchable, error: reported,
                                                  isStageFunction: chunk.isStageFunction))
            for (u, c) in hit { dropped[u].insert(c) }
            // Every other definition of a left-out helper's name goes too, so that no call
            // reaches another overload in its place. (Not for a second definition: the library
            // fails anyway, and the first one keeps its callers from failing in turn.)
            if let name = chunk.name, !Self.concernsTheLibrary(error) {
                droppedNames[name] = reported
                for (u, list) in chunks.enumerated() {
                    for (c, other) in list.enumerated() where other.name == name && !dropped[u].contains(c) {
                        dropped[u].insert(c)
                        if other.isStitchable {
                            untranslated.append(MetalUntranslated(name: name, isStitchable: true, error: reported))
                        }
                    }
                }
            }
            return true
        }

        while true {
            var units: [TranslationUnit] = []
            var reparse = false
            for u in streams.indices {
                let tokens = Self.tokens(streams[u], chunks: chunks[u], without: dropped[u])
                var parser = Parser(tokens: tokens)
                do {
                    units.append(Lowering.lower(try parser.parseUnit()))
                } catch {
                    guard leaveOut(error, parseUnit: u) else { throw failure(adding: error) }
                    reparse = true
                    break
                }
            }
            if reparse { continue }
            let linkage = LibraryLinkage(units: units, mainFiles: files.map(\.path))
            if !linkage.isEmpty {
                for u in units.indices where !linkage.renames[u].isEmpty {
                    let tokens = Self.tokens(streams[u], chunks: chunks[u], without: dropped[u])
                    var parser = Parser(tokens: linkage.apply(to: tokens, unit: u))
                    do { units[u] = Lowering.lower(try parser.parseUnit()) } catch { throw error }
                }
            }
            let analysed: (program: GProgram, types: [MetalExpressionType])
            do throws(MetalError) {
                analysed = try Semantic.analyze(units, precision: precision, floatLines: floatLines)
            } catch {
                guard leaveOut(error) else { throw failure(adding: error) }
                continue
            }
            // A redefinition fails the library; so does having nothing stitchable left.
            if untranslated.contains(where: { Self.concernsTheLibrary($0.error) })
                || analysed.program.stitchable.isEmpty && !untranslated.isEmpty {
                throw failure()
            }
            return (analysed.program, analysed.types, untranslated)
        }

        /// The error a library that fails reports, with the others after it: the first error
        /// that concerns the library as a whole; else `last` (an error nothing could be left out
        /// for); else the first error found, the one a single function's translation has always
        /// reported. Each error once; vertex, fragment and kernel functions' only as the first.
        func failure(adding last: MetalError? = nil) -> MetalError {
            // A declaration's error carries the others found in it (several failing statements).
            var all = untranslated.flatMap { u in ([u.error] + u.error.moreErrors).map { (error: $0, counts: !u.isStageFunction) } }
            if let last { all.append((last, true)) }
            let lead = all.firstIndex { Self.concernsTheLibrary($0.error) } ?? (last != nil ? all.count - 1 : 0)
            let primary = all[lead].error
            var seen: Set<String> = [primary.identity]
            var others: [MetalError] = []
            for (k, entry) in all.enumerated() where k != lead && entry.counts && seen.insert(entry.error.identity).inserted {
                others.append(entry.error)
            }
            var failed = primary.with(moreErrors: others)
            // A declaration that stopped at the limit had more errors than it carries.
            failed.tooManyErrors = failed.tooManyErrors || untranslated.contains { $0.error.tooManyErrors && !$0.isStageFunction }
            return failed
        }
    }

    /// An error about two declarations at once (a name defined twice): leaving out the second
    /// would let the first stand in for it, so the library fails as a whole.
    static func concernsTheLibrary(_ error: MetalError) -> Bool {
        error.kind == .redefinition
    }

    /// A unit's tokens without the left-out declarations (the end-of-file token kept).
    private static func tokens(_ stream: [Token], chunks: [TopLevelChunk], without dropped: Set<Int>) -> [Token] {
        guard !dropped.isEmpty else { return stream }
        var out: [Token] = []
        out.reserveCapacity(stream.count)
        var next = 0
        for (c, chunk) in chunks.enumerated() {
            out.append(contentsOf: stream[next..<chunk.range.lowerBound])
            if !dropped.contains(c) { out.append(contentsOf: stream[chunk.range]) }
            next = chunk.range.upperBound
        }
        out.append(contentsOf: stream[next...])
        return out
    }

    /// An error about a name that was left out says so, with that name's own error.
    private static func explained(_ error: MetalError, using dropped: [String: MetalError]) -> MetalError {
        for (name, cause) in dropped where error.message.contains("'\(name)'") {
            var explained = error
            explained.message = "\(error.message) ('\(name)' could not be translated: \(cause.location): \(cause.message))"
            return explained
        }
        return error
    }
}
