import Foundation

// Diagnostics as clang gives them: each error has a kind, a primary location and notes (where a
// macro's tokens were spelled, which file included the one at fault, where a name was first
// declared); a translation reports several errors before it stops, and `#warning` lines come
// back as warnings beside the GLSL.

/// A position in a Metal source file (1-based line and column).
///
/// A token that came out of a macro is located where the macro was used (its expansion
/// location), as clang reports it; ``macroExpansions`` says where in each macro's body it was
/// spelled. A token of an `#include`d file knows the `#include` line that read it
/// (``includedFrom``). Two locations are equal when their file, line and column are.
public struct MetalSourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column (in Unicode scalars).
    public var column: Int
    /// How the text here reached the translator (through `#include`, through macros); nil for
    /// text of a file given to the translator, read directly.
    var origin: MetalLocationOrigin?

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    init(file: String, line: Int, column: Int, origin: MetalLocationOrigin?) {
        self.init(file: file, line: line, column: column)
        self.origin = origin
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// The same file, line and column.
    public static func == (a: MetalSourceLocation, b: MetalSourceLocation) -> Bool {
        a.file == b.file && a.line == b.line && a.column == b.column
    }

    /// Where the token here was written: its spelling in the body of the innermost macro it came
    /// out of, or this place itself for a token written in the file.
    public var spellingLocation: MetalSourceLocation { macroExpansions.last?.spelling ?? self }

    /// The `#include` (or `#import`) that read this location's file, when another file did.
    public var includedFrom: MetalSourceLocation? { origin?.includedFrom }

    /// The macros this location's token came out of, the outermost (the one used in the
    /// source) first, each with where the token was spelled in its body.
    public var macroExpansions: [MetalMacroExpansion] { origin?.expansions ?? [] }

    /// The same place, as a token of `macro`'s body spelled at `spelling` becomes when the macro
    /// is used here.
    func expanding(_ macro: String, spelledAt spelling: MetalSourceLocation) -> MetalSourceLocation {
        MetalSourceLocation(file: file, line: line, column: column,
                            origin: MetalLocationOrigin(includedFrom: includedFrom,
                                                        expansions: macroExpansions + [MetalMacroExpansion(macro: macro, spelling: spelling)]))
    }
}

/// How a location's text reached the translator; shared by the tokens of one file or expansion.
final class MetalLocationOrigin: Sendable {
    let includedFrom: MetalSourceLocation?
    let expansions: [MetalMacroExpansion]

    init(includedFrom: MetalSourceLocation?, expansions: [MetalMacroExpansion]) {
        self.includedFrom = includedFrom
        self.expansions = expansions
    }
}

/// One macro a token came out of, and where in that macro's `#define` the token was written.
public struct MetalMacroExpansion: Sendable, Equatable {
    /// The macro's name.
    public var macro: String
    /// The token's spelling in the macro's body (the `#define` line).
    public var spelling: MetalSourceLocation
}

/// What kind of problem a diagnostic reports: what a program can act on without reading the
/// message. Clang's own categories (lexical or preprocessor, parse, semantic) are unions of these.
public enum MetalDiagnosticKind: String, Sendable, CaseIterable {
    /// A character or literal that is not a Metal token (an unterminated comment or string).
    case lexical
    /// A malformed or unknown preprocessor directive, `#if` expression or conditional block.
    case preprocessor
    /// A macro used with the wrong arguments.
    case macro
    /// An `#include` that cannot be read: not found, a cycle.
    case includeFile
    /// An `#error` directive.
    case errorDirective
    /// A `#warning` directive (a warning: translation goes on).
    case warningDirective
    /// Text the grammar does not allow ("expected ';'").
    case syntax
    /// A name that is not declared (a variable, a function, a member).
    case undeclaredIdentifier
    /// A type name that is not known.
    case unknownType
    /// A value of the wrong type for where it is used.
    case typeMismatch
    /// A call that no function or constructor of its name takes.
    case noMatchingOverload
    /// A name defined twice: the library as a whole is wrong, so no declaration is left out for it.
    case redefinition
    /// A `[[ stitchable ]]` function whose signature SwiftUI cannot call.
    case invalidStitchable
    /// Another rule of the Metal language broken.
    case semantic
    /// Valid Metal that the translator to GLSL ES does not take.
    case unsupportedConstruct
    /// A limit of the translator reached (nesting depth, macro expansion size, array size).
    case limit
    /// A source file or folder that cannot be read.
    case sourceFile
    /// A fault of the translator itself, not of the Metal (an analysis that contradicts itself):
    /// the message asks for a report.
    case internalError
}

/// A note attached to a diagnostic: a second place that explains the first.
public struct MetalNote: Sendable, Equatable, CustomStringConvertible {
    /// Where.
    public var location: MetalSourceLocation
    /// What ("expanded from macro 'TINT'", "previous definition is here").
    public var message: String

    public init(location: MetalSourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:col: note: message`.
    public var description: String { "\(location): note: \(message)" }
}

/// The notes every diagnostic at `location` carries: the macros its token came out of
/// (innermost first, as clang lists them), then the `#include` lines that read its file.
private func originNotes(_ location: MetalSourceLocation) -> [MetalNote] {
    var notes = location.macroExpansions.reversed().map {
        MetalNote(location: $0.spelling, message: "expanded from macro '\($0.macro)'")
    }
    var site = location.includedFrom
    var depth = 0
    while let here = site, depth < 64 {
        notes.append(MetalNote(location: here, message: "in file included from here"))
        site = here.includedFrom
        depth += 1
    }
    return notes
}

/// A translation error, located in the Metal source, with its kind and notes; the first of a
/// translation's errors carries the others (``moreErrors``).
public struct MetalError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public var kind: MetalDiagnosticKind
    /// Where the problem is.
    public var location: MetalSourceLocation
    /// What the problem is.
    public var message: String
    /// Places that explain it, in the order printed: the macros its token came out of, the
    /// `#include` lines that read its file, then notes such as "previous definition is here".
    public var notes: [MetalNote]
    /// The translation's further errors, in the order found (at most ``errorLimit`` errors in
    /// all, this one included); each has its own notes.
    public var moreErrors: [MetalError] = []
    /// Whether the translation found more errors than it reports.
    public var tooManyErrors = false
    /// The translation's warnings (`#warning` lines) read before it stopped.
    public var warnings: [MetalWarning] = []

    /// The most errors one translation reports (clang's `-ferror-limit` is 20 too).
    public static let errorLimit = 20

    /// Creates an error; the notes of a location inside a macro or an included file are added
    /// before `notes`.
    public init(_ kind: MetalDiagnosticKind, location: MetalSourceLocation, message: String, notes: [MetalNote] = []) {
        self.kind = kind
        self.location = location
        self.message = message
        self.notes = originNotes(location) + notes
    }

    /// This error and its notes, without ``moreErrors``: `file:line:col: error: message`, then
    /// one `file:line:col: note: ...` line per note.
    public var diagnostic: String {
        ([ "\(location): error: \(message)" ] + notes.map(\.description)).joined(separator: "\n")
    }

    /// ``diagnostic`` with the error's kind after its message, in brackets, as
    /// ``MetalDiagnosticKind`` spells it (`file:line:col: error: use of undeclared identifier 'x'
    /// [undeclaredIdentifier]`): what `shaderfx translate` prints, where clang puts a warning's flag.
    public var taggedDiagnostic: String {
        ([ "\(location): error: \(message) [\(kind.rawValue)]" ] + notes.map(\.description)).joined(separator: "\n")
    }

    /// ``description`` with each error tagged with its kind (``taggedDiagnostic``).
    public var taggedDescription: String {
        var lines = [taggedDiagnostic] + moreErrors.map(\.taggedDiagnostic)
        if tooManyErrors { lines.append("fatal error: too many errors emitted, stopping now") }
        return lines.joined(separator: "\n")
    }

    /// Every error of the translation as clang prints them: each with its notes, then
    /// `fatal error: too many errors emitted, stopping now` when there were more.
    public var description: String {
        var lines = [diagnostic] + moreErrors.map(\.diagnostic)
        if tooManyErrors { lines.append("fatal error: too many errors emitted, stopping now") }
        return lines.joined(separator: "\n")
    }

    /// ``description`` without its leading `file:line:col: error: `: the message, then the
    /// lines of its notes and of the errors after it.
    public var detail: String {
        String(description.dropFirst("\(location): error: ".count))
    }

    /// The same error found twice (a header's, read on its own and through an `#include`) has
    /// one place and message.
    var identity: String { "\(location): \(message)" }

    /// This error with the translation's others after it, at most ``errorLimit`` in all.
    func with(moreErrors others: [MetalError]) -> MetalError {
        var error = self
        let room = Self.errorLimit - 1
        error.moreErrors = Array(others.prefix(room))
        error.tooManyErrors = others.count > room
        return error
    }
}

extension MetalError: LocalizedError {
    /// The clang-style description, so `localizedDescription` shows it too.
    public var errorDescription: String? { description }
}

/// A warning: translation went on. `#warning` directives give them.
public struct MetalWarning: Sendable, CustomStringConvertible {
    /// What kind of warning it is (``MetalDiagnosticKind/warningDirective``).
    public var kind: MetalDiagnosticKind
    /// Where.
    public var location: MetalSourceLocation
    /// What it says.
    public var message: String
    /// The macro and `#include` notes of its location.
    public var notes: [MetalNote]

    public init(_ kind: MetalDiagnosticKind, location: MetalSourceLocation, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
        self.notes = originNotes(location)
    }

    /// `file:line:col: warning: message [-W#warnings]`, as clang prints a `#warning`, then
    /// its notes.
    public var description: String {
        let flag = kind == .warningDirective ? " [-W#warnings]" : ""
        return (["\(location): warning: \(message)\(flag)"] + notes.map(\.description)).joined(separator: "\n")
    }
}
