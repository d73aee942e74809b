import Foundation

/// A `#define`d macro.
struct Macro {
    var name: String
    /// nil for an object-like macro.
    var params: [String]?
    var variadic = false
    var body: [Token]
}

/// The C preprocessor subset that Metal shaders use: `#include`, `#import` (an include read once),
/// `#define` (object- and
/// function-like, `#`, `##`), `#undef`, conditionals with `defined()` and integer expressions,
/// `#pragma` (`once` honoured, others ignored), `#error` (stops with its text), `#warning` (a
/// warning; translation goes on), `#line N "file"` (renumbers the lines after it).
final class Preprocessor {
    let includePaths: [String]
    let memoryFiles: [String: String]
    var macros: [String: Macro] = [:]
    var onceFiles: Set<String> = []
    /// Files read by `#import`, which reads each file once.
    var importedFiles: Set<String> = []
    var includeStack: [String] = []
    var output: [Token] = []
    /// The `#warning` lines read, in order.
    var warnings: [MetalWarning] = []
    /// Tokens every macro expansion of this translation has produced so far, nested ones counted
    /// at each level: the work and memory a file's macros cost, bounded by `maximumExpansion`.
    var expandedTokens = 0
    /// A macro that expands to itself twice, nested 30 times, would ask for 2^30 tokens.
    static let maximumExpansion = 200_000

    /// System headers that Metal provides; including them is a no-op here.
    static func isKnownSystemHeader(_ name: String) -> Bool {
        name.hasPrefix("metal_") || name == "simd/simd.h" || name.hasPrefix("SwiftUI/")
    }

    init(includePaths: [String], memoryFiles: [String: String]) {
        self.includePaths = includePaths
        self.memoryFiles = memoryFiles
        predefine()
    }

    private func predefine() {
        func def(_ name: String, _ body: String) {
            let toks = (try? Lexer.tokenize(body, file: "<built-in>")) ?? []
            macros[name] = Macro(name: name, params: nil, body: toks.filter { $0.kind != .eof })
        }
        def("__METAL_VERSION__", "310")
        def("__METAL__", "1")
        def("METAL_FUNC", "inline")
        def("__HAVE_MATERIAL__", "0")
        for (name, value) in BuiltinConstants.floatMacros {
            def(name + "_F", value + "f")
            def(name + "_H", value + "h")
        }
        for (name, value) in BuiltinConstants.otherMacros { def(name, value) }
    }

    /// Preprocesses one top-level file to a token stream ending in `.eof`.
    func run(_ file: MetalSourceFile) throws(MetalError) -> [Token] {
        try process(path: file.path, text: file.text, from: nil)
        let endLoc = output.last?.loc ?? MetalSourceLocation(file: file.path, line: 1, column: 1)
        output.append(Token(kind: .eof, text: "", loc: endLoc, atLineStart: true))
        return output
    }

    private struct Conditional {
        var active: Bool       // the current branch is taken
        var anyTaken: Bool     // some branch has been taken
        var parentActive: Bool
        var sawElse: Bool
        var loc: MetalSourceLocation
    }

    private func process(path: String, text: String, from: MetalSourceLocation?) throws(MetalError) {
        let norm = normalizePath(path)
        if onceFiles.contains(norm) { return }
        if includeStack.contains(norm) {
            throw MetalError(.includeFile, location: from ?? MetalSourceLocation(file: path, line: 1, column: 1),
                             message: "#include cycle: '\(path)' includes itself (through \(includeStack.map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")))")
        }
        if includeStack.count >= 32 {
            throw MetalError(.limit, location: from ?? MetalSourceLocation(file: path, line: 1, column: 1),
                             message: "#include nested too deeply (more than 32 levels)")
        }
        includeStack.append(norm)
        defer { includeStack.removeLast() }

        var toks: [Token]
        do {
            toks = try Lexer.tokenize(text, file: path)
        } catch {
            // A lexical error of an included file names the #include too.
            guard let from else { throw error }
            var place = error.location
            place.origin = MetalLocationOrigin(includedFrom: from, expansions: [])
            throw MetalError(error.kind, location: place, message: error.message)
        }
        if let from {
            let origin = MetalLocationOrigin(includedFrom: from, expansions: [])
            for k in toks.indices { toks[k].loc.origin = origin }
        }
        // `#line N "file"`: the lines after it are numbered from N (in "file").
        var lineDirective: (physical: Int, line: Int, file: String)?
        func renumbered(_ token: Token) -> Token {
            guard let l = lineDirective else { return token }
            var t = token
            t.loc.line = l.line + (t.loc.line - l.physical - 1)
            t.loc.file = l.file
            return t
        }
        var conds: [Conditional] = []
        var i = 0
        var pending: [Token] = []   // text tokens awaiting macro expansion
        func active() -> Bool { conds.last?.active ?? true }

        func flush() throws(MetalError) {
            if !pending.isEmpty {
                output.append(contentsOf: try expand(pending, disabled: []))
                pending.removeAll()
            }
        }

        while i < toks.count {
            let t = renumbered(toks[i])
            if t.kind == .eof { break }
            if t.isPunct("#") && t.atLineStart {
                // Collect the directive line.
                var line: [Token] = []
                i += 1
                while i < toks.count, !toks[i].atLineStart, toks[i].kind != .eof { line.append(renumbered(toks[i])); i += 1 }
                guard let d = line.first else { continue }   // null directive
                let rest = Array(line.dropFirst())
                switch d.text {
                case "if", "ifdef", "ifndef":
                    let parent = active()
                    var value = false
                    if parent {
                        if d.text == "if" {
                            value = try evaluateCondition(rest, at: d.loc)
                        } else {
                            guard let name = rest.first, name.kind == .identifier else {
                                throw MetalError(.preprocessor, location: d.loc, message: "macro name missing after #\(d.text)")
                            }
                            value = (macros[name.text] != nil) == (d.text == "ifdef")
                        }
                    }
                    conds.append(Conditional(active: parent && value, anyTaken: value, parentActive: parent, sawElse: false, loc: d.loc))
                case "elif":
                    guard var c = conds.popLast() else { throw MetalError(.preprocessor, location: d.loc, message: "#elif without #if") }
                    if c.sawElse { throw MetalError(.preprocessor, location: d.loc, message: "#elif after #else") }
                    if c.parentActive && !c.anyTaken {
                        let v = try evaluateCondition(rest, at: d.loc)
                        c.active = v
                        c.anyTaken = v
                    } else { c.active = false }
                    conds.append(c)
                case "else":
                    guard var c = conds.popLast() else { throw MetalError(.preprocessor, location: d.loc, message: "#else without #if") }
                    if c.sawElse { throw MetalError(.preprocessor, location: d.loc, message: "#else after #else") }
                    c.sawElse = true
                    c.active = c.parentActive && !c.anyTaken
                    c.anyTaken = true
                    conds.append(c)
                case "endif":
                    guard conds.popLast() != nil else { throw MetalError(.preprocessor, location: d.loc, message: "#endif without #if") }
                case "line" where active(), _ where d.kind == .number && active():
                    // `#line N "file"`, and the `# N "file"` line markers preprocessors write.
                    let numbers = d.kind == .number ? [d] + rest : rest
                    guard let n = numbers.first, n.kind == .number, let value = Int(n.text), value >= 0, value <= 2_147_483_647 else {
                        throw MetalError(.preprocessor, location: numbers.first?.loc ?? d.loc,
                                         message: "#line directive requires a simple digit sequence")
                    }
                    var file = lineDirective?.file ?? path
                    if numbers.count > 1 {
                        guard numbers[1].kind == .string else {
                            throw MetalError(.preprocessor, location: numbers[1].loc, message: "invalid filename for #line directive")
                        }
                        file = String(numbers[1].text.dropFirst().dropLast())
                    }
                    // The directive's own line, as the lexer numbered it.
                    let physical = toks[i - 1].loc.line
                    lineDirective = (physical, value, file)
                default:
                    guard active() else { continue }
                    try flush()
                    try directive(d, rest, path: path)
                }
                continue
            }
            if active() { pending.append(t) }
            i += 1
        }
        if let c = conds.last { throw MetalError(.preprocessor, location: c.loc, message: "unterminated conditional directive (missing #endif)") }
        try flush()
    }

    private func directive(_ d: Token, _ rest: [Token], path: String) throws(MetalError) {
        switch d.text {
        case "define":
            guard let name = rest.first, name.kind == .identifier else {
                throw MetalError(.preprocessor, location: d.loc, message: "macro name missing after #define")
            }
            var m = Macro(name: name.text, params: nil, body: [])
            var k = 1
            if k < rest.count, rest[k].isPunct("("), !rest[k].spaceBefore {
                var params: [String] = []
                k += 1
                while k < rest.count, !rest[k].isPunct(")") {
                    if rest[k].kind == .identifier { params.append(rest[k].text) }
                    else if rest[k].isPunct("...") { m.variadic = true; params.append("__VA_ARGS__") }
                    else if !rest[k].isPunct(",") {
                        throw MetalError(.macro, location: rest[k].loc, message: "invalid token '\(rest[k].text)' in macro parameter list")
                    }
                    k += 1
                }
                if k >= rest.count { throw MetalError(.macro, location: d.loc, message: "missing ')' in macro parameter list") }
                k += 1
                m.params = params
            }
            m.body = Array(rest[k...])
            macros[m.name] = m
        case "undef":
            if let name = rest.first { macros[name.text] = nil }
        case "include":
            try include(d, rest, path: path)
        case "import":
            // Clang's `#import`: an `#include` that reads each file once.
            try include(d, rest, path: path, once: true)
        case "pragma":
            if rest.first?.text == "once" { onceFiles.insert(normalizePath(path)) }
        case "error":
            // Clang's form: the directive's text is the message.
            throw MetalError(.errorDirective, location: d.loc, message: Self.text(of: rest))
        case "warning":
            warnings.append(MetalWarning(.warningDirective, location: d.loc, message: Self.text(of: rest)))
        default:
            throw MetalError(.preprocessor, location: d.loc, message: "unsupported preprocessor directive '#\(d.text)'")
        }
    }

    private func include(_ d: Token, _ rest: [Token], path: String, once: Bool = false) throws(MetalError) {
        guard let first = rest.first else { throw MetalError(.includeFile, location: d.loc, message: "expected \"FILENAME\" or <FILENAME> after #include") }
        if first.isPunct("<") {
            let name = rest.dropFirst().prefix { !$0.isPunct(">") }.map(\.text).joined()
            if Preprocessor.isKnownSystemHeader(name) { return }
            for dir in includePaths {
                let candidate = (dir as NSString).appendingPathComponent(name)
                if let text = fileText(candidate) { try read(candidate, text, from: first.loc, once: once); return }
            }
            throw MetalError(.includeFile, location: first.loc, message: "'\(name)' file not found (only <metal_*> and <SwiftUI/...> system headers are known)")
        }
        guard first.kind == .string else {
            throw MetalError(.includeFile, location: first.loc, message: "expected \"FILENAME\" or <FILENAME> after #include")
        }
        let name = String(first.text.dropFirst().dropLast())
        var candidates: [String] = []
        if name.hasPrefix("/") { candidates.append(name) } else {
            candidates.append(((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name))
            for dir in includePaths { candidates.append((dir as NSString).appendingPathComponent(name)) }
        }
        for c in candidates {
            if let text = fileText(c) { try read(c, text, from: first.loc, once: once); return }
        }
        // A quoted name not found beside the file is looked up as <name> is, as C does:
        // `#include "SwiftUI/SwiftUI.h"` is the system header.
        if Preprocessor.isKnownSystemHeader(name) { return }
        throw MetalError(.includeFile, location: first.loc, message: "'\(name)' file not found")
    }

    /// Reads an included file; an imported one only the first time.
    private func read(_ path: String, _ text: String, from: MetalSourceLocation, once: Bool) throws(MetalError) {
        let norm = normalizePath(path)
        if once {
            guard importedFiles.insert(norm).inserted else { return }
        }
        try process(path: norm, text: text, from: from)
    }

    /// The text of an include candidate: an in-memory file given to the translator, or a regular UTF-8 file on disk.
    private func fileText(_ path: String) -> String? {
        let norm = normalizePath(path)
        if let text = memoryFiles[norm] { return text }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// A directive's tokens as written, one space where there was space between them.
    static func text(of tokens: [Token]) -> String {
        tokens.enumerated().map { ($0.offset > 0 && $0.element.spaceBefore ? " " : "") + $0.element.text }.joined()
    }

    // MARK: Macro expansion

    /// Expands macros in `tokens`; macros in `disabled` are not expanded (they are being expanded).
    func expand(_ tokens: [Token], disabled: Set<String>) throws(MetalError) -> [Token] {
        if disabled.count > 200, let t = tokens.first {
            throw MetalError(.limit, location: t.loc, message: "macro expansion nested too deeply (more than 200 levels)")
        }
        var out: [Token] = []
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            guard t.kind == .identifier, let m = macros[t.text], !disabled.contains(t.text) else {
                out.append(t); i += 1; continue
            }
            var inner = disabled
            inner.insert(m.name)
            guard let params = m.params else {
                let body = m.body.map { relocate($0, to: t, from: m.name) }
                out.append(contentsOf: try expand(body, disabled: inner))
                i += 1
                continue
            }
            // Function-like: needs '(' next.
            guard i + 1 < tokens.count, tokens[i + 1].isPunct("(") else { out.append(t); i += 1; continue }
            var args: [[Token]] = [[]]
            var depth = 0
            var j = i + 2
            var closed = false
            while j < tokens.count {
                let a = tokens[j]
                if a.isPunct("(") { depth += 1 }
                if a.isPunct(")") {
                    if depth == 0 { closed = true; break }
                    depth -= 1
                }
                if a.isPunct(","), depth == 0, !(m.variadic && args.count == params.count) {
                    args.append([])
                } else {
                    args[args.count - 1].append(a)
                }
                j += 1
            }
            if !closed { throw MetalError(.macro, location: t.loc, message: "unterminated argument list invoking macro '\(m.name)'") }
            if params.isEmpty && args.count == 1 && args[0].isEmpty { args = [] }
            if args.count != params.count && !(m.variadic && args.count == params.count - 1) {
                throw MetalError(.macro, location: t.loc, message: "macro '\(m.name)' takes \(params.count) argument(s), \(args.count) given")
            }
            while args.count < params.count { args.append([]) }
            // Substitute.
            var body: [Token] = []
            var k = 0
            let b = m.body
            while k < b.count {
                let bt = b[k]
                if bt.isPunct("#"), k + 1 < b.count, let pi = params.firstIndex(of: b[k + 1].text) {
                    let s = args[pi].enumerated().map { ($0.offset > 0 && $0.element.spaceBefore ? " " : "") + $0.element.text }.joined()
                    var st = relocate(bt, to: t, from: m.name)
                    st.kind = .string
                    st.text = "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
                    body.append(st)
                    k += 2
                    continue
                }
                if bt.kind == .identifier, let pi = params.firstIndex(of: bt.text) {
                    let pasteNext = k + 1 < b.count && b[k + 1].isPunct("##")
                    let pastePrev = k > 0 && b[k - 1].isPunct("##")
                    // An argument's tokens keep their own places: they were written at the use.
                    let arg = args[pi].map { a in var a = a; a.atLineStart = false; return a }
                    body.append(contentsOf: (pasteNext || pastePrev) ? arg : try expand(arg, disabled: disabled))
                } else {
                    body.append(relocate(bt, to: t, from: m.name))
                }
                k += 1
            }
            // Token pasting.
            var pasted: [Token] = []
            var p = 0
            while p < body.count {
                if body[p].isPunct("##"), var left = pasted.popLast(), p + 1 < body.count {
                    let right = body[p + 1]
                    left.text += right.text
                    if let re = try? Lexer.tokenize(left.text, file: t.loc.file), re.count == 2 { left.kind = re[0].kind }
                    pasted.append(left)
                    p += 2
                    continue
                }
                pasted.append(body[p])
                p += 1
            }
            out.append(contentsOf: try expand(pasted, disabled: inner))
            i = j + 1
        }
        expandedTokens += out.count
        if expandedTokens > Preprocessor.maximumExpansion, let t = tokens.first {
            throw MetalError(.limit, location: t.loc, message: "macro expansion too large (more than \(Preprocessor.maximumExpansion) tokens): a macro expands to itself more than once, nested")
        }
        return out
    }

    /// A token of `macro`'s body as its use at `site` produces it: located at the use (its
    /// expansion location), remembering where the body spelled it.
    private func relocate(_ tok: Token, to site: Token, from macro: String) -> Token {
        var t = tok
        t.loc = site.loc.expanding(macro, spelledAt: tok.loc)
        t.atLineStart = false
        return t
    }

    // MARK: #if expressions

    private func evaluateCondition(_ tokens: [Token], at loc: MetalSourceLocation) throws(MetalError) -> Bool {
        // Replace defined X / defined(X) before expansion.
        var pre: [Token] = []
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.isIdent("defined") {
                var name: Token?
                if i + 1 < tokens.count, tokens[i + 1].isPunct("(") {
                    name = i + 2 < tokens.count ? tokens[i + 2] : nil
                    i += 4
                } else {
                    name = i + 1 < tokens.count ? tokens[i + 1] : nil
                    i += 2
                }
                guard let n = name, n.kind == .identifier else { throw MetalError(.preprocessor, location: t.loc, message: "macro name missing after 'defined'") }
                var v = t
                v.kind = .number
                v.text = macros[n.text] != nil ? "1" : "0"
                pre.append(v)
                continue
            }
            pre.append(t)
            i += 1
        }
        let expanded = try expand(pre, disabled: [])
        var ev = ConditionEvaluator(tokens: expanded, loc: loc)
        let v = try ev.parse(0)
        if ev.pos < expanded.count {
            throw MetalError(.preprocessor, location: expanded[ev.pos].loc, message: "unexpected '\(expanded[ev.pos].text)' in preprocessor expression")
        }
        return v != 0
    }
}

/// Evaluates `#if` integer expressions (identifiers left after expansion are 0).
struct ConditionEvaluator {
    var tokens: [Token]
    var pos = 0
    let loc: MetalSourceLocation

    init(tokens: [Token], loc: MetalSourceLocation) {
        self.tokens = tokens
        self.loc = loc
    }

    static let binary: [String: Int] = ["||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7,
                                        "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10]

    mutating func parse(_ minPrec: Int) throws(MetalError) -> Int64 {
        var lhs = try unary()
        while pos < tokens.count {
            let t = tokens[pos]
            if t.isPunct("?"), minPrec <= 0 {
                pos += 1
                let a = try parse(0)
                guard pos < tokens.count, tokens[pos].isPunct(":") else { throw MetalError(.preprocessor, location: t.loc, message: "expected ':' in preprocessor expression") }
                pos += 1
                let b = try parse(0)
                lhs = lhs != 0 ? a : b
                continue
            }
            guard t.kind == .punct, let p = ConditionEvaluator.binary[t.text], p > minPrec else { break }
            pos += 1
            let rhs = try parse(p)
            switch t.text {
            case "||": lhs = (lhs != 0 || rhs != 0) ? 1 : 0
            case "&&": lhs = (lhs != 0 && rhs != 0) ? 1 : 0
            case "|": lhs |= rhs
            case "^": lhs ^= rhs
            case "&": lhs &= rhs
            case "==": lhs = lhs == rhs ? 1 : 0
            case "!=": lhs = lhs != rhs ? 1 : 0
            case "<": lhs = lhs < rhs ? 1 : 0
            case ">": lhs = lhs > rhs ? 1 : 0
            case "<=": lhs = lhs <= rhs ? 1 : 0
            case ">=": lhs = lhs >= rhs ? 1 : 0
            case "<<": lhs = lhs << rhs
            case ">>": lhs = lhs >> rhs
            case "+": lhs = lhs &+ rhs
            case "-": lhs = lhs &- rhs
            case "*": lhs = lhs &* rhs
            default:
                if rhs == 0 { throw MetalError(.preprocessor, location: t.loc, message: "division by zero in preprocessor expression") }
                lhs = t.text == "/" ? lhs.dividedReportingOverflow(by: rhs).partialValue : lhs.remainderReportingOverflow(dividingBy: rhs).partialValue
            }
        }
        return lhs
    }

    mutating func unary() throws(MetalError) -> Int64 {
        guard pos < tokens.count else { throw MetalError(.preprocessor, location: loc, message: "expected value in preprocessor expression") }
        let t = tokens[pos]
        pos += 1
        switch t.kind {
        case .number:
            var s = t.text.lowercased()
            while let l = s.last, l == "u" || l == "l" { s.removeLast() }
            let v = s.hasPrefix("0x") ? Int64(s.dropFirst(2), radix: 16) : (s.count > 1 && s.hasPrefix("0") ? Int64(s.dropFirst(), radix: 8) : Int64(s))
            guard let value = v else { throw MetalError(.preprocessor, location: t.loc, message: "invalid integer '\(t.text)' in preprocessor expression") }
            return value
        case .identifier:
            return t.text == "true" ? 1 : 0
        case .punct:
            switch t.text {
            case "(":
                let v = try parse(0)
                guard pos < tokens.count, tokens[pos].isPunct(")") else { throw MetalError(.preprocessor, location: t.loc, message: "expected ')' in preprocessor expression") }
                pos += 1
                return v
            case "!": return try unary() == 0 ? 1 : 0
            case "-": return 0 &- (try unary())
            case "+": return try unary()
            case "~": return ~(try unary())
            default: break
            }
        default: break
        }
        throw MetalError(.preprocessor, location: t.loc, message: "invalid token '\(t.text)' in preprocessor expression")
    }
}
