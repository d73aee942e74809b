/// A type as written in Metal source (resolved to ``MType`` by the semantic pass).
struct TypeSpec {
    /// The base name without namespace (`float4`, `Layer`, `texture2d`, a struct name).
    var name: String
    /// The namespaces written before the name (`metal::float4`: `["metal"]`; a leading `::`: `""`).
    var namespaces: [String] = []
    /// Template arguments (`texture2d<half>`).
    var templateArgs: [TypeSpec] = []
    /// Address space qualifier (`device`, `constant`, `thread`, `threadgroup`), if any.
    var addressSpace: String?
    var isConst = false
    var isPointer = false
    var isReference = false
    var loc: MetalSourceLocation
    /// The sizes given to `vec<T, N>` and `matrix<T, C[, R]>` (`[3]`; `[4, 2]`).
    var templateSizes: [Int] = []
    /// `unsigned` or `signed` written before `int`, `short` or `char` (`name` is then that type).
    var signedness: String?

    /// The named Metal type the spelling stands for, which the type resolver looks up:
    /// `vec<float, 3>` is `float3`, `matrix<half, 2>` `half2x2`, `matrix<float, 4, 2>` `float4x2`,
    /// `unsigned int` `uint`, `unsigned short` `ushort`, `signed char` `char`, `signed` `int`; any
    /// other its name.
    var named: String {
        if let element = templateArgs.first?.name {
            switch (name, templateSizes.count) {
            case ("vec", 1): return "\(element)\(templateSizes[0])"
            case ("matrix", 1): return "\(element)\(templateSizes[0])x\(templateSizes[0])"
            case ("matrix", 2): return "\(element)\(templateSizes[0])x\(templateSizes[1])"
            default: break
            }
        }
        switch signedness {
        case "unsigned"?: return name == "int" ? "uint" : "u" + name
        case "signed"?: return name
        default: return name == "signed" ? "int" : name
        }
    }
}

/// An expression node.
final class Expr {
    indirect enum Kind {
        case intLit(UInt64, unsigned: Bool)
        case floatLit(Double, half: Bool)
        case boolLit(Bool)
        case ident(String)
        /// A call target with explicit template arguments: `f<float>`.
        case templateIdent(String, [TypeSpec])
        /// `T(args)`, `T{args}`.
        case construct(TypeSpec, [Expr])
        /// `(T)x`, `static_cast<T>(x)`, `const_cast<T>(x)`, `reinterpret_cast<T>(x)` (lowering makes
        /// the first three a construction, the last an `as_type`).
        case cast(CastStyle, TypeSpec, Expr)
        /// `as_type<T>(x)`.
        case asType(TypeSpec, Expr)
        case call(Expr, [Expr])
        case member(Expr, String)
        case arrow(Expr, String)
        case index(Expr, Expr)
        case unary(UnaryOperator, Expr)
        case postfix(PostfixOperator, Expr)
        case binary(BinaryOperator, Expr, Expr)
        case assign(AssignOperator, Expr, Expr)
        case ternary(Expr, Expr, Expr)
        case comma(Expr, Expr)
        case initList([Expr])
        /// `.member = value` inside a brace list (a designated initialiser).
        case designated(String, Expr)
        /// `[](params) -> R { body }` (no captures).
        case lambda(FuncDecl)
        /// A name with its namespaces written before it (`metal::sin`, `N::k`; a leading `::` is
        /// `""`). Lowering drops them (``Lowering``).
        case qualified([String], Expr)
        /// An enumerator of a scoped enum: `Name::A` (lowering names its constant `Name::A`).
        case enumerator(String, String)
        /// `numeric_limits<T>::member()` (lowering gives its value as a literal).
        case numericLimits(TypeSpec, String)
        /// `sizeof(T)` of a type (analysis gives its size in bytes as Metal lays it out).
        case sizeOf(TypeSpec)
        /// `sizeof(x)` / `sizeof x` of an expression: the size of its type (the expression is
        /// typed, never evaluated).
        case sizeOfValue(Expr)
    }
    var kind: Kind
    var loc: MetalSourceLocation
    /// The Metal type semantic analysis resolved for this expression (nil until it is analysed;
    /// for a template's body, the type in the instance analysed last).
    var type: MType?
    /// For a call: the function semantic analysis resolved it to (for a template's body, in the
    /// instance analysed last).
    var callee: ResolvedCallee?
    init(_ kind: Kind, _ loc: MetalSourceLocation) {
        self.kind = kind
        self.loc = loc
    }

    /// A short name of the node's kind, for reports of expression types (`binary '*'`, `call`).
    var kindName: String {
        switch kind {
        case .intLit, .floatLit, .boolLit: return "literal"
        case .ident(let n), .templateIdent(let n, _): return "name '\(n)'"
        case .construct(let t, _): return "construct '\(t.named)'"
        case .cast(_, let t, _): return "cast '\(t.named)'"
        case .asType: return "as_type"
        case .call: return "call"
        case .member(_, let m), .arrow(_, let m): return "member '\(m)'"
        case .index: return "index"
        case .unary(let op, _): return "unary '\(op)'"
        case .postfix(let op, _): return "postfix '\(op)'"
        case .binary(let op, _, _): return "binary '\(op)'"
        case .assign(let op, _, _): return "assign '\(op)'"
        case .ternary: return "conditional"
        case .comma: return "comma"
        case .initList: return "initializer list"
        case .designated(let m, _): return "designated '.\(m)'"
        case .lambda: return "lambda"
        case .qualified(_, let inner): return inner.kindName
        case .enumerator(let e, let m): return "name '\(e)::\(m)'"
        case .numericLimits: return "literal"
        case .sizeOf, .sizeOfValue: return "sizeof"
        }
    }
}

/// How a cast is written.
enum CastStyle {
    case c, staticCast, constCast, reinterpretCast
}

/// `T v(args)`: a declarator initialised by a constructor call, with the location of its `(`.
struct DirectInitializer {
    var args: [Expr]
    var loc: MetalSourceLocation
}

/// One declarator of a variable declaration (`float a = 1, b[3];`).
struct VarDecl {
    var type: TypeSpec
    var name: String
    /// Array dimensions (nil entry: `[]`, size from the initialiser).
    var arrayDims: [Expr?] = []
    var initializer: Expr?
    /// `float3 v(1, 2, 3)` (lowering makes it the initialiser `float3(1, 2, 3)`).
    var directInitializer: DirectInitializer?
    /// `sampler s(filter::linear, ...)`: the constructor arguments as `ns::value` pairs or calls.
    var samplerArgs: [Expr]?
    var isConstant = false    // constant / constexpr / const
    var isStatic = false
    /// `extern constant float k;`: without an initialiser, a declaration of a constant another
    /// file of the library defines.
    var isExtern = false
    /// A static constant of a struct (declared in it, or defined outside it as `S::m`): the
    /// struct (lowering names the constant `S::m`).
    var memberOf: String?
    var loc: MetalSourceLocation
}

/// A statement node.
final class Stmt {
    indirect enum Kind {
        case block([Stmt])
        case decl([VarDecl])
        case expr(Expr)
        case ifElse(Expr, Stmt, Stmt?)
        case forLoop(Stmt?, Expr?, Expr?, Stmt)
        /// `for (T x : array) body`
        case rangeFor(VarDecl, Expr, Stmt)
        case whileLoop(Expr, Stmt)
        case doWhile(Stmt, Expr)
        case switchStmt(Expr, Stmt)
        case caseLabel(Expr)
        case defaultLabel
        case breakStmt
        case continueStmt
        case returnStmt(Expr?)
        case discard
        case empty
        /// A struct defined inside a function (lowering moves it to file scope).
        case structDecl(StructDecl)
        /// `using namespace N;` inside a function.
        case usingNamespace(String)
        /// `static_assert(condition[, "message"]);` (analysis evaluates it).
        case staticAssert(Expr, String?)
    }
    var kind: Kind
    var loc: MetalSourceLocation
    init(_ kind: Kind, _ loc: MetalSourceLocation) {
        self.kind = kind
        self.loc = loc
    }
}

/// A function parameter.
struct ParamDecl {
    var type: TypeSpec
    var name: String
    var arrayDims: [Expr?] = []
    var defaultValue: Expr?
    var loc: MetalSourceLocation
}

/// A function definition or prototype.
struct FuncDecl {
    var name: String
    var returnType: TypeSpec
    var params: [ParamDecl]
    var body: Stmt?
    var isStitchable: Bool
    var loc: MetalSourceLocation
    /// A member function declared `const` (its `this` is read only).
    var isConstMethod = false
    /// `template <typename T, ...>` type parameters (empty for ordinary functions).
    var templateParams: [String] = []
    /// An instance of a function with unsized array parameters, their sizes filled in.
    var isSizeInstance = false
    /// For a member function defined outside its class (`float S::f(...) { ... }`): the class.
    /// The parser keeps the written name (`f`); lowering names it `S::f`.
    var memberOf: String?
    /// A constructor (named as its class, `S`, until lowering names it ``Lowering/constructorName``).
    var isConstructor = false
    /// A static member function (named `S::f` by the parser; no `this`).
    var isStaticMember = false
    /// The translation units (files of the library, by index) that see this declaration: one,
    /// or several for a declaration in a header they include. Default arguments are each unit's
    /// own (a prototype in a header may give `= 1` where the definition's file gives `= 0.5`).
    var units: [Int] = []
    /// A constructor's member initialiser list, `: a(x), b{y}`, in the order written.
    var memberInitializers: [MemberInitializer] = []
}

/// One entry of a constructor's member initialiser list: `a(x)` or `a{x}`.
struct MemberInitializer {
    var member: String
    var value: Expr
    var loc: MetalSourceLocation
}

/// A struct definition.
struct StructDecl {
    var name: String
    var members: [VarDecl]
    var loc: MetalSourceLocation
    /// Member functions (semantic analysis makes them free functions taking `this`).
    var methods: [FuncDecl] = []
    /// Its static members as written (functions and constants with the struct as `memberOf`;
    /// lowering makes them program-scope declarations named `S::m`).
    var statics: [Decl] = []
    /// Whether it declared static members: a struct of static members only is a scope, not a
    /// type GLSL can hold.
    var hasStaticMembers = false
}

/// `enum [class] Name [: type] { A, B = 3, C };`
struct EnumDecl {
    var name: String
    /// `enum class` / `enum struct`: enumerators are written `Name::A`.
    var isScoped: Bool
    var underlying: TypeSpec
    var enumerators: [Enumerator]
    var loc: MetalSourceLocation
}

/// One enumerator, with its value if one is written.
struct Enumerator {
    var name: String
    var value: Expr?
    var loc: MetalSourceLocation
}

/// A top-level declaration. The parser also gives `enumeration`, `namespace`, `usingNamespace`
/// and `typedefStruct`, which ``Lowering`` replaces; semantic analysis sees the others.
enum Decl {
    case function(FuncDecl)
    case structure(StructDecl)
    case global(VarDecl)
    case typeAlias(String, TypeSpec, MetalSourceLocation)
    case enumeration(EnumDecl)
    /// `namespace [N] { ... }` (nil: an anonymous namespace).
    case namespace(String?, [Decl], MetalSourceLocation)
    /// `using namespace N;`
    case usingNamespace(String, MetalSourceLocation)
    /// `static_assert(condition[, "message"]);` at program scope (analysis evaluates it).
    case staticAssert(Expr, String?, MetalSourceLocation)
    /// `typedef struct [Tag] { ... } Name;`: the struct as written under its typedef name, and the
    /// tag with its location (lowering makes the struct `Name` and `Tag` an alias of it).
    case typedefStruct(StructDecl, tag: String?, MetalSourceLocation?)
}

/// The declarations of one preprocessed file.
struct TranslationUnit {
    var decls: [Decl]
}

// MARK: Searching the tree

extension Expr {
    /// Whether this expression, or one inside it, passes `test` (a lambda's body is its own
    /// function and is not searched).
    func contains(where test: (Expr) -> Bool) -> Bool {
        if test(self) { return true }
        func any(_ items: [Expr]) -> Bool { items.contains { $0.contains(where: test) } }
        switch kind {
        case .intLit, .floatLit, .boolLit, .ident, .templateIdent, .lambda, .enumerator, .numericLimits, .sizeOf:
            return false
        case .construct(_, let items), .initList(let items):
            return any(items)
        case .call(let callee, let args):
            return callee.contains(where: test) || any(args)
        case .cast(_, _, let a), .asType(_, let a), .member(let a, _), .arrow(let a, _), .unary(_, let a),
             .postfix(_, let a), .designated(_, let a), .qualified(_, let a), .sizeOfValue(let a):
            return a.contains(where: test)
        case .index(let a, let b), .binary(_, let a, let b), .assign(_, let a, let b), .comma(let a, let b):
            return any([a, b])
        case .ternary(let a, let b, let c):
            return any([a, b, c])
        }
    }
}

extension Stmt {
    /// Whether an expression of this statement or of one inside it passes `test`
    /// (``Expr/contains(where:)``).
    func containsExpression(where test: (Expr) -> Bool) -> Bool {
        func e(_ x: Expr?) -> Bool { x?.contains(where: test) ?? false }
        func s(_ x: Stmt?) -> Bool { x?.containsExpression(where: test) ?? false }
        func v(_ d: VarDecl) -> Bool {
            d.arrayDims.contains { e($0) } || e(d.initializer) || (d.directInitializer?.args.contains { e($0) } ?? false)
        }
        switch kind {
        case .block(let items): return items.contains { s($0) }
        case .decl(let vars): return vars.contains(where: v)
        case .expr(let x), .caseLabel(let x), .staticAssert(let x, _): return e(x)
        case .returnStmt(let x): return e(x)
        case .ifElse(let c, let a, let b): return e(c) || s(a) || s(b)
        case .forLoop(let i, let c, let step, let body): return s(i) || e(c) || e(step) || s(body)
        case .rangeFor(let d, let x, let body): return v(d) || e(x) || s(body)
        case .whileLoop(let c, let body), .switchStmt(let c, let body): return e(c) || s(body)
        case .doWhile(let body, let c): return s(body) || e(c)
        case .defaultLabel, .breakStmt, .continueStmt, .discard, .empty, .structDecl, .usingNamespace: return false
        }
    }
}
