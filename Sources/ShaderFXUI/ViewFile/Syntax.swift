// The syntax tree of a view file: values, each node with the `SourceRange` it was read from, so
// that the evaluator can report `Card.swift:12:5: error: ...` for any of them. The tree keeps what
// was written (attributes, modifiers, conformances, casts, `try`) and judges nothing: the
// evaluator decides what it takes. `description` prints each node as a compact S-expression
// (SyntaxDescription.swift).

/// A whole view file: its imports, its declarations in order (`let` constants, `struct`s,
/// `extension`s, `#Preview`s) and, last, the view to render.
package struct ViewFileSyntax: Sendable {
    /// The path given to the parser.
    package var file: String
    /// `import SwiftUI`, `import ShaderFXUI`, and any others, in order.
    package var imports: [ImportDecl]
    /// Every other top-level declaration, in order.
    package var declarations: [Decl]
    /// The expression statement that ends the file: the view to render.
    package var view: Expr?
    /// The whole file.
    package var range: SourceRange

    /// The file's `#Preview` blocks, in order.
    package var previews: [PreviewDecl] {
        declarations.compactMap { if case .preview(let preview) = $0.kind { preview } else { nil } }
    }
}

// MARK: - Expressions

/// An expression and where it is.
package struct Expr: Sendable {
    package var kind: ExprKind
    package var range: SourceRange
}

package indirect enum ExprKind: Sendable {
    case integer(Int)
    case float(Double)
    /// A string literal: text and interpolations in order (a plain string is one `.text`).
    case string([StringSegment])
    case boolean(Bool)
    case nilLiteral
    /// A name: `foo`, `self`, `Self`, `$0`, `$binding` (the `$` kept).
    case identifier(String)
    /// `_`, as in `_ = value`.
    case discard
    /// `.red`, `.system` (called as `.system(size: 12)` through `.call`), `.init`.
    case implicitMember(String)
    /// `base.name` (also `base.self`, `base.init`, a tuple's `base.0`).
    case member(Expr, String)
    /// `callee(arguments) { trailing } label: { trailing }`.
    case call(Expr, [Argument], [TrailingClosure])
    /// `base[arguments]`.
    case subscripted(Expr, [Argument])
    /// `Array<Int>`: a name given generic arguments where an expression is expected.
    case specialized(Expr, [TypeSyntax])
    /// `\Root.a.b` or `\.a`.
    case keyPath(root: TypeSyntax?, [KeyPathComponent])
    /// A prefix operator: `-x`, `!x`, `&x`, `..<5`.
    case prefix(String, Expr)
    /// A postfix operator other than `!` and `?`: `1...`.
    case postfix(String, Expr)
    /// `x!`.
    case forceUnwrap(Expr)
    /// `x?`, as in `x?.count`.
    case optionalChain(Expr)
    /// An infix operator (assignments included: `=`, `+=`), folded by Swift's precedence groups.
    case binary(String, Expr, Expr)
    /// `condition ? a : b`.
    case ternary(Expr, Expr, Expr)
    /// `x as T`, `x as? T`, `x as! T`, `x is T`.
    case cast(Expr, CastKind, TypeSyntax)
    /// `try x`, `try? x`, `try! x`.
    case tryExpr(TryKind, Expr)
    case await(Expr)
    case closure(Closure)
    case array([Expr])
    case dictionary([(key: Expr, value: Expr)])
    /// `(a, b)`, `(x: 1, y: 2)`, `()`.
    case tuple([Argument])
    /// `(x)`: kept so that ranges cover the parentheses; printed as `x`.
    case parenthesized(Expr)
    /// An operator used as a function: `reduce(0, +)`.
    case operatorReference(String)
}

/// Part of a string literal.
package enum StringSegment: Sendable {
    /// Literal text, escapes decoded.
    case text(String)
    /// `\(value)` or `\(value, specifier: "%.1f")`.
    case interpolation([Argument], SourceRange)
}

/// One argument of a call, subscript, tuple or interpolation: `label: value` or `value`.
package struct Argument: Sendable {
    /// The label, or nil for none.
    package var label: String?
    package var value: Expr
    package var range: SourceRange
}

/// A closure after a call's parentheses: the first one unlabelled, later ones labelled
/// (`} label: {`).
package struct TrailingClosure: Sendable {
    package var label: String?
    package var closure: Closure
    package var range: SourceRange
}

/// `{ [captures] (parameters) -> Result in statements }`.
package struct Closure: Sendable {
    /// `[weak self, x = y]`, as written.
    package var captures: [Capture]
    /// The parameters before `in`; nil when the closure has no `in` (`{ $0 * 2 }`).
    package var parameters: [ClosureParameter]?
    /// Whether the parameters were written in parentheses.
    package var parenthesizedParameters: Bool
    package var isAsync: Bool
    package var isThrowing: Bool
    package var returnType: TypeSyntax?
    package var body: [Stmt]
    package var range: SourceRange
}

/// One entry of a closure's capture list.
package struct Capture: Sendable {
    /// `weak`, `unowned`, `unowned(safe)` or nil.
    package var specifier: String?
    package var name: String
    package var value: Expr?
    package var range: SourceRange
}

/// A closure parameter: `a`, `_`, `a: Int`.
package struct ClosureParameter: Sendable {
    package var name: String
    package var type: TypeSyntax?
    package var range: SourceRange
}

/// One component of a key path after its root.
package enum KeyPathComponent: Sendable {
    /// `.name` (also `.self`).
    case property(String)
    /// `?`
    case optional
    /// `!`
    case force
    /// `[arguments]`
    case subscripted([Argument])
}

package enum CastKind: String, Sendable {
    case asType = "as"
    case conditional = "as?"
    case forced = "as!"
    case isType = "is"
}

package enum TryKind: String, Sendable {
    case plain = "try"
    case optional = "try?"
    case forced = "try!"
}

// MARK: - Types

/// A type as written, and where it is.
package struct TypeSyntax: Sendable {
    package var kind: TypeKind
    package var range: SourceRange
}

package indirect enum TypeKind: Sendable {
    /// `Int`, `Array<Int>`, `Shader.Argument`: dotted components, each with generic arguments.
    case named([TypeComponent])
    /// `T?`
    case optional(TypeSyntax)
    /// `T!`
    case implicitlyUnwrapped(TypeSyntax)
    /// `[T]`
    case array(TypeSyntax)
    /// `[K: V]`
    case dictionary(TypeSyntax, TypeSyntax)
    /// `(A, b: B)` (`()` is the empty tuple, `Void`'s spelling).
    case tuple([TupleTypeElement])
    /// `(A, B) async throws -> R`
    case function([TupleTypeElement], isAsync: Bool, isThrowing: Bool, TypeSyntax)
    /// `some P`
    case opaque(TypeSyntax)
    /// `any P`
    case existential(TypeSyntax)
    /// `A & B`
    case composition([TypeSyntax])
    /// `T.Type` or `T.Protocol`
    case metatype(TypeSyntax, String)
    /// `@escaping T`, `@Sendable T`, `@ViewBuilder T`
    case attributed([Attribute], TypeSyntax)
    /// `inout T`
    case inoutType(TypeSyntax)
    /// `T...` (a variadic parameter's type)
    case variadic(TypeSyntax)
    /// `_`
    case placeholder
}

/// One dotted component of a named type: `Array<Int>`.
package struct TypeComponent: Sendable {
    package var name: String
    package var genericArguments: [TypeSyntax]
}

/// An element of a tuple type or of a function type's parameter list.
package struct TupleTypeElement: Sendable {
    /// `label` in `(label: T)`; nil when unlabelled.
    package var label: String?
    package var type: TypeSyntax
    /// A default, in an enum case's associated values (`case a(x: Int = 0)`).
    package var defaultValue: Expr?
}

// MARK: - Patterns

/// A pattern, in `let (a, b) =`, `for (i, x) in`, `case let .x(v):`.
package struct Pattern: Sendable {
    package var kind: PatternKind
    package var range: SourceRange
}

package indirect enum PatternKind: Sendable {
    /// A name the pattern binds.
    case named(String)
    /// `_`
    case wildcard
    /// `(a, b)`, `(x: a, y: b)`
    case tuple([(label: String?, pattern: Pattern)])
    /// `let p` or `var p`: names inside bind.
    case binding(isLet: Bool, Pattern)
    /// `.name(subpatterns)` or `Type.name(subpatterns)`: an enum case.
    case enumCase(type: [String], name: String, [(label: String?, pattern: Pattern)]?)
    /// A value compared with `~=`: `1...5`, `"a"`, `x`.
    case expression(Expr)
    /// `is T`
    case isType(TypeSyntax)
    /// `p as T`
    case cast(Pattern, TypeSyntax)
    /// `p: T` (in `let x: Int = ...`)
    case typed(Pattern, TypeSyntax)
    /// `p?` (in `case let x?:`)
    case optional(Pattern)
}

// MARK: - Statements

/// A statement and where it is.
package struct Stmt: Sendable {
    package var kind: StmtKind
    package var range: SourceRange
}

package indirect enum StmtKind: Sendable {
    case expression(Expr)
    case declaration(Decl)
    case ifStatement(IfStatement)
    case guardStatement([Condition], [Stmt])
    /// `for [case] pattern in sequence [where filter] { body }`
    case forIn(Pattern, Expr, filter: Expr?, [Stmt])
    case whileLoop([Condition], [Stmt])
    case repeatWhile([Stmt], Expr)
    case switchStatement(Expr, [SwitchCase])
    case returnStatement(Expr?)
    case breakStatement(String?)
    case continueStatement(String?)
    case fallthroughStatement
    case throwStatement(Expr)
    case deferStatement([Stmt])
    /// `do { } catch pattern { }`
    case doStatement([Stmt], [CatchClause])
}

/// `if conditions { body } else ...`
package struct IfStatement: Sendable {
    package var conditions: [Condition]
    package var body: [Stmt]
    package var elseBranch: ElseBranch?
    package var range: SourceRange
}

package indirect enum ElseBranch: Sendable {
    case elseIf(IfStatement)
    case block([Stmt], SourceRange)
}

/// One condition of an `if`, `guard` or `while`, separated by commas.
package struct Condition: Sendable {
    package var kind: ConditionKind
    package var range: SourceRange
}

package enum ConditionKind: Sendable {
    /// A Boolean expression.
    case expression(Expr)
    /// `let x = value`, `var x: T = value`, or the shorthand `let x` (value nil).
    case optionalBinding(isLet: Bool, Pattern, TypeSyntax?, Expr?)
    /// `case pattern = value`
    case matching(Pattern, Expr)
}

/// `case a, b where filter:` (or `default:`) and its statements.
package struct SwitchCase: Sendable {
    /// The patterns; empty for `default`.
    package var patterns: [Pattern]
    package var filter: Expr?
    package var isDefault: Bool
    package var body: [Stmt]
    package var range: SourceRange
}

/// `catch pattern where filter { body }`
package struct CatchClause: Sendable {
    package var pattern: Pattern?
    package var filter: Expr?
    package var body: [Stmt]
    package var range: SourceRange
}

// MARK: - Declarations

/// A declaration and where it is.
package struct Decl: Sendable {
    package var kind: DeclKind
    package var range: SourceRange
}

package indirect enum DeclKind: Sendable {
    case importDecl(ImportDecl)
    case variable(VariableDecl)
    case function(FunctionDecl)
    case initializer(InitializerDecl)
    /// `struct`, `class`, `enum`, `protocol`, `actor`
    case type(TypeDecl)
    case enumCase(EnumCaseDecl)
    case extensionDecl(ExtensionDecl)
    case typeAlias(TypeAliasDecl)
    case preview(PreviewDecl)
}

/// `@name` or `@name(arguments)`.
package struct Attribute: Sendable {
    /// The name, dotted if written so (`SwiftUI.State`).
    package var name: String
    /// The arguments when they read as expressions (`@Environment(\.colorScheme)`).
    package var arguments: [Argument]?
    /// The text between the parentheses when they do not (`@available(iOS 17, *)`).
    package var rawArguments: String?
    package var range: SourceRange
}

/// `import SwiftUI`
package struct ImportDecl: Sendable {
    /// `struct` in `import struct Foo.Bar`, or nil.
    package var kind: String?
    /// The dotted module path.
    package var path: [String]
    package var range: SourceRange
}

/// `let`/`var` with one or more bindings.
package struct VariableDecl: Sendable {
    package var attributes: [Attribute]
    /// `private`, `static`, `private(set)`, ... as written.
    package var modifiers: [String]
    package var isLet: Bool
    package var bindings: [PatternBinding]
}

/// One binding of a `let`/`var`: `name: Type = value` or a computed property's accessors.
package struct PatternBinding: Sendable {
    package var pattern: Pattern
    package var type: TypeSyntax?
    package var initializer: Expr?
    /// A computed property's accessors (a bare `{ ... }` body is a `get`), or observers.
    package var accessors: [Accessor]
    package var range: SourceRange
}

/// `get { }`, `set(value) { }`, `willSet { }`, `didSet { }`; a protocol's `get` without a body.
package struct Accessor: Sendable {
    package var kind: String
    /// `mutating`, `nonmutating`
    package var modifiers: [String]
    /// `newValue` in `set(newValue)`.
    package var parameter: String?
    package var body: [Stmt]?
    package var range: SourceRange
}

/// A function or method.
package struct FunctionDecl: Sendable {
    package var attributes: [Attribute]
    package var modifiers: [String]
    package var name: String
    package var genericParameters: [GenericParameter]
    package var parameters: [Parameter]
    package var isAsync: Bool
    package var isThrowing: Bool
    package var returnType: TypeSyntax?
    package var requirements: [Requirement]
    /// The body; nil for a protocol's requirement.
    package var body: [Stmt]?
}

/// `init`, `init?`, `init!`.
package struct InitializerDecl: Sendable {
    package var attributes: [Attribute]
    package var modifiers: [String]
    /// `?` or `!` for a failable initializer.
    package var failability: String?
    package var genericParameters: [GenericParameter]
    package var parameters: [Parameter]
    package var isAsync: Bool
    package var isThrowing: Bool
    package var requirements: [Requirement]
    package var body: [Stmt]?
}

/// A function parameter: `label name: Type = default`.
package struct Parameter: Sendable {
    /// The argument label; nil for `_`.
    package var label: String?
    /// The name inside the function.
    package var name: String
    package var type: TypeSyntax
    package var defaultValue: Expr?
    package var attributes: [Attribute]
    package var range: SourceRange
}

/// `T` or `T: Constraint` in `<...>`.
package struct GenericParameter: Sendable {
    package var name: String
    package var constraint: TypeSyntax?
}

/// A `where` requirement: `T: P` or `T == U`.
package struct Requirement: Sendable {
    package var subject: TypeSyntax
    /// `:` or `==`
    package var relation: String
    package var constraint: TypeSyntax
}

/// `struct`, `class`, `enum`, `protocol` or `actor` with its members.
package struct TypeDecl: Sendable {
    /// `struct`, `class`, `enum`, `protocol`, `actor`.
    package var keyword: String
    package var attributes: [Attribute]
    package var modifiers: [String]
    package var name: String
    package var genericParameters: [GenericParameter]
    /// The conformances and superclass, as written (`View`, `Shape`, `Equatable`).
    package var inheritance: [TypeSyntax]
    package var requirements: [Requirement]
    package var members: [Decl]
}

/// `case a, b(Int), c = 3` in an enum.
package struct EnumCaseDecl: Sendable {
    package var modifiers: [String]
    package var elements: [EnumCaseElement]
}

package struct EnumCaseElement: Sendable {
    package var name: String
    package var associatedValues: [TupleTypeElement]?
    package var rawValue: Expr?
    package var range: SourceRange
}

/// `extension Type: Conformances where ... { members }`
package struct ExtensionDecl: Sendable {
    package var attributes: [Attribute]
    package var modifiers: [String]
    package var extendedType: TypeSyntax
    package var inheritance: [TypeSyntax]
    package var requirements: [Requirement]
    package var members: [Decl]
}

/// `typealias Name = Type`
package struct TypeAliasDecl: Sendable {
    package var modifiers: [String]
    package var name: String
    package var genericParameters: [GenericParameter]
    package var type: TypeSyntax
}

/// `#Preview { ... }` or `#Preview("name", traits: ...) { ... }`.
package struct PreviewDecl: Sendable {
    /// The arguments in parentheses (the name first, when given).
    package var arguments: [Argument]
    /// The statements of the block: the view last.
    package var body: [Stmt]
    package var range: SourceRange

    /// The preview's name, when its first argument is a plain string.
    package var name: String? {
        guard let first = arguments.first, first.label == nil, case .string(let segments) = first.value.kind,
              segments.count == 1, case .text(let text) = segments[0] else { return nil }
        return text
    }
}
